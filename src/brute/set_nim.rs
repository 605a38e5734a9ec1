//! Subtraction-set Nim by search over whole positions (the multiset of piles), no Grundy values.

use super::search::Search;
use super::{Tokens, within_budget};

/// Is the position a first-player win, when a move removes exactly s in `moves` from one pile?
pub fn wins(moves: &[u64], piles: &[u64]) -> bool {
    let mut start = piles.to_vec();
    start.sort_unstable();
    let mut search = Search::normal(|p: &Vec<u64>| {
        let mut next = Vec::new();
        for i in 0..p.len() {
            for &s in moves {
                if s <= p[i] {
                    let mut q = p.clone();
                    q[i] -= s;
                    q.sort_unstable();
                    next.push(q);
                }
            }
        }
        next
    });
    search.wins(&start)
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let k = t.next() as usize;
    let moves = t.take(k);
    let n = t.next() as usize;
    let piles = t.take(n);
    if !within_budget(&piles, 20_000) {
        return None;
    }
    let verdict = if wins(&moves, &piles) { "Yes\n" } else { "No\n" };
    Some(verdict.as_bytes().to_vec())
}
