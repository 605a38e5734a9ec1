//! Split Nim by search over whole positions: the multiset of non-empty piles, where a move
//! replaces one pile x by two piles a, b < x. No Grundy values anywhere.

use super::Tokens;
use super::search::Search;

/// Is the position a first-player win?
pub fn wins(piles: &[u64]) -> bool {
    let mut start: Vec<u64> = piles.iter().copied().filter(|&x| x > 0).collect();
    start.sort_unstable();
    let mut search = Search::normal(|p: &Vec<u64>| {
        let mut next = Vec::new();
        for i in 0..p.len() {
            if i > 0 && p[i] == p[i - 1] {
                continue; // the same move as on the equal pile before
            }
            let x = p[i];
            for a in 0..x {
                for b in a..x {
                    let mut q: Vec<u64> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
                    q.extend([a, b].into_iter().filter(|&y| y > 0));
                    q.sort_unstable();
                    next.push(q);
                }
            }
        }
        next
    });
    search.wins(&start)
}

/// A bound on the number of reachable positions: a pile can be split into two smaller ones
/// only, so at most sum over piles x >= v of 2^(x-v) piles of size >= v ever exist; the
/// positions number at most the product over v of (1 + that).
fn positions_bound(piles: &[u64]) -> Option<u64> {
    let top = piles.iter().copied().max().unwrap_or(0);
    if top > 40 {
        return None;
    }
    let mut product: u64 = 1;
    for v in 1..=top {
        let mut count: u64 = 0;
        for &x in piles.iter().filter(|&&x| x >= v) {
            count = count.checked_add(1u64 << (x - v))?;
        }
        product = product.checked_mul(count + 1)?;
    }
    Some(product)
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let n = t.next() as usize;
    let piles = t.take(n);
    if positions_bound(&piles)? > 200_000 {
        return None;
    }
    let verdict = if wins(&piles) { "Yes\n" } else { "No\n" };
    Some(verdict.as_bytes().to_vec())
}
