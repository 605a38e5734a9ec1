//! HDU 1848 by search over whole positions (the sorted triple of piles), not by Grundy values.

use super::Tokens;
use super::search::Search;

/// Largest pile the search takes on.
const MAX_PILE: u64 = 40;

/// The Fibonacci numbers 1, 2, 3, 5, ... up to `max`, listed afresh.
fn fibonacci_up_to(max: u64) -> Vec<u64> {
    let mut v = vec![1, 2];
    while v[v.len() - 1] + v[v.len() - 2] <= max {
        v.push(v[v.len() - 1] + v[v.len() - 2]);
    }
    v
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let fib = fibonacci_up_to(MAX_PILE);
    let mut search = Search::normal(|s: &[u64; 3]| {
        let mut next = Vec::new();
        for i in 0..3 {
            for &f in fib.iter().filter(|&&f| f <= s[i]) {
                let mut n = *s;
                n[i] -= f;
                n.sort_unstable();
                next.push(n);
            }
        }
        next
    });
    let mut out = Vec::new();
    while !t.done() {
        let mut piles = t.take(3);
        if piles == [0, 0, 0] {
            break;
        }
        if piles.iter().any(|&p| p > MAX_PILE) {
            return None;
        }
        piles.sort_unstable();
        let first_wins = search.wins(&[piles[0], piles[1], piles[2]]);
        out.extend_from_slice(if first_wins { b"Fibo\n" } else { b"Nacci\n" });
    }
    Some(out)
}
