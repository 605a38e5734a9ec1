//! Nim by search over whole positions (the multiset of piles), not by the nim-sum.

use super::search::Search;
use super::{within_budget, Tokens};

/// Is the sorted pile vector a first-player win?
pub fn wins(piles: &[u64]) -> bool {
    let mut start = piles.to_vec();
    start.sort_unstable();
    let mut search = Search::normal(|s: &Vec<u64>| {
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
    });
    search.wins(&start)
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
