//! Nim with the winning move, by search over whole positions: try every move in the order
//! (pile index, then count taken) and print the first that leaves a lost position.

use super::search::Search;
use super::{Tokens, within_budget};

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let k = t.next() as usize;
    let piles = t.take(k);
    if !within_budget(&piles, 100_000) {
        return None;
    }
    let mut search = Search::normal(super::nim::moves);
    for b in 0..k {
        for a in 1..=piles[b] {
            let mut after = piles.clone();
            after[b] -= a;
            if !search.wins(&super::nim::sorted(&after)) {
                let line: Vec<String> = after.iter().map(|p| p.to_string()).collect();
                return Some(format!("{} {}\n{}\n", a, b + 1, line.join(" ")).into_bytes());
            }
        }
    }
    Some(b"lose\n".to_vec())
}
