//! `set-nim` (AcWing 893): Nim where a move removes exactly s stones, s from a set S.

use super::generate::{by_size, effective, line_of};
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::nim::p_position;
use crate::theory::subtraction::{Budget, Exceeded, GrundyTable};

pub static PROBLEM: Problem = Problem {
    name: "set-nim",
    aliases: &["acwing893"],
    source: "AcWing 893",
    summary: "Subtraction-set Nim: remove exactly s in S from one pile; Yes if the first player wins",
    statement: include_str!("../../problems/set-nim.md"),
    judge_limits: "1 <= n, k <= 100, 1 <= s_i, h_i <= 1e4",
    our_limits: "k, n up to memory, 1 <= s_i < 2^64, 0 <= h_i < 2^64 within a budget (a table \
                 of 1e8 bytes, 2e9 work units) unless the values are seen periodic first",
    solve,
    brute: crate::brute::set_nim::answer,
    generate,
    judge: &crate::judge::problems::set_nim::JUDGE,
};

// The refusal messages below, the limits above and problems/set-nim.md name these numbers.
const _: () =
    assert!(Budget::DEFAULT.table_bytes == 100_000_000 && Budget::DEFAULT.work == 2_000_000_000);

/// Why a pile is refused: which budget ran out, and its limit.
fn refusal(e: Exceeded) -> String {
    let help = "(see `games set-nim --help`)";
    match e {
        Exceeded::Positions { positions, at_once: true } => format!(
            "a pile the table budget reaches (below {positions}): no period can be detected within \
             the table budget of 10^8 bytes ({positions} positions at these moves' value width), \
             as the largest move this pile can use is at least {positions} and no repeat can show \
             before that position {help}"
        ),
        Exceeded::Positions { positions, at_once: false } => format!(
            "a pile the table budget reaches (below {positions}): no period of the Grundy values \
             was detected within the table budget of 10^8 bytes ({positions} positions at these \
             moves' value width) {help}"
        ),
        Exceeded::Work { at_once: true } => format!(
            "a pile within the work budget: the move checks needed before the table can stop (up \
             to this pile, or up to the largest move it can use, where a period could first show, \
             whichever is smaller) exceed the budget of 2*10^9 work units by themselves {help}"
        ),
        Exceeded::Work { at_once: false } => format!(
            "a pile within the work budget: no period of the Grundy values was detected, nor \
             this pile reached, within the budget of 2*10^9 work units (move checks and period \
             detection) {help}"
        ),
    }
}

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let k = sc.u64("move count k")?;
    let mut moves = Vec::with_capacity(sc.capacity_for(k, 1));
    for _ in 0..k {
        moves.push(sc.u64_in("move size s", 1, u64::MAX)?);
    }
    let n = sc.u64("pile count n")?;
    let mut piles = Vec::with_capacity(sc.capacity_for(n, 1));
    // The largest pile sizes the table; its token is where a refusal points.
    let (mut largest, mut largest_at) = (0u64, sc.peek_start());
    for _ in 0..n {
        let at = sc.peek_start();
        let h = sc.u64("pile size")?;
        if h > largest {
            (largest, largest_at) = (h, at);
        }
        piles.push(h);
    }
    let cells = (largest.saturating_add(1)).min(Budget::DEFAULT.table_bytes) as usize;
    crate::error::probe(cells, "the Grundy table")?;
    let table = GrundyTable::new(&moves, largest, Budget::DEFAULT)
        .map_err(|e| InputError::new(largest_at, refusal(e)))?;
    let sum = piles.iter().fold(0u32, |acc, &h| acc ^ table.grundy(h));
    out.line(if p_position(u64::from(sum)) { "No" } else { "Yes" });
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let k = by_size(size, rng.range(1, 3), rng.range(1, 10), 100, 1000);
    let s_max = by_size(size, 5, 60, 10_000, 100_000);
    let n = by_size(size, rng.range(1, 3), rng.range(1, if judge { 100 } else { 300 }), 100, 1000);
    let mut h_max = by_size(size, 6, 1000, 10_000, 100_000);
    let h_min = if judge || size == Size::Judge { 1 } else { 0 };
    let shape = rng.below(4);
    let mut moves: Vec<u64> =
        match shape {
            // S = {1..k}: the Bash game in disguise, periodic from the start: beyond the judge,
            // piles of any size (a table sized by a limit, or by the pile, cannot hold them).
            0 => {
                if !judge && (size == Size::Small || size == Size::Huge) {
                    h_max = u64::MAX;
                }
                (1..=k.min(s_max)).collect()
            }
            // Distinct random moves, as the judge promises.
            1 | 2 => {
                let mut v: Vec<u64> = (0..k).map(|_| rng.range(1, s_max)).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            // Duplicates and moves larger than every pile (both harmless, both accepted).
            _ => (0..k)
                .map(|_| {
                    if rng.chance(1, 4) { rng.range(h_max, 2 * h_max) } else { rng.range(1, s_max) }
                })
                .collect(),
        };
    // Judge inputs keep the judge's promises: distinct s_i in 1..=1e4.
    if judge || size == Size::Judge {
        moves.retain(|&s| s <= s_max);
        moves.sort_unstable();
        moves.dedup();
        if moves.is_empty() {
            moves.push(1);
        }
    }
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.index(i + 1));
    }
    let mut piles: Vec<u64> = (0..n).map(|_| rng.edgy(h_max).max(h_min)).collect();
    steer_to_p(rng, &mut piles, &moves, h_min, h_max);
    let mut out = Out::new();
    out.int(moves.len() as u64).nl();
    line_of(&mut out, &moves);
    out.int(n).nl();
    line_of(&mut out, &piles);
    out.into_bytes()
}

/// Sometimes turns the piles into a P-position: pairs of twins (and an odd one out of value
/// 0), or a last pile that cancels the values of the others.
fn steer_to_p(rng: &mut Rng, piles: &mut [u64], moves: &[u64], h_min: u64, h_max: u64) {
    let n = piles.len();
    match rng.below(4) {
        0 if n >= 2 => {
            // A P-position with no theory at all: every pile has a twin, and an odd one out
            // below the smallest move (value 0) when one fits.
            let half = n / 2;
            for i in 0..half {
                piles[half + i] = piles[i];
            }
            if n % 2 == 1 {
                let smallest = moves.iter().copied().min().unwrap_or(1);
                piles[n - 1] = rng.range(0, smallest - 1).max(h_min).min(h_max);
            }
            for i in (1..piles.len()).rev() {
                piles.swap(i, rng.index(i + 1));
            }
        }
        1 => {
            // A P-position by the values: the last pile cancels the XOR of the others.
            if let Ok(table) = GrundyTable::new(moves, h_max, Budget::DEFAULT) {
                let want = piles[..n - 1].iter().fold(0, |acc, &h| acc ^ table.grundy(h));
                let random = (0..64).map(|_| rng.range(h_min, h_max));
                let scan = h_min..=h_max.min(h_min + 100_000);
                if let Some(h) = random.chain(scan).find(|&h| table.grundy(h) == want) {
                    piles[n - 1] = h;
                }
            }
        }
        _ => {}
    }
}
