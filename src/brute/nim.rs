//! Nim by search over whole positions (the multiset of piles), not by the nim-sum.

use super::search::Search;
use super::{Tokens, within_budget};

/// Every Nim move from a sorted pile vector: one pile made smaller, the result sorted again.
#[allow(clippy::ptr_arg)] // the search's state type is Vec<u64>; its move function takes &S
pub fn moves(s: &Vec<u64>) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for i in 0..s.len() {
        for smaller in 0..s[i] {
            let mut t = s.clone();
            t[i] = smaller;
            t.sort_unstable();
            next.push(t);
        }
    }
    next
}

/// The piles as a sorted vector, the start of a search.
pub fn sorted(piles: &[u64]) -> Vec<u64> {
    let mut start = piles.to_vec();
    start.sort_unstable();
    start
}

/// Is this Nim position a first-player win?
pub fn wins(piles: &[u64]) -> bool {
    Search::normal(moves).wins(&sorted(piles))
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let n = t.next() as usize;
    let piles = t.take(n);
    if !within_budget(&piles, 200_000) {
        return None;
    }
    let verdict = if wins(&piles) { "Yes\n" } else { "No\n" };
    Some(verdict.as_bytes().to_vec())
}
