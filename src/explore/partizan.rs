//! `games explore --partizan`: a partizan game from a moves program. Each reply line is
//! `LEFT | RIGHT`, Left's options and Right's options, each `;`-separated (either may be empty),
//! an option a sum of positions joined by `+`. Every position met from the box (and the `--at`
//! positions) gets its canonical form ([`crate::theory::canonical`]): an option's value is the
//! sum of its parts' values, a position's value `{left values | right values}` simplified. The
//! game must end (a position that can come back to itself is refused), and the canonical forms
//! stay within a budget. The box gets an "all numbers?" verdict with its first non-number and why.

use super::program::{BATCH, excerpt, parse_coord};
use super::space::{Coords, MAX_ARITY, Space, format_position};
use crate::harness::process::{self, Limits, Outcome as Run};
use crate::theory::canonical::{GameId, Games, Outcome};
use std::collections::HashMap;
use std::time::Duration;

/// The most distinct canonical forms.
pub const MAX_FORMS: usize = 500_000;

/// A position's options: for each option, its parts (position numbers).
type Options = Vec<Vec<u32>>;

/// The positions met and their options.
#[derive(Default)]
pub struct Graph {
    pub coords: Vec<Coords>,
    pub left: Vec<Options>,
    pub right: Vec<Options>,
}

/// One position's answer.
pub struct Entry {
    pub position: Coords,
    pub value: String,
    pub outcome: Outcome,
}

/// The first box position that is not a number, and why.
pub struct NonNumber {
    pub position: Coords,
    pub value: String,
    pub why: String,
}

/// The whole result.
pub struct Report {
    pub arity: usize,
    /// Every box position, in box order.
    pub cells: Vec<Entry>,
    pub at: Vec<Entry>,
    pub first_non_number: Option<NonNumber>,
    pub positions_met: usize,
}

/// Runs the program on a batch and parses the replies into `graph`.
struct Explorer<'a> {
    cmd: &'a str,
    arity: usize,
    timeout: Duration,
    max_positions: usize,
    index: HashMap<Coords, u32>,
    graph: Graph,
}

impl Explorer<'_> {
    fn intern(&mut self, p: Coords) -> Result<u32, String> {
        if let Some(&v) = self.index.get(&p) {
            return Ok(v);
        }
        let v = self.graph.coords.len();
        if v >= self.max_positions {
            return Err(format!(
                "the game reaches more than {} positions from the box (the last one met: '{}'); raise --max-positions or use a smaller box",
                self.max_positions,
                format_position(&p, self.arity)
            ));
        }
        self.graph.coords.push(p);
        self.index.insert(p, v as u32);
        Ok(v as u32)
    }

    fn ask(&mut self, from: usize, to: usize) -> Result<(), String> {
        let batch: Vec<Coords> = self.graph.coords[from..to].to_vec();
        let mut input = Vec::new();
        for p in &batch {
            input.extend_from_slice(format_position(p, self.arity).as_bytes());
            input.push(b'\n');
        }
        let cap = (16usize << 20) + batch.len().saturating_mul(64 << 10);
        let first = format_position(&batch[0], self.arity);
        let run = process::run_command(
            self.cmd,
            &input,
            Limits { timeout: self.timeout, output_cap: cap },
        )
        .map_err(|e| format!("cannot run the moves program: {e}"))?;
        let stdout = match run.outcome {
            Run::Finished { stdout, .. } => stdout,
            Run::Crashed { status, .. } => {
                return Err(format!(
                    "the moves program failed ({status}) on a batch starting at '{first}'"
                ));
            }
            Run::TimedOut => {
                return Err(format!(
                    "the moves program did not finish within {} s on a batch starting at '{first}' (--timeout)",
                    self.timeout.as_secs_f64()
                ));
            }
            Run::TooLong { cap, .. } => {
                return Err(format!(
                    "the moves program wrote more than {cap} bytes on a batch starting at '{first}'"
                ));
            }
        };
        let mut rest: &[u8] = &stdout;
        for (i, asked) in batch.iter().enumerate() {
            let pos = format_position(asked, self.arity);
            if rest.is_empty() {
                return Err(format!(
                    "the moves program printed {i} lines for {} positions: no line for position '{pos}'",
                    batch.len()
                ));
            }
            let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            let line = &rest[..end];
            rest = rest.get(end + 1..).unwrap_or(&[]);
            let (l, r) = self.parse_line(line).map_err(|why| {
                format!(
                    "the moves program's reply to position '{pos}' is '{}': {why}",
                    excerpt(line)
                )
            })?;
            self.graph.left.push(l);
            self.graph.right.push(r);
        }
        if rest.iter().any(|b| !b.is_ascii_whitespace()) {
            let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            return Err(format!(
                "the moves program printed more lines than the {} positions it was given; the first extra line is '{}'",
                batch.len(),
                excerpt(&rest[..end])
            ));
        }
        Ok(())
    }

    /// `LEFT | RIGHT`.
    fn parse_line(&mut self, line: &[u8]) -> Result<(Options, Options), String> {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let bars = line.iter().filter(|&&b| b == b'|').count();
        if bars == 0 {
            return Err("no '|' between Left's options and Right's options".into());
        }
        if bars > 1 {
            return Err(format!(
                "{bars} '|' where exactly one separates Left's options from Right's"
            ));
        }
        let bar = line.iter().position(|&b| b == b'|').unwrap_or(0);
        let left = self.parse_side(&line[..bar])?;
        let right = self.parse_side(&line[bar + 1..])?;
        Ok((left, right))
    }

    fn parse_side(&mut self, side: &[u8]) -> Result<Options, String> {
        let mut out = Vec::new();
        if side.iter().all(|&b| b == b' ' || b == b'\t') {
            return Ok(out);
        }
        for option in side.split(|&b| b == b';') {
            let mut parts = Vec::new();
            for part in option.split(|&b| b == b'+') {
                let p = parse_part(part, self.arity)?;
                parts.push(self.intern(p)?);
            }
            out.push(parts);
        }
        Ok(out)
    }
}

/// One position: exactly `arity` whole numbers.
fn parse_part(part: &[u8], arity: usize) -> Result<Coords, String> {
    let mut p = [0u64; MAX_ARITY];
    let mut k = 0;
    for t in part.split(|&b| b == b' ' || b == b'\t').filter(|t| !t.is_empty()) {
        if k == arity {
            return Err(format!("'{}' has more than {arity} coordinates", excerpt(part).trim()));
        }
        p[k] = parse_coord(t)
            .ok_or_else(|| format!("'{}' is not a whole number from 0 to 2^63 - 1", excerpt(t)))?;
        k += 1;
    }
    if k == 0 {
        return Err("an empty option (two separators in a row, or one at an end)".into());
    }
    if k < arity {
        return Err(format!("'{}' has {k} coordinates, not {arity}", excerpt(part).trim()));
    }
    Ok(p)
}

/// Explores from the box cells and `at`, then values every position.
pub fn explore(
    space: &Space,
    at: &[Coords],
    cmd: &str,
    timeout: Duration,
    max_positions: usize,
    max_starts: usize,
) -> Result<Report, String> {
    let cells = space.cells();
    if cells > max_positions {
        return Err(format!(
            "the box has {cells} positions, more than --max-positions {max_positions}"
        ));
    }
    let mut ex = Explorer {
        cmd,
        arity: space.arity(),
        timeout,
        max_positions,
        index: HashMap::new(),
        graph: Graph::default(),
    };
    for c in 0..cells {
        ex.intern(space.position(c))?;
    }
    let at_ids: Vec<u32> = at.iter().map(|p| ex.intern(*p)).collect::<Result<_, _>>()?;
    let mut starts = 0usize;
    while ex.graph.left.len() < ex.graph.coords.len() {
        // Each batch is one start of the program: a game whose options lead out of the box
        // one level at a time would otherwise start it once per level, for hours.
        if starts == max_starts {
            return Err(format!(
                "the moves program was started {starts} times (--max-starts): the game's options lead out of the box one level at a time ({} positions known); raise --max-starts",
                ex.graph.coords.len()
            ));
        }
        starts += 1;
        let from = ex.graph.left.len();
        let to = ex.graph.coords.len().min(from + BATCH);
        ex.ask(from, to)?;
    }
    let graph = ex.graph;
    let mut games = Games::new(MAX_FORMS);
    let values = value_all(&graph, &mut games, space.arity())?;
    let entry = |v: u32, games: &mut Games| -> Result<Entry, String> {
        let g = values[v as usize];
        Ok(Entry {
            position: graph.coords[v as usize],
            value: games.show(g).map_err(budget)?,
            outcome: games.outcome(g),
        })
    };
    let mut report = Report {
        arity: space.arity(),
        cells: Vec::new(),
        at: Vec::new(),
        first_non_number: None,
        positions_met: graph.coords.len(),
    };
    for (c, &value) in values.iter().enumerate().take(cells) {
        report.cells.push(entry(c as u32, &mut games)?);
        if report.first_non_number.is_none() && games.as_number(value).is_none() {
            let why = why_not_a_number(&mut games, value).map_err(budget)?;
            report.first_non_number = Some(NonNumber {
                position: graph.coords[c],
                value: report.cells[c].value.clone(),
                why,
            });
        }
    }
    for v in at_ids {
        report.at.push(entry(v, &mut games)?);
    }
    Ok(report)
}

fn budget(e: crate::theory::canonical::OverBudget) -> String {
    format!("the canonical forms are too large: {e}")
}

/// The canonical form of every position, options before positions (an explicit stack); a
/// position that can come back to itself is refused.
fn value_all(graph: &Graph, games: &mut Games, arity: usize) -> Result<Vec<GameId>, String> {
    const TODO: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let n = graph.coords.len();
    let mut state = vec![TODO; n];
    let mut values = vec![0 as GameId; n];
    let children = |v: usize| graph.left[v].iter().chain(graph.right[v].iter()).flatten().copied();
    for root in 0..n {
        if state[root] != TODO {
            continue;
        }
        let mut stack: Vec<(u32, bool)> = vec![(root as u32, false)];
        while let Some((v, expanded)) = stack.pop() {
            let vi = v as usize;
            if expanded {
                values[vi] = value_of(graph, games, &values, vi).map_err(budget)?;
                state[vi] = DONE;
                continue;
            }
            if state[vi] == DONE {
                continue;
            }
            if state[vi] == OPEN {
                continue;
            }
            state[vi] = OPEN;
            stack.push((v, true));
            for w in children(vi) {
                match state[w as usize] {
                    TODO => stack.push((w, false)),
                    OPEN => {
                        return Err(format!(
                            "the game does not end: position '{}' can come back to itself (partizan values need every play to end)",
                            format_position(&graph.coords[w as usize], arity)
                        ));
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(values)
}

fn value_of(
    graph: &Graph,
    games: &mut Games,
    values: &[GameId],
    v: usize,
) -> Result<GameId, crate::theory::canonical::OverBudget> {
    let mut sides = [Vec::new(), Vec::new()];
    for (k, opts) in [&graph.left[v], &graph.right[v]].into_iter().enumerate() {
        for parts in opts {
            let mut s = values[parts[0] as usize];
            for &p in &parts[1..] {
                s = games.add(s, values[p as usize])?;
            }
            sides[k].push(s);
        }
    }
    games.form(&sides[0], &sides[1])
}

/// Why the canonical form `g` is not a number.
fn why_not_a_number(
    games: &mut Games,
    g: GameId,
) -> Result<String, crate::theory::canonical::OverBudget> {
    let text = games.show(g)?;
    if !text.contains('{') && !text.contains('^') && !text.contains('v') && text.contains('*') {
        return Ok("a nimber part".into());
    }
    let (l, r) = games.options(g)?;
    for &a in &l {
        for &b in &r {
            if games.le(b, a) {
                let (sa, sb) = (games.show(a)?, games.show(b)?);
                return Ok(format!("a switch: Left's option {sa} >= Right's option {sb}"));
            }
        }
    }
    for &o in l.iter().chain(r.iter()) {
        if games.as_number(o).is_none() {
            return Ok(format!("its option {} is not a number", games.show(o)?));
        }
    }
    Ok("not a number".into())
}

/// The report as text: one line per box position, the verdict, the `--at` answers.
pub fn text(report: &Report, out: &mut crate::out::Out) {
    out.str("position value outcome").nl();
    for e in &report.cells {
        out.str(&format_position(&e.position, report.arity))
            .byte(b' ')
            .str(&e.value)
            .byte(b' ')
            .str(e.outcome.letter())
            .nl();
    }
    match &report.first_non_number {
        None => out.str("all numbers: yes").nl(),
        Some(nn) => out
            .str("all numbers: no; first at ")
            .str(&format_position(&nn.position, report.arity))
            .str(": ")
            .str(&nn.value)
            .str(" (")
            .str(&nn.why)
            .str(")")
            .nl(),
    };
    for e in &report.at {
        out.str("at ")
            .str(&format_position(&e.position, report.arity))
            .str(": value ")
            .str(&e.value)
            .str(" outcome ")
            .str(e.outcome.letter())
            .nl();
    }
}

struct EntryJson {
    position: Vec<u64>,
    value: String,
    outcome: &'static str,
}
crate::json_object!(EntryJson { "position" => position, "value" => value, "outcome" => outcome });

struct NonNumberJson {
    position: Vec<u64>,
    value: String,
    why: String,
}
crate::json_object!(NonNumberJson { "position" => position, "value" => value, "why" => why });

struct ReportJson {
    positions: Vec<EntryJson>,
    all_numbers: bool,
    first_non_number: Option<NonNumberJson>,
    at: Vec<EntryJson>,
    positions_met: usize,
}
crate::json_object!(ReportJson {
    "positions" => positions,
    "all_numbers" => all_numbers,
    "first_non_number" => first_non_number unless Option::is_none,
    "at" => at,
    "positions_met" => positions_met,
});

/// The report as one JSON object.
pub fn json(report: &Report, out: &mut crate::out::Out) {
    let a = report.arity;
    let entry = |e: &Entry| EntryJson {
        position: e.position[..a].to_vec(),
        value: e.value.clone(),
        outcome: e.outcome.letter(),
    };
    let doc = ReportJson {
        positions: report.cells.iter().map(entry).collect(),
        all_numbers: report.first_non_number.is_none(),
        first_non_number: report.first_non_number.as_ref().map(|n| NonNumberJson {
            position: n.position[..a].to_vec(),
            value: n.value.clone(),
            why: n.why.clone(),
        }),
        at: report.at.iter().map(entry).collect(),
        positions_met: report.positions_met,
    };
    if serde_json::to_writer(&mut *out, &doc).is_ok() {
        out.nl();
    }
}
