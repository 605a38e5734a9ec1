//! `hdu2516` (HDU 2516 "取石子游戏"): Fibonacci Nim. One pile; the first move takes any number
//! but not all, then each move takes 1 to twice the previous move; the last stone wins.

use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::fibonacci::{FIB, second_player_wins};

pub static PROBLEM: Problem = Problem {
    name: "hdu2516",
    aliases: &["fibonacci-game"],
    source: "HDU 2516",
    summary: "Fibonacci Nim: each move at most twice the last; Second win on Fibonacci numbers",
    statement: include_str!("../../problems/hdu2516.md"),
    judge_limits: "2 <= n < 2^31",
    our_limits: "2 <= n < 2^64 (n = 1 is no game: refused)",
    solve,
    brute: crate::brute::hdu2516::answer,
    generate,
    judge: &crate::judge::problems::hdu2516::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    while !sc.at_eof() {
        let at = sc.peek_start();
        let n = sc.u64("stone count n")?;
        match n {
            0 => break,
            1 => {
                return Err(InputError::new(
                    at,
                    "stone count n of at least 2 (the first move may not take every stone, so \
                     n = 1 has no legal opening), or 0 to end",
                ));
            }
            _ => out.line_either(second_player_wins(n), "Second win", "First win"),
        };
    }
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    // Beyond the judge the sentinel may be missing now and then; everything else below `huge`
    // already keeps the judge's constraints.
    let judge = domain == Domain::Judge;
    let lines = by_size(size, rng.range(1, 5), rng.range(50, 300), 100_000, 1_000_000);
    let max = by_size(size, 40, 1_000_000, (1 << 31) - 1, u64::MAX);
    let fibs = &FIB[..FIB.partition_point(|&f| f <= max)];
    let mut out = Out::new();
    for _ in 0..lines {
        let n = match rng.below(4) {
            // A Fibonacci number (a loss for the first player), or one next to it.
            0 => *rng.pick(fibs),
            1 => rng.pick(fibs).saturating_add(1).min(max),
            2 => rng.edgy(max),
            _ => rng.range(2, max),
        };
        out.int(n.max(2)).byte(b'\n');
    }
    if judge || size != Size::Tiny || rng.chance(3, 4) {
        out.line("0");
    }
    out.into_bytes()
}
