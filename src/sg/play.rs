//! Playing a sum of heaps: the nim-sum of their Grundy values decides (Sprague-Grundy: the
//! player to move loses exactly when it is 0), and a winning move is one that leaves nim-sum 0.
//! Take the heap i with G(h_i) ^ s < G(h_i) (s the nim-sum; the heap holding the highest bit of
//! s): by the mex, h_i has an option of value exactly G(h_i) ^ s, and this module finds one and
//! says it in the rule's own words.
//!
//! The search is bounded without losing moves where a period is proved: for a split of m tokens
//! into a <= b, once both parts are past n0 the value depends on a mod p only, so the smaller
//! part a need not go past n0 + p.

use super::code::Equality;
use super::moves;
use super::rule::Rule;

/// A move on one heap of a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// Which heap (index into the sum).
    pub heap: usize,
    /// The heap's size.
    pub size: u64,
    /// The heaps it leaves (empty heaps not listed).
    pub leaves: Vec<u64>,
    /// The move in words.
    pub words: String,
}

fn list_words(parts: &[u64]) -> String {
    match parts {
        [] => String::new(),
        [a] => a.to_string(),
        _ => {
            let head: Vec<String> =
                parts[..parts.len() - 1].iter().map(|v| v.to_string()).collect();
            format!("{} and {}", head.join(", "), parts[parts.len() - 1])
        }
    }
}

/// A code move in words: "take 2 from the heap of 7 and split the rest into 1 and 4".
pub fn code_move_words(size: u64, leaves: &[u64]) -> String {
    let taken = size - leaves.iter().sum::<u64>();
    match (taken, leaves.len()) {
        (_, 0) => format!("take the whole heap of {size}"),
        (_, 1) => format!("take {taken} from the heap of {size}"),
        (0, _) => format!("split the heap of {size} into {}", list_words(leaves)),
        _ => format!(
            "take {taken} from the heap of {size} and split the rest into {}",
            list_words(leaves)
        ),
    }
}

/// Bound on the options tried for one heap (each needs a value or two).
const SEARCH_BOUND: u64 = 50_000_000;

/// What a move search finds: the heaps left and the move in words.
type Found = Option<(Vec<u64>, String)>;

/// A move from a heap of `x` to an option of value `target`, if one is found. `g` gives G(n)
/// (or `None` when unknown); `period` is a proved (n0, p, saltus) when there is one.
pub fn move_to_value(
    rule: &Rule,
    x: u64,
    target: u128,
    g: &mut dyn FnMut(u64) -> Option<u128>,
    period: Option<(u64, u64, u64)>,
) -> Found {
    match rule {
        Rule::SplitNim => return split_nim_move(x, target),
        Rule::MultiSg(f) => return multi_sg_move(*f, x, target, g),
        Rule::Lunch => return lunch_move(x, target, g),
        Rule::Fibonacci => return fibonacci_move(x, target, g),
        _ => {}
    }
    if let Some(c) = super::closed::closed_form(rule) {
        let m = c.move_to(x, u64::try_from(target).ok()?)?;
        let leaves = if m == 0 { Vec::new() } else { vec![m] };
        return Some((leaves.clone(), code_move_words(x, &leaves)));
    }
    if let Some(ranges) = rule.amount_ranges().filter(|_| rule.code().is_none()) {
        return range_move(&ranges, x, target, g);
    }
    code_move(rule, x, target, g, period)
}

/// Split Nim: replace the heap by two smaller heaps a, b (0 allowed), value G(a) ^ G(b).
fn split_nim_move(x: u64, target: u128) -> Found {
    let pair = if target == 0 {
        Some((0, 0))
    } else if let Some(a) = crate::theory::split::pile_of(target) {
        Some((a, 0))
    } else {
        let high = 1u128 << (127 - target.leading_zeros());
        crate::theory::split::pile_of(high).zip(crate::theory::split::pile_of(target ^ high))
    };
    let (a, b) = pair.filter(|&(a, b)| a < x && b < x)?;
    let (a, b) = (a.min(b), a.max(b));
    Some((vec![a, b], format!("replace the heap of {x} by heaps of {a} and {b}")))
}

/// Multi-SG with split bound F: split the heap into m >= 2 heaps as evenly as possible.
fn multi_sg_move(f: u64, x: u64, target: u128, g: &mut dyn FnMut(u64) -> Option<u128>) -> Found {
    if x < f || x < 2 {
        return None;
    }
    let mut m = 2u64;
    while m <= x {
        let q = x / m;
        let hi = x / q;
        for mm in m..=hi.min(m + 1) {
            let r = x - q * mm;
            let v =
                if r % 2 == 1 { g(q + 1)? } else { 0 } ^ if (mm - r) % 2 == 1 { g(q)? } else { 0 };
            if v == target {
                let words = if r == 0 {
                    format!("split the heap of {x} into {mm} heaps of {q}")
                } else {
                    format!(
                        "split the heap of {x} into {mm} heaps as evenly as possible ({} of {q} and {r} of {})",
                        mm - r,
                        q + 1
                    )
                };
                return Some((Vec::new(), words));
            }
        }
        m = hi + 1;
    }
    None
}

/// Lunch: cut the piece into k equal pieces; value G(x / k) for odd k, 0 for even k.
fn lunch_move(x: u64, target: u128, g: &mut dyn FnMut(u64) -> Option<u128>) -> Found {
    let try_k = |k: u64, g: &mut dyn FnMut(u64) -> Option<u128>| -> Option<String> {
        if k < 2 || !x.is_multiple_of(k) {
            return None;
        }
        let v = if k % 2 == 1 { g(x / k)? } else { 0 };
        (v == target).then(|| format!("cut the piece of {x} into {k} pieces of {}", x / k))
    };
    let mut d = 1u64;
    while d <= 1_000_000 && d * d <= x {
        if x.is_multiple_of(d) {
            for k in [d, x / d] {
                if let Some(w) = try_k(k, g) {
                    return Some((Vec::new(), w));
                }
            }
        }
        d += 1;
    }
    None
}

/// Fibonacci subtraction: take a Fibonacci number of tokens.
fn fibonacci_move(x: u64, target: u128, g: &mut dyn FnMut(u64) -> Option<u128>) -> Found {
    for &f in crate::theory::fibonacci::FIB.iter().filter(|&&f| f <= x) {
        if g(x - f)? == target {
            let leaves = if f == x { Vec::new() } else { vec![x - f] };
            return Some((leaves, format!("take {f} from the heap of {x}")));
        }
    }
    None
}

/// A subtraction game given as ranges of amounts: take s tokens, s in one of the ranges.
fn range_move(
    ranges: &[(u64, u64)],
    x: u64,
    target: u128,
    g: &mut dyn FnMut(u64) -> Option<u128>,
) -> Found {
    let mut budget = SEARCH_BOUND;
    for &(a, b) in ranges {
        let mut s = a;
        while s <= b.min(x) {
            budget = budget.checked_sub(1)?;
            let m = x - s;
            if g(m)? == target {
                let leaves = if m == 0 { Vec::new() } else { vec![m] };
                return Some((leaves.clone(), code_move_words(x, &leaves)));
            }
            s += 1;
        }
    }
    None
}

/// A take-and-break code: one or two heaps left by the digits (with the proved period's bound
/// on the splits), three or more by the naive option list for small heaps.
fn code_move(
    rule: &Rule,
    x: u64,
    target: u128,
    g: &mut dyn FnMut(u64) -> Option<u128>,
    period: Option<(u64, u64, u64)>,
) -> Found {
    let mut budget = SEARCH_BOUND;
    let code = rule.code()?;
    if let (Some((n0, p, saltus)), false) = (period, code.tail.is_empty())
        && saltus > 0
        && let Some(found) = arithmetic_move(&code, x, target, g, n0, p, saltus)
    {
        return Some(found);
    }
    let top = if code.tail.is_empty() { (code.digits.len() as u64 - 1).min(x) } else { x };
    for k in 0..=top {
        let d = code.digit(k as usize);
        let m = x - k;
        let has =
            |j: u64| (j < 64 && d.heaps >> j & 1 == 1) || d.at_least.is_some_and(|a| j >= a as u64);
        budget = budget.checked_sub(1)?;
        if m == 0 {
            if has(0) && target == 0 {
                return Some((Vec::new(), code_move_words(x, &[])));
            }
            continue;
        }
        if has(1) && g(m)? == target {
            return Some((vec![m], code_move_words(x, &[m])));
        }
        if has(2) && m >= 2 {
            let mut first = 1;
            let mut last = m / 2;
            if d.equality == Equality::AllEqual {
                // The one equal split (the period bound below does not apply to it).
                first = m / 2;
            } else if let Some((n0, p, 0)) = period {
                last = last.min(n0 + p + 1);
            }
            for a in first..=last {
                budget = budget.checked_sub(1)?;
                let b = m - a;
                let ok = match d.equality {
                    Equality::Any => true,
                    Equality::Unequal | Equality::NotAllEqual => a != b,
                    Equality::AllEqual => a == b,
                };
                if ok && g(a)? ^ g(b)? == target {
                    return Some((vec![a, b], code_move_words(x, &[a, b])));
                }
            }
        }
    }
    // Three or more heaps: the naive list of options, for small heaps only.
    if x <= 60 {
        for o in moves::options(rule, x) {
            if o.len() >= 3 {
                let mut v = 0u128;
                for &h in &o {
                    v ^= g(h)?;
                }
                if v == target {
                    let words = code_move_words(x, &o);
                    return Some((o, words));
                }
            }
        }
    }
    None
}

/// A one-heap move to a heap of value `target` when G(n0 + r + q p) = G(n0 + r) + q s: the
/// heaps of that value are found by solving for q in each residue class (and below n0 + p by
/// reading), so huge heaps cost O(n0 + p).
fn arithmetic_move(
    code: &super::code::Code,
    x: u64,
    target: u128,
    g: &mut dyn FnMut(u64) -> Option<u128>,
    n0: u64,
    p: u64,
    saltus: u64,
) -> Option<(Vec<u64>, String)> {
    let allowed = |m: u64| {
        let k = x - m;
        let d = code.digit(usize::try_from(k).unwrap_or(usize::MAX));
        k >= 1 && if m == 0 { d.heaps & 1 == 1 } else { d.heaps >> 1 & 1 == 1 }
    };
    let found = |m: u64| -> Option<(Vec<u64>, String)> {
        let leaves = if m == 0 { Vec::new() } else { vec![m] };
        let words = code_move_words(x, &leaves);
        Some((leaves, words))
    };
    for m in 0..(n0 + p).min(x) {
        if g(m)? == target && allowed(m) {
            return found(m);
        }
    }
    for r in n0..n0 + p {
        let base = g(r)?;
        if target < base || !(target - base).is_multiple_of(saltus as u128) {
            continue;
        }
        let q = (target - base) / saltus as u128;
        let m = (r as u128).checked_add(q.checked_mul(p as u128)?)?;
        if m < x as u128 && allowed(m as u64) {
            return found(m as u64);
        }
    }
    None
}

/// The nim-sum of a sum of heaps and, when it is not 0, a winning move.
pub fn winning_move(
    rule: &Rule,
    heaps: &[u64],
    g: &mut dyn FnMut(u64) -> Option<u128>,
    period: Option<(u64, u64, u64)>,
) -> Option<(u128, Option<Move>)> {
    let mut values = Vec::with_capacity(heaps.len());
    for &h in heaps {
        values.push(g(h)?);
    }
    let s = values.iter().fold(0u128, |a, &v| a ^ v);
    if s == 0 {
        return Some((0, None));
    }
    let i = values.iter().position(|&v| v ^ s < v)?;
    let found = move_to_value(rule, heaps[i], values[i] ^ s, g, period)
        .map(|(leaves, words)| Move { heap: i, size: heaps[i], leaves, words });
    Some((s, found))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sg::values::grundy_values;

    #[test]
    fn moves_reach_the_target() {
        for rule in [
            "0.77",
            "0.07",
            "4!.0",
            "0.3F",
            "split-nim",
            "multi-sg:2",
            "hdu6892",
            "hdu1848",
            "0.{3+}",
            "4.07",
        ] {
            let r = Rule::parse(rule).unwrap();
            let v: Vec<u128> = grundy_values(&r, 60).unwrap().into_iter().map(u128::from).collect();
            let mut g = |n: u64| v.get(n as usize).copied();
            for x in 0..=30u64 {
                for y in 0..=30u64 {
                    let (s, mv) = winning_move(&r, &[x, y], &mut g, None).unwrap();
                    assert_eq!(s, v[x as usize] ^ v[y as usize]);
                    if s != 0 {
                        let mv = mv.unwrap_or_else(|| panic!("{rule} {x} {y}"));
                        if !mv.leaves.is_empty() || !matches!(r, Rule::MultiSg(_) | Rule::Lunch) {
                            let other = if mv.heap == 0 { y } else { x };
                            let after =
                                mv.leaves.iter().fold(v[other as usize], |a, &h| a ^ v[h as usize]);
                            assert_eq!(after, 0, "{rule} {x} {y}: {}", mv.words);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn words() {
        assert_eq!(
            code_move_words(7, &[1, 4]),
            "take 2 from the heap of 7 and split the rest into 1 and 4"
        );
        assert_eq!(code_move_words(7, &[3, 4]), "split the heap of 7 into 3 and 4");
        assert_eq!(code_move_words(7, &[4]), "take 3 from the heap of 7");
        assert_eq!(code_move_words(3, &[]), "take the whole heap of 3");
        assert_eq!(
            code_move_words(9, &[1, 2, 3]),
            "take 3 from the heap of 9 and split the rest into 1, 2 and 3"
        );
    }
}
