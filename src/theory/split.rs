//! Split Nim: a move replaces one pile of size x by two piles, each of size strictly less than
//! x (0 allowed, and the two may add up to more than x). Only a pile of 0 is terminal.
//!
//! **Theorem.** The Sprague-Grundy value of a pile of x >= 1 is the (x-1)-th *odious* number
//! (0-based), an odious number being one with an odd number of 1-bits (OEIS A000069:
//! 1, 2, 4, 7, 8, 11, 13, 14, 16, ...), and sg(0) = 0. In closed form
//!
//! ```text
//! sg(x) = 2(x-1) + [popcount(x-1) is even]      (x >= 1)
//! ```
//!
//! *Proof.* Each pair of integers {2j, 2j+1} differs in the lowest bit only, so exactly one of
//! them is odious: the odious numbers are o_j = 2j + [popcount(j) even], one per pair, and the
//! odious numbers below o_j are exactly o_0..o_{j-1}. By induction on x assume
//! {sg(0), ..., sg(x-1)} = {0, o_0, ..., o_{x-2}}. The options of a pile x are the games
//! "pile a + pile b" with a, b < x, of value sg(a) XOR sg(b) (Sprague-Grundy). Then
//! - *o_{x-1} is not an option value:* an option value is 0 XOR 0 = 0, 0 XOR o_i = o_i with
//!   i <= x-2 (odious, but below o_{x-1}), or o_i XOR o_j, which has an even number of 1-bits
//!   (the parities of popcounts add under XOR), so it is not odious.
//! - *every v < o_{x-1} is an option value:* v = 0 is 0 XOR 0; an odious v < o_{x-1} is some
//!   o_i with i <= x-2, reached as o_i XOR 0; an evil (non-odious) v > 0 has at least two 1-bits,
//!   so with h its highest bit, v = 2^h XOR (v XOR 2^h) where both parts are odious (one 1-bit;
//!   an odd number of 1-bits) and smaller than v < o_{x-1}, hence both among o_0..o_{x-2}.
//!
//! So sg(x) = mex = o_{x-1}, which closes the induction (the base x = 1 has the single option
//! 0 XOR 0 = 0, so sg(1) = 1 = o_0).
//!
//! **Size.** For x < 2^64, sg(x) < 2^65: it does not fit a `u64` but fits a `u128` exactly,
//! which is what [`grundy`] returns. The structure behind the verdict is simpler still: the XOR
//! of the values is `(XOR of (x-1)) << 1 | low`, and since every sg(x) with x >= 1 is odious the
//! parity of the popcount of the total is the parity of the number c of non-empty piles. Hence
//! the total is 0 exactly when XOR over non-empty piles of (x-1) is 0 and c is even
//! ([`p_position_by_parity`]; [`p_position`] uses the `u128` values and the tests check that
//! both agree).
//!
//! Checked in `tests/it/split_nim.rs` against the definition sg(x) = mex{sg(a) XOR sg(b)} for
//! every x up to a few hundred, and by whole-game search in `src/brute/split_nim.rs`.

/// Is `v` odious (an odd number of 1-bits)?
///
/// ```
/// use games::theory::split::odious;
/// assert!(odious(1) && odious(7) && !odious(0) && !odious(3));
/// ```
#[inline]
pub fn odious(v: u128) -> bool {
    v.count_ones() % 2 == 1
}

/// The Sprague-Grundy value of one pile of `x` stones, exactly (below 2^65).
///
/// ```
/// use games::theory::split::grundy;
/// let first: Vec<u128> = (0..10).map(grundy).collect();
/// assert_eq!(first, [0, 1, 2, 4, 7, 8, 11, 13, 14, 16]);
/// // x - 1 = 2^64 - 2 has 63 one-bits (odd): no +1. The value needs 65 bits.
/// assert_eq!(grundy(u64::MAX), 2 * (u64::MAX as u128 - 1));
/// assert_eq!(grundy((1 << 63) + 1), 1 << 64);
/// ```
#[inline]
pub fn grundy(x: u64) -> u128 {
    if x == 0 {
        return 0;
    }
    let j = x - 1;
    2 * j as u128 + u128::from(j.count_ones().is_multiple_of(2))
}

/// The pile whose value is `v`, if there is one: the inverse of [`grundy`]. Every odious value
/// below 2^65 and 0 have one; an evil `v > 0` has none.
///
/// ```
/// use games::theory::split::{grundy, pile_of};
/// assert_eq!(pile_of(7), Some(4));
/// assert_eq!(pile_of(3), None);
/// assert_eq!(pile_of(grundy(u64::MAX)), Some(u64::MAX));
/// ```
pub fn pile_of(v: u128) -> Option<u64> {
    if v == 0 {
        return Some(0);
    }
    if !odious(v) {
        return None;
    }
    let j = u64::try_from(v >> 1).ok()?;
    j.checked_add(1).filter(|&x| grundy(x) == v)
}

/// Is the position with these piles a P-position (the player to move loses)? By the XOR of the
/// exact `u128` values.
///
/// ```
/// use games::theory::split::p_position;
/// assert!(!p_position([2, 3]));       // AcWing 894's sample: 2 XOR 4 != 0
/// assert!(p_position([1, 2, 3, 4]));  // 1 ^ 2 ^ 4 ^ 7 = 0, no two piles equal
/// assert!(p_position([]));
/// ```
pub fn p_position<I: IntoIterator<Item = u64>>(piles: I) -> bool {
    piles.into_iter().fold(0u128, |acc, x| acc ^ grundy(x)) == 0
}

/// The same verdict from 64-bit quantities only: the XOR of `x - 1` over the non-empty piles,
/// and how many non-empty piles there are (only its parity matters).
///
/// ```
/// use games::theory::split::p_position_by_parity;
/// // Piles 1 2 3 4: (0 ^ 1 ^ 2 ^ 3) = 0 and four piles.
/// assert!(p_position_by_parity(0, 4));
/// assert!(!p_position_by_parity(0, 3));
/// ```
#[inline]
pub fn p_position_by_parity(xor_of_pile_minus_one: u64, non_empty_piles: u64) -> bool {
    xor_of_pile_minus_one == 0 && non_empty_piles.is_multiple_of(2)
}
