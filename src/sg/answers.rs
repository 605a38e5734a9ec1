//! Answers of one `games sg` run: G(n) for `--at` and the sum of `--heaps` with a winning
//! move, from the table, the proof, the rule's theory or (said so) an observed pattern.

use super::certificate::{self, Proof, Verdict};
use super::closed::ClosedForm;
use super::drive::Computed;
use super::play;
use super::report::{AtJson, HeapsJson, MoveJson};
use super::request::Request;
use super::rule::Rule;
use super::values::{Engine, Values};

/// The answers to `--at` and `--heaps`, as text and as JSON, or the first failure.
#[derive(Default)]
pub struct Answers {
    pub text: String,
    pub at: Vec<AtJson>,
    pub heaps: Option<HeapsJson>,
    pub failure: Option<String>,
}

/// The answers to `--at` and `--heaps` from the table, the proof, the rule's theory or (said
/// so) an observed pattern.
pub fn answer(req: &Request, c: &Computed, computed_to: u64, interrupted: bool) -> Answers {
    let mut answers = Answers::default();
    if let Some(n) = req.upto
        && (c.values.len() as u64) <= n
    {
        answers.failure = Some(format!(
            "--upto {n}: only G(0..={}) could be computed ({})",
            c.values.len().saturating_sub(1),
            c.note.as_deref().unwrap_or("stopped")
        ));
        return answers;
    }
    let mut engine = Engine::new(&req.rule);
    let conjecture = match &c.verdict {
        Verdict::Periodic { n0, period, saltus, proof: Proof::Observed { .. } }
            if trusted_pattern(&req.rule, c.values.len() as u64, *n0, *period) =>
        {
            Some((*n0, *period, *saltus))
        }
        _ => None,
    };
    let mut oracle = Oracle {
        rule: &req.rule,
        closed: req.closed,
        engine: &mut engine,
        values: &c.values,
        period_values: &c.period_values,
        verdict: &c.verdict,
        conjecture,
        computed_to,
        // Interrupted: answer from what is known, compute nothing more.
        max: if interrupted { computed_to } else { req.max },
        used_conjecture: false,
    };
    for &n in &req.ats {
        oracle.used_conjecture = false;
        match oracle.value(n) {
            Ok(g) => {
                let label = oracle.label();
                match &label {
                    Some(l) => answers.text.push_str(&format!("G({n}) = {g} ({l})\n")),
                    None => answers.text.push_str(&format!("G({n}) = {g}\n")),
                }
                let basis = if label.is_some() {
                    "conjecture"
                } else if n < c.values.len() as u64 {
                    "table"
                } else {
                    "proved"
                };
                answers.at.push(AtJson { n, g, basis, conjecture: label });
            }
            Err(why) => {
                answers.failure = Some(format!("G({n}): {why}"));
                return answers;
            }
        }
    }
    if let Some(heaps) = &req.heaps {
        let period = match &c.verdict {
            Verdict::Periodic { n0, period, saltus, proof: Proof::Proved { .. } } => {
                Some((*n0, *period, *saltus))
            }
            _ => None,
        };
        play_heaps(&req.rule, heaps, &mut oracle, period, &mut answers);
    }
    answers
}

/// `--heaps`: every heap's value, the nim-sum, the winner and a winning move.
fn play_heaps(
    rule: &Rule,
    heaps: &[u64],
    oracle: &mut Oracle<'_>,
    period: Option<(u64, u64, u64)>,
    answers: &mut Answers,
) {
    oracle.used_conjecture = false;
    let mut gvals = Vec::new();
    for &h in heaps {
        match oracle.value(h) {
            Ok(g) => gvals.push(g),
            Err(why) => {
                answers.failure = Some(format!("G({h}): {why}"));
                return;
            }
        }
    }
    let mut g = |n: u64| oracle.value(n).ok();
    let found = play::winning_move(rule, heaps, &mut g, period);
    let label = oracle.label();
    let Some((s, mv)) = found else {
        answers.failure = Some("a value needed for the winning move is unknown".to_string());
        return;
    };
    let out = &mut answers.text;
    let list: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
    let gl: Vec<String> = gvals.iter().map(|h| h.to_string()).collect();
    out.push_str(&format!("heaps {}: G = {}, nim-sum {s}: ", list.join(" "), gl.join(" ")));
    let words = mv.as_ref().map(|m| m.words.clone());
    if s == 0 {
        out.push_str("P (the player to move loses)\n");
    } else {
        out.push_str("N (the player to move wins)\n");
        match &words {
            Some(w) => out.push_str(&format!("winning move: {w}\n")),
            None => out.push_str("winning move: not found within the search bound\n"),
        }
    }
    if let Some(l) = &label {
        out.push_str(&format!("({l})\n"));
    }
    answers.heaps = Some(HeapsJson {
        heaps: heaps.to_vec(),
        values: gvals,
        nim_sum: s,
        winner: if s == 0 { "P" } else { "N" },
        winning_move: words,
        r#move: mv.map(|m| MoveJson {
            heap: m.heap,
            size: m.size,
            leaves: m.leaves,
            words: m.words,
        }),
        conjecture: label,
    });
}

/// Can an observed pattern be offered as a conjecture past the table? Not when the table stops
/// before the largest amount a move removes has acted for a while (sub:1,5,10^9 looks periodic
/// long before 10^9): the pattern must have been seen over at least the largest removal past
/// its own two periods.
fn trusted_pattern(rule: &Rule, len: u64, n0: u64, period: u64) -> bool {
    match certificate::largest_removal(rule) {
        Some(t) => len > t.saturating_add(n0).saturating_add(period.saturating_mul(2)),
        None => true,
    }
}

/// G(n) for any n the verdict or the rule's theory determines.
struct Oracle<'a> {
    rule: &'a Rule,
    closed: Option<ClosedForm>,
    engine: &'a mut Engine,
    values: &'a Values,
    /// G(n0..n0 + p) of a proved period when `values` stops before them (bounded memory).
    period_values: &'a [u16],
    verdict: &'a Verdict,
    /// An observed (n0, p, saltus) that may answer past the table, labelled.
    conjecture: Option<(u64, u64, u64)>,
    computed_to: u64,
    max: u64,
    /// Whether an answer since the last reset came from the conjecture.
    used_conjecture: bool,
}

impl Oracle<'_> {
    /// The label of the answers since the last reset, when one came from an observed pattern.
    fn label(&self) -> Option<String> {
        let (_, p, s) = self.conjecture?;
        self.used_conjecture.then(|| {
            format!("conjecture: period {p}, saltus {s} observed to n = {}", self.computed_to)
        })
    }

    fn value(&mut self, n: u64) -> Result<u128, String> {
        if let Some(c) = self.closed {
            return Ok(c.value(n) as u128);
        }
        match self.rule {
            Rule::SplitNim => return Ok(crate::theory::split::grundy(n)),
            Rule::Lunch => {
                return Ok(if n == 0 { 0 } else { crate::theory::lunch::grundy(n) as u128 });
            }
            Rule::MultiSg(f) if n as u128 >= self.values.len() as u128 => {
                return match certificate::multi_sg_try(*f, n, 100_000_000) {
                    Ok(Some(g)) => Ok(g.into()),
                    Ok(None) => Err("too far for the quotient chain of multi-sg (more than 10^8 quotient blocks; n up to about 10^10 is in reach)".to_string()),
                    Err(e) => Err(format!("cannot allocate {} bytes for {}", e.bytes, e.what)),
                };
            }
            _ => {}
        }
        if let Verdict::Periodic { n0, period, saltus: 0, proof: Proof::Proved { .. } } =
            self.verdict
            && n >= *n0
            && n0 + period > self.values.len() as u64
            && self.period_values.len() as u64 == *period
        {
            // Bounded memory: the period's values came from the ring.
            return Ok(self.period_values[((n - n0) % period) as usize] as u128);
        }
        if let Verdict::Periodic { n0, period, .. } = self.verdict
            && n0 + period > self.values.len() as u64
            && n >= self.values.len() as u64
            && self.verdict.is_proved()
        {
            return Err(format!(
                "only G(0..{}) was kept (--bounded) and the period's values were not; rerun without --bounded",
                self.values.len()
            ));
        }
        if let Some(g) = certificate::value_at(self.verdict, self.values, n) {
            return Ok(g);
        }
        // Within --max the value is computed (exact), before any conjecture.
        let mut failed = None;
        if n <= self.max {
            match self.engine.extend_to(n) {
                Ok(()) => return Ok(self.engine.values.at(n as usize) as u128),
                Err(e) => failed = Some(e.to_string()),
            }
        }
        if let Some((n0, p, s)) = self.conjecture
            && n >= n0
            && n0 + p <= self.values.len() as u64
        {
            self.used_conjecture = true;
            let q = (n - n0) / p;
            let r = (n - n0) % p;
            return Ok(self.values.at((n0 + r) as usize) as u128 + q as u128 * s as u128);
        }
        if let Some(why) = failed {
            return Err(why);
        }
        let mut why = format!(
            "no period is proved and n is beyond --max {} (raise --max to compute it)",
            self.max
        );
        if let Some(t) = certificate::largest_removal(self.rule)
            && t > self.max
        {
            why.push_str(&format!(
                "; a period proof reads more than the largest amount t = {t} values, past the table limit"
            ));
        }
        Err(why)
    }
}
