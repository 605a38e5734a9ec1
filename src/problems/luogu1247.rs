//! `luogu1247` (Luogu P1247): Nim, and a winning first player prints the move.

use super::generate::{by_size, line_of};
use crate::error::InputError;
use crate::out::Out;
use crate::registry::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::nim::{nim_sum, p_position, winning_reduction};

pub static PROBLEM: Problem = Problem {
    name: "luogu1247",
    aliases: &["nim-move"],
    source: "Luogu P1247",
    summary: "Nim with the move: `lose`, or `a b` (take a from pile b) and the piles after it",
    statement: include_str!("../../problems/luogu1247.md"),
    judge_limits: "k <= 5e5, 0 <= n_i <= 1e9",
    our_limits: "k up to memory (0 allowed: lose), 0 <= n_i < 2^64",
    solve,
    brute: crate::brute::luogu1247::answer,
    generate,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let k = sc.u64("pile count k")?;
    let mut piles = Vec::with_capacity(sc.capacity_for(k, 1));
    let mut sum = 0u64;
    for _ in 0..k {
        let p = sc.u64("pile size")?;
        sum ^= p;
        piles.push(p);
    }
    if p_position(sum) {
        out.line("lose");
    } else {
        // The first pile that admits the reduction; on one pile the winning move is unique
        // (the pile must become pile ^ sum), so this is the smallest b and then the smallest a.
        let (b, left) = piles
            .iter()
            .enumerate()
            .find_map(|(i, &p)| winning_reduction(p, sum).map(|left| (i, left)))
            .expect("a non-zero nim-sum has a pile with its highest bit");
        out.int(piles[b] - left).byte(b' ').int(b as u64 + 1).nl();
        piles[b] = left;
        out.reserve(piles.len() * 21);
        for (i, &p) in piles.iter().enumerate() {
            if i > 0 {
                out.byte(b' ');
            }
            out.int(p);
        }
        out.nl();
    }
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size) -> Vec<u8> {
    let k = by_size(size, rng.range(1, 4), rng.range(1, 300), 500_000, 5_000_000);
    let max = by_size(size, 5, 1_000_000_000, 1_000_000_000, u64::MAX);
    let mut piles: Vec<u64> = (0..k).map(|_| rng.edgy(max)).collect();
    match rng.below(3) {
        0 => {
            // A P-position on purpose: the last pile cancels the others.
            let rest = nim_sum(piles[..piles.len() - 1].iter().copied());
            if rest <= max {
                *piles.last_mut().expect("k >= 1") = rest;
            }
        }
        1 if piles.len() >= 2 => {
            // Winning with a tiny nim-sum (1..=7): few piles can move, often not the largest
            // nor the first, and the count taken is small.
            let j = rng.index(piles.len() - 1);
            let rest = nim_sum(piles.iter().enumerate().filter(|&(i, _)| i != j).map(|(_, &p)| p));
            piles[j] = rest ^ rng.range(1, max.min(7));
        }
        _ => {}
    }
    let mut out = Out::new();
    out.int(k).nl();
    line_of(&mut out, &piles);
    out.into_bytes()
}
