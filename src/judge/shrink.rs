//! Shrinking a failing input: from a multi-case input to the one case that fails, then to
//! fewer items and smaller numbers, while it still fails and stays valid.
//!
//! The input is read into a [`Model`] by the problem's [`Judge`] reader; every candidate is a
//! model written back in the judge's layout, checked by `valid` (the judge's validator in the
//! judge's domain, our own solver's acceptance beyond it) before the predicate sees it, so a
//! shrunk input is as legal as the one it came from. Steps, each kept only when the candidate
//! still fails: keep half of the cases (repeatedly), then a single case, then drop single
//! cases; within what is left, drop runs of list items (halves, quarters, ... single items),
//! then lower every number (to 0, 1, 2, 3, half of it, one less), repeating until nothing
//! changes. The predicate is called at most `budget` times (each call may run a user's
//! program), which bounds the whole search; the result is always a failing input (the input
//! itself when nothing smaller was found).

use super::{Domain, Judge, Model};

/// The result of a shrink.
#[derive(Debug, Clone)]
pub struct Shrunk {
    /// The smallest failing input found.
    pub input: Vec<u8>,
    /// How many times the predicate was called.
    pub calls: usize,
}

struct Search<'a> {
    judge: &'a Judge,
    valid: &'a dyn Fn(&[u8]) -> bool,
    still_fails: &'a mut dyn FnMut(&[u8]) -> bool,
    budget: usize,
    calls: usize,
    best: Model,
    best_bytes: Vec<u8>,
}

impl Search<'_> {
    fn exhausted(&self) -> bool {
        self.calls >= self.budget
    }

    /// Adopts `m` if it is valid, smaller in bytes and still fails.
    fn try_model(&mut self, m: Model) -> bool {
        if self.exhausted() {
            return false;
        }
        let bytes = (self.judge.write)(&m);
        if bytes.len() > self.best_bytes.len() || bytes == self.best_bytes || !(self.valid)(&bytes)
        {
            return false;
        }
        self.calls += 1;
        if (self.still_fails)(&bytes) {
            self.best = m;
            self.best_bytes = bytes;
            true
        } else {
            false
        }
    }

    fn cases(&mut self) {
        // Halves first: a long input becomes short in a logarithmic number of calls. When both
        // halves fail, the shorter one is kept.
        while self.best.cases.len() > 1 && !self.exhausted() {
            let len = self.best.cases.len();
            let first = self.with_cases(0..len / 2);
            let second = self.with_cases(len / 2..len);
            let kept_first = self.try_model(first);
            let kept_second = self.try_model(second);
            if !kept_first && !kept_second {
                break;
            }
        }
        // Then a single case, the shortest first; then drop one case at a time.
        if self.best.cases.len() > 1 {
            let mut order: Vec<usize> = (0..self.best.cases.len()).collect();
            order.sort_by_key(|&i| (self.judge.write)(&self.with_cases(i..i + 1)).len());
            for i in order {
                let single = self.with_cases(i..i + 1);
                if self.try_model(single) {
                    return;
                }
            }
            let mut i = 0;
            while i < self.best.cases.len() && self.best.cases.len() > 1 && !self.exhausted() {
                let mut m = self.best.clone();
                m.cases.remove(i);
                if !self.try_model(m) {
                    i += 1;
                }
            }
        }
    }

    fn with_cases(&self, range: std::ops::Range<usize>) -> Model {
        Model { head: self.best.head.clone(), cases: self.best.cases[range].to_vec() }
    }

    /// Drops runs of items from every list; true if anything was dropped.
    fn items(&mut self) -> bool {
        let mut progress = false;
        for c in 0..self.best.cases.len() {
            for l in 0..self.best.cases[c].lists.len() {
                let mut chunk = self.best.cases[c].lists[l].len().div_ceil(2);
                // Smaller runs need more calls: stop where a pass would take more than half of
                // what is left of the budget, so that numbers get their turn.
                while chunk >= 1
                    && self.best.cases[c].lists[l].len() / chunk <= (self.budget - self.calls) / 2
                {
                    let mut start = 0;
                    while start < self.best.cases[c].lists[l].len() && !self.exhausted() {
                        let mut m = self.best.clone();
                        let list = &mut m.cases[c].lists[l];
                        let end = (start + chunk).min(list.len());
                        list.drain(start..end);
                        if self.try_model(m) {
                            progress = true;
                        } else {
                            start += chunk;
                        }
                    }
                    chunk /= 2;
                }
            }
        }
        progress
    }

    /// Lowers every number once as far as the first candidate that still fails; true if any
    /// number was lowered.
    fn numbers(&mut self) -> bool {
        let mut progress = false;
        let mut at = 0;
        while let Some(v) = number(&self.best, at) {
            if self.exhausted() {
                break;
            }
            let mut candidates = vec![0, 1, 2, 3, v / 2, v.saturating_sub(1)];
            candidates.retain(|&c| c < v);
            candidates.dedup();
            for c in candidates {
                let mut m = self.best.clone();
                set_number(&mut m, at, c);
                if self.try_model(m) {
                    progress = true;
                    break;
                }
            }
            at += 1;
        }
        progress
    }
}

/// The `at`-th number of a model, in reading order (head, then each case's fields and lists).
fn number(m: &Model, mut at: usize) -> Option<u64> {
    if at < m.head.len() {
        return Some(m.head[at]);
    }
    at -= m.head.len();
    for c in &m.cases {
        if at < c.fields.len() {
            return Some(c.fields[at]);
        }
        at -= c.fields.len();
        for item in c.lists.iter().flatten() {
            if at < item.len() {
                return Some(item[at]);
            }
            at -= item.len();
        }
    }
    None
}

fn set_number(m: &mut Model, mut at: usize, v: u64) {
    if at < m.head.len() {
        m.head[at] = v;
        return;
    }
    at -= m.head.len();
    for c in &mut m.cases {
        if at < c.fields.len() {
            c.fields[at] = v;
            return;
        }
        at -= c.fields.len();
        for item in c.lists.iter_mut().flatten() {
            if at < item.len() {
                item[at] = v;
                return;
            }
            at -= item.len();
        }
    }
}

/// Shrinks `input` (which fails: `still_fails(input)` is assumed true) under `judge`'s model
/// in `domain`, with candidates filtered by `valid`, calling `still_fails` at most `budget`
/// times. An input the reader cannot take apart is returned as it is.
pub fn shrink(
    judge: &Judge,
    domain: Domain,
    input: &[u8],
    valid: &dyn Fn(&[u8]) -> bool,
    still_fails: &mut dyn FnMut(&[u8]) -> bool,
    budget: usize,
) -> Shrunk {
    let Ok(model) = judge.parse(input, domain) else {
        return Shrunk { input: input.to_vec(), calls: 0 };
    };
    let mut search = Search {
        judge,
        valid,
        still_fails,
        budget,
        calls: 0,
        best: model.clone(),
        best_bytes: input.to_vec(),
    };
    // The model in the judge's own layout first (it may already be shorter than the input).
    let rewritten = (judge.write)(&model);
    if rewritten != input && valid(&rewritten) && budget > 0 {
        search.calls += 1;
        if (search.still_fails)(&rewritten) {
            search.best_bytes = rewritten;
        }
    }
    search.cases();
    while !search.exhausted() {
        let dropped = search.items();
        let lowered = search.numbers();
        if !dropped && !lowered {
            break;
        }
    }
    Shrunk { input: search.best_bytes, calls: search.calls }
}

/// Shrinks a failing input of `problem` generated in `domain`: candidates must pass the judge's
/// validator ([`Domain::Judge`]) or be accepted by our solver ([`Domain::Beyond`]).
pub fn shrink_input(
    problem: &crate::registry::Problem,
    domain: Domain,
    input: &[u8],
    still_fails: &mut dyn FnMut(&[u8]) -> bool,
    budget: usize,
) -> Shrunk {
    let valid = |c: &[u8]| match domain {
        Domain::Judge => problem.judge.validate(c).is_ok(),
        Domain::Beyond => crate::registry::run(problem, c).1.is_none(),
    };
    shrink(problem.judge, domain, input, &valid, still_fails, budget)
}

/// One line a user can paste to reproduce a failure saved in `path`: our answer, then the
/// program's on the same file.
pub fn reproduce_line(problem: &str, cmd: Option<&str>, path: &std::path::Path) -> String {
    let file = shell_quote(&path.display().to_string());
    match cmd {
        Some(cmd) => format!("games {problem} {file}; ({cmd}) < {file}"),
        None => format!("games {problem} {file}"),
    }
}

/// `s` quoted for a POSIX shell when it needs it.
fn shell_quote(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=+,:@%".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The lines a stress report adds about shrinking: sizes before and after, and the command
/// that reproduces the failure from the saved file.
pub fn summary(
    problem: &str,
    failure: &crate::stress::Failure,
    saved: &std::path::Path,
    against: &crate::stress::Against<'_>,
) -> String {
    let (before, after) = (failure.original.len(), failure.input.len());
    let shrunk = if before == after && failure.original == failure.input {
        format!("not shrunk ({after} bytes; {} runs tried)\n", failure.shrink_runs)
    } else {
        format!("shrunk from {before} to {after} bytes in {} runs\n", failure.shrink_runs)
    };
    let cmd = match against {
        crate::stress::Against::Command { cmd, .. } => Some(*cmd),
        crate::stress::Against::Brute => None,
    };
    format!("{shrunk}reproduce: {}\n", reproduce_line(problem, cmd, saved))
}
