//! Grundy values and outcomes, normal and misère play: the table of the box (a moves program
//! or a built-in game), its patterns, the guard's far checks, and the table, patterns, `--at`
//! answers, `--winning` moves and the `--check` verdict as text or JSON, and an SVG.

use super::Request;
use crate::explore::builtin::Builtin;
use crate::explore::pattern::Formula;
use crate::explore::reach::Reach;
use crate::explore::space::{Coords, Space, parse_position};
use crate::explore::table::Table;
use crate::explore::{
    answer, at, builtin, check, guard, misere_sums, pattern, program::Program, reach, report,
    values, winning,
};
use crate::harness::process;
use crate::out::Out;
use anyhow::Result;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

use super::{grundy_serve, interrupted, timing, usage};

/// `--slice 2=5` values.
fn slices(req: &Request, arity: usize) -> Result<Vec<(usize, u64)>> {
    let mut out = Vec::new();
    for s in req.slices.iter() {
        let (a, v) = s
            .split_once('=')
            .ok_or_else(|| usage(format!("--slice '{s}': expected AXIS=VALUE, as 3=5")))?;
        let axis: usize = a
            .trim()
            .parse()
            .ok()
            .filter(|&a: &usize| a >= 1 && a <= arity)
            .ok_or_else(|| usage(format!("--slice '{s}': the axis must be 1 to {arity}")))?;
        let value: u64 = v
            .trim()
            .parse()
            .map_err(|_| usage(format!("--slice '{s}': '{v}' is not a whole number")))?;
        out.push((axis - 1, value));
    }
    Ok(out)
}

/// A table and where it came from: a built-in game (with its theorems) or a moves program
/// (with what the search met).
struct Computed {
    table: Table,
    reach: Option<Reach>,
    theorems: Vec<Box<dyn Formula>>,
    game: String,
    builtin: Option<Builtin>,
}

/// Runs `games explore`: the positions asked, the table, its patterns, the answers, the report.
pub fn run(req: &Request) -> Result<ExitCode> {
    let (space, big) = box_of(req)?;
    process::Supervisor::install();
    process::exit_on_signal();
    let at = positions_asked(req, at::Reading { arity: space.arity(), multiset: req.multiset })?;
    let (asks, target) = winning_asked(req, &space, req.misere)?;
    // Every part of every `--winning` position (one part each, but for misère sums).
    let winning_at: Vec<Coords> = asks.iter().flatten().copied().collect();
    let slices = slices(req, space.arity())?;
    let shown = report::Shown::parse(req.patterns.as_str()).map_err(usage)?;
    super::search_settings(req);
    if big {
        return run_big(req, &space, &at, (&asks, target), (&slices, shown));
    }
    let by_rule = misere_by_rule(req);
    let table_at = if by_rule { &at::AskedList::default() } else { &at };
    let far = asks_beyond(&space, table_at, &winning_at);
    let (space, grown) = grown_down(req, space, far, &at, &winning_at);
    let program = program_of(req, &space);
    let (c, wide) = match computed(req, &space, far, table_at, &winning_at, &program, req.misere)? {
        Ok(c) => c,
        Err(code) => return Ok(code),
    };
    let Computed { mut table, reach, theorems, game, builtin } = c;
    table.notes.extend(grown);
    if let Some(written) = tally_or_list(req, &table) {
        return written;
    }
    // A rule with moves longer than the box: only its proofs speak beyond the box.
    let far_blind = builtin.as_ref().is_some_and(|g| builtin::far_moves_note(g, &space).is_some());
    let (mut found, mut n_trusted) = patterns_timed(&mut table, theorems, far_blind);
    pattern::floor::apply(&mut found, &table.space);
    let clock = std::time::Instant::now();
    let full = wide.as_ref().unwrap_or(&table);
    let (guard, dropped) = if far {
        let patterns = (&mut found, &mut n_trusted);
        match guard_far(req, full, &space, patterns, (&at, &winning_at), &program, builtin.as_ref())
        {
            Ok((g, dropped)) => (Some(g), dropped),
            Err(e) => return Ok(interrupted(e)),
        }
    } else {
        (None, Vec::new())
    };
    timing("far checks", clock);
    let clock = std::time::Instant::now();
    if req.serve {
        let (reach, builtin, program) = (reach.as_ref(), builtin.as_ref(), &program);
        let c = grundy_serve::Computed { table: full, space: &space, reach, builtin, program };
        return grundy_serve::run(req, c, (found, n_trusted));
    }
    // Far answers come from the trusted patterns only: the first `n_trusted` of `found`.
    let trusted = &found[..n_trusted];
    let arity = space.arity();
    let one = |q: &Coords| answer::answer_guarded(full, trusted, q, guard.as_ref());
    // Misère sums: the misère-Nim rule or the exhaustive search (misère play does not
    // decompose), built only when a sum is asked or a move may leave one.
    let by_sums = |p: &[u64]| p.len() > arity || (by_rule && !space.contains(p));
    let by_misere = misere_wins(req, builtin.as_ref(), reach.as_ref());
    let sums_asked = req.misere && (at.iter().any(by_sums) || asks.iter().any(|a| by_misere(a)));
    let top = at.iter().flatten().chain(winning_at.iter().flatten()).copied().max().unwrap_or(0);
    let sums = sums_asked.then(|| watched_sums(builtin.as_ref(), reach.as_ref(), &full.space, top));
    let answer_at = |p: &[u64]| match sums.as_ref() {
        Some(s) if by_sums(p) => at::misere_sum(s.as_ref().map_err(String::as_str), arity, p),
        _ => at::answer_with(arity, req.misere, p, one),
    };
    let known = Known { full, reach: reach.as_ref(), trusted, guard: guard.as_ref() };
    let wins =
        winning_all(req, builtin.as_ref(), &known, (&asks, target), (sums.as_ref(), by_misere));
    let head = Head { game: &game, table: &table, found: &found, shown, dropped: &dropped };
    let out =
        write_report(req, &head, (&at, &answer_at), (&wins, target), (slices, guard.as_ref()))?;
    let code = check_code(req, full, reach.as_ref())?;
    drop(sums);
    finish(req, &table, (out, code), sums_asked, clock)
}

/// The report written, then the exit: interrupted when a misère search was (the answers before
/// it are in the report), else `--check`'s verdict; the SVG last.
fn finish(
    req: &Request,
    table: &Table,
    (out, code): (Out, std::result::Result<ExitCode, ExitCode>),
    sums_asked: bool,
    clock: std::time::Instant,
) -> Result<ExitCode> {
    let code = match code {
        Ok(code) => code,
        Err(interrupted) => return Ok(interrupted),
    };
    crate::console::write_stdout(out.as_bytes())?;
    if sums_asked && process::interrupted().is_some() {
        return Ok(interrupted(std::io::Error::other("a misère search was interrupted")));
    }
    timing("answers and report", clock);
    if let Some(path) = req.svg.as_ref() {
        write_svg(path, table)?;
    }
    Ok(code)
}

/// A take game's box too large for a table ([`super::big`]): its `--winning` positions are
/// single positions (sums are listed in boxes that fit a table).
fn run_big(
    req: &Request,
    space: &Space,
    at: &at::AskedList,
    (asks, target): (&[Vec<Coords>], u64),
    (slices, shown): (&[(usize, u64)], report::Shown),
) -> Result<ExitCode> {
    if asks.iter().any(|a| a.len() != 1) {
        return Err(usage("--winning: sums are listed in boxes that fit a table".into()));
    }
    let winning: Vec<Coords> = asks.iter().map(|a| a[0]).collect();
    let w = super::big::Wanted { at, winning: &winning, target, slices, shown };
    super::big::run(req, space, req.misere, w)
}

/// The misère sums of a `games sg` rule (heaps up to `top`, the largest part asked) or of a
/// moves program's explored positions; `Err` says why there are none (the other built-in games).
fn misere_sums<'a>(
    builtin: Option<&Builtin>,
    reach: Option<&'a Reach>,
    space: &'a Space,
    top: u64,
) -> Result<misere_sums::MisereSums<'a>, String> {
    match (builtin, reach) {
        (Some(Builtin::Sg(rule)), _) => misere_sums::MisereSums::of_rule(rule, top),
        (None, Some(reach)) => Ok(misere_sums::MisereSums::of_reach(reach, space)),
        (Some(g), _) => Err(format!(
            "misère play does not decompose into sums, and sums of {g} are not searched (list the whole position instead)"
        )),
        (None, None) => Err("misère play does not decompose into sums".to_string()),
    }
}

/// [`misere_sums`], watched: from now on a signal is recorded (it no longer ends `games` at
/// once), a search under way stops at its next watch, the sums not decided are unknown
/// (interrupted) and the report of what was answered is printed before the interrupted exit;
/// the progress line (a terminal, or `GAMES_PROGRESS=1`) counts the positions searched.
fn watched_sums<'a>(
    builtin: Option<&Builtin>,
    reach: Option<&'a Reach>,
    space: &'a Space,
    top: u64,
) -> Result<misere_sums::MisereSums<'a>, String> {
    let mut sums = misere_sums(builtin, reach, space, top)?;
    process::Supervisor::install();
    let line = Line(crate::console::Progress::new("games explore", 0));
    sums.watch(Box::new(move |n: u64| {
        line.0.show_text(&format!("misère search: {n} positions"));
        process::interrupted().is_some()
    }));
    Ok(sums)
}

/// A progress line cleared when dropped.
struct Line(crate::console::Progress);

impl Drop for Line {
    fn drop(&mut self) {
        self.0.clear();
    }
}

/// Asked below the box: a moves program's box grows down to the asked coordinates, so no
/// pattern answers from a side of the box where it was not observed (the note says so).
fn grown_down(
    req: &Request,
    space: Space,
    far: bool,
    at: &at::AskedList,
    winning_at: &[Coords],
) -> (Space, Option<String>) {
    let moves_far = far && req.game.is_none() && !req.multiset;
    let below = moves_far.then(|| asked_parts(&space, at, winning_at));
    pattern::floor::grow_down(space, below.as_deref(), req.max_positions)
}

/// `--count` (the tally) or `--list` (the positions of an outcome) instead of the report.
fn tally_or_list(req: &Request, table: &Table) -> Option<Result<ExitCode>> {
    // With --multiset each multiset is counted and listed once, at its first cell.
    let multiset = req.multiset;
    if req.count {
        return Some(count(table, multiset, req.json));
    }
    let which = match super::output::list_asked(req, crate::explore::list::IMPARTIAL) {
        Ok(which) => which?,
        Err(e) => return Some(Err(e)),
    };
    let source = match multiset {
        true => crate::explore::list::Source::Multisets(table),
        false => crate::explore::list::Source::Table(table),
    };
    Some(super::output::write_list(&source, which, req.json))
}

/// The patterns of the table within `--search-budget` for the grammar ([`patterns_of`]), timed;
/// a note when the grammar's safety cap cut a search, or when `--patterns 0` turned it off.
fn patterns_timed(
    table: &mut Table,
    theorems: Vec<Box<dyn Formula>>,
    far_blind: bool,
) -> (Vec<pattern::Pattern>, usize) {
    let clock = std::time::Instant::now();
    let found = patterns_of(table, theorems, far_blind);
    table.notes.extend(super::search_notes());
    timing("patterns", clock);
    found
}

/// The answers as text, 4096 at a time; with `stream`, written out whenever a megabyte waits
/// (a file of positions is of the user's size).
fn text_answers(
    out: &mut Out,
    at: &at::AskedList,
    answer_at: &dyn Fn(&[u64]) -> answer::AtAnswer,
    stream: bool,
) -> Result<()> {
    for start in (0..at.len()).step_by(4096) {
        let chunk = at.range(start..(start + 4096).min(at.len()));
        let answers: Vec<_> = chunk.map(answer_at).collect();
        report::answers(out, &answers);
        if stream && out.as_bytes().len() >= 1 << 20 {
            crate::console::write_stdout(out.as_bytes())?;
            *out = Out::new();
        }
    }
    Ok(())
}

/// `--svg FILE`: the heat map of a box with two or more varying coordinates.
fn write_svg(path: &str, table: &Table) -> Result<()> {
    match report::svg(table) {
        Some(svg) => {
            std::fs::write(path, svg).map_err(|e| anyhow::anyhow!("explore: writing {path}: {e}"))
        }
        None => anyhow::bail!("explore: --svg needs a box with two or more varying coordinates"),
    }
}

/// The table of the box, and of the wider region the guard computes when positions beyond the
/// box are asked (`None` when only the box was computed). `Err` holds the exit status of an
/// interrupted run.
fn computed(
    req: &Request,
    space: &Space,
    far: bool,
    at: &at::AskedList,
    winning_at: &[Coords],
    program: &Program,
    misere: bool,
) -> Result<Result<(Computed, Option<Table>), ExitCode>> {
    let budget = req.max_positions;
    let wide_space =
        if far { guard::region(space, &asked_parts(space, at, winning_at), budget) } else { None };
    let mut c = match req.game.as_ref() {
        Some(name) => match wide_space.as_ref().map(|w| from_game(req, name, w, misere)) {
            Some(Ok(c)) => c,
            _ => from_game(req, name, space, misere)?,
        },
        None => match from_program_banded(req, program, space, wide_space, misere, winning_at)? {
            Ok(c) => c,
            Err(code) => return Ok(Err(code)),
        },
    };
    if c.table.space == *space {
        return Ok(Ok((c, None)));
    }
    let boxed = c.table.restrict(space);
    let wide = std::mem::replace(&mut c.table, boxed);
    Ok(Ok((c, Some(wide))))
}

/// What the answers read: the computed region, what the search met, the kept patterns and
/// the guard's checks beyond the box.
struct Known<'a> {
    full: &'a Table,
    reach: Option<&'a Reach>,
    trusted: &'a [pattern::Pattern],
    guard: Option<&'a guard::Guard>,
}

/// Which `--winning` asks (their parts) are listed through misère sums: a sum, or any position
/// of a game whose moves leave sums, in misère play.
fn misere_wins(
    req: &Request,
    builtin: Option<&Builtin>,
    reach: Option<&Reach>,
) -> impl Fn(&[Coords]) -> bool + use<> {
    let (misere, splits) = (req.misere, super::misere_play::splits(builtin, reach));
    move |ask: &[Coords]| misere && (ask.len() != 1 || splits)
}

/// `--winning` for every ask, in order: through misère sums ([`super::misere_play`]) where
/// `by_misere` says so, else [`winning_moves`].
fn winning_all(
    req: &Request,
    builtin: Option<&Builtin>,
    known: &Known,
    (asks, target): (&[Vec<Coords>], u64),
    (sums, by_misere): (
        Option<&Result<misere_sums::MisereSums, String>>,
        impl Fn(&[Coords]) -> bool,
    ),
) -> Vec<winning::Winning> {
    let k = known.full.space.arity();
    let options =
        super::misere_play::PartOptions::new(builtin, known.reach, winning_budget(req), k);
    // A moves program's position the search did not meet: its options as the guard lists them.
    let by_misere = |a: &[Coords]| by_misere(a) && (a.len() != 1 || options.knows(&a[0][..k]));
    let plain: Vec<Coords> = asks.iter().filter(|a| !by_misere(a)).map(|a| a[0]).collect();
    let mut plain = winning_moves(req, builtin, known, &plain, target).into_iter();
    let sums = sums.map_or(Err("no misère sums"), |s| s.as_ref().map_err(String::as_str));
    asks.iter()
        .map(|ask| match by_misere(ask) {
            true => super::misere_play::winning_of(sums, known.full, known.trusted, &options, ask),
            false => plain.next().unwrap_or_else(|| winning::Winning {
                position: ask.first().map_or_else(Vec::new, |p| p[..k].to_vec()),
                parts: Vec::new(),
                moves: Vec::new(),
                basis: "unknown: not listed".to_string(),
            }),
        })
        .collect()
}

/// `--winning`: each position's moves to the target, from the computed region and the kept
/// patterns; a moves program's position outside everything the search met is answered from
/// the options the guard listed there.
fn winning_moves(
    req: &Request,
    builtin: Option<&Builtin>,
    known: &Known,
    winning_at: &[Coords],
    target: u64,
) -> Vec<winning::Winning> {
    let Known { full, reach, trusted, guard } = *known;
    match builtin {
        Some(g) => {
            let budget = winning_budget(req);
            winning_at
                .iter()
                .map(|p| winning::winning_within(g, full, trusted, p, target, budget))
                .collect()
        }
        None => {
            // The values of every position the search expanded, beyond the box too.
            let beyond = reach.filter(|_| !winning_at.is_empty()).map(values::terminating);
            let beyond = beyond.as_deref();
            let far = |p: &Coords| {
                let (k, g) = (full.space.arity(), guard?);
                let own = answer::answer_guarded(full, trusted, p, Some(g));
                Some(match g.options(&p[..k]) {
                    Some(listed) => winning::from_far_listing(full, trusted, listed, &own, target),
                    None => winning::Winning {
                        position: p[..k].to_vec(),
                        parts: Vec::new(),
                        moves: Vec::new(),
                        basis: format!("unknown: its options were not listed ({})", own.basis),
                    },
                })
            };
            winning_at
                .iter()
                .map(|p| {
                    let k = full.space.arity();
                    let met = reach
                        .is_some_and(|r| (0..r.expanded()).any(|v| r.position(v)[..k] == p[..k]));
                    match met || full.space.index(p).is_some() {
                        true => None,
                        false => far(p),
                    }
                    .unwrap_or_else(|| winning::from_table(full, reach, beyond, trusted, p, target))
                })
                .collect()
        }
    }
}

/// A `games sg` rule that splits heaps, in misère play, answers every sum and every position
/// beyond the box from the rule itself (`misere_sums`): those ask nothing of the table beyond
/// the box.
fn misere_by_rule(req: &Request) -> bool {
    req.misere
        && req
            .game
            .as_deref()
            .is_some_and(|g| builtin::parse(g).is_ok_and(|b| builtin::splits_heaps(&b)))
}

/// What answers one asked position (a sum's parts one after the other).
type AnswerAt<'a> = dyn Fn(&[u64]) -> answer::AtAnswer + 'a;

/// The report, as JSON or text: the head, the `--at` answers (`answer_at`) and the winning
/// moves.
fn write_report(
    req: &Request,
    head: &Head,
    (at, answer_at): (&at::AskedList, &AnswerAt),
    (wins, target): (&[winning::Winning], u64),
    (slices, guard): (Vec<(usize, u64)>, Option<&guard::Guard>),
) -> Result<Out> {
    let mut out = Out::new();
    if req.json {
        let answers: Vec<_> = at.iter().map(answer_at).collect();
        report::json(&mut out, head.game, head.table, head.found, &answers, wins, head.dropped);
        return Ok(out);
    }
    write_head(&mut out, req, head, slices, guard);
    // Answers are streamed (a file of positions is of the user's size), except with --check,
    // whose verdict may stop the run before anything is written.
    let stream = req.check.as_ref().is_none();
    text_answers(&mut out, at, answer_at, stream)?;
    report::winning(&mut out, wins, target);
    Ok(out)
}

/// `--check CMD`'s exit status (success without it); `Err` inside: an interrupted check.
fn check_code(
    req: &Request,
    full: &Table,
    reach: Option<&Reach>,
) -> Result<std::result::Result<ExitCode, ExitCode>> {
    match req.check.as_ref() {
        Some(cmd) => check_with(cmd, req, &full.space, full, reach),
        None => Ok(Ok(ExitCode::SUCCESS)),
    }
}

/// What the text report says before the answers.
struct Head<'a> {
    game: &'a str,
    table: &'a Table,
    found: &'a [pattern::Pattern],
    shown: report::Shown,
    dropped: &'a [report::Dropped],
}

/// The text report before the answers: the game, the notes, the table, the patterns, those
/// refuted beyond the box and what the guard checked.
fn write_head(
    out: &mut Out,
    req: &Request,
    h: &Head,
    slices: Vec<(usize, u64)>,
    guard: Option<&guard::Guard>,
) {
    let t = h.table;
    let play = if t.misere { "misère play" } else { "normal play" };
    out.str(&format!(
        "game: {}, box {} ({} positions; {} explored), {play}\n",
        h.game,
        t.space.spec(),
        t.space.cells(),
        t.explored
    ));
    for note in &t.notes {
        out.str("note: ").str(note).nl();
    }
    if !req.no_table {
        print_table(out, req, t, slices);
    }
    report::patterns(out, t, h.found, h.shown, h.dropped.len());
    report::refuted(out, t, h.dropped);
    if let Some(g) = guard {
        report::guarded(out, g);
    }
}

/// The box, and whether it takes the outcome-bit path of a take game's box too large for a
/// table (`explore::big`); any other box must fit a table.
fn box_of(req: &Request) -> Result<(Space, bool)> {
    let spec = req.box_spec.as_str();
    let space = Space::parse_any(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    let big = super::big::wanted(req, &space);
    if !big {
        space.check_cells().map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    }
    Ok((space, big))
}

/// `--winning` positions (each as its parts: one, but for a sum `A + B` or `()` in misère
/// play) and `--to`'s target value.
fn winning_asked(req: &Request, space: &Space, misere: bool) -> Result<(Vec<Vec<Coords>>, u64)> {
    let k = space.arity();
    let read = |text: &str| match misere {
        true => super::misere_play::asked(text, k),
        false => parse_position(text, k).map(|p| vec![p]),
    };
    let mut winning_at: Vec<Vec<Coords>> = Vec::new();
    for s in req.winning.iter() {
        if s != "-" {
            winning_at.push(read(s).map_err(|e| usage(format!("--winning: {e}")))?);
            continue;
        }
        if req.at.iter().any(|a| a == "-") {
            return Err(usage("--winning - and --at - both read standard input".to_string()));
        }
        let input = super::read_input(None)?;
        refuse_empty_line(&input, "--winning -: line ")?;
        let text = String::from_utf8_lossy(&input);
        for (i, line) in text.lines().enumerate() {
            let p = read(line.trim())
                .map_err(|e| anyhow::anyhow!("explore: --winning -: line {}: {e}", i + 1))?;
            winning_at.push(p);
        }
    }
    let target = req.to.unwrap_or(0);
    if misere && target != 0 {
        return Err(usage("--to: misère play has outcomes only, no values".to_string()));
    }
    Ok((winning_at, target))
}

/// The table as text: values, or outcomes with `--outcomes` or when no value was computed.
fn print_table(out: &mut Out, req: &Request, table: &Table, slices: Vec<(usize, u64)>) {
    let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let outcomes = req.outcomes
        || (!table.misere && table.grundy.iter().all(|&g| g == crate::explore::table::NO_VALUE));
    let style = report::Style { outcomes, color, slices };
    report::table(out, table, &style);
}

/// The seconds each run of a user's program may take.
fn timeout(req: &Request) -> Duration {
    req.timeout
}

/// The moves program as the options give it.
fn program_of(req: &Request, space: &Space) -> Program {
    Program {
        cmd: req.moves.clone().unwrap_or_default(),
        arity: space.arity(),
        timeout: timeout(req),
        output_cap: 1 << 30,
        multiset: req.multiset,
        stream: req.stream,
        text: None,
    }
}

/// The exploration went past `--max-positions` or `--max-starts`.
#[derive(Debug)]
struct OverBudget(String);

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "explore: {}", self.0)
    }
}

impl std::error::Error for OverBudget {}

/// Does any position asked lie outside the box (a part of a sum, a `--winning` position)?
fn asks_beyond(space: &Space, at: &at::AskedList, winning_at: &[Coords]) -> bool {
    let k = space.arity();
    at.iter().any(|a| a.chunks(k).any(|p| !space.contains(p)))
        || winning_at.iter().any(|p| !space.contains(&p[..k]))
}

/// Every position asked: the parts of the `--at` sums, the `--winning` positions; at most
/// [`guard::MAX_CHECKED`] (the guard checks those; later ones are answered unchecked, and say so).
fn asked_parts(space: &Space, at: &at::AskedList, winning_at: &[Coords]) -> Vec<Coords> {
    let k = space.arity();
    let mut asked: Vec<Coords> = winning_at.to_vec();
    for a in at.iter() {
        if asked.len() >= guard::MAX_CHECKED {
            break;
        }
        for part in a.chunks(k) {
            let mut p: Coords = [0; crate::explore::space::MAX_ARITY];
            p[..k].copy_from_slice(part);
            asked.push(p);
        }
    }
    asked.truncate(guard::MAX_CHECKED);
    asked
}

/// [`from_program`] on the box widened by the guard's band (`wide`), or on the box alone
/// when there is no band or the band passes a budget (said in a note).
fn from_program_banded(
    req: &Request,
    program: &Program,
    space: &Space,
    wide: Option<Space>,
    misere: bool,
    winning_at: &[Coords],
) -> Result<Result<Computed, ExitCode>> {
    // The Grundy player (`--serve` of a game that splits) plays the options the search met.
    let keep = !winning_at.is_empty() || req.serve;
    if let Some(w) = wide {
        match from_program(req, program, &w, misere, keep) {
            Err(e) => {
                let mut c = from_program(req, program, space, misere, keep)?;
                if let Ok(c) = &mut c {
                    c.table.notes.push(format!(
                        "the box was not computed wider ({}) for the far answers: {}",
                        w.spec(),
                        e.to_string().trim_start_matches("explore: ")
                    ));
                }
                return Ok(c);
            }
            other => return other,
        }
    }
    from_program(req, program, space, misere, keep)
}

/// The patterns the guard refuted, with the refutation.
type Dropped = Vec<(pattern::Pattern, guard::Refutation)>;

/// The guard ([`guard`]) on the trusted patterns, the first `n_trusted` of `found`, and those it
/// refutes dropped from them.
fn guard_far(
    req: &Request,
    full: &Table,
    space: &Space,
    (found, n_trusted): (&mut Vec<pattern::Pattern>, &mut usize),
    (at, winning_at): (&at::AskedList, &[Coords]),
    program: &Program,
    builtin: Option<&Builtin>,
) -> std::result::Result<(guard::Guard, Dropped), std::io::Error> {
    let mut g =
        check_far(req, full, space, &found[..*n_trusted], (at, winning_at), program, builtin)?;
    let dropped = g.drop_refuted(found, n_trusted);
    Ok((g, dropped))
}

/// The patterns that answer beyond the box checked on the band, at the far positions asked and
/// at sampled far positions, against the game's own rule.
fn check_far(
    req: &Request,
    full: &Table,
    space: &Space,
    trusted: &[pattern::Pattern],
    (at, winning_at): (&at::AskedList, &[Coords]),
    program: &Program,
    builtin: Option<&Builtin>,
) -> std::result::Result<guard::Guard, std::io::Error> {
    let k = space.arity();
    let asked = asked_parts(space, at, winning_at);
    let settings =
        guard::Settings::new(req.far_checks as usize, Duration::from_secs_f64(req.far_check_time));
    let inputs =
        guard::Inputs { table: full, box_space: space, patterns: trusted, asked: &asked, settings };
    match builtin {
        Some(g) => {
            let mut lister = guard::BuiltinLister { game: g.clone() };
            guard::Guard::run(&inputs, &mut lister)
        }
        None => {
            process::Supervisor::install();
            let mut lister = guard::ProgramLister::new(program, k);
            let r = guard::Guard::run(&inputs, &mut lister);
            process::sweep_orphans();
            process::exit_on_signal();
            r
        }
    }
}

/// `--game NAME`: the built-in game's table on the box, with its theorems.
fn from_game(req: &Request, name: &str, space: &Space, misere: bool) -> Result<Computed> {
    let game = builtin::parse(name).map_err(|e| usage(format!("--game: {e}")))?;
    super::builtin_within_budget(req, space)?;
    if builtin::arity(&game) != space.arity() {
        return Err(usage(format!(
            "--game {name} has positions of {} coordinates; the box has {}",
            builtin::arity(&game),
            space.arity()
        )));
    }
    let budget = req.max_positions;
    let mut table = builtin::table_within(&game, space, misere, req.outcomes, budget)
        .map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    table.notes.extend(builtin::far_moves_note(&game, space));
    let theorems = builtin::theorems(&game, misere);
    let game_text = format!("built-in game {name}");
    Ok(Computed { table, reach: None, theorems, game: game_text, builtin: Some(game) })
}

/// `--moves CMD`: the search over the program's positions, then the values. `Err` holds the
/// exit status of an interrupted run.
fn from_program(
    req: &Request,
    program: &Program,
    space: &Space,
    misere: bool,
    keep_for_winning: bool,
) -> Result<Result<Computed, ExitCode>> {
    let cmd = program.cmd.clone();
    let limits = reach::Limits {
        max_positions: req.max_positions as usize,
        max_starts: req.max_starts as usize,
        keep_options: misere || req.check.is_some() || keep_for_winning,
    };
    process::Supervisor::install();
    let progress = crate::console::Progress::new("explore", 0);
    let clock = std::time::Instant::now();
    let result = reach::explore_or_partial(space, program, limits, |p| {
        if progress.elapsed() >= Duration::from_secs(1) {
            progress.show_text(&format!(
                "{} positions known, {} asked ({} answered), {} batches, {} starts",
                p.known, p.asked, p.answered, p.batches, p.starts
            ));
        }
    });
    progress.clear();
    process::sweep_orphans();
    let reach = match result {
        Ok(r) => r,
        Err((reach::ReachError::Io(e), known)) => {
            if process::interrupted().is_some() && !known.is_empty() {
                print_partial(req, space, &cmd, &known)?;
            }
            return Ok(Err(interrupted(e)));
        }
        Err((reach::ReachError::Protocol(e), _)) => anyhow::bail!("explore: {e}"),
        Err((reach::ReachError::Budget(e), _)) => return Err(anyhow::Error::new(OverBudget(e))),
        Err((reach::ReachError::Alloc(e), _)) => anyhow::bail!("explore: {e}"),
    };
    process::exit_on_signal();
    let stats = format!(
        "moves program ({} starts, {} batches, {} positions asked, {} needed)",
        reach.starts,
        reach.batches,
        reach.asked,
        reach.expanded()
    );
    timing(&stats, clock);
    let clock = std::time::Instant::now();
    let table = if misere { values::misere(space, &reach) } else { values::normal(space, &reach) };
    timing("values", clock);
    let table = table.map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    let game = format!("moves program '{cmd}'");
    Ok(Ok(Computed { table, reach: Some(reach), theorems: Vec::new(), game, builtin: None }))
}

/// An interrupted search: the box's values known so far (`?` where not yet), marked partial,
/// as a table (or the JSON document with only the table); the caller says the signal.
fn print_partial(req: &Request, space: &Space, cmd: &str, known: &[u32]) -> Result<()> {
    let mut table = Table::new(space.clone(), false);
    let mut done = 0;
    for (cell, &g) in known.iter().enumerate() {
        if g != reach::UNKNOWN {
            table.grundy[cell] = g;
            table.outcome[cell] = if g == 0 { b'P' } else { b'N' };
            done += 1;
        }
    }
    table.notes.push(format!(
        "partial: interrupted; {done} of the box's {} positions computed so far (the others ?)",
        space.cells()
    ));
    let game = format!("moves program '{cmd}'");
    let mut out = Out::new();
    if req.json {
        report::json(&mut out, &game, &table, &[], &[], &[], &[]);
    } else {
        out.str(&format!("game: {game}, box {} (partial)\n", space.spec()));
        out.str(&format!("note: {}\n", table.notes[0]));
        if !req.no_table {
            print_table(&mut out, req, &table, slices(req, space.arity())?);
        }
    }
    crate::console::write_stdout(out.as_bytes())?;
    Ok(())
}

/// The patterns of the table, those that may answer beyond the box first (all of them, or
/// only the proved ones when `far_blind`), and how many those are. Boxes past 2^22 positions
/// skip the pattern search (its detectors are not linear in the box); the game's theorems are
/// still checked on every entry.
fn patterns_of(
    table: &mut Table,
    theorems: Vec<Box<dyn Formula>>,
    far_blind: bool,
) -> (Vec<pattern::Pattern>, usize) {
    let found = if table.cells() > 1 << 22 {
        table.notes.push(format!(
            "pattern search skipped: the box has {} positions, more than 2^22; only the game's theorems were checked",
            table.cells()
        ));
        let table = &*table;
        theorems
            .into_iter()
            .filter_map(|f| {
                let entries = pattern::verify(table, f.as_ref())?;
                let basis = match f.proof() {
                    Some(th) => pattern::Basis::Proved(th),
                    None => pattern::Basis::Observed { entries },
                };
                Some(pattern::Pattern { formula: f, basis, edge: None })
            })
            .collect()
    } else {
        pattern::find(table, theorems)
    };
    let (mut trusted, rest): (Vec<_>, Vec<_>) =
        found.into_iter().partition(|p| !far_blind || matches!(p.basis, pattern::Basis::Proved(_)));
    let n_trusted = trusted.len();
    trusted.extend(rest);
    (trusted, n_trusted)
}

/// `--check CMD`: the user's formula against the table, said on standard error. `Ok` with
/// the exit status (1 on a disagreement), `Err` with the status of an interrupted run.
fn check_with(
    cmd: &str,
    req: &Request,
    space: &Space,
    table: &Table,
    reach: Option<&Reach>,
) -> Result<Result<ExitCode, ExitCode>> {
    process::Supervisor::install();
    let program = Program {
        cmd: cmd.to_string(),
        arity: space.arity(),
        timeout: timeout(req),
        output_cap: 1 << 30,
        multiset: false,
        stream: false,
        text: None,
    };
    let verdict = check::check(&program, table, reach);
    process::sweep_orphans();
    process::exit_on_signal();
    super::output::say_verdict(verdict)
}

/// `--count`: the tally of the box's outcomes and values (`crate::count::positions`).
fn count(table: &crate::explore::table::Table, multiset: bool, json: bool) -> Result<ExitCode> {
    let tally = match multiset {
        true => crate::count::positions::tally_multisets(table),
        false => crate::count::positions::tally(table),
    };
    super::output::write_tally(&tally, json)
}

/// `--max-options`: the budget of `--winning`'s lists.
pub(super) fn winning_budget(req: &Request) -> winning::Budget {
    let listed = req.max_options;
    listed.map_or_else(winning::Budget::default, |listed| winning::Budget { listed })
}

/// An argument echoed in a message, escaped ([`crate::error::escape`]).
fn shown(arg: &str) -> String {
    crate::error::escape(arg.as_bytes(), crate::error::Lines::Escape)
}

/// `--at` positions (`-`: standard input) and `--at-file` positions, in that order, kept flat
/// (two words a line, taken fallibly: a file too large for memory is one line, exit 1).
fn positions_asked(req: &Request, reading: at::Reading) -> Result<at::AskedList> {
    let mut out = at::AskedList::default();
    let lines_of = |input: &[u8], whence: &str, out: &mut at::AskedList| -> Result<()> {
        reading.lines(input, out).map_err(|e| match e {
            at::LinesError::Line(e) => anyhow::anyhow!("explore: {whence}{e}"),
            at::LinesError::Alloc(e) => anyhow::anyhow!("explore: {e}"),
        })
    };
    for s in req.at.iter() {
        if s == "-" {
            let input = super::read_input(None)?;
            refuse_empty_line(&input, "--at -: line ")?;
            lines_of(&input, "--at -: line ", &mut out)?;
            continue;
        }
        let p = reading.position(s).map_err(|(_, e)| usage(format!("--at '{}': {e}", shown(s))))?;
        out.push(&p).map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    }
    if let Some(path) = req.at_file.as_ref() {
        let input = super::read_input(Some(path))?;
        refuse_empty_line(&input, &format!("{}:", shown(path)))?;
        lines_of(&input, &format!("{}:", shown(path)), &mut out)?;
    }
    Ok(out)
}

/// An empty line among the positions read (`--at -`, `--at-file`) would shift every later
/// answer against its input line: it is an error naming its line (the end of the input, after
/// the last newline, is not a line).
fn refuse_empty_line(input: &[u8], at: &str) -> Result<()> {
    let body = input.strip_suffix(b"\n").unwrap_or(input);
    if body.is_empty() {
        return Ok(());
    }
    match body.split(|&b| b == b'\n').position(|l| l.iter().all(u8::is_ascii_whitespace)) {
        Some(i) => Err(anyhow::anyhow!(
            "explore: {at}{}:1: an empty line (a position is its coordinates, or a sum `3 + 5`; one a line)",
            i + 1
        )),
        None => Ok(()),
    }
}
