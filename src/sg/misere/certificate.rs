//! The certificate of a misère quotient: a text file that states the rule, the heaps covered,
//! the monoid's multiplication table, its P-portion and Φ, and the replay that proves it.
//!
//! ```text
//! games misere-quotient 1
//! rule 0.07
//! heaps 30
//! order 360
//! p 3 7 ...            (the P elements)
//! phi 0 0 1 1 2 ...    (Φ(0), ..., Φ(heaps))
//! table                (then `order` rows of `order` numbers; element 0 is the identity)
//! ```
//!
//! [`check`] replays it without trusting the writer: the table is a commutative monoid with
//! identity 0 (associativity checked on every triple), Φ sends heaps without a move to 0 and
//! generates every element, the outcome theorem of [`super::verify`] holds (every sum of heaps
//! 0..=N is P exactly when its image is in the P-portion; this covers Φ's agreement with every
//! heap's options), and no two elements are indistinguishable (so the order is exact).

use super::Heaps;
use super::quotient::Quotient;
use super::verify::{self, Failure, Monoid};
use crate::sg::rule::Rule;
use std::fmt::Write as _;

/// Writes the certificate of `q` for heaps 0..=top of `rule`.
pub fn write(rule: &Rule, q: &Quotient) -> String {
    let mut s = String::new();
    let top = q.phi.len().saturating_sub(1);
    let _ =
        writeln!(s, "games misere-quotient 1\nrule {rule}\nheaps {top}\norder {}", q.monoid.order);
    let p: Vec<String> =
        (0..q.monoid.order).filter(|&x| q.monoid.p[x]).map(|x| x.to_string()).collect();
    let _ = writeln!(s, "p {}", p.join(" "));
    let phi: Vec<String> = q.phi.iter().map(u32::to_string).collect();
    let _ = writeln!(s, "phi {}\ntable", phi.join(" "));
    for row in q.monoid.table.chunks(q.monoid.order) {
        let r: Vec<String> = row.iter().map(u32::to_string).collect();
        let _ = writeln!(s, "{}", r.join(" "));
    }
    s
}

/// What a replay proved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub rule: Rule,
    pub heaps: u32,
    pub quotient: Quotient,
    /// States of the outcome check.
    pub states: u64,
}

/// A certificate refused: where (line and column, 1-based; 0 when the fault is not at one
/// place) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub line: usize,
    pub column: usize,
    pub reason: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "certificate refused: {}", self.reason)
        } else {
            write!(f, "line {}, column {}: {}", self.line, self.column, self.reason)
        }
    }
}

fn refuse(reason: impl Into<String>) -> Refused {
    Refused { line: 0, column: 0, reason: reason.into() }
}

/// Reads numbers from one line, each with its column.
fn numbers(line: &str, lineno: usize, skip: usize, below: u64) -> Result<Vec<u64>, Refused> {
    let mut out = Vec::new();
    let mut col = skip;
    for word in line[skip.min(line.len())..].split(' ') {
        if !word.is_empty() {
            match word.parse::<u64>() {
                Ok(v) if v < below => out.push(v),
                _ => {
                    return Err(Refused {
                        line: lineno,
                        column: col + 1,
                        reason: format!("expected a number below {below}, found {word:?}"),
                    });
                }
            }
        }
        col += word.len() + 1;
    }
    Ok(out)
}

/// The header's fields in order.
fn field<'a>(
    lines: &mut std::iter::Enumerate<std::str::Lines<'a>>,
    name: &str,
) -> Result<(usize, &'a str), Refused> {
    match lines.next() {
        Some((i, l)) if l == name || l.starts_with(&format!("{name} ")) => {
            Ok((i + 1, l.get(name.len() + 1..).unwrap_or("")))
        }
        Some((i, _)) => {
            Err(Refused { line: i + 1, column: 1, reason: format!("expected `{name}`") })
        }
        None => Err(refuse(format!("ended before `{name}`"))),
    }
}

/// Parses a certificate (no checking beyond the layout and the ranges).
pub fn parse(text: &str) -> Result<(Rule, u32, Quotient), Refused> {
    let mut lines = text.lines().enumerate();
    let (_, v) = field(&mut lines, "games")?;
    if v != "misere-quotient 1" {
        return Err(Refused { line: 1, column: 7, reason: "expected `misere-quotient 1`".into() });
    }
    let (ln, r) = field(&mut lines, "rule")?;
    let rule = Rule::parse(r).map_err(|e| Refused {
        line: ln,
        column: 6 + e.at,
        reason: format!("bad rule: expected {}", e.expected),
    })?;
    let (ln, h) = field(&mut lines, "heaps")?;
    let top = numbers(h, ln, 0, u64::from(super::MAX_HEAP) + 1)?;
    let [top] = top[..] else {
        return Err(Refused { line: ln, column: 7, reason: "expected one number".into() });
    };
    let (ln, o) = field(&mut lines, "order")?;
    let order = numbers(o, ln, 0, 1 << 14)?;
    let [order] = order[..] else {
        return Err(Refused { line: ln, column: 7, reason: "expected one number".into() });
    };
    let order = order.max(1) as usize;
    let (ln, p) = field(&mut lines, "p")?;
    let mut pv = vec![false; order];
    for x in numbers(p, ln, 0, order as u64)? {
        pv[x as usize] = true;
    }
    let (ln, f) = field(&mut lines, "phi")?;
    let phi: Vec<u32> = numbers(f, ln, 0, order as u64)?.into_iter().map(|x| x as u32).collect();
    if phi.len() != top as usize + 1 {
        return Err(Refused {
            line: ln,
            column: 1,
            reason: format!("expected {} values of phi", top + 1),
        });
    }
    field(&mut lines, "table")?;
    let mut table = Vec::with_capacity(order * order);
    for _ in 0..order {
        let Some((i, l)) = lines.next() else { return Err(refuse("the table ended early")) };
        let row = numbers(l, i + 1, 0, order as u64)?;
        if row.len() != order {
            return Err(Refused {
                line: i + 1,
                column: 1,
                reason: format!("expected {order} numbers"),
            });
        }
        table.extend(row.into_iter().map(|x| x as u32));
    }
    if let Some((i, _)) = lines.find(|(_, l)| !l.trim().is_empty()) {
        return Err(Refused {
            line: i + 1,
            column: 1,
            reason: "expected the end of the certificate".into(),
        });
    }
    Ok((rule, top as u32, Quotient { monoid: Monoid { order, table, p: pv }, phi }))
}

/// Replays a certificate: every check of the module doc, the outcome check within `budget`
/// states.
pub fn check(text: &str, budget: u64) -> Result<Checked, Refused> {
    let (rule, top, q) = parse(text)?;
    let heaps = Heaps::new(&rule, top).map_err(refuse)?;
    monoid_laws(&q.monoid)?;
    for h in 0..=top {
        if !heaps.moves(h) && q.phi[h as usize] != 0 {
            return Err(refuse(format!("phi({h}) must be 0: a heap of {h} has no move")));
        }
    }
    if generated(&q) != q.monoid.order {
        return Err(refuse("phi does not generate every element"));
    }
    let states = match verify::check(&q.monoid, &q.phi, &heaps, budget) {
        Ok(s) => s,
        Err(Failure::Wrong { sum, p, .. }) => {
            let s: Vec<String> = sum.iter().map(u32::to_string).collect();
            let said = if p { "P" } else { "N" };
            return Err(refuse(format!("the sum {} is not {said} as the table says", s.join("+"))));
        }
        Err(Failure::Order(o)) => {
            return Err(refuse(format!(
                "the outcome check takes at most {} elements, not {o}",
                verify::MAX_ORDER
            )));
        }
        Err(Failure::Budget(b)) => {
            return Err(refuse(format!("the outcome check needs more than {b} states")));
        }
    };
    if let Some((x, y)) = indistinguishable(&q) {
        return Err(refuse(format!("elements {x} and {y} are indistinguishable (not reduced)")));
    }
    Ok(Checked { rule, heaps: top, quotient: q, states })
}

/// Identity 0, commutativity and associativity of the table.
pub fn monoid_laws(m: &Monoid) -> Result<(), Refused> {
    let n = m.order as u32;
    for x in 0..n {
        if m.mul(0, x) != x || m.mul(x, 0) != x {
            return Err(refuse(format!("0 is not the identity at {x}")));
        }
        for y in 0..n {
            if m.mul(x, y) != m.mul(y, x) {
                return Err(refuse(format!("{x}·{y} != {y}·{x}")));
            }
        }
    }
    for x in 0..n {
        for y in 0..n {
            let xy = m.mul(x, y);
            for z in 0..n {
                if m.mul(xy, z) != m.mul(x, m.mul(y, z)) {
                    return Err(refuse(format!("({x}·{y})·{z} != {x}·({y}·{z})")));
                }
            }
        }
    }
    Ok(())
}

/// How many elements the images of the heaps generate.
fn generated(q: &Quotient) -> usize {
    let m = &q.monoid;
    let mut seen = vec![false; m.order];
    seen[0] = true;
    let mut stack = vec![0u32];
    while let Some(x) = stack.pop() {
        for &g in &q.phi {
            let y = m.mul(x, g);
            if !seen[y as usize] {
                seen[y as usize] = true;
                stack.push(y);
            }
        }
    }
    seen.iter().filter(|&&s| s).count()
}

/// Two elements that no multiplier tells apart, if any (partition refinement under the heap
/// images, which generate the monoid).
pub fn indistinguishable(q: &Quotient) -> Option<(u32, u32)> {
    let m = &q.monoid;
    let mut gens: Vec<u32> = q.phi.clone();
    gens.sort_unstable();
    gens.dedup();
    let mut cls: Vec<u32> = m.p.iter().map(|&p| u32::from(p)).collect();
    let mut count = 0;
    loop {
        let mut ids = std::collections::HashMap::new();
        let next: Vec<u32> = (0..m.order as u32)
            .map(|x| {
                let mut sig = vec![cls[x as usize]];
                sig.extend(gens.iter().map(|&g| cls[m.mul(x, g) as usize]));
                let k = ids.len() as u32;
                *ids.entry(sig).or_insert(k)
            })
            .collect();
        cls = next;
        if ids.len() == count {
            break;
        }
        count = ids.len();
    }
    let mut first = std::collections::HashMap::new();
    for (x, &c) in cls.iter().enumerate() {
        if let Some(&y) = first.get(&c) {
            return Some((y, x as u32));
        }
        first.insert(c, x as u32);
    }
    None
}
