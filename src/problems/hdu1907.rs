//! `hdu1907` (HDU 1907 / POJ 3480 "John"): misère Nim, decided by the SJ theorem.

use super::generate::{by_size, effective, line_of};
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::anti_sg::AntiSg;

pub static PROBLEM: Problem = Problem {
    name: "hdu1907",
    aliases: &["john", "poj3480", "anti-nim"],
    source: "HDU 1907 / POJ 3480",
    summary: "John: Nim where taking the last stone loses; John if the first player wins, else Brother",
    statement: include_str!("../../problems/hdu1907.md"),
    judge_limits: "T <= 474, N <= 47, 1 <= A_i <= 4747",
    our_limits: "T, N up to the input size, 0 <= A_i < 2^64",
    solve,
    brute: crate::brute::hdu1907::answer,
    generate,
    judge: &crate::judge::problems::hdu1907::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let t = sc.u64("test count T")?;
    for _ in 0..t {
        let n = sc.u64("pile count N")?;
        let mut sum = AntiSg::new();
        for _ in 0..n {
            // A Nim pile of a stones has Grundy value a.
            sum.add(sc.u64("pile size")?);
        }
        out.line(if sum.first_player_wins() { "John" } else { "Brother" });
    }
    sc.expect_eof()
}

/// Piles for one misère-Nim test, with the shapes that matter: all ones (odd and even count),
/// a single pile above one, zero nim-sums with big piles, and extremes.
pub fn misere_piles(rng: &mut Rng, n: usize, max: u64, min: u64) -> Vec<u64> {
    let ones = rng.chance(1, 3);
    let mut piles: Vec<u64> = (0..n)
        .map(|_| if ones { rng.range(min, 1.min(max).max(min)) } else { rng.edgy(max).max(min) })
        .collect();
    if !ones && rng.chance(1, 2) && n >= 2 {
        let rest = piles[..n - 1].iter().fold(0, |x, &p| x ^ p);
        if (min..=max).contains(&rest) {
            piles[n - 1] = rest;
        }
    } else if !ones && rng.chance(1, 3) {
        // Exactly one pile above one.
        for p in piles.iter_mut() {
            *p = (*p).min(1).max(min);
        }
        let i = rng.index(n);
        piles[i] = rng.range(2.min(max), max).max(min);
    }
    piles
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let t = by_size(size, rng.range(1, 4), rng.range(1, 100), 474, 4_740);
    let max_n = by_size(size, 4, 47, 47, 470);
    let max_a = by_size(size, 6, 4_747, 4_747, u64::MAX);
    let min_a = if judge || size == Size::Judge { 1 } else { 0 };
    let mut out = Out::new();
    out.int(t).nl();
    for _ in 0..t {
        let n = if size >= Size::Judge { max_n - rng.below(3) } else { rng.range(1, max_n) };
        let mut piles = misere_piles(rng, n as usize, max_a, min_a);
        if size == Size::Tiny {
            // Keep the position count within the brute force's reach.
            while !crate::brute::within_budget(&piles, 20_000) {
                piles.pop();
            }
        }
        out.int(piles.len()).nl();
        line_of(&mut out, &piles);
    }
    out.into_bytes()
}
