//! `nim` (AcWing 891): n piles, take any positive number from one pile; no move loses.

use super::generate::{by_size, effective, line_of};
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::nim::{nim_sum, p_position};

pub static PROBLEM: Problem = Problem {
    name: "nim",
    aliases: &["acwing891"],
    source: "AcWing 891",
    summary: "Nim: take any number from one pile; Yes if the first player wins",
    statement: include_str!("../../problems/nim.md"),
    judge_limits: "n <= 1e5, 1 <= a_i <= 1e9",
    our_limits: "n up to memory, 0 <= a_i < 2^64",
    solve,
    brute: crate::brute::nim::answer,
    generate,
    judge: &crate::judge::problems::nim::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let n = sc.u64("pile count n")?;
    let mut sum = 0u64;
    for _ in 0..n {
        sum ^= sc.u64("pile size")?;
    }
    out.line(if p_position(sum) { "No" } else { "Yes" });
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let n = by_size(size, rng.range(1, 4), rng.range(1, 300), 100_000, 1_000_000);
    let max = by_size(size, 5, 1_000_000_000, 1_000_000_000, u64::MAX);
    let min = if judge || size == Size::Judge { 1 } else { 0 };
    let mut piles: Vec<u64> = (0..n).map(|_| rng.edgy(max).max(min)).collect();
    // Half the time, a P-position on purpose: the last pile cancels the others.
    if rng.chance(1, 2) {
        let rest = nim_sum(piles[..piles.len() - 1].iter().copied());
        if rest >= min && rest <= max {
            *piles.last_mut().expect("n >= 1") = rest;
        }
    }
    let mut out = Out::new();
    out.int(n).nl();
    line_of(&mut out, &piles);
    out.into_bytes()
}
