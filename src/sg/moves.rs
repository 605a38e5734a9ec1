//! The naive move lister of production (`games sg` play, `explore --game RULE`): every option
//! of one heap, listed straight from the rule's definition, and Grundy values by a plain mex
//! over the XORs of those options. The tests' oracle is `brute::rule` (its own reader and
//! lister), not this module.
//!
//! An option is the list of heap sizes a move leaves (empty heaps are not listed, except that
//! `split-nim` may leave heaps of 0, which are harmless). Nothing here is clever: codes are
//! expanded into every partition of the remaining tokens into the allowed number of parts, with
//! the size condition tested on the partition itself; the named rules follow their problem
//! statements word for word. It lists the options where a game is played or its winning moves
//! are shown; it is exponential for codes that leave many heaps.

use super::code::{Code, Equality};
use super::rule::Rule;
use crate::theory::fibonacci::FIB;

/// Every partition of `m` into exactly `parts` positive parts, as nondecreasing lists.
fn partitions(m: u64, parts: u64, out: &mut Vec<Vec<u64>>) {
    fn go(m: u64, parts: u64, min: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if parts == 0 {
            if m == 0 {
                out.push(cur.clone());
            }
            return;
        }
        if parts == 1 {
            // The last part is what is left, if it keeps the order.
            if m >= min {
                cur.push(m);
                out.push(cur.clone());
                cur.pop();
            }
            return;
        }
        let mut a = min;
        while a * parts <= m {
            cur.push(a);
            go(m - a, parts - 1, a, cur, out);
            cur.pop();
            a += 1;
        }
    }
    go(m, parts, 1, &mut Vec::new(), out);
}

fn allowed(equality: Equality, heaps: &[u64]) -> bool {
    let all_equal = heaps.windows(2).all(|w| w[0] == w[1]);
    let pairwise_unequal = heaps.windows(2).all(|w| w[0] != w[1]); // sorted input
    match equality {
        Equality::Any => true,
        Equality::Unequal => pairwise_unequal,
        Equality::NotAllEqual => !all_equal,
        Equality::AllEqual => all_equal,
    }
}

fn code_options(code: &Code, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for k in 0..=n {
        let d = code.digit(k as usize);
        let m = n - k;
        // Heap counts above 63 exist only for open-ended digits ({j+}, *).
        let most = if d.at_least.is_some() { m } else { m.min(63) };
        for j in 0..=most {
            let ok = (j < 64 && d.heaps >> j & 1 == 1) || d.at_least.is_some_and(|a| j >= a as u64);
            if !ok {
                continue;
            }
            if j == 0 {
                if m == 0 {
                    out.push(Vec::new());
                }
                continue;
            }
            let mut ps = Vec::new();
            partitions(m, j, &mut ps);
            // Heap counts of 2 or more only: one heap has no size condition.
            out.extend(ps.into_iter().filter(|p| p.len() < 2 || allowed(d.equality, p)));
        }
    }
    out
}

/// Every option of a heap of `n` under `rule`, each a list of heap sizes.
///
/// ```
/// use games::sg::{moves::options, rule::Rule};
/// let kayles = Rule::parse("0.77").unwrap();
/// assert_eq!(options(&kayles, 3), vec![vec![2], vec![1, 1], vec![1]]);
/// ```
pub fn options(rule: &Rule, n: u64) -> Vec<Vec<u64>> {
    match rule {
        Rule::Code(_) | Rule::Sub(_) | Rule::AllBut(_) | Rule::Bash(_) if rule.code().is_some() => {
            match rule.code() {
                Some(code) => code_options(&code, n),
                None => Vec::new(),
            }
        }
        Rule::Code(_) => Vec::new(),
        Rule::Sub(_)
        | Rule::AllBut(_)
        | Rule::Bash(_)
        | Rule::SubRanges(_)
        | Rule::AllButRanges(_) => {
            let mut out = Vec::new();
            for (a, b) in rule.amount_ranges().unwrap_or_default() {
                for s in a..=b.min(n) {
                    out.push(if s == n { Vec::new() } else { vec![n - s] });
                }
            }
            out
        }
        Rule::SplitNim => {
            let mut out = Vec::new();
            for a in 0..n {
                for b in a..n {
                    out.push(vec![a, b]);
                }
            }
            out
        }
        Rule::MultiSg(f) => {
            let mut out = Vec::new();
            if n >= *f {
                for m in 2..=n {
                    let (q, r) = (n / m, n % m);
                    let mut heaps = vec![q; (m - r) as usize];
                    heaps.extend(std::iter::repeat_n(q + 1, r as usize));
                    out.push(heaps);
                }
            }
            out
        }
        Rule::Lunch => {
            (2..=n).filter(|k| n.is_multiple_of(*k)).map(|k| vec![n / k; k as usize]).collect()
        }
        Rule::Fibonacci => FIB
            .iter()
            .filter(|&&f| f <= n)
            .map(|&f| vec![n - f])
            .filter(|v| v[0] > 0)
            .chain(FIB.iter().filter(|&&f| f == n).map(|_| Vec::new()))
            .collect(),
    }
}

/// An estimate, made before listing, of how many heaps [`options`] lists for a heap of n (each
/// option counted by its heaps, at least one): exact for the splitting rules, whose lists grow
/// like n^2 (split-nim, multi-sg), and for lunch and fibonacci; `None` for the other rules (a
/// subtraction set lists at most n options of one heap; a code is bounded by its caller).
pub fn listed_estimate(rule: &Rule, n: u64) -> Option<u128> {
    let n128 = u128::from(n);
    match rule {
        Rule::SplitNim => Some(n128 * (n128 + 1)),
        Rule::MultiSg(f) if n >= *f && n >= 2 => Some(n128 * (n128 + 1) / 2 - 1),
        Rule::MultiSg(_) => Some(1),
        Rule::Fibonacci => Some(FIB.len() as u128),
        // The parts of every cut into k equal pieces: the sum of n's divisors k >= 2, at most
        // n (1 + ln n) < 45 n.
        Rule::Lunch => Some(45 * n128 + 1),
        _ => None,
    }
}

/// G(0..=n) by a plain mex over the XOR of every option's values.
pub fn naive_values(rule: &Rule, n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for x in 0..=n {
        let mut seen: Vec<u64> = options(rule, x)
            .iter()
            .map(|o| o.iter().fold(0, |acc, &h| acc ^ g[h as usize]))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        // The project's one reference mex (the definition), as every other oracle uses.
        g.push(crate::brute::search::mex_of(&seen));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_known_tables() {
        let v = |s: &str, n| naive_values(&Rule::parse(s).unwrap(), n);
        // Kayles (Winning Ways): 0 1 2 3 1 4 3 2 1 4 2 6.
        assert_eq!(v("0.77", 11), vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        // Dawson's Kayles: 0 0 1 1 2 0 3 1 1 0 3 3.
        assert_eq!(v("0.07", 11), vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
        // Grundy's game: 0 0 0 1 0 2 1 0 2 1 0 2 1 3.
        assert_eq!(v("4!.0", 13), vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
        // Nim.
        assert_eq!(v("0.[3]", 5), vec![0, 1, 2, 3, 4, 5]);
        // Split nim: odious numbers.
        assert_eq!(v("split-nim", 6), vec![0, 1, 2, 4, 7, 8, 11]);
        // Lunch: Omega(odd part) + [even].
        assert_eq!(v("hdu6892", 9), vec![0, 0, 1, 1, 1, 1, 2, 1, 1, 2]);
        // multi-sg F = 1, from its own module's doc.
        assert_eq!(v("multi-sg:1", 9), vec![0, 0, 1, 2, 2, 2, 2, 3, 2, 4]);
    }
}
