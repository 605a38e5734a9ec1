//! Reference solvers: an independent, deliberately naive parse and an exhaustive search over the
//! actual game positions, for small inputs only. They share no code with the fast solvers (the
//! fast path goes through `Scanner` and `theory`), so a differential test between the two checks
//! the theorems, not one formula against itself. `games stress --brute` and the tests use them.
//!
//! They assume a valid input and panic on anything else.

pub mod search;

pub mod bob_and_ben;
pub mod explore;
pub mod game_draw;
pub mod game_teams;
pub mod graph;
pub mod hackenbush;
pub mod hackenbush_graph;
pub mod hdu1524;
pub mod hdu1846;
pub mod hdu1848;
pub mod hdu1907;
pub mod hdu2509;
pub mod hdu2516;
pub mod hdu3595;
pub mod hdu6892;
pub mod luogu1247;
pub mod multi_sg;
pub mod nim;
pub mod nim_product;
pub mod poj1067;
pub mod rule;
pub mod set_nim;
pub mod split_nim;
pub mod staircase_nim;
pub mod take_same;
pub mod turning;
pub mod turning_corners;

/// True when the product of (pile + 1) over the piles, a bound on the number of positions of
/// a game on those piles, is at most `budget`.
pub fn within_budget(piles: &[u64], budget: u64) -> bool {
    let mut product: u64 = 1;
    for &p in piles {
        match p.checked_add(1).and_then(|q| product.checked_mul(q)) {
            Some(v) if v <= budget => product = v,
            _ => return false,
        }
    }
    true
}

/// All whitespace-separated tokens of `input` as unsigned integers.
pub fn numbers(input: &[u8]) -> Vec<u64> {
    let text = std::str::from_utf8(input).expect("brute: input is not UTF-8");
    let text = text.trim_start_matches('\u{feff}');
    text.split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("brute: token is not a u64"))
        .collect()
}

/// A cursor over [`numbers`], for reading counted data.
pub struct Tokens {
    values: Vec<u64>,
    pos: usize,
}

impl Tokens {
    pub fn new(input: &[u8]) -> Self {
        Tokens { values: numbers(input), pos: 0 }
    }

    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        let v = self.values[self.pos];
        self.pos += 1;
        v
    }

    pub fn take(&mut self, n: usize) -> Vec<u64> {
        (0..n).map(|_| self.next()).collect()
    }

    pub fn done(&self) -> bool {
        self.pos >= self.values.len()
    }
}
