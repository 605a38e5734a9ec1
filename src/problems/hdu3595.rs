//! `hdu3595` (HDU 3595 "GG and MM"): an Every-SG sum of Euclid games; the mover must move in
//! every unfinished game. MM (first) wins exactly when the largest step is odd.

use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::euclid_lanes::max_step as max_step_of;
use crate::theory::every_sg::first_player_wins;

/// The largest pile accepted: 2^63 - 1.
pub const MAX_PILE: u64 = crate::theory::euclid_lanes::MAX_PILE;

pub static PROBLEM: Problem = Problem {
    name: "hdu3595",
    aliases: &["gg-and-mm", "every-sg"],
    source: "HDU 3595",
    summary: "GG and MM: Every-SG sum of Euclid games; MM if the first player wins, else GG",
    statement: include_str!("../../problems/hdu3595.md"),
    judge_limits: "<= 100 tests, N <= 1000, p, q <= 1000",
    our_limits: "tests and N up to the input size, 0 <= p, q < 2^63",
    solve,
    brute: crate::brute::hdu3595::answer,
    generate,
    judge: &crate::judge::problems::hdu3595::JUDGE,
};

/// Games are read into chunks of this many and the chunk's largest step taken at once.
const CHUNK: usize = 1024;

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let mut chunk: Vec<(u64, u64)> = Vec::with_capacity(CHUNK);
    while !sc.at_eof() {
        let n = sc.u64("game count N")?;
        let mut max_step = 0;
        for _ in 0..n {
            let p = sc.u64_in("pile size", 0, MAX_PILE)?;
            let q = sc.u64_in("pile size", 0, MAX_PILE)?;
            chunk.push((p, q));
            if chunk.len() == CHUNK {
                max_step = max_step.max(max_step_of(&chunk));
                chunk.clear();
            }
        }
        max_step = max_step.max(max_step_of(&chunk));
        chunk.clear();
        out.line(if first_player_wins(max_step) { "MM" } else { "GG" });
    }
    Ok(())
}

/// One game (p, q) up to `max`, often of a shape that matters: consecutive Fibonacci numbers
/// (the longest Euclid chains), equal piles, an empty pile, a pile a multiple of the other, and
/// the larger pile between one and two times the smaller.
fn game(rng: &mut Rng, max: u64) -> (u64, u64) {
    let (p, q) = match rng.below(8) {
        0 => {
            let (mut a, mut b) = (rng.range(0, 2), rng.range(1, 3));
            while let Some(c) = a.checked_add(b).filter(|&c| c <= max) {
                if rng.chance(1, 12) {
                    break;
                }
                (a, b) = (b, c);
            }
            (a, b)
        }
        1 => {
            let a = rng.range(0, max);
            (a, a)
        }
        2 => (0, rng.range(0, max)),
        3 => {
            let a = rng.range(1, max);
            (a, a.saturating_mul(rng.range(1, 5)).min(max))
        }
        4 => {
            let a = rng.range(1, max);
            (a, a.saturating_add(rng.range(0, a)).min(max))
        }
        _ => (rng.range(0, max), rng.range(0, max)),
    };
    if rng.chance(1, 2) { (p, q) } else { (q, p) }
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let tests = by_size(size, rng.range(1, 4), rng.range(1, 50), 100, 100);
    // The judge: 1 <= N (a test of no game has nothing to play).
    let max_n = by_size(size, 3, 50, 1_000, 10_000);
    let max_pile = by_size(size, 7, 1_000, 1_000, MAX_PILE);
    let mut out = Out::new();
    for _ in 0..tests {
        let n = if size >= Size::Judge {
            max_n
        } else {
            rng.range(if size == Size::Tiny && !judge { 0 } else { 1 }, max_n)
        };
        let mut games: Vec<(u64, u64)> = (0..n).map(|_| game(rng, max_pile)).collect();
        if size == Size::Tiny {
            // Keep the whole search within the brute force's reach.
            while games.len() > usize::from(judge)
                && games.iter().map(|&(p, q)| (p + 1) * (q + 1)).product::<u64>() > 4_000
            {
                games.pop();
            }
        }
        out.int(games.len()).nl();
        for (p, q) in games {
            out.int(p).byte(b' ').int(q).nl();
        }
    }
    out.into_bytes()
}
