//! Misère Nim by search over whole positions (the multiset of piles), never the SJ rule.

use super::search::Search;
use super::{Tokens, within_budget};

/// Does the first player win misère Nim on these piles?
pub fn wins(piles: &[u64]) -> bool {
    Search::misere(super::nim::moves).wins(&super::nim::sorted(piles))
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let tests = t.next();
    let mut out = Vec::new();
    for _ in 0..tests {
        let n = t.next() as usize;
        let piles = t.take(n);
        if !within_budget(&piles, 200_000) {
            return None;
        }
        out.extend_from_slice(if wins(&piles) { b"John\n" } else { b"Brother\n" });
    }
    Some(out)
}
