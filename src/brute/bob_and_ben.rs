//! Bob and Ben by search over the set of remaining nodes of the whole forest, built node by node
//! from the statement's edge rule (no Grundy values, no node-count formula).

use super::Tokens;
use super::search::Search;

/// Most nodes in one game's forest that the search takes on.
const MAX_NODES: u64 = 20;

/// Neighbour masks of the forest made of the trees `(m, k)`, nodes numbered from 0 across trees.
fn build_forest(trees: &[(u64, u64)]) -> Vec<u32> {
    let mut adj: Vec<u32> = Vec::new();
    for &(m, k) in trees {
        let base = adj.len();
        adj.extend(std::iter::repeat_n(0u32, m as usize));
        // Edge j (1 <= j < m) joins node j + 1 to node max(1, floor(j / k)), 1-based.
        for j in 1..m {
            let child = base + j as usize; // node j + 1, 0-based
            let parent = base + (std::cmp::max(1, j / k) - 1) as usize;
            adj[child] |= 1 << parent;
            adj[parent] |= 1 << child;
        }
    }
    adj
}

/// The nodes of `alive` connected to `v` (its tree, as it stands).
fn component(adj: &[u32], alive: u32, v: usize) -> u32 {
    let mut seen = 1u32 << v;
    let mut frontier = seen;
    while frontier != 0 {
        let u = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = adj[u] & alive & !seen;
        seen |= new;
        frontier |= new;
    }
    seen
}

/// Does the first player (Bob) win on this forest?
pub fn bob_wins(trees: &[(u64, u64)]) -> bool {
    let adj = build_forest(trees);
    let all = if adj.is_empty() { 0 } else { u32::MAX >> (32 - adj.len()) };
    let mut search = Search::normal(|&alive: &u32| {
        let mut next = Vec::new();
        let mut rest = alive;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let edges = (adj[v] & alive).count_ones();
            if edges == 1 {
                next.push(alive & !(1 << v)); // a leaf: the rest of its tree stays
            } else {
                next.push(alive & !component(&adj, alive, v)); // the whole tree vanishes
            }
        }
        next
    });
    search.wins(&all)
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let games = t.next();
    let mut out = Vec::new();
    for _ in 0..games {
        let n = t.next();
        let trees: Vec<(u64, u64)> = (0..n).map(|_| (t.next(), t.next())).collect();
        let nodes = trees.iter().try_fold(0u64, |acc, &(m, _)| acc.checked_add(m));
        if nodes.is_none_or(|s| s > MAX_NODES) {
            return None;
        }
        out.extend_from_slice(if bob_wins(&trees) { b"BOB\n" } else { b"BEN\n" });
    }
    Some(out)
}
