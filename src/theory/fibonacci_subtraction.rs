//! The Fibonacci subtraction game: a move takes `f` stones from one pile, `f` a Fibonacci number
//! (1, 2, 3, 5, 8, ...; see [`FIB`]). Taking the last stone wins (normal play).
//!
//! **Sprague-Grundy theorem** (R. P. Sprague 1935, P. M. Grundy 1939; see Berlekamp, Conway and
//! Guy, *Winning Ways*, ch. 3): a sum of impartial games is a P-position exactly when the XOR of
//! the Grundy values of its components is 0, where `sg(x) = mex { sg(y) : x -> y }` (the least
//! non-negative integer not among the values of the options). For one pile here,
//! `sg(x) = mex { sg(x - f) : f Fibonacci, f <= x }`, computed bottom-up from `sg(0) = 0`: the
//! table for piles `0..=H` costs `O(H * c)` time where `c = #{f <= H} <= 39` for `H <= 10^8`, and
//! `H + 1` bytes.
//!
//! **Why a byte, and why a 64-bit mask.** A mex of `s` values is at most `s` (the `s + 1`
//! numbers `0..=s` cannot all be among `s` values). A pile `x` has `c(x) = #{f <= x}` options, so
//! `sg(x) <= c(x)`; [`GrundyTable::extend_to`] only goes below `FIB[63]` (about 1.7 * 10^13,
//! far past any memory), where `c(x) <= 63`, so every value fits in a `u8` and the set of option
//! values fits in the bits of a `u64`. (Measured: the largest value for piles up to 10^8 is 16.)
//!
//! The sequence is not known to be periodic (the subtraction set is infinite), so the table is
//! computed, never guessed.

use super::fibonacci::{FIB, fib_at_most};

/// The Grundy values `sg(0), sg(1), ...` of one pile, computed on demand and kept.
#[derive(Debug, Clone)]
pub struct GrundyTable {
    g: Vec<u8>,
    /// The largest pile this table will ever be asked for (bounds its memory).
    ceiling: usize,
}

impl GrundyTable {
    /// An empty table that will never be extended past `ceiling` (the caller's pile limit).
    ///
    /// Memory: one byte per pile, in one buffer. Left to itself the table grows geometrically
    /// (see [`GrundyTable::extend_to`]): its capacity stays below `min(2 (H + 1), ceiling + 1)`
    /// bytes for the largest pile `H` asked for, but while a growth moves the values the old and
    /// the new buffer coexist, up to about three times the old size. A caller that knows its
    /// largest pile in advance calls [`GrundyTable::reserve`] once, and the buffer never moves.
    pub fn with_ceiling(ceiling: usize) -> Self {
        GrundyTable { g: vec![0], ceiling }
    }

    /// The piles covered so far: `0..len()`.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.g.len()
    }

    /// The piles the table can cover without moving its buffer: `0..room()`.
    pub fn room(&self) -> usize {
        self.g.capacity()
    }

    /// Makes room for `sg(0..=h)` (`h` capped by the ceiling) with one allocation of exactly
    /// that size, unless the room is there already; no value is computed before it is asked for.
    ///
    /// ```
    /// use games::theory::fibonacci_subtraction::GrundyTable;
    /// let mut t = GrundyTable::with_ceiling(1000);
    /// t.reserve(500);
    /// let room = t.room();
    /// assert!(t.len() == 1 && room >= 501);
    /// t.extend_to(500);
    /// assert_eq!(t.room(), room); // no growth
    /// ```
    pub fn reserve(&mut self, h: usize) {
        let need = h.min(self.ceiling).saturating_add(1);
        if need > self.g.capacity() {
            self.g.reserve_exact(need - self.g.len());
        }
    }

    /// Makes `sg(0..=h)` available. When the buffer has no room left, growth is geometric
    /// (capped by the ceiling) so that a rising sequence of piles costs amortised `O(1)` copying
    /// per entry; the Grundy values themselves are computed once each, and only up to `h`.
    ///
    /// Panics if `h` exceeds the ceiling or `FIB[63]` (an internal contract: callers check their
    /// input against their limit first).
    pub fn extend_to(&mut self, h: usize) {
        let len = self.g.len();
        if h < len {
            return;
        }
        assert!(h <= self.ceiling && (h as u64) < FIB[63], "Grundy table asked for pile {h}");
        let need = h + 1;
        if need > self.g.capacity() {
            let target =
                need.max(self.g.capacity().saturating_mul(2).min(self.ceiling.saturating_add(1)));
            self.g.reserve_exact(target - len);
        }
        self.g.resize(need, 0);
        let g = self.g.as_mut_slice();
        let mut x = len;
        while x < need {
            // Piles in [x, end) all have the same options count c: no bound check per move.
            let c = fib_at_most(x as u64);
            let end = FIB.get(c).map_or(need, |&next| need.min(next as usize));
            let fibs = &FIB[..c];
            while x < end {
                let mut seen = 0u64;
                // Far moves first: their values are long known, so only the last few loads wait
                // on the value just stored.
                for &f in fibs.iter().rev() {
                    seen |= 1u64 << g[x - f as usize];
                }
                g[x] = seen.trailing_ones() as u8;
                x += 1;
            }
        }
    }

    /// `sg(x)`, for `x < len()`.
    #[inline]
    pub fn get(&self, x: usize) -> u8 {
        self.g[x]
    }

    /// `sg(x)`, extending the table first if needed.
    ///
    /// ```
    /// use games::theory::fibonacci_subtraction::GrundyTable;
    /// let mut t = GrundyTable::with_ceiling(1000);
    /// // sg: 0 1 2 3 0 1 2 3 4 5 ...
    /// let first: Vec<u8> = (0..10).map(|x| t.grundy(x)).collect();
    /// assert_eq!(first, [0, 1, 2, 3, 0, 1, 2, 3, 4, 5]);
    /// ```
    #[inline]
    pub fn grundy(&mut self, x: usize) -> u8 {
        self.extend_to(x);
        self.g[x]
    }
}

/// Is a sum of piles with these Grundy values a P-position (the player to move loses)?
///
/// ```
/// use games::theory::fibonacci_subtraction::{p_position, GrundyTable};
/// let mut t = GrundyTable::with_ceiling(10);
/// // 1 4 1: sg 1 ^ 0 ^ 1 = 0, the mover loses
/// assert!(p_position([t.grundy(1), t.grundy(4), t.grundy(1)]));
/// assert!(!p_position([t.grundy(1), t.grundy(1), t.grundy(1)]));
/// ```
#[inline]
pub fn p_position<const N: usize>(grundy_values: [u8; N]) -> bool {
    grundy_values.iter().fold(0u8, |acc, &v| acc ^ v) == 0
}
