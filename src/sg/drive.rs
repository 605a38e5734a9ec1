//! Driving the engines for one `games sg` run: resume from a checkpoint, then the octal
//! stream (rare/common engine through `long_run`'s period detector), a closed form's sample, or
//! the table-walking search until a certificate (or `--upto`, or `--max`); the verdict, the
//! note on why the run stopped, and the `--save` checkpoint.

use super::certificate::{self, Proof, Verdict};
use super::checkpoint;
use super::long_run::{self, Memory};
use super::request::Request;
use super::rule::Rule;
use super::values::{Engine, EngineError, Values};

/// Reports progress: values computed so far and the bytes a value takes in the table.
pub type Progress<'a> = &'a dyn Fn(u64, u64);

/// What the computation found.
pub struct Computed {
    pub verdict: Verdict,
    pub values: Values,
    /// Values computed, when more than `values` holds (a streamed run keeps a prefix).
    pub computed: Option<u64>,
    pub period_values: Vec<u16>,
    pub note: Option<String>,
    /// Values read back from `--resume`.
    pub loaded_len: usize,
}

/// The engine to run (resumed from a checkpoint when asked), the prefix an octal stream
/// continues from, and how many values the checkpoint held.
fn start(req: &Request) -> Result<(Engine, Vec<u16>, usize), String> {
    let Some(path) = req.resume.as_ref() else {
        return Ok((Engine::new(&req.rule), Vec::new(), 0));
    };
    let at = |e: &dyn std::fmt::Display| format!("--resume {}: {e}", path.display());
    let mut loaded = checkpoint::load(path, &req.rule).map_err(|e| at(&e))?;
    let loaded_len = loaded.len();
    // A checkpoint to continue from: only as far as this run goes.
    loaded.truncate(usize::try_from(req.len_wanted).unwrap_or(usize::MAX));
    match loaded {
        Values::Narrow(v) if req.octal.is_some() => Ok((Engine::new(&req.rule), v, loaded_len)),
        _ if req.octal.is_some() => Err(at(&super::values::ResumeError::Wide)),
        v => Ok((Engine::resume(&req.rule, v).map_err(|e| at(&e))?, Vec::new(), loaded_len)),
    }
}

/// Runs the engine: the octal stream, a closed form's sample, or the table-walking search.
pub fn compute(req: &Request, progress: Progress) -> Result<Computed, String> {
    let (mut engine, prefix, loaded_len) = start(req)?;
    let mut c = Computed {
        verdict: Verdict::NotFound,
        values: Values::default(),
        computed: None,
        period_values: Vec::new(),
        note: None,
        loaded_len,
    };
    c.verdict = if let Some(code) = &req.octal {
        let budget = if req.given_max.is_none() { long_run::WORK_PER_MINUTE } else { u64::MAX };
        let run = stream(req, code, budget, &prefix, progress)?;
        engine.values = Values::Narrow(run.values);
        c.computed = Some(run.computed);
        c.period_values = run.period_values;
        c.note = run.note;
        run.verdict
    } else if let (Some(_), None) = (req.closed, req.upto) {
        if let Err(e) = engine.extend_to(req.len_wanted - 1) {
            c.note = Some(e.to_string());
        }
        certificate::certify(&req.rule, &engine.values)
    } else {
        match explore(req, &mut engine, progress) {
            Ok(v) => v,
            Err(e) => {
                c.note = Some(e.to_string());
                certificate::certify(&req.rule, &engine.values)
            }
        }
    };
    c.values = std::mem::take(&mut engine.values);
    // A proof that reads values from a checkpoint rests on the rule, not on the file: those
    // values are computed again (a forged file with a valid hash is refused here).
    if let (Some(path), Verdict::Periodic { proof: Proof::Proved { checked_to, .. }, .. }) =
        (req.resume.as_ref(), &c.verdict)
    {
        checkpoint::recheck(&req.rule, &c.values, *checked_to as usize + 1, loaded_len)
            .map_err(|e| format!("--resume {}: {e}", path.display()))?;
    }
    Ok(c)
}

impl Computed {
    /// Says why the run stopped where no proof came: the rule's largest removal past the
    /// table, or a signal.
    pub fn explain_stop(&mut self, req: &Request, signal: Option<i32>) {
        if self.note.is_none()
            && !self.verdict.is_proved()
            && let Some(t) = certificate::largest_removal(&req.rule)
            && t >= self.values.len() as u64
            && req.closed.is_none()
        {
            self.note = Some(format!(
                "no closed form for this set, and a proof reads more values than its largest amount t = {t}, past the table limit --max {}; heaps from t on are not described by these values",
                req.max
            ));
        }
        if let Some(sig) = signal
            && self.note.is_none()
        {
            self.note = Some(format!(
                "interrupted by {}: the verdict so far",
                crate::harness::process::signal_name(sig)
            ));
        }
    }
}

/// The checkpoint of `--save`: every value computed, after an interruption too. A table
/// shorter than the one resumed from (a run that needed fewer) keeps the longer one.
pub fn save(req: &Request, c: &Computed) -> Result<(), String> {
    let Some(path) = &req.save else { return Ok(()) };
    let res = if c.values.len() < c.loaded_len
        && let Some(from) = req.resume.as_ref()
    {
        if std::fs::canonicalize(from).ok() == std::fs::canonicalize(path).ok() {
            Ok(())
        } else {
            std::fs::copy(from, path).map(|_| ()).map_err(checkpoint::CheckpointError::Io)
        }
    } else {
        checkpoint::save(path, &req.rule, &c.values)
    };
    res.map_err(|e| format!("games sg: --save {}: {e}", path.display()))
}

/// Computes values until a certificate (or `upto` exactly, or `max`).
/// An observed pattern ends the search only past `confirm_to`.
fn explore(req: &Request, engine: &mut Engine, progress: Progress) -> Result<Verdict, EngineError> {
    let (rule, max) = (&req.rule, req.search_max);
    if let Some(n) = req.upto {
        // In steps, for the progress line and Ctrl-C (a short table is reported by the caller).
        loop {
            let have = engine.values.len() as u64;
            let next = n.min(have.saturating_add((have / 16).max(256)));
            engine.extend_to(next)?;
            progress(engine.values.len() as u64, engine.values.width() as u64);
            if next == n || crate::harness::process::interrupted().is_some() {
                break;
            }
        }
        return Ok(certificate::certify(rule, &engine.values));
    }
    let provable = certificate::provable(rule);
    // A finite subtraction set's values are bounded: a saltus seen before its largest amount
    // has acted (twice) is not a pattern of the game.
    let confirm_to =
        req.confirm_to.max(certificate::largest_removal(rule).map_or(0, |t| t.saturating_mul(2)));
    let mut len = 64u64.min(max + 1);
    loop {
        engine.extend_to(len - 1)?;
        // The first `len` values (a resumed table may hold more: the verdict is the one a run
        // from scratch reaches at this length).
        let v = certificate::certify(rule, &engine.values.prefix(len as usize));
        let done = match &v {
            Verdict::Periodic { proof: Proof::Proved { .. }, .. } => true,
            // A saltus means unbounded values: no plain period will ever come.
            Verdict::Periodic { saltus, .. } => {
                (!provable || (*saltus > 0 && !certificate::saltus_provable(rule)))
                    && len > confirm_to
            }
            Verdict::ClosedForm { .. } | Verdict::NoTheorem { .. } => true,
            Verdict::NotFound => false,
        };
        progress(len, engine.values.width() as u64);
        if done || len > max || crate::harness::process::interrupted().is_some() {
            engine.values.truncate(len as usize);
            return Ok(v);
        }
        len = (len + (len / 8).max(16)).min(max + 1);
    }
}

/// What a streamed run found.
struct Streamed {
    values: Vec<u16>,
    verdict: Verdict,
    computed: u64,
    period_values: Vec<u16>,
    note: Option<String>,
}

/// Octal codes (the rare/common engine): values streamed through the period detector of
/// `long_run`, which stops at the first length holding every value the certificate reads, at
/// the search bound, or when `budget` work units are spent (the default bound: about a minute).
fn stream(
    req: &Request,
    code: &super::code::Code,
    budget: u64,
    prefix: &[u16],
    progress: Progress,
) -> Result<Streamed, String> {
    let (rule, max) = (&req.rule, req.search_max);
    let memory =
        if req.bounded { Memory::Bounded { prefix: 1 << 22, ring: 1 << 26 } } else { Memory::Full };
    let want = usize::try_from(max.saturating_add(1)).map_err(|e| e.to_string())?;
    let mut progress = |n: usize| progress(n as u64, 2);
    let run = if prefix.is_empty() {
        long_run::run_observed(code, want, memory, budget, &mut progress)
    } else {
        long_run::run_resumed(code, prefix, want, budget, &mut progress)
    };
    let Some(run) = run else {
        return Err("not an octal code".to_string());
    };
    let mut note = run.stopped.map(|e| e.to_string());
    if run.interrupted {
        note = Some(format!(
            "interrupted at n = {}: the verdict so far",
            run.computed.saturating_sub(1)
        ));
    } else if run.out_of_work {
        note = Some(format!(
            "the default bound of about a minute of work (5 * 10^10 pairs of heaps looked at) was reached at n = {}; --max N computes to N whatever the time",
            run.computed.saturating_sub(1)
        ));
    }
    let verdict = streamed_verdict(rule, code, &run);
    if note.is_none()
        && run.certificate.is_none()
        && run.computed as u64 > max
        && matches!(verdict, Verdict::NotFound)
    {
        note = Some(if req.stop_at_asked {
            format!(
                "computed only to the largest heap asked, n = {max} (without --at and --heaps the search goes on to a proof or --max)"
            )
        } else {
            format!("the --max bound {max} was reached; --max N searches further")
        });
    }
    Ok(Streamed {
        values: run.first,
        verdict,
        computed: run.computed as u64,
        period_values: run.period_values,
        note,
    })
}

/// The verdict of a streamed run: its certificate (proved when the split-parity condition
/// holds), else the full check over the values kept.
fn streamed_verdict(rule: &Rule, code: &super::code::Code, run: &long_run::LongRun) -> Verdict {
    match run.certificate {
        Some(c) if c.proved => Verdict::Periodic {
            n0: c.n0 as u64,
            period: c.period as u64,
            saltus: 0,
            proof: Proof::Proved {
                theorem: certificate::theorem_name(code).unwrap_or_default(),
                checked_to: c.checked as u64,
            },
        },
        Some(c) => Verdict::Periodic {
            n0: c.n0 as u64,
            period: c.period as u64,
            saltus: 0,
            proof: Proof::Observed {
                why:
                    "the split-parity condition for '!' does not hold (or its values were not kept)"
                        .to_string(),
            },
        },
        // No certificate: the full check over the values kept (it may still see a period).
        None if run.first.len() == run.computed && run.computed <= 1 << 22 => {
            certificate::certify(rule, &run.first)
        }
        None => Verdict::NotFound,
    }
}

impl Computed {
    /// A proved period prints exactly the values the proof read (unless `--upto` asked for
    /// more); returns the last heap computed.
    pub fn settle(&mut self, req: &Request) -> u64 {
        if req.upto.is_none()
            && let Verdict::Periodic { proof: Proof::Proved { checked_to, .. }, .. } = &self.verdict
        {
            self.values.truncate(*checked_to as usize + 1);
            self.computed = None;
        }
        self.computed.map_or(self.values.len() as u64, |n| n).saturating_sub(1)
    }
}
