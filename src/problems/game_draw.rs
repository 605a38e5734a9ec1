//! `game-draw` (NEERC 2016 G "Game on Graph"): a token on a directed graph, two players with
//! opposite tastes for a draw; the outcome of every start, for either player moving first.

use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::csr::ArcEnds;
use crate::theory::retrograde::{Buffers, ReverseGraph, Rules, outcomes_in};
use crate::theory::touched::Touched;

pub static PROBLEM: Problem = Problem {
    name: "game-draw",
    aliases: &["game-on-graph", "neerc2016-g"],
    source: "NEERC 2016, problem G (Game on Graph)",
    summary: "Token on a digraph; Gennady likes draws, Georgiy hates them: W/L/D per start",
    statement: include_str!("../../problems/game-draw.md"),
    judge_limits: "n <= 1e5, m <= 2e5, 2 s",
    our_limits: "n <= 1e8, m <= 4e9, linear time and memory",
    solve,
    brute: crate::brute::game_draw::answer,
    generate,
    judge: &crate::judge::problems::game_draw::JUDGE,
};

/// The most vertices we accept: the work arrays (about 30 bytes a vertex) are allocated from
/// `n` alone, before any arc is read.
pub const MAX_VERTICES: u64 = 100_000_000;
/// The most arcs: arc indices are `u32`.
pub const MAX_ARCS: u64 = crate::theory::retrograde::MAX_ARCS as u64;

/// Outcome ranks, from Gennady's point of view (he is the maximiser).
const GEORGIY_WINS: u8 = 0;
const GENNADY_WINS: u8 = 1;
const DRAW: u8 = 2;

/// The largest arc buffer asked for on huge pages. The arcs are written and read in order
/// (and then hold the closure's queue, also read in order), so huge pages only spare page
/// faults (one per 2 MiB instead of one per 4 KiB). In this machine's virtual machine they
/// pay for tens of megabytes and cost beyond a hundred or so, where the kernel's time for
/// them grows past what they save. Measured, CPU time of whole runs (`bench/gen_big.c`,
/// medians of interleaved runs), huge pages / plain: game-draw 10^6 vertices (16 MB of arcs)
/// 99 / 107 ms, 4 * 10^6 (64 MB) 559 / 575 ms, 10^7 (160 MB) 1.86 / 1.59 s in one series and
/// 1.45 / 1.43 s in another; game-teams 10^7 vertices (320 MB) 1.87 / 1.34 s and 1.87 / 1.38 s. (The graph's own arrays, read at random, keep their huge
/// pages: game-teams 10^7 1.34 s with them, 1.44 s without.)
pub const ARCS_ON_HUGE_PAGES_UP_TO: usize = 64 << 20;

/// Turn 0: Gennady to move; turn 1: Georgiy. A player who cannot move loses.
pub const RULES: Rules<2> = Rules {
    maximiser: [true, false],
    stuck: [GEORGIY_WINS, GENNADY_WINS],
    infinite: DRAW,
    outcomes: 3,
};

/// Reads `m` arcs `a b` (1-based, in `1..=n`) as 0-based arcs into `arcs` (emptied first,
/// its storage reused), as pairs or as `[tail, head]` words ([`ArcEnds`]).
///
/// The storage is asked for on huge pages up to [`ARCS_ON_HUGE_PAGES_UP_TO`] bytes.
pub fn read_arcs_into<A: ArcEnds>(
    sc: &mut Scanner<'_>,
    n: u64,
    m: u64,
    arcs: &mut Vec<A>,
) -> Result<(), InputError> {
    arcs.clear();
    arcs.reserve(sc.capacity_for(m, 2));
    if arcs.capacity() * std::mem::size_of::<A>() <= ARCS_ON_HUGE_PAGES_UP_TO {
        crate::prefetch::ask_huge_pages(arcs);
    }
    for _ in 0..m {
        let a = sc.u64_in("vertex", 1, n)? - 1;
        let b = sc.u64_in("vertex", 1, n)? - 1;
        arcs.push(A::from_ends(a as u32, b as u32));
    }
    Ok(())
}

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let n = sc.u64_in("vertex count n", 0, MAX_VERTICES)?;
    let m = sc.u64_in("arc count m", 0, MAX_ARCS)?;
    let mut arcs: Vec<[u32; 2]> = Vec::new();
    read_arcs_into(sc, n, m, &mut arcs)?;
    // When most vertices carry no arc (2m < n), only the vertices some arc names go into the
    // analysis (renumbered densely, in order); any other vertex is a sink nobody reaches, whose
    // mover is stuck (theory::touched): 1.5 bits instead of ~30 bytes a vertex. Otherwise the
    // marking pass would cost more than the few vertices it could leave out.
    let touched = (2 * m < n).then(|| Touched::mark(n as usize, &arcs));
    if let Some(touched) = &touched {
        touched.renumber(&mut arcs);
    }
    let vertices = touched.as_ref().map_or(n as usize, Touched::count);
    // The graph and the outcome tables: 24 bytes a vertex and 14 an arc (the arcs as read, the
    // lists, and from 2^21 vertices the low bits of the bucketed sort: theory::csr).
    crate::error::probe(24 * vertices + 14 * arcs.len(), "the game graph and its outcome tables")?;
    let mut buffers = Buffers::default();
    let graph = ReverseGraph::from_arcs_in(vertices, &arcs, &mut buffers);
    // The words the arcs were read into become the closure's queue when they have room.
    buffers.offer_queue(arcs.into_flattened());
    let value = outcomes_in(&graph, &RULES, &mut buffers);
    drop(graph);
    // Line 1: Gennady (turn 0) moves first; line 2: Georgiy (turn 1). W/L from the mover's side.
    out.reserve(2 * n as usize + 2);
    for (turn, mover_wins, mover_loses) in
        [(0, GENNADY_WINS, GEORGIY_WINS), (1, GEORGIY_WINS, GENNADY_WINS)]
    {
        let letter = |v: u8| match v {
            v if v == mover_wins => b'W',
            v if v == mover_loses => b'L',
            _ => b'D',
        };
        let stuck = letter(RULES.stuck[turn]);
        if let Some(touched) = &touched {
            let run = [stuck; 64];
            touched.for_each(|id, len| match id {
                Some(id) => {
                    out.byte(letter(value.get(id as usize, turn)));
                }
                None => {
                    out.bytes(&run[..len]);
                }
            });
        } else {
            value.name_turn(turn, letter, |block| {
                out.bytes(block);
            });
        }
        out.nl();
    }
    sc.expect_eof()
}

/// A random graph on `n` vertices with `m` arcs, in the judge format, with the shapes that make
/// the analysis deep: sinks, long paths into them, cycles with exits, loops.
pub fn random_graph(rng: &mut Rng, n: u64, m: u64, distinct: bool) -> Vec<(u64, u64)> {
    let mut arcs: Vec<(u64, u64)> = Vec::with_capacity(m as usize);
    if n == 0 {
        return arcs;
    }
    // About one vertex in `sink_every` has no way out; arcs go "down" (to a smaller index) with
    // a high probability, so the graph is mostly layered and outcomes propagate far.
    let sink_every = rng.range(2, 8);
    let down = rng.range(50, 100);
    let is_sink = |v: u64| v.is_multiple_of(sink_every);
    let mut seen = std::collections::HashSet::new();
    // A long path first (a quarter of the arcs), in a random direction through the vertices.
    let path = if rng.chance(1, 2) { (m / 4).min(n - 1) } else { 0 };
    let shift = rng.below(n);
    for i in 0..path {
        let a = (i + 1 + shift) % n;
        let b = (i + shift) % n;
        arcs.push((a, b));
        if distinct {
            seen.insert((a, b));
        }
    }
    let mut tries = 0u64;
    while (arcs.len() as u64) < m && tries < 4 * m + 100 {
        tries += 1;
        let a = rng.below(n);
        if is_sink(a) && rng.chance(9, 10) {
            continue;
        }
        let b = match rng.below(100) {
            x if x < down && a > 0 => rng.below(a),
            x if x < down + 3 => a,
            _ => rng.below(n),
        };
        if distinct && !seen.insert((a, b)) {
            continue;
        }
        arcs.push((a, b));
    }
    // Shuffle the arc order.
    for i in (1..arcs.len()).rev() {
        let j = rng.index(i + 1);
        arcs.swap(i, j);
    }
    arcs
}

pub fn write_arcs(out: &mut Out, arcs: &[(u64, u64)]) {
    for &(a, b) in arcs {
        out.int(a + 1).byte(b' ').int(b + 1).nl();
    }
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    // Beyond the judge: n = 0 and repeated arcs (the judge rules both out).
    let judge = domain == Domain::Judge;
    let n = by_size(size, rng.range(u64::from(judge), 6), rng.range(1, 300), 100_000, 1_000_000);
    let max_m = by_size(size, (n * n).min(10), 3 * n, 200_000, 2_000_000);
    let m = if size == Size::Judge || size == Size::Huge { max_m } else { rng.range(0, max_m) };
    let distinct = judge || rng.chance(1, 2);
    let arcs = random_graph(rng, n, m.min(n * n), distinct);
    let mut out = Out::new();
    out.int(n).byte(b' ').int(arcs.len()).nl();
    write_arcs(&mut out, &arcs);
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(input: &[u8]) -> Vec<u8> {
        let (out, fault) = crate::registry::run(&PROBLEM, input);
        assert!(fault.is_none(), "{}", String::from_utf8_lossy(input));
        out
    }

    /// Spreading a graph's vertices out (v -> 3v + 1) with isolated vertices in between: the
    /// old vertices keep their answers and every isolated one is `L` (its mover is stuck).
    #[test]
    fn isolated_vertices_are_losses_and_change_nothing() {
        let mut rng = Rng::new(21);
        for _ in 0..300 {
            let n = rng.range(1, 80);
            let m = rng.range(0, n); // 2m < 3n + 2: the spread graph is sparse
            let arcs = random_graph(&mut rng, n, m, false);
            let mut plain = Out::new();
            plain.int(n).byte(b' ').int(arcs.len()).nl();
            write_arcs(&mut plain, &arcs);
            let spread: Vec<(u64, u64)> =
                arcs.iter().map(|&(a, b)| (3 * a + 1, 3 * b + 1)).collect();
            let mut wide = Out::new();
            wide.int(3 * n + 2).byte(b' ').int(arcs.len()).nl();
            write_arcs(&mut wide, &spread);
            let want = answer(plain.as_bytes());
            let got = answer(wide.as_bytes());
            let lines = want.split(|&b| b == b'\n').zip(got.split(|&b| b == b'\n'));
            for (line, wide_line) in lines.take(2) {
                let mut expect = Vec::new();
                for &c in line {
                    expect.extend_from_slice(&[b'L', c, b'L']);
                }
                expect.extend_from_slice(b"LL");
                assert_eq!(wide_line, &expect[..]);
            }
        }
    }
}
