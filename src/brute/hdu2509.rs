//! Be the Winner by misère search over whole positions: the multiset of non-empty groups, where
//! a move removes a run of consecutive apples from one group and may split it in two.

use super::Tokens;
use super::search::Search;

/// Every position reachable in one move.
fn moves(s: &[u64]) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for i in 0..s.len() {
        if i > 0 && s[i] == s[i - 1] {
            continue;
        }
        let g = s[i];
        // Keep `left` apples before the removed run and `right` after it: left + right < g.
        for left in 0..g {
            for right in 0..g - left {
                let mut t = s.to_vec();
                t.remove(i);
                t.extend([left, right].into_iter().filter(|&x| x > 0));
                t.sort_unstable();
                next.push(t);
            }
        }
    }
    next
}

/// Does the first player win (taking the last apple loses)?
pub fn wins(groups: &[u64]) -> bool {
    let mut start: Vec<u64> = groups.iter().copied().filter(|&g| g > 0).collect();
    start.sort_unstable();
    Search::misere(|s: &Vec<u64>| moves(s)).wins(&start)
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let mut out = Vec::new();
    while !t.done() {
        let n = t.next() as usize;
        let groups = t.take(n);
        if groups.iter().try_fold(0u64, |s, &g| s.checked_add(g)).is_none_or(|s| s > 18) {
            return None;
        }
        out.extend_from_slice(if wins(&groups) { b"Yes\n" } else { b"No\n" });
    }
    Some(out)
}
