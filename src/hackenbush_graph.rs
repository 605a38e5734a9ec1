//! The `games hackenbush-graph` tool: a Hackenbush picture in green, blue and red on any graph
//! (loops and parallel edges allowed). Reads `n m` and the edges `u v [c]`, writes the value in
//! CGSuite's notation and the outcome class, and with `--moves` each player's winning first
//! moves. The mathematics is in [`theory::hackenbush_graph`](crate::theory::hackenbush_graph)
//! and [`theory::canonical`](crate::theory::canonical); the format is in
//! `problems/hackenbush-graph.md`.

use crate::error::InputError;
use crate::out::Out;
use crate::scanner::Scanner;
use crate::theory::canonical::{Games, Outcome, OverBudget};
use crate::theory::hackenbush_graph::{self as hg, Colour, Edge, Limits, Value};

/// The most vertices and edges.
pub const MAX_VERTICES: u64 = 10_000_000;
pub const MAX_EDGES: u64 = 10_000_000;
/// The most edges hanging from the ground for `--moves` (one revaluation per edge).
pub const MAX_MOVES_EDGES: usize = 5000;

/// What to compute and how to write it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    pub json: bool,
    pub moves: bool,
    pub limits: Option<Limits>,
}

/// Why no answer was written.
#[derive(Debug)]
pub enum Fault {
    /// The input is malformed.
    Input(InputError),
    /// The picture is beyond the budget, or `--moves` beyond its size.
    Beyond(String),
}

impl From<InputError> for Fault {
    fn from(e: InputError) -> Self {
        Fault::Input(e)
    }
}

impl From<OverBudget> for Fault {
    fn from(e: OverBudget) -> Self {
        Fault::Beyond(format!("cannot value the picture: {e}"))
    }
}

impl From<crate::error::AllocError> for Fault {
    fn from(e: crate::error::AllocError) -> Self {
        Fault::Input(e.into())
    }
}

/// Reads the picture: `n`, and the edges.
pub fn read(sc: &mut Scanner) -> Result<(usize, Vec<Edge>), InputError> {
    let n = sc.u64_in("number of vertices", 1, MAX_VERTICES)?;
    let m = sc.u64_in("number of edges", 0, MAX_EDGES)?;
    let mut edges = crate::error::try_with_capacity(sc.capacity_for(m, 2), "the edges")?;
    for _ in 0..m {
        let u = sc.u64_in("vertex", 0, n - 1)? as u32;
        let v = sc.u64_in("vertex", 0, n - 1)? as u32;
        let at = sc.peek_start();
        let colour = match sc.input().get(at) {
            Some(b) if b.is_ascii_alphabetic() => {
                let w = sc.word("colour")?;
                match w {
                    b"g" => Colour::Green,
                    b"b" => Colour::Blue,
                    b"r" => Colour::Red,
                    _ => return Err(InputError::new(at, "colour g, b or r")),
                }
            }
            _ => Colour::Green,
        };
        edges.push(Edge { u, v, colour });
    }
    sc.expect_eof()?;
    Ok((n as usize, edges))
}

/// The answer for a picture.
pub struct Answer {
    pub value: String,
    pub outcome: Outcome,
    /// 1-based edge numbers of the winning first moves, when asked.
    pub left_moves: Option<Vec<usize>>,
    pub right_moves: Option<Vec<usize>>,
}

/// Values the picture (and its winning moves when `moves`).
pub fn answer(n: usize, edges: &[Edge], moves: bool, limits: Limits) -> Result<Answer, Fault> {
    crate::error::probe(
        n.saturating_mul(40).saturating_add(edges.len().saturating_mul(40)),
        "the picture's work arrays",
    )?;
    let mut games = Games::new(limits.forms);
    let value = hg::picture_value(n, edges, &mut games, limits)?;
    let outcome = value.outcome(&mut games)?;
    let text = value.show(&mut games)?;
    let (left_moves, right_moves) = if moves {
        let (l, r) = winning_moves(n, edges, &mut games, limits)?;
        (Some(l), Some(r))
    } else {
        (None, None)
    };
    Ok(Answer { value: text, outcome, left_moves, right_moves })
}

/// The edges whose cut wins for Left moving first (the rest is `>= 0`) and for Right.
fn winning_moves(
    n: usize,
    edges: &[Edge],
    games: &mut Games,
    limits: Limits,
) -> Result<(Vec<usize>, Vec<usize>), Fault> {
    let comps = hg::ground_components(n, edges);
    let standing: usize = comps.iter().map(Vec::len).sum();
    if standing > MAX_MOVES_EDGES {
        return Err(Fault::Beyond(format!(
            "--moves values the picture once per edge: at most {MAX_MOVES_EDGES} edges hanging from the ground, found {standing}"
        )));
    }
    let mut renumber = hg::Renumber::new(n);
    let mut values = Vec::with_capacity(comps.len());
    for ids in &comps {
        let (ln, le) = renumber.local(edges, ids);
        values.push(hg::component_value(ln, &le, games, limits)?);
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (c, ids) in comps.iter().enumerate() {
        let mut others = Value::default();
        for (d, v) in values.iter().enumerate() {
            if d != c {
                others = others.plus(v);
            }
        }
        let (ln, le) = renumber.local(edges, ids);
        for (k, &id) in ids.iter().enumerate() {
            let rest = hg::after_cut(ln, &le, k);
            let after = others.plus(&hg::picture_value(ln, &rest, games, limits)?);
            let o = after.outcome(games)?;
            let colour = edges[id as usize].colour;
            if colour.cuttable_by(true) && matches!(o, Outcome::L | Outcome::P) {
                left.push(id as usize + 1);
            }
            if colour.cuttable_by(false) && matches!(o, Outcome::R | Outcome::P) {
                right.push(id as usize + 1);
            }
        }
    }
    left.sort_unstable();
    right.sort_unstable();
    Ok((left, right))
}

/// Reads, values and writes.
pub fn solve(sc: &mut Scanner, out: &mut Out, opts: Options) -> Result<(), Fault> {
    let (n, edges) = read(sc)?;
    let a = answer(n, &edges, opts.moves, opts.limits.unwrap_or_default())?;
    if opts.json {
        let doc = AnswerJson {
            value: a.value,
            outcome: a.outcome.letter(),
            left_moves: a.left_moves,
            right_moves: a.right_moves,
        };
        if serde_json::to_writer(&mut *out, &doc).is_ok() {
            out.nl();
        }
        return Ok(());
    }
    out.str("value ").str(&a.value).nl();
    out.str("outcome ").str(a.outcome.letter()).nl();
    for (name, list) in [("left-moves", &a.left_moves), ("right-moves", &a.right_moves)] {
        if let Some(list) = list {
            out.str(name);
            if list.is_empty() {
                out.str(" none");
            }
            for &e in list {
                out.byte(b' ').int(e);
            }
            out.nl();
        }
    }
    Ok(())
}

struct AnswerJson {
    value: String,
    outcome: &'static str,
    left_moves: Option<Vec<usize>>,
    right_moves: Option<Vec<usize>>,
}

crate::json_object!(AnswerJson {
    "value" => value,
    "outcome" => outcome,
    "left_moves" => left_moves unless Option::is_none,
    "right_moves" => right_moves unless Option::is_none,
});

/// Runs the tool on `input`, streaming to `writer`.
pub fn run_streaming(
    input: &[u8],
    opts: Options,
    writer: Box<dyn std::io::Write>,
) -> (Option<Fault>, std::io::Result<()>) {
    let mut sc = Scanner::new(input);
    let mut out = Out::streaming(writer);
    let result = solve(&mut sc, &mut out, opts);
    let written = out.finish();
    (result.err(), written)
}
