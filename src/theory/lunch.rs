//! Cutting pieces into equal parts (HDU 6892 "Lunch", CCPC 2020 online).
//!
//! A piece of length l > 1 may be cut into k >= 2 pieces of length l / k, for any divisor k of
//! l; a piece of length 1 is dead. A position is a collection of pieces; no move loses.
//!
//! **Theorem.** Write l = 2^a * m with m odd and let c = Omega(m), the number of odd prime
//! factors of l counted with multiplicity. Then sg(l) = c + [a >= 1] (and sg(1) = 0).
//!
//! *Proof* (induction on l). Cutting l into k equal pieces gives k copies of l / k, whose
//! value is the XOR of k copies of sg(l / k): sg(l / k) if k is odd, 0 if k is even.
//! - l odd (a = 0): every divisor k is odd, and l / k runs over the proper divisors d of l.
//!   By induction sg(d) = Omega(d). The proper divisors of l reach every Omega from 0 to c - 1
//!   (drop the prime factors one by one) and never c (a divisor with all c factors is l
//!   itself). So the options are {0, ..., c - 1} and sg(l) = c.
//! - l even (a >= 1): k = 2 is a move, of value 0. An odd k >= 3 divides m, and l / k =
//!   2^a * (m / k) with m / k a proper divisor of m, of value Omega(m / k) + 1 by induction:
//!   these reach exactly 1..=c. Every even k gives 0 again. So the options are {0, ..., c} and
//!   sg(l) = c + 1.
//!
//! The whole game is a sum, so the first player wins exactly when the XOR of the sg(l_i) is
//! non-zero (Sprague-Grundy). The only real work is Omega of the odd part, which
//! [`crate::theory::factor::odd_omega`] computes exactly for every length below 2^64.
//! Checked against a mex over the real moves for every l up to several thousand, and the whole
//! game against a search over whole positions (tests/it/hdu6892.rs, src/brute/hdu6892.rs).

use crate::theory::factor::odd_omega;

/// The Grundy value of one piece of length `l >= 1`.
///
/// ```
/// use games::theory::lunch::grundy;
/// assert_eq!(grundy(1), 0);
/// assert_eq!(grundy(2), 1);
/// assert_eq!(grundy(9), 2);   // 3^2
/// assert_eq!(grundy(12), 2);  // even, one odd factor
/// assert_eq!(grundy(1 << 63), 1);
/// ```
///
/// # Panics
/// If `l` is 0.
#[inline]
pub fn grundy(l: u64) -> u64 {
    odd_omega(l) as u64 + (l & 1 == 0) as u64
}

/// Does the player to move win with pieces of these Grundy values' XOR?
#[inline]
pub fn first_player_wins(nim_sum: u64) -> bool {
    nim_sum != 0
}
