//! `games explore`: the command line of the explorer (`games::explore`). Reads the options,
//! computes the table (a moves program or a built-in game), finds the patterns, and prints the
//! table, the patterns, `--at` answers and the `--check` verdict, as text or JSON, and an SVG.

use super::UsageError;
use anyhow::Result;
use clap::{Arg, ArgAction, ArgMatches, Command};
use games::explore::builtin::Builtin;
use games::explore::pattern::Formula;
use games::explore::reach::Reach;
use games::explore::space::{Coords, Space, parse_position};
use games::explore::table::Table;
use games::explore::{
    answer, at, builtin, check, guard, pattern, program::Program, reach, report, values, winning,
};
use games::harness::process;
use games::out::Out;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

/// The whole clap definition of `games explore`.
pub fn command() -> Command {
    Command::new("explore")
        .about("Your own game: its table, its pattern, and answers far beyond the table")
        .long_about(concat!(
            include_str!("../../problems/explore.md"),
            include_str!("../../problems/explore-partizan.md")
        ))
        .arg(Arg::new("moves").long("moves").value_name("CMD").conflicts_with("game").required_unless_present("game").help("Your moves program (run through sh -c; see the protocol in --help)"))
        .arg(Arg::new("game").long("game").value_name("NAME").help("A built-in game: wythoff, wythoff:K, nim:K, same:K:J, moore:K:M, turning:CODE, product:A*B, bash:M, or any `games sg` rule"))
        .arg(Arg::new("box").long("box").value_name("SPEC").required(true).allow_hyphen_values(true).help("The positions wanted, one inclusive range per coordinate: 0..30,0..30"))
        .arg(Arg::new("max-positions").long("max-positions").value_name("N").default_value("1000000").value_parser(clap::value_parser!(u64).range(1..=100_000_000)).help("Stop when the game reaches more positions than this"))
        .arg(Arg::new("timeout").long("timeout").value_name("SEC").default_value("60").value_parser(super::parse_seconds).help("Deadline for one run of the moves or --check program"))
        .arg(Arg::new("misere").long("misere").action(ArgAction::SetTrue).help("Misère play: the player who cannot move wins (outcomes only)"))
        .arg(Arg::new("outcomes").long("outcomes").action(ArgAction::SetTrue).help("Print outcomes (P, N, D) instead of values"))
        .arg(Arg::new("slice").long("slice").value_name("AXIS=V").num_args(1..).action(ArgAction::Append).help("Show only positions whose coordinate AXIS (1-based) is V (3-D and 4-D boxes)"))
        .arg(Arg::new("at").long("at").value_name("POS").num_args(1..).action(ArgAction::Append).help("Value and outcome at these positions (coordinates joined by commas: 1000000000000000000,5; a sum 3+5+7; - reads them from standard input, one a line)"))
        .arg(Arg::new("winning").long("winning").value_name("POS").num_args(1..).action(ArgAction::Append).help("Every winning move of these positions (to a P-position; --to V: to value V; - reads them from standard input, one a line)"))
        .arg(Arg::new("to").long("to").value_name("V").value_parser(clap::value_parser!(u64)).requires("winning").help("With --winning: the moves to options of value V"))
        .arg(Arg::new("max-options").long("max-options").value_name("N").default_value("1048576").value_parser(clap::value_parser!(u64).range(1..=1u64 << 40)).requires("winning").help("With --winning: the most positions listed for one position's options (a sum of k positions counts k); past it the answer says so"))
        .arg(Arg::new("at-file").long("at-file").value_name("FILE").help("Value and outcome at the positions of FILE, one a line (a line may be a sum: 3 + 5 + 7)"))
        .arg(Arg::new("stream").long("stream").action(ArgAction::SetTrue).conflicts_with("game").help("Start the moves program once and keep it: it must flush each reply line"))
        .arg(Arg::new("max-starts").long("max-starts").value_name("N").default_value("1000").value_parser(clap::value_parser!(u64).range(1..=1_000_000)).help("Stop when the moves program has been started this many times"))
        .arg(Arg::new("multiset").long("multiset").action(ArgAction::SetTrue).conflicts_with("game").help("Positions are lists of heaps in any order (sorted; a heap of 0 is no heap)"))
        .arg(Arg::new("check").long("check").value_name("CMD").help("Your formula as a program: one line per position, P/N/D or a value; the first disagreement is shown"))
        .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help("One JSON object instead of text"))
        .arg(Arg::new("svg").long("svg").value_name("FILE").help("Write a heat map of the 2-D table (P-positions black)"))
        .arg(Arg::new("no-table").long("no-table").action(ArgAction::SetTrue).help("Do not print the table"))
        .arg(Arg::new("list").long("list").value_name("P|N|D|all").value_parser(clap::builder::PossibleValuesParser::new(["P", "N", "D", "all"])).ignore_case(true).conflicts_with_all(["count", "check", "svg", "at", "at-file", "winning"]).help("Only the positions of the box with this outcome, one a line, in box order (all: every position, its value and outcome)"))
        .arg(Arg::new("count").long("count").action(ArgAction::SetTrue).conflicts_with_all(["check", "svg", "at"]).help("Print only how many positions of the box are P, N, D (and undecided), and how many have each value"))
        .arg(Arg::new("patterns").long("patterns").value_name("N|all").default_value("6").help("How many patterns of the whole table to print in full; 'all' prints every pattern, those of single rows and columns too"))
        .arg(Arg::new("big-from").long("big-from").value_name("N").hide(true).value_parser(clap::value_parser!(u64)).help("Take games: boxes of more than N positions get outcome bits, not a table (default 2^22; for tests)"))
        .arg(Arg::new("search-time").long("search-time").value_name("SEC").default_value("1.5").value_parser(super::parse_seconds).help("Time cap of the grammar search of formulas, where the pattern families found none (its candidate budget ends it first, about 0.5 s on a quiet machine)"))
        .arg(Arg::new("far-checks").long("far-checks").value_name("K").default_value("32").value_parser(clap::value_parser!(u64).range(0..=4096)).help("Far positions sampled per pattern that answers beyond the box, where the game's rule is checked (0: none)"))
        .arg(Arg::new("far-check-time").long("far-check-time").value_name("SEC").default_value("5").value_parser(super::parse_seconds).help("Time the moves program may take in all to list far positions' options for the checks"))
        .arg(Arg::new("remoteness").long("remoteness").action(ArgAction::SetTrue).conflicts_with_all(["partizan", "check", "svg", "count", "winning"]).help("Outcome and remoteness of every position (win fast, lose slow; loopy positions drawn); --at 'A & B' answers a conjunctive compound"))
        .arg(Arg::new("score").long("score").action(ArgAction::SetTrue).requires("moves").conflicts_with_all(["partizan", "remoteness", "misere", "check", "svg", "count"]).help("A scoring game: replies OPTION @ GAIN; ... (= GAIN: the game ends with that gain to the mover); values are the mover's best total minus the opponent's"))
        .arg(Arg::new("serve").long("serve").action(ArgAction::SetTrue).conflicts_with_all(["partizan", "check", "svg", "count", "json"]).help("Keep the table and answer standard input, one line each: POSITION -> the best move (or none), POSITION ? -> its value"))
        .arg(Arg::new("partizan").long("partizan").action(ArgAction::SetTrue).requires("moves").conflicts_with_all(["misere", "check", "svg", "slice"]).help("A partizan game: each reply line is LEFT | RIGHT; exact values (CGSuite notation) and outcomes L, R, N, P"))
}

fn usage(msg: String) -> anyhow::Error {
    anyhow::Error::new(UsageError(msg))
}

/// `--slice 2=5` values.
fn slices(args: &ArgMatches, arity: usize) -> Result<Vec<(usize, u64)>> {
    let mut out = Vec::new();
    for s in args.get_many::<String>("slice").into_iter().flatten() {
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

/// `GAMES_EXPLORE_TIMING=1`: where explore's time goes, one line per phase on standard error
/// (for measurements; the report is unchanged).
fn timing(phase: &str, since: std::time::Instant) {
    if std::env::var_os("GAMES_EXPLORE_TIMING").is_some() {
        eprintln!("explore timing: {phase}: {:.2} ms", since.elapsed().as_secs_f64() * 1e3);
    }
}

/// Runs `games explore`: the positions asked, the table, its patterns, the answers, the report.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    if let Some(other) = other_mode(args) {
        return other;
    }
    let (space, big) = box_of(args)?;
    let misere = args.get_flag("misere");
    process::Supervisor::install();
    process::exit_on_signal();
    let multiset = args.get_flag("multiset");
    let at = positions_asked(args, at::Reading { arity: space.arity(), multiset })?;
    let (winning_at, target) = winning_asked(args, &space, misere)?;
    let slices = slices(args, space.arity())?;
    let shown = args.get_one::<String>("patterns").map(String::as_str).unwrap_or("6");
    let shown = report::Shown::parse(shown).map_err(usage)?;
    if big {
        let (winning, slices) = (&winning_at[..], &slices[..]);
        let w = super::explore_big::Wanted { at: &at, winning, target, slices, shown };
        return super::explore_big::run(args, &space, misere, w);
    }
    let far = asks_beyond(&space, &at, &winning_at);
    let moves_far = far && args.get_one::<String>("game").is_none() && !multiset;
    let below = moves_far.then(|| asked_parts(&space, &at, &winning_at));
    let max = *args.get_one::<u64>("max-positions").unwrap_or(&1_000_000);
    let (space, grown) = pattern::floor::grow_down(space, below.as_deref(), max);
    let program = program_of(args, &space);
    let (c, wide) = match computed(args, &space, far, &at, &winning_at, &program, misere)? {
        Ok(c) => c,
        Err(code) => return Ok(code),
    };
    let Computed { mut table, reach, theorems, game, builtin } = c;
    table.notes.extend(grown);
    if let Some(written) = tally_or_list(args, &table) {
        return written;
    }
    // A rule with moves longer than the box: only its proofs speak beyond the box.
    let far_blind = builtin.as_ref().is_some_and(|g| builtin::far_moves_note(g, &space).is_some());
    let (mut found, mut n_trusted) = patterns_timed(args, &mut table, theorems, far_blind);
    pattern::floor::apply(&mut found, &table.space);
    let clock = std::time::Instant::now();
    let full = wide.as_ref().unwrap_or(&table);
    let checked = far.then(|| {
        let trusted = &found[..n_trusted];
        check_far(args, full, &space, trusted, &at, &winning_at, &program, builtin.as_ref())
    });
    let mut guard = match checked.transpose() {
        Ok(g) => g,
        Err(e) => return Ok(interrupted(e)),
    };
    timing("far checks", clock);
    let clock = std::time::Instant::now();
    let dropped =
        guard.as_mut().map_or_else(Vec::new, |g| g.drop_refuted(&mut found, &mut n_trusted));
    // Far answers come from the trusted patterns only: the first `n_trusted` of `found`.
    let trusted = &found[..n_trusted];
    let arity = space.arity();
    let one = |q: &Coords| answer::answer_guarded(full, trusted, q, guard.as_ref());
    let answer_at = |p: &[u64]| at::answer_with(arity, misere, p, one);
    let wins =
        winning_moves(args, builtin.as_ref(), full, reach.as_ref(), trusted, &winning_at, target);
    let mut out = Out::new();
    if args.get_flag("json") {
        let answers: Vec<_> = at.iter().map(answer_at).collect();
        report::json(&mut out, &game, &table, &found, &answers, &wins, &dropped);
    } else {
        let head = Head { game: &game, table: &table, found: &found, shown, dropped: &dropped };
        write_head(&mut out, args, &head, slices, guard.as_ref());
        // Answers are streamed (a file of positions is of the user's size), except with --check,
        // whose verdict may stop the run before anything is written.
        let stream = args.get_one::<String>("check").is_none();
        text_answers(&mut out, &at, &answer_at, stream)?;
        report::winning(&mut out, &wins, target);
    }
    let code = match args.get_one::<String>("check") {
        Some(cmd) => match check_with(cmd, args, &full.space, full, reach.as_ref())? {
            Ok(code) => code,
            Err(interrupted) => return Ok(interrupted),
        },
        None => ExitCode::SUCCESS,
    };
    super::io::write_stdout(out.as_bytes())?;
    timing("answers and report", clock);
    if let Some(path) = args.get_one::<String>("svg") {
        write_svg(path, &table)?;
    }
    Ok(code)
}

/// `--count` (the tally) or `--list` (the positions of an outcome) instead of the report.
fn tally_or_list(args: &ArgMatches, table: &Table) -> Option<Result<ExitCode>> {
    if args.get_flag("count") {
        return Some(count(table, args.get_flag("json")));
    }
    let which = super::explore_out::list_asked(args)?;
    let source = games::explore::list::Source::Table(table);
    Some(super::explore_out::write_list(&source, which, args.get_flag("json")))
}

/// The modes with their own command-line module: `--partizan`, `--score`, `--remoteness` and
/// `--serve`; `None` for the impartial explorer.
fn other_mode(args: &ArgMatches) -> Option<Result<ExitCode>> {
    if args.get_flag("partizan") {
        return Some(super::explore_partizan::run(args));
    }
    if args.get_flag("score") {
        return Some(super::explore_score::run(args));
    }
    if args.get_flag("remoteness") || args.get_flag("serve") {
        return Some(super::explore_remoteness::run(args));
    }
    None
}

/// The patterns of the table within `--search-time` for the grammar ([`patterns_of`]), timed.
fn patterns_timed(
    args: &ArgMatches,
    table: &mut Table,
    theorems: Vec<Box<dyn Formula>>,
    far_blind: bool,
) -> (Vec<pattern::Pattern>, usize) {
    let clock = std::time::Instant::now();
    let search = Duration::from_secs_f64(*args.get_one::<f64>("search-time").unwrap_or(&1.5));
    games::explore::pattern::grammar::search::set_time_budget(search);
    let found = patterns_of(table, theorems, far_blind);
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
            super::io::write_stdout(out.as_bytes())?;
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
    args: &ArgMatches,
    space: &Space,
    far: bool,
    at: &at::AskedList,
    winning_at: &[Coords],
    program: &Program,
    misere: bool,
) -> Result<Result<(Computed, Option<Table>), ExitCode>> {
    let budget = *args.get_one::<u64>("max-positions").unwrap_or(&1_000_000);
    let wide_space =
        if far { guard::region(space, &asked_parts(space, at, winning_at), budget) } else { None };
    let mut c = match args.get_one::<String>("game") {
        Some(name) => match wide_space.as_ref().map(|w| from_game(args, name, w, misere)) {
            Some(Ok(c)) => c,
            _ => from_game(args, name, space, misere)?,
        },
        None => match from_program_banded(args, program, space, wide_space, misere, winning_at)? {
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

/// `--winning`: each position's moves to the target, from the computed region and the kept
/// patterns.
fn winning_moves(
    args: &ArgMatches,
    builtin: Option<&Builtin>,
    full: &Table,
    reach: Option<&Reach>,
    trusted: &[pattern::Pattern],
    winning_at: &[Coords],
    target: u64,
) -> Vec<winning::Winning> {
    match builtin {
        Some(g) => {
            let budget = winning_budget(args);
            winning_at
                .iter()
                .map(|p| winning::winning_within(g, full, trusted, p, target, budget))
                .collect()
        }
        None => {
            // The values of every position the search expanded, beyond the box too.
            let beyond = reach.filter(|_| !winning_at.is_empty()).map(values::terminating);
            let beyond = beyond.as_deref();
            winning_at
                .iter()
                .map(|p| winning::from_table(full, reach, beyond, trusted, p, target))
                .collect()
        }
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
    args: &ArgMatches,
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
    if !args.get_flag("no-table") {
        print_table(out, args, t, slices);
    }
    report::patterns(out, t, h.found, h.shown, h.dropped.len());
    report::refuted(out, t, h.dropped);
    if let Some(g) = guard {
        report::guarded(out, g);
    }
}

/// The box, and whether it takes the outcome-bit path of a take game's box too large for a
/// table (`explore::big`); any other box must fit a table.
fn box_of(args: &ArgMatches) -> Result<(Space, bool)> {
    let spec = args.get_one::<String>("box").map(String::as_str).unwrap_or_default();
    let space = Space::parse_any(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    let big = super::explore_big::wanted(args, &space);
    if !big {
        space.check_cells().map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    }
    Ok((space, big))
}

/// `--winning` positions and `--to`'s target value.
fn winning_asked(args: &ArgMatches, space: &Space, misere: bool) -> Result<(Vec<Coords>, u64)> {
    let mut winning_at: Vec<Coords> = Vec::new();
    for s in args.get_many::<String>("winning").into_iter().flatten() {
        if s != "-" {
            winning_at.push(
                parse_position(s, space.arity()).map_err(|e| usage(format!("--winning: {e}")))?,
            );
            continue;
        }
        if args.get_many::<String>("at").into_iter().flatten().any(|a| a == "-") {
            return Err(usage("--winning - and --at - both read standard input".to_string()));
        }
        let input = super::read_input(None)?;
        refuse_empty_line(&input, "--winning -: line ")?;
        let text = String::from_utf8_lossy(&input);
        for (i, line) in text.lines().enumerate() {
            let p = parse_position(line.trim(), space.arity())
                .map_err(|e| anyhow::anyhow!("explore: --winning -: line {}: {e}", i + 1))?;
            winning_at.push(p);
        }
    }
    let target = args.get_one::<u64>("to").copied().unwrap_or(0);
    if misere && target != 0 {
        return Err(usage("--to: misère play has outcomes only, no values".to_string()));
    }
    Ok((winning_at, target))
}

/// The table as text: values, or outcomes with `--outcomes` or when no value was computed.
fn print_table(out: &mut Out, args: &ArgMatches, table: &Table, slices: Vec<(usize, u64)>) {
    let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let outcomes = args.get_flag("outcomes")
        || (!table.misere && table.grundy.iter().all(|&g| g == games::explore::table::NO_VALUE));
    let style = report::Style { outcomes, color, slices };
    report::table(out, table, &style);
}

/// The seconds each run of a user's program may take.
fn timeout(args: &ArgMatches) -> Duration {
    Duration::from_secs_f64(*args.get_one::<f64>("timeout").unwrap_or(&60.0))
}

/// The moves program as the options give it.
fn program_of(args: &ArgMatches, space: &Space) -> Program {
    Program {
        cmd: args.get_one::<String>("moves").cloned().unwrap_or_default(),
        arity: space.arity(),
        timeout: timeout(args),
        output_cap: 1 << 30,
        multiset: args.get_flag("multiset"),
        stream: args.get_flag("stream"),
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
            let mut p: Coords = [0; games::explore::space::MAX_ARITY];
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
    args: &ArgMatches,
    program: &Program,
    space: &Space,
    wide: Option<Space>,
    misere: bool,
    winning_at: &[Coords],
) -> Result<Result<Computed, ExitCode>> {
    let keep = !winning_at.is_empty();
    if let Some(w) = wide {
        match from_program(args, program, &w, misere, keep) {
            Err(e) => {
                let mut c = from_program(args, program, space, misere, keep)?;
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
    from_program(args, program, space, misere, keep)
}

/// The guard ([`guard`]): the patterns that answer beyond the box checked on the band, at the
/// far positions asked and at sampled far positions, against the game's own rule.
#[allow(clippy::too_many_arguments)]
fn check_far(
    args: &ArgMatches,
    full: &Table,
    space: &Space,
    trusted: &[pattern::Pattern],
    at: &at::AskedList,
    winning_at: &[Coords],
    program: &Program,
    builtin: Option<&Builtin>,
) -> std::result::Result<guard::Guard, std::io::Error> {
    let k = space.arity();
    let asked = asked_parts(space, at, winning_at);
    let settings = guard::Settings::new(
        *args.get_one::<u64>("far-checks").unwrap_or(&32) as usize,
        Duration::from_secs_f64(*args.get_one::<f64>("far-check-time").unwrap_or(&5.0)),
    );
    let inputs =
        guard::Inputs { table: full, box_space: space, patterns: trusted, asked: &asked, settings };
    match builtin {
        Some(g) => {
            let mut lister = guard::BuiltinLister { game: g.clone() };
            guard::Guard::run(&inputs, &mut lister)
        }
        None => {
            process::Supervisor::install();
            let mut lister = guard::ProgramLister { program, arity: k, slow_from: None };
            let r = guard::Guard::run(&inputs, &mut lister);
            process::sweep_orphans();
            process::exit_on_signal();
            r
        }
    }
}

/// `--game NAME`: the built-in game's table on the box, with its theorems.
fn from_game(args: &ArgMatches, name: &str, space: &Space, misere: bool) -> Result<Computed> {
    let game = builtin::parse(name).map_err(|e| usage(format!("--game: {e}")))?;
    if builtin::arity(&game) != space.arity() {
        return Err(usage(format!(
            "--game {name} has positions of {} coordinates; the box has {}",
            builtin::arity(&game),
            space.arity()
        )));
    }
    let budget = *args.get_one::<u64>("max-positions").unwrap_or(&1_000_000);
    let mut table = builtin::table_within(&game, space, misere, args.get_flag("outcomes"), budget)
        .map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    table.notes.extend(builtin::far_moves_note(&game, space));
    let theorems = builtin::theorems(&game, misere);
    let game_text = format!("built-in game {name}");
    Ok(Computed { table, reach: None, theorems, game: game_text, builtin: Some(game) })
}

/// `--moves CMD`: the search over the program's positions, then the values. `Err` holds the
/// exit status of an interrupted run.
fn from_program(
    args: &ArgMatches,
    program: &Program,
    space: &Space,
    misere: bool,
    keep_for_winning: bool,
) -> Result<Result<Computed, ExitCode>> {
    let cmd = program.cmd.clone();
    let limits = reach::Limits {
        max_positions: *args.get_one::<u64>("max-positions").unwrap_or(&1_000_000) as usize,
        max_starts: *args.get_one::<u64>("max-starts").unwrap_or(&1000) as usize,
        keep_options: misere || args.contains_id("check") || keep_for_winning,
    };
    process::Supervisor::install();
    let progress = super::Progress::new("explore", 0);
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
                print_partial(args, space, &cmd, &known)?;
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
fn print_partial(args: &ArgMatches, space: &Space, cmd: &str, known: &[u32]) -> Result<()> {
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
    if args.get_flag("json") {
        report::json(&mut out, &game, &table, &[], &[], &[], &[]);
    } else {
        out.str(&format!("game: {game}, box {} (partial)\n", space.spec()));
        out.str(&format!("note: {}\n", table.notes[0]));
        if !args.get_flag("no-table") {
            print_table(&mut out, args, &table, slices(args, space.arity())?);
        }
    }
    super::io::write_stdout(out.as_bytes())?;
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
    args: &ArgMatches,
    space: &Space,
    table: &Table,
    reach: Option<&Reach>,
) -> Result<Result<ExitCode, ExitCode>> {
    process::Supervisor::install();
    let program = Program {
        cmd: cmd.to_string(),
        arity: space.arity(),
        timeout: timeout(args),
        output_cap: 1 << 30,
        multiset: false,
        stream: false,
    };
    let verdict = check::check(&program, table, reach);
    process::sweep_orphans();
    process::exit_on_signal();
    match verdict {
        Err(e) => Ok(Err(interrupted(e))),
        Ok(check::Verdict::Agrees { checked, skipped }) => {
            let skip = if skipped > 0 {
                format!(" ({skipped} undecided positions skipped)")
            } else {
                String::new()
            };
            super::io::error_line(&format!(
                "check: your program agrees with the table on all {checked} positions{skip}"
            ));
            Ok(Ok(ExitCode::SUCCESS))
        }
        Ok(check::Verdict::Differs(why)) => {
            super::io::error_line(&format!("check: {why}"));
            Ok(Ok(ExitCode::from(1)))
        }
        Ok(check::Verdict::Broken(why)) => anyhow::bail!("explore: {why}"),
    }
}

/// `--count`: the tally of the box's outcomes and values (`games::count::positions`).
fn count(table: &games::explore::table::Table, json: bool) -> Result<ExitCode> {
    super::explore_out::write_tally(&games::count::positions::tally(table), json)
}

/// `--max-options`: the budget of `--winning`'s lists.
pub(super) fn winning_budget(args: &ArgMatches) -> winning::Budget {
    let listed = args.get_one::<u64>("max-options").copied();
    listed.map_or_else(winning::Budget::default, |listed| winning::Budget { listed })
}

/// An argument echoed in a message, escaped ([`games::error::escape`]).
fn shown(arg: &str) -> String {
    games::error::escape(arg.as_bytes(), games::error::Lines::Escape)
}

/// `--at` positions (`-`: standard input) and `--at-file` positions, in that order, kept flat
/// (two words a line, taken fallibly: a file too large for memory is one line, exit 1).
fn positions_asked(args: &ArgMatches, reading: at::Reading) -> Result<at::AskedList> {
    let mut out = at::AskedList::default();
    let lines_of = |input: &[u8], whence: &str, out: &mut at::AskedList| -> Result<()> {
        reading.lines(input, out).map_err(|e| match e {
            at::LinesError::Line(e) => anyhow::anyhow!("explore: {whence}{e}"),
            at::LinesError::Alloc(e) => anyhow::anyhow!("explore: {e}"),
        })
    };
    for s in args.get_many::<String>("at").into_iter().flatten() {
        if s == "-" {
            let input = super::read_input(None)?;
            refuse_empty_line(&input, "--at -: line ")?;
            lines_of(&input, "--at -: line ", &mut out)?;
            continue;
        }
        let p = reading.position(s).map_err(|(_, e)| usage(format!("--at '{}': {e}", shown(s))))?;
        out.push(&p).map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    }
    if let Some(path) = args.get_one::<String>("at-file") {
        let input = super::read_input(Some(&std::path::PathBuf::from(path)))?;
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

/// The exit of an interrupted run (or a program that could not be started).
fn interrupted(e: std::io::Error) -> ExitCode {
    super::io::interrupted("explore", e)
}
