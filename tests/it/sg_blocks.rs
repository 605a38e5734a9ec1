//! Block verification of the rare/common engine (`src/sg/sparse/block.rs`) against a plain
//! mex over every move, written here from the definition of an octal code (not the production
//! rule parser or move enumerator): thousands of heaps of many random octal codes, with blocks
//! off (the default, whose scan reads the first pairs of every split first), the block prefix
//! fixed at several lengths (0: no table) and chosen by the engine.

use games::sg::code::{Code, Digit, Equality};
use games::sg::sparse::{BlockMode, Engine};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The code `lead.d1 d2 ...` (digit `i` removes `i` tokens; bit 1: the whole heap, bit 2: leaving
/// one heap, bit 4: leaving two), every split unequal when `unequal`.
fn code(lead: u64, digits: &[u64], unequal: bool) -> Code {
    let equality = if unequal { Equality::Unequal } else { Equality::Any };
    let digits = std::iter::once(lead)
        .chain(digits.iter().copied())
        .map(|heaps| Digit { heaps, at_least: None, equality })
        .collect();
    Code { digits, tail: Vec::new() }
}

/// G(0..n) by the definition: the mex of the values of every move of every heap.
fn oracle(lead: u64, digits: &[u64], unequal: bool, n: usize) -> Vec<u16> {
    let mut g: Vec<u16> = Vec::with_capacity(n);
    let mut seen = vec![u32::MAX; 1 << 17];
    for h in 0..n {
        let mark = h as u32;
        let all = std::iter::once(lead).chain(digits.iter().copied());
        for (k, d) in all.enumerate() {
            if k > h {
                break;
            }
            let rest = h - k;
            if d & 1 != 0 && rest == 0 {
                seen[0] = mark;
            }
            if d & 2 != 0 && rest >= 1 && k >= 1 {
                seen[g[rest] as usize] = mark;
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    let b = rest - a;
                    if a > b {
                        break;
                    }
                    if unequal && a == b {
                        continue;
                    }
                    seen[(g[a] ^ g[b]) as usize] = mark;
                }
            }
        }
        let mex = (0..).find(|&v| seen[v] != mark).unwrap_or(0);
        g.push(mex as u16);
    }
    g
}

/// The engine's values in block mode `mode`, and its block counters (tables built, heaps
/// settled by a table).
fn engine(c: &Code, n: usize, mode: BlockMode) -> (Vec<u16>, (u64, u64, usize)) {
    let mut e = Engine::new(c).expect("an octal code the engine takes");
    e.set_blocks(mode);
    e.extend_to(n).expect("values below 65536");
    let stats = e.block_stats();
    (e.values().to_vec(), stats)
}

fn check(lead: u64, digits: &[u64], unequal: bool, n: usize, lens: &[usize]) -> u64 {
    let want = oracle(lead, digits, unequal, n);
    let c = code(lead, digits, unequal);
    let mut settled = 0;
    let modes = lens.iter().map(|&l| BlockMode::Fixed(l));
    for len in [BlockMode::Off, BlockMode::Adaptive].into_iter().chain(modes) {
        let (got, (_, by_table, _)) = engine(&c, n, len);
        settled += by_table;
        if let Some(i) = (0..n).find(|&i| got[i] != want[i]) {
            panic!(
                "code {lead}.{digits:?} (unequal {unequal}), blocks {len:?}: G({i}) = {} by the engine, {} by the definition",
                got[i], want[i]
            );
        }
    }
    settled
}

#[test]
fn random_octal_codes_match_the_definition() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut settled = 0;
    let mut codes = 0;
    for _ in 0..300 {
        let len = 1 + rng.below(5) as usize;
        let mut digits: Vec<u64> = (0..len).map(|_| rng.below(8)).collect();
        if digits.iter().all(|&d| d & 4 == 0) {
            // A split somewhere, or the game is a subtraction game the blocks never see.
            let i = rng.below(len as u64) as usize;
            digits[i] |= 4;
        }
        let lead = if rng.below(6) == 0 { 4 } else { 0 };
        let unequal = rng.below(5) == 0;
        let n = 1500 + rng.below(1500) as usize;
        let block = 64 * rng.below(12) as usize + rng.below(64) as usize;
        settled += check(lead, &digits, unequal, n, &[0, block, 5000]);
        codes += 1;
    }
    assert_eq!(codes, 300);
    // The tables did the work somewhere (the test would not see the block path otherwise).
    assert!(settled > 1000, "only {settled} heaps were settled by a block table");
}

#[test]
fn sparse_codes_match_the_definition() {
    // Codes known for long rare/common runs (inputs only; the answers come from the oracle).
    let cases: [(&[u64], bool); 8] = [
        (&[6], false),
        (&[4, 5, 4], false),
        (&[1, 0, 6], false),
        (&[1, 5, 6], false),
        (&[1, 6], false),
        (&[3, 5, 6], false),
        (&[4, 6], false),
        (&[7, 7], false),
    ];
    let mut settled = 0;
    for (digits, unequal) in cases {
        settled += check(0, digits, unequal, 3000, &[0, 64, 700]);
    }
    assert!(settled > 100, "only {settled} heaps were settled by a block table");
}
