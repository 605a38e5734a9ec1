//! A pattern search for `--partizan` tables of numbers: when every value of the box is a
//! number, formulas of the coordinates are tried, shortest first, and the first that gives
//! every value of the box exactly is reported (with how many entries it was checked on) and
//! answers positions too far to explore, labelled as a conjecture.
//!
//! A formula is `(P * t + Q) / 2^E` for an integer term `t` of the coordinates and integers
//! `P`, `Q` (`E` the largest exponent of the values: so halves and quarters are covered), on
//! the whole box or on the two sides of a diagonal (`a >= b` / `a < b`, or `a > b` / `a <= b`),
//! each side with its own term. Terms, shortest first: a constant, a coordinate, `a - b`,
//! `a + b`, `min(a, b)`, `max(a, b)`, and `floor(a / 2^floor(log2 b))` (Cutcake's steps:
//! Winning Ways ch. 2), for every pair of coordinates. `P` and `Q` are fitted on two cells
//! and then checked on every cell of the side, in exact integer arithmetic (no floats); a
//! fit that overflows is no fit. The search is linear in the box for each of its few hundred
//! candidates at most (2-D: 9 terms, 5 ways to split), so it stays well under a second on a
//! 500 x 500 box; a box that would take more than 10^8 checks is not searched. A piece needs
//! at least four cells (two fit it, two more confirm it).

use crate::explore::partizan_num::Small;

/// The fewest cells a piece is fitted on.
const MIN_CELLS: usize = 4;
/// The most cell checks of a search (cells times candidates); larger boxes are not searched.
const MAX_WORK: usize = 100_000_000;
use crate::explore::space::Space;

/// An integer term of the coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    One,
    Coord(usize),
    Diff(usize, usize),
    Sum(usize, usize),
    Min(usize, usize),
    Max(usize, usize),
    /// `floor(x_i / 2^floor(log2 x_j))`, for `x_j >= 1`.
    Steps(usize, usize),
}

/// Which cells a piece covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    All,
    /// `x_i >= x_j`, or `x_i > x_j` when the flag is set.
    Above(usize, usize, bool),
    /// The complement of `Above`.
    Below(usize, usize, bool),
}

/// `(p * term + q) / 2^e` on a side of the box.
#[derive(Debug, Clone, Copy)]
pub struct Piece {
    pub side: Side,
    pub term: Term,
    pub p: i128,
    pub q: i128,
    pub e: u32,
}

/// A formula found: one piece, or two on the sides of a diagonal; `checked` cells.
#[derive(Debug, Clone)]
pub struct Formula {
    pub pieces: Vec<Piece>,
    pub checked: usize,
}

fn name(i: usize) -> char {
    char::from(b'a' + (i as u8 % 26))
}

impl Term {
    fn value(self, x: &[u64]) -> Option<i128> {
        let v = |i: usize| x[i] as i128;
        Some(match self {
            Term::One => 1,
            Term::Coord(i) => v(i),
            Term::Diff(i, j) => v(i) - v(j),
            Term::Sum(i, j) => v(i) + v(j),
            Term::Min(i, j) => v(i).min(v(j)),
            Term::Max(i, j) => v(i).max(v(j)),
            Term::Steps(i, j) => {
                let y = x[j];
                if y == 0 {
                    return None;
                }
                v(i) >> (63 - y.leading_zeros())
            }
        })
    }

    fn text(self) -> String {
        match self {
            Term::One => "1".into(),
            Term::Coord(i) => name(i).to_string(),
            Term::Diff(i, j) => format!("{} - {}", name(i), name(j)),
            Term::Sum(i, j) => format!("{} + {}", name(i), name(j)),
            Term::Min(i, j) => format!("min({}, {})", name(i), name(j)),
            Term::Max(i, j) => format!("max({}, {})", name(i), name(j)),
            Term::Steps(i, j) => format!("floor({} / 2^floor(log2 {}))", name(i), name(j)),
        }
    }

    /// Every term for `k` coordinates, shortest first.
    fn all(k: usize) -> Vec<Term> {
        let mut t = vec![Term::One];
        t.extend((0..k).map(Term::Coord));
        let pairs: Vec<(usize, usize)> =
            (0..k).flat_map(|i| (0..k).filter(move |&j| j != i).map(move |j| (i, j))).collect();
        t.extend(pairs.iter().filter(|p| p.0 < p.1).map(|&(i, j)| Term::Diff(i, j)));
        t.extend(pairs.iter().filter(|p| p.0 < p.1).map(|&(i, j)| Term::Sum(i, j)));
        t.extend(pairs.iter().filter(|p| p.0 < p.1).map(|&(i, j)| Term::Min(i, j)));
        t.extend(pairs.iter().filter(|p| p.0 < p.1).map(|&(i, j)| Term::Max(i, j)));
        t.extend(pairs.iter().map(|&(i, j)| Term::Steps(i, j)));
        t
    }
}

impl Side {
    fn holds(self, x: &[u64]) -> bool {
        match self {
            Side::All => true,
            Side::Above(i, j, strict) => x[i] > x[j] || (!strict && x[i] == x[j]),
            Side::Below(i, j, strict) => !Side::Above(i, j, strict).holds(x),
        }
    }

    fn text(self) -> String {
        match self {
            Side::All => String::new(),
            Side::Above(i, j, s) => {
                format!(" if {} {} {}", name(i), if s { ">" } else { ">=" }, name(j))
            }
            Side::Below(i, j, s) => {
                format!(" if {} {} {}", name(i), if s { "<=" } else { "<" }, name(j))
            }
        }
    }
}

impl Piece {
    /// The value at `x` (on its side), when the term is defined and the number fits.
    pub fn at(&self, x: &[u64]) -> Option<Small> {
        let t = self.term.value(x)?;
        Small::new(self.p.checked_mul(t)?.checked_add(self.q)?, self.e)
    }

    fn text(&self) -> String {
        let d = 1i128 << self.e;
        let t = self.term.text();
        let sum = t.contains(" + ") || t.contains(" - ");
        let paren = if sum { format!("({t})") } else { t.clone() };
        let lin = match (self.term, self.p) {
            (Term::One, _) | (_, 0) => None,
            (_, 1) => Some(t),
            (_, -1) => Some(format!("-{paren}")),
            (_, p) => Some(format!("{p}*{paren}")),
        };
        let q = if self.term == Term::One { self.p + self.q } else { self.q };
        let s = match lin {
            None => q.to_string(),
            Some(l) if q == 0 => l,
            Some(l) => format!("{l} {} {}", if q < 0 { '-' } else { '+' }, q.abs()),
        };
        let s = if d > 1 { format!("({s}) / {d}") } else { s };
        s + &self.side.text()
    }
}

impl Formula {
    /// The value at `x`, if a piece covers it.
    pub fn at(&self, x: &[u64]) -> Option<Small> {
        self.pieces.iter().find(|p| p.side.holds(x))?.at(x)
    }

    /// `value = ...` in words (pieces separated by `;`).
    pub fn text(&self) -> String {
        let parts: Vec<String> = self.pieces.iter().map(Piece::text).collect();
        format!("value = {}", parts.join("; "))
    }
}

/// The first term that fits every cell of `side`: `(cell position, value scaled by 2^e)`.
fn fit(space: &Space, values: &[i128], e: u32, side: Side, terms: &[Term]) -> Option<Piece> {
    let cells: Vec<usize> = (0..values.len()).filter(|&c| side.holds(&space.position(c))).collect();
    // Two cells fit any term: at least two more must confirm it.
    if cells.len() < MIN_CELLS {
        return None;
    }
    'terms: for &term in terms {
        let t = |c: usize| term.value(&space.position(c));
        let first = cells[0];
        let t0 = t(first)?;
        let other = cells.iter().copied().find(|&c| t(c).is_some_and(|x| x != t0));
        let (p, q) = match other {
            None => (0, values[first]),
            Some(c) => {
                let (dt, dv) = (t(c)? - t0, values[c] - values[first]);
                if dv % dt != 0 {
                    continue;
                }
                let p = dv / dt;
                (p, values[first].checked_sub(p.checked_mul(t0)?)?)
            }
        };
        for &c in &cells {
            let fits =
                t(c).and_then(|x| p.checked_mul(x)?.checked_add(q)).is_some_and(|v| v == values[c]);
            if !fits {
                continue 'terms;
            }
        }
        return Some(Piece { side, term, p, q, e });
    }
    None
}

/// The shortest formula that gives every box value (`None` when a value is not a number, or
/// nothing fits).
pub fn search(space: &Space, values: &[Option<Small>]) -> Option<Formula> {
    let e = values.iter().map(|v| v.map(|x| x.exponent())).collect::<Option<Vec<u32>>>()?;
    let e = e.into_iter().max().unwrap_or(0);
    let scaled: Vec<i128> =
        values.iter().map(|v| v.map(|x| x.scaled(e))).collect::<Option<Vec<i128>>>()?;
    let k = space.arity();
    let terms = Term::all(k);
    let splits = space.free_axes().len().pow(2) * 2;
    if values.len().saturating_mul(terms.len() * (1 + splits)) > MAX_WORK {
        return None;
    }
    if let Some(p) = fit(space, &scaled, e, Side::All, &terms) {
        return Some(Formula { pieces: vec![p], checked: values.len() });
    }
    let free = space.free_axes();
    for (x, &i) in free.iter().enumerate() {
        for &j in &free[x + 1..] {
            for strict in [false, true] {
                let Some(a) = fit(space, &scaled, e, Side::Above(i, j, strict), &terms) else {
                    continue;
                };
                let Some(b) = fit(space, &scaled, e, Side::Below(i, j, strict), &terms) else {
                    continue;
                };
                return Some(Formula { pieces: vec![a, b], checked: values.len() });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(space: &Space, f: impl Fn(&[u64]) -> Small) -> Vec<Option<Small>> {
        (0..space.cells()).map(|c| Some(f(&space.position(c)))).collect()
    }

    #[test]
    fn finds_differences_halves_and_cutcake_steps() {
        let s = Space::parse("0..9,0..9").unwrap();
        let f = search(&s, &table(&s, |x| Small::new(x[0] as i128 - x[1] as i128, 0).unwrap()))
            .unwrap();
        assert_eq!(f.text(), "value = a - b");
        let f = search(&s, &table(&s, |x| Small::new(x[0] as i128 + 1, 1).unwrap())).unwrap();
        assert_eq!(f.text(), "value = (a + 1) / 2");
        assert_eq!(f.at(&[1_000_000_000_001, 3]), Small::new(500_000_000_001, 0));
        // Cutcake: w >= h: floor(w / 2^floor(log2 h)) - 1, else the negative with w, h swapped.
        let s = Space::parse("1..20,1..20").unwrap();
        let cut = |x: &[u64]| {
            let (w, h) = (x[0] as i128, x[1] as i128);
            let v = if w >= h {
                (w >> (127 - h.leading_zeros())) - 1
            } else {
                1 - (h >> (127 - w.leading_zeros()))
            };
            Small::new(v, 0).unwrap()
        };
        let f = search(&s, &table(&s, cut)).unwrap();
        assert_eq!(f.pieces.len(), 2);
        for x in [[1000u64, 3], [3, 1000], [77, 77], [1 << 40, (1 << 20) + 5]] {
            assert_eq!(f.at(&x), Some(cut(&x)), "{x:?}: {}", f.text());
        }
        // One entry changed: not that formula.
        let mut t = table(&s, cut);
        t[57] = Some(Small::new(1000, 0).unwrap());
        assert!(search(&s, &t).is_none_or(|g| g.at(&s.position(57)) == t[57]));
    }
}
