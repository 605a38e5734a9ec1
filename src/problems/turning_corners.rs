//! `turning-corners` (HDU 3404 "Switch lights"): lights on a grid; a move toggles the corners of
//! a rectangle whose far corner is lit. Grundy value of a light at (x, y) is x (*) y.

use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::nimber::{Multiplier, nim_inverse, nim_product};
use crate::theory::turning_corners::{grundy, p_position};

pub static PROBLEM: Problem = Problem {
    name: "turning-corners",
    aliases: &["hdu3404", "switch-lights"],
    source: "HDU 3404 \"Switch lights\" (Turning Corners)",
    summary: "Turning Corners / 2-D Nim: XOR of nim products x (*) y over the lights",
    statement: include_str!("../../problems/turning-corners.md"),
    judge_limits: "T <= 100, n <= 1000, 1 <= x, y <= 1e4",
    our_limits: "T, n up to memory (nothing is stored), 0 <= x, y < 2^64",
    solve,
    brute: crate::brute::turning_corners::answer,
    generate,
    judge: &crate::judge::problems::turning_corners::JUDGE,
};

const WIN: &str = "Have a try, lxhgww.";
const LOSE: &str = "Don't waste your time.";

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let cases = sc.u64("case count T")?;
    let mul = Multiplier::best();
    for _ in 0..cases {
        let n = sc.u64("light count n")?;
        // The Grundy value: the nim sum of x (*) y over the lights, reduced once at the end.
        let mut g = mul.dot();
        for _ in 0..n {
            let x = sc.u64("coordinate x")?;
            let y = sc.u64("coordinate y")?;
            g.add(x, y);
        }
        out.line(if p_position(g.value()) { LOSE } else { WIN });
    }
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let judge = domain == Domain::Judge;
    let cases = by_size(size, rng.range(1, 3), rng.range(5, 20), 100, 1000);
    let mut out = Out::new();
    out.int(cases).nl();
    for _ in 0..cases {
        let lights = case(rng, size, judge);
        out.int(lights.len()).nl();
        for (x, y) in lights {
            out.int(x).byte(b' ').int(y).nl();
        }
    }
    out.into_bytes()
}

/// One case's lights: distinct cells, except that tiny cases sometimes repeat a cell (toggled
/// back off); about half the cases are P-positions on purpose.
fn case(rng: &mut Rng, size: Size, judge: bool) -> Vec<(u64, u64)> {
    // Tiny boards: the brute force searches every subset of the 1-based cells, so at most 12.
    let (max_x, max_y) = match size {
        Size::Tiny => *rng.pick(&[(3, 3), (3, 4), (4, 3), (2, 6), (6, 2), (1, 12), (12, 1)]),
        Size::Small => (rng.range(1, 300), rng.range(1, 300)),
        Size::Judge => (10_000, 10_000),
        Size::Huge => match rng.below(3) {
            0 => (u64::MAX, u64::MAX),
            1 => (u32::MAX as u64, u64::MAX),
            _ => (100_000, 100_000),
        },
    };
    // At most 999 at judge size: the P-position below may add one light (judge: n <= 1000).
    let n = by_size(
        size,
        rng.range(u64::from(judge), 4),
        rng.range(1, 40),
        rng.range(900, 999),
        10_000,
    );
    // Coordinate 0 (inert) only where our limits differ from the judge's.
    let min = if judge || size == Size::Judge { 1 } else { 0 };
    let coord = |rng: &mut Rng, max: u64| -> u64 {
        if size == Size::Tiny { rng.range(min, max) } else { rng.edgy(max).max(min) }
    };
    let mut lights: Vec<(u64, u64)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let shape = rng.below(4);
    while lights.len() < n as usize {
        let c = if shape == 0 && !lights.is_empty() && rng.chance(1, 2) {
            // Mirror pairs: x (*) y = y (*) x, so a symmetric set cancels out.
            let (x, y) = lights[lights.len() - 1];
            (y, x)
        } else {
            (coord(rng, max_x), coord(rng, max_y))
        };
        if c.0 <= max_x
            && c.1 <= max_y
            && (seen.insert(c) || !judge && size == Size::Tiny && rng.chance(1, 8))
        {
            lights.push(c);
        }
        if seen.len() as u64 >= (max_x - min + 1).saturating_mul(max_y - min + 1) {
            break;
        }
    }
    if rng.chance(1, 2) {
        // A P-position: add a light of value s = the XOR so far. Try (s, 1), then
        // (x, s (*) x^-1) for random x until it fits on the board.
        let s = grundy(lights.iter().copied());
        if s != 0 {
            for attempt in 0..64 {
                let x = if attempt == 0 { s } else { coord(rng, max_x).max(1) };
                let y = if attempt == 0 { 1 } else { nim_product(s, nim_inverse(x).unwrap_or(1)) };
                if x >= min && y >= min && x <= max_x && y <= max_y && !seen.contains(&(x, y)) {
                    lights.push((x, y));
                    break;
                }
            }
        }
    }
    lights
}
