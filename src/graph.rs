//! The `games graph` tool: any finite impartial game written as its position graph. Reads
//! `n m`, the arcs and optional positions (sums of tokens), and writes every vertex's value
//! (an integer or ∞(K)) and outcome, and every position's value, outcome and a winning or
//! draw-keeping move, as a text table or as JSON. The mathematics is in
//! [`theory::loopy`](crate::theory::loopy); misère play of one token uses
//! [`theory::retrograde`](crate::theory::retrograde). The format is in `problems/graph.md`.

use crate::error::InputError;
use crate::out::Out;
use crate::scanner::Scanner;
use crate::theory::loopy::{Analysis, ArcReader, Move, Outcome, Value, analyse_graph};
use crate::theory::retrograde::{self, ReverseGraph, Rules};
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

/// The most vertices: the work arrays (about 60 bytes a vertex on a graph with a cycle) are
/// allocated from `n` alone.
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

/// Misère play: turn 0 is the player to move first (the maximiser), turn 1 the other; ranks
/// 0 = turn 1 wins, 1 = draw, 2 = turn 0 wins; a player who cannot move wins.
pub const MISERE: Rules<2> =
    Rules { maximiser: [true, false], stuck: [2, 0], infinite: 1, outcomes: 3 };

/// Reads the whole input and writes the answers (see the module documentation).
pub fn solve(sc: &mut Scanner<'_>, out: &mut Out, opts: Options) -> Result<(), InputError> {
    let n = sc.u64_in("vertex count n", 0, MAX_VERTICES)?;
    let m = sc.u64_in("arc count m", 0, MAX_ARCS)?;
    // The arcs go straight into the graph's counters as they are read.
    let mut arcs = ArcReader::new(n as usize, sc.capacity_for(m, 2));
    for _ in 0..m {
        let a = sc.u64_in("vertex", 1, n)? - 1;
        let b = sc.u64_in("vertex", 1, n)? - 1;
        arcs.push(a as u32, b as u32);
    }
    if opts.misere {
        misere(sc, out, n as usize, arcs.into_arcs(), opts.json)
    } else if opts.json {
        let analysis = analyse_graph(arcs.finish());
        let positions = read_positions(sc, n, false)?;
        let report = Report {
            vertices: VertexList(&analysis),
            positions: positions.as_ref().map(|p| {
                p.iter().enumerate().map(|(i, t)| PositionJson::new(&analysis, i, t)).collect()
            }),
        };
        json(out, &report);
        Ok(())
    } else {
        let analysis = analyse_graph(arcs.finish());
        out.reserve(analysis.vertices() * 12);
        out.str("vertex value outcome\n");
        for v in 0..analysis.vertices() {
            out.int(v + 1).byte(b' ');
            write_value(out, &analysis.value(v));
            out.byte(b' ').byte(analysis.outcome(v).letter()).nl();
        }
        if sc.at_eof() {
            return Ok(());
        }
        let q = sc.u64("position count q")?;
        out.str("position value outcome token from to\n");
        let mut tokens = Vec::new();
        for i in 0..q {
            read_tokens(sc, n, &mut tokens, false)?;
            let (outcome, mv) = analysis.sum_outcome(&tokens);
            out.int(i + 1).byte(b' ');
            write_value(out, &analysis.sum_value(&tokens));
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
}

/// One position: `k` then `k` vertices, as 0-based indices into `tokens`.
fn read_tokens(
    sc: &mut Scanner<'_>,
    n: u64,
    tokens: &mut Vec<u32>,
    single: bool,
) -> Result<(), InputError> {
    let k = if single {
        sc.u64_in("token count k (--misere plays one token)", 1, 1)?
    } else {
        sc.u64("token count k")?
    };
    tokens.clear();
    tokens.reserve(sc.capacity_for(k, 1));
    for _ in 0..k {
        tokens.push((sc.u64_in("vertex", 1, n)? - 1) as u32);
    }
    Ok(())
}

/// The optional positions, all of them (for JSON), then the end of the input.
fn read_positions(
    sc: &mut Scanner<'_>,
    n: u64,
    single: bool,
) -> Result<Option<Vec<Vec<u32>>>, InputError> {
    if sc.at_eof() {
        return Ok(None);
    }
    let q = sc.u64("position count q")?;
    let mut all = Vec::with_capacity(sc.capacity_for(q, 1));
    for _ in 0..q {
        let mut tokens = Vec::new();
        read_tokens(sc, n, &mut tokens, single)?;
        all.push(tokens);
    }
    sc.expect_eof()?;
    Ok(Some(all))
}

/// `3` or `inf{0,2,5}`.
fn write_value(out: &mut Out, value: &Value) {
    match value {
        Value::Finite(g) => {
            out.int(*g);
        }
        Value::Infinite(k) => {
            out.str("inf{");
            for (i, g) in k.iter().enumerate() {
                if i > 0 {
                    out.byte(b',');
                }
                out.int(*g);
            }
            out.byte(b'}');
        }
    }
}

fn value_text(value: &Value) -> String {
    let mut out = Out::new();
    write_value(&mut out, value);
    String::from_utf8_lossy(out.as_bytes()).into_owned()
}

fn letter(o: Outcome) -> &'static str {
    match o {
        Outcome::P => "P",
        Outcome::N => "N",
        Outcome::D => "D",
    }
}

fn misere(
    sc: &mut Scanner<'_>,
    out: &mut Out,
    n: usize,
    arcs: Vec<(u32, u32)>,
    as_json: bool,
) -> Result<(), InputError> {
    let graph = ReverseGraph::from_arcs(n, &arcs);
    drop(arcs);
    let result = retrograde::outcomes(&graph, &MISERE);
    drop(graph);
    let outcome = |v: usize| match result.get(v, 0) {
        2 => "N",
        0 => "P",
        _ => "D",
    };
    if as_json {
        let positions = read_positions(sc, n as u64, true)?;
        let report = MisereReport {
            vertices: (0..n).map(|v| MisereVertex { vertex: v + 1, outcome: outcome(v) }).collect(),
            positions: positions.map(|p| {
                p.iter()
                    .enumerate()
                    .map(|(i, t)| MiserePosition {
                        position: i + 1,
                        tokens: t.iter().map(|&v| v as usize + 1).collect(),
                        outcome: outcome(t[0] as usize),
                    })
                    .collect()
            }),
        };
        json(out, &report);
        return Ok(());
    }
    out.str("vertex outcome\n");
    for v in 0..n {
        out.int(v + 1).byte(b' ').str(outcome(v)).nl();
    }
    if sc.at_eof() {
        return Ok(());
    }
    let q = sc.u64("position count q")?;
    out.str("position outcome\n");
    let mut tokens = Vec::new();
    for i in 0..q {
        read_tokens(sc, n as u64, &mut tokens, true)?;
        out.int(i + 1).byte(b' ').str(outcome(tokens[0] as usize)).nl();
    }
    sc.expect_eof()
}

fn json<T: Serialize>(out: &mut Out, value: &T) {
    // Writing into an `Out` cannot fail, and every key is a string; the document streams out
    // with the rest of the answers (no copy of it in memory).
    if serde_json::to_writer(&mut *out, value).is_ok() {
        out.nl();
    }
}

struct Report<'a> {
    vertices: VertexList<'a>,
    positions: Option<Vec<PositionJson>>,
}

crate::json_object!(Report<'a> { "vertices" => vertices, "positions" => positions unless Option::is_none });

/// Every vertex, serialised one by one (no list of 10^7 records in memory).
struct VertexList<'a>(&'a Analysis);

impl Serialize for VertexList<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = self.0;
        let mut seq = s.serialize_seq(Some(a.vertices()))?;
        for v in 0..a.vertices() {
            seq.serialize_element(&VertexJson::new(a.value(v), v, a.outcome(v)))?;
        }
        seq.end()
    }
}

/// `{"vertex": 1, "value": "inf{0,2}", "grundy": null, "loopy": [0, 2], "outcome": "N"}`:
/// `value` as in the text table; `grundy` the integer or null; `loopy` K or null.
struct VertexJson {
    vertex: usize,
    value: String,
    grundy: Option<u32>,
    loopy: Option<Vec<u32>>,
    outcome: &'static str,
}

crate::json_object!(VertexJson { "vertex" => vertex, "value" => value, "grundy" => grundy, "loopy" => loopy, "outcome" => outcome });

impl VertexJson {
    fn new(value: Value, v: usize, outcome: Outcome) -> Self {
        let text = value_text(&value);
        let (grundy, loopy) = match value {
            Value::Finite(g) => (Some(g), None),
            Value::Infinite(k) => (None, Some(k)),
        };
        VertexJson { vertex: v + 1, value: text, grundy, loopy, outcome: letter(outcome) }
    }
}

struct PositionJson {
    position: usize,
    tokens: Vec<usize>,
    value: String,
    grundy: Option<u32>,
    loopy: Option<Vec<u32>>,
    outcome: &'static str,
    play: Option<MoveJson>,
}

crate::json_object!(PositionJson { "position" => position, "tokens" => tokens, "value" => value, "grundy" => grundy, "loopy" => loopy, "outcome" => outcome, "move" => play });

/// A move: `token` is 1-based in the position's list; `from` and `to` are vertices.
struct MoveJson {
    token: usize,
    from: usize,
    to: usize,
}

crate::json_object!(MoveJson { "token" => token, "from" => from, "to" => to });

impl PositionJson {
    fn new(a: &Analysis, i: usize, tokens: &[u32]) -> Self {
        let value = a.sum_value(tokens);
        let (outcome, mv) = a.sum_outcome(tokens);
        let v = VertexJson::new(value, 0, outcome);
        PositionJson {
            position: i + 1,
            tokens: tokens.iter().map(|&t| t as usize + 1).collect(),
            value: v.value,
            grundy: v.grundy,
            loopy: v.loopy,
            outcome: v.outcome,
            play: mv.map(|m| MoveJson {
                token: m.token + 1,
                from: m.from as usize + 1,
                to: m.to as usize + 1,
            }),
        }
    }
}

struct MisereReport {
    vertices: Vec<MisereVertex>,
    positions: Option<Vec<MiserePosition>>,
}

crate::json_object!(MisereReport { "vertices" => vertices, "positions" => positions unless Option::is_none });

struct MisereVertex {
    vertex: usize,
    outcome: &'static str,
}

crate::json_object!(MisereVertex { "vertex" => vertex, "outcome" => outcome });

struct MiserePosition {
    position: usize,
    tokens: Vec<usize>,
    outcome: &'static str,
}

crate::json_object!(MiserePosition { "position" => position, "tokens" => tokens, "outcome" => outcome });

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
