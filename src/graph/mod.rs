//! The `games graph` tool: any finite impartial game written as its position graph. Reads
//! `n m`, the arcs and optional positions (sums of tokens), and writes every vertex's value
//! (an integer or ∞(K)) and outcome, and every position's value, outcome and a winning or
//! draw-keeping move, as a text table or as JSON. The mathematics is in
//! [`theory::loopy`](crate::theory::loopy); misère play of one token uses
//! [`theory::retrograde`](crate::theory::retrograde). The format is in `problems/graph.md`.

mod edge_heaps;
mod geography;
mod input;
mod misere;
mod remoteness;
mod report;
mod staircase;
mod touched;

use crate::error::InputError;
use crate::out::Out;
use crate::scanner::Scanner;
use crate::theory::loopy::{Graph, Move, analyse_graph};
use crate::theory::retrograde::{self, Rules};
use input::{read_positions, read_tokens};
use misere::misere;
use report::{PositionJson, Report, VertexList, json, write_value};
use touched::{Touched, position};

/// The most vertices. Only the vertices that some arc touches get work arrays (about 60
/// bytes a vertex on a graph with a cycle); the others are isolated and answered on the fly.
pub const MAX_VERTICES: u64 = 100_000_000;
/// The most arcs: arc indices and counters are `u32`.
pub const MAX_ARCS: u64 = retrograde::MAX_ARCS as u64;

/// What to compute and how to write it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// JSON instead of the text table (nothing is written when the input is faulty).
    pub json: bool,
    /// Misère play of a single token: outcomes only.
    pub misere: bool,
}

/// A game of its own on the graph, instead of tokens moving along the arcs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Staircase Nim: stones move along the arcs toward the sinks (`--staircase`).
    Staircase,
    /// Staircase Nim on a tree, for every root (`--every-root`).
    EveryRoot,
    /// Undirected vertex Geography from every vertex (`--geography`).
    Geography,
    /// Nim on graphs: edges with heaps, a token (`--edge-heaps`).
    EdgeHeaps,
}

/// Misère play: turn 0 is the player to move first (the maximiser), turn 1 the other; ranks
/// 0 = turn 1 wins, 1 = draw, 2 = turn 0 wins; a player who cannot move wins.
pub const MISERE: Rules<2> =
    Rules { maximiser: [true, false], stuck: [2, 0], infinite: 1, outcomes: 3 };

/// Reads the whole input and writes the answers (see the module documentation).
pub fn solve(sc: &mut Scanner<'_>, out: &mut Out, opts: Options) -> Result<(), InputError> {
    let (n, mut arcs) = read_graph(sc)?;
    let touched = Touched::renumber(n, &mut arcs)?;
    touched.probe(arcs.len())?;
    if opts.misere {
        return misere(sc, out, n, &touched, arcs, opts.json);
    }
    let analysis = analyse_graph(Graph::from_arcs(touched.len, arcs));
    if opts.json {
        let positions = read_positions(sc, n as u64, false)?;
        let mut scratch = Default::default();
        let report = Report {
            vertices: VertexList(&analysis, &touched, n),
            positions: positions.as_ref().map(|p| {
                p.iter()
                    .enumerate()
                    .map(|(i, t)| {
                        PositionJson::new(i, t, position(&analysis, &touched, t, &mut scratch))
                    })
                    .collect()
            }),
        };
        json(out, &report);
        return Ok(());
    }
    out.reserve(touched.len * 12);
    out.str("vertex value outcome\n");
    for (v, c) in touched.each(n).enumerate() {
        out.int(v + 1).byte(b' ');
        match c {
            Some(c) => {
                write_value(out, &analysis.value(c));
                out.byte(b' ').byte(analysis.outcome(c).letter()).nl();
            }
            None => {
                out.str("0 P").nl();
            }
        }
    }
    if sc.at_eof() {
        return Ok(());
    }
    let q = sc.u64("position count q")?;
    out.str("position value outcome token from to\n");
    let mut tokens = Vec::new();
    let mut scratch = Default::default();
    for i in 0..q {
        read_tokens(sc, n as u64, &mut tokens, false)?;
        let (value, outcome, mv) = position(&analysis, &touched, &tokens, &mut scratch);
        out.int(i + 1).byte(b' ');
        write_value(out, &value);
        out.byte(b' ').byte(outcome.letter());
        match mv {
            Some(Move { token, from, to }) => {
                out.byte(b' ').int(token + 1).byte(b' ').int(from + 1).byte(b' ').int(to + 1)
            }
            None => out.str(" - - -"),
        };
        out.nl();
    }
    sc.expect_eof()
}

/// `n m` and the arcs (0-based), bounded by the input.
fn read_graph(sc: &mut Scanner<'_>) -> Result<(usize, Vec<(u32, u32)>), InputError> {
    let n = sc.u64_in("vertex count n", 0, MAX_VERTICES)?;
    let m = sc.u64_in("arc count m", 0, MAX_ARCS)?;
    // The arcs are read first (bounded by the input: a count is never trusted), then only the
    // vertices they touch are analysed.
    let mut arcs: Vec<(u32, u32)> =
        crate::error::try_with_capacity(sc.capacity_for(m, 2), "the arcs")?;
    for _ in 0..m {
        let a = sc.u64_in("vertex", 1, n)? - 1;
        let b = sc.u64_in("vertex", 1, n)? - 1;
        if arcs.len() == arcs.capacity() {
            crate::error::try_reserve(&mut arcs, 1, "the arcs")?;
        }
        arcs.push((a as u32, b as u32));
    }
    Ok((n as usize, arcs))
}

/// `games graph --remoteness`: outcomes with remoteness ([`remoteness`]), positions answered as
/// conjunctive compounds; streamed like [`run_streaming`].
pub fn run_remoteness_streaming(
    input: &[u8],
    opts: Options,
    writer: Box<dyn std::io::Write>,
) -> (Option<InputError>, std::io::Result<()>) {
    let mut sc = Scanner::new(input);
    let mut out = Out::streaming(writer);
    let result = read_graph(&mut sc).and_then(|(n, arcs)| {
        remoteness::solve(&mut sc, &mut out, n, &arcs, opts.misere, opts.json)
    });
    let written = out.finish();
    (result.err(), written)
}

/// `games graph --staircase | --every-root | --geography | --edge-heaps`: the game `mode` on the graph of
/// `input`, streamed like [`run_streaming`] (text only).
pub fn run_mode_streaming(
    input: &[u8],
    mode: Mode,
    writer: Box<dyn std::io::Write>,
) -> (Option<InputError>, std::io::Result<()>) {
    let mut sc = Scanner::new(input);
    let mut out = Out::streaming(writer);
    let result = run_mode(&mut sc, &mut out, mode);
    let written = out.finish();
    (result.err(), written)
}

/// [`run_mode_streaming`] on a whole input: the output written and the fault if there was one.
pub fn run_mode(sc: &mut Scanner<'_>, out: &mut Out, mode: Mode) -> Result<(), InputError> {
    match mode {
        Mode::Staircase => staircase::solve(sc, out),
        Mode::EveryRoot => staircase::every_root(sc, out),
        Mode::Geography => geography::solve(sc, out),
        Mode::EdgeHeaps => edge_heaps::solve(sc, out),
    }
}

/// Runs [`solve`] on a whole input: the output written and the fault if there was one.
pub fn run(input: &[u8], opts: Options) -> (Vec<u8>, Option<InputError>) {
    let mut sc = Scanner::new(input);
    let mut out = Out::new();
    let result = solve(&mut sc, &mut out, opts);
    (out.into_bytes(), result.err())
}

/// Runs [`solve`] on a whole input, streaming the output to `writer` in blocks
/// ([`Out::streaming`]): the fault if there was one, and the first write error.
pub fn run_streaming(
    input: &[u8],
    opts: Options,
    writer: Box<dyn std::io::Write>,
) -> (Option<InputError>, std::io::Result<()>) {
    let mut sc = Scanner::new(input);
    let mut out = Out::streaming(writer);
    let result = solve(&mut sc, &mut out, opts);
    let written = out.finish();
    (result.err(), written)
}
