//! Nim and the nim-sum.
//!
//! **Bouton's theorem** (C. L. Bouton, "Nim, a game with a complete mathematical theory",
//! Annals of Mathematics 3, 1901-1902): a Nim position with piles a_1..a_n is a P-position (the
//! player to move loses) exactly when a_1 XOR ... XOR a_n = 0. From a zero nim-sum every move
//! changes one pile and so makes the sum non-zero; from a non-zero sum s, a pile a_i that has the
//! highest set bit of s satisfies a_i XOR s < a_i, and reducing it to a_i XOR s makes the sum 0.
//! With the Sprague-Grundy theorem the same sum decides any sum of impartial games, each
//! replaced by its Grundy value.

/// The nim-sum (XOR) of the values.
///
/// ```
/// assert_eq!(games::theory::nim::nim_sum([2u64, 3]), 1);
/// assert_eq!(games::theory::nim::nim_sum([1u64, 2, 3]), 0);
/// ```
#[inline]
pub fn nim_sum<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// Is a Nim position with this nim-sum a P-position?
#[inline]
pub fn p_position(nim_sum: u64) -> bool {
    nim_sum == 0
}

/// The winning move on a pile of `pile` stones when the whole position's nim-sum is `sum`: the
/// pile size to leave, if this pile admits one (`pile ^ sum < pile`). Every pile admitting one
/// has the same resulting nim-sum 0, so each is a winning move.
///
/// ```
/// use games::theory::nim::winning_reduction;
/// // Piles 3 6 9 have nim-sum 12; only the 9 can drop, to 9 ^ 12 = 5.
/// assert_eq!(winning_reduction(3, 12), None);
/// assert_eq!(winning_reduction(9, 12), Some(5));
/// assert_eq!(winning_reduction(9, 0), None);
/// ```
#[inline]
pub fn winning_reduction(pile: u64, sum: u64) -> Option<u64> {
    let target = pile ^ sum;
    (target < pile).then_some(target)
}
