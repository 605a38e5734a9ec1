//! Reference solver for coin-turning games: the rule read with this module's own reader (not
//! `theory::turning::parse`) and the move rule re-stated from its words (not
//! `theory::turning::allows`), every subset of coins tried, and Grundy values of real coin rows
//! (bitmasks) by plain retrograde; the heap form G(n) by trying every subset of coins below n.
//! For small rows only (2^len states, 2^len subsets each).
//!
//! A code (CGSuite's `Turning` notation, as `games explore --help` words it) is elements joined
//! by `,`: a count `a`, `a-b` or `a+` (the coins turned, the rightmost included), then any of
//! `C` consecutive, `E` equally spaced, `S` symmetric about the centre, `C(m)` within a span of
//! m coins ending at the rightmost, `F` the leftmost is coin 1. The classic names of Winning
//! Ways ch. 14 are listed here again.

/// How the coins of a move lie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spacing {
    Any,
    Consecutive,
    Equal,
    Symmetric,
}

/// One element of a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub lo: u64,
    /// `u64::MAX`: no most.
    pub hi: u64,
    /// `u64::MAX`: no span.
    pub span: u64,
    pub spacing: Spacing,
    pub first: bool,
}

/// A rule: a move may follow any of its elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub elements: Vec<Element>,
}

/// Winning Ways' games by name (ch. 14), with their codes.
const NAMES: &[(&str, &str)] = &[
    ("turning-turtles", "1-2"),
    ("twins", "2"),
    ("mock-turtles", "1-3"),
    ("ruler", "1+C"),
    ("moebius", "1-5"),
    ("mogul", "1-7"),
    ("moidores", "1-9"),
    ("gold-moidores", "1-9"),
    ("motley", "1+"),
    ("triplets", "3"),
    ("mock-turtle-fives", "1-3C(5)"),
    ("triplet-fives", "3C(5)"),
    ("ruler-fives", "1-5C"),
    ("turnips", "3E"),
    ("grunt", "4SF"),
    ("sym", "1+S"),
    ("sympler", "1+FS"),
];

/// Reads a code or a name (any case); `None` when it is not one this reader knows.
pub fn read(code: &str) -> Option<Rule> {
    let lower = code.to_ascii_lowercase();
    let text = NAMES
        .iter()
        .find(|(n, _)| *n == lower)
        .map_or(lower.clone(), |(_, c)| c.to_ascii_lowercase());
    let mut elements = Vec::new();
    for part in text.split(',') {
        elements.push(read_element(part.trim())?);
    }
    Some(Rule { elements })
}

fn read_element(text: &str) -> Option<Element> {
    let count_len = text.bytes().take_while(|b| b.is_ascii_digit() || *b == b'-' || *b == b'+');
    let (count, mut mods) = text.split_at(count_len.count());
    let int = |t: &str| t.parse::<u64>().ok().filter(|&v| v >= 1);
    let (lo, hi) = match (count.strip_suffix('+'), count.split_once('-')) {
        (Some(a), _) => (int(a)?, u64::MAX),
        (None, Some((a, b))) => (int(a)?, int(b)?),
        (None, None) => (int(count)?, int(count)?),
    };
    let mut e = Element { lo, hi, span: u64::MAX, spacing: Spacing::Any, first: false };
    while let Some(c) = mods.chars().next() {
        mods = &mods[1..];
        match c {
            'c' if mods.starts_with('(') => {
                let (m, rest) = mods[1..].split_once(')')?;
                e.span = int(m)?;
                mods = rest;
            }
            'c' => e.spacing = Spacing::Consecutive,
            'e' => e.spacing = Spacing::Equal,
            's' => e.spacing = Spacing::Symmetric,
            'f' => e.first = true,
            _ => return None,
        }
    }
    (lo <= hi).then_some(e)
}

/// May a move turn the coins of `mask` (bit c - 1 = coin c, nonempty) under `rule`?
pub fn allowed(rule: &Rule, mask: u64) -> bool {
    rule.elements.iter().any(|e| legal(e, mask))
}

/// Does turning the coins of `mask` (bit c - 1 = coin c, nonempty) follow element `e`?
pub fn legal(e: &Element, mask: u64) -> bool {
    let coins: Vec<u64> = (0..64).filter(|b| mask >> b & 1 == 1).map(|b| b + 1).collect();
    let count = coins.len() as u64;
    let (left, right) = (coins[0], *coins.last().unwrap());
    if count < e.lo || count > e.hi {
        return false;
    }
    if e.span != u64::MAX && right - left >= e.span {
        return false;
    }
    if e.first && left != 1 {
        return false;
    }
    match e.spacing {
        Spacing::Any => true,
        Spacing::Consecutive => coins.iter().enumerate().all(|(i, &c)| c == left + i as u64),
        Spacing::Equal => {
            count <= 2
                || coins.iter().enumerate().all(|(i, &c)| c - left == i as u64 * (coins[1] - left))
        }
        Spacing::Symmetric => coins.iter().all(|&c| mask >> (left + right - c - 1) & 1 == 1),
    }
}

fn mex(mut seen: Vec<u64>) -> u64 {
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|(i, v)| *i as u64 != **v)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// G(0..=top) in heap form: a head at n alone; every subset of coins 1..n-1 tried with n.
pub fn heap_values(rule: &Rule, top: u64) -> Vec<u64> {
    let mut g = vec![0u64];
    for n in 1..=top {
        let mut seen = Vec::new();
        for sub in 0..1u64 << (n - 1) {
            let mask = sub | 1 << (n - 1);
            if allowed(rule, mask) {
                seen.push(
                    (0..n - 1).filter(|b| sub >> b & 1 == 1).fold(0, |x, b| x ^ g[b as usize + 1]),
                );
            }
        }
        g.push(mex(seen));
    }
    g
}

/// Grundy values of every row of `len` coins (bit c - 1 = coin c heads), by retrograde: a move
/// turns a legal set whose rightmost coin is a head; rows are visited in increasing order of
/// their highest changed... (every move lowers the row as a binary number: its top bit turns
/// from 1 to 0), so plain increasing order works.
pub fn row_values(rule: &Rule, len: u32) -> Vec<u64> {
    let states = 1usize << len;
    let legal_sets: Vec<u64> = (1..states as u64).filter(|&m| allowed(rule, m)).collect();
    let mut g = vec![0u64; states];
    for row in 0..states as u64 {
        let seen: Vec<u64> = legal_sets
            .iter()
            .filter(|&&m| row >> (63 - m.leading_zeros()) & 1 == 1)
            .map(|&m| g[(row ^ m) as usize])
            .collect();
        g[row as usize] = mex(seen);
    }
    g
}

/// Values of single heads of a 2-D product `a * b` on an `rows` x `cols` grid (cell (x, y),
/// 1-based): a move turns X x Y for legal sets X of `a` (rightmost x) and Y of `b` (rightmost
/// y); G(x, y) = mex of the XOR of the values of the other cells of X x Y.
pub fn product_values(a: &Rule, b: &Rule, rows: u64, cols: u64) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; cols as usize + 1]; rows as usize + 1];
    for x in 1..=rows {
        for y in 1..=cols {
            let xs: Vec<u64> =
                (0..1u64 << (x - 1)).map(|s| s | 1 << (x - 1)).filter(|&m| allowed(a, m)).collect();
            let ys: Vec<u64> =
                (0..1u64 << (y - 1)).map(|s| s | 1 << (y - 1)).filter(|&m| allowed(b, m)).collect();
            let mut seen = Vec::new();
            for &mx in &xs {
                for &my in &ys {
                    let mut v = 0;
                    for i in 1..=x {
                        for j in 1..=y {
                            if mx >> (i - 1) & 1 == 1 && my >> (j - 1) & 1 == 1 && (i, j) != (x, y)
                            {
                                v ^= g[i as usize][j as usize];
                            }
                        }
                    }
                    seen.push(v);
                }
            }
            g[x as usize][y as usize] = mex(seen);
        }
    }
    g
}
