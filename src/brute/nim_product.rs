//! Nim products straight from the mex definition
//! a (*) b = mex { a'(*)b ^ a(*)b' ^ a'(*)b' : a' < a, b' < b },
//! tabulated for a, b < 64 (no field theory, no tower formula).

use super::Tokens;
use std::sync::OnceLock;

/// The operands the table covers.
const N: usize = 64;

/// The nim product table of all a, b < n, straight from the mex definition (O(n^4); the tests
/// compare every fast path with it).
///
/// ```
/// let t = games::brute::nim_product::mex_definition_table(4);
/// assert_eq!(t[2][3], 1);
/// assert_eq!(t[3][3], 2);
/// ```
pub fn mex_definition_table(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            // a * b options: their mex is at most a * b.
            let mut seen = vec![false; a * b + 1];
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = (t[a2][b] ^ t[a][b2] ^ t[a2][b2]) as usize;
                    if v < seen.len() {
                        seen[v] = true;
                    }
                }
            }
            t[a][b] = seen.iter().position(|&s| !s).expect("a * b + 1 slots, a * b options") as u64;
        }
    }
    t
}

fn table() -> &'static Vec<Vec<u64>> {
    static TABLE: OnceLock<Vec<Vec<u64>>> = OnceLock::new();
    TABLE.get_or_init(|| mex_definition_table(N))
}

pub fn answer(input: &[u8]) -> Option<Vec<u8>> {
    let mut tok = Tokens::new(input);
    let t = tok.next();
    let mut out = String::new();
    for _ in 0..t {
        let (a, b) = (tok.next(), tok.next());
        if a >= N as u64 || b >= N as u64 {
            return None;
        }
        out.push_str(&format!("{}\n", table()[a as usize][b as usize]));
    }
    Some(out.into_bytes())
}
