//! Staircase Nim.
//!
//! Stairs 1..n hold a_1..a_n stones; a move takes a positive number of stones from one stair i
//! and puts them on stair i - 1 (from stair 1 they leave the game). The player with no move
//! (every stair empty) loses.
//!
//! **Theorem** (the classical reduction of staircase Nim to Nim; see e.g. E. R. Berlekamp,
//! J. H. Conway, R. K. Guy, *Winning Ways*, vol. 3, "Staircase Nim"; also the AcWing 892 notes):
//! the position is a P-position exactly when the nim-sum of the odd-numbered stairs,
//! a_1 XOR a_3 XOR a_5 XOR ..., is 0.
//!
//! *Proof.* Call a position *balanced* when that odd-stair nim-sum is 0; we show the player
//! facing a balanced position loses.
//! - The end position (all stairs empty) is balanced.
//! - From a balanced position, a move from an odd stair 2j+1 lowers that stair (the stones go
//!   to an even stair or to the ground, which do not count) and a move from an even stair 2j
//!   raises stair 2j-1: in both cases exactly one odd stair changes, so the nim-sum becomes
//!   non-zero. (A move from an even stair never reaches the ground: stair 2j >= 2.)
//! - From an unbalanced position the player to move restores the balance: by Bouton's argument
//!   ([`crate::theory::nim`]) some odd stair can be *lowered* to make the nim-sum 0, and moving
//!   the surplus down one stair (onto an even stair or the ground) does exactly that.
//!
//! So the player facing a balanced position can never hand back a balanced one, and the other
//! player can always hand it one. The game is finite (each move lowers the total height
//! sum of i * a_i by at least 1), so the player facing balance eventually has no move and loses.
//! The even stairs do not matter: whatever the opponent moves from an even stair to an odd one,
//! the winner can move the same stones on down to the next even stair (or the ground) and
//! restore the odd stairs exactly, which is why the stones there are "mirrored away".

/// Does stair `stair` (1-based) count in the nim-sum? Exactly the odd-numbered stairs do.
///
/// ```
/// use games::theory::staircase::counts;
/// assert!(counts(1) && counts(3) && !counts(2) && !counts(0));
/// ```
#[inline]
pub fn counts(stair: u64) -> bool {
    stair % 2 == 1
}

/// The nim-sum of the odd stairs; `stairs[0]` is stair 1.
///
/// ```
/// use games::theory::staircase::odd_stair_sum;
/// assert_eq!(odd_stair_sum(&[2, 1, 3]), 2 ^ 3);
/// assert_eq!(odd_stair_sum(&[]), 0);
/// ```
pub fn odd_stair_sum(stairs: &[u64]) -> u64 {
    stairs.iter().step_by(2).fold(0, |acc, &a| acc ^ a)
}

/// Is a position with this odd-stair nim-sum a P-position (the player to move loses)?
///
/// ```
/// use games::theory::staircase::{odd_stair_sum, p_position};
/// // AcWing 892's sample: 2 1 3 -> 2 XOR 3 = 1, the first player wins.
/// assert!(!p_position(odd_stair_sum(&[2, 1, 3])));
/// // Stones on even stairs alone never help: 0 7 0 5 is lost for the player to move.
/// assert!(p_position(odd_stair_sum(&[0, 7, 0, 5])));
/// ```
#[inline]
pub fn p_position(odd_stair_sum: u64) -> bool {
    odd_stair_sum == 0
}
