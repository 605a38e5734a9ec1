//! `hackenbush` by search over the real positions: the vector of current edge weights (an edge
//! cut off from the root is set to 0 with everything below it). A first move wins iff it leaves
//! a position from which the player to move loses. No Grundy values anywhere.

use super::search::Search;
use super::{Tokens, within_budget};

/// Lowers edge `c` (the edge into node `c`) by one; when it reaches 0, clears its subtree.
fn play(weights: &[u64], children: &[Vec<usize>], c: usize) -> Vec<u64> {
    let mut next = weights.to_vec();
    next[c] -= 1;
    if next[c] == 0 {
        let mut stack = vec![c];
        while let Some(v) = stack.pop() {
            next[v] = 0;
            stack.extend_from_slice(&children[v]);
        }
    }
    next
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let tests = t.next();
    let mut out = String::new();
    for _ in 0..tests {
        let n = t.next() as usize;
        // weights[v] for node v (1-based); 0 and 1 stay 0 (no edge into them).
        let mut weights = vec![0u64; n + 1];
        let mut children = vec![Vec::new(); n + 1];
        for (v, w) in weights.iter_mut().enumerate().skip(2) {
            let p = t.next() as usize;
            *w = t.next();
            children[p].push(v);
        }
        if !within_budget(&weights, 200_000) {
            return None;
        }
        let mut search = Search::normal(|s: &Vec<u64>| {
            (2..s.len()).filter(|&c| s[c] > 0).map(|c| play(s, &children, c)).collect::<Vec<_>>()
        });
        let winners: Vec<usize> =
            (2..=n).filter(|&c| !search.wins(&play(&weights, &children, c))).collect();
        out.push_str(&format!("{}\n", winners.len()));
        let list: Vec<String> = winners.iter().map(|c| c.to_string()).collect();
        out.push_str(&list.join(" "));
        out.push('\n');
    }
    Some(out.into_bytes())
}
