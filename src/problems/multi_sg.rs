//! `multi-sg` (HNOI2014 "江南乐"): split a pile of at least F stones evenly into M >= 2 piles.

use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::multi_sg::{MAX_PILE, grundy_table, p_position};

pub static PROBLEM: Problem = Problem {
    name: "multi-sg",
    aliases: &["jiangnanle", "hnoi2014", "luogu3235", "bzoj3576"],
    source: "HNOI2014 \"江南乐\" (Luogu P3235, BZOJ 3576)",
    summary: "Split a pile of >= F stones evenly into M >= 2 piles; one line of 1/0 per game",
    statement: include_str!("../../problems/multi-sg.md"),
    judge_limits: "T, N < 100, F, a_i < 1e5",
    our_limits: "T, N up to memory, F < 2^64, a_i < 2^64 but at most 1e7 when a_i >= F",
    solve,
    brute: crate::brute::multi_sg::answer,
    generate,
    judge: &crate::judge::problems::multi_sg::JUDGE,
};

/// The games read so far: the piles that can move (others are stored as 0, which has
/// Grundy value 0 like every pile below F), and where each game ends in `piles`.
#[derive(Default)]
struct Games {
    f: u64,
    piles: Vec<u32>,
    ends: Vec<usize>,
    /// All T games were read (even if something follows them).
    all_read: bool,
}

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    // Every game is read first, so that the table is built once, up to the largest pile that
    // can move; the answers then go out on one line. A fault still prints the answers of the
    // games completed before it.
    let mut games = Games::default();
    let result = read(sc, &mut games);
    let done = games.ends.last().copied().unwrap_or(0);
    let max = games.piles[..done].iter().copied().max().unwrap_or(0) as usize;
    // The table (2 bytes a pile) and the smallest-prime-factor sieve (4 bytes a pile).
    crate::error::probe(max.saturating_add(2).saturating_mul(6), "the Grundy table")?;
    let g = grundy_table(games.f, max);
    let mut start = 0;
    for (i, &end) in games.ends.iter().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        let lost = p_position(games.piles[start..end].iter().map(|&a| g[a as usize]));
        out.byte(if lost { b'0' } else { b'1' });
        start = end;
    }
    if games.all_read || !games.ends.is_empty() {
        out.nl();
    }
    result
}

fn read(sc: &mut Scanner<'_>, games: &mut Games) -> Result<(), InputError> {
    let t = sc.u64("game count T")?;
    games.f = sc.u64("split threshold F")?;
    games.ends.reserve(sc.capacity_for(t, 2));
    for _ in 0..t {
        let n = sc.u64("pile count N")?;
        games.piles.reserve(sc.capacity_for(n, 1));
        for _ in 0..n {
            let at = sc.peek_start();
            let a = sc.u64("pile size")?;
            let pile = if a < games.f || a < 2 {
                0
            } else if a <= MAX_PILE {
                a as u32
            } else {
                return Err(InputError::new(
                    at,
                    format!("pile size of at most {MAX_PILE} (a pile of at least F is tabulated)"),
                ));
            };
            games.piles.push(pile);
        }
        games.ends.push(games.piles.len());
    }
    games.all_read = true;
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let t = by_size(size, rng.range(1, 3), rng.range(5, 30), 99, 300);
    let max_pile = by_size(size, 9, rng.range(50, 500), 99_999, 1_000_000);
    let f = match rng.below(7) {
        0 => 1,
        6 if judge => 1,
        6 => 0, // beyond the judge (F >= 1 there): a pile of 0 or 1 still cannot be split
        1 => rng.range(1, 3),
        2 => (max_pile + 1).min(if judge { 99_999 } else { u64::MAX }), // nobody can move
        _ => by_size(
            size,
            rng.range(1, 5),
            rng.range(1, 100),
            rng.range(1, 99_999),
            rng.range(1, 1_000_000),
        ),
    };
    let mut out = Out::new();
    out.int(t).byte(b' ').int(f).nl();
    for _ in 0..t {
        let n = by_size(
            size,
            rng.range(u64::from(judge), 3),
            rng.range(1, 20),
            rng.range(90, 99),
            rng.range(90, 300),
        );
        let mut piles: Vec<u64> = (0..n)
            .map(|_| match rng.below(6) {
                0 => f.min(max_pile),                        // exactly at the threshold
                1 => f.saturating_sub(1).clamp(1, max_pile), // just below it
                2 if size == Size::Tiny && !judge => 0,      // an empty pile (beyond the judge)
                _ => rng.edgy(max_pile).max(1),
            })
            .collect();
        if rng.chance(1, 3) && piles.len() >= 2 {
            // A P-position on purpose: the second half mirrors the first.
            let half = piles.len() / 2;
            let len = piles.len();
            for i in 0..half {
                piles[len - 1 - i] = piles[i];
            }
            if piles.len() % 2 == 1 {
                piles[half] = 1; // a pile of 1 never moves
            }
        }
        out.int(piles.len());
        for p in piles {
            out.byte(b' ').int(p);
        }
        out.nl();
    }
    out.into_bytes()
}
