//! `nim-product` (Library Checker "Nim Product (64-bit)"): T queries, each the nim product A (*) B.

use super::generate::by_size;
use crate::error::InputError;
use crate::out::Out;
use crate::registry::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::nimber::Multiplier;

pub static PROBLEM: Problem = Problem {
    name: "nim-product",
    aliases: &["nim-product-64"],
    source: "Library Checker, Nim Product (64-bit)",
    summary: "Nim product A (*) B of 64-bit nimbers, one per query",
    statement: include_str!("../../problems/nim-product.md"),
    judge_limits: "T <= 1e6, 0 <= A, B < 2^64",
    our_limits: "T up to memory (answers stream out in batches), 0 <= A, B < 2^64",
    solve,
    brute: crate::brute::nim_product::answer,
    generate,
};

/// Queries multiplied together: enough to amortise the call into the multiply loop.
const BATCH: usize = 1024;

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let t = sc.u64("query count T")?;
    let mul = Multiplier::best();
    let mut pairs: Vec<[u64; 2]> = Vec::with_capacity(sc.capacity_for(t, 2).min(BATCH));
    let mut products: Vec<u64> = Vec::with_capacity(BATCH);
    // Each answer is at most 20 digits and a newline.
    out.reserve(sc.capacity_for(t, 2).min(1 << 22) * 21);
    let mut left = t;
    let mut fault = None;
    while left > 0 && fault.is_none() {
        pairs.clear();
        let take = left.min(BATCH as u64);
        for _ in 0..take {
            let a = match sc.u64("A") {
                Ok(v) => v,
                Err(e) => {
                    fault = Some(e);
                    break;
                }
            };
            match sc.u64("B") {
                Ok(b) => pairs.push([a, b]),
                Err(e) => {
                    fault = Some(e);
                    break;
                }
            }
        }
        left -= pairs.len() as u64;
        products.clear();
        mul.products(&pairs, &mut products);
        for &p in &products {
            out.int(p).nl();
        }
    }
    match fault {
        Some(e) => Err(e),
        None => sc.expect_eof(),
    }
}

fn generate(rng: &mut Rng, size: Size) -> Vec<u8> {
    let t = by_size(size, rng.range(1, 6), rng.range(100, 400), 1_000_000, 3_000_000);
    let mut out = Out::new();
    out.int(t).nl();
    for _ in 0..t {
        let (a, b) = if size == Size::Tiny {
            // Within the mex definition's reach (the brute force): below 64.
            (rng.edgy(63), rng.edgy(63))
        } else {
            match rng.below(8) {
                // Fermat 2-powers and their neighbours: the tower's special cases.
                0 => (fermat_like(rng), fermat_like(rng)),
                // Equal operands: squares.
                1 => {
                    let a = rng.edgy(u64::MAX);
                    (a, a)
                }
                // Small against large.
                2 => (rng.edgy(255), rng.next_u64()),
                3 => (rng.edgy(u64::MAX), rng.edgy(u64::MAX)),
                _ => (rng.next_u64(), rng.next_u64()),
            }
        };
        out.int(a).byte(b' ').int(b).nl();
    }
    out.into_bytes()
}

/// 2^(2^k), 2^(2^k) - 1, 2^(2^k) + 1, 2^(2^k - 1), 2^64 - 1.
fn fermat_like(rng: &mut Rng) -> u64 {
    let k = rng.below(7) as u32;
    let f = 1u64.checked_shl(1 << k).unwrap_or(0);
    match rng.below(5) {
        0 if f != 0 => f,
        1 => f.wrapping_sub(1),
        2 if f != 0 => f + 1,
        3 => 1u64 << ((1u32 << k) - 1),
        _ => u64::MAX,
    }
}
