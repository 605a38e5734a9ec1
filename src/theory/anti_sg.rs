//! Misère sums: the Anti-SG game and the SJ theorem.
//!
//! An *Anti-SG game* is a sum of impartial games played under the misère rule: the player who
//! cannot move WINS (whoever makes the last move loses). Grundy values still describe each
//! component, but the XOR alone no longer decides the sum.
//!
//! **SJ theorem** (Jia Zhihao, "组合游戏略述——浅谈SG游戏的若干拓展及变形", Chinese IOI
//! national team paper, 2009). Suppose every component of Grundy value 0 has no move (in Nim:
//! a pile of value 0 is empty). Let g_1..g_n be the components' Grundy values and X their XOR.
//! The player to move wins exactly when
//! - every g_i <= 1 and X = 0, or
//! - some g_i >= 2 and X != 0.
//!
//! *Proof.* Call W the positions above and L the others: (all g_i <= 1, X = 1) and
//! (some g_i >= 2, X = 0). A position with no move at all has every g_i = 0, so it is in W,
//! and there the mover wins by the misère rule. It is enough to show that every move from L
//! goes to W and that every position of W with a move has a move to L. A move changes one
//! component, and changes its Grundy value (a value is never among its own options).
//! - L, all g_i <= 1, X = 1: components of value 0 are dead, so the move is from a 1, to 0
//!   (then all <= 1 and X = 0: W) or to some g >= 2 (then X becomes g != 0: W).
//! - L, some g_i >= 2, X = 0: one component of value >= 2 with all others <= 1 would give X >= 2,
//!   so at least two have value >= 2 and one of them survives the move; X becomes non-zero: W.
//! - W, all g_i <= 1, X = 0, some move exists: then some g_i = 1; move it to 0 (by the mex
//!   rule value 0 is an option of value 1). Now all <= 1 and X = 1: L.
//! - W, exactly one g_i >= 2, X != 0: move that component to 1 or to 0 (both are options, by
//!   the mex rule), choosing so that the number of components of value 1 becomes odd: L.
//! - W, at least two g_i >= 2, X != 0: the Nim move (a component with the top bit of X goes to
//!   g_i XOR X < g_i) makes X = 0 and leaves a component >= 2: L.
//!
//! The games are finite, so by induction on the longest play W is exactly the set of wins.
//! Used by HDU 1907 / POJ 3480 (misère Nim) and HDU 2509 (see [`run_removal_grundy`]).

/// Folds the Grundy values of a misère sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AntiSg {
    /// XOR of the values so far.
    pub nim_sum: u64,
    /// Has some value been at least 2?
    pub some_above_one: bool,
}

impl AntiSg {
    /// An empty sum.
    pub fn new() -> Self {
        AntiSg::default()
    }

    /// Adds a component of Grundy value `g`.
    #[inline]
    pub fn add(&mut self, g: u64) {
        self.nim_sum ^= g;
        self.some_above_one |= g > 1;
    }

    /// Does the player to move win the misère sum (SJ theorem)?
    ///
    /// ```
    /// use games::theory::anti_sg::AntiSg;
    /// let sum = |v: &[u64]| { let mut s = AntiSg::new(); v.iter().for_each(|&g| s.add(g)); s };
    /// assert!(sum(&[]).first_player_wins());        // no move: the mover wins
    /// assert!(!sum(&[1]).first_player_wins());      // must take the last stone
    /// assert!(sum(&[1, 1]).first_player_wins());
    /// assert!(sum(&[3, 5, 1]).first_player_wins());
    /// assert!(!sum(&[2, 2]).first_player_wins());
    /// ```
    #[inline]
    pub fn first_player_wins(&self) -> bool {
        if self.some_above_one { self.nim_sum != 0 } else { self.nim_sum == 0 }
    }
}

/// The Grundy value of a row of `n` objects where a move removes any non-empty run of
/// consecutive objects (possibly splitting the row in two): it is `n`, as in Nim.
///
/// *Proof* (induction on n). Removing a run leaves two rows of a and b objects for every pair
/// with a + b < n (a objects before the run, b after), so the options are {a XOR b : a + b < n}.
/// a XOR b <= a + b < n, so n is not an option; every v < n is, as (v, 0). So the mex is n.
/// Only the empty row has value 0, and it has no move, as the SJ theorem asks.
///
/// ```
/// assert_eq!(games::theory::anti_sg::run_removal_grundy(7), 7);
/// ```
#[inline]
pub fn run_removal_grundy(n: u64) -> u64 {
    n
}
