//! `poj1067` (POJ 1067 / HDU 1527 "取石子游戏"): Wythoff's game on two piles.

use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::wythoff::{PILE_LIMIT, p_position, pair};

pub static PROBLEM: Problem = Problem {
    name: "poj1067",
    aliases: &["wythoff", "hdu1527"],
    source: "POJ 1067 / HDU 1527",
    summary: "Wythoff's game: one pile or both equally; 1 if the first player wins",
    statement: include_str!("../../problems/poj1067.md"),
    judge_limits: "0 <= a, b <= 1e9",
    our_limits: "0 <= a, b < 2^63, exact integer test",
    solve,
    brute: crate::brute::poj1067::answer,
    generate,
    judge: &crate::judge::problems::poj1067::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    while !sc.at_eof() {
        let a = sc.u64_in("pile size", 0, PILE_LIMIT - 1)?;
        let b = sc.u64_in("pile size", 0, PILE_LIMIT - 1)?;
        out.line(if p_position(a, b) { "0" } else { "1" });
    }
    Ok(())
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    // Beyond the judge, `small` piles reach our limit (2^63 - 1) too.
    let judge = domain == Domain::Judge;
    let lines = by_size(size, rng.range(1, 6), rng.range(50, 300), 100_000, 1_000_000);
    let max = by_size(
        size,
        12,
        if judge { 1_000_000_000 } else { PILE_LIMIT - 1 },
        1_000_000_000,
        PILE_LIMIT - 1,
    );
    let mut out = Out::new();
    for _ in 0..lines {
        let (mut a, mut b) = match rng.below(4) {
            // A P-position (a_k, b_k), or one off from it in either pile.
            0 | 1 => {
                // k with b_k <= max: b_k <= k phi^2 < 2.7 k, so k <= max / 2.7 is enough.
                let k_max = (max as u128 * 10 / 27) as u64;
                let mut k = rng.range(0, k_max);
                // One in four: k a Fibonacci or Lucas number, where k phi lies closest to an
                // integer, so that a floating-point floor(k phi) goes wrong (k = 102334155).
                if rng.chance(1, 4) {
                    let mut near = Vec::new();
                    for (mut x, mut y) in [(1u64, 2u64), (2, 1)] {
                        while x <= k_max {
                            near.push(x);
                            (x, y) = (y, x.saturating_add(y));
                        }
                    }
                    k = near[rng.below(near.len() as u64) as usize];
                }
                let (a, b) = pair(k).unwrap_or((0, 0));
                match rng.below(4) {
                    0 => (a.saturating_sub(1), b),
                    1 => (a, b.saturating_sub(1)),
                    _ => (a, b),
                }
            }
            2 => (rng.edgy(max), rng.edgy(max)),
            _ => (rng.range(0, max), rng.range(0, max)),
        };
        a = a.min(max);
        b = b.min(max);
        if rng.chance(1, 2) {
            std::mem::swap(&mut a, &mut b);
        }
        out.int(a).byte(b' ').int(b).byte(b'\n');
    }
    out.into_bytes()
}
