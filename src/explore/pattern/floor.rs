//! The box on every side: a pattern read off a box says nothing of the positions below the
//! box's lower corner.
//!
//! A box that starts at 2 shows no position whose coordinate is 0 or 1, and those are often
//! the very positions where the game differs (misère play ends there; a rule of the form
//! "n >= 2" begins there). A far answer there from a pattern observed only above it would be
//! a guess, and one a user cannot see through. So:
//! - [`grow_down`]: before the table is computed and searched, the box is grown down to the
//!   lowest coordinate asked, when that is cheap (at most `max(4 x the box, 2^14)` positions;
//!   a moves program is asked every position below the box anyway), and a note says so;
//! - [`apply`]: every observed pattern of a table whose lower corner is above 0 is wrapped in
//!   [`Floored`], which covers no position with a coordinate below that corner; such a
//!   position is answered `unknown`, and [`Formula::below_floor`] says why. A proved pattern
//!   (a theorem) is not wrapped: its theorem holds on every position.

use super::{Answer, Basis, Covers, Domain, Formula, Pattern, var};
use crate::explore::space::{Coords, MAX_ARITY, Space, format_position};

/// An observed formula that speaks only on or above the lower corner `lo` of the table it was
/// read off.
pub struct Floored {
    inner: Box<dyn Formula>,
    lo: Coords,
    arity: usize,
}

impl Floored {
    /// The first coordinate of `p` below the corner: `(axis, lowest observed)`.
    fn under(&self, p: &[u64]) -> Option<(usize, u64)> {
        (0..self.arity.min(p.len())).find(|&a| p[a] < self.lo[a]).map(|a| (a, self.lo[a]))
    }
}

impl Formula for Floored {
    fn family(&self) -> &'static str {
        self.inner.family()
    }
    fn words(&self) -> String {
        self.inner.words()
    }
    fn cpp(&self) -> String {
        self.inner.cpp()
    }
    fn python(&self) -> String {
        self.inner.python()
    }
    fn covers(&self) -> Covers {
        self.inner.covers()
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        if self.under(p).is_some() {
            return None;
        }
        self.inner.at(p)
    }
    fn cost(&self) -> u64 {
        self.inner.cost()
    }
    fn proof(&self) -> Option<String> {
        self.inner.proof()
    }
    fn domain(&self) -> Domain {
        self.inner.domain()
    }
    fn lists_exceptions(&self) -> bool {
        self.inner.lists_exceptions()
    }
    fn rational_slope(&self) -> bool {
        self.inner.rational_slope()
    }
    fn moved(&self, base: Coords) -> Option<Box<dyn Formula>> {
        let inner = self.inner.moved(base)?;
        Some(Box::new(Floored { inner, lo: self.lo, arity: self.arity }))
    }
    fn below_floor(&self, p: &[u64]) -> Option<String> {
        let Some((axis, lo)) = self.under(p) else { return self.inner.below_floor(p) };
        self.inner.at(&raised(p, &self.lo, self.arity))?;
        let name = var(self.arity, axis);
        Some(format!(
            "{name} = {} lies below the box's lower corner {name} = {lo}, where the pattern was \
             not observed (a box from {name} = {} would show it)",
            p[axis], p[axis]
        ))
    }
}

/// `p` with every coordinate below `lo` raised to it (to ask whether the inner formula covers
/// the line or plane of `p` at all).
fn raised(p: &[u64], lo: &Coords, arity: usize) -> Coords {
    let mut q: Coords = [0; MAX_ARITY];
    for a in 0..arity.min(p.len()) {
        q[a] = p[a].max(lo[a]);
    }
    q
}

/// Wraps every observed pattern of a table on `space` in [`Floored`] (none when the box starts
/// at 0 on every coordinate).
pub fn apply(found: &mut [Pattern], space: &Space) {
    if space.lo.iter().all(|&x| x == 0) {
        return;
    }
    let arity = space.arity();
    let mut lo: Coords = [0; MAX_ARITY];
    lo[..arity].copy_from_slice(&space.lo);
    for p in found.iter_mut() {
        if matches!(p.basis, Basis::Proved(_)) {
            continue;
        }
        let inner = std::mem::replace(&mut p.formula, Box::new(Placeholder));
        p.formula = Box::new(Floored { inner, lo, arity });
    }
}

/// The box grown down on each varying coordinate to the lowest coordinate asked there (asked
/// positions off the box's fixed coordinates are left out), with the note that says so; the
/// box itself when nothing is asked below it or the grown box would hold more than
/// `max(4 x the box, 2^14)` positions or `budget`.
pub fn grow_down(space: Space, asked: Option<&[Coords]>, budget: u64) -> (Space, Option<String>) {
    let Some(asked) = asked else { return (space, None) };
    let k = space.arity();
    let free = space.free_axes();
    let mut g = space.clone();
    let mut lowest: Option<Coords> = None;
    for p in asked.iter().filter(|p| space.on_fixed(&p[..k])) {
        for &a in &free {
            if p[a] < g.lo[a] {
                g.lo[a] = p[a];
                lowest = Some(*p);
            }
        }
    }
    let Some(p) = lowest else { return (space, None) };
    let cap = u128::from(budget).min((4 * space.cells_u128()).max(1 << 14));
    if g.cells_u128() > cap || g.check_cells().is_err() {
        return (space, None);
    }
    let note = format!(
        "the box was grown down from {} to {}: '{}' is asked below its lower corner, and a \
         pattern answers only where it was observed",
        space.spec(),
        g.spec(),
        format_position(&p, k)
    );
    (g, Some(note))
}

/// Stands in for a formula while it is moved into its wrapper.
struct Placeholder;

impl Formula for Placeholder {
    fn family(&self) -> &'static str {
        ""
    }
    fn words(&self) -> String {
        String::new()
    }
    fn cpp(&self) -> String {
        String::new()
    }
    fn python(&self) -> String {
        String::new()
    }
    fn covers(&self) -> Covers {
        Covers::Outcomes
    }
    fn at(&self, _: &[u64]) -> Option<Answer> {
        None
    }
    fn cost(&self) -> u64 {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(xs: &[u64]) -> Coords {
        let mut p: Coords = [0; MAX_ARITY];
        p[..xs.len()].copy_from_slice(xs);
        p
    }

    #[test]
    fn grows_down_to_the_lowest_coordinate_asked_when_cheap() {
        let s = Space::from_ranges(&[(2, 64), (2, 64)]);
        let (g, note) = grow_down(s.clone(), Some(&[at(&[1, 1 << 45]), at(&[70, 3])]), 1 << 20);
        assert_eq!((g.lo.clone(), g.hi.clone()), (vec![1, 2], vec![64, 64]));
        assert!(note.unwrap().contains("'1 35184372088832'"));
        let (g, note) = grow_down(s.clone(), Some(&[at(&[5, 5])]), 1 << 20);
        assert_eq!((g, note), (s.clone(), None));
        // Too large: the box stays, and the floor answers `unknown` there.
        let s = Space::from_ranges(&[(100_000, 100_010)]);
        assert_eq!(grow_down(s.clone(), Some(&[at(&[0])]), 1 << 20).0, s);
    }
}
