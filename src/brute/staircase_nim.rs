//! Staircase Nim by search over whole stair vectors (no nim-sum anywhere).

use super::search::Search;
use super::{Tokens, within_budget};

/// Is the stair vector (stair 1 first) a first-player win? Every move: some stones from stair
/// i down to stair i-1, or off the board from stair 1.
pub fn wins(stairs: &[u64]) -> bool {
    let mut search = Search::normal(|s: &Vec<u64>| {
        let mut next = Vec::new();
        for i in 0..s.len() {
            for t in 1..=s[i] {
                let mut u = s.clone();
                u[i] -= t;
                if i > 0 {
                    u[i - 1] += t;
                }
                next.push(u);
            }
        }
        next
    });
    search.wins(&stairs.to_vec())
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let n = t.next() as usize;
    let stairs = t.take(n);
    // Stones on stair j or above can all end up on stair j: the positions reachable number at
    // most the product over j of (1 + the suffix sum from j).
    let mut suffix = Vec::with_capacity(n);
    let mut acc: u64 = 0;
    for &a in stairs.iter().rev() {
        acc = acc.checked_add(a)?;
        suffix.push(acc);
    }
    if !within_budget(&suffix, 50_000) {
        return None;
    }
    let verdict = if wins(&stairs) { "Yes\n" } else { "No\n" };
    Some(verdict.as_bytes().to_vec())
}
