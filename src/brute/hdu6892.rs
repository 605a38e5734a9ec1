//! Lunch by search over whole positions (the multiset of pieces longer than 1), cutting pieces
//! for real; no Grundy values, no factor counting.

use super::Tokens;
use super::search::Search;

/// The position after every possible cut: each distinct piece l, each divisor k >= 2 of l.
fn cuts(s: &[u64]) -> Vec<Vec<u64>> {
    let mut next = Vec::new();
    for i in 0..s.len() {
        if i > 0 && s[i] == s[i - 1] {
            continue;
        }
        let l = s[i];
        for k in 2..=l {
            if l.is_multiple_of(k) {
                let mut t = s.to_vec();
                t.remove(i);
                if l / k > 1 {
                    t.extend(std::iter::repeat_n(l / k, k as usize));
                }
                t.sort_unstable();
                next.push(t);
            }
        }
    }
    next
}

/// Does the first player win with these pieces?
pub fn wins(lengths: &[u64]) -> bool {
    let mut start: Vec<u64> = lengths.iter().copied().filter(|&l| l > 1).collect();
    start.sort_unstable();
    Search::normal(|s: &Vec<u64>| cuts(s)).wins(&start)
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let cases = t.next();
    let mut out = Vec::new();
    for _ in 0..cases {
        let n = t.next() as usize;
        let lengths = t.take(n);
        if n > 4 || lengths.iter().any(|&l| l > 48) || lengths.iter().sum::<u64>() > 96 {
            return None;
        }
        out.extend_from_slice(if wins(&lengths) { b"W\n" } else { b"L\n" });
    }
    Some(out)
}
