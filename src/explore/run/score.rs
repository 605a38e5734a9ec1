//! `games explore --score`: options in, the values of `crate::explore::score` out (a table,
//! `--at` values with their outcome, `--winning` best moves, JSON), or the perfect player of
//! `crate::explore::serve` with `--serve`.

use super::Request;
use crate::explore::answers::player::{ListFar, Player};
use crate::explore::far;
use crate::explore::guard;
use crate::explore::program::Program;
use crate::explore::report::entries::Valued;
use crate::explore::score::{self, ScoreGame};
use crate::explore::space::{Coords, Space, format_position, parse_position};
use crate::harness::process;
use crate::out::Out;
use anyhow::Result;
use std::process::ExitCode;
use std::time::Duration;

use super::{interrupted, usage};

fn positions(req: &Request, id: &str, arity: usize) -> Result<Vec<Coords>> {
    req.list_of(id)
        .iter()
        .map(|s| parse_position(s, arity).map_err(|e| usage(format!("--{id}: {e}"))))
        .collect()
}

/// Runs `games explore --score`.
pub fn run(req: &Request) -> Result<ExitCode> {
    let spec = req.box_spec.as_str();
    let space = Space::parse(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    space.check_cells().map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    let arity = space.arity();
    if req.multiset {
        return Err(usage(
            "--score takes plain positions, not --multiset (a multiset of heaps is a sum, and scores do not add up over sums: list whole positions)"
                .into(),
        ));
    }
    let at: Vec<Coords> = super::remoteness::asked_texts(req)?
        .into_iter()
        .map(|(s, whence)| {
            parse_position(&s, arity).map_err(|e| {
                usage(format!("{whence}--at '{}': {e}", crate::error::excerpt(s.as_bytes())))
            })
        })
        .collect::<Result<_>>()?;
    let winning = positions(req, "winning", arity)?;
    let cmd = req.moves.clone().unwrap_or_default();
    let program = Program {
        cmd: cmd.clone(),
        arity,
        timeout: req.timeout,
        output_cap: 1 << 30,
        multiset: false,
        stream: req.stream,
        text: None,
    };
    let limits = score::Limits {
        max_positions: req.max_positions as usize,
        max_starts: req.max_starts as usize,
    };
    let asked: Vec<Coords> = at.iter().chain(&winning).copied().collect();
    let explored = near(&space, &asked, limits.max_positions);
    // Signals are recorded while the program runs (its group is killed, the run ends with the
    // signal's line), and end `games` at once only once no program runs.
    process::Supervisor::install();
    let result = score::explore(&space, &explored, &program, limits);
    process::sweep_orphans();
    process::exit_on_signal();
    let game = match result {
        Ok(Ok(g)) => g,
        Ok(Err(e)) => anyhow::bail!("explore: {e}"),
        Err(e) => return Ok(interrupted(e)),
    };
    let outcomes = box_outcomes(&game);
    if let Some(written) = super::output::kind_list_or_count(req, &outcomes, || outcomes.tally()) {
        return written;
    }
    super::search_settings(req);
    let mut found = patterns(&game);
    let time = Duration::from_secs_f64(req.far_check_time);
    let checks = req.far_checks as usize;
    if req.serve {
        return serve(&game, found, &program, (time, checks));
    }
    let mut answers = match answer_all(&game, &mut found, &program, &asked, (time, checks)) {
        Ok(a) => a,
        Err(e) => return Ok(interrupted(e)),
    };
    let wins = answers.split_off(at.len());
    let mut out = Out::new();
    if req.json {
        json(&mut out, &cmd, &game, (&at, &answers), (&winning, &wins), &found)?;
    } else {
        let no_table = req.no_table;
        let asked = ((&at[..], &answers[..]), (&winning[..], &wins[..]));
        text(&mut out, &cmd, &space, &game, &found, asked, no_table);
    }
    crate::console::write_stdout(out.as_bytes())?;
    super::output::kind_check_and_svg(req, &outcomes, ExitCode::SUCCESS)
}

/// The box's scores as `--list`, `--count`, `--svg` and `--check` read them, a disagreement
/// shown with every move of the position (its gain and the option's value) or its final gain.
fn box_outcomes(game: &ScoreGame) -> Valued<'_> {
    let cells = game.space.cells();
    let values = Box::new(move |c: usize| (c < cells).then(|| game.value[c]));
    let evidence = Box::new(move |c: usize| {
        if let Some(g) = game.terminal.get(&(c as u32)) {
            return format!("; the game ends here with gain {g}");
        }
        let moves: Vec<String> = game
            .options(c)
            .take(12)
            .map(|(u, g)| {
                format!("'{}' (gain {g}, option value {})", game.show(u), game.value_of(u))
            })
            .collect();
        if moves.is_empty() {
            return "; it has no move at all (value 0)".to_string();
        }
        let more = if game.options(c).nth(12).is_some() { ", ..." } else { "" };
        format!(
            "; its moves: {}{more} (the value is the greatest gain minus option value)",
            moves.join(", ")
        )
    });
    Valued::score(&game.space, &far::Score, values, evidence)
}

/// `--serve`: every pattern checked at its far samples first, then one answer a request line.
fn serve(
    game: &ScoreGame,
    mut found: far::Found,
    program: &Program,
    (time, checks): (Duration, usize),
) -> Result<ExitCode> {
    let written = Some(crate::explore::serve::Written::new(program, true));
    let samples = found.samples(checks, None);
    if !samples.is_empty() {
        process::Supervisor::install();
        let listed = far::list_scored(program, &samples, time);
        process::sweep_orphans();
        let listed = match listed {
            Ok(l) => l,
            Err(e) => return Ok(interrupted(e)),
        };
        let known = |q: &[u64]| game.find(q).map(|v| game.value[v]);
        for (p, l) in samples.iter().zip(&listed) {
            found.check(p, l, &known, "sampled");
        }
    }
    let list: ListFar = Box::new(move |p| far::list_scored(program, std::slice::from_ref(p), time));
    let found = std::cell::RefCell::new(found);
    let player = Player { game, kind: &far::Score, written, found, list };
    super::remoteness::serve_stdin(&player)
}

/// Positions asked and their answers.
type Asked<'a> = (&'a [Coords], &'a [Scored]);

/// The text report: the head line, the table, the patterns, the `--at` answers (each with its
/// best moves) and the `--winning` lines.
fn text(
    out: &mut Out,
    cmd: &str,
    space: &Space,
    game: &ScoreGame,
    found: &far::Found,
    ((at, answers), (winning, wins)): (Asked, Asked),
    no_table: bool,
) {
    out.str(&format!(
        "game: moves program '{cmd}', box {} ({} positions; {} explored), scores (value: the mover's total minus the opponent's)\n",
        space.spec(),
        space.cells(),
        game.len()
    ));
    if !no_table {
        crate::explore::report::entries::table(out, &game.space, &far::Score, |c| game.value[c]);
    }
    for line in found.lines() {
        out.str(&line).nl();
    }
    let k = space.arity();
    for (p, a) in at.iter().zip(answers) {
        let pos = format_position(p, k);
        let Some(v) = a.value else {
            out.str(&format!("at {pos}: {}\n", a.label.as_deref().unwrap_or("unknown")));
            continue;
        };
        out.str(&format!("at {pos}: value {v}, outcome {}", score::outcome(v)));
        match (a.ends, &a.best[..]) {
            (true, _) => out.str(", no move"),
            (false, []) => out,
            (false, [one]) => out.str(", best move ").str(&one.words()),
            (false, _) => out.str(", best moves ").str(&Best::joined(&a.best)),
        };
        out.str(" (").str(a.label.as_deref().unwrap_or("computed")).str(")\n");
    }
    for (p, a) in winning.iter().zip(wins) {
        out.str(&winning_line(&format_position(p, k), a)).nl();
    }
}

/// The positions to explore besides the box: the asked ones near it, and (when some asked
/// position lies outside the box) the guard's region around the box ([`guard::region`]), so
/// that the patterns are checked on positions computed past the box. Far positions are left
/// to the patterns.
fn near(space: &Space, asked: &[Coords], budget: usize) -> Vec<Coords> {
    let k = space.arity();
    if asked.iter().all(|p| space.contains(&p[..k])) || space.cells() > far::MAX_SEARCH_CELLS {
        return Vec::new();
    }
    let Some(region) = guard::region(space, asked, budget as u64) else { return Vec::new() };
    let mut out: Vec<Coords> = asked.iter().filter(|p| region.contains(&p[..k])).copied().collect();
    out.extend(
        (0..region.cells()).map(|c| region.position(c)).filter(|p| !space.contains(&p[..k])),
    );
    out
}

/// The patterns of the box's values, checked also on the positions explored past it.
fn patterns(game: &ScoreGame) -> far::Found {
    let cells = game.space.cells();
    if cells > far::MAX_SEARCH_CELLS {
        return far::skipped(far::Score, &game.space);
    }
    let values: Vec<Option<i128>> = game.value[..cells].iter().map(|&v| Some(v)).collect();
    let past: Vec<(Coords, i128)> =
        (cells..game.len()).map(|v| (game.position(v), game.value[v])).collect();
    far::find(far::Score, &game.space, &values, &past)
}

/// A best move: the option as text, its gain and its value.
struct Best {
    option: String,
    gain: i64,
    value: i128,
}

impl Best {
    /// `2 5 (gain 4, option value -3)`.
    fn words(&self) -> String {
        format!("{} (gain {}, option value {})", self.option, self.gain, self.value)
    }

    fn joined(best: &[Best]) -> String {
        best.iter().map(Best::words).collect::<Vec<_>>().join("; ")
    }
}

/// One answer: the value (None: unknown), its basis (`None`: computed), the best moves (none
/// where the game's rule was not checked at a far position), and whether the game ends there.
struct Scored {
    value: Option<i128>,
    label: Option<String>,
    best: Vec<Best>,
    ends: bool,
}

/// The answers at `asked` (`--at`, then `--winning`): computed where explored, else from a
/// pattern the game's rule confirms there (and at sampled far positions, checked first), with
/// the best moves valued as the check valued them.
fn answer_all(
    game: &ScoreGame,
    found: &mut far::Found,
    program: &Program,
    asked: &[Coords],
    (time, checks): (Duration, usize),
) -> std::io::Result<Vec<Scored>> {
    let k = game.arity;
    let far_at: Vec<Coords> =
        asked.iter().filter(|p| game.find(&p[..k]).is_none()).copied().collect();
    let samples = if far_at.is_empty() { Vec::new() } else { found.samples(checks, Some(&far_at)) };
    let all: Vec<Coords> = far_at.iter().chain(&samples).copied().collect();
    let listed = if all.is_empty() || found.patterns.is_empty() {
        vec![Err("no pattern to check".to_string()); all.len()]
    } else {
        process::Supervisor::install();
        let got = far::list_scored(program, &all, time);
        process::sweep_orphans();
        got?
    };
    let known = |q: &[u64]| game.find(q).map(|v| game.value[v]);
    for (i, p) in all.iter().enumerate() {
        let what = if i < far_at.len() { "asked" } else { "sampled" };
        found.check(p, &listed[i], &known, what);
    }
    let mut next = 0;
    let mut out = Vec::with_capacity(asked.len());
    for p in asked {
        if let Some(v) = game.find(&p[..k]) {
            let best = game.best(v);
            let ends = best.is_empty();
            let best = best
                .iter()
                .map(|&(u, gain, _)| Best { option: game.show(u), gain, value: game.value_of(u) })
                .collect();
            out.push(Scored { value: Some(game.value[v]), label: None, best, ends });
            continue;
        }
        let (a, moves) = found.far_moves(p, &listed[next], &known);
        let ends = a.checked && listed[next].as_ref().is_ok_and(|o| o.terminal.is_some());
        next += 1;
        let show = |q: &Option<Coords>| q.map_or("()".to_string(), |c| format_position(&c, k));
        let best = moves
            .iter()
            .map(|m| Best { option: show(&m.option), gain: m.gain, value: m.value })
            .collect();
        out.push(Scored { value: a.value, label: Some(a.label), best, ends });
    }
    Ok(out)
}

/// `winning 3 5: value 7, best moves: 2 5 (gain 4, option value -3); ... (basis)`.
fn winning_line(pos: &str, a: &Scored) -> String {
    let basis = a.label.as_deref().unwrap_or("computed");
    let Some(v) = a.value else { return format!("winning {pos}: {basis}") };
    if a.ends || (a.best.is_empty() && a.label.is_none()) {
        return format!("winning {pos}: value {v}, no move (the game ends here) ({basis})");
    }
    if a.best.is_empty() {
        return format!("winning {pos}: value {v}, best moves: unknown ({basis})");
    }
    format!("winning {pos}: value {v}, best moves: {} ({basis})", Best::joined(&a.best))
}

fn json(
    out: &mut Out,
    cmd: &str,
    game: &ScoreGame,
    (at, answers): Asked,
    (winning, wins): Asked,
    found: &far::Found,
) -> Result<()> {
    use serde_json::{Value, json};
    let arity = game.arity;
    let entry = |p: &[u64], v: i128| crate::explore::report::entries::json(&far::Score, p, Some(v));
    let cells: Vec<Value> = (0..game.space.cells())
        .map(|c| entry(&game.space.position(c)[..arity], game.value[c]))
        .collect();
    let answer = |p: &Coords, a: &Scored| {
        let mut e = match a.value {
            Some(v) => entry(&p[..arity], v),
            None => crate::explore::report::entries::json(&far::Score, &p[..arity], None),
        };
        e["basis"] = json!(a.label.as_deref().unwrap_or("computed"));
        let moves: Vec<Value> = a
            .best
            .iter()
            .map(|b| json!({ "option": b.option, "gain": b.gain.to_string(), "value": b.value.to_string() }))
            .collect();
        e["moves"] = json!(moves);
        e
    };
    let ats: Vec<Value> = at.iter().zip(answers).map(|(p, a)| answer(p, a)).collect();
    let wins: Vec<Value> = winning.iter().zip(wins).map(|(p, a)| answer(p, a)).collect();
    let patterns: Vec<Value> = (0..found.patterns.len())
        .filter(|&i| found.refuted[i].is_none())
        .map(|i| json!({ "family": found.patterns[i].formula.family(), "words": found.words(i), "basis": found.label(i) }))
        .collect();
    let doc = json!({
        "game": format!("moves program '{cmd}'"),
        "box": game.space.spec(),
        "explored": game.len(),
        "positions": cells,
        "at": ats,
        "winning": wins,
        "patterns": patterns,
        "notes": found.lines(),
    });
    out.str(&serde_json::to_string(&doc)?).nl();
    Ok(())
}
