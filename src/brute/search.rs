//! Plain game-tree search with memoisation, for the reference solvers.
//!
//! A position is a P-position (the player to move loses, with best play) if and only if every
//! move leads to an N-position; a position with no moves is a P-position under normal play and
//! an N-position under misère play. Nothing here knows about Sprague-Grundy values.

use std::collections::HashMap;
use std::hash::Hash;

/// Win/loss search over a finite acyclic game.
pub struct Search<S, F> {
    moves: F,
    memo: HashMap<S, bool>,
    /// Does the player to move win when there is no move? (false: normal play, true: misère)
    stuck_wins: bool,
}

impl<S: Clone + Eq + Hash, F: FnMut(&S) -> Vec<S>> Search<S, F> {
    /// Normal play: the player who cannot move loses.
    pub fn normal(moves: F) -> Self {
        Search { moves, memo: HashMap::new(), stuck_wins: false }
    }

    /// Misère play: the player who cannot move wins (whoever made the last move lost).
    pub fn misere(moves: F) -> Self {
        Search { moves, memo: HashMap::new(), stuck_wins: true }
    }

    /// True if the player to move from `s` wins with best play.
    pub fn wins(&mut self, s: &S) -> bool {
        if let Some(&w) = self.memo.get(s) {
            return w;
        }
        let next = (self.moves)(s);
        let w = if next.is_empty() { self.stuck_wins } else { next.iter().any(|t| !self.wins(t)) };
        self.memo.insert(s.clone(), w);
        w
    }
}

/// The least non-negative integer not in `values` (the definition, for the reference solvers).
pub fn mex_of(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).expect("a finite list misses some value")
}

/// Sprague-Grundy values of positions `0..=max` of a one-pile game, by definition.
pub fn grundy_table(max: usize, moves: impl Fn(usize) -> Vec<usize>) -> Vec<u64> {
    let mut g = vec![0u64; max + 1];
    for x in 0..=max {
        let seen: Vec<u64> = moves(x).into_iter().map(|y| g[y]).collect();
        g[x] = mex_of(&seen);
    }
    g
}
