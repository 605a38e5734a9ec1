//! Families 1 and 2: eventually periodic lines, G(n + p) = G(n) for n >= n0, and arithmetic-
//! periodic ones, G(n + p) = G(n) + s (all-but games, rows of Wythoff-like tables); also the
//! outcomes alone when the values are not all integers (misère, loopy games).
//!
//! The search is the one `games sg` uses: the smallest period of every suffix from one prefix
//! function ([`crate::sg::table::suffix_periods`]), on the values, else on their first
//! differences. A period is only proposed on enough evidence ([`enough`]): the line holds at
//! least `3 n0 / 2 + 3 p` entries, so that past the preperiod the period is seen three times
//! (the last two repeating the first exactly) and the entries it explains beyond its own
//! description (`n0 + p` listed values) number at least `2 p + n0 / 2`. That is a box of
//! 1.5 x (n0 + 2p), where a contestant's table shows the period; `games sg` keeps the stricter
//! `2 n0 + 3 p` for a period it only observes. A period seen on fewer than `2 n0 + 3 p` entries
//! is kept only where no other pattern of the whole table explains what it explains
//! ([`super::find`]): the last level of a self-similar line (G(n) = F(G(floor(n/10)), n mod
//! 10) on 0..1999) looks periodic from 1000 on, and the rule that explains the whole box
//! is the shorter answer. Beyond the box the period stays a conjecture, and the guard
//! ([`crate::explore::guard`]) computes a band past the box for real and checks the game's
//! rule far away before it answers.

use super::{Answer, Covers, Domain, Formula, line, var};
use crate::explore::space::Coords;
use crate::explore::table::{LOOPY, NO_VALUE, Table};
use crate::sg::table::suffix_periods;

/// The shortest saltus period that [`Periodic::beatty_like`] keeps inside the box (a
/// shorter one, such as floor(3n/2)'s, is itself the shortest explanation).
pub const BEATTY_PERIOD: u64 = 5;

/// A periodic (or arithmetic-periodic) line.
#[derive(Debug, Clone)]
pub struct Periodic {
    /// Coordinates of the game.
    pub arity: usize,
    /// The coordinate that varies.
    pub axis: usize,
    /// The other coordinates; `base[axis]` is the first value of the varying one.
    pub base: Coords,
    /// The line is the whole (1-D) box, rather than one row of a larger table.
    pub whole: bool,
    /// The relation holds from offset n0 (relative to `base[axis]`).
    pub n0: u64,
    /// The period.
    pub p: u64,
    /// The saltus (0: plain period).
    pub saltus: u64,
    /// The values (or outcome letters) at offsets `0 .. n0 + p`.
    pub head: Vec<u32>,
    /// Outcome letters instead of values.
    pub outcomes: bool,
    /// Misère play (an outcome P has no value 0).
    pub misere: bool,
    /// The entries of the line in the box (the evidence: `len - n0` of them past the
    /// preperiod).
    pub len: u64,
    /// Seen on fewer than `2 n0 + 3 p` entries ([`strong`]): kept only where no other
    /// pattern explains the table ([`Formula::weak_evidence`]).
    pub weak: bool,
}

/// The evidence rule of an observed period: a line of `l` entries shows the period `p` from
/// offset `s` on when `l >= 3 s / 2 + 3 p` (the module's doc says why).
pub fn enough(l: u64, s: u64, p: u64) -> bool {
    p >= 1 && l - s.min(l) >= 3 * p && 2 * l >= 3 * s + 6 * p
}

/// The stricter rule of `games sg`, `l >= 2 s + 3 p`: the part past the preperiod is at
/// least as long as the preperiod and three periods more.
pub fn strong(l: u64, s: u64, p: u64) -> bool {
    p >= 1 && l >= 2 * s + 3 * p
}

/// The least length of a line that [`enough`] accepts for the period `p` from `s`.
pub fn enough_length(s: u64, p: u64) -> u64 {
    (3 * s + 6 * p).div_ceil(2)
}

/// The least (n0, p, saltus) that a sequence shows with enough evidence.
pub fn find_period(seq: &[u32]) -> Option<(u64, u64, u64)> {
    let l = seq.len() as u64;
    let fits = |s: u64, p: u64| enough(l, s, p);
    if let Some((s, p)) = least(&suffix_periods(seq)?, fits) {
        return Some((s, p, 0));
    }
    if seq.len() < 2 {
        return None;
    }
    let diffs: Vec<i64> = seq.windows(2).map(|w| w[1] as i64 - w[0] as i64).collect();
    let (s, p) = least(&suffix_periods(&diffs)?, fits)?;
    let saltus = seq[(s + p) as usize] as i64 - seq[s as usize] as i64;
    (saltus > 0).then_some((s, p, saltus as u64))
}

/// A period the sequence shows (two full periods at least) but on too few entries for the
/// evidence rule: the length that would suffice ([`enough_length`]), the least such.
pub fn needed_length(seq: &[u32]) -> Option<u64> {
    let l = seq.len() as u64;
    let periods = suffix_periods(seq)?;
    periods
        .iter()
        .enumerate()
        .map(|(s, &p)| (s as u64, p as u64))
        .filter(|&(s, p)| p >= 1 && l - s >= 2 * p && !enough(l, s, p))
        .map(|(s, p)| enough_length(s, p))
        .min()
}

/// The least period p, then the least start s, among the suffixes' own least periods.
fn least(periods: &[u32], fits: impl Fn(u64, u64) -> bool) -> Option<(u64, u64)> {
    let mut best: Option<(u64, u64)> = None;
    for (s, &p) in periods.iter().enumerate() {
        let (s, p) = (s as u64, p as u64);
        if fits(s, p) && best.is_none_or(|(_, bp)| p < bp) {
            best = Some((s, p));
        }
    }
    best
}

impl Periodic {
    /// The words of a period of outcomes (`on`: the line, `evidence`: what was checked).
    fn outcome_words(&self, period: &[u32], (on, evidence): (&str, &str)) -> String {
        let x = self.x();
        let from = self.start() + self.n0;
        let before = if self.n0 > 0 {
            format!(
                "; before {x} = {from} the outcomes are {}",
                &self.letters()[..self.n0 as usize]
            )
        } else {
            String::new()
        };
        if period.iter().all(|&c| c == period[0]) {
            return format!(
                "every {x} >= {from}{on} is {}{before}{evidence}",
                period[0] as u8 as char
            );
        }
        let ps: Vec<String> = (0..self.p)
            .filter(|&r| self.head[(self.n0 + r) as usize] == b'P' as u32)
            .map(|r| ((from + r) % self.p).to_string())
            .collect();
        let rule = match ps.len() {
            0 => format!("no P-position; the outcomes {} repeat", self.period_letters()),
            1 => format!("P exactly when {x} mod {} = {}", self.p, ps[0]),
            _ => format!("P exactly when {x} mod {} is in {{{}}}", self.p, ps.join(", ")),
        };
        format!(
            "outcomes{on} repeat with period {} from {x} = {from}: {rule}{before}{evidence}",
            self.p
        )
    }

    /// A periodic formula for `seq` along a line, if `seq` shows one.
    pub fn of(
        seq: &[u32],
        arity: usize,
        axis: usize,
        base: Coords,
        whole: bool,
        outcomes: bool,
        misere: bool,
    ) -> Option<Periodic> {
        let (n0, p, saltus) = find_period(seq)?;
        if outcomes && saltus != 0 {
            return None;
        }
        let head = seq[..(n0 + p) as usize].to_vec();
        let len = seq.len() as u64;
        let weak = !strong(len, n0, p);
        Some(Periodic {
            arity,
            axis,
            base,
            whole,
            n0,
            p,
            saltus,
            head,
            outcomes,
            misere,
            len,
            weak,
        })
    }

    fn start(&self) -> u64 {
        self.base[self.axis]
    }

    /// A rational slope that every Beatty line shows on a box: a saltus period of at least
    /// [`BEATTY_PERIOD`] entries that rises by `floor(s/p)` or one more at each step (a
    /// Beatty line floor(n·α) of any slope α near s/p, irrational ones among them, gives the
    /// same box and parts from the period further on). Such a period is longer than the
    /// floor(n·α) that would say the box (description length), so it is not the shortest
    /// explanation and says nothing beyond the box.
    pub fn beatty_like(&self) -> bool {
        if self.saltus == 0 || self.outcomes || self.p < BEATTY_PERIOD {
            return false;
        }
        let q = (self.saltus / self.p) as i128;
        (self.n0..self.n0 + self.p).all(|i| match (self.get(i), self.get(i + 1)) {
            (Some(a), Some(b)) => b as i128 - a as i128 == q || b as i128 - a as i128 == q + 1,
            _ => false,
        })
    }

    /// Why a Beatty-like period says nothing at offset `i` (past the box).
    fn beyond_words(&self, i: u64) -> Option<String> {
        (self.beatty_like() && i >= self.len).then(|| {
            let q = self.saltus / self.p;
            format!(
                "{}'s period {} rises by {q} or {} at each step, as every Beatty line                  floor(n*alpha) of a slope near {}/{} does on the box: a line of an irrational                  slope fits the box as well and parts from the period beyond it (a period this                  long is no evidence there)",
                self.name(),
                self.p,
                q + 1,
                self.saltus,
                self.p
            )
        })
    }

    /// The value (or letter) at offset i.
    pub fn get(&self, i: u64) -> Option<u64> {
        let end = self.n0 + self.p;
        if i < end {
            return Some(self.head[i as usize] as u64);
        }
        let (q, r) = ((i - self.n0) / self.p, (i - self.n0) % self.p);
        let base = self.head[(self.n0 + r) as usize] as u64;
        q.checked_mul(self.saltus)?.checked_add(base)
    }

    /// The name of the line's function: `G(n)`, or `G(1, b)` for a row.
    fn name(&self) -> String {
        let args: Vec<String> = (0..self.arity)
            .map(|a| {
                if a == self.axis {
                    var(self.arity, a).to_string()
                } else {
                    self.base[a].to_string()
                }
            })
            .collect();
        format!("G({})", args.join(", "))
    }

    fn x(&self) -> &'static str {
        var(self.arity, self.axis)
    }

    fn period_letters(&self) -> String {
        self.letters()[self.n0 as usize..].to_string()
    }

    /// How `T` is indexed: the offset `i` from the line's start (`None` where it is `x`
    /// itself), the length of the listed head (`None` without a preperiod), and the returned
    /// expression (with the saltus term); no `- 0`, no `0 +`, no `* 1`.
    fn index_code(&self, x: &str, div: &str) -> (Option<String>, Option<u64>, String) {
        let start = self.start();
        let (def, i) = if start == 0 {
            (None, x.to_string())
        } else {
            (Some(format!("{x} - {start}")), "i".to_string())
        };
        let step_of = |q: String| match self.saltus {
            0 => String::new(),
            1 => format!(" + {q}"),
            s => format!(" + {q} * {s}"),
        };
        let (n0, p) = (self.n0, self.p);
        if n0 == 0 {
            let q = if p == 1 { i.clone() } else { format!("{i} {div} {p}") };
            let idx = if p == 1 { "0".to_string() } else { format!("{i} % {p}") };
            return (def, None, format!("T[{idx}]{}", step_of(q)));
        }
        let r = if p == 1 { String::new() } else { format!(" + ({i} - {n0}) % {p}") };
        let q = if p == 1 { format!("({i} - {n0})") } else { format!("({i} - {n0}) {div} {p}") };
        (def, Some(n0 + p), format!("T[{n0}{r}]{}", step_of(q)))
    }

    fn letters(&self) -> String {
        self.head.iter().map(|&c| c as u8 as char).collect()
    }
}

impl Formula for Periodic {
    fn family(&self) -> &'static str {
        if self.saltus > 0 { "arithmetic-periodic" } else { "periodic" }
    }

    fn words(&self) -> String {
        let x = self.x();
        let from = self.start() + self.n0;
        let on = if self.whole { String::new() } else { format!(" on the line {}", self.name()) };
        let evidence = if self.n0 > 0 {
            format!(
                "; checked on {} of the {} entries, those past the preperiod n0 = {from}",
                self.len - self.n0,
                self.len
            )
        } else {
            String::new()
        };
        let period: Vec<u32> = self.head[self.n0 as usize..].to_vec();
        if self.outcomes {
            return self.outcome_words(&period, (&on, &evidence));
        }
        let g = self.name();
        let pre = if self.n0 > 0 {
            let pre: Vec<String> =
                self.head[..self.n0 as usize].iter().map(|v| v.to_string()).collect();
            format!("; exceptions before {x} = {from}: {}", pre.join(" "))
        } else {
            String::new()
        };
        if self.p == 1 && self.saltus == 0 {
            return format!("{g} = {} for every {x} >= {from}{pre}{evidence}", period[0]);
        }
        if self.p == 1 {
            let c = from as i128;
            let v0 = period[0] as i128;
            let expr = super::linear(x, self.saltus as i128, v0 - self.saltus as i128 * c, false);
            return format!("{g} = {expr} for {x} >= {from}{pre}{evidence}");
        }
        let vals: Vec<String> = period.iter().map(|v| v.to_string()).collect();
        let shifted = g.replace(x, &format!("{x} + {}", self.p));
        let rel = if self.saltus > 0 {
            format!("{shifted} = {g} + {}", self.saltus)
        } else {
            format!("{shifted} = {g}")
        };
        let kind = if self.saltus > 0 {
            format!("period {}, saltus {}", self.p, self.saltus)
        } else {
            format!("period {}", self.p)
        };
        let beyond = if self.beatty_like() {
            "; a Beatty-like slope: says nothing beyond the box"
        } else {
            ""
        };
        format!(
            "{rel} for {x} >= {from} ({kind}; one period from {x} = {from}: {}){pre}{evidence}{beyond}",
            vals.join(" ")
        )
    }

    fn cpp(&self) -> String {
        let x = self.x();
        let guard =
            if self.whole { String::new() } else { format!("  // on the line {}\n", self.name()) };
        let ret_ty = if self.outcomes { "char" } else { "long long" };
        let table = if self.outcomes {
            format!("  static const char* T = \"{}\";\n", self.letters())
        } else {
            let head: Vec<String> = self.head.iter().map(|v| v.to_string()).collect();
            format!("  static const long long T[] = {{{}}};\n", head.join(", "))
        };
        let (def, head, ret) = self.index_code(x, "/");
        let i = if def.is_some() { "i" } else { x };
        let mut body = String::new();
        if let Some(d) = def {
            body.push_str(&format!("  long long i = {d};\n"));
        }
        if let Some(h) = head {
            body.push_str(&format!("  if ({i} < {h}) return T[{i}];\n"));
        }
        format!(
            "{ret_ty} G(long long {x}) {{  // {x} >= {start}\n{guard}{table}{body}  return {ret};\n}}",
            ret_ty = ret_ty,
            start = self.start(),
        )
    }

    fn python(&self) -> String {
        let x = self.x();
        let table = if self.outcomes {
            format!("\"{}\"", self.letters())
        } else {
            format!("[{}]", self.head.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "))
        };
        let (def, head, ret) = self.index_code(x, "//");
        let i = if def.is_some() { "i" } else { x };
        let mut body = String::new();
        if let Some(d) = def {
            body.push_str(&format!("    i = {d}\n"));
        }
        if let Some(h) = head {
            body.push_str(&format!("    if {i} < {h}:\n        return T[{i}]\n"));
        }
        format!(
            "def G({x}):  # {x} >= {start}\n    T = {table}\n{body}    return {ret}",
            start = self.start(),
        )
    }

    fn covers(&self) -> Covers {
        if self.outcomes { Covers::Outcomes } else { Covers::Values }
    }

    fn at(&self, q: &[u64]) -> Option<Answer> {
        if (0..self.arity).any(|a| a != self.axis && q[a] != self.base[a])
            || q[self.axis] < self.start()
        {
            return None;
        }
        let i = q[self.axis] - self.start();
        if self.beyond_words(i).is_some() {
            return None;
        }
        let v = self.get(i)?;
        if self.outcomes {
            return Some(Answer::of_letter(v as u8, self.misere));
        }
        Some(Answer::of_value(v))
    }

    fn lists_exceptions(&self) -> bool {
        let n0 = self.n0 as usize;
        let period = &self.head[n0.min(self.head.len())..];
        self.saltus == 0 && self.head[..n0.min(self.head.len())].iter().any(|v| !period.contains(v))
    }

    fn rational_slope(&self) -> bool {
        self.saltus > 0 && self.p >= 2
    }

    fn weak_evidence(&self) -> bool {
        self.weak
    }

    fn below_floor(&self, q: &[u64]) -> Option<String> {
        if (0..self.arity).any(|a| a != self.axis && q[a] != self.base[a])
            || q[self.axis] < self.start()
        {
            return None;
        }
        self.beyond_words(q[self.axis] - self.start())
    }

    fn cost(&self) -> u64 {
        // A row of a larger table says less than a pattern of the whole table: listed after.
        2 * self.p + self.n0 + 1 + if self.whole { 0 } else { 1000 }
    }

    fn domain(&self) -> Domain {
        if self.whole { Domain::All } else { Domain::Line { axis: self.axis, base: self.base } }
    }

    fn moved(&self, base: Coords) -> Option<Box<dyn Formula>> {
        let mut f = self.clone();
        f.base = base;
        f.base[self.axis] = self.base[self.axis];
        Some(Box::new(f))
    }
}

/// The values (or letters) of a line, if all are decided.
pub fn sequence(grundy: &[u32], outcome: &[u8], outcomes: bool) -> Option<Vec<u32>> {
    if outcomes {
        outcome.iter().all(|&c| c != b'?').then(|| outcome.iter().map(|&c| c as u32).collect())
    } else {
        grundy.iter().all(|&g| g != NO_VALUE && g != LOOPY).then(|| grundy.to_vec())
    }
}

/// Candidates for a 1-D table: the values' period, else the outcomes'.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let Some(l) = line(t) else { return Vec::new() };
    let arity = t.space.arity();
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    for outcomes in [false, true] {
        if outcomes && !out.is_empty() {
            break;
        }
        if !outcomes && t.misere {
            continue;
        }
        if let Some(seq) = sequence(&l.grundy, &l.outcome, outcomes)
            && let Some(f) = Periodic::of(&seq, arity, l.axis, l.base, true, outcomes, t.misere)
        {
            out.push(Box::new(f));
        }
    }
    out
}
