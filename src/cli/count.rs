//! `games count`: how many sums are P-positions. Reads the options, gathers the histogram of
//! values (`games::count::rule` or a file), counts (`games::count`) and prints the report.

use super::UsageError;
use anyhow::Result;
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};
use games::count::{self, Form, Histogram, report};
use games::out::Out;
use games::sg::rule::Rule;
use std::process::ExitCode;

/// The whole clap definition of `games count`.
pub fn command() -> Command {
    Command::new("count")
        .about("How many sums of heaps (or sequences of values) are P-positions, exactly or mod P")
        .long_about(include_str!("../../problems/count.md"))
        .arg(Arg::new("RULE").allow_hyphen_values(true).help("Any `games sg` rule (0.77, sub:1,3,4, ...): count K-tuples of its heaps 0..=N"))
        .arg(Arg::new("heaps").long("heaps").value_name("K").value_parser(clap::value_parser!(u64).range(1..)).help("The number of heaps in a tuple"))
        .arg(Arg::new("upto").long("upto").value_name("N").value_parser(clap::value_parser!(u64)).help("Heaps of sizes 0..=N (from 0, the empty heap included, unless --from A)"))
        .arg(Arg::new("from").long("from").value_name("A").value_parser(clap::value_parser!(u64)).help("Heaps of sizes A..=N (default 0: the empty heap counts)"))
        .arg(Arg::new("unordered").long("unordered").action(ArgAction::SetTrue).help("Count multisets a_1 <= .. <= a_K instead of ordered tuples"))
        .arg(Arg::new("values").long("values").value_name("FILE").value_parser(clap::value_parser!(std::path::PathBuf)).help("The values of the choices, one a line (a value may repeat): count sequences of choices"))
        .arg(Arg::new("length").long("length").value_name("L").value_parser(clap::value_parser!(u64)).help("Sequences of exactly L choices"))
        .arg(Arg::new("all-lengths").long("all-lengths").action(ArgAction::SetTrue).help("Sequences of 1..=L choices"))
        .arg(Arg::new("mod").long("mod").value_name("P").value_parser(clap::value_parser!(u64).range(1..)).help("Counts modulo P (any P from 1 to 2^64 - 1, even ones too)"))
        .arg(Arg::new("value").long("value").value_name("V").value_parser(clap::value_parser!(u64)).help("Count the sums of value V instead of P and N"))
        .arg(Arg::new("game").long("game").value_name("NAME").conflicts_with_all(["RULE", "values"]).help("A built-in k-heap take game, same:K:J or moore:K:M: count the P-positions of --box"))
        .arg(Arg::new("box").long("box").value_name("SPEC").requires("game").help("With --game: the heap sizes, as in `games explore` (0..100^3, 1..50,0..20)"))
        .arg(Arg::new("sum-at-most").long("sum-at-most").value_name("S").value_parser(clap::value_parser!(u64)).requires("game").help("With --game: only the positions whose heaps sum to at most S"))
        .arg(Arg::new("total").long("total").value_name("T").value_parser(clap::value_parser!(u64)).requires("game").conflicts_with_all(["sum-at-most", "all-totals"]).help("With --game moore:K:M: only the positions whose heaps sum to exactly T"))
        .arg(Arg::new("all-totals").long("all-totals").action(ArgAction::SetTrue).requires("game").help("With --game moore:K:M: one line `T P N` per total T from 0 to --sum-at-most S (or K times the heap bound)"))
        .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help("One JSON object instead of text"))
}

fn usage(msg: &str) -> anyhow::Error {
    anyhow::Error::new(UsageError(format!("count: {msg}")))
}

/// Runs `games count`. No program runs here: a signal ends the count at once, with one line
/// (`games count: interrupted by SIGINT`, exit 130 / 143).
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    games::harness::process::exit_on_signal();
    if let Some(name) = args.get_one::<String>("game") {
        return family(args, name);
    }
    let rule_text = args.get_one::<String>("RULE");
    let file = args.get_one::<std::path::PathBuf>("values");
    let read = match (rule_text, file) {
        (Some(_), Some(_)) => return Err(usage("give a RULE or --values FILE, not both")),
        (None, None) => {
            return Err(usage("give a RULE (with --heaps K --upto N) or --values FILE --length L"));
        }
        (Some(text), None) => rule_histogram(args, text)?,
        (None, Some(path)) => file_histogram(args, path)?,
    };
    let (hist, form) = match read {
        Ok(read) => read,
        Err(code) => return Ok(code),
    };
    let target = args.get_one::<u64>("value").copied();
    let modulus = args.get_one::<u64>("mod").copied();
    let counted = match count::count(&hist, form, target.unwrap_or(0), modulus) {
        Ok(c) => c,
        Err(e) => {
            super::io::error_line(&format!("games count: {e}"));
            return Ok(ExitCode::from(1));
        }
    };
    let mut out = Out::new();
    if args.get_flag("json") {
        report::json(&mut out, &counted, form, target);
    } else {
        report::text(&mut out, &counted, target);
    }
    super::io::write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `--game same:K:J|moore:K:M --box SPEC`: the P-positions of the box (and those within
/// `--sum-at-most`), as `P` and `N` lines or one JSON object.
fn family(args: &ArgMatches, name: &str) -> Result<ExitCode> {
    if let Some(code) = moore(args, name)? {
        return Ok(code);
    }
    refuse_given(
        args,
        &[("total", "--total"), ("all-totals", "--all-totals")],
        "counts by total with --game moore:K:M --box 0..H^K only",
    )?;
    refuse_given(args, &[("mod", "--mod")], NOT_WITH_GAME)?;
    refuse_given(args, RULE_OPTIONS, NOT_WITH_GAME)?;
    let game = count::family::take_game(name).map_err(|e| usage(&format!("--game: {e}")))?;
    let Some(spec) = args.get_one::<String>("box") else {
        return Err(usage("--game needs --box SPEC (the heap sizes, as 0..100^3)"));
    };
    let space =
        games::explore::space::Space::parse_any(spec).map_err(|e| usage(&format!("--box: {e}")))?;
    let sum = args.get_one::<u64>("sum-at-most").copied();
    let counted = match count::family::p_positions(&game, &space, sum) {
        Ok(c) => c,
        Err(e) => {
            super::io::error_line(&format!("games count: {e}"));
            return Ok(ExitCode::from(1));
        }
    };
    let text = if args.get_flag("json") {
        let j = FamilyJson {
            game: name.to_string(),
            space: space.spec(),
            sum_at_most: sum,
            p: counted.p.to_string(),
            n: counted.n().to_string(),
            total: counted.total.to_string(),
        };
        format!("{}\n", serde_json::to_string(&j)?)
    } else {
        format!("P {}\nN {}\n", counted.p, counted.n())
    };
    super::io::write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The options of a RULE or `--values` count, which `--game` does not take.
const RULE_OPTIONS: &[(&str, &str)] = &[
    ("heaps", "--heaps"),
    ("upto", "--upto"),
    ("from", "--from"),
    ("unordered", "--unordered"),
    ("length", "--length"),
    ("all-lengths", "--all-lengths"),
    ("value", "--value"),
];

/// Why [`RULE_OPTIONS`] (and `--mod`, outside `moore:K:M`) are refused with `--game`.
const NOT_WITH_GAME: &str =
    "goes with a RULE or --values; --game takes --box SPEC [--sum-at-most S]";

/// `--game moore:K:M --box 0..H^K`: the digit count of `games::count::moore` (any K, `--total`,
/// `--all-totals`, `--mod`); `None` for the other games, and for a box of at most 16 heaps
/// whose heaps do not all range over 0..=H, which the retrograde counts.
fn moore(args: &ArgMatches, name: &str) -> Result<Option<ExitCode>> {
    use games::count::moore::{self as m, Totals};
    let Some(game) = m::parse_game(name) else { return Ok(None) };
    let (k, most) = game.map_err(|e| usage(&format!("--game: {e}")))?;
    refuse_given(args, RULE_OPTIONS, NOT_WITH_GAME)?;
    let Some(spec) = args.get_one::<String>("box") else {
        return Err(usage("--game needs --box SPEC (the heap sizes, as 0..100^3)"));
    };
    let digit = |why: &str| usage(&format!("--box: {why}"));
    let boxed = m::uniform_box(spec);
    let new = [("total", "--total"), ("all-totals", "--all-totals"), ("mod", "--mod")];
    let asked = new.iter().any(|(f, _)| args.value_source(f) == Some(ValueSource::CommandLine));
    if !matches!(boxed, Ok((0, _, _))) && k <= games::explore::space::MAX_ARITY && !asked {
        // Heaps with other ranges: the retrograde over the box counts them.
        return Ok(None);
    }
    let (lo, top, heaps) = boxed.map_err(|e| digit(&e))?;
    if lo != 0 {
        return Err(digit(&format!(
            "'{spec}': the digit count (any K, --total, --all-totals, --mod) needs every heap in 0..H, the box 0..H^{k}"
        )));
    }
    if heaps != k {
        return Err(digit(&format!("the game has {k} heaps; the box {spec} has {heaps}")));
    }
    let sum = args.get_one::<u64>("sum-at-most").copied();
    let totals = match (args.get_one::<u64>("total"), args.get_flag("all-totals"), sum) {
        (Some(&t), _, _) => Totals::Exactly(t),
        (None, true, s) => Totals::Each(s.unwrap_or((k as u64).saturating_mul(top))),
        (None, false, Some(s)) => Totals::AtMost(s),
        (None, false, None) => Totals::Any,
    };
    let modulus = args.get_one::<u64>("mod").copied();
    let game = m::Moore { heaps: k, most, top };
    let counted = match m::count(&game, totals, modulus) {
        Ok(c) => c,
        Err(e) => {
            super::io::error_line(&format!("games count: {e}"));
            return Ok(Some(ExitCode::from(1)));
        }
    };
    let rows: Vec<[String; 3]> = counted
        .p
        .into_iter()
        .zip(counted.total)
        .map(|(p, total)| {
            let c = count::Counted { hit: p, total, modulus };
            [c.hit.to_string(), c.miss().to_string(), c.total.to_string()]
        })
        .collect();
    let mut text = String::new();
    if args.get_flag("json") {
        let j = MooreJson { game: name.to_string(), space: spec.clone(), totals, modulus, rows };
        text = format!("{}\n", serde_json::to_string(&j)?);
    } else if let Totals::Each(_) = totals {
        text.push_str("total P N\n");
        for (t, [p, n, _]) in rows.iter().enumerate() {
            text.push_str(&format!("{t} {p} {n}\n"));
        }
    } else if let Some([p, n, _]) = rows.first() {
        text = format!("P {p}\nN {n}\n");
    }
    super::io::write_stdout(text.as_bytes())?;
    Ok(Some(ExitCode::SUCCESS))
}

/// The JSON of `--game moore:K:M` by digits: `{"game", "box", "mod", then "sum_at_most" (S or
/// null) and "P", "N", "total" as the other games; or "sum_exactly": T and the same counts; or
/// with `--all-totals` "sums": [{"sum", "P", "N", "total"}, ...]}`; counts as decimal strings.
struct MooreJson {
    game: String,
    space: String,
    totals: games::count::moore::Totals,
    modulus: Option<u64>,
    rows: Vec<[String; 3]>,
}

impl serde::Serialize for MooreJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use games::count::moore::Totals;
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("game", &self.game)?;
        m.serialize_entry("box", &self.space)?;
        m.serialize_entry("mod", &self.modulus)?;
        let counts = |m: &mut S::SerializeMap, [p, n, t]: &[String; 3]| {
            m.serialize_entry("P", p)?;
            m.serialize_entry("N", n)?;
            m.serialize_entry("total", t)
        };
        match self.totals {
            Totals::Any => m.serialize_entry("sum_at_most", &None::<u64>)?,
            Totals::AtMost(t) => m.serialize_entry("sum_at_most", &t)?,
            Totals::Exactly(t) => m.serialize_entry("sum_exactly", &t)?,
            Totals::Each(_) => {
                let rows: Vec<serde_json::Value> = self
                    .rows
                    .iter()
                    .enumerate()
                    .map(|(sum, [p, n, t])| serde_json::json!({"sum": sum, "P": p, "N": n, "total": t}))
                    .collect();
                m.serialize_entry("sums", &rows)?;
            }
        }
        if !matches!(self.totals, Totals::Each(_))
            && let Some(row) = self.rows.first()
        {
            counts(&mut m, row)?;
        }
        m.end()
    }
}

/// The JSON of `--game`: the game, the box, the sum bound, the counts as decimal strings.
struct FamilyJson {
    game: String,
    space: String,
    sum_at_most: Option<u64>,
    p: String,
    n: String,
    total: String,
}

games::json_object!(FamilyJson { "game" => game, "box" => space, "sum_at_most" => sum_at_most, "P" => p, "N" => n, "total" => total });

/// Refuses `flags` given on the command line, each with `why` after its name.
fn refuse_given(args: &ArgMatches, flags: &[(&str, &str)], why: &str) -> Result<()> {
    for (flag, name) in flags {
        if args.value_source(flag) == Some(clap::parser::ValueSource::CommandLine) {
            return Err(usage(&format!("{name} {why}")));
        }
    }
    Ok(())
}

/// A RULE's heaps: the values of heaps `--from`..=`--upto`, counted as tuples of `--heaps K`
/// heaps (or the exit code of a rule that cannot be computed, already said).
fn rule_histogram(args: &ArgMatches, text: &str) -> Result<Result<(Histogram, Form), ExitCode>> {
    refuse_given(
        args,
        &[("length", "--length"), ("all-lengths", "--all-lengths")],
        "goes with --values FILE; a RULE takes --heaps K --upto N",
    )?;
    let (Some(&k), Some(&upto)) = (args.get_one::<u64>("heaps"), args.get_one::<u64>("upto"))
    else {
        return Err(usage("a RULE needs --heaps K and --upto N"));
    };
    let rule = Rule::parse(text).map_err(|e| usage(&e.to_string()))?;
    let from = from_of(args, upto)?;
    match count::rule::histogram_from(&rule, from, upto) {
        Ok((h, _)) => Ok(Ok((h, Form::Tuples { k, unordered: args.get_flag("unordered") }))),
        Err(e) => {
            super::io::error_line(&format!("games count: {e}"));
            Ok(Err(ExitCode::from(1)))
        }
    }
}

/// `--values FILE`: its values, counted as sequences of `--length L` (or the exit code of a
/// file that cannot be read, already said).
fn file_histogram(
    args: &ArgMatches,
    path: &std::path::PathBuf,
) -> Result<Result<(Histogram, Form), ExitCode>> {
    refuse_given(
        args,
        &[
            ("heaps", "--heaps"),
            ("upto", "--upto"),
            ("from", "--from"),
            ("unordered", "--unordered"),
        ],
        "goes with a RULE; --values FILE takes --length L",
    )?;
    let Some(&len) = args.get_one::<u64>("length") else {
        return Err(usage("--values FILE needs --length L"));
    };
    let input = super::read_input(Some(path))?;
    match Histogram::parse(&input) {
        Ok(h) => Ok(Ok((h, Form::Sequences { len, all_lengths: args.get_flag("all-lengths") }))),
        Err(e) => {
            let what = {
                use std::os::unix::ffi::OsStrExt;
                let path = path.as_os_str().as_bytes();
                format!("count: {}", games::error::escape(path, games::error::Lines::Escape))
            };
            super::io::error_line(&e.render(&what, &input));
            Ok(Err(ExitCode::from(1)))
        }
    }
}

/// `--from A` (default 0): the smallest heap counted, at most `--upto`.
fn from_of(args: &ArgMatches, upto: u64) -> Result<u64> {
    let from = args.get_one::<u64>("from").copied().unwrap_or(0);
    if from > upto {
        return Err(usage(&format!("--from {from} is past --upto {upto}")));
    }
    Ok(from)
}
