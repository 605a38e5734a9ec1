//! HDU 2516 by search over (stones left, largest take allowed), not by Fibonacci numbers.

use super::Tokens;
use super::search::Search;

/// Largest pile the search takes on.
const MAX_STONES: u64 = 200;

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut t = Tokens::new(input);
    // A position: (stones left, most the mover may take, capped at what is left). Taking the
    // last stone wins, so a position with no stones is lost for the player to move (normal play).
    let mut search = Search::normal(|&(left, limit): &(u64, u64)| {
        (1..=limit).map(|take| (left - take, (2 * take).min(left - take))).collect()
    });
    let mut out = Vec::new();
    while !t.done() {
        let n = t.next();
        if n == 0 {
            break;
        }
        if n > MAX_STONES {
            return None;
        }
        // The opening: any number but not all.
        let first_wins = search.wins(&(n, n - 1));
        out.extend_from_slice(if first_wins { b"First win\n" } else { b"Second win\n" });
    }
    Some(out)
}
