//! `bob-and-ben` (HackerRank "Bob and Ben"): leaf removal on a forest of generated trees.

use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::leaf_removal::grundy;

pub static PROBLEM: Problem = Problem {
    name: "bob-and-ben",
    aliases: &["hackerrank-bob-and-ben"],
    source: "HackerRank \"Bob and Ben\"",
    summary: "Forest leaf removal (a non-leaf takes its tree along); BOB if the first player wins",
    statement: include_str!("../../problems/bob-and-ben.md"),
    judge_limits: "g <= 100, sum n <= 1e6, 1 <= m_i <= 1e9, 2 <= k_i <= 100",
    our_limits: "g, n any count, 1 <= m_i < 2^64, 1 <= k_i < 2^64 (no tree is built)",
    solve,
    brute: crate::brute::bob_and_ben::answer,
    generate,
    judge: &crate::judge::problems::bob_and_ben::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let games = sc.u64("game count g")?;
    for _ in 0..games {
        let trees = sc.u64("tree count n")?;
        let mut sum = 0u8;
        for _ in 0..trees {
            let m = sc.u64_in("node count m", 1, u64::MAX)?;
            // k only shapes the tree, which does not matter; it must still define one.
            sc.u64_in("tree constant k", 1, u64::MAX)?;
            sum ^= grundy(m);
        }
        out.line(if sum == 0 { "BEN" } else { "BOB" });
    }
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let games = by_size(size, rng.range(1, 3), rng.range(5, 20), 100, 1000);
    // Trees in all, spread over the games (Tiny: a few per game), and the largest m and k.
    let total = by_size(size, 0, 300, 1_000_000, 10_000_000);
    let (max_m, max_k) =
        by_size(size, (5, 6), (1_000, 100), (1_000_000_000, 100), (u64::MAX, u64::MAX));
    let mut out = Out::new();
    out.int(games).nl();
    for g in 0..games {
        let n = match size {
            Size::Tiny => rng.range(u64::from(judge), 2),
            _ if g + 1 == games => total / games + total % games,
            _ => total / games,
        };
        let mut trees: Vec<(u64, u64)> = (0..n)
            .map(|_| {
                let m = match rng.below(4) {
                    0 => rng.range(1, 4),
                    1 => rng.edgy(max_m).max(1),
                    _ => rng.range(1, max_m),
                };
                (m, tree_constant(rng, size, max_k, judge))
            })
            .collect();
        // Half the time, a lost position for Bob on purpose: the last two trees (appended ones
        // in Tiny, to keep the count small) get values whose XOR cancels the others.
        if rng.chance(1, 2) {
            let keep = if size == Size::Tiny { trees.len() } else { trees.len().saturating_sub(2) };
            let rest = trees[..keep].iter().fold(0u8, |acc, &(m, _)| acc ^ grundy(m));
            let pair: [u8; 2] = match rest {
                0 => *rng.pick(&[[0, 0], [1, 1], [2, 2]]),
                1 => [0, 1],
                2 => [0, 2],
                _ => [1, 2],
            };
            trees.truncate(keep);
            for v in pair {
                if size == Size::Tiny && v == 0 && rng.chance(1, 2) {
                    continue; // a value-0 tree may as well be absent
                }
                trees
                    .push((size_with_value(rng, v, max_m), tree_constant(rng, size, max_k, judge)));
            }
        }
        out.int(trees.len() as u64).nl();
        for (m, k) in trees {
            out.int(m).byte(b' ').int(k).nl();
        }
    }
    out.into_bytes()
}

/// A tree size in `1..=max_m` (`max_m >= 4`) whose tree has Grundy value `v` (0, 1 or 2).
fn size_with_value(rng: &mut Rng, v: u8, max_m: u64) -> u64 {
    match v {
        0 => 2,
        1 if rng.chance(1, 3) => 1,
        1 => {
            let m = rng.range(3, max_m) | 1;
            if m > max_m { m - 2 } else { m }
        }
        _ => rng.range(4, max_m) & !1,
    }
}

/// A tree constant: often the judge's 2..=100, sometimes 1 (a path) or an extreme (a star);
/// only 2..=100 at the judge's size.
fn tree_constant(rng: &mut Rng, size: Size, max_k: u64, judge: bool) -> u64 {
    let top = max_k.clamp(2, 100);
    match rng.below(5) {
        // The judge: 2 <= k <= 100, its ends often.
        0 if judge => 2,
        1 if judge => top,
        _ if judge => rng.range(2, top),
        _ if size == Size::Judge => rng.range(2, 100),
        0 => 1,
        1 => rng.edgy(max_k).max(1),
        _ => rng.range(2, max_k.clamp(2, 100)),
    }
}
