//! `games explore --remoteness` (and `--serve` for impartial games): options in, the report of
//! `crate::explore::remoteness` out (a table of outcomes with remotenesses, `--at` answers,
//! conjunctive compounds `A & B`, selective `A | B`, continued conjunctive `A && B`, diminished
//! disjunctive `A ~ B`), or the perfect player of `crate::explore::serve`.

use super::Request;
use crate::explore::answers::player::{ListFar, Player};
use crate::explore::far;
use crate::explore::guard;
use crate::explore::kind::value_kind::{Compound, DRAWN, ValueKind};
use crate::explore::program::Program;
use crate::explore::reach;
use crate::explore::remoteness::{self, GraphCompound, Solved};
use crate::explore::report::entries::Valued;
use crate::explore::serve::{self, Oracle, Written};
use crate::explore::space::{Coords, Space, format_position, parse_position};
use crate::harness::process;
use crate::out::Out;
use crate::theory::remoteness::DRAW;
use anyhow::Result;

/// A drawn part among remotenesses of 64 bits (far positions' remotenesses pass 2^32).
const DRAW64: u64 = u64::MAX;

/// A computed remoteness on 64 bits.
fn r64(r: u32) -> u64 {
    if r == DRAW { DRAW64 } else { u64::from(r) }
}

/// `P` or `N` for a finite remoteness of 64 bits (odd wins in normal play, even in misère).
fn outcome64(r: u64, misere: bool) -> u8 {
    if (r % 2 == 1) != misere { b'N' } else { b'P' }
}
use std::cell::RefCell;
use std::process::ExitCode;
use std::time::Duration;

use super::{interrupted, usage};

/// Runs `games explore --remoteness` or `--serve` on an impartial game.
pub fn run(req: &Request) -> Result<ExitCode> {
    let spec = req.box_spec.as_str();
    let space = Space::parse(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    space.check_cells().map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    if req.multiset {
        return Err(usage(
            "--remoteness and --serve take plain positions, not --multiset (a multiset of heaps is a sum, and remoteness does not add up over sums: list whole positions)"
                .into(),
        ));
    }
    let misere = req.misere;
    let at: Vec<(String, Vec<Coords>)> = asked_texts(req)?
        .into_iter()
        .map(|(s, whence)| {
            compound(&s, space.arity())
                .map(|c| (shown(&s, &c, space.arity()), c))
                .map_err(|e| if whence.is_empty() { e } else { usage(format!("{whence}{e}")) })
        })
        .collect::<Result<_>>()?;
    let winning: Vec<Coords> = req
        .list_of("winning")
        .iter()
        .map(|t| parse_position(t, space.arity()).map_err(|e| usage(format!("--winning: {e}"))))
        .collect::<Result<_>>()?;
    // Far parts asked: the guard's region (the box, a band past it, the near parts) is
    // computed for real, so the patterns are checked past the box and near parts need none.
    let max = req.max_positions;
    let parts: Vec<Coords> =
        at.iter().flat_map(|(_, p)| p.iter().copied()).chain(winning.iter().copied()).collect();
    let k = space.arity();
    let computed = match parts.iter().all(|p| space.contains(&p[..k])) {
        true => space.clone(),
        false => guard::region(&space, &parts, max).unwrap_or_else(|| space.clone()),
    };
    let (solved, game, source) = match req.game.as_ref() {
        Some(name) => {
            let g =
                crate::explore::builtin::parse(name).map_err(|e| usage(format!("--game: {e}")))?;
            super::builtin_within_budget(req, &space)?;
            if crate::explore::builtin::arity(&g) != space.arity() {
                return Err(usage(format!("--game {name} does not have the box's arity")));
            }
            let s = remoteness::from_builtin(&g, &computed, misere)
                .map_err(|e| anyhow::anyhow!("explore: {e}"))?;
            (s, format!("built-in game {name}"), Source::Builtin(g))
        }
        None => match from_program(req, &computed, misere)? {
            Ok((s, name, program)) => (s, name, Source::Program(program)),
            Err(code) => return Ok(code),
        },
    };
    let kind = far::Remoteness { misere };
    let outcomes = box_outcomes(&space, &solved, &kind);
    if let Some(written) = super::output::kind_list_or_count(req, &outcomes, || outcomes.tally()) {
        return written;
    }
    super::search_settings(req);
    let mut found = patterns(&space, &solved);
    let time = Duration::from_secs_f64(req.far_check_time);
    let checks = req.far_checks as usize;
    if req.serve {
        return serve(&solved, found, &source, space.arity(), (time, checks));
    }
    let asked = (&at[..], &winning[..]);
    let (answers, wins) = match answer_all(&solved, &mut found, &source, asked, (time, checks)) {
        Ok(a) => a,
        Err(e) => return Ok(interrupted(e)),
    };
    let mut out = Out::new();
    if req.json {
        json(&mut out, &game, &space, &solved, (&at, &answers), (&winning, &wins), &found)?;
    } else {
        let head = (game.as_str(), &space, !req.no_table);
        text(&mut out, head, &solved, &found, (&at, &answers), (&winning, &wins));
    }
    crate::console::write_stdout(out.as_bytes())?;
    super::output::kind_check_and_svg(req, &outcomes, ExitCode::SUCCESS)
}

/// The box's remotenesses as `--list`, `--count`, `--svg` and `--check` read them, a
/// disagreement shown with every move of the position and its remoteness.
fn box_outcomes<'a>(space: &'a Space, s: &'a Solved, kind: &'a far::Remoteness) -> Valued<'a> {
    let k = space.arity();
    let values = Box::new(move |c: usize| known_of(s, &space.position(c)[..k]));
    let evidence = Box::new(move |c: usize| {
        let Some(v) = s.find(&space.position(c)[..k]) else { return String::new() };
        let options = s.options(v);
        if options.is_empty() {
            return "; it has no move at all".to_string();
        }
        let shown: Vec<String> = options
            .iter()
            .take(12)
            .map(|&u| {
                let r = crate::explore::answers::player::Explored::value(s, u as usize);
                format!("'{}' ({})", s.show(u as usize), kind.show(r))
            })
            .collect();
        let more = if options.len() > 12 { ", ..." } else { "" };
        format!(
            "; its moves: {}{more} (a win moves to the quickest loss, a loss to the slowest win: 1 + that remoteness)",
            shown.join(", ")
        )
    });
    Valued::remoteness(space, kind, values, evidence)
}

/// The text report: the head line, the table (`head.2`), the patterns, the `--at` answers and
/// the `--winning` lines.
fn text(
    out: &mut Out,
    (game, space, with_table): (&str, &Space, bool),
    solved: &Solved,
    found: &far::Found,
    (at, answers): (&[Asked], &[Vec<Part>]),
    (winning, wins): (&[Coords], &[Moves]),
) {
    let play = if solved.misere { "misère play" } else { "normal play" };
    out.str(&format!(
        "game: {game}, box {} ({} positions; {} explored), {play}, remoteness (win fast, lose slow)\n",
        space.spec(),
        space.cells(),
        solved.len()
    ));
    if with_table {
        // Each entry `N3`, `P0`, `D` (a position of the box is always explored).
        let kind = far::Remoteness { misere: solved.misere };
        let value = |c: usize| {
            let p = space.position(c);
            known_of(solved, &p[..space.arity()]).unwrap_or(0)
        };
        crate::explore::report::entries::table(out, space, &kind, value);
    }
    for line in found.lines() {
        out.str(&line).nl();
    }
    for ((text, parts), a) in at.iter().zip(answers) {
        out.str(&at_line(solved, text, parts, a)).nl();
    }
    for (p, w) in winning.iter().zip(wins) {
        out.str(&w.line(&format_position(p, space.arity()), solved.misere)).nl();
    }
}

/// `--serve`: every pattern checked at its far samples first, then one answer a request line.
fn serve(
    solved: &Solved,
    mut found: far::Found,
    source: &Source,
    arity: usize,
    (time, checks): (Duration, usize),
) -> Result<ExitCode> {
    let written = match source {
        Source::Program(program) => Some(Written::new(program, false)),
        Source::Builtin(_) => None,
    };
    let samples = found.samples(checks, None);
    if !samples.is_empty() {
        let listed = match source.list(&samples, arity, time) {
            Ok(l) => l,
            Err(e) => return Ok(interrupted(e)),
        };
        let known = |q: &[u64]| known_of(solved, q);
        for (p, l) in samples.iter().zip(&listed) {
            found.check(p, l, &known, "sampled");
        }
    }
    let kind = far::Remoteness { misere: solved.misere };
    let list: ListFar = Box::new(move |p| source.list(std::slice::from_ref(p), arity, time));
    let found = RefCell::new(found);
    serve_stdin(&Player { game: solved, kind: &kind, written, found, list })
}

/// Where far positions' options come from.
enum Source {
    Builtin(crate::explore::builtin::Builtin),
    Program(Program),
}

impl Source {
    /// The options of far positions (`k` coordinates), within `time`.
    fn list(&self, ps: &[Coords], k: usize, time: Duration) -> std::io::Result<Vec<far::Listing>> {
        match self {
            Source::Builtin(g) => {
                let mut l = guard::BuiltinLister { game: g.clone() };
                far::list_plain(&mut l, ps, time)
            }
            Source::Program(program) => {
                process::Supervisor::install();
                let mut l = guard::ProgramLister::new(program, k);
                let got = far::list_plain(&mut l, ps, time);
                process::sweep_orphans();
                got
            }
        }
    }
}

/// The patterns of the box's remotenesses, checked also on the positions explored past it.
fn patterns(space: &Space, s: &Solved) -> far::Found {
    let k = space.arity();
    let kind = far::Remoteness { misere: s.misere };
    if space.cells() > far::MAX_SEARCH_CELLS {
        return far::skipped(kind, space);
    }
    let values: Vec<Option<i128>> = (0..space.cells())
        .map(|c| {
            let v = s.find(&space.position(c)[..k])?;
            let r = s.remoteness[v];
            (r != DRAW).then_some(i128::from(r))
        })
        .collect();
    let past: Vec<(Coords, i128)> = (0..s.len())
        .filter(|&v| Some(v) != s.empty && s.remoteness[v] != DRAW)
        .filter_map(|v| {
            let p = s.coords(v);
            (!space.contains(&p[..k])).then_some((p, i128::from(s.remoteness[v])))
        })
        .collect();
    far::find(kind, space, &values, &past)
}

/// The remoteness of an explored position (-1 for a draw, which the rule's check then refuses
/// to use), none for one not explored.
fn known_of(s: &Solved, q: &[u64]) -> Option<i128> {
    let r = s.remoteness[s.find(q)?];
    Some(if r == DRAW { -1 } else { i128::from(r) })
}

/// One part's answer: its remoteness (None: unknown) and where it comes from (`None`:
/// computed).
type Part = (Option<u64>, Option<String>);

/// The answers of every `--at`, part by part, and the best moves of every `--winning`
/// position: computed where explored, else from a pattern the game's rule confirms at the
/// position (its options listed, all far positions in one go).
fn answer_all(
    s: &Solved,
    found: &mut far::Found,
    source: &Source,
    (at, winning): (&[Asked], &[Coords]),
    budget: (Duration, usize),
) -> std::io::Result<(Vec<Vec<Part>>, Vec<Moves>)> {
    let k = s.arity;
    let far_parts: Vec<Coords> = at
        .iter()
        .flat_map(|(_, parts)| parts.iter().copied())
        .chain(winning.iter().copied())
        .filter(|p| s.find(&p[..k]).is_none())
        .collect();
    let listed = far_listings(s, found, source, &far_parts, budget)?;
    let known = |q: &[u64]| known_of(s, q);
    let mut listed = listed.into_iter();
    let mut out = Vec::with_capacity(at.len());
    for (_, parts) in at {
        let mut answers = Vec::with_capacity(parts.len());
        for p in parts {
            if let Some(v) = s.find(&p[..k]) {
                answers.push((Some(r64(s.remoteness[v])), None));
                continue;
            }
            let listing = listed.next().unwrap_or_else(|| Err("not listed".into()));
            let a = found.answer(p, &listing, &known);
            let r = a.value.and_then(|v| u64::try_from(v).ok()).filter(|&r| r != DRAW64);
            answers.push((r, Some(a.label)));
        }
        out.push(answers);
    }
    let wins = winning
        .iter()
        .map(|p| match s.find(&p[..k]) {
            Some(v) => Moves::computed(s, v),
            None => {
                let listing = listed.next().unwrap_or_else(|| Err("not listed".into()));
                let (a, moves) = found.far_moves(p, &listing, &known);
                let shown =
                    |q: &Option<Coords>| q.map_or("()".to_string(), |c| format_position(&c, k));
                let r = a.value.and_then(|v| u64::try_from(v).ok());
                let moves = if a.checked {
                    moves.iter().map(|m| shown(&m.option)).collect()
                } else {
                    Vec::new()
                };
                Moves { remoteness: r, moves, basis: a.label }
            }
        })
        .collect();
    Ok((out, wins))
}

/// An asked `--at`: its text as the answer writes it, and its parts.
type Asked = (String, Vec<Coords>);

/// The options of the far positions `far` (in order), after every pattern was checked there
/// and at `checks` sampled far positions (listed in the same go).
fn far_listings(
    s: &Solved,
    found: &mut far::Found,
    source: &Source,
    far: &[Coords],
    (time, checks): (Duration, usize),
) -> std::io::Result<Vec<far::Listing>> {
    let samples = if far.is_empty() { Vec::new() } else { found.samples(checks, Some(far)) };
    let all: Vec<Coords> = far.iter().chain(&samples).copied().collect();
    let mut listed = if all.is_empty() || found.patterns.is_empty() {
        vec![Err("no pattern to check".to_string()); all.len()]
    } else {
        source.list(&all, s.arity, time)?
    };
    let known = |q: &[u64]| known_of(s, q);
    for (i, p) in all.iter().enumerate() {
        let what = if i < far.len() { "asked" } else { "sampled" };
        found.check(p, &listed[i], &known, what);
    }
    listed.truncate(far.len());
    Ok(listed)
}

/// The best moves of a `--winning` position: its remoteness (`None`: unknown, or [`DRAW64`]),
/// the options to play, and the basis.
struct Moves {
    remoteness: Option<u64>,
    moves: Vec<String>,
    basis: String,
}

impl Moves {
    /// An explored position's best moves ([`Solved::best_all`]).
    fn computed(s: &Solved, v: usize) -> Moves {
        let moves = s.best_all(v).into_iter().map(|u| s.show(u)).collect();
        Moves { remoteness: Some(r64(s.remoteness[v])), moves, basis: "computed".into() }
    }

    /// The JSON entry: the position's `entry` with the moves and the basis added.
    fn json(&self, mut entry: serde_json::Value) -> serde_json::Value {
        entry["moves"] = serde_json::json!(self.moves);
        entry["basis"] = serde_json::json!(self.basis);
        entry
    }

    /// `winning 3 4: outcome N, remoteness 3, best moves: 1 2; 0 4 (computed)`.
    fn line(&self, pos: &str, misere: bool) -> String {
        let (basis, list) = (&self.basis, self.moves.join("; "));
        match self.remoteness {
            None => format!("winning {pos}: {basis}"),
            Some(DRAW64) => {
                format!("winning {pos}: outcome D, moves keeping the draw: {list} ({basis})")
            }
            Some(0) => format!(
                "winning {pos}: outcome {}, remoteness 0, no move ({basis})",
                outcome64(0, misere) as char
            ),
            Some(r) if self.moves.is_empty() => format!(
                "winning {pos}: outcome {}, remoteness {r}, best moves: unknown ({basis})",
                outcome64(r, misere) as char
            ),
            Some(r) => {
                let how =
                    if outcome64(r, misere) == b'N' { "fastest wins" } else { "slowest losses" };
                format!(
                    "winning {pos}: outcome {}, remoteness {r}, best moves ({how}): {list} ({basis})",
                    outcome64(r, misere) as char
                )
            }
        }
    }
}

/// The `--at` texts, then the lines of `--at -` (standard input) and `--at-file FILE`, each
/// with where it was read (`FILE:LINE: `, empty for a plain `--at`). An empty line in a file
/// is an error naming it (it would shift every later answer against its line).
pub(super) fn asked_texts(req: &Request) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    let lines = |input: &[u8], name: &str, out: &mut Vec<(String, String)>| -> Result<()> {
        let body = input.strip_suffix(b"\n").unwrap_or(input);
        if body.is_empty() {
            return Ok(());
        }
        for (i, line) in body.split(|&b| b == b'\n').enumerate() {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let whence = format!("{name}:{}: ", i + 1);
            let Ok(text) = std::str::from_utf8(line) else {
                return Err(usage(format!("{whence}not UTF-8 text")));
            };
            if text.trim().is_empty() {
                return Err(usage(format!("{whence}an empty line (one position a line)")));
            }
            out.push((text.trim().to_string(), whence));
        }
        Ok(())
    };
    for s in req.at.iter() {
        if s == "-" {
            if req.serve {
                return Err(usage("--at - reads standard input, which --serve answers".into()));
            }
            let input = super::read_input(None)?;
            lines(&input, "--at -", &mut out)?;
            continue;
        }
        out.push((s.clone(), String::new()));
    }
    if let Some(path) = req.at_file.as_ref() {
        let input = super::read_input(Some(path))?;
        lines(&input, path, &mut out)?;
    }
    Ok(out)
}

/// `A & B & C` (a conjunctive compound), `A | B | C` (selective), `A && B` (continued
/// conjunctive) or `A ~ B` (diminished disjunctive): the parts (one part: a plain position).
fn compound(text: &str, arity: usize) -> Result<Vec<Coords>> {
    let single = text.replace("&&", "");
    let kinds = [text.contains("&&"), single.contains('&'), text.contains('|'), text.contains('~')];
    if kinds.iter().filter(|&&k| k).count() > 1 {
        return Err(usage(format!(
            "--at '{}': a compound is conjunctive (A & B), selective (A | B), continued conjunctive (A && B) or diminished disjunctive (A ~ B), not a mix",
            crate::error::excerpt(text.as_bytes())
        )));
    }
    let parts: Vec<&str> = match graph_kind(text) {
        Some(GraphCompound::Continued) => text.split("&&").collect(),
        Some(GraphCompound::Diminished) => text.split('~').collect(),
        None => text.split(if selective(text) { '|' } else { '&' }).collect(),
    };
    parts
        .into_iter()
        .map(|p| parse_position(p.trim(), arity).map_err(|e| usage(format!("--at: {e}"))))
        .collect()
}

/// An asked compound as the answers print it: each part written as every kind writes a
/// position (`3 4`, not `3,4`), joined by the compound's operator.
fn shown(text: &str, parts: &[Coords], arity: usize) -> String {
    let op = match graph_kind(text) {
        Some(GraphCompound::Continued) => " && ",
        Some(GraphCompound::Diminished) => " ~ ",
        None if selective(text) => " | ",
        None => " & ",
    };
    let parts: Vec<String> = parts.iter().map(|p| format_position(p, arity)).collect();
    parts.join(op)
}

/// The compound of `--at` text decided from the parts' game graph (`A && B`, `A ~ B`).
fn graph_kind(text: &str) -> Option<GraphCompound> {
    if text.contains("&&") {
        Some(GraphCompound::Continued)
    } else if text.contains('~') {
        Some(GraphCompound::Diminished)
    } else {
        None
    }
}

/// `at A && B: outcome N, suspense 3 (...)` or `at A ~ B: outcome P, ...`.
fn graph_line(s: &Solved, text: &str, parts: &[Coords], kind: GraphCompound) -> String {
    match remoteness::compound(s, parts, kind) {
        Ok((o, how)) => format!("at {text}: outcome {}, {how}", o as char),
        Err(why) => format!("at {text}: unknown: {why}"),
    }
}

/// Is `--at` text a selective compound `A | B`?
fn selective(text: &str) -> bool {
    text.contains('|')
}

/// The outcome of a selective compound from its parts' remotenesses (normal play, finite
/// parts: won exactly when some part is won, [`crate::theory::remoteness::selective_wins`]),
/// or why it is not answered.
fn selective_outcome(rs: &[u64], misere: bool) -> Result<u8, &'static str> {
    if misere {
        return Err("selective compounds are answered in normal play only");
    }
    if rs.contains(&DRAW64) {
        return Err("a part is drawn; selective compounds of loopy games are not answered");
    }
    Ok(if rs.iter().any(|&r| outcome64(r, false) == b'N') { b'N' } else { b'P' })
}

/// The moves program's graph from the box, every option kept. `Err` holds the exit status of
/// an interrupted run.
fn from_program(
    req: &Request,
    space: &Space,
    misere: bool,
) -> Result<Result<(Solved, String, Program), ExitCode>> {
    let cmd = req.moves.clone().unwrap_or_default();
    let program = Program {
        cmd: cmd.clone(),
        arity: space.arity(),
        timeout: req.timeout,
        output_cap: 1 << 30,
        multiset: false,
        stream: req.stream,
        text: None,
    };
    let limits = reach::Limits {
        max_positions: req.max_positions as usize,
        max_starts: req.max_starts as usize,
        keep_options: true,
    };
    process::Supervisor::install();
    let result = reach::explore(space, &program, limits, |_| {});
    process::sweep_orphans();
    let reach = match result {
        Ok(r) => r,
        Err(reach::ReachError::Io(e)) => return Ok(Err(interrupted(e))),
        Err(reach::ReachError::Protocol(e)) => anyhow::bail!("explore: {e}"),
        Err(reach::ReachError::Budget(e)) => anyhow::bail!("explore: {e}"),
        Err(reach::ReachError::Alloc(e)) => anyhow::bail!("explore: {e}"),
    };
    process::exit_on_signal();
    let splits =
        (0..reach.expanded()).any(|v| reach.options(v).any(|o| reach.parts_of(o).len() > 1));
    if splits && req.serve && !req.remoteness {
        // Remoteness does not add up over sums: the Grundy player plays this game, or in
        // misère play the player through sums (the search runs again there, with the Grundy
        // values' engine).
        return Ok(Err(super::impartial::run(req)?));
    }
    let solved = remoteness::from_reach(space, &reach, misere)
        .map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    Ok(Ok((solved, format!("moves program '{cmd}'"), program)))
}

/// The remoteness of a compound from its parts' answers, and the labels of the far parts
/// (`Err`: the first unknown part's label).
fn combine(parts: &[Part]) -> Result<(u64, Vec<String>, Vec<u64>), String> {
    let mut rs = Vec::with_capacity(parts.len());
    let mut labels = Vec::new();
    for (r, label) in parts {
        match (r, label) {
            (Some(r), l) => {
                rs.push(*r);
                labels.extend(l.clone());
            }
            (None, Some(l)) => return Err(l.clone()),
            (None, None) => rs.push(DRAW64),
        }
    }
    // Smith's rule (theory::remoteness::conjunctive), on 64 bits: the least remoteness.
    let values: Vec<i128> =
        rs.iter().map(|&r| if r == DRAW64 { DRAWN } else { i128::from(r) }).collect();
    let least = far::Remoteness::default().combine(Compound::Conjunctive, &values)?;
    Ok((u64::try_from(least).unwrap_or(DRAW64), labels, rs))
}

/// `at A & B: outcome N, remoteness 3 (conjunctive compound: the least remoteness)`, with the
/// basis of far parts.
fn at_line(s: &Solved, text: &str, parts: &[Coords], a: &[Part]) -> String {
    if let Some(kind) = graph_kind(text) {
        return graph_line(s, text, parts, kind);
    }
    let (r, labels, rs) = match combine(a) {
        Err(why) => {
            let first = a.iter().position(|x| x.0.is_none()).unwrap_or(0);
            let at = crate::explore::space::format_position(&parts[first], s.arity);
            return if parts.len() > 1 {
                format!("at {text}: {why} (part '{at}')")
            } else {
                format!("at {text}: {why}")
            };
        }
        Ok(x) => x,
    };
    let basis = match labels.is_empty() {
        true => " (computed)".to_string(),
        false => format!(" ({})", labels.join("; ")),
    };
    if selective(text) {
        return match selective_outcome(&rs, s.misere) {
            Err(why) => format!("at {text}: unknown: {why}"),
            Ok(o) => format!(
                "at {text}: outcome {}, no remoteness (selective compound: won exactly when some part is won; its remoteness is not a function of the parts'){basis}",
                o as char
            ),
        };
    }
    let how = if parts.len() > 1 {
        " (conjunctive compound: the least remoteness of its parts, Smith's rule)"
    } else {
        ""
    };
    match r {
        DRAW64 => format!("at {text}: outcome D, no remoteness (a draw){how}{basis}"),
        r => format!(
            "at {text}: outcome {}, remoteness {r}{how}{basis}",
            outcome64(r, s.misere) as char
        ),
    }
}

/// One JSON object: the game, every box position, the `--at` answers.
fn json(
    out: &mut Out,
    game: &str,
    space: &Space,
    s: &Solved,
    (at, answers): (&[Asked], &[Vec<Part>]),
    (winning, wins): (&[Coords], &[Moves]),
    found: &far::Found,
) -> Result<()> {
    use serde_json::{Value, json};
    let kind = far::Remoteness { misere: s.misere };
    let entry = |pos: Vec<u64>, r: Option<u64>| {
        let r = r.map(|r| if r == DRAW64 { DRAWN } else { i128::from(r) });
        crate::explore::report::entries::json(&kind, &pos, r)
    };
    let cells: Vec<Value> = (0..space.cells())
        .map(|c| {
            let p = space.position(c)[..space.arity()].to_vec();
            let r = s.find(&p).map(|v| r64(s.remoteness[v]));
            entry(p, r)
        })
        .collect();
    let ats: Vec<Value> = at
        .iter()
        .zip(answers)
        .map(|((text, parts), a)| {
            let combined = combine(a);
            let position: Vec<u64> = parts.iter().flat_map(|p| p[..s.arity].to_vec()).collect();
            if let Some(kind) = graph_kind(text) {
                let r = remoteness::compound(s, parts, kind);
                let o = r.as_ref().map_or("?".to_string(), |x| (x.0 as char).to_string());
                let name = match kind {
                    GraphCompound::Continued => "continued conjunctive",
                    GraphCompound::Diminished => "diminished disjunctive",
                };
                let basis = r.map_or_else(|why| format!("unknown: {why}"), |x| x.1);
                return json!({ "position": position, "outcome": o, "compound": name, "text": text, "basis": basis });
            }
            let mut e = if selective(text) {
                let o = combined.as_ref().ok().and_then(|x| selective_outcome(&x.2, s.misere).ok());
                json!({ "position": position, "outcome": o.map_or("?".to_string(), |o| (o as char).to_string()), "compound": "selective" })
            } else {
                entry(position, combined.as_ref().ok().map(|x| x.0))
            };
            e["text"] = json!(text);
            e["basis"] = json!(match combined {
                Ok((_, labels, _)) if labels.is_empty() => "computed".to_string(),
                Ok((_, labels, _)) => labels.join("; "),
                Err(why) => why,
            });
            e
        })
        .collect();
    let patterns: Vec<Value> = (0..found.patterns.len())
        .filter(|&i| found.refuted[i].is_none())
        .map(|i| json!({ "family": found.patterns[i].formula.family(), "words": found.words(i), "basis": found.label(i) }))
        .collect();
    let wins: Vec<Value> = winning
        .iter()
        .zip(wins)
        .map(|(p, w)| w.json(entry(p[..s.arity].to_vec(), w.remoteness)))
        .collect();
    let doc = json!({
        "game": game,
        "box": space.spec(),
        "play": if s.misere { "misere" } else { "normal" },
        "explored": s.len(),
        "positions": cells,
        "at": ats,
        "winning": wins,
        "patterns": patterns,
        "notes": found.lines(),
    });
    out.str(&serde_json::to_string(&doc)?).nl();
    Ok(())
}

/// Serves requests from standard input until its end. A signal while it waits for a request
/// (or while the moves program answers one) ends it like any interrupted run: one line,
/// 128 + the signal's number, no program left running.
pub(super) fn serve_stdin(oracle: &dyn Oracle) -> Result<ExitCode> {
    process::Supervisor::install();
    let stdin = std::io::BufReader::new(process::InterruptibleStdin);
    let stdout = std::io::stdout().lock();
    let served = serve::serve(oracle, stdin, stdout, crate::console::error_line);
    process::sweep_orphans();
    match served {
        Err(e) if process::interrupted().is_some() => Ok(interrupted(e)),
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(anyhow::anyhow!("explore --serve: {e}")),
    }
}
