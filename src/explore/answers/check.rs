//! `--check CMD`: the user's own formula against the table. CMD reads the box's positions (the
//! moves protocol's input) and writes one line per position: `P`, `N`, `D`, or a value. The
//! first disagreement is reported with the moves that show who is right: a winning option of an
//! N-position, or every option of a P-position with its outcome. The same protocol checks the
//! box of every other kind ([`check_outcomes`]): a line is a value as the kind reads it
//! (remoteness `P4`, `N 5`, `D`; a score; a partizan value as the table prints it) or one of
//! the kind's outcomes, and a disagreement is shown with the moves the kind's runner gives.

use crate::explore::program::Program;
use crate::explore::reach::Reach;
use crate::explore::report::entries::Outcomes;
use crate::explore::space::{Coords, format_position};
use crate::explore::table::Table;
use crate::harness::process::{self, Limits, Outcome};

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

/// What one line of the `--check` program comes to.
enum Step {
    Agrees,
    /// The position is undecided in the table: not compared.
    Skipped,
    Differs(String),
    Broken(String),
}

/// A box the `--check` program's lines are compared with, one line a position in box order.
trait Judged {
    fn cells(&self) -> usize;
    /// Position `c` as the program reads it.
    fn position(&self, c: usize) -> String;
    /// The program's line (trimmed) for position `c`.
    fn judge(&self, c: usize, said: &str, line: &[u8]) -> Step;
}

/// An impartial table (Grundy values or outcomes), with the game's graph for the evidence.
struct TableJudged<'a> {
    t: &'a Table,
    reach: Option<&'a Reach>,
}

impl Judged for TableJudged<'_> {
    fn cells(&self) -> usize {
        self.t.cells()
    }
    fn position(&self, c: usize) -> String {
        format_position(&self.t.position(c), self.t.space.arity())
    }
    fn judge(&self, c: usize, said: &str, line: &[u8]) -> Step {
        let t = self.t;
        if t.outcome[c] == b'?' {
            return Step::Skipped;
        }
        let p = t.position(c);
        let pos = format_position(&p, t.space.arity());
        let wrong = match said {
            "P" | "N" | "D" => {
                (said.as_bytes()[0] != t.outcome[c]).then(|| format!("outcome {said}"))
            }
            _ => match crate::explore::program::parse_coord(said.as_bytes()) {
                Some(v) if t.misere => {
                    return Step::Broken(format!(
                        "the --check program answered the value {v} at '{pos}'; misère tables have outcomes only (P, N or D)"
                    ));
                }
                Some(v) => (t.value(c).map(u64::from) != Some(v)).then(|| format!("value {v}")),
                None => {
                    return Step::Broken(format!(
                        "the --check program's line for position '{pos}' is '{}': expected P, N, D or a whole number",
                        crate::explore::program::excerpt(line)
                    ));
                }
            },
        };
        match wrong {
            Some(claim) => Step::Differs(explain(t, self.reach, c, &p, &claim)),
            None => Step::Agrees,
        }
    }
}

/// The box of any other kind ([`Outcomes`]): a value as the kind reads it, or an outcome.
struct KindJudged<'a>(&'a dyn Outcomes);

impl Judged for KindJudged<'_> {
    fn cells(&self) -> usize {
        self.0.space().cells()
    }
    fn position(&self, c: usize) -> String {
        let space = self.0.space();
        format_position(&space.position(c), space.arity())
    }
    fn judge(&self, c: usize, said: &str, line: &[u8]) -> Step {
        let b = self.0;
        let (Some(value), Some(outcome)) = (b.value(c), b.outcome(c)) else {
            return Step::Skipped;
        };
        let pos = self.position(c);
        match b.judge(c, said) {
            Ok(None) => Step::Agrees,
            Ok(Some(claim)) => Step::Differs(format!(
                "first disagreement at position '{pos}': your program says {claim}, the table says value {value}, outcome {outcome}{}",
                b.evidence(c)
            )),
            Err(why) => Step::Broken(format!(
                "the --check program's line for position '{pos}' is '{}': {why}",
                crate::explore::program::excerpt(line)
            )),
        }
    }
}

/// Reads the `--check` program's lines as they come, comparing each with the box.
struct Checker<'a> {
    judged: &'a dyn Judged,
    cell: usize,
    checked: usize,
    skipped: usize,
    partial: Vec<u8>,
    verdict: Option<Verdict>,
}

impl Checker<'_> {
    /// One line; `false` once a verdict is reached.
    fn line(&mut self, line: &[u8]) -> bool {
        let c = self.cell;
        let cells = self.judged.cells();
        let said = String::from_utf8_lossy(line.trim_ascii()).into_owned();
        if c >= cells {
            if said.is_empty() {
                return true;
            }
            self.verdict = Some(Verdict::Broken(format!(
                "the --check program printed more lines than the {cells} positions it was given"
            )));
            return false;
        }
        self.cell += 1;
        match self.judged.judge(c, &said, line.trim_ascii()) {
            Step::Agrees => self.checked += 1,
            Step::Skipped => self.skipped += 1,
            Step::Differs(why) => {
                self.verdict = Some(Verdict::Differs(why));
                return false;
            }
            Step::Broken(why) => {
                self.verdict = Some(Verdict::Broken(why));
                return false;
            }
        }
        true
    }

    fn feed(&mut self, chunk: &[u8]) -> bool {
        let mut rest = chunk;
        while let Some(i) = memchr::memchr(b'\n', rest) {
            let go = if self.partial.is_empty() {
                self.line(&rest[..i])
            } else {
                let mut line = std::mem::take(&mut self.partial);
                line.extend_from_slice(&rest[..i]);
                self.line(&line)
            };
            rest = &rest[i + 1..];
            if !go {
                return false;
            }
        }
        self.partial.extend_from_slice(rest);
        true
    }
}

/// Runs `cmd` over the box and compares its answers with `t`, line by line as they come (its
/// output is capped in proportion to the positions: 1 MiB plus 1 KiB a position).
pub fn check(
    program: &Program,
    t: &Table,
    reach: Option<&Reach>,
) -> Result<Verdict, std::io::Error> {
    check_judged(program, &TableJudged { t, reach })
}

/// [`check`] for the box of any other kind (remoteness, scores, partizan values): each line a
/// value as the kind reads it or one of its outcomes ([`Outcomes::judge`]).
pub fn check_outcomes(program: &Program, b: &dyn Outcomes) -> Result<Verdict, std::io::Error> {
    check_judged(program, &KindJudged(b))
}

fn check_judged(program: &Program, judged: &dyn Judged) -> Result<Verdict, std::io::Error> {
    let cells = judged.cells();
    let mut input = Vec::new();
    for c in 0..cells {
        input.extend_from_slice(judged.position(c).as_bytes());
        input.push(b'\n');
    }
    let cap = program.output_cap.min((1 << 20) + cells.saturating_mul(1 << 10));
    let limits = Limits { timeout: program.timeout, output_cap: cap };
    let mut checker =
        Checker { judged, cell: 0, checked: 0, skipped: 0, partial: Vec::new(), verdict: None };
    let mut consume = |chunk: &[u8]| checker.feed(chunk);
    let run = process::run_command_streaming(&program.cmd, &input, limits, &mut consume)?;
    if let Some(v) = checker.verdict.take() {
        return Ok(v);
    }
    match run.outcome {
        Outcome::Finished { .. } => {}
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
                "the --check program wrote more than {cap} bytes on {stream} for {cells} positions"
            )));
        }
    }
    if !checker.partial.is_empty() {
        let line = std::mem::take(&mut checker.partial);
        if !checker.line(&line)
            && let Some(v) = checker.verdict.take()
        {
            return Ok(v);
        }
    }
    if checker.cell < cells {
        let pos = judged.position(checker.cell);
        return Ok(Verdict::Broken(format!(
            "the --check program printed {} lines for {cells} positions: no line for position '{pos}'",
            checker.cell
        )));
    }
    Ok(Verdict::Agrees { checked: checker.checked, skipped: checker.skipped })
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
