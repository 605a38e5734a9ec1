//! `games explore --from POSITION` (and `--from-file FILE`): positions of any shape, explored
//! from where the game starts. A position is a line of text the moves program understands
//! ([`crate::explore::text`]); every position reachable from the asked ones is met once
//! (numbered at the program's border, so the whole engine works unchanged on one coordinate),
//! and each asked position is answered with the kind of value asked: Grundy value (Smith's
//! ∞(K) where play can go on for ever), misère outcome, remoteness, score or partizan value.
//! An asked position may be a sum `A + B`: each part is explored once and the answer adds
//! them up where the kind allows (Grundy values by XOR, partizan values by their sum).
//!
//! Only what was computed is said: there is no table of integer positions, so no pattern and
//! no far answer; every answer's basis is `computed`.

use super::{Kind, Request, interrupted, read_input, usage};
use crate::explore::answer::{self, AtAnswer};
use crate::explore::program::Program;
use crate::explore::space::{Coords, MAX_ARITY, Space};
use crate::explore::text::{self, TextPositions};
use crate::explore::{at, partizan, reach, remoteness, score, values};
use crate::harness::process;
use crate::out::Out;
use anyhow::Result;
use std::process::ExitCode;
use std::sync::Arc;

/// One asked position: its text as given and its parts (`None`: the empty game `()`).
struct Asked {
    text: String,
    parts: Vec<Option<u64>>,
    /// Asked with `--winning`: its winning moves are listed.
    winning: bool,
}

/// One answer: the value (if the kind has one), the outcome, and what else the kind says.
#[derive(Default)]
struct Answer {
    value: Option<String>,
    outcome: String,
    remoteness: Option<String>,
    basis: String,
    /// `--winning`: the moves to a P-position, or why they are unknown.
    winning: Option<Result<Vec<String>, String>>,
}

/// Runs a `--from` request.
pub fn run(req: &Request) -> Result<ExitCode> {
    let positions = Arc::new(TextPositions::new(req.max_positions as usize));
    let (asked, fault) = asked(req, &positions)?;
    if let (true, Some(fault)) = (asked.is_empty(), &fault) {
        anyhow::bail!("explore: {fault}");
    }
    let kind = req.kind();
    let sum = asked.iter().find(|a| a.parts.len() > 1);
    if let (false, Some(a)) = (matches!(kind, Kind::Values | Kind::Partizan), sum) {
        return Err(usage(format!(
            "--from '{}': a sum of positions; {} does not add up over sums (Grundy values and partizan values do): ask whole positions",
            crate::error::excerpt(a.text.as_bytes()),
            kind.name()
        )));
    }
    if !req.winning.is_empty() && matches!(kind, Kind::Score | Kind::Partizan) {
        return Err(usage(format!(
            "--winning is not available with --from and {}: with --from it lists the moves to a P-position (Grundy values, misère)",
            kind.name()
        )));
    }
    let cells = positions.len();
    if cells == 0 {
        return Err(usage(
            "--from: every position asked is the empty game (); there is nothing to explore".into(),
        ));
    }
    let space = Space::from_ranges(&[(0, cells as u64 - 1)]);
    let program = Program {
        cmd: req.moves.clone().unwrap_or_default(),
        arity: 1,
        timeout: req.timeout,
        output_cap: 1 << 30,
        multiset: false,
        stream: req.stream,
        text: Some(positions.clone()),
    };
    if req.serve {
        if matches!(kind, Kind::Score | Kind::Partizan) {
            return Err(usage(format!(
                "--serve is not available with --from and {}: with --from the perfect player plays by remoteness",
                kind.name()
            )));
        }
        let ids: Vec<u64> = asked.iter().flat_map(|a| a.parts.iter().flatten().copied()).collect();
        return super::from_serve::serve(req, positions, program, &ids);
    }
    process::Supervisor::install();
    let answers = answers(req, &space, &program, &asked);
    process::sweep_orphans();
    process::exit_on_signal();
    let (answers, met) = match answers {
        Ok(Ok(a)) => a,
        Ok(Err(e)) => anyhow::bail!("explore: {e}"),
        Err(e) => return Ok(interrupted(e)),
    };
    let mut out = Out::new();
    let cmd = req.moves.as_deref().unwrap_or_default();
    if req.json {
        json(&mut out, cmd, kind, met, &asked, &answers)?;
    } else {
        out.str(&format!(
            "# game: moves program '{cmd}', positions as text (--from); {}\n# {met} positions reached from the {} asked; every answer computed\n",
            kind.name(),
            asked.len()
        ));
        for (a, x) in asked.iter().zip(&answers) {
            out.str(&line(a, x));
        }
    }
    crate::console::write_stdout(out.as_bytes())?;
    if let Some(fault) = fault {
        crate::console::error_line(&format!("games: explore: {fault}"));
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// An answer line: `at TEXT: value 3, outcome N (computed)`, or with `--winning`
/// `winning moves from TEXT to a P-position: A; B (computed)`.
fn line(a: &Asked, x: &Answer) -> String {
    if let Some(moves) = &x.winning {
        let moves = match moves {
            Ok(m) if m.is_empty() => "none".to_string(),
            Ok(m) => m.join("; "),
            Err(why) => format!("unknown: {why}"),
        };
        return format!("winning moves from {} to a P-position: {moves} ({})\n", a.text, x.basis);
    }
    let mut words = Vec::new();
    if let Some(v) = &x.value {
        words.push(format!("value {v}"));
    }
    words.push(format!("outcome {}", x.outcome));
    match x.remoteness.as_deref() {
        Some("infinite") => words.push("no remoteness (a draw)".into()),
        Some(r) => words.push(format!("remoteness {r}")),
        None => {}
    }
    format!("at {}: {} ({})\n", a.text, words.join(", "), x.basis)
}

/// The positions asked, each part numbered in the order given (so the first numbers are the
/// distinct parts asked: the "box" of the run).
/// A fault in `--from-file` ends the reading: the lines before it are answered, then the fault
/// is said (exit 1).
fn asked(req: &Request, positions: &TextPositions) -> Result<(Vec<Asked>, Option<String>)> {
    let mut out = Vec::new();
    for t in &req.from {
        let shown = crate::error::excerpt(t.as_bytes());
        let a =
            parse_asked(t, positions).map_err(|(_, e)| usage(format!("--from '{shown}': {e}")))?;
        out.push(a);
    }
    for t in &req.winning {
        let shown = crate::error::excerpt(t.as_bytes());
        let mut a = parse_asked(t, positions)
            .map_err(|(_, e)| usage(format!("--winning '{shown}': {e}")))?;
        if a.parts.len() != 1 {
            return Err(usage(format!(
                "--winning '{shown}': with --from, --winning takes one position, not a sum"
            )));
        }
        a.winning = true;
        out.push(a);
    }
    if let Some(path) = req.from_file.as_deref() {
        let input = read_input(Some(path))?;
        for (i, line) in input.split(|&b| b == b'\n').enumerate() {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.trim_ascii().is_empty() {
                continue;
            }
            let t = String::from_utf8_lossy(line).into_owned();
            match parse_asked(&t, positions) {
                Ok(a) => out.push(a),
                Err((at, e)) => {
                    let (line, column) = (i + 1, at + 1);
                    let fault = format!("--from-file {path}: line {line}, column {column}: {e}");
                    return Ok((out, Some(fault)));
                }
            }
        }
    }
    Ok((out, None))
}

/// `A + B + ...`: each part checked and numbered (`()` the empty game). `Err` holds the byte
/// offset of the part at fault and why.
fn parse_asked(t: &str, positions: &TextPositions) -> Result<Asked, (usize, String)> {
    let mut parts = Vec::new();
    let mut from = 0;
    for raw in t.split('+') {
        let at = from + raw.len() - raw.trim_start().len();
        from += raw.len() + 1;
        let part = raw.trim_ascii().as_bytes();
        if part == b"()" {
            parts.push(None);
            continue;
        }
        text::check(part).map_err(|e| (at, e))?;
        parts.push(Some(positions.intern(part).map_err(|e| (at, e))?));
    }
    let text = t.split('+').map(|p| p.trim()).collect::<Vec<_>>().join(" + ");
    Ok(Asked { text, parts, winning: false })
}

type Answered = Result<Result<(Vec<Answer>, usize), String>, std::io::Error>;

/// Every asked position's answer, and how many positions the search met.
fn answers(req: &Request, space: &Space, program: &Program, asked: &[Asked]) -> Answered {
    match req.kind() {
        Kind::Values | Kind::Misere => impartial(req, space, program, asked),
        Kind::Remoteness => by_remoteness(req, space, program, asked),
        Kind::Score => scores(req, space, program, asked),
        Kind::Partizan => partizan_values(req, space, program, asked),
    }
}

fn coords(v: u64) -> Coords {
    let mut c: Coords = [0; MAX_ARITY];
    c[0] = v;
    c
}

/// The search from the asked positions (every option kept where `keep`).
pub(super) fn search(
    req: &Request,
    space: &Space,
    program: &Program,
    keep: bool,
) -> Result<Result<reach::Reach, String>, std::io::Error> {
    let limits = reach::Limits {
        max_positions: req.max_positions as usize,
        max_starts: req.max_starts as usize,
        keep_options: keep,
    };
    match reach::explore(space, program, limits, |_| {}) {
        Ok(r) => Ok(Ok(r)),
        Err(reach::ReachError::Io(e)) => Err(e),
        Err(reach::ReachError::Protocol(e)) => Ok(Err(e.0)),
        Err(reach::ReachError::Budget(e)) => Ok(Err(e)),
        Err(reach::ReachError::Alloc(e)) => Ok(Err(e.to_string())),
    }
}

/// Grundy values (normal play) or misère outcomes: the table of the asked positions (of every
/// position met, with `--winning`), and sums by XOR ([`at::answer_with`]).
fn impartial(req: &Request, space: &Space, program: &Program, asked: &[Asked]) -> Answered {
    let wins = asked.iter().any(|a| a.winning);
    let mut reach = match search(req, space, program, req.misere || wins)? {
        Ok(r) => r,
        Err(e) => return Ok(Err(e)),
    };
    let space = match wins {
        true => match every_position(&mut reach) {
            Ok(all) => all,
            Err(e) => return Ok(Err(e)),
        },
        false => space.clone(),
    };
    let table = match req.misere {
        true => values::misere(&space, &reach),
        false => values::normal(&space, &reach),
    };
    let table = match table {
        Ok(t) => t,
        Err(e) => return Ok(Err(e)),
    };
    let one = |q: &Coords| answer::answer(&table, &[], q);
    let answers = asked
        .iter()
        .map(|a| {
            let ids: Vec<u64> = a.parts.iter().flatten().copied().collect();
            let x: AtAnswer = at::answer_with(1, req.misere, &ids, one);
            let value = if req.misere { None } else { Some(x.value.unwrap_or("unknown".into())) };
            let outcome = (x.outcome as char).to_string();
            let winning = a.winning.then(|| winning_moves(&reach, &table, ids[0], x.outcome));
            Answer { value, outcome, basis: x.basis, winning, ..Answer::default() }
        })
        .collect();
    Ok(Ok((answers, reach.expanded())))
}

/// Makes every position met a cell (cell `id` is the position numbered `id` at the border),
/// for the values of options; the space of all of them.
fn every_position(reach: &mut reach::Reach) -> Result<Space, String> {
    let n = reach.expanded();
    let mut cell_id = vec![u32::MAX; n];
    for v in 0..n {
        if let Some(c) = cell_id.get_mut(reach.position(v)[0] as usize) {
            *c = v as u32;
        }
    }
    if cell_id.contains(&u32::MAX) {
        return Err("a position met was not explored (the search ended early)".into());
    }
    reach.cell_id = cell_id;
    Ok(Space::from_ranges(&[(0, n as u64 - 1)]))
}

/// The options of position `id` whose value is 0 (a P-position; a sum of parts whose values'
/// XOR is 0), as text; `none` from a position that is not N; `unknown` when an option is a sum
/// with a part that can go on for ever.
fn winning_moves(
    reach: &reach::Reach,
    table: &crate::explore::table::Table,
    id: u64,
    outcome: u8,
) -> Result<Vec<String>, String> {
    if outcome != b'N' {
        return Ok(Vec::new());
    }
    let id_of = |w: u32| reach.position(w as usize)[0] as usize;
    let text = reach.text.as_ref();
    let show = |w: u32| text.map_or_else(String::new, |t| t.show(id_of(w) as u64));
    let mut moves = Vec::new();
    let v = reach.of_cell(id as usize);
    for o in reach.options(v) {
        let parts = reach.parts_of(o);
        let wins = match parts {
            [] => true,
            [one] => table.outcome[id_of(*one)] == b'P',
            _ => {
                let g: Option<Vec<u32>> = parts
                    .iter()
                    .map(|&w| {
                        Some(table.grundy[id_of(w)]).filter(|&g| g < crate::explore::table::LOOPY)
                    })
                    .collect();
                match g {
                    Some(g) => g.iter().fold(0, |x, y| x ^ y) == 0,
                    None => {
                        return Err("an option is a sum with a part that can go on for ever".into());
                    }
                }
            }
        };
        if wins {
            let shown: Vec<String> = parts.iter().map(|&w| show(w)).collect();
            let m = if shown.is_empty() { "()".to_string() } else { shown.join(" + ") };
            if !moves.contains(&m) {
                moves.push(m);
            }
        }
    }
    Ok(moves)
}

/// Outcome and remoteness (win fast, lose slow; drawn where play can go on for ever).
fn by_remoteness(req: &Request, space: &Space, program: &Program, asked: &[Asked]) -> Answered {
    let reach = match search(req, space, program, true)? {
        Ok(r) => r,
        Err(e) => return Ok(Err(e)),
    };
    let solved = match remoteness::from_reach(space, &reach, req.misere) {
        Ok(s) => s,
        Err(e) => return Ok(Err(e)),
    };
    let answers = asked
        .iter()
        .map(|a| {
            let parts: Vec<Coords> = a.parts.iter().flatten().map(|&v| coords(v)).collect();
            let r = remoteness::at(&solved, &parts).unwrap_or(crate::theory::remoteness::DRAW);
            let (outcome, far) = match r {
                crate::theory::remoteness::DRAW => {
                    ("D".to_string(), "infinite (a draw)".to_string())
                }
                r => ((remoteness::outcome_of(r, req.misere) as char).to_string(), r.to_string()),
            };
            let (remoteness, basis) = (Some(far), "computed".into());
            Answer { outcome, remoteness, basis, ..Answer::default() }
        })
        .collect();
    Ok(Ok((answers, reach.expanded())))
}

/// Scores: the mover's best total minus the opponent's.
fn scores(req: &Request, space: &Space, program: &Program, asked: &[Asked]) -> Answered {
    let limits = score::Limits {
        max_positions: req.max_positions as usize,
        max_starts: req.max_starts as usize,
    };
    let game = match score::explore(space, &[], program, limits)? {
        Ok(g) => g,
        Err(e) => return Ok(Err(e)),
    };
    let answers = asked
        .iter()
        .map(|a| {
            let v = a.parts.first().copied().flatten().map_or(0, |v| game.value[v as usize]);
            let outcome = score::outcome(v).to_string();
            let (value, basis) = (Some(v.to_string()), "computed".into());
            Answer { value, outcome, basis, ..Answer::default() }
        })
        .collect();
    Ok(Ok((answers, game.len())))
}

/// Partizan values (CGSuite's notation) and outcomes L, R, N, P; a sum is the sum of its parts'
/// values.
fn partizan_values(req: &Request, space: &Space, program: &Program, asked: &[Asked]) -> Answered {
    let limits = partizan::Limits {
        max_positions: req.max_positions as usize,
        max_starts: req.max_starts as usize,
        far_batches: req.far_starts as usize,
    };
    let mut explored = match partizan::explore(space, program, limits, &[], &[]) {
        Ok(x) => x,
        Err(partizan::Stop::Interrupted(e)) => return Err(e),
        Err(partizan::Stop::Failed(e)) => return Ok(Err(e)),
    };
    let g = &mut explored.graph;
    let mut answers = Vec::new();
    for a in asked {
        let sum: partizan::Asked = a.parts.iter().map(|p| p.map(coords)).collect();
        let shown = partizan::value_of_sum(g, &sum).and_then(|v| {
            let text = g.values.show(v).map_err(|e| format!("{e:?}"))?;
            Ok((text, g.values.outcome(v).letter()))
        });
        let (value, outcome) = match shown {
            Ok(x) => x,
            Err(e) => return Ok(Err(format!("--from '{}': {e}", a.text))),
        };
        let (value, outcome, basis) = (Some(value), outcome.into(), "computed".into());
        answers.push(Answer { value, outcome, basis, ..Answer::default() });
    }
    Ok(Ok((answers, g.len())))
}

struct FromJson {
    position: String,
    value: Option<String>,
    outcome: String,
    remoteness: Option<String>,
    basis: String,
    winning: Option<Vec<String>>,
    winning_unknown: Option<String>,
}
crate::json_object!(FromJson { "position" => position, "value" => value, "outcome" => outcome, "remoteness" => remoteness unless Option::is_none, "basis" => basis, "winning" => winning unless Option::is_none, "winning_unknown" => winning_unknown unless Option::is_none });

struct ReportJson {
    game: String,
    kind: String,
    positions: usize,
    answers: Vec<FromJson>,
}
crate::json_object!(ReportJson { "game" => game, "kind" => kind, "positions" => positions, "answers" => answers });

/// `--json`: one object, the answers in the order asked.
fn json(
    out: &mut Out,
    cmd: &str,
    kind: Kind,
    met: usize,
    asked: &[Asked],
    answers: &[Answer],
) -> Result<()> {
    let answers = asked
        .iter()
        .zip(answers)
        .map(|(a, x)| FromJson {
            position: a.text.clone(),
            value: x.value.clone(),
            outcome: x.outcome.clone(),
            remoteness: x.remoteness.clone(),
            basis: x.basis.clone(),
            winning: x.winning.clone().map(|w| w.unwrap_or_default()),
            winning_unknown: x.winning.clone().and_then(|w| w.err()),
        })
        .collect();
    let r = ReportJson {
        game: format!("moves program '{cmd}'"),
        kind: kind.name().into(),
        positions: met,
        answers,
    };
    out.str(&serde_json::to_string(&r)?);
    out.str("\n");
    Ok(())
}
