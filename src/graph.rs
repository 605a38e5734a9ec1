//! The `games graph` tool: any finite impartial game written as its position graph. Reads
//! `n m`, the arcs and optional positions (sums of tokens), and writes every vertex's value
//! (an integer or ∞(K)) and outcome, and every position's value, outcome and a winning or
//! draw-keeping move, as a text table or as JSON. The mathematics is in
//! [`theory::loopy`](crate::theory::loopy); misère play of one token uses
//! [`theory::retrograde`](crate::theory::retrograde). The format is in `problems/graph.md`.

use crate::error::InputError;
use crate::out::Out;
use crate::scanner::Scanner;
use crate::theory::loopy::{Analysis, Graph, Move, Outcome, Value, analyse_graph};
use crate::theory::retrograde::{self, ReverseGraph, Rules};
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

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

/// Misère play: turn 0 is the player to move first (the maximiser), turn 1 the other; ranks
/// 0 = turn 1 wins, 1 = draw, 2 = turn 0 wins; a player who cannot move wins.
pub const MISERE: Rules<2> =
    Rules { maximiser: [true, false], stuck: [2, 0], infinite: 1, outcomes: 3 };

/// Bytes the analysis may take a vertex and an arc beyond the arcs themselves, checked with
/// [`crate::error::probe`] before it runs: at the peak of a graph with a cycle, the CSR lists
/// (8 a vertex, 4 an arc), the acyclic pass's records (16), the level words (16), value list
/// (4) and queues (12); the follower lists asked for by positions come after the records are
/// freed, and the misère retrograde engine takes less.
const BYTES_PER_VERTEX: usize = 56;
const BYTES_PER_ARC: usize = 8;

/// The vertices that the arcs touch, renumbered `0..t` in increasing order. A vertex no arc
/// touches is isolated: no move out (value 0, `P`; `N` in misère play) and none in, so it
/// changes nothing for the others and needs no entry in the analysis. When the arcs have fewer
/// endpoints than there are vertices (`2m < n`), the analysis runs on the touched vertices
/// only, so its memory follows the input and not the claimed `n`; otherwise every vertex keeps
/// its number (the work arrays are then bounded by the arcs read). The renumbering keeps the
/// order, so the moves chosen are the same either way.
struct Touched {
    /// The touched vertices, sorted; `None` when every vertex keeps its number.
    ids: Option<Vec<u32>>,
    /// Vertices of the analysis.
    len: usize,
}

impl Touched {
    /// Renumbers the endpoints of `arcs` (all below `n`) in place.
    fn renumber(n: usize, arcs: &mut [(u32, u32)]) -> Result<Touched, InputError> {
        if n <= arcs.len().saturating_mul(2) {
            return Ok(Touched { ids: None, len: n });
        }
        let mut ids: Vec<u32> =
            crate::error::try_with_capacity(arcs.len() * 2, "the graph's touched vertices")?;
        ids.extend(arcs.iter().flat_map(|&(a, b)| [a, b]));
        ids.sort_unstable();
        ids.dedup();
        let rank = |v: u32| ids.partition_point(|&x| x < v) as u32;
        for arc in arcs.iter_mut() {
            *arc = (rank(arc.0), rank(arc.1));
        }
        let len = ids.len();
        Ok(Touched { ids: Some(ids), len })
    }

    /// `v`'s number in the analysis, or `None` when it is isolated.
    fn inner(&self, v: u32) -> Option<u32> {
        match &self.ids {
            None => Some(v),
            Some(ids) => ids.binary_search(&v).ok().map(|i| i as u32),
        }
    }

    /// The vertex numbered `c` in the analysis.
    fn outer(&self, c: u32) -> u32 {
        match &self.ids {
            None => c,
            Some(ids) => ids[c as usize],
        }
    }

    /// For each vertex `0..n` in order, its number in the analysis or `None` when isolated
    /// (one merge over the sorted ids: no lookup, no per-vertex memory).
    fn each(&self, n: usize) -> impl Iterator<Item = Option<usize>> + '_ {
        let mut next = 0usize;
        (0..n).map(move |v| match &self.ids {
            None => Some(v),
            Some(ids) => {
                if ids.get(next).is_some_and(|&x| x as usize == v) {
                    next += 1;
                    Some(next - 1)
                } else {
                    None
                }
            }
        })
    }

    /// Checks that the analysis of `arcs` arcs can have its memory.
    fn probe(&self, arcs: usize) -> Result<(), InputError> {
        let bytes = self
            .len
            .saturating_mul(BYTES_PER_VERTEX)
            .saturating_add(arcs.saturating_mul(BYTES_PER_ARC));
        crate::error::probe(bytes, "the graph analysis")?;
        Ok(())
    }
}

/// A position's tokens on touched vertices, in the analysis' numbering, and where each stands
/// in the position's list (tokens on isolated vertices have value 0 and no move: they change
/// neither the value nor the outcome, and are never the token moved).
fn inner_tokens(touched: &Touched, tokens: &[u32], inner: &mut Vec<u32>, at: &mut Vec<usize>) {
    inner.clear();
    at.clear();
    for (i, &t) in tokens.iter().enumerate() {
        if let Some(c) = touched.inner(t) {
            inner.push(c);
            at.push(i);
        }
    }
}

/// The value, outcome and move of a position (`tokens` 0-based vertices), through the
/// renumbering.
fn position(
    a: &Analysis,
    touched: &Touched,
    tokens: &[u32],
    scratch: &mut (Vec<u32>, Vec<usize>),
) -> (Value, Outcome, Option<Move>) {
    let (inner, at) = scratch;
    inner_tokens(touched, tokens, inner, at);
    let value = a.sum_value(inner);
    let (outcome, mv) = a.sum_outcome(inner);
    let mv = mv.map(|Move { token, from, to }| Move {
        token: at[token],
        from: touched.outer(from),
        to: touched.outer(to),
    });
    (value, outcome, mv)
}

/// Reads the whole input and writes the answers (see the module documentation).
pub fn solve(sc: &mut Scanner<'_>, out: &mut Out, opts: Options) -> Result<(), InputError> {
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
    let n = n as usize;
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
    touched: &Touched,
    arcs: Vec<(u32, u32)>,
    as_json: bool,
) -> Result<(), InputError> {
    let graph = ReverseGraph::from_arcs(touched.len, &arcs);
    drop(arcs);
    let result = retrograde::outcomes(&graph, &MISERE);
    drop(graph);
    // An isolated vertex: the player to move cannot move, and wins.
    let inner = |c: Option<usize>| match c.map(|c| result.get(c, 0)) {
        None | Some(2) => "N",
        Some(0) => "P",
        Some(_) => "D",
    };
    let outcome = |v: u32| inner(touched.inner(v).map(|c| c as usize));
    if as_json {
        let positions = read_positions(sc, n as u64, true)?;
        let report = MisereReport {
            vertices: MisereVertices { n, touched, outcome: &inner },
            positions: positions.map(|p| {
                p.iter()
                    .enumerate()
                    .map(|(i, t)| MiserePosition {
                        position: i + 1,
                        tokens: t.iter().map(|&v| v as usize + 1).collect(),
                        outcome: outcome(t[0]),
                    })
                    .collect()
            }),
        };
        json(out, &report);
        return Ok(());
    }
    out.str("vertex outcome\n");
    for (v, c) in touched.each(n).enumerate() {
        out.int(v + 1).byte(b' ').str(inner(c)).nl();
    }
    if sc.at_eof() {
        return Ok(());
    }
    let q = sc.u64("position count q")?;
    out.str("position outcome\n");
    let mut tokens = Vec::new();
    for i in 0..q {
        read_tokens(sc, n as u64, &mut tokens, true)?;
        out.int(i + 1).byte(b' ').str(outcome(tokens[0])).nl();
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

/// Every vertex `0..n`, serialised one by one (no list of 10^8 records in memory).
struct VertexList<'a>(&'a Analysis, &'a Touched, usize);

impl Serialize for VertexList<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let VertexList(a, touched, n) = *self;
        let mut seq = s.serialize_seq(Some(n))?;
        for (v, c) in touched.each(n).enumerate() {
            let vertex = match c {
                Some(c) => VertexJson::new(a.value(c), v, a.outcome(c)),
                None => VertexJson::new(Value::Finite(0), v, Outcome::P),
            };
            seq.serialize_element(&vertex)?;
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
    fn new(i: usize, tokens: &[u32], (value, outcome, mv): (Value, Outcome, Option<Move>)) -> Self {
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

struct MisereReport<'a> {
    vertices: MisereVertices<'a>,
    positions: Option<Vec<MiserePosition>>,
}

crate::json_object!(MisereReport<'a> { "vertices" => vertices, "positions" => positions unless Option::is_none });

struct MisereVertex {
    vertex: usize,
    outcome: &'static str,
}

crate::json_object!(MisereVertex { "vertex" => vertex, "outcome" => outcome });

/// Every vertex's misère outcome, serialised one by one (no list of 10^8 records in memory).
struct MisereVertices<'a> {
    n: usize,
    touched: &'a Touched,
    outcome: &'a dyn Fn(Option<usize>) -> &'static str,
}

impl Serialize for MisereVertices<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.n))?;
        for (v, c) in self.touched.each(self.n).enumerate() {
            seq.serialize_element(&MisereVertex { vertex: v + 1, outcome: (self.outcome)(c) })?;
        }
        seq.end()
    }
}

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
