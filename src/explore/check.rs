//! `--check CMD`: the user's own formula against the table. CMD reads the box's positions (the
//! moves protocol's input) and writes one line per position: `P`, `N`, `D`, or a value. The
//! first disagreement is reported with the moves that show who is right: a winning option of an
//! N-position, or every option of a P-position with its outcome.

use super::program::Program;
use super::reach::Reach;
use super::space::{Coords, format_position};
use super::table::Table;
use crate::process::{self, Limits, Outcome};

/// What the check found.
#[derive(Debug)]
pub enum Verdict {
    /// Every line agrees with the table.
    Agrees { checked: usize, skipped: usize },
    /// The first disagreement, explained.
    Differs(String),
    /// The program failed or broke the protocol.
    Broken(String),
}

/// Runs `cmd` over the box and compares its answers with `t`.
pub fn check(
    program: &Program,
    t: &Table,
    reach: Option<&Reach>,
) -> Result<Verdict, std::io::Error> {
    let arity = t.space.arity();
    let mut input = Vec::new();
    for c in 0..t.cells() {
        input.extend_from_slice(format_position(&t.position(c), arity).as_bytes());
        input.push(b'\n');
    }
    let limits = Limits { timeout: program.timeout, output_cap: program.output_cap };
    let run = process::run_command(&program.cmd, &input, limits)?;
    let stdout = match run.outcome {
        Outcome::Finished { stdout, .. } => stdout,
        Outcome::Crashed { status, .. } => {
            return Ok(Verdict::Broken(format!("the --check program failed ({status})")));
        }
        Outcome::TimedOut => {
            return Ok(Verdict::Broken(format!(
                "the --check program did not finish within {} s",
                program.timeout.as_secs_f64()
            )));
        }
        Outcome::TooLong { stream, cap, .. } => {
            return Ok(Verdict::Broken(format!(
                "the --check program wrote more than {cap} bytes on {stream}"
            )));
        }
    };
    let text = String::from_utf8_lossy(&stdout);
    let mut lines = text.lines();
    let (mut checked, mut skipped) = (0, 0);
    for c in 0..t.cells() {
        let p = t.position(c);
        let pos = format_position(&p, arity);
        let Some(line) = lines.next() else {
            return Ok(Verdict::Broken(format!(
                "the --check program printed {c} lines for {} positions: no line for position '{pos}'",
                t.cells()
            )));
        };
        let said = line.trim();
        if t.outcome[c] == b'?' {
            skipped += 1;
            continue;
        }
        let wrong = match said {
            "P" | "N" | "D" => {
                (said.as_bytes()[0] != t.outcome[c]).then(|| format!("outcome {said}"))
            }
            _ => match said.parse::<u64>() {
                Ok(v) if t.misere => {
                    return Ok(Verdict::Broken(format!(
                        "the --check program answered the value {v} at '{pos}'; misère tables have outcomes only (P, N or D)"
                    )));
                }
                Ok(v) => (t.value(c).map(u64::from) != Some(v)).then(|| format!("value {v}")),
                Err(_) => {
                    return Ok(Verdict::Broken(format!(
                        "the --check program's line for position '{pos}' is '{said}': expected P, N, D or a whole number"
                    )));
                }
            },
        };
        if let Some(claim) = wrong {
            return Ok(Verdict::Differs(explain(t, reach, c, &p, &claim)));
        }
        checked += 1;
    }
    if lines.any(|l| !l.trim().is_empty()) {
        return Ok(Verdict::Broken(format!(
            "the --check program printed more lines than the {} positions it was given",
            t.cells()
        )));
    }
    Ok(Verdict::Agrees { checked, skipped })
}

/// Why the table is right at cell c.
fn explain(t: &Table, reach: Option<&Reach>, c: usize, p: &Coords, claim: &str) -> String {
    let arity = t.space.arity();
    let pos = format_position(p, arity);
    let mut s = format!(
        "first disagreement at position '{pos}': your program says {claim}, the table says value {}, outcome {}",
        t.value_text(c),
        t.outcome[c] as char
    );
    let Some(reach) = reach else { return s };
    if t.misere || reach.has_sums {
        return s;
    }
    // Options as (position, its cell in the box); `None` for the empty game `()`.
    let k = t.space.arity();
    let cell_of = |v: usize| {
        if reach.cell_id.is_empty() {
            (v < t.cells()).then_some(v)
        } else {
            let p = reach.position(v);
            t.space.index(&p[p.len() - k..]).filter(|&c| reach.of_cell(c) == v)
        }
    };
    let opts: Vec<Option<usize>> = reach
        .options(reach.of_cell(c))
        .map(|o| reach.parts_of(o).first().map(|&w| w as usize))
        .collect();
    let outcome = |v: Option<usize>| match v {
        None => Some(b'P'),
        Some(v) => cell_of(v).map(|c| t.outcome[c]),
    };
    let text = |v: Option<usize>| match v {
        None => "'()' (the empty game, P)".to_string(),
        Some(v) => match cell_of(v) {
            Some(c) => {
                format!("'{}' ({}, {})", reach.show(v), t.value_text(c), t.outcome[c] as char)
            }
            None => format!("'{}' (outside the box)", reach.show(v)),
        },
    };
    match t.outcome[c] {
        b'N' => {
            if let Some(&w) = opts.iter().find(|&&v| outcome(v) == Some(b'P')) {
                s.push_str(&format!("; the move to {} wins: it is a P-position", text(w)));
            }
        }
        b'P' => {
            let list: Vec<String> = opts.iter().take(12).map(|&v| text(v)).collect();
            if list.is_empty() {
                s.push_str("; it has no move at all");
            } else {
                s.push_str(&format!(
                    "; every move leads to a position the mover's opponent wins: {}{}",
                    list.join(", "),
                    if opts.len() > 12 { ", ..." } else { "" }
                ));
            }
        }
        _ => {}
    }
    s
}
