//! `games explore`: the command line of the explorer. Options in ([`command`], read into a
//! [`Request`]), report out: `games::explore::run` takes the request through the stages for
//! the kind of value asked and writes the report.

use anyhow::Result;
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};
use games::explore::run::{self, Request};
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
        .arg(Arg::new("box").long("box").value_name("SPEC").required_unless_present_any(["from", "from-file"]).conflicts_with_all(["from", "from-file"]).allow_hyphen_values(true).help("The positions wanted, one inclusive range per coordinate: 0..30,0..30"))
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
        .arg(Arg::new("from").long("from").value_name("POSITION").action(ArgAction::Append).requires("moves").help("A position as a line of text your moves program reads (a list, a set, a tree, a board; A + B a sum): every position reachable from it is explored, and it is answered (repeatable)"))
        .arg(Arg::new("from-file").long("from-file").value_name("FILE").requires("moves").help("Like --from, one position a line (- : standard input)"))
        .arg(Arg::new("stream").long("stream").action(ArgAction::SetTrue).conflicts_with("game").help("Start the moves program once and keep it: it must flush each reply line"))
        .arg(Arg::new("max-starts").long("max-starts").value_name("N").default_value("1000").value_parser(clap::value_parser!(u64).range(1..=1_000_000)).help("Stop when the moves program has been started this many times"))
        .arg(Arg::new("far-starts").long("far-starts").value_name("N").default_value("64").value_parser(clap::value_parser!(u64).range(1..=1_000_000)).help("With --partizan: the batches of the moves program each far position may take (counted anew for each; past it, the box's pattern answers where the rule holds there, else unknown)"))
        .arg(Arg::new("multiset").long("multiset").action(ArgAction::SetTrue).conflicts_with("game").help("Positions are lists of heaps in any order (sorted; a heap of 0 is no heap)"))
        .arg(Arg::new("check").long("check").value_name("CMD").help("Your formula as a program: one line per position, an outcome or a value as the table writes it; the first disagreement is shown"))
        .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help("One JSON object instead of text"))
        .arg(Arg::new("svg").long("svg").value_name("FILE").help("Write a heat map of the 2-D table (black: lost for the player to move: P, or a score's loss)"))
        .arg(Arg::new("no-table").long("no-table").action(ArgAction::SetTrue).help("Do not print the table"))
        .arg(Arg::new("list").long("list").value_name("OUTCOME|all").conflicts_with_all(["count", "check", "svg", "at", "at-file", "winning"]).help("Only the positions of the box with this outcome (P, N, D; scores: win, draw, loss; partizan: L, R, N, P), one a line, in box order (all: every position, its value and outcome)"))
        .arg(Arg::new("count").long("count").action(ArgAction::SetTrue).conflicts_with_all(["check", "svg", "at"]).help("Print only how many positions of the box have each outcome (P, N, D; scores: win, draw, loss; partizan: L, R, N, P) and each value"))
        .arg(Arg::new("patterns").long("patterns").value_name("N|all").default_value("6").help("How many patterns of the whole table to print in full; 'all' prints every pattern, those of single rows and columns too"))
        .arg(Arg::new("big-from").long("big-from").value_name("N").hide(true).value_parser(clap::value_parser!(u64)).help("Take games: boxes of more than N positions get outcome bits, not a table (default 2^22; for tests)"))
        .arg(Arg::new("search-budget").long("search-budget").value_name("N").default_value("15000000").value_parser(clap::value_parser!(u64)).help("Candidate formulas the grammar search may try per table (its work budget: the same answer on any machine; 0: no grammar search)"))
        .arg(Arg::new("search-time").long("search-time").value_name("SEC").default_value("60").value_parser(super::parse_seconds_or_zero).help("Safety cap of one grammar search, far above what --search-budget needs; when it cuts, the report says so (0: no grammar search)"))
        .arg(Arg::new("far-checks").long("far-checks").value_name("K").default_value("32").value_parser(clap::value_parser!(u64).range(0..=4096)).help("Far positions sampled per pattern that answers beyond the box, where the game's rule is checked (0: none)"))
        .arg(Arg::new("far-check-time").long("far-check-time").value_name("SEC").default_value("10").value_parser(super::parse_seconds).help("Safety cap of one start of the moves program listing far positions' options for the checks (the checks are counted in work; an answer whose listing the cap cut says so)"))
        .arg(Arg::new("remoteness").long("remoteness").action(ArgAction::SetTrue).conflicts_with("partizan").help("Outcome and remoteness of every position (win fast, lose slow; loopy positions drawn); --at 'A & B' answers a conjunctive compound"))
        .arg(Arg::new("score").long("score").action(ArgAction::SetTrue).requires("moves").conflicts_with_all(["partizan", "remoteness"]).help("A scoring game: replies OPTION @ GAIN; ... (= GAIN: the game ends with that gain to the mover); values are the mover's best total minus the opponent's"))
        .arg(Arg::new("serve").long("serve").action(ArgAction::SetTrue).help("Keep the table and answer standard input, one line each: POSITION -> the best move (or none), POSITION ? -> its outcome and remoteness (N 5, P 4, D; an impartial game is played win fast, lose slow) or, with --score, its value; --partizan: L POSITION / R POSITION -> that side's winning move (or none), POSITION ? -> VALUE OUTCOME"))
        .arg(Arg::new("partizan").long("partizan").action(ArgAction::SetTrue).requires("moves").help("A partizan game: each reply line is LEFT | RIGHT; exact values (CGSuite notation) and outcomes L, R, N, P"))
}

/// Runs `games explore`: the options read into a request, the request run.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    run::run(&request(args))
}

/// The options as a [`Request`] (clap has checked their syntax and ranges).
fn request(args: &ArgMatches) -> Request {
    let text = |id: &str| args.get_one::<String>(id).cloned();
    let texts = |id: &str| args.get_many::<String>(id).into_iter().flatten().cloned().collect();
    let number = |id: &str| args.get_one::<u64>(id).copied();
    let seconds = |id: &str, default: f64| args.get_one::<f64>(id).copied().unwrap_or(default);
    let given = args
        .ids()
        .filter(|id| args.value_source(id.as_str()) == Some(ValueSource::CommandLine))
        .map(|id| id.as_str().to_string())
        .collect();
    Request {
        box_spec: text("box").unwrap_or_default(),
        moves: text("moves"),
        game: text("game"),
        misere: args.get_flag("misere"),
        remoteness: args.get_flag("remoteness"),
        score: args.get_flag("score"),
        partizan: args.get_flag("partizan"),
        serve: args.get_flag("serve"),
        outcomes: args.get_flag("outcomes"),
        slices: texts("slice"),
        at: texts("at"),
        at_file: text("at-file"),
        from: texts("from"),
        from_file: text("from-file"),
        winning: texts("winning"),
        to: number("to"),
        max_options: number("max-options"),
        stream: args.get_flag("stream"),
        multiset: args.get_flag("multiset"),
        check: text("check"),
        json: args.get_flag("json"),
        svg: text("svg"),
        no_table: args.get_flag("no-table"),
        list: text("list"),
        count: args.get_flag("count"),
        patterns: text("patterns").unwrap_or_else(|| "6".to_string()),
        big_from: number("big-from"),
        max_positions: number("max-positions").unwrap_or(1_000_000),
        max_starts: number("max-starts").unwrap_or(1000),
        timeout: Duration::from_secs_f64(seconds("timeout", 60.0)),
        search_budget: number("search-budget").unwrap_or(15_000_000),
        search_time: seconds("search-time", 60.0),
        far_starts: number("far-starts").unwrap_or(64),
        far_checks: number("far-checks").unwrap_or(32),
        far_check_time: seconds("far-check-time", 10.0),
        given,
    }
}
