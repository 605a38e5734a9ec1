//! Shrinking a failing input without knowing its format (the generic `games stress --gen`):
//! delta debugging over lines, then over tokens, then numbers towards 0 or 1.
//!
//! The input is read as lines of whitespace-separated tokens and every candidate is written
//! back with one space between tokens and one newline after each line. A candidate is judged
//! by `check`: [`Check::Invalid`] (the validator refuses it, or the reference cannot answer it),
//! [`Check::Passes`] or [`Check::Fails`]; only a failing candidate is kept. Steps, repeated
//! until none of them changes anything:
//!
//! 1. drop runs of lines: halves, quarters, ... single lines (delta debugging);
//! 2. drop runs of tokens the same way (a line left empty goes);
//! 3. lower every integer to 0, 1, 2, half of it, one less (towards zero for a negative one).
//!
//! Most formats count their items ("n, then n numbers"): a deletion that leaves such a count
//! wrong is refused by the validator (or the reference). When a deletion of `k` lines or tokens
//! is invalid, the same deletion is tried once more with one of the counts before it lowered by
//! `k` (or 1, or `k / 2`): the first integer of the input and of the two nearest line starts
//! before the deletion. So "5 / 1 2 3 4 5" shrinks to "1 / 1" without knowing that the first
//! number counts the others.
//!
//! The run budget counts candidates that were judged (`Passes` or `Fails`); no candidate is
//! started after the time budget. The result always fails (the input itself when nothing
//! smaller was found). A local search: it ends at an input from which no single step fails.

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

type Lines = Vec<Vec<Vec<u8>>>;

fn parse(input: &[u8]) -> Lines {
    input
        .split(|&b| b == b'\n')
        .map(|line| {
            line.split(|b| b.is_ascii_whitespace())
                .filter(|t| !t.is_empty())
                .map(<[u8]>::to_vec)
                .collect::<Vec<_>>()
        })
        .filter(|l: &Vec<Vec<u8>>| !l.is_empty())
        .collect()
}

fn write(lines: &Lines) -> Vec<u8> {
    let mut out = Vec::new();
    for line in lines {
        for (i, t) in line.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(t);
        }
        out.push(b'\n');
    }
    out
}

/// The integer a token spells (`-?[0-9]+`), if any.
fn integer(token: &[u8]) -> Option<i128> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// Smaller values to try in place of `v`, nearest to 0 or 1 first.
fn candidates(v: i128) -> Vec<i128> {
    let mut c = if v >= 0 { vec![0, 1, 2, v / 2, v - 1] } else { vec![0, 1, -1, v / 2, v + 1] };
    c.retain(|&x| x != v && (x.unsigned_abs() < v.unsigned_abs() || x == 1 && v < 0));
    c.dedup();
    c
}

/// A token's position: line and index in the line.
type At = (usize, usize);

struct Search<'a> {
    check: &'a mut dyn FnMut(&[u8]) -> Check,
    runs: usize,
    budget: usize,
    deadline: Option<Instant>,
    best: Lines,
    best_bytes: Vec<u8>,
}

impl Search<'_> {
    fn exhausted(&self) -> bool {
        self.runs >= self.budget || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Judges `lines`; adopts them when they fail. `None` when not tried (budget, not smaller).
    fn try_lines(&mut self, lines: Lines) -> Option<Check> {
        if self.exhausted() {
            return None;
        }
        let bytes = write(&lines);
        if bytes.len() > self.best_bytes.len() || bytes == self.best_bytes {
            return None;
        }
        let verdict = (self.check)(&bytes);
        if verdict != Check::Invalid {
            self.runs += 1;
        }
        if verdict == Check::Fails {
            self.best = lines;
            self.best_bytes = bytes;
        }
        Some(verdict)
    }

    /// Tries `lines` (the best with `k` lines or tokens deleted before position `at`), and
    /// when they are invalid the same with a count before `at` lowered; true if one was kept.
    fn try_deletion(&mut self, lines: Lines, at: At, k: usize) -> bool {
        match self.try_lines(lines.clone()) {
            Some(Check::Fails) => return true,
            Some(Check::Invalid) => {}
            _ => return false,
        }
        for count in counts_before(&lines, at) {
            let Some(v) = integer(&lines[count.0][count.1]) else { continue };
            let mut ds = vec![k as i128, 1, (k / 2) as i128];
            ds.dedup();
            for d in ds {
                if d < 1 || v < d {
                    continue;
                }
                let mut fixed = lines.clone();
                fixed[count.0][count.1] = (v - d).to_string().into_bytes();
                match self.try_lines(fixed) {
                    Some(Check::Fails) => return true,
                    None => return false,
                    _ => {}
                }
            }
        }
        false
    }

    /// Step 1: runs of lines, halves down to single lines.
    fn lines(&mut self) -> bool {
        let mut progress = false;
        let mut chunk = self.best.len().div_ceil(2);
        while chunk >= 1 && !self.exhausted() {
            let mut start = 0;
            while start < self.best.len() && !self.exhausted() {
                let end = (start + chunk).min(self.best.len());
                if end - start == self.best.len() {
                    start = end;
                    continue;
                }
                let mut m = self.best.clone();
                m.drain(start..end);
                if self.try_deletion(m, (start, 0), end - start) {
                    progress = true;
                } else {
                    start += chunk;
                }
            }
            chunk /= 2;
        }
        progress
    }

    /// Step 2: runs of tokens (in reading order), halves down to single tokens.
    fn tokens(&mut self) -> bool {
        let mut progress = false;
        let total = |l: &Lines| l.iter().map(Vec::len).sum::<usize>();
        let mut chunk = total(&self.best).div_ceil(2);
        while chunk >= 1 && !self.exhausted() {
            let mut start = 0;
            while start < total(&self.best) && !self.exhausted() {
                let n = total(&self.best);
                let end = (start + chunk).min(n);
                if end - start == n {
                    start = end;
                    continue;
                }
                let at = position(&self.best, start);
                let m = without_tokens(&self.best, start, end);
                if self.try_deletion(m, at, end - start) {
                    progress = true;
                } else {
                    start += chunk;
                }
            }
            chunk /= 2;
        }
        progress
    }

    /// Step 3: every integer as far down as the first candidate that still fails.
    fn numbers(&mut self) -> bool {
        let mut progress = false;
        let spots: Vec<At> = (0..self.best.len())
            .flat_map(|l| (0..self.best[l].len()).map(move |t| (l, t)))
            .collect();
        for (l, t) in spots {
            let Some(v) = self.best.get(l).and_then(|line| line.get(t)).and_then(|t| integer(t))
            else {
                continue;
            };
            for c in candidates(v) {
                if self.exhausted() {
                    return progress;
                }
                let mut m = self.best.clone();
                m[l][t] = c.to_string().into_bytes();
                // A lower number may be as long ("9" -> "5"): try_lines takes it.
                if self.try_lines(m) == Some(Check::Fails) {
                    progress = true;
                    break;
                }
            }
        }
        progress
    }
}

/// Line and index of the `n`-th token (0-based, reading order); the end if there is none.
fn position(lines: &Lines, mut n: usize) -> At {
    for (l, line) in lines.iter().enumerate() {
        if n < line.len() {
            return (l, n);
        }
        n -= line.len();
    }
    (lines.len(), 0)
}

/// `lines` without tokens `start..end` (reading order); lines left empty go.
fn without_tokens(lines: &Lines, start: usize, end: usize) -> Lines {
    let mut seen = 0;
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let kept: Vec<Vec<u8>> = line
            .iter()
            .enumerate()
            .filter(|&(i, _)| !(start..end).contains(&(seen + i)))
            .map(|(_, t)| t.clone())
            .collect();
        seen += line.len();
        if !kept.is_empty() {
            out.push(kept);
        }
    }
    out
}

/// The counts a deletion at `at` may have broken: integers that start a line before `at`
/// (the two nearest) and the input's first token, those alone on their line first (a count
/// usually is), else nearest first. Positions are in `lines`, the input after the deletion,
/// where everything before `at` is unchanged.
fn counts_before(lines: &Lines, at: At) -> Vec<At> {
    let mut found: Vec<At> = Vec::new();
    let mut l = at.0.min(lines.len());
    // Line `at.0` starts before `at` only when the deletion begins inside it.
    if at.1 > 0 && l < lines.len() {
        found.push((l, 0));
    }
    while l > 0 && found.len() < 2 {
        l -= 1;
        found.push((l, 0));
    }
    if (at.0 > 0 || at.1 > 0) && !lines.is_empty() && !found.contains(&(0, 0)) {
        found.push((0, 0));
    }
    found.retain(|&(l, t)| {
        lines.get(l).and_then(|line| line.get(t)).is_some_and(|t| integer(t).is_some())
    });
    found.sort_by_key(|&(l, _)| lines[l].len() != 1);
    found
}

/// Shrinks `input` (which fails) with `check`, within `budget`. See the module doc.
pub fn shrink_text(input: &[u8], check: &mut dyn FnMut(&[u8]) -> Check, budget: Budget) -> Shrunk {
    let deadline = Instant::now().checked_add(budget.time);
    let best = parse(input);
    let mut search = Search {
        check,
        runs: 0,
        budget: budget.runs,
        deadline,
        best: best.clone(),
        best_bytes: input.to_vec(),
    };
    // The input rewritten in the plain layout first (often shorter already).
    let rewritten = write(&best);
    if rewritten != input && rewritten.len() <= input.len() && !search.exhausted() {
        let verdict = (search.check)(&rewritten);
        if verdict != Check::Invalid {
            search.runs += 1;
        }
        if verdict == Check::Fails {
            search.best_bytes = rewritten;
        }
    }
    if search.best_bytes != write(&search.best) {
        // The plain layout does not fail: shrinking would change more than the content.
        return Shrunk { input: input.to_vec(), calls: search.runs };
    }
    while !search.exhausted() {
        let lines = search.lines();
        let tokens = search.tokens();
        let numbers = search.numbers();
        if !lines && !tokens && !numbers {
            break;
        }
    }
    Shrunk { input: search.best_bytes, calls: search.runs }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "n, then n numbers; fails when the first number is odd", checked like a validator.
    fn sum_like(input: &[u8]) -> Check {
        let lines = parse(input);
        let nums: Option<Vec<i128>> = lines.iter().flatten().map(|t| integer(t)).collect();
        let Some(nums) = nums else { return Check::Invalid };
        let Some((&n, rest)) = nums.split_first() else { return Check::Invalid };
        if lines.len() != 2 || n < 1 || rest.len() as i128 != n {
            return Check::Invalid;
        }
        if rest[0] % 2 != 0 { Check::Fails } else { Check::Passes }
    }

    #[test]
    fn counted_lists_shrink_to_one_item_with_the_count_fixed() {
        let mut check = sum_like;
        let input = b"6\n15 4 8 16 23 42\n";
        let s = shrink_text(input, &mut check, Budget::runs(400));
        assert_eq!(s.input, b"1\n1\n");
        assert!(s.calls > 0 && s.calls < 400, "{}", s.calls);
    }

    #[test]
    fn the_budget_holds_and_the_result_always_fails() {
        let input = b"5\n3 1 2 7 9\n";
        let mut calls = 0;
        let mut check = |c: &[u8]| {
            calls += 1;
            sum_like(c)
        };
        let s = shrink_text(input, &mut check, Budget::runs(3));
        assert!(s.calls <= 3);
        assert_eq!(sum_like(&s.input), Check::Fails);
        // An input whose plain layout does not fail is kept as it is.
        let s = shrink_text(
            b"1  \t\n3",
            &mut |c: &[u8]| {
                if c == b"1  \t\n3" { Check::Fails } else { Check::Passes }
            },
            Budget::runs(50),
        );
        assert_eq!(s.input, b"1  \t\n3");
    }

    #[test]
    fn numbers_go_towards_zero_or_one() {
        assert_eq!(candidates(10), vec![0, 1, 2, 5, 9]);
        assert_eq!(candidates(1), vec![0]);
        assert_eq!(candidates(-6), vec![0, 1, -1, -3, -5]);
        assert_eq!(integer(b"-12"), Some(-12));
        assert_eq!(integer(b"1.5"), None);
        assert_eq!(integer(b"-"), None);
    }
}
