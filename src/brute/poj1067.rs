//! Wythoff's game by search over the pairs of piles, not by the golden ratio.

use super::Tokens;
use super::search::Search;

/// Largest pile the search takes on.
const MAX_PILE: u64 = 60;

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let mut search = Search::normal(|&(a, b): &(u64, u64)| {
        let mut next = Vec::new();
        for take in 1..=a {
            next.push((a - take, b));
        }
        for take in 1..=b {
            next.push((a, b - take));
        }
        for take in 1..=a.min(b) {
            next.push((a - take, b - take));
        }
        next
    });
    let mut out = Vec::new();
    while !t.done() {
        let (a, b) = (t.next(), t.next());
        if a > MAX_PILE || b > MAX_PILE {
            return None;
        }
        out.extend_from_slice(if search.wins(&(a, b)) { b"1\n" } else { b"0\n" });
    }
    Some(out)
}
