//! `staircase-nim` (AcWing 892): stones move down one stair at a time; no move loses.

use super::generate::{by_size, effective, line_of};
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::staircase::{counts, odd_stair_sum, p_position};

pub static PROBLEM: Problem = Problem {
    name: "staircase-nim",
    aliases: &["acwing892"],
    source: "AcWing 892",
    summary: "Staircase Nim: move stones down one stair; Yes if the first player wins",
    statement: include_str!("../../problems/staircase-nim.md"),
    judge_limits: "n <= 1e5, 1 <= a_i <= 1e9",
    our_limits: "n up to memory (0 allowed), 0 <= a_i < 2^64",
    solve,
    brute: crate::brute::staircase_nim::answer,
    generate,
    judge: &crate::judge::problems::staircase_nim::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let n = sc.u64("stair count n")?;
    let mut sum = 0u64;
    for stair in 1..=n {
        let a = sc.u64("stone count")?;
        if counts(stair) {
            sum ^= a;
        }
    }
    out.line(if p_position(sum) { "No" } else { "Yes" });
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let n = by_size(size, rng.range(1, 4), rng.range(1, 300), 100_000, 1_000_000);
    let max = by_size(size, 3, 1_000_000_000, 1_000_000_000, u64::MAX);
    let min = if judge || size == Size::Judge { 1 } else { 0 };
    let mut stairs: Vec<u64> = (0..n).map(|_| rng.edgy(max).max(min)).collect();
    if rng.chance(1, 2) {
        // A P-position on purpose: the last odd stair cancels the other odd stairs, whatever
        // the even stairs hold (they are the trap for a solver that XORs every stair).
        let last_odd = (stairs.len() - 1) & !1;
        stairs[last_odd] = 0;
        let rest = odd_stair_sum(&stairs);
        if rest >= min && rest <= max {
            stairs[last_odd] = rest;
        } else {
            stairs[last_odd] = max;
        }
    }
    let mut out = Out::new();
    out.int(n).nl();
    line_of(&mut out, &stairs);
    out.into_bytes()
}
