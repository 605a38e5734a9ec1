//! The Bash game by search over the remaining stones: a table of wins for 0..=n remaining,
//! filled from 0 up (a position wins if some take of 1..=m leaves a losing one).

use super::Tokens;

/// Is a pile of `n` stones a first-player win when a move takes 1..=m?
pub fn wins(n: u64, m: u64) -> bool {
    let mut win = vec![false; n as usize + 1];
    for r in 1..=n as usize {
        let most = (m as usize).min(r);
        win[r] = (1..=most).any(|t| !win[r - t]);
    }
    win[n as usize]
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    let cases = t.next();
    let mut out = Vec::new();
    for _ in 0..cases {
        let n = t.next();
        let m = t.next();
        // Work: about n * min(m, n).
        if n > 5000 || n.saturating_mul(m.min(n)) > 2_000_000 {
            return None;
        }
        out.extend_from_slice(if wins(n, m) { b"first\n" } else { b"second\n" });
    }
    Some(out)
}
