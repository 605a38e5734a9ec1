//! Turning Corners (two-dimensional Nim, HDU 3404 "Switch lights").
//!
//! **Game.** Lights sit on cells (x, y). A move picks a lit cell (x2, y2) and any x1, y1 with
//! 1 <= x1 <= x2, 1 <= y1 <= y2, and toggles the corners {x1, x2} x {y1, y2} of that rectangle
//! (four cells, or two or one when the rectangle is degenerate). The player with no move loses.
//! A light on row 0 or column 0 (our limits admit coordinate 0) can be neither the chosen corner
//! (no x1 with 1 <= x1 <= 0) nor toggled (x1, y1 >= 1): it is inert.
//!
//! **The game ends.** Every toggled cell other than (x2, y2) has a smaller x + y. Order the
//! cells by (x + y, x) and read a position as a binary number with one bit per cell: a move
//! clears the highest bit it touches, so the number strictly decreases.
//!
//! **Theorem** (Berlekamp, Conway and Guy, *Winning Ways*, ch. 14, "Turning Corners"; the
//! Tartan theorem of coin-turning games): the position is a P-position exactly when
//!
//! ```text
//! XOR over the lit cells (x, y) of  x (*) y  =  0,
//! ```
//!
//! with (*) the nim product ([`crate::theory::nimber`]) and the coordinates as given.
//!
//! *Proof.* (1) A single light. Write G(x, y) for the Grundy value of the position with only
//! (x, y) lit, and set G = 0 on row and column 0 (inert lights). A move from {(x, y)} with
//! x1 < x, y1 < y leaves {(x1, y1), (x1, y), (x, y1)}; the degenerate moves (x1 = x or y1 = y)
//! leave the same set with the cells on the rectangle's collapsed side removed, which is the
//! formula with x1 = 0 or y1 = 0 read as "that cell is not there" (G = 0 there). Granting (2)
//! for the smaller positions,
//! G(x, y) = mex { G(x1, y1) ^ G(x1, y) ^ G(x, y1) : 0 <= x1 < x, 0 <= y1 < y },
//! which is Conway's definition of x (*) y (with 0 (*) y = x (*) 0 = 0), so G(x, y) = x (*) y by
//! induction.
//! (2) Any set S of lights has Grundy value s = XOR of G(c) over c in S. By induction along the
//! order above: a move at c in S with toggled set K gives S xor K, whose value is
//! s ^ G(c) ^ v with v = XOR of G over K \ {c}, an option value of the single light c. It is
//! never s, since v = G(c) = mex of those options is impossible; and every t < s is reached: the
//! highest bit of d = s ^ t is set in s, so in some G(c), and then G(c) ^ d < G(c) is an option
//! value v of c, giving s ^ G(c) ^ v = t. So the mex of the options is s.
//!
//! Toggle semantics also fix what a cell listed twice means: lit, then toggled off (the two
//! values cancel in the XOR).

use crate::theory::nimber::nim_product;

/// The Grundy value of a position with the single light (x, y): x (*) y.
///
/// ```
/// use games::theory::turning_corners::light_grundy;
/// assert_eq!(light_grundy(1, 2), 2);
/// assert_eq!(light_grundy(2, 2), 3);
/// assert_eq!(light_grundy(0, 9), 0); // inert
/// ```
#[inline]
pub fn light_grundy(x: u64, y: u64) -> u64 {
    nim_product(x, y)
}

/// The Grundy value of a set of lights (a cell listed twice toggles back off).
///
/// ```
/// use games::theory::turning_corners::{grundy, p_position};
/// // The official sample: {(1,2), (2,1)} is lost for the player to move, {(1,1), (2,2)} is won.
/// assert!(p_position(grundy([(1, 2), (2, 1)])));
/// assert!(!p_position(grundy([(1, 1), (2, 2)])));
/// ```
pub fn grundy<I: IntoIterator<Item = (u64, u64)>>(lights: I) -> u64 {
    lights.into_iter().fold(0, |acc, (x, y)| acc ^ light_grundy(x, y))
}

/// Is a position of Grundy value `g` lost for the player to move?
#[inline]
pub fn p_position(g: u64) -> bool {
    g == 0
}
