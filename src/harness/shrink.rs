//! Shrinking a failing input: from a multi-case input to the one case that fails, then to
//! fewer items and smaller numbers, while it still fails and stays valid.
//!
//! The input is read into a [`Model`] by the problem's [`Judge`] reader; every candidate is a
//! model written back in the judge's layout, checked by `valid` (the judge's validator in the
//! judge's domain, our own solver's acceptance beyond it) before the predicate sees it, so a
//! shrunk input is as legal as the one it came from. Steps, each kept only when the candidate
//! still fails: keep half of the cases (repeatedly, the shorter half when both fail), then a
//! single case (the shortest first), then drop single cases; within what is left, cut each
//! list to its shortest prefixes and suffixes (1 to 8 items: for a fault that depends on the
//! whole list, such as a wrong XOR, a short random part often still fails where removing one
//! run rarely does), drop runs of items (halves, quarters, ... single items), remove vertices
//! (renumbering the others, for graphs and trees), lower every number (to 0, 1, 2, 3, half of
//! it, one less), and lower every repeated value everywhere at once (equal piles cancel in
//! pairs), repeating until nothing changes. The predicate is called
//! at most [`Budget::runs`] times and no call starts after [`Budget::time`] (each call may run
//! a user's program), which bounds the whole search; the result is always a failing input (the
//! input itself when nothing smaller was found). It is a local search: it stops at an input
//! from which no single step above still fails, not necessarily the smallest failing input.

use crate::judge::{Domain, Judge, Model};
use std::time::{Duration, Instant};

/// How much the shrinker may spend.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Predicate calls at most.
    pub runs: usize,
    /// No predicate call starts after this much time.
    pub time: Duration,
}

impl Budget {
    /// At most `runs` calls, with no time limit.
    pub fn runs(runs: usize) -> Budget {
        Budget { runs, time: Duration::MAX }
    }
}

/// The result of a shrink.
#[derive(Debug, Clone)]
pub struct Shrunk {
    /// The smallest failing input found.
    pub input: Vec<u8>,
    /// How many times the predicate was called.
    pub calls: usize,
    /// The search stopped because its runs or time ran out (not at a local minimum).
    pub out_of_budget: bool,
}

struct Search<'a> {
    judge: &'a Judge,
    valid: &'a dyn Fn(&[u8]) -> bool,
    still_fails: &'a mut dyn FnMut(&[u8]) -> bool,
    budget: usize,
    deadline: Option<Instant>,
    calls: usize,
    best: Model,
    best_bytes: Vec<u8>,
}

impl Search<'_> {
    /// Out of runs or time, or `games` was interrupted (a signal caught by
    /// [`crate::harness::process::Supervisor`]: the search stops at once, not at its deadline).
    fn exhausted(&self) -> bool {
        self.calls >= self.budget
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || crate::harness::process::interrupted().is_some()
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
                progress |= self.ends(c, l);
                let mut chunk = self.best.cases[c].lists[l].len().div_ceil(2);
                // Smaller runs need more calls: stop where a pass would take more than half of
                // what is left of the budget, so that numbers get their turn.
                while chunk >= 1
                    && self.best.cases[c].lists[l].len() / chunk
                        <= self.budget.saturating_sub(self.calls) / 2
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

    /// Drops single numbers from inside the items of every list (a chess from a query, an arc
    /// from a vertex's list), last first; true if any went. Where an item's width is fixed (a
    /// pair, a cell) every such candidate breaks the layout and the validator refuses it
    /// before any run, so this costs runs only where it can succeed.
    fn within_items(&mut self) -> bool {
        let mut progress = false;
        for c in 0..self.best.cases.len() {
            for l in 0..self.best.cases[c].lists.len() {
                for i in 0..self.best.cases[c].lists[l].len() {
                    let mut j = self.best.cases[c].lists[l][i].len();
                    while j > 0 && self.best.cases[c].lists[l][i].len() > 1 {
                        j -= 1;
                        if self.exhausted() {
                            return progress;
                        }
                        let mut m = self.best.clone();
                        m.cases[c].lists[l][i].remove(j);
                        progress |= self.try_model(m);
                    }
                }
            }
        }
        progress
    }

    /// Removes vertices where the problem has them: runs of consecutive vertices, halving the
    /// run length down to one (as `items` does), so that a graph of a thousand vertices needs
    /// tens of runs, not a thousand; true if any went.
    fn vertices(&mut self) -> bool {
        let Some(drop) = self.judge.drop_vertex else {
            return false;
        };
        let mut progress = false;
        // At most half of what is left of the budget, so that numbers get their turn.
        let mut left = self.budget.saturating_sub(self.calls) / 2;
        for c in 0..self.best.cases.len() {
            // Vertex 1 may be undroppable (hackenbush's root): count from the first that is.
            let Some(first) = (1..=2).find(|&v| drop(&self.best, c, v).is_some()) else {
                continue;
            };
            // The last droppable vertex, by doubling then bisection (each probe copies the model).
            let (mut lo, mut hi) = (first, first.saturating_mul(2));
            while drop(&self.best, c, hi).is_some() && hi < u64::MAX / 2 {
                (lo, hi) = (hi, hi * 2);
            }
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if drop(&self.best, c, mid).is_some() { lo = mid } else { hi = mid }
            }
            let count = usize::try_from(lo - first + 1).unwrap_or(usize::MAX);
            let mut chunk = count.div_ceil(2).max(1);
            loop {
                let mut v = first;
                // Removes `chunk` vertices from v on (fewer at the end), or None past the end.
                let without_run = |m: &Model, v: u64| {
                    let mut m = drop(m, c, v)?;
                    for _ in 1..chunk {
                        match drop(&m, c, v) {
                            Some(next) => m = next,
                            None => break,
                        }
                    }
                    Some(m)
                };
                while let Some(m) = without_run(&self.best, v) {
                    if self.exhausted() || left == 0 {
                        return progress;
                    }
                    left -= 1;
                    if self.try_model(m) {
                        progress = true; // the next vertices are now called v, v + 1, ...
                    } else {
                        v += chunk as u64;
                    }
                }
                if chunk == 1 {
                    break;
                }
                chunk /= 2;
            }
        }
        progress
    }

    /// Tries the shortest prefixes and suffixes (1 to 8 items) of list `l` of case `c`.
    fn ends(&mut self, c: usize, l: usize) -> bool {
        for keep in 1..=8 {
            let len = self.best.cases[c].lists[l].len();
            if keep >= len || self.exhausted() {
                return false;
            }
            let mut prefix = self.best.clone();
            prefix.cases[c].lists[l].truncate(keep);
            let mut suffix = self.best.clone();
            suffix.cases[c].lists[l].drain(..len - keep);
            if self.try_model(prefix) || self.try_model(suffix) {
                return true;
            }
        }
        false
    }

    /// Lowers every repeated value everywhere at once (equal values often matter together: a
    /// pair of equal piles cancels in a XOR); true if any was lowered.
    fn together(&mut self) -> bool {
        let addrs = addresses(&self.best);
        let mut counts = std::collections::BTreeMap::new();
        for &a in &addrs {
            *counts.entry(number(&self.best, a)).or_insert(0usize) += 1;
        }
        let mut progress = false;
        for (&v, _) in counts.iter().rev().filter(|&(_, &n)| n >= 2).take(32) {
            for c in candidates(v) {
                if self.exhausted() {
                    return progress;
                }
                let mut m = self.best.clone();
                for &a in &addrs {
                    if number(&m, a) == v {
                        set_number(&mut m, a, c);
                    }
                }
                if self.try_model(m) {
                    progress = true;
                    break;
                }
            }
        }
        progress
    }

    /// Lowers every number once as far as the first candidate that still fails; true if any
    /// number was lowered.
    fn numbers(&mut self) -> bool {
        let mut progress = false;
        for a in addresses(&self.best) {
            if self.exhausted() {
                break;
            }
            for c in candidates(number(&self.best, a)) {
                let mut m = self.best.clone();
                set_number(&mut m, a, c);
                if self.try_model(m) {
                    progress = true;
                    break;
                }
            }
        }
        progress
    }
}

/// Smaller values to try in place of `v`, smallest first.
fn candidates(v: u64) -> Vec<u64> {
    let mut c = vec![0, 1, 2, 3, v / 2, v.saturating_sub(1)];
    c.retain(|&x| x < v);
    c.dedup();
    c
}

/// Where a number sits in a model.
#[derive(Clone, Copy)]
enum Addr {
    Head(usize),
    Field(usize, usize),
    Item(usize, usize, usize, usize),
}

/// The address of every number of a model, in reading order (head, then each case's fields
/// and lists).
fn addresses(m: &Model) -> Vec<Addr> {
    let mut v: Vec<Addr> = (0..m.head.len()).map(Addr::Head).collect();
    for (c, case) in m.cases.iter().enumerate() {
        v.extend((0..case.fields.len()).map(|i| Addr::Field(c, i)));
        for (l, list) in case.lists.iter().enumerate() {
            for (j, item) in list.iter().enumerate() {
                v.extend((0..item.len()).map(|k| Addr::Item(c, l, j, k)));
            }
        }
    }
    v
}

fn number(m: &Model, a: Addr) -> u64 {
    match a {
        Addr::Head(i) => m.head[i],
        Addr::Field(c, i) => m.cases[c].fields[i],
        Addr::Item(c, l, j, k) => m.cases[c].lists[l][j][k],
    }
}

fn set_number(m: &mut Model, a: Addr, v: u64) {
    match a {
        Addr::Head(i) => m.head[i] = v,
        Addr::Field(c, i) => m.cases[c].fields[i] = v,
        Addr::Item(c, l, j, k) => m.cases[c].lists[l][j][k] = v,
    }
}

/// Shrinks `input` (which fails: `still_fails(input)` is assumed true) under `judge`'s model
/// in `domain`, with candidates filtered by `valid`, calling `still_fails` within `budget`. An input the reader cannot take apart is returned as it is.
pub fn shrink(
    judge: &Judge,
    domain: Domain,
    input: &[u8],
    valid: &dyn Fn(&[u8]) -> bool,
    still_fails: &mut dyn FnMut(&[u8]) -> bool,
    budget: Budget,
) -> Shrunk {
    let deadline = Instant::now().checked_add(budget.time);
    let budget = budget.runs;
    let Ok(model) = judge.parse(input, domain) else {
        return Shrunk { input: input.to_vec(), calls: 0, out_of_budget: false };
    };
    let mut search = Search {
        judge,
        valid,
        still_fails,
        budget,
        deadline,
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
    let mut fixpoint = false;
    while !search.exhausted() {
        let dropped = search.items() | search.vertices() | search.within_items();
        let lowered = search.numbers();
        let together = search.together();
        if !dropped && !lowered && !together {
            fixpoint = !search.exhausted();
            break;
        }
    }
    let out_of_budget = !fixpoint && crate::harness::process::interrupted().is_none();
    Shrunk { input: search.best_bytes, calls: search.calls, out_of_budget }
}
