//! Wythoff's game: two piles; a move takes any positive number of stones from one pile, or the
//! same positive number from both; taking the last stone wins.
//!
//! **Wythoff's theorem** (W. A. Wythoff, "A modification of the game of nim", Nieuw Archief voor
//! Wiskunde 7, 1907): with `phi = (1 + sqrt 5) / 2`, the P-positions are exactly the pairs
//! `(a_k, b_k) = (floor(k phi), floor(k phi^2))`, `k = 0, 1, 2, ...`, and their mirror images.
//!
//! Why. Since `phi^2 = phi + 1`, `b_k = a_k + k`. Since `1/phi + 1/phi^2 = 1` and `phi` is
//! irrational, **Beatty's (Rayleigh's) theorem** says the sequences `a_1, a_2, ...` and
//! `b_1, b_2, ...` together contain every positive integer exactly once: the number of terms of
//! both that are `<= N` is `floor((N+1)/phi) + floor((N+1)/phi^2)`, two non-integers summing
//! to `N + 1`, hence exactly `N`, for every `N`. So each positive integer is in exactly one pair,
//! the differences `b_k - a_k = k` are all distinct, and `a_k` increases with `k`. Then:
//! - no move joins two of these pairs: a one-pile move keeps a coordinate, which belongs to one
//!   pair only; a two-pile move keeps the difference, which also belongs to one pair only;
//! - from any other `(a, b)`, `a <= b`, some move reaches one: if `a = 0`, empty `b`; if
//!   `a = b_j`, cut `b` down to `a_j < a`; if `a = a_j` and `b > b_j`, cut `b` to `b_j`; if
//!   `a = a_j` and `b < b_j`, then `d = b - a < j`, and taking `a - a_d > 0` from both piles
//!   leaves `(a_d, b_d)`.
//!
//! **The exact integer test** ([`p_position`]). For `k = b - a >= 1`, `a = floor(k phi)` means
//! `a <= k phi < a + 1`, i.e. `2a - k <= k sqrt 5 < 2a + 2 - k`; as `k sqrt 5` is irrational,
//! neither bound is ever met with equality, so with both sides non-negative this is
//! `(2a - k)^2 < 5 k^2 < (2a + 2 - k)^2`, three products of integers, no square root at all.
//!
//! **The bound that keeps it in `u128`.** From `phi > 3/2`: `a = floor(k phi) > k phi - 1 >
//! 3k/2 - 1`, so `2a >= 3k - 1`. Hence if `3k > 2a + 1` the position is not a P-position, and
//! otherwise `k <= (2a + 1)/3 < 2^64/3` for `a < 2^63`, so `5k^2 < (5/9) 2^128 < 2^128`; also
//! `0 < 2a - k < 2a + 2 - k <= 2a + 1 < 2^64`, so both squares are below `2^128`. Without the
//! bound, `k` near `2^63` would make `5k^2` (about `5 * 2^126`) overflow `u128`.
//!
//! [`lower`] gives `floor(k phi) = floor((k + isqrt(5k^2)) / 2)` (`floor(x/2) = floor(floor(x)/2)`
//! for real `x`, and `floor(k + k sqrt 5) = k + isqrt(5k^2)`), to generate P-positions.

/// Piles must be below this (`2^63`) for [`p_position`].
pub const PILE_LIMIT: u64 = 1 << 63;

/// `a_k = floor(k phi)`, exactly, by an integer square root; `None` when `5k^2` does not fit in
/// a `u128` (`k` above about `8.25 * 10^18`). The result always fits a `u64` when it exists
/// (`k sqrt 5 < 2^64` and `k < 2^64 / sqrt 5` give `k phi < 2^64`).
///
/// ```
/// use games::theory::wythoff::lower;
/// let firsts: Vec<u64> = (0..8).map(|k| lower(k).unwrap()).collect();
/// assert_eq!(firsts, [0, 1, 3, 4, 6, 8, 9, 11]);
/// assert_eq!(lower(102_334_155), Some(165_580_140)); // where f64 says 165_580_141
/// assert_eq!(lower(u64::MAX), None);
/// ```
pub fn lower(k: u64) -> Option<u64> {
    let k = k as u128;
    let five_k2 = k.checked_mul(k)?.checked_mul(5)?;
    u64::try_from((k + five_k2.isqrt()) / 2).ok()
}

/// The k-th P-position `(a_k, b_k) = (floor(k phi), floor(k phi) + k)`, if both fit a `u64`.
///
/// ```
/// use games::theory::wythoff::pair;
/// assert_eq!(pair(0), Some((0, 0)));
/// assert_eq!(pair(3), Some((4, 7)));
/// ```
pub fn pair(k: u64) -> Option<(u64, u64)> {
    let a = lower(k)?;
    Some((a, a.checked_add(k)?))
}

/// Is `(a, b)` (in either order) a P-position of Wythoff's game, i.e. does the player to move
/// lose? Exact for all `a, b < 2^63` (see the module doc for the proof and the bound).
///
/// Panics if a pile is `2^63` or more (an internal contract: the caller refuses such input).
///
/// ```
/// use games::theory::wythoff::p_position;
/// assert!(p_position(0, 0) && p_position(1, 2) && p_position(7, 4));
/// assert!(!p_position(2, 2) && !p_position(8, 4) && !p_position(0, 5));
/// assert!(p_position(165_580_140, 267_914_295));
/// ```
#[inline]
pub fn p_position(a: u64, b: u64) -> bool {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    assert!(b < PILE_LIMIT, "Wythoff pile {b} is not below 2^63");
    let k = (b - a) as u128;
    let a = a as u128;
    if k == 0 {
        return a == 0;
    }
    if 3 * k > 2 * a + 1 {
        return false;
    }
    let five_k2 = 5 * k * k;
    let below = 2 * a - k;
    let above = 2 * a + 2 - k;
    below * below < five_k2 && five_k2 < above * above
}
