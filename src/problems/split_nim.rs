//! `split-nim` (AcWing 894): replace a pile by two strictly smaller piles; no move loses.

use super::generate::{by_size, effective, line_of};
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::split::{grundy, pile_of};

pub static PROBLEM: Problem = Problem {
    name: "split-nim",
    aliases: &["acwing894"],
    source: "AcWing 894",
    summary: "Split Nim: replace a pile by two smaller ones; Yes if the first player wins",
    statement: include_str!("../../problems/split-nim.md"),
    judge_limits: "1 <= n, a_i <= 100",
    our_limits: "n up to memory (0 allowed), 0 <= a_i < 2^64",
    solve,
    brute: crate::brute::split_nim::answer,
    generate,
    judge: &crate::judge::problems::split_nim::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let n = sc.u64("pile count n")?;
    // The values reach 2^65 - 1: XOR them as u128, exactly.
    let mut sum = 0u128;
    for _ in 0..n {
        sum ^= grundy(sc.u64("pile size")?);
    }
    out.line(if sum == 0 { "No" } else { "Yes" });
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let n =
        by_size(size, rng.range(1, 3), rng.range(1, if judge { 100 } else { 300 }), 100, 1_000_000);
    let max = by_size(size, 4, if judge { 100 } else { 100_000 }, 100, u64::MAX);
    let min = if judge || size == Size::Judge { 1 } else { 0 };
    let mut piles: Vec<u64> = (0..n).map(|_| rng.edgy(max).max(min)).collect();
    match rng.below(4) {
        0 | 1 if piles.len() >= 2 => {
            // A P-position on purpose: the last pile's value cancels the others, when that
            // value is odious (a pile of it exists) and the pile is in range.
            let rest = piles[..piles.len() - 1].iter().fold(0u128, |acc, &x| acc ^ grundy(x));
            if let Some(x) = pile_of(rest).filter(|&x| x >= min && x <= max) {
                *piles.last_mut().expect("n >= 2") = x;
            }
        }
        2 if size == Size::Tiny => {
            // The smallest P-position with no two equal piles: 1 2 3 4 (1 ^ 2 ^ 4 ^ 7 = 0).
            piles = vec![1, 2, 3, 4];
            for i in (1..4).rev() {
                piles.swap(i, rng.index(i + 1));
            }
        }
        _ => {}
    }
    let mut out = Out::new();
    out.int(piles.len() as u64).nl();
    line_of(&mut out, &piles);
    out.into_bytes()
}
