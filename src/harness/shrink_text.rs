//! Shrinking a failing input without knowing its format (the generic `games stress --gen`):
//! delta debugging over the lists the input's counts describe, then shorter strings, then
//! smaller numbers.
//!
//! The input is read in a plain layout ([`crate::harness::shape::Doc`]: one space between
//! tokens, one newline after each line) and its lists are recognized from their counts
//! ([`crate::harness::shape::Shape`]: test cases under a case count, `n` / `a1 ... an`,
//! `n a1 ... an`, `n` / a string of length `n`, `m` / `m` lines). A candidate is judged by
//! `check`: [`Check::Invalid`] (the validator refuses it, or the reference cannot answer it),
//! [`Check::Passes`] or [`Check::Fails`]; only a failing one is kept. Steps, repeated until none
//! changes anything or the budget runs out:
//!
//! 1. each list, test cases first, loses runs of items: halves, then quarters, ... then single
//!    items (delta debugging), its count lowered by as many in the same candidate, so that
//!    `4` / `2 42 52 4` becomes `2` / `52 4` in one step when that fails;
//! 2. each string token loses runs of characters the same way (its count too, if it has one),
//!    then its letters go towards the first letter of its alphabet (the smallest letter the
//!    generator used there);
//! 3. each number that counts nothing goes down (to its floor, one more, halfway, one less).
//!
//! Without a validator (`floors` given) nothing tells a legal input from an illegal one but the
//! reference, so the input's shape is kept: counts stay consistent with their lists, a count,
//! a number or a string's length never goes below the smallest the generator printed in that
//! place over the whole run, and lists without a count are not cut. With a validator, any list
//! may lose items (down to one) and numbers go towards 0.
//!
//! The run budget counts candidates judged; no candidate starts after the time budget or once
//! `games` was interrupted. The result always fails (the input itself when nothing smaller did).
//! Memory stays a few times the input: the best input is one buffer with 8 bytes a token, and
//! candidates are written one at a time. A local search: it ends at an input from which no
//! single step above fails, not necessarily the smallest failing input.

use crate::harness::shape::{Doc, Edit, Items, List, Observed, Shape, integer};
use crate::harness::shrink::{Budget, Shrunk};
use std::time::Instant;

/// What a candidate input gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// Not a legal input (refused by the validator, or the reference could not answer it).
    Invalid,
    /// Legal, and the program under test answers it correctly.
    Passes,
    /// Legal, and the program under test fails on it.
    Fails,
}

struct Search<'a> {
    check: &'a mut dyn FnMut(&[u8]) -> Check,
    runs: usize,
    budget: usize,
    deadline: Option<Instant>,
    /// The smallest values, lengths and letters of each role (the failing input's included).
    observed: Observed,
    /// No validator: keep the shape and the floors.
    keep_shape: bool,
    doc: Doc,
    shape: Shape,
}

impl Search<'_> {
    fn exhausted(&self) -> bool {
        self.runs >= self.budget
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || crate::harness::process::interrupted().is_some()
    }

    /// Judges the best input changed by `edit`; adopts it when it fails.
    fn attempt(&mut self, edit: &Edit) -> bool {
        if self.exhausted() {
            return false;
        }
        let Ok(bytes) = self.doc.write(edit) else { return false };
        if bytes.len() > self.doc.bytes.len() || bytes == self.doc.bytes {
            return false;
        }
        self.runs += 1;
        if (self.check)(&bytes) != Check::Fails {
            return false;
        }
        match Doc::parse(&bytes) {
            Ok(doc) => {
                self.shape = Shape::of(&doc);
                self.doc = doc;
                true
            }
            Err(_) => false,
        }
    }

    fn role(&self, t: usize) -> u64 {
        self.shape.role(&self.doc, self.doc.line_of(t), t)
    }

    /// The fewest items list `list` may keep.
    fn floor(&self, list: &List) -> usize {
        let mut floor = 1usize;
        if self.keep_shape {
            if let Some(c) = list.count {
                let v = integer(self.doc.token(c)).unwrap_or(0);
                let seen = self.observed.seen(self.role(c)).and_then(|s| s.int).unwrap_or(v);
                floor = floor.max(usize::try_from(seen).unwrap_or(usize::MAX));
            }
            if let Items::Chars(t) = list.items {
                let len = self.doc.token(t).len();
                floor =
                    floor.max(self.observed.seen(self.role(t)).and_then(|s| s.len).unwrap_or(len));
            }
        }
        floor
    }

    /// The edit that removes items `a..b` of `list` (and lowers its count to match).
    fn without(&self, list: &List, a: usize, b: usize) -> Edit {
        let mut edit = Edit::default();
        match &list.items {
            Items::Tokens(r) => edit.cut_tokens = r.start + a..r.start + b,
            Items::Blocks(blocks) => edit.cut_lines = blocks[a].start..blocks[b - 1].end,
            Items::Chars(t) => {
                let text = self.doc.token(*t);
                edit.set.push((*t, [&text[..a], &text[b..]].concat()));
            }
        }
        if let Some(c) = list.count
            && let Some(v) = integer(self.doc.token(c))
        {
            edit.set.push((c, (v - (b - a) as i128).to_string().into_bytes()));
        }
        edit
    }

    /// Delta debugging on one list: runs of half its items, then a quarter, ... then single
    /// items, each run removed with the count lowered to match. `get` finds the list again
    /// after a change. True if any item went.
    fn ddmin(&mut self, get: &dyn Fn(&Self) -> Option<List>) -> bool {
        let mut progress = false;
        let Some(list) = get(self) else { return false };
        let mut chunk = list.items.len(&self.doc).div_ceil(2);
        while chunk >= 1 && !self.exhausted() {
            let mut start = 0;
            loop {
                let Some(list) = get(self) else { return progress };
                let len = list.items.len(&self.doc);
                if start >= len || self.exhausted() {
                    break;
                }
                let end = (start + chunk).min(len);
                if len - (end - start) >= self.floor(&list)
                    && self.attempt(&self.without(&list, start, end))
                {
                    progress = true;
                } else {
                    start += chunk;
                }
            }
            chunk /= 2;
        }
        progress
    }

    /// Step 1: every list, test cases and line lists first.
    fn lists(&mut self) -> bool {
        let mut progress = false;
        for blocks in [true, false] {
            let mut li = 0;
            while li < self.shape.lists.len() && !self.exhausted() {
                let list = &self.shape.lists[li];
                let uncounted = list.count.is_none() && self.keep_shape;
                if matches!(list.items, Items::Blocks(_)) == blocks && !uncounted {
                    progress |= self.ddmin(&|s: &Self| s.shape.lists.get(li).cloned());
                }
                li += 1;
            }
        }
        progress
    }

    /// Step 2: every string (a token that is not a number) gets shorter, then simpler.
    fn strings(&mut self) -> bool {
        let mut progress = false;
        let mut t = 0;
        while t < self.doc.token_count() && !self.exhausted() {
            if integer(self.doc.token(t)).is_none() {
                let get = |s: &Self| {
                    let count = s.shape.lists.iter().find(|l| l.items == Items::Chars(t))?.count;
                    Some(List { count, items: Items::Chars(t) })
                };
                let get = |s: &Self| {
                    get(s).or_else(|| {
                        (t < s.doc.token_count())
                            .then_some(List { count: None, items: Items::Chars(t) })
                    })
                };
                progress |= self.ddmin(&get);
                progress |= self.simpler_letters(t);
            }
            t += 1;
        }
        progress
    }

    /// The letters of token `t` towards the first letter of its alphabet: all at once, then
    /// one at a time.
    fn simpler_letters(&mut self, t: usize) -> bool {
        if t >= self.doc.token_count() {
            return false;
        }
        let text = self.doc.token(t).to_vec();
        let seen = self.observed.seen(self.role(t)).and_then(|s| s.byte);
        let first = seen.unwrap_or(b'a').min(text.iter().copied().min().unwrap_or(b'a'));
        let all: Vec<u8> = text.iter().map(|_| first).collect();
        if all == text {
            return false;
        }
        if self.attempt(&Edit { set: vec![(t, all)], ..Edit::default() }) {
            return true;
        }
        let mut progress = false;
        for i in 0..text.len() {
            let now = self.doc.token(t).to_vec();
            if now.get(i).is_none_or(|&c| c == first) || self.exhausted() {
                continue;
            }
            let mut simpler = now;
            simpler[i] = first;
            progress |= self.attempt(&Edit { set: vec![(t, simpler)], ..Edit::default() });
        }
        progress
    }

    /// Step 3: every number that counts nothing, as far down as the first candidate that fails.
    fn numbers(&mut self) -> bool {
        let mut progress = false;
        for t in 0..self.doc.token_count() {
            if t >= self.doc.token_count() || self.shape.is_count(t) {
                continue;
            }
            let Some(v) = integer(self.doc.token(t)) else { continue };
            let floor = if self.keep_shape {
                self.observed.seen(self.role(t)).and_then(|s| s.int).unwrap_or(v).min(v)
            } else {
                0.min(v)
            };
            for c in candidates(v, floor) {
                if self.exhausted() {
                    return progress;
                }
                let edit = Edit { set: vec![(t, c.to_string().into_bytes())], ..Edit::default() };
                if self.attempt(&edit) {
                    progress = true;
                    break;
                }
            }
        }
        progress
    }
}

/// Smaller values to try in place of `v`, never below `floor` (at most `v`): nearest to the
/// floor first for a number at or above 0, nearest to 0 for a negative one.
fn candidates(v: i128, floor: i128) -> Vec<i128> {
    let mut c = if v >= 0 {
        let lo = floor.max(0);
        vec![lo, lo + 1, lo + 2, lo + (v - lo) / 2, v - 1]
    } else {
        vec![0, 1, -1, v / 2, v + 1]
    };
    c.retain(|&x| x >= floor && x != v && x.unsigned_abs() <= v.unsigned_abs());
    c.dedup();
    c
}

/// Shrinks `input` (which fails) with `check`, within `budget`. `floors`: without a validator,
/// what the generator printed over the run (the shape is then kept, see the module doc);
/// `None` when a validator judges every candidate. See the module doc.
pub fn shrink_text(
    input: &[u8],
    check: &mut dyn FnMut(&[u8]) -> Check,
    budget: Budget,
    floors: Option<&Observed>,
) -> Shrunk {
    let unshrunk =
        |runs, out_of_budget| Shrunk { input: input.to_vec(), calls: runs, out_of_budget };
    let Ok(doc) = Doc::parse(input) else { return unshrunk(0, false) };
    let shape = Shape::of(&doc);
    let mut observed = floors.cloned().unwrap_or_default();
    observed.record(&doc, &shape);
    let mut search = Search {
        check,
        runs: 0,
        budget: budget.runs,
        deadline: Instant::now().checked_add(budget.time),
        observed,
        keep_shape: floors.is_some(),
        doc,
        shape,
    };
    // The input in the plain layout first: if that does not fail, shrinking would change more
    // than the content.
    if search.doc.bytes != input {
        if search.exhausted() {
            return unshrunk(0, crate::harness::process::interrupted().is_none());
        }
        search.runs += 1;
        if (search.check)(&search.doc.bytes) != Check::Fails {
            return unshrunk(search.runs, false);
        }
    }
    let mut fixpoint = false;
    while !search.exhausted() {
        let lists = search.lists();
        let strings = search.strings();
        let numbers = search.numbers();
        if !lists && !strings && !numbers {
            fixpoint = !search.exhausted();
            break;
        }
    }
    let out_of_budget = !fixpoint && crate::harness::process::interrupted().is_none();
    Shrunk { input: std::mem::take(&mut search.doc.bytes), calls: search.runs, out_of_budget }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::shape::integer;

    /// "n, then n numbers on the next line", checked like a validator; fails when `bad` does.
    fn counted(input: &[u8], bad: &dyn Fn(&[i128]) -> bool) -> Check {
        let text = String::from_utf8_lossy(input);
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() != 2 {
            return Check::Invalid;
        }
        let nums: Option<Vec<i128>> =
            lines[1].split_whitespace().map(|t| integer(t.as_bytes())).collect();
        let (Some(n), Some(nums)) = (integer(lines[0].trim().as_bytes()), nums) else {
            return Check::Invalid;
        };
        if n < 1 || nums.len() as i128 != n {
            return Check::Invalid;
        }
        if bad(&nums) { Check::Fails } else { Check::Passes }
    }

    #[test]
    fn two_items_go_at_once_with_the_count() {
        // Fails when the heaps XOR to a non-zero multiple of 8: `2 42 52 4` (24) and `52 4`
        // (48) do, no list with one of the four removed does.
        let bad = |v: &[i128]| {
            let x = v.iter().fold(0, |a, b| a ^ b);
            x != 0 && x % 8 == 0
        };
        let mut check = |c: &[u8]| counted(c, &bad);
        let s = shrink_text(b"4\n2 42 52 4\n", &mut check, Budget::runs(400), None);
        assert_eq!(s.input, b"2\n52 4\n");
        // Keeping the count's floor: without a validator, not below what the generator printed.
        let mut seen = Observed::default();
        seen.observe(b"2\n0 0\n");
        let bad = |v: &[i128]| v.contains(&3);
        let mut check = |c: &[u8]| counted(c, &bad);
        let s = shrink_text(b"5\n7 3 9 3 8\n", &mut check, Budget::runs(400), Some(&seen));
        assert_eq!(s.input, b"2\n3 0\n");
        assert!(!s.out_of_budget);
    }

    #[test]
    fn the_budget_holds_and_the_result_always_fails() {
        let bad = |v: &[i128]| v[0] % 2 != 0;
        let input = b"5\n3 1 2 7 9\n";
        let mut check = |c: &[u8]| counted(c, &bad);
        let s = shrink_text(input, &mut check, Budget::runs(3), None);
        assert!(s.calls <= 3 && s.out_of_budget);
        assert_eq!(counted(&s.input, &bad), Check::Fails);
        // An input whose plain layout does not fail is kept as it is.
        let s = shrink_text(
            b"1  \t\n3",
            &mut |c: &[u8]| if c == b"1  \t\n3" { Check::Fails } else { Check::Passes },
            Budget::runs(50),
            None,
        );
        assert_eq!(s.input, b"1  \t\n3");
    }

    #[test]
    fn strings_get_shorter_then_simpler() {
        // Fails on any string of 3 letters or more holding a `b`: the shortest are 3 long.
        let mut check = |c: &[u8]| {
            let s = String::from_utf8_lossy(c);
            if s.trim().contains('b') && s.trim().len() >= 3 { Check::Fails } else { Check::Passes }
        };
        let s = shrink_text(b"dabad\n", &mut check, Budget::runs(400), None);
        assert_eq!(s.input, b"aab\n");
        // A counted string: its count follows.
        let mut check = |c: &[u8]| {
            let s = String::from_utf8_lossy(c);
            let l: Vec<&str> = s.lines().collect();
            match l.as_slice() {
                [n, w] if n.parse::<usize>().ok() == Some(w.len()) => {
                    if w.contains('z') {
                        Check::Fails
                    } else {
                        Check::Passes
                    }
                }
                _ => Check::Invalid,
            }
        };
        let s = shrink_text(b"6\nqwzerz\n", &mut check, Budget::runs(400), None);
        assert_eq!(s.input, b"1\nz\n");
    }

    #[test]
    fn random_lists_and_cases_shrink_to_the_one_item_that_fails() {
        // Differential: the smallest failing input is known by construction (one case, one
        // item, the bad value), whatever the list; the validator checks every count.
        let mut rng = crate::rng::Rng::new(29);
        for round in 0..300 {
            let bad_value = rng.range(1, 9) as i128;
            let cases = rng.range(1, 4) as usize;
            let multi = rng.chance(1, 2) || cases > 1;
            let mut text = if multi { format!("{cases}\n") } else { String::new() };
            let mut planted = false;
            for c in 0..cases {
                let n = rng.range(1, 20) as usize;
                let at = rng.index(n);
                let items: Vec<String> = (0..n)
                    .map(|i| {
                        if c == cases - 1 && i == at {
                            planted = true;
                            bad_value.to_string()
                        } else {
                            (rng.range(0, 9) as i128).to_string()
                        }
                    })
                    .collect();
                text.push_str(&format!("{n}\n{}\n", items.join(" ")));
            }
            assert!(planted);
            let judge = |c: &[u8]| {
                let t = String::from_utf8_lossy(c);
                let mut lines = t.lines();
                let count = if multi {
                    lines.next().and_then(|l| l.parse::<usize>().ok())
                } else {
                    Some(1)
                };
                let Some(count) = count else { return Check::Invalid };
                let mut fails = false;
                for _ in 0..count {
                    let Some(n) = lines.next().and_then(|l| l.parse::<usize>().ok()) else {
                        return Check::Invalid;
                    };
                    let Some(items) = lines.next() else { return Check::Invalid };
                    let items: Vec<&str> = items.split(' ').collect();
                    if n == 0 || items.len() != n {
                        return Check::Invalid;
                    }
                    fails |= items.contains(&bad_value.to_string().as_str());
                }
                if lines.next().is_some() || count == 0 {
                    return Check::Invalid;
                }
                if fails { Check::Fails } else { Check::Passes }
            };
            let mut check = judge;
            let s = shrink_text(text.as_bytes(), &mut check, Budget::runs(2000), None);
            let want =
                if multi { format!("1\n1\n{bad_value}\n") } else { format!("1\n{bad_value}\n") };
            assert_eq!(String::from_utf8_lossy(&s.input), want, "round {round}: {text}");
            assert_eq!(judge(&s.input), Check::Fails);
        }
    }

    #[test]
    fn shapes_of_random_text_are_sound() {
        // Whatever the text, the shape's lists lie within it and every candidate writes.
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..2000 {
            let lines = rng.range(0, 6);
            let mut text = String::new();
            for _ in 0..lines {
                for _ in 0..rng.range(0, 5) {
                    if rng.chance(2, 3) {
                        text.push_str(&format!("{} ", rng.range(0, 6)));
                    } else {
                        text.push_str("ab ");
                    }
                }
                text.push('\n');
            }
            let doc = Doc::parse(text.as_bytes()).unwrap();
            let shape = Shape::of(&doc);
            for l in &shape.lists {
                match &l.items {
                    Items::Tokens(r) => assert!(r.end <= doc.token_count(), "{text:?}"),
                    Items::Blocks(b) => assert!(b.iter().all(|r| r.end <= doc.line_count())),
                    Items::Chars(t) => assert!(*t < doc.token_count()),
                }
            }
            let mut calls = 0;
            let s = shrink_text(
                text.as_bytes(),
                &mut |_| {
                    calls += 1;
                    if calls % 3 == 0 { Check::Fails } else { Check::Passes }
                },
                Budget::runs(50),
                Some(&Observed::default()),
            );
            assert!(s.calls <= 50);
        }
    }

    #[test]
    fn numbers_go_towards_their_floor() {
        assert_eq!(candidates(10, 0), vec![0, 1, 2, 5, 9]);
        assert_eq!(candidates(10, 4), vec![4, 5, 6, 7, 9]);
        assert_eq!(candidates(1, 0), vec![0]);
        assert_eq!(candidates(1, 1), Vec::<i128>::new());
        assert_eq!(candidates(-6, -6), vec![0, 1, -1, -3, -5]);
    }
}
