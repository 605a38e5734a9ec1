//! Positions asked with `--at` and `--at-file`: one position (`3 5` or `3,5`), or a sum of
//! positions (`3 + 5 + 7`), answered with the XOR of its parts' values (Sprague-Grundy: the
//! value of a sum of games is the XOR of their values). With `--multiset` a position lists its
//! heaps in any order (up to 16; zeros are no heap) and is read in its canonical form: sorted,
//! padded with zeros to the box's number of heaps.

use crate::error::{AllocError, try_reserve};
use crate::explore::answer::{self, AtAnswer};
use crate::explore::kind::value_kind::{Compound, Grundy, ValueKind};
use crate::explore::pattern::Pattern;
use crate::explore::space::{Coords, MAX_ARITY, parse_part};
use crate::explore::table::Table;

/// A position asked: its parts' coordinates one after the other (`arity` each; one part for a
/// plain position).
pub type Asked = Vec<u64>;

/// Positions asked, flat: every position's coordinates one after the other, and where each
/// ends. A file of positions is of the user's size: this takes two words a line (no vector per
/// line), grown fallibly, so that a file too large for the memory granted is one message.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AskedList {
    coords: Vec<u64>,
    ends: Vec<usize>,
}

impl AskedList {
    /// How many positions.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// No position asked.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The `i`-th position (its parts' coordinates one after the other).
    pub fn get(&self, i: usize) -> &[u64] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.coords[start..self.ends[i]]
    }

    /// The positions `range`, in order.
    pub fn range(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = &[u64]> + '_ {
        range.map(|i| self.get(i))
    }

    /// Every position, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[u64]> + '_ {
        self.range(0..self.len())
    }

    /// Adds a position; an allocation that fails is an error, not an abort.
    pub fn push(&mut self, p: &[u64]) -> Result<(), AllocError> {
        if self.coords.capacity() - self.coords.len() < p.len() {
            let more = self.coords.len().max(p.len()).max(1024);
            try_reserve(&mut self.coords, more, "the positions asked")?;
        }
        if self.ends.len() == self.ends.capacity() {
            let more = self.ends.len().max(1024);
            try_reserve(&mut self.ends, more, "the positions asked")?;
        }
        self.coords.extend_from_slice(p);
        self.ends.push(self.coords.len());
        Ok(())
    }
}

/// A fault reading positions one a line: a line that is no position (`LINE:COL: what`), or
/// memory that could not be had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinesError {
    Line(String),
    Alloc(AllocError),
}

impl std::fmt::Display for LinesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinesError::Line(s) => f.write_str(s),
            LinesError::Alloc(e) => e.fmt(f),
        }
    }
}

/// How positions are read.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    /// Coordinates of a position (heaps in the box with `--multiset`).
    pub arity: usize,
    /// Positions are multisets of heaps.
    pub multiset: bool,
}

impl Reading {
    /// One part of a sum ([`parse_part`]).
    fn part(&self, text: &str, offset: usize) -> Result<Coords, (usize, String)> {
        parse_part(text, self.arity, self.multiset, offset)
    }

    /// A position or a sum `A + B + C`.
    pub fn position(&self, text: &str) -> Result<Asked, (usize, String)> {
        let mut parts = Vec::with_capacity(self.arity);
        let mut offset = 1;
        for piece in text.split('+') {
            if piece.trim().is_empty() {
                let what = if text.trim().is_empty() {
                    "an empty position"
                } else {
                    "an empty part of a sum"
                };
                return Err((offset, what.to_string()));
            }
            // `()` is the empty game (as in a moves program's reply): a part that adds nothing,
            // and alone the position with no coordinates, value 0. A multiset reads it itself.
            if !self.multiset && piece.trim() == "()" {
                offset += piece.len() + 1;
                continue;
            }
            parts.extend_from_slice(&self.part(piece, offset)?[..self.arity]);
            offset += piece.len() + 1;
        }
        Ok(parts)
    }

    /// Positions one per line (blank lines skipped), added to `out`. Errors: `LINE:COL: what`.
    pub fn lines(&self, text: &[u8], out: &mut AskedList) -> Result<(), LinesError> {
        for (i, line) in text.split(|&b| b == b'\n').enumerate() {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let Ok(line) = std::str::from_utf8(line) else {
                return Err(LinesError::Line(format!("{}:1: not UTF-8 text", i + 1)));
            };
            let p = self
                .position(line)
                .map_err(|(col, e)| LinesError::Line(format!("{}:{col}: {e}", i + 1)))?;
            out.push(&p).map_err(LinesError::Alloc)?;
        }
        Ok(())
    }
}

/// The answer at a position or a sum: a sum's value is the XOR of its parts' values, its basis
/// the weakest of theirs (computed, then proved, then a conjecture); unknown when a part is
/// unknown, not an integer (loopy), or in a misère table (misère play does not decompose).
pub fn answer(t: &Table, found: &[Pattern], asked: &[u64]) -> AtAnswer {
    answer_with(t.space.arity(), t.misere, asked, |p| answer::answer(t, found, p))
}

/// [`answer`], with `one` answering a single position (a table's answer, or the outcome bits'
/// of a box too large for a table).
pub fn answer_with(
    arity: usize,
    misere: bool,
    asked: &[u64],
    one: impl Fn(&Coords) -> AtAnswer,
) -> AtAnswer {
    let coords = |part: &[u64]| {
        let mut p: Coords = [0; MAX_ARITY];
        p[..arity].copy_from_slice(part);
        p
    };
    if asked.len() == arity {
        return one(&coords(asked));
    }
    let parts: Vec<Vec<u64>> = asked.chunks(arity).map(|p| p.to_vec()).collect();
    let mut sum = AtAnswer {
        position: asked.to_vec(),
        parts,
        value: None,
        grundy: None,
        outcome: b'?',
        basis: String::new(),
        checked: true,
    };
    if misere {
        sum.checked = false;
        sum.basis = "unknown: misère play does not decompose into sums".to_string();
        return sum;
    }
    let rank = |basis: &str| match basis {
        "computed" => 0,
        b if b.starts_with("proved") => 1,
        _ => 2,
    };
    let mut values: Vec<i128> = Vec::with_capacity(asked.len() / arity.max(1));
    let mut worst = "computed".to_string();
    for p in asked.chunks(arity) {
        let a = one(&coords(p));
        let Some(g) = a.grundy else {
            let pos: Vec<String> = p[..arity].iter().map(|x| x.to_string()).collect();
            sum.basis =
                format!("unknown: the part '{}' has no integer value ({})", pos.join(" "), a.basis);
            sum.checked = false;
            return sum;
        };
        values.push(i128::from(g));
        sum.checked &= a.checked;
        if rank(&a.basis) > rank(&worst) {
            worst = a.basis;
        }
    }
    // The Sprague–Grundy theorem: the nim-sum of the parts' values (of 64 bits, as theirs).
    let x = Grundy.combine(Compound::Disjunctive, &values).map_or(0, |x| x as u64);
    sum.grundy = Some(x);
    sum.value = Some(x.to_string());
    sum.outcome = if x == 0 { b'P' } else { b'N' };
    sum.basis = worst;
    sum
}

/// A sum in misère play, answered by `sums` (the misère-Nim rule or the exhaustive search,
/// named in the basis), or unknown with `sums`' error when there is none for this game.
pub fn misere_sum(
    sums: Result<&crate::explore::misere_sums::MisereSums, &str>,
    arity: usize,
    asked: &[u64],
) -> AtAnswer {
    let parts: Vec<&[u64]> = asked.chunks(arity).collect();
    let verdict = sums.map_err(|e| format!("unknown: {e}")).and_then(|s| s.outcome(&parts));
    let (outcome, basis, checked) = match verdict {
        Ok((p, basis)) => (if p { b'P' } else { b'N' }, basis, true),
        Err(why) => (b'?', why, false),
    };
    AtAnswer {
        position: asked.to_vec(),
        parts: parts.iter().map(|p| p.to_vec()).collect(),
        value: None,
        grundy: None,
        outcome,
        basis,
        checked,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_sums_and_faults() {
        let r = Reading { arity: 2, multiset: false };
        assert_eq!(r.position("3,5 + 007 1").unwrap(), vec![3, 5, 7, 1]);
        assert_eq!(
            r.position("3 x").unwrap_err(),
            (3, "'x' is not a whole number from 0 to 2^63 - 1".to_string())
        );
        assert!(r.position("3 + ").is_err());
        assert!(r.position("3").unwrap_err().1.contains("1 coordinates"));
        let mut list = AskedList::default();
        let e = r.lines(b"1 2\n\n3 4 + 5 6\n7\n", &mut list).unwrap_err().to_string();
        assert!(e.starts_with("4:1:"), "{e}");
        assert_eq!(list.len(), 2);
        assert_eq!((list.get(0), list.get(1)), (&[1, 2][..], &[3, 4, 5, 6][..]));
        assert_eq!(list.iter().count(), 2);
        let m = Reading { arity: 3, multiset: true };
        assert_eq!(m.position("5 0 2").unwrap(), vec![0, 2, 5]);
        assert_eq!(m.position("()").unwrap(), vec![0, 0, 0]);
        assert_eq!(r.position("()").unwrap(), Vec::<u64>::new());
        assert_eq!(r.position("1 2 + ()").unwrap(), vec![1, 2]);
        assert!(m.position("1 2 3 4").is_err());
    }
}
