//! Boxes too large for a table, for the k-heap take games (`same:K:J`, `moore:K:M`): outcomes
//! only, one bit a position, never a byte or a value per position. The bits are those of
//! [`crate::theory::take_same::outcomes`] over the hull (every position from 0 to the box's
//! upper ends; memory hull / 8 bytes plus the retrograde's flags for two planes).
//!
//! What a user gets from them: the number of P-positions of the box and the first ones in box
//! order (the last coordinate fastest); the outcome of every position of the hull for `--at`
//! and `--winning` (basis `computed`; Moore's Nim lists its winning moves by scanning the rows
//! below the position, so no option is listed one by one); and a plane of the box, at most
//! [`SLICE_CELLS`] positions, as an outcome table for the pattern search (the search is not
//! linear in the box, so it never runs on the whole box). The game's theorems (Moore's,
//! Wythoff's, Bouton's) are checked on that plane and answer beyond the box at any size.
//!
//! A box takes this path when it has more than [`BIG_BOX`] positions: past that the table's
//! pattern search is skipped anyway, and no take game's Grundy values are computed (their work
//! passes [`crate::explore::families::VALUE_WORK`]); `wythoff:K` (whose table has values on larger
//! boxes) only past the most positions a table holds. `games explore --big-from N` (hidden; the tests
//! use it) lowers the threshold to compare this path with the table on small boxes.

use crate::explore::answer::{self, AtAnswer};
use crate::explore::builtin::Builtin;
use crate::explore::families::{self, Family};
use crate::explore::pattern::{Answer, Covers, Domain, Formula, Pattern};
use crate::explore::space::{Coords, MAX_CELLS, Space};
use crate::explore::table::Table;
use crate::explore::winning::{self, Known, Winning};
use crate::theory::take_same::{self, Mode, Outcomes, TakeGame};

/// The most positions of a box computed as a table; larger boxes of a take game take this path.
pub const BIG_BOX: u64 = 1 << 22;
/// How many P-positions of the box are listed.
pub const LISTED: usize = 50;
/// The most positions of the plane searched for patterns.
pub const SLICE_CELLS: u64 = 1 << 20;
/// The most values of one coordinate of that plane, when two coordinates vary.
pub const SLICE_SIDE: u64 = 1 << 10;

/// The outcome bits of a box.
pub struct BigBox {
    pub game: TakeGame,
    pub space: Space,
    pub misere: bool,
    pub bits: Outcomes,
}

/// The take game of a built-in game, if it is one this path serves, with the most positions of
/// a box it computes as a table (`from`: [`BIG_BOX`] or the tests' threshold). `wythoff:K` is
/// `same:K:1..K`; it keeps its table (with Grundy values where they can be had) up to
/// [`MAX_CELLS`], the most a table holds.
pub fn take_game(game: &Builtin, from: u64) -> Option<(TakeGame, u64)> {
    match game {
        Builtin::Family(Family::Take(_, g)) => Some((g.clone(), from)),
        Builtin::Wythoff(k) => {
            Some((TakeGame::same(*k, &(1..=*k).collect::<Vec<_>>()), from.max(MAX_CELLS)))
        }
        _ => None,
    }
}

/// The outcome bits of `g` on `space`. `budget`: the most positions the hull may have
/// (`--max-positions`, where the user gave it).
pub fn compute(
    g: &TakeGame,
    space: &Space,
    misere: bool,
    budget: Option<u64>,
) -> Result<BigBox, String> {
    let hull = space.hull_u128();
    if let Some(most) = budget.filter(|&b| hull > b as u128) {
        let hull = if hull == u128::MAX { "more than 2^128 - 1".into() } else { hull.to_string() };
        return Err(format!(
            "the outcomes on the box {} need every position from 0 to the box's upper ends, {hull} positions; more than --max-positions {most}",
            space.spec()
        ));
    }
    let dims = families::take_hull(g, space)?;
    let bits = take_same::outcomes(g, &dims, misere).map_err(|e| e.to_string())?;
    Ok(BigBox { game: g.clone(), space: space.clone(), misere, bits })
}

impl BigBox {
    /// The number of positions computed (the hull).
    pub fn hull(&self) -> u64 {
        self.bits.dims.iter().map(|&d| d as u64).product()
    }

    /// Is `p` a P-position? `None` outside the hull.
    pub fn is_p(&self, p: &[u64]) -> Option<bool> {
        self.bits.holds(p).then(|| self.bits.is_p(p))
    }

    /// Calls `f` with each P-position of the box, in box order, until it returns false.
    pub fn each_p(&self, mut f: impl FnMut(&[u64]) -> bool) {
        let k = self.space.arity();
        let (lo, hi) = (self.space.lo[k - 1] as usize, self.space.hi[k - 1] as usize);
        let mut head: Vec<u64> = self.space.lo[..k - 1].to_vec();
        let mut p = vec![0u64; k];
        loop {
            let row = self.bits.row(self.bits.row_of(&head));
            let go = in_range(row, lo, hi, |c| {
                p[..k - 1].copy_from_slice(&head);
                p[k - 1] = c as u64;
                f(&p)
            });
            if !go || !next(&mut head, &self.space.lo, &self.space.hi) {
                return;
            }
        }
    }

    /// Calls `f` with each position of the box and whether it is P, in box order, until it
    /// returns false.
    pub fn each_position(&self, mut f: impl FnMut(&[u64], bool) -> bool) {
        let k = self.space.arity();
        let (lo, hi) = (self.space.lo[k - 1] as usize, self.space.hi[k - 1] as usize);
        let mut p: Vec<u64> = self.space.lo.to_vec();
        loop {
            let row = self.bits.row(self.bits.row_of(&p[..k - 1]));
            for c in lo..=hi {
                p[k - 1] = c as u64;
                if !f(&p, row[c / 64] >> (c % 64) & 1 == 1) {
                    return;
                }
            }
            if !next(&mut p[..k - 1], &self.space.lo[..k - 1], &self.space.hi[..k - 1]) {
                return;
            }
        }
    }

    /// How many P-positions the box holds.
    pub fn count_p(&self) -> u64 {
        let k = self.space.arity();
        let (lo, hi) = (self.space.lo[k - 1] as usize, self.space.hi[k - 1] as usize);
        let (wa, wb) = (lo / 64, hi / 64);
        let mut head: Vec<u64> = self.space.lo[..k - 1].to_vec();
        let mut n = 0u64;
        loop {
            let row = self.bits.row(self.bits.row_of(&head));
            for (w, &word) in row.iter().enumerate().take(wb + 1).skip(wa) {
                n += u64::from((word & mask(w, lo, hi)).count_ones());
            }
            if !next(&mut head, &self.space.lo, &self.space.hi) {
                return n;
            }
        }
    }

    /// The first `most` P-positions of the box, in box order.
    pub fn first_p(&self, most: usize) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        if most > 0 {
            self.each_p(|p| {
                out.push(p.to_vec());
                out.len() < most
            });
        }
        out
    }

    /// The plane searched for patterns: the coordinates `fixed` (`--slice`) at their values,
    /// every varying coordinate but the last two at its lowest value, and the last two cut to
    /// [`SLICE_SIDE`] values each (one varying coordinate: [`SLICE_CELLS`] values).
    pub fn plane(&self, fixed: &[(usize, u64)]) -> Result<Space, String> {
        let mut s = self.space.clone();
        for &(axis, v) in fixed {
            let (lo, hi) = (self.space.lo[axis], self.space.hi[axis]);
            if !(lo..=hi).contains(&v) {
                return Err(format!(
                    "--slice {}={v}: outside the box's range {lo}..{hi}",
                    axis + 1
                ));
            }
            (s.lo[axis], s.hi[axis]) = (v, v);
        }
        let free = s.free_axes();
        for &a in free.iter().rev().skip(2) {
            s.hi[a] = s.lo[a];
        }
        let free = s.free_axes();
        let side = if free.len() <= 1 { SLICE_CELLS } else { SLICE_SIDE };
        for &a in &free {
            s.hi[a] = s.hi[a].min(s.lo[a] + side - 1);
        }
        Ok(s)
    }

    /// The outcome table of a plane of the box (from [`BigBox::plane`]: at most
    /// [`SLICE_CELLS`] positions).
    pub fn slice_table(&self, plane: &Space) -> Table {
        let mut t = Table::new(plane.clone(), self.misere);
        for cell in 0..t.cells() {
            let p = plane.position(cell);
            t.outcome[cell] = if self.bits.is_p(&p) { b'P' } else { b'N' };
        }
        t.explored = t.cells();
        t
    }

    /// The answer at a position or a sum: from the bits inside the hull (outcomes only, as an
    /// outcome table gives them), else from the patterns of the plane `slice`.
    pub fn answer(&self, slice: &Table, found: &[Pattern], asked: &[u64]) -> AtAnswer {
        let arity = self.space.arity();
        crate::explore::at::answer_with(arity, self.misere, asked, |p| match self.is_p(p) {
            Some(is_p) => AtAnswer {
                position: p[..arity].to_vec(),
                parts: Vec::new(),
                value: None,
                grundy: None,
                outcome: if is_p { b'P' } else { b'N' },
                basis: "computed".to_string(),
                checked: true,
            },
            // Outside the hull, so outside the plane too: the plane's patterns answer.
            None => answer::answer(slice, found, p),
        })
    }

    /// The winning moves of `pos` (to a P-position, or to value `target` where patterns give
    /// values). Moore's Nim inside the hull: every row below the position scanned for its
    /// P-position, no option listed one by one; otherwise the options of [`winning::winning`],
    /// read off the bits.
    pub fn winning(
        &self,
        game: &Builtin,
        found: &[Pattern],
        pos: &Coords,
        target: u64,
        budget: winning::Budget,
    ) -> Winning {
        if self.game.mode == Mode::Moore && target == 0 && self.bits.holds(pos) {
            return self.moore_winning(&pos[..self.space.arity()]);
        }
        winning::winning_within(game, self, found, pos, target, budget)
    }

    /// Every y <= x, y != x, differing from x on a move class, that is a P-position: for
    /// each row of the first k - 1 heaps below x's, its P-positions at or below x's last heap.
    fn moore_winning(&self, x: &[u64]) -> Winning {
        let k = x.len();
        let most = self.game.classes.iter().map(|d| d.count_ones()).max().unwrap_or(1);
        let last = 1u32 << (k - 1);
        let zeros = vec![0u64; k - 1];
        let mut head = zeros.clone();
        let mut moves = Vec::new();
        loop {
            let d = (0..k - 1).filter(|&i| head[i] != x[i]).fold(0u32, |d, i| d | 1 << i);
            if d.count_ones() <= most {
                let top = x[k - 1] as usize;
                let row = self.bits.row(self.bits.row_of(&head));
                in_range(row, 0, top, |c| {
                    let d = if c == top { d } else { d | last };
                    if d != 0 && self.game.classes.contains(&d) {
                        let mut y = head.clone();
                        y.push(c as u64);
                        moves.push(vec![y]);
                    }
                    true
                });
            }
            if !next(&mut head, &zeros, &x[..k - 1]) {
                break;
            }
        }
        Winning { position: x.to_vec(), parts: Vec::new(), moves, basis: "computed".to_string() }
    }
}

/// The game's theorems as checked on an outcome table: a theorem of values (Bouton's nim-sum)
/// is checked on its outcomes (value 0 iff P) and still answers values beyond the box.
pub fn on_outcomes(theorems: Vec<Box<dyn Formula>>) -> Vec<Box<dyn Formula>> {
    theorems
        .into_iter()
        .map(|f| -> Box<dyn Formula> {
            match f.covers() {
                Covers::Values => Box::new(ByOutcome(f)),
                Covers::Outcomes => f,
            }
        })
        .collect()
}

/// A formula of values, checked on outcomes.
struct ByOutcome(Box<dyn Formula>);

impl Formula for ByOutcome {
    fn family(&self) -> &'static str {
        self.0.family()
    }
    fn words(&self) -> String {
        self.0.words()
    }
    fn cpp(&self) -> String {
        self.0.cpp()
    }
    fn python(&self) -> String {
        self.0.python()
    }
    fn covers(&self) -> Covers {
        Covers::Outcomes
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        self.0.at(p)
    }
    fn cost(&self) -> u64 {
        self.0.cost()
    }
    fn proof(&self) -> Option<String> {
        self.0.proof()
    }
    fn domain(&self) -> Domain {
        self.0.domain()
    }
    fn moved(&self, base: Coords) -> Option<Box<dyn Formula>> {
        self.0.moved(base).map(|f| Box::new(ByOutcome(f)) as Box<dyn Formula>)
    }
}

impl Known for BigBox {
    fn arity(&self) -> usize {
        self.space.arity()
    }
    fn misere(&self) -> bool {
        self.misere
    }
    fn known(&self, p: &Coords) -> Option<(Option<u32>, u8)> {
        self.is_p(p).map(|is_p| (None, if is_p { b'P' } else { b'N' }))
    }
}

/// The bits of word `w` of a row that lie in the columns `lo..=hi`.
fn mask(w: usize, lo: usize, hi: usize) -> u64 {
    let mut m = u64::MAX;
    if w == lo / 64 {
        m &= u64::MAX << (lo % 64);
    }
    if w == hi / 64 {
        m &= u64::MAX >> (63 - hi % 64);
    }
    m
}

/// Calls `f` with each set column of `row` in `lo..=hi`, increasing, until it returns false;
/// false when it did.
fn in_range(row: &[u64], lo: usize, hi: usize, mut f: impl FnMut(usize) -> bool) -> bool {
    for (w, &word) in row.iter().enumerate().take(hi / 64 + 1).skip(lo / 64) {
        let mut bits = word & mask(w, lo, hi);
        while bits != 0 {
            if !f(w * 64 + bits.trailing_zeros() as usize) {
                return false;
            }
            bits &= bits - 1;
        }
    }
    true
}

/// The next point of the box `lo..=hi` in row-major order (the last coordinate fastest);
/// false after the last one.
fn next(p: &mut [u64], lo: &[u64], hi: &[u64]) -> bool {
    for i in (0..p.len()).rev() {
        if p[i] < hi[i] {
            p[i] += 1;
            return true;
        }
        p[i] = lo[i];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_of_a_row() {
        let row = [1u64 | 1 << 63, 1 | 1 << 5];
        let mut seen = Vec::new();
        in_range(&row, 0, 127, |c| {
            seen.push(c);
            true
        });
        assert_eq!(seen, vec![0, 63, 64, 69]);
        seen.clear();
        in_range(&row, 1, 68, |c| {
            seen.push(c);
            true
        });
        assert_eq!(seen, vec![63, 64]);
        assert_eq!(mask(0, 3, 3), 1 << 3);
        let mut p = vec![1, 5];
        assert!(next(&mut p, &[1, 4], &[2, 5]) && p == [2, 4]);
        assert!(next(&mut p, &[1, 4], &[2, 5]) && p == [2, 5]);
        assert!(!next(&mut p, &[1, 4], &[2, 5]));
    }
}
