//! `games sg RULE --misere`: misère play's options in, the report out (the work is in
//! `games::sg::misere`: `report` runs it, `certificate` writes and replays quotients).

use clap::ArgMatches;
use games::harness::process;
use games::sg::misere::quotient::Budget;
use games::sg::misere::report::{self, Ask};
use games::sg::misere::{certificate, json};
use games::sg::rule::Rule;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The work budget of a `--check-quotient` replay, in states of the outcome check.
const CHECK_STATES: u64 = 20_000_000;

/// `--check-quotient FILE`: exit 0 when the certificate proves its quotient, 1 when not.
pub fn check(path: &Path) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            super::io::error_line(&format!("games sg: --check-quotient {}: {e}", path.display()));
            return ExitCode::from(1);
        }
    };
    match certificate::check(&text, CHECK_STATES) {
        Ok(c) => {
            let q = &c.quotient;
            let line = format!(
                "certificate proves the misère quotient of {} for heaps 0..{}: |Q| = {}, |P| = {} (monoid laws, phi generating, outcome check over {} states, reduced)\n",
                c.rule,
                c.heaps,
                q.monoid.order,
                q.p_count(),
                c.states
            );
            super::io::finish(0, line.as_bytes())
        }
        Err(e) => {
            super::io::error_line(&format!("games sg: --check-quotient {}: {e}", path.display()));
            ExitCode::from(1)
        }
    }
}

/// `--misere`: the genus table, the quotient, the sums.
pub fn run(args: &ArgMatches) -> ExitCode {
    let usage = |m: String| {
        super::io::error_line(&format!("games sg: {m}"));
        ExitCode::from(2)
    };
    let text = args.get_one::<String>("RULE").map(String::as_str).unwrap_or_default();
    let rule = match Rule::parse(text) {
        Ok(r) => r,
        Err(e) => return usage(e.to_string()),
    };
    let heaps = args.get_many::<u64>("heaps").map(|v| v.copied().collect::<Vec<_>>());
    let top = match (heaps.as_deref(), args.get_one::<u64>("upto")) {
        (Some([n]), _) | (None, Some(n)) => *n,
        (None, None) => 20,
        (Some(_), _) => {
            return usage("with --misere, --heaps takes one number: the largest heap".into());
        }
    };
    let Ok(top) = u32::try_from(top) else { return usage(format!("heap {top} is too large")) };
    let mut sums: Vec<Vec<u64>> =
        args.get_many::<Vec<u64>>("at").into_iter().flatten().cloned().collect();
    if let Some(path) = args.get_one::<PathBuf>("at-file") {
        match read_sums(path) {
            Ok(s) => sums.extend(s),
            Err(e) => {
                super::io::error_line(&format!("games sg: --at-file {e}"));
                return ExitCode::from(1);
            }
        }
    }
    let mut budget = Budget::default();
    if let Some(&b) = args.get_one::<u64>("quotient-budget") {
        budget.states = b;
        budget.candidate = b as usize;
    }
    let ask = Ask { rule: &rule, top, quotient: args.get_flag("quotient"), sums: &sums, budget };
    let line = super::Progress::new("games sg --misere", 0);
    let run = report::run_watched(
        &ask,
        &mut |n, q| line.show_text(&format!("heap {n}: |Q| = {}", q.monoid.order)),
        &|| process::interrupted().is_some(),
        &|sum, n| match sum {
            Some(i) => line.show_text(&format!("sum {}: {n} positions searched", i + 1)),
            None => line.show_text(&format!("genus: {n} positions searched")),
        },
    );
    line.clear();
    let run = match run {
        Ok(r) => r,
        Err(e) => return usage(e),
    };
    let printed = if args.get_flag("json") {
        match json::json(&run) {
            Ok(s) => s,
            Err(e) => {
                super::io::error_line(&format!("games sg: encoding JSON: {e}"));
                return ExitCode::from(1);
            }
        }
    } else {
        report::text(&run)
    };
    let mut code = super::io::finish(u8::from(run.unknown()), printed.as_bytes());
    if let (Some(path), Some(q)) = (args.get_one::<PathBuf>("certificate"), &run.quotient)
        && let Err(e) = std::fs::write(path, certificate::write(&rule, &q.q))
    {
        super::io::error_line(&format!("games sg: writing {}: {e}", path.display()));
        code = ExitCode::from(1);
    }
    if let Some(sig) = process::interrupted() {
        super::io::error_line(&format!("games sg: interrupted by {}", process::signal_name(sig)));
        code = ExitCode::from(process::interrupted_exit_code(sig));
    }
    code
}

/// The sums of a file, one a line (`3+5+8` or `3 5 8`; blank lines skipped), or the first bad
/// line with its column.
fn read_sums(path: &Path) -> Result<Vec<Vec<u64>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut sum = Vec::new();
        let mut col = 0;
        for word in line.split(['+', ' ', '\t']) {
            if !word.is_empty() {
                match word.parse::<u64>() {
                    Ok(v) => sum.push(v),
                    Err(_) => {
                        return Err(format!(
                            "{}: line {}, column {}: expected a heap size, found {word:?}",
                            path.display(),
                            i + 1,
                            col + 1
                        ));
                    }
                }
            }
            col += word.len() + 1;
        }
        if !sum.is_empty() {
            out.push(sum);
        }
    }
    Ok(out)
}
