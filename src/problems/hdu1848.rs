//! `hdu1848` (HDU 1848 "Fibonacci again and again"): three piles, a move takes a Fibonacci
//! number of stones from one pile; taking the last stone wins.

use super::generate::{by_size, effective, line_of};
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::fibonacci::FIB;
use crate::theory::fibonacci_subtraction::{GrundyTable, p_position};

/// The largest pile we accept: the Grundy table for it takes 10^8 + 1 bytes and about 2.5 s.
pub const MAX_PILE: u64 = 100_000_000;

pub static PROBLEM: Problem = Problem {
    name: "hdu1848",
    aliases: &["fibonacci-again"],
    source: "HDU 1848",
    summary: "Three piles, take a Fibonacci number from one; Fibo if the first player wins",
    statement: include_str!("../../problems/hdu1848.md"),
    judge_limits: "1 <= m, n, p <= 1000",
    our_limits: "0 <= m, n, p <= 10^8 (Grundy table sized by the largest pile read)",
    solve,
    brute: crate::brute::hdu1848::answer,
    generate,
    judge: &crate::judge::problems::hdu1848::JUDGE,
};

/// The table's first allocation, in piles: the judge's piles (up to 1000) never need more.
const START_ROOM: usize = 1 << 16;

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let mut table = GrundyTable::with_ceiling(MAX_PILE as usize);
    table.reserve(START_ROOM - 1);
    let mut held = Vec::new();
    let read = read_cases(sc, out, &mut table, &mut held);
    // The cases held back from the first pile past the first room on: the table is now sized
    // once, exactly, for the largest of them, so it never moves while old and new buffers
    // would both be alive.
    let largest = held.iter().flatten().copied().max().unwrap_or(0) as usize;
    crate::error::probe(largest.saturating_add(1), "the Grundy table")?;
    table.reserve(largest);
    table.extend_to(largest);
    for piles in &held {
        answer(&table, piles, out);
    }
    read
}

/// One pass over the cases before the sentinel `0 0 0` (or the end): each is answered at once
/// while its piles fit the table's first room; from the first case that does not, the rest are
/// held in `held` for the caller. Fails at the first bad token, every complete case kept.
fn read_cases(
    sc: &mut Scanner<'_>,
    out: &mut Out,
    table: &mut GrundyTable,
    held: &mut Vec<[u64; 3]>,
) -> Result<(), InputError> {
    while !sc.at_eof() {
        let mut piles = [0u64; 3];
        for p in &mut piles {
            *p = sc.u64_in("pile size", 0, MAX_PILE)?;
        }
        if piles == [0, 0, 0] {
            break;
        }
        let largest = piles[0].max(piles[1]).max(piles[2]) as usize;
        if held.is_empty() && largest < table.room() {
            table.extend_to(largest);
            answer(table, &piles, out);
        } else {
            held.push(piles);
        }
    }
    sc.expect_eof()
}

fn answer(table: &GrundyTable, piles: &[u64; 3], out: &mut Out) {
    let values = piles.map(|p| table.get(p as usize));
    out.line_either(p_position(values), "Nacci", "Fibo");
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let lines = by_size(size, rng.range(1, 4), rng.range(50, 300), 10_000, 100_000);
    let max = by_size(size, 9, 1000, 1000, 10_000);
    let min = if judge || size == Size::Judge { 1 } else { 0 };
    // P-positions on purpose need Grundy values; a small table up to `max` is cheap.
    let mut table = GrundyTable::with_ceiling(max as usize);
    table.extend_to(max as usize);
    let mut out = Out::new();
    for _ in 0..lines {
        let mut piles = [0u64; 3];
        for p in &mut piles {
            *p = match rng.below(6) {
                0 => *rng.pick(&FIB[..FIB.partition_point(|&f| f <= max)]),
                1 => rng.edgy(max),
                _ => rng.range(0, max),
            }
            .max(min);
        }
        // Half the time, make the third pile cancel the other two (a P-position), if one does.
        if rng.chance(1, 2) {
            let want = table.get(piles[0] as usize) ^ table.get(piles[1] as usize);
            let start = rng.range(min, max);
            if let Some(p) =
                (start..=max).chain(min..start).find(|&p| table.get(p as usize) == want)
            {
                piles[2] = p;
            }
        }
        if piles == [0, 0, 0] {
            piles[rng.index(3)] = 1;
        }
        line_of(&mut out, &piles);
    }
    // Usually the sentinel; sometimes the input just ends.
    if judge || size != Size::Tiny || rng.chance(3, 4) {
        out.line("0 0 0");
    }
    out.into_bytes()
}
