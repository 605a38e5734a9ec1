//! `hdu1524` (HDU 1524 / POJ 2425 "A Chess Game"): chesses on a DAG, a move takes one chess
//! along one arc; WIN/LOSE per query by the XOR of the chesses' Grundy values, computed by the
//! acyclic pass of `theory::loopy` (the engine of `games graph`).

use super::generate::{by_size, effective};
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::loopy::{ArcReader, grundy_if_acyclic, is_acyclic};

pub static PROBLEM: Problem = Problem {
    name: "hdu1524",
    aliases: &["poj2425", "a-chess-game"],
    source: "HDU 1524 / POJ 2425 \"A Chess Game\"",
    summary: "Chesses on a DAG, move one along an arc, stuck loses: WIN/LOSE per query",
    statement: include_str!("../../problems/hdu1524.md"),
    judge_limits: "1 <= N <= 1000, 1 <= M <= 10, a DAG, cases until EOF",
    our_limits: "1 <= N <= 1e8, arcs <= 4e9, any M; a cycle is refused at the arc closing it; linear time",
    solve,
    brute: crate::brute::hdu1524::answer,
    generate,
    judge: &crate::judge::problems::hdu1524::JUDGE,
};

/// The most positions in a test case: the work arrays are allocated from `N` alone.
pub const MAX_POSITIONS: u64 = 100_000_000;
/// The most arcs in a test case (`u32` indices and counters).
pub const MAX_ARCS: u64 = crate::theory::retrograde::MAX_ARCS as u64;

const CYCLE: &str = "out-position that closes no cycle (the positions must form a DAG)";

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    while !sc.at_eof() {
        let start = sc.peek_start();
        let n = sc.u64_in("position count N", 1, MAX_POSITIONS)?;
        // The arcs go straight into the graph's counters as they are read.
        let mut arcs = ArcReader::new(n as usize, sc.capacity_for(n, 1));
        for i in 0..n {
            let at = sc.peek_start();
            let x = sc.u64("out-degree X_i")?;
            if x > MAX_ARCS - arcs.len() as u64 {
                return Err(InputError::new(at, "out-degree within 4000000000 arcs in all"));
            }
            arcs.reserve(sc.capacity_for(x, 1));
            for _ in 0..x {
                arcs.push(i as u32, sc.u64_in("out-position", 0, n - 1)? as u32);
            }
        }
        let n = n as usize;
        let graph = arcs.finish();
        let Some(grundy) = grundy_if_acyclic(&graph) else {
            return Err(cycle_error(sc.input(), start, n, graph.arcs()));
        };
        drop(graph);
        loop {
            if sc.at_eof() {
                return Ok(());
            }
            let m = sc.u64("chess count M")?;
            if m == 0 {
                break;
            }
            let mut x = 0u32;
            for _ in 0..m {
                x ^= grundy[sc.u64_in("position", 0, n as u64 - 1)? as usize];
            }
            out.line(if x != 0 { "WIN" } else { "LOSE" });
        }
    }
    Ok(())
}

/// The error at the first arc (in input order) that closes a cycle: the least `e` such that
/// the arcs up to `e` have a cycle, by bisection (acyclicity of a prefix is monotone), then its
/// token found by reading the case again from `start`.
fn cycle_error(input: &[u8], start: usize, n: usize, arcs: &[(u32, u32)]) -> InputError {
    let (mut lo, mut hi) = (0usize, arcs.len());
    // Invariant: arcs[..lo] is acyclic, arcs[..hi] is not.
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if is_acyclic(n, &arcs[..mid]) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let closing = hi - 1;
    let mut sc = Scanner::new(&input[start..]);
    let mut seen = 0usize;
    // The case was read once already, so every token is known to be valid.
    let _ = sc.u64("N");
    for _ in 0..n {
        let x = sc.u64("X").unwrap_or(0) as usize;
        if closing < seen + x {
            for _ in 0..closing - seen {
                let _ = sc.u64("arc");
            }
            return InputError::new(start + sc.peek_start(), CYCLE);
        }
        for _ in 0..x {
            let _ = sc.u64("arc");
        }
        seen += x;
    }
    InputError::new(start, CYCLE)
}

/// Writes a random DAG on `n` positions, one line per position: arcs go from a lower to a
/// higher rank (the ranks a random permutation), each position to up to `degree` distinct
/// positions at most `window` ranks on.
fn write_random_dag(out: &mut Out, rng: &mut Rng, n: u64, degree: u64, window: u64) {
    let mut label: Vec<u32> = (0..n as u32).collect();
    for i in (1..label.len()).rev() {
        let j = rng.index(i + 1);
        label.swap(i, j);
    }
    let mut rank = vec![0u32; n as usize];
    for (r, &v) in label.iter().enumerate() {
        rank[v as usize] = r as u32;
    }
    let mut picked = Vec::new();
    for &r in &rank {
        let r = r as u64;
        let room = (n - 1 - r).min(window);
        let x = rng.range(0, degree.min(room));
        picked.clear();
        while (picked.len() as u64) < x {
            let t = r + 1 + rng.below(room);
            if !picked.contains(&t) {
                picked.push(t);
            }
        }
        out.int(x);
        for &t in &picked {
            out.byte(b' ').int(label[t as usize]);
        }
        out.nl();
    }
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    let cases = by_size(size, rng.range(1, 2), rng.range(1, 4), 3, 1);
    let mut out = Out::new();
    for case in 0..cases {
        if case > 0 {
            out.nl();
        }
        let n = by_size(size, rng.range(1, 5), rng.range(1, 100), 1000, 10_000_000);
        let (degree, window) = match size {
            Size::Tiny => (3, 4),
            Size::Small => (rng.range(1, 10), rng.range(1, 100)),
            Size::Judge => (rng.range(50, 300), 1000),
            Size::Huge => (4, 64),
        };
        out.int(n).nl();
        write_random_dag(&mut out, rng, n, degree, window);
        let queries = by_size(size, rng.range(1, 4), rng.range(1, 50), 1000, 100_000);
        let max_m = by_size(size, 3, 10, 10, 10);
        let mut chesses = Vec::new();
        for _ in 0..queries {
            let m = rng.range(1, max_m);
            chesses.clear();
            if m >= 2 && rng.chance(1, 3) {
                // A LOSE on purpose: every chess twice (the copies cancel), shuffled.
                for _ in 0..m / 2 {
                    let p = rng.below(n);
                    chesses.extend([p, p]);
                }
                for i in (1..chesses.len()).rev() {
                    let j = rng.index(i + 1);
                    chesses.swap(i, j);
                }
            } else {
                chesses.extend((0..m).map(|_| rng.below(n)));
            }
            out.int(chesses.len());
            for &p in &chesses {
                out.byte(b' ').int(p);
            }
            out.nl();
        }
        // The sentinel; beyond the judge, sometimes not at the very end (EOF ends the case).
        if case + 1 < cases || domain == Domain::Judge || !rng.chance(1, 5) {
            out.line("0");
        }
    }
    out.into_bytes()
}
