//! Reference reader and move lister for the heap rules of `games sg` (and of `games explore
//! --game RULE`), sharing nothing with `sg::rule` or `sg::moves`: its own parser of the written
//! rule, its own list of classic names, its own partitions. A misread rule in production then
//! disagrees with this one instead of passing as its own oracle.
//!
//! The rules, as the documentation of `games sg` words them (Winning Ways, ch. 4, for the
//! codes): a take-and-break code is at most one digit before a point, then digits 1, 2, ...;
//! digit k governs the moves that take k tokens from one heap, and its bit j lets the move leave
//! exactly j nonempty heaps of the tokens that remain (the digit before the point: k = 0, a
//! split that takes nothing). A digit is `0-9` or `A-F` (`G-V` only after `b32:`), `&N;` (the
//! mask N), `{a,b,...}` (those counts; `{a+}` or a last `a+`: a or more) or `*` (any count).
//! After a digit: `!` (or `u`) the heaps left are pairwise unequal, `?` not all equal, `=` all
//! equal. A final `[..]` repeats forever. `sub:` and `allbut:` list amounts and ranges `a..b`,
//! `bash:M` takes 1 to M; `split-nim`, `multi-sg:F`, `hdu6892` (`lunch`), `hdu1848`
//! (`fibonacci`) follow their problem statements.
//!
//! For small heaps only: every partition is listed. Invalid text is `None`.

/// A condition on the sizes of the heaps a move leaves (when it leaves two or more).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sizes {
    Free,
    PairwiseUnequal,
    NotAllEqual,
    AllEqual,
}

/// One digit: which counts of heaps a move taking this many tokens may leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// Bit j: exactly j heaps.
    pub counts: u64,
    /// Any count from this one up.
    pub from: Option<u64>,
    pub sizes: Sizes,
}

const NOTHING: Move = Move { counts: 0, from: None, sizes: Sizes::Free };

/// A heap rule as this reference reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// A take-and-break code: digit k for k < `digits.len()`, then `tail` repeated (empty:
    /// nothing).
    Code {
        digits: Vec<Move>,
        tail: Vec<Move>,
    },
    /// Take an amount in one of these inclusive ranges (`complement`: any amount outside them).
    Take {
        ranges: Vec<(u64, u64)>,
        complement: bool,
    },
    SplitNim,
    MultiSg(u64),
    Lunch,
    Fibonacci,
}

/// The classic codes by name (Winning Ways; the same names `games sg` documents).
const CLASSIC: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawson", "0.07"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("grundy", "4!.0"),
    ("officers", "0.6"),
    ("treblecross", "0.007"),
    ("guiles", "0.15"),
    ("nim", "0.[3]"),
    ("lasker", "4.[3]"),
];

/// Reads a rule; `None` when the text is not one.
pub fn parse(text: &str) -> Option<Rule> {
    if let Some((_, code)) = CLASSIC.iter().find(|(name, _)| *name == text) {
        return parse_code(code, false);
    }
    match text {
        "split-nim" => return Some(Rule::SplitNim),
        "hdu6892" | "lunch" => return Some(Rule::Lunch),
        "hdu1848" | "fibonacci" => return Some(Rule::Fibonacci),
        _ => {}
    }
    if let Some(f) = text.strip_prefix("multi-sg:") {
        return number(f).map(Rule::MultiSg);
    }
    if let Some(m) = text.strip_prefix("bash:") {
        let m = number(m).filter(|&m| m >= 1)?;
        return Some(Rule::Take { ranges: vec![(1, m)], complement: false });
    }
    if let Some(list) = text.strip_prefix("sub:") {
        return amounts(list).map(|ranges| Rule::Take { ranges, complement: false });
    }
    if let Some(list) = text.strip_prefix("allbut:") {
        let ranges = if list.is_empty() { Vec::new() } else { amounts(list)? };
        return Some(Rule::Take { ranges, complement: true });
    }
    match text.strip_prefix("b32:") {
        Some(code) => parse_code(code, true),
        None => parse_code(text, false),
    }
}

/// A plain decimal number (digits only).
fn number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `a` or `a..b` items separated by commas, each amount at least 1.
fn amounts(list: &str) -> Option<Vec<(u64, u64)>> {
    let mut out = Vec::new();
    for item in list.split(',') {
        let (a, b) = match item.split_once("..") {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(item)?, number(item)?),
        };
        if a == 0 || b < a {
            return None;
        }
        out.push((a, b));
    }
    Some(out)
}

/// A whole code: one optional digit before the point, digits after it, an optional final
/// repeating `[..]`.
fn parse_code(text: &str, base32: bool) -> Option<Rule> {
    let (before, after) = text.split_once('.')?;
    let mut zero = NOTHING;
    if !before.is_empty() {
        let (d, rest) = read_move(before, base32)?;
        if !rest.is_empty() {
            return None;
        }
        // Taking nothing and leaving the heap whole (or nothing) is no move of a finite game.
        if d.counts & 0b11 != 0 || d.from.is_some_and(|f| f <= 1) {
            return None;
        }
        zero = d;
    }
    let (plain, tail_text) = match after.split_once('[') {
        Some((plain, tail)) => (plain, Some(tail.strip_suffix(']')?)),
        None => (after, None),
    };
    let mut digits = vec![zero];
    digits.extend(read_moves(plain, base32)?);
    let tail = match tail_text {
        Some(t) => {
            let tail = read_moves(t, base32)?;
            if tail.is_empty() {
                return None;
            }
            tail
        }
        None => Vec::new(),
    };
    Some(Rule::Code { digits, tail })
}

fn read_moves(mut text: &str, base32: bool) -> Option<Vec<Move>> {
    let mut out = Vec::new();
    while !text.is_empty() {
        let (d, rest) = read_move(text, base32)?;
        out.push(d);
        text = rest;
    }
    Some(out)
}

/// One digit and its modifier at the start of `text`; the rest of the text.
fn read_move(text: &str, base32: bool) -> Option<(Move, &str)> {
    let first = text.chars().next()?;
    let (mut d, rest) = match first {
        '&' => {
            let (n, rest) = text[1..].split_once(';')?;
            (Move { counts: number(n)?, from: None, sizes: Sizes::Free }, rest)
        }
        '*' => (Move { counts: 0, from: Some(0), sizes: Sizes::Free }, &text[1..]),
        '{' => {
            let (list, rest) = text[1..].split_once('}')?;
            let mut d = NOTHING;
            for item in list.split(',') {
                match item.strip_suffix('+') {
                    Some(n) => d.from = Some(number(n)?),
                    None => {
                        let j = number(item).filter(|&j| j < 64)?;
                        d.counts |= 1 << j;
                    }
                }
            }
            (d, rest)
        }
        'u' => return None,
        c => {
            let v = c.to_digit(if base32 { 32 } else { 16 })?;
            (Move { counts: u64::from(v), from: None, sizes: Sizes::Free }, &text[1..])
        }
    };
    let rest = match rest.chars().next() {
        Some('!') | Some('u') => {
            d.sizes = Sizes::PairwiseUnequal;
            &rest[1..]
        }
        Some('?') => {
            d.sizes = Sizes::NotAllEqual;
            &rest[1..]
        }
        Some('=') => {
            d.sizes = Sizes::AllEqual;
            &rest[1..]
        }
        _ => rest,
    };
    Some((d, rest))
}

/// Every way to write `m` as `parts` positive summands, each list nonincreasing.
fn splits(m: u64, parts: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut stack: Vec<(Vec<u64>, u64)> = vec![(Vec::new(), m)];
    while let Some((prefix, left)) = stack.pop() {
        let placed = prefix.len() as u64;
        if placed == parts {
            if left == 0 {
                out.push(prefix);
            }
            continue;
        }
        let cap = prefix.last().copied().unwrap_or(left).min(left);
        let still = parts - placed - 1;
        for first in 1..=cap {
            // What is left must fit in the remaining parts, each at most `first`.
            if left - first > still * first || left - first < still {
                continue;
            }
            let mut next = prefix.clone();
            next.push(first);
            stack.push((next, left - first));
        }
    }
    out
}

fn sizes_ok(sizes: Sizes, heaps: &[u64]) -> bool {
    let equal_pairs = (0..heaps.len())
        .flat_map(|i| (i + 1..heaps.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| heaps[i] == heaps[j])
        .count();
    let pairs = heaps.len() * (heaps.len().saturating_sub(1)) / 2;
    match sizes {
        Sizes::Free => true,
        Sizes::PairwiseUnequal => equal_pairs == 0,
        Sizes::NotAllEqual => equal_pairs < pairs,
        Sizes::AllEqual => equal_pairs == pairs,
    }
}

/// Every option of a heap of `n`: the nonempty heaps it leaves (split-nim's heaps of 0 kept).
pub fn options(rule: &Rule, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    match rule {
        Rule::Code { digits, tail } => {
            for k in 0..=n {
                let d = match digits.get(k as usize) {
                    Some(d) => *d,
                    None if tail.is_empty() => NOTHING,
                    None => tail[(k as usize - digits.len()) % tail.len()],
                };
                let left = n - k;
                for j in 0..=left {
                    let allowed =
                        (j < 64 && d.counts >> j & 1 == 1) || d.from.is_some_and(|f| j >= f);
                    if !allowed {
                        continue;
                    }
                    if j == 0 {
                        if left == 0 {
                            out.push(Vec::new());
                        }
                        continue;
                    }
                    for heaps in splits(left, j) {
                        if heaps.len() < 2 || sizes_ok(d.sizes, &heaps) {
                            out.push(heaps);
                        }
                    }
                }
            }
        }
        Rule::Take { ranges, complement } => {
            for s in 1..=n {
                let listed = ranges.iter().any(|&(a, b)| a <= s && s <= b);
                if listed != *complement {
                    out.push(if s == n { Vec::new() } else { vec![n - s] });
                }
            }
        }
        Rule::SplitNim => {
            for a in 0..n {
                for b in 0..=a {
                    out.push(vec![a, b]);
                }
            }
        }
        Rule::MultiSg(f) => {
            if n >= *f {
                for m in 2..=n {
                    // m heaps as even as can be: n mod m of them one larger.
                    let small = n / m;
                    let big = (n % m) as usize;
                    let heaps: Vec<u64> =
                        (0..m as usize).map(|i| if i < big { small + 1 } else { small }).collect();
                    out.push(heaps);
                }
            }
        }
        Rule::Lunch => {
            for k in 2..=n {
                if n.is_multiple_of(k) {
                    out.push(vec![n / k; k as usize]);
                }
            }
        }
        Rule::Fibonacci => {
            // Take a Fibonacci number of tokens: 1, 2, 3, 5, 8, ...
            let (mut f, mut next) = (1u64, 2u64);
            while f <= n {
                out.push(if f == n { Vec::new() } else { vec![n - f] });
                (f, next) = (next, f + next);
            }
        }
    }
    out
}

/// G(0..=n) by the definition: the mex of the XOR of each option's heaps' values.
pub fn values(rule: &Rule, n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for x in 0..=n {
        let seen: Vec<u64> =
            options(rule, x).iter().map(|o| o.iter().fold(0, |v, &h| v ^ g[h as usize])).collect();
        g.push(super::search::mex_of(&seen));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_tables_from_the_literature() {
        let v = |s: &str, n| values(&parse(s).unwrap(), n);
        // Winning Ways, ch. 4.
        assert_eq!(v("kayles", 11), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(v("0.07", 11), vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
        assert_eq!(v("grundy", 13), vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
        assert_eq!(v("nim", 5), vec![0, 1, 2, 3, 4, 5]);
        // Lasker's Nim: 4k+1, 4k+2 keep their value, 4k+3 and 4k+4 swap.
        assert_eq!(v("lasker", 8), vec![0, 1, 2, 4, 3, 5, 6, 8, 7]);
        assert_eq!(v("sub:1,2", 6), vec![0, 1, 2, 0, 1, 2, 0]);
        assert_eq!(v("bash:3", 5), vec![0, 1, 2, 3, 0, 1]);
        assert_eq!(v("allbut:2", 4), vec![0, 1, 0, 1, 2]);
    }

    #[test]
    fn partitions_are_counted_right() {
        // p(m, j): partitions of m into exactly j parts.
        let p = |m, j| splits(m, j).len();
        assert_eq!((p(7, 1), p(7, 2), p(7, 3), p(7, 7), p(7, 8)), (1, 3, 4, 1, 0));
        assert_eq!(p(12, 4), 15);
        for heaps in splits(12, 4) {
            assert_eq!(heaps.iter().sum::<u64>(), 12);
            assert!(heaps.windows(2).all(|w| w[0] >= w[1]));
        }
    }

    #[test]
    fn bad_text_is_refused() {
        for bad in ["", "1.7", "00.7", "0.7[", "0.[]", "sub:", "sub:0", "sub:3..1", "0.G", "x"] {
            assert!(parse(bad).is_none(), "{bad}");
        }
        assert!(parse("b32:0.G").is_some());
    }
}
