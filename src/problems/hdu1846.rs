//! `hdu1846` (HDU 1846 "Brave Game"): the Bash game, take 1..=m from one pile.

use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::subtraction::bash_p_position;

pub static PROBLEM: Problem = Problem {
    name: "hdu1846",
    aliases: &["brave-game", "bash-game"],
    source: "HDU 1846",
    summary: "Bash game: take 1..m stones, last stone wins; first or second",
    statement: include_str!("../../problems/hdu1846.md"),
    judge_limits: "C <= 100, 1 <= n, m <= 1000",
    our_limits: "C up to memory, 0 <= n, m < 2^64",
    solve,
    brute: crate::brute::hdu1846::answer,
    generate,
    judge: &crate::judge::problems::hdu1846::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let cases = sc.u64("case count C")?;
    for _ in 0..cases {
        let n = sc.u64("stone count n")?;
        let m = sc.u64("largest take m")?;
        out.line(if bash_p_position(n, m) { "second" } else { "first" });
    }
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let cases =
        by_size(size, rng.range(1, 5), rng.range(1, if judge { 100 } else { 300 }), 100, 100_000);
    let max = by_size(size, 40, if judge { 1000 } else { 1_000_000 }, 1000, u64::MAX);
    let min = if judge || size == Size::Judge { 1 } else { 0 };
    let mut out = Out::new();
    out.int(cases).nl();
    for _ in 0..cases {
        let m = rng.edgy(max).max(min);
        let n = match rng.below(4) {
            // A multiple of m + 1 (a loss for the first player), when it fits.
            0 | 1 => match m.checked_add(1) {
                Some(q) => q.saturating_mul(rng.range(0, max / q)).max(min),
                None => min,
            },
            // One off a multiple.
            2 => m
                .checked_add(1)
                .map_or(max, |q| q.saturating_mul(rng.range(1, (max / q).max(1))) - 1),
            _ => rng.edgy(max),
        }
        .clamp(min, max);
        out.int(n).byte(b' ').int(m).nl();
    }
    out.into_bytes()
}
