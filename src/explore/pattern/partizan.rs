//! The linear fit of `--partizan` tables of numbers: formulas of the coordinates, tried
//! shortest first; the first that gives every value of the box exactly is kept and ranked
//! among the pattern families by [`crate::explore::guard::partizan`], which checks it by the
//! partizan rule before it answers a position too far to explore.
//!
//! A formula is `(P * t + Q) / 2^E`, or with two terms `(P * t + P2 * t2 + Q) / 2^E`, for
//! integer terms `t`, `t2` of the coordinates and integers `P`, `P2`, `Q` (`E` the largest
//! exponent of the values: so halves and quarters are covered), on the whole box, on the two
//! sides of a diagonal (`a >= b` / `a < b`, or `a > b` / `a <= b`), or on the box's first line
//! of a coordinate and the rest (`b <= 1` / `b > 1`), each side with its own terms. Terms,
//! shortest first: a constant, a coordinate, `a - b`, `a + b`, `min(a, b)`, `max(a, b)`,
//! `floor(a / 2^floor(log2 b))` (Cutcake's steps: Winning Ways ch. 2), `floor(a / k)` for
//! k = 2, 3, 4, for every pair of coordinates; one term before two. `P` (and `P2`) and `Q`
//! are fitted on a few cells (two that differ in `t` alone, two that differ in `t2` alone) and
//! then checked on every cell of the side, in exact integer arithmetic (no floats); a fit that
//! overflows is no fit. The search is linear in the box for each candidate; a box that would
//! take more than 10^8 checks is not searched (two-term formulas: not tried). A piece needs
//! at least four cells (two fit it, two more confirm it; three and two more with two terms).

use crate::explore::partizan_num::Small;

/// The fewest cells a piece of one term is fitted on (one more for two terms).
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
    /// `floor(x_i / k)`.
    Floor(usize, u64),
}

/// Which cells a piece covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    All,
    /// `x_i >= x_j`, or `x_i > x_j` when the flag is set.
    Above(usize, usize, bool),
    /// The complement of `Above`.
    Below(usize, usize, bool),
    /// `x_i <= v` (the box's first line of coordinate `i`), or `x_i > v` when the flag is set.
    Edge(usize, u64, bool),
}

/// `(p * term + p2 * term2 + q) / 2^e` on a side of the box (`p2 = 0`: one term).
#[derive(Debug, Clone, Copy)]
pub struct Piece {
    pub side: Side,
    pub term: Term,
    pub p: i128,
    pub term2: Term,
    pub p2: i128,
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
            Term::Floor(i, k) => v(i) / k as i128,
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
            Term::Floor(i, k) => format!("floor({} / {k})", name(i)),
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
        t.extend((2..=4).flat_map(|q| (0..k).map(move |i| Term::Floor(i, q))));
        t
    }
}

impl Side {
    fn holds(self, x: &[u64]) -> bool {
        match self {
            Side::All => true,
            Side::Above(i, j, strict) => x[i] > x[j] || (!strict && x[i] == x[j]),
            Side::Below(i, j, strict) => !Side::Above(i, j, strict).holds(x),
            Side::Edge(i, v, above) => (x[i] > v) == above,
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
            Side::Edge(i, v, above) => {
                format!(" if {} {} {v}", name(i), if above { ">" } else { "<=" })
            }
        }
    }
}

impl Piece {
    /// The value at `x` (on its side), when the terms are defined and the number fits.
    pub fn at(&self, x: &[u64]) -> Option<Small> {
        let t = self.term.value(x)?;
        let mut n = self.p.checked_mul(t)?.checked_add(self.q)?;
        if self.p2 != 0 {
            n = n.checked_add(self.p2.checked_mul(self.term2.value(x)?)?)?;
        }
        Small::new(n, self.e)
    }

    /// Its constants, for the ranking among the families: `P`, `Q` and the side, and `P2`.
    pub fn cost(&self) -> u64 {
        3 + u64::from(self.p2 != 0)
    }

    fn text(&self) -> String {
        let d = 1i128 << self.e;
        let mut q = self.q;
        let mut s = String::new();
        let mut parts = [(self.p, self.term), (self.p2, self.term2)];
        if self.p < 0 && self.p2 > 0 {
            parts.swap(0, 1); // a positive term first: `floor(a / 2) - b`
        }
        for (c, t) in parts {
            if t == Term::One {
                q += c;
                continue;
            }
            if c == 0 {
                continue;
            }
            let text = t.text();
            let sum = text.contains(" + ") || text.contains(" - ");
            let body = if sum && c != 1 { format!("({text})") } else { text };
            let body = if c.abs() == 1 { body } else { format!("{}*{body}", c.abs()) };
            s = match (s.is_empty(), c < 0) {
                (true, false) => body,
                (true, true) => format!("-{body}"),
                (false, neg) => format!("{s} {} {body}", if neg { '-' } else { '+' }),
            };
        }
        let s = match (s.is_empty(), q) {
            (true, q) => q.to_string(),
            (false, 0) => s,
            (false, q) => format!("{s} {} {}", if q < 0 { '-' } else { '+' }, q.abs()),
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

/// The cells of `side`, when there are at least `least` (two fit a term, two more confirm it).
fn cells_of(space: &Space, n: usize, side: Side, least: usize) -> Option<Vec<usize>> {
    let cells: Vec<usize> = (0..n).filter(|&c| side.holds(&space.position(c))).collect();
    (cells.len() >= least).then_some(cells)
}

/// Does `piece` give every cell of `cells` (values scaled by 2^e)?
fn fits_all(space: &Space, values: &[i128], cells: &[usize], piece: &Piece) -> bool {
    cells
        .iter()
        .all(|&c| piece.at(&space.position(c)).is_some_and(|x| x.scaled(piece.e) == values[c]))
}

/// The first term that fits every cell of `side`: `(cell position, value scaled by 2^e)`.
fn fit(space: &Space, values: &[i128], e: u32, side: Side, terms: &[Term]) -> Option<Piece> {
    let cells = cells_of(space, values.len(), side, MIN_CELLS)?;
    for &term in terms {
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
        let piece = Piece { side, term, p, term2: Term::One, p2: 0, q, e };
        if fits_all(space, values, &cells, &piece) {
            return Some(piece);
        }
    }
    None
}

/// The slope of the values in `t` where `other` stays as at `first`: from the first cell that
/// differs from `first` in `t` alone (`Some(0)` when none does; `None`: not an integer).
fn slope(
    cells: &[usize],
    values: &[i128],
    first: usize,
    at: &dyn Fn(usize) -> Option<(i128, i128)>,
) -> Option<i128> {
    let (t0, u0) = at(first)?;
    let Some(c) = cells.iter().copied().find(|&c| at(c).is_some_and(|(t, u)| t != t0 && u == u0))
    else {
        return Some(0);
    };
    let (t, _) = at(c)?;
    let dv = values[c] - values[first];
    (dv % (t - t0) == 0).then(|| dv / (t - t0))
}

/// The first pair of terms that fits every cell of `side` (both slopes nonzero).
fn fit_pair(space: &Space, values: &[i128], e: u32, side: Side, terms: &[Term]) -> Option<Piece> {
    let cells = cells_of(space, values.len(), side, MIN_CELLS + 1)?;
    let first = cells[0];
    for (x, &term) in terms.iter().enumerate().filter(|(_, t)| **t != Term::One) {
        for &term2 in &terms[x + 1..] {
            let both = |c: usize| {
                let p = space.position(c);
                Some((term.value(&p)?, term2.value(&p)?))
            };
            let swapped = |c: usize| both(c).map(|(t, u)| (u, t));
            let (Some(p), Some(p2)) =
                (slope(&cells, values, first, &both), slope(&cells, values, first, &swapped))
            else {
                continue;
            };
            if p == 0 || p2 == 0 {
                continue;
            }
            let Some((t0, u0)) = both(first) else { continue };
            let Some(q) = p
                .checked_mul(t0)
                .and_then(|a| a.checked_add(p2.checked_mul(u0)?))
                .and_then(|a| values[first].checked_sub(a))
            else {
                continue;
            };
            let piece = Piece { side, term, p, term2, p2, q, e };
            if fits_all(space, values, &cells, &piece) {
                return Some(piece);
            }
        }
    }
    None
}

/// The sides a box is split into: the diagonals of every pair of free coordinates, then the
/// first line of each free coordinate against the rest.
fn splits(space: &Space) -> Vec<(Side, Side)> {
    let free = space.free_axes();
    let mut out = Vec::new();
    for (x, &i) in free.iter().enumerate() {
        for &j in &free[x + 1..] {
            for strict in [false, true] {
                out.push((Side::Above(i, j, strict), Side::Below(i, j, strict)));
            }
        }
    }
    for &i in &free {
        out.push((Side::Edge(i, space.lo[i], false), Side::Edge(i, space.lo[i], true)));
    }
    out
}

/// The shortest formula that gives every box value (`None` when a value is not a number, or
/// nothing fits): one term on the whole box, then on two sides, then two terms likewise.
pub fn search(space: &Space, values: &[Option<Small>]) -> Option<Formula> {
    let e = values.iter().map(|v| v.map(|x| x.exponent())).collect::<Option<Vec<u32>>>()?;
    let e = e.into_iter().max().unwrap_or(0);
    let scaled: Vec<i128> =
        values.iter().map(|v| v.map(|x| x.scaled(e))).collect::<Option<Vec<i128>>>()?;
    let terms = Term::all(space.arity());
    let sides = splits(space);
    let work = |n: usize| values.len().saturating_mul(n).saturating_mul(1 + 2 * sides.len());
    if work(terms.len()) > MAX_WORK {
        return None;
    }
    let pairs = work(terms.len() * terms.len() / 2) <= MAX_WORK;
    for two in [false, true] {
        if two && !pairs {
            break;
        }
        let fit_side = |side: Side| {
            let one = fit(space, &scaled, e, side, &terms);
            if two { one.or_else(|| fit_pair(space, &scaled, e, side, &terms)) } else { one }
        };
        if let Some(p) = fit_side(Side::All) {
            return Some(Formula { pieces: vec![p], checked: values.len() });
        }
        for &(a, b) in &sides {
            let Some(a) = fit_side(a) else { continue };
            let Some(b) = fit_side(b) else { continue };
            return Some(Formula { pieces: vec![a, b], checked: values.len() });
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

    #[test]
    fn two_terms_and_the_first_line() {
        // floor(a / 2) - b: two terms.
        let s = Space::parse("0..15,0..15").unwrap();
        let v = |x: &[u64]| Small::new((x[0] / 2) as i128 - x[1] as i128, 0).unwrap();
        let f = search(&s, &table(&s, v)).unwrap();
        assert_eq!(f.text(), "value = floor(a / 2) - b");
        assert_eq!(f.at(&[1_000_001, 7]), Small::new(499_993, 0));
        // b = 1 apart: a - 1 there, floor(a / 2) - 1 elsewhere.
        let s = Space::parse("1..16,1..16").unwrap();
        let w = |x: &[u64]| {
            let a = x[0] as i128;
            Small::new(if x[1] == 1 { a - 1 } else { a / 2 - 1 }, 0).unwrap()
        };
        let f = search(&s, &table(&s, w)).unwrap();
        assert_eq!(f.text(), "value = a - 1 if b <= 1; floor(a / 2) - 1 if b > 1");
        for x in [[1000u64, 1], [1001, 5], [7, 1000]] {
            assert_eq!(f.at(&x), Some(w(&x)), "{x:?}");
        }
    }
}
