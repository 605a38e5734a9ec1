//! Family 3: a 1-D table constant on intervals (runs) `[b_i, b_{i+1})` whose ends follow a
//! recognisable rule, the values on the runs following a simple rule of their own.
//!
//! The ends `b_0 < b_1 < ...` (absolute coordinates; `b_0` is the first entry of the table):
//! - *linear*: `b_i = R·b_{i-p} + c` with `R >= 2`, `p` from 1 to 6 (geometric, powers, and
//!   a periodic pattern of ratios: moves `n -> floor(n/k)`, `k = 2..6`, give
//!   `b = 0, 1, 2, 4, 6, 12, 24, 48, 72, ...`, `b_i = 12·b_{i-4}`);
//! - *quadratic*: constant second difference `e >= 1` (squares, triangular numbers);
//! - *Fibonacci*: `b_i = b_{i-1} + b_{i-2} + c`.
//!
//! The first ends may be listed before the rule takes over, as few as the table allows. The
//! value of run `i` is `v_i = v_{i-q} + s` (`q` from 1 to 6: periodic values, or `+1` per
//! run), again after a listed start. Outcome-only tables (misère) use the outcome letters as
//! the values (saltus 0). Each rule must be confirmed beyond the entries that fixed its
//! constants (at least [`MIN_CHECKS`] ends or values predicted), and [`super::verify`] then
//! checks every entry. `at` walks the ends in `u128` (at most a few hundred steps: `R >= 2`
//! and Fibonacci growth) or, for the quadratic rule, finds the run by binary search.

use super::{Answer, Covers, Formula, line, var};
use crate::explore::space::Coords;
use crate::explore::table::{LOOPY, NO_VALUE, Table};

/// Ends (or run values) a rule must predict beyond its listed start to be proposed.
pub const MIN_CHECKS: usize = 4;
/// The most ends or run values listed before a rule takes over.
const MAX_LISTED: usize = 12;
/// The longest period of ratios or of run values tried.
const MAX_PERIOD: usize = 6;

/// How the ends continue after the listed ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// `b_i = r·b_{i-p} + c`.
    Linear { p: usize, r: u64, c: i64 },
    /// `b_i - b_{i-1} = b_{i-1} - b_{i-2} + e`.
    Quadratic { e: u64 },
    /// `b_i = b_{i-1} + b_{i-2} + c`.
    Fibonacci { c: i64 },
}

/// A table constant on runs.
#[derive(Debug, Clone)]
pub struct Intervals {
    arity: usize,
    axis: usize,
    base: Coords,
    /// The listed ends (at least two; the rule gives the ones after).
    ends: Vec<u64>,
    rule: Rule,
    /// The listed run values (`j0 + q` of them).
    vals: Vec<u64>,
    /// The values repeat from run `j0` with period `q`, adding `s` each period.
    j0: usize,
    q: usize,
    s: u64,
    /// Values are outcome letters (`P`, `N`, `D`) instead of Grundy values.
    outcomes: bool,
    misere: bool,
}

impl Intervals {
    /// The index of the run holding `n` (`n >= ends[0]`), `None` past `u128` or a broken rule.
    fn run_of(&self, n: u64) -> Option<u64> {
        let n = n as u128;
        let listed = self.ends.len();
        if let Some(i) = self.ends.iter().rposition(|&b| b as u128 <= n)
            && i + 1 < listed
        {
            return Some(i as u64);
        }
        if n < self.ends[0] as u128 {
            return None;
        }
        match self.rule {
            Rule::Quadratic { e } => {
                let (b1, b0) = (self.ends[listed - 1] as u128, self.ends[listed - 2] as u128);
                let d = b1 - b0;
                let end =
                    |j: u128| (e as u128).checked_mul(j * (j + 1) / 2)?.checked_add(b1 + j * d);
                // end(0) <= n; end(2^33) > 2^63 > n (e >= 1).
                let (mut lo, mut hi) = (0u128, 1u128 << 33);
                while hi - lo > 1 {
                    let mid = (lo + hi) / 2;
                    if end(mid).is_some_and(|x| x <= n) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                Some((listed as u128 - 1 + lo) as u64)
            }
            Rule::Linear { .. } | Rule::Fibonacci { .. } => {
                let mut b: Vec<u128> = self.ends.iter().map(|&x| x as u128).collect();
                loop {
                    let i = b.len();
                    let next = match self.rule {
                        Rule::Linear { p, r, c } => {
                            (r as u128).checked_mul(b[i - p])?.checked_add_signed(c as i128)?
                        }
                        Rule::Fibonacci { c } => {
                            b[i - 1].checked_add(b[i - 2])?.checked_add_signed(c as i128)?
                        }
                        Rule::Quadratic { .. } => return None,
                    };
                    if next <= b[i - 1] || i > 4096 {
                        return None;
                    }
                    if next > n {
                        return Some(i as u64 - 1);
                    }
                    b.push(next);
                }
            }
        }
    }

    /// The value of run `i`.
    fn value_of(&self, i: u64) -> Option<u64> {
        if i < self.vals.len() as u64 {
            return Some(self.vals[i as usize]);
        }
        let k = i - self.j0 as u64;
        let v = self.vals[self.j0 + (k % self.q as u64) as usize];
        v.checked_add((k / self.q as u64).checked_mul(self.s)?)
    }

    fn rule_words(&self) -> String {
        match self.rule {
            Rule::Linear { p, r, c } => {
                let c = signed(c);
                let name = if p == 1 && c.is_empty() {
                    format!(" (geometric, ratio {r})")
                } else if c.is_empty() {
                    format!(" (the ratios repeat every {p} ends)")
                } else {
                    String::new()
                };
                format!("b_i = {r}*b_(i-{p}){c}{name}")
            }
            Rule::Quadratic { e } => format!(
                "b_i - b_(i-1) = b_(i-1) - b_(i-2) + {e} (quadratic{})",
                if e == 1 { ", like triangular numbers" } else { ", like squares" }
            ),
            Rule::Fibonacci { c } => {
                format!("b_i = b_(i-1) + b_(i-2){} (Fibonacci growth)", signed(c))
            }
        }
    }

    fn value_words(&self) -> String {
        let shown: Vec<String> = self.vals.iter().map(|&v| self.show_value(v)).collect();
        let rest = if self.s == 0 {
            format!("v_i = v_(i-{})", self.q)
        } else {
            format!("v_i = v_(i-{}) + {}", self.q, self.s)
        };
        let from = if self.j0 == 0 { String::new() } else { format!(" from run {}", self.j0) };
        format!("v = {}, then {rest}{from}", shown.join(", "))
    }

    fn show_value(&self, v: u64) -> String {
        if self.outcomes { (letter(v) as char).to_string() } else { v.to_string() }
    }

    fn list(&self, v: &[u64]) -> String {
        v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
    }
}

fn signed(c: i64) -> String {
    match c {
        0 => String::new(),
        c if c > 0 => format!(" + {c}"),
        c => format!(" - {}", c.unsigned_abs()),
    }
}

fn letter(code: u64) -> u8 {
    [b'P', b'N', b'D'].get(code as usize).copied().unwrap_or(b'?')
}

impl Formula for Intervals {
    fn family(&self) -> &'static str {
        "intervals"
    }

    fn words(&self) -> String {
        let n = var(self.arity, self.axis);
        let what = if self.outcomes { "the outcome" } else { "G" };
        format!(
            "{what} is constant on the runs b_i <= {n} < b_(i+1): b = {}, then {}; \
             the value on run i: {}",
            self.list(&self.ends),
            self.rule_words(),
            self.value_words()
        )
    }

    fn cpp(&self) -> String {
        let n = var(self.arity, self.axis);
        let ret = if self.outcomes { "char" } else { "long long" };
        let find = match self.rule {
            Rule::Linear { .. } | Rule::Fibonacci { .. } => {
                let next = match self.rule {
                    Rule::Linear { p, r, c } => format!("{r} * b[i - {p}]{}", signed(c)),
                    Rule::Fibonacci { c } => format!("b[i - 1] + b[i - 2]{}", signed(c)),
                    Rule::Quadratic { .. } => String::new(),
                };
                format!(
                    "    std::vector<__int128> b = {{{}}};  // the runs' first positions\n\
                     \x20   while (b.back() <= {n}) {{ size_t i = b.size(); b.push_back({next}); }}\n\
                     \x20   long long i = std::upper_bound(b.begin(), b.end(), (__int128){n}) - b.begin() - 1;\n",
                    self.list(&self.ends)
                )
            }
            Rule::Quadratic { e } => {
                let m = self.ends.len();
                format!(
                    "    const __int128 b[] = {{{}}};  // the runs' first positions\n\
                     \x20   const __int128 d = b[{m1}] - b[{m2}];  // then b[{m1} + j] = b[{m1}] + j*d + {e}*j*(j+1)/2\n\
                     \x20   long long i;\n\
                     \x20   if ({n} < b[{m1}]) i = std::upper_bound(b, b + {m}, (__int128){n}) - b - 1;\n\
                     \x20   else {{\n\
                     \x20       long long lo = 0, hi = 1LL << 33;\n\
                     \x20       while (hi - lo > 1) {{\n\
                     \x20           long long j = (lo + hi) / 2;\n\
                     \x20           if (b[{m1}] + j * d + (__int128){e} * (j * (__int128)(j + 1) / 2) <= {n}) lo = j; else hi = j;\n\
                     \x20       }}\n\
                     \x20       i = {m1} + lo;\n\
                     \x20   }}\n",
                    self.list(&self.ends),
                    m1 = m - 1,
                    m2 = m - 2,
                )
            }
        };
        let vals = if self.outcomes {
            let s: String = self.vals.iter().map(|&v| letter(v) as char).collect();
            format!("    const char v[] = \"{s}\";  // the runs' outcomes\n")
        } else {
            format!(
                "    const long long v[] = {{{}}};  // the runs' values\n",
                self.list(&self.vals)
            )
        };
        let k = if self.j0 == 0 { "i".to_string() } else { format!("(i - {})", self.j0) };
        let index = if self.j0 == 0 {
            format!("i % {}", self.q)
        } else {
            format!("{} + {k} % {}", self.j0, self.q)
        };
        let saltus =
            if self.s == 0 { String::new() } else { format!(" + {k} / {} * {}", self.q, self.s) };
        format!(
            "#include <algorithm>\n#include <vector>\n\
             // for {n} >= {start}\n\
             {ret} G(long long {n}) {{\n{find}{vals}\
             \x20   if (i < {len}) return v[i];\n\
             \x20   return v[{index}]{saltus};\n}}",
            start = self.ends[0],
            len = self.vals.len(),
        )
    }

    fn python(&self) -> String {
        let n = var(self.arity, self.axis);
        let find = match self.rule {
            Rule::Linear { .. } | Rule::Fibonacci { .. } => {
                let next = match self.rule {
                    Rule::Linear { p, r, c } => format!("{r} * b[-{p}]{}", signed(c)),
                    Rule::Fibonacci { c } => format!("b[-1] + b[-2]{}", signed(c)),
                    Rule::Quadratic { .. } => String::new(),
                };
                format!(
                    "    b = [{}]  # the runs' first positions\n\
                     \x20   while b[-1] <= {n}:\n\
                     \x20       b.append({next})\n\
                     \x20   i = bisect.bisect_right(b, {n}) - 1\n",
                    self.list(&self.ends)
                )
            }
            Rule::Quadratic { e } => {
                let m = self.ends.len();
                format!(
                    "    b = [{}]  # the runs' first positions\n\
                     \x20   d = b[-1] - b[-2]  # then b[{m1} + j] = b[-1] + j*d + {e}*j*(j+1)//2\n\
                     \x20   if {n} < b[-1]:\n\
                     \x20       i = bisect.bisect_right(b, {n}) - 1\n\
                     \x20   else:\n\
                     \x20       lo, hi = 0, 1 << 33\n\
                     \x20       while hi - lo > 1:\n\
                     \x20           j = (lo + hi) // 2\n\
                     \x20           if b[-1] + j * d + {e} * (j * (j + 1) // 2) <= {n}:\n\
                     \x20               lo = j\n\
                     \x20           else:\n\
                     \x20               hi = j\n\
                     \x20       i = {m1} + lo\n",
                    self.list(&self.ends),
                    m1 = m - 1,
                )
            }
        };
        let (vals, ret) = if self.outcomes {
            let s: String = self.vals.iter().map(|&v| letter(v) as char).collect();
            (format!("    v = \"{s}\"  # the runs' outcomes\n"), "v[j0 + (i - j0) % q]")
        } else {
            (
                format!("    v = [{}]  # the runs' values\n", self.list(&self.vals)),
                "v[j0 + (i - j0) % q] + (i - j0) // q * s",
            )
        };
        format!(
            "import bisect\n\n# for {n} >= {start}\ndef G({n}):\n{find}{vals}\
             \x20   j0, q, s = {j0}, {q}, {s}\n\
             \x20   if i < len(v):\n\
             \x20       return v[i]\n\
             \x20   return {ret}\n",
            start = self.ends[0],
            j0 = self.j0,
            q = self.q,
            s = self.s,
        )
    }

    fn covers(&self) -> Covers {
        if self.outcomes { Covers::Outcomes } else { Covers::Values }
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let on = (0..self.arity).all(|a| a == self.axis || p[a] == self.base[a]);
        if !on {
            return None;
        }
        let v = self.value_of(self.run_of(p[self.axis])?)?;
        if self.outcomes {
            let o = letter(v);
            return match o {
                b'P' | b'N' => Some(Answer::of_p(o == b'P', self.misere)),
                _ => Some(Answer { value: None, outcome: o }),
            };
        }
        Some(Answer::of_value(v))
    }

    fn cost(&self) -> u64 {
        let rule = match self.rule {
            Rule::Linear { p, c, .. } => 1 + p as u64 + u64::from(c != 0),
            Rule::Quadratic { .. } => 3,
            Rule::Fibonacci { c } => 2 + u64::from(c != 0),
        };
        (self.ends.len() + self.vals.len()) as u64 + rule + u64::from(self.s != 0)
    }
}

/// The rule for the ends `b` (all known ends, the first being the table's start), fitted on
/// the last ends and extended back as far as it holds: the rule and how many ends are listed.
fn fit_rules(b: &[u64]) -> Vec<(Rule, usize)> {
    let m = b.len();
    let bi: Vec<i128> = b.iter().map(|&x| x as i128).collect();
    let mut out = Vec::new();
    // Listed ends: from the first index where the rule holds to the end, at least 2 listed.
    let keep = |holds: &dyn Fn(usize) -> bool, order: usize| -> Option<usize> {
        let mut first = m;
        while first > order && holds(first - 1) {
            first -= 1;
        }
        let listed = first.max(2);
        (first < m && m - listed >= MIN_CHECKS.max(order + 2) && listed <= MAX_LISTED)
            .then_some(listed)
    };
    for p in 1..=MAX_PERIOD {
        if m < p + 2 {
            break;
        }
        let (den, num) = (bi[m - 1 - p] - bi[m - 2 - p], bi[m - 1] - bi[m - 2]);
        if den <= 0 || num % den != 0 || num / den < 2 {
            continue;
        }
        let r = num / den;
        let c = bi[m - 1] - r * bi[m - 1 - p];
        let (Ok(ru), Ok(ci)) = (u64::try_from(r), i64::try_from(c)) else { continue };
        if let Some(listed) = keep(&|i: usize| bi[i] == r * bi[i - p] + c, p) {
            out.push((Rule::Linear { p, r: ru, c: ci }, listed));
        }
    }
    if m >= 4 {
        let e = (bi[m - 1] - bi[m - 2]) - (bi[m - 2] - bi[m - 3]);
        if e >= 1 {
            let holds = |i: usize| (bi[i] - bi[i - 1]) - (bi[i - 1] - bi[i - 2]) == e;
            if let Some(listed) = keep(&holds, 2) {
                out.push((Rule::Quadratic { e: e as u64 }, listed));
            }
        }
        let c = bi[m - 1] - bi[m - 2] - bi[m - 3];
        if let Ok(ci) = i64::try_from(c) {
            let holds = |i: usize| bi[i] == bi[i - 1] + bi[i - 2] + c;
            if let Some(listed) = keep(&holds, 2) {
                out.push((Rule::Fibonacci { c: ci }, listed));
            }
        }
    }
    out
}

/// The shortest rule for the run values: `(j0, q, s)` with `v_i = v_{i-q} + s` from run
/// `j0 + q` on.
fn fit_values(v: &[u64], saltus: bool) -> Option<(usize, usize, u64)> {
    let m = v.len();
    let mut best: Option<(usize, usize, u64)> = None;
    for q in 1..=MAX_PERIOD.min(m.saturating_sub(1)) {
        let s = v[m - 1] as i128 - v[m - 1 - q] as i128;
        if s < 0 || (s > 0 && !saltus) {
            continue;
        }
        let mut first = m;
        while first > q && v[first - 1] as i128 == v[first - 1 - q] as i128 + s {
            first -= 1;
        }
        let j0 = first - q;
        if m - first < MIN_CHECKS.max(q + 1) || first > MAX_LISTED {
            continue;
        }
        if best.is_none_or(|(bj, bq, _)| j0 + q < bj + bq) {
            best = Some((j0, q, s as u64));
        }
    }
    best
}

/// Candidates for a 1-D table.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let Some(l) = line(t) else { return Vec::new() };
    let arity = t.space.arity();
    let finite = !t.misere && l.grundy.iter().all(|&g| g != NO_VALUE && g != LOOPY);
    let outcomes = !finite;
    let symbols: Vec<u64> = if finite {
        l.grundy.iter().map(|&g| g as u64).collect()
    } else {
        let mut s = Vec::with_capacity(l.outcome.len());
        for &o in &l.outcome {
            match o {
                b'P' => s.push(0),
                b'N' => s.push(1),
                b'D' => s.push(2),
                _ => return Vec::new(),
            }
        }
        s
    };
    let (mut ends, mut vals) = (Vec::new(), Vec::new());
    for (i, &v) in symbols.iter().enumerate() {
        if vals.last() != Some(&v) {
            ends.push(l.start + i as u64);
            vals.push(v);
        }
    }
    if ends.len() < MIN_CHECKS + 3 {
        return Vec::new();
    }
    let Some((j0, q, s)) = fit_values(&vals, !outcomes) else { return Vec::new() };
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    for (rule, listed) in fit_rules(&ends) {
        out.push(Box::new(Intervals {
            arity,
            axis: l.axis,
            base: l.base,
            ends: ends[..listed].to_vec(),
            rule,
            vals: vals[..j0 + q].to_vec(),
            j0,
            q,
            s,
            outcomes,
            misere: t.misere,
        }));
    }
    out
}
