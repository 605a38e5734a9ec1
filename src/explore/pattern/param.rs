//! Family 6: patterns across a parameter. In a 2-D table whose first free coordinate `k` is a
//! rule's parameter (k in "take 1 or k", p in "take p..q"), each row along the second
//! coordinate `n` is periodic from the row's start with a period that depends on `k`.
//!
//! The detector reads each row's least period `p(k)` (the outcomes, preperiod 0 from the
//! box's first `n`, shown at least twice in the row), then fits, shortest first, a rule
//! piecewise in `k mod m` (m = 1..=6, at least [`MIN_ROWS_PER_CLASS`] rows per class): per
//! class a period `a·k + b` (exact integers) and a rule inside one period on `r = (n - n_lo)
//! mod p(k)`: "P iff r = c(k)" or "P iff r < c(k) and r ≡ e (mod s)" (s = 1, 2, 3), with
//! `c(k) = c1·k + c0` (|c1| <= 3). No table lookup: the rule answers for every k >= the box's
//! first k, or its second when the first row is a rule of its own ("period k + 1 when k is
//! even, else period 2" for take 1 or k). The values, where the table has them: `F(k, r)`,
//! the grammar's formula of the rows folded by their periods; a value is given where `F`
//! speaks and agrees with the outcome rule, else the outcome alone.

use super::grammar::Grammar;
use super::grammar::search::{Budget, search};
use super::{Answer, Covers, Formula, Frame, as_function, linear, rows};
use crate::explore::space::Space;
use crate::explore::table::{NO_VALUE, Table};

/// The fewest rows a table must have.
pub const MIN_ROWS: usize = 6;
/// The fewest rows of each residue class of `k mod m`.
pub const MIN_ROWS_PER_CLASS: usize = 3;
/// The largest modulus of the piecewise rule.
pub const MAX_M: u64 = 6;

/// The rule inside one period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Inside {
    /// P iff r = c(k).
    Equal,
    /// P iff r < c(k) and r ≡ e (mod s).
    Below { s: u64, e: u64 },
}

/// One residue class of k: its period and its rule.
#[derive(Debug, Clone)]
struct Class {
    /// Period `pa·k + pb`.
    pa: i128,
    pb: i128,
    /// Cut `ca·k + cb`.
    ca: i128,
    cb: i128,
    inside: Inside,
}

impl Class {
    fn period(&self, k: u64) -> Option<u64> {
        let p = self.pa.checked_mul(k as i128)?.checked_add(self.pb)?;
        (p >= 1).then(|| u64::try_from(p).ok()).flatten()
    }

    fn is_p(&self, k: u64, r: u64) -> bool {
        let c = self.ca * k as i128 + self.cb;
        match self.inside {
            Inside::Equal => r as i128 == c,
            Inside::Below { s, e } => (r as i128) < c && r % s == e,
        }
    }
}

/// P-positions of row k by a rule in k (see the module doc).
pub struct ParamRows {
    frame: Frame,
    /// Rule per class of `k mod m`.
    classes: Vec<Class>,
    /// The values, `G(k, n) = F(k, r)` with `r` the offset in the row's period, where the
    /// grammar finds `F` on the rows folded by their periods (each row's first period).
    values: Option<Grammar>,
}

/// `(a + 1)` but `2`, `a`: parentheses only around a sum.
fn paren(s: &str) -> String {
    if s.contains(' ') { format!("({s})") } else { s.to_string() }
}

impl ParamRows {
    fn m(&self) -> u64 {
        self.classes.len() as u64
    }

    /// `n` or `(n - 3)`: the offset from the row's start.
    fn offset(&self) -> String {
        let n = self.frame.name(1);
        match self.frame.lo[1] {
            0 => n.to_string(),
            lo => format!("({n} - {lo})"),
        }
    }

    fn class_words(&self, c: &Class) -> String {
        let k = self.frame.name(0);
        let p = linear(k, c.pa, c.pb, false);
        let r = format!("{} mod {}", self.offset(), paren(&p));
        let cut = linear(k, c.ca, c.cb, false);
        let rule = match c.inside {
            Inside::Equal => format!("{r} = {cut}"),
            Inside::Below { s: 1, .. } => format!("{r} < {cut}"),
            Inside::Below { s, e } => format!("r = {r} has r mod {s} = {e} and r < {cut}"),
        };
        format!("P exactly when {rule} (period {p})")
    }

    fn class_code(&self, c: &Class, python: bool) -> String {
        let k = self.frame.name(0);
        let r = format!("{} % {}", self.offset(), paren(&linear(k, c.pa, c.pb, true)));
        let cut = linear(k, c.ca, c.cb, true);
        let and = if python { "and" } else { "&&" };
        match c.inside {
            Inside::Equal => format!("{r} == {cut}"),
            Inside::Below { s: 1, .. } => format!("{r} < {cut}"),
            Inside::Below { s, e } => format!("({r}) % {s} == {e} {and} {r} < {cut}"),
        }
    }

    /// The outcome (a bool), or with values the function `G` calling the grammar's `F`.
    fn code(&self, python: bool) -> String {
        let Some(f) = &self.values else {
            return self.by_class(python, &|c| self.class_code(c, python));
        };
        let (k, n) = (self.frame.name(0), self.frame.name(1));
        let call = self.by_class(python, &|c| {
            format!("F({k}, {} % {})", self.offset(), paren(&linear(k, c.pa, c.pb, true)))
        });
        let f = as_function(&if python { f.python() } else { f.cpp() }, "F", &["a", "b"], !python);
        match python {
            true => format!("{f}\ndef G({k}, {n}):\n    return {call}\n"),
            false => {
                format!("{f}\nlong long G(long long {k}, long long {n}) {{ return {call}; }}\n")
            }
        }
    }

    /// One expression per class, chosen by `k mod m`.
    fn by_class(&self, python: bool, part: &dyn Fn(&Class) -> String) -> String {
        let k = self.frame.name(0);
        let m = self.m();
        let parts: Vec<String> = self.classes.iter().map(|c| format!("({})", part(c))).collect();
        if m == 1 {
            return parts[0].clone();
        }
        let mut s = parts[m as usize - 1].clone();
        for j in (0..m as usize - 1).rev() {
            s = if python {
                format!("{} if {k} % {m} == {j} else ({s})", parts[j])
            } else {
                format!("{k} % {m} == {j} ? {} : ({s})", parts[j])
            };
        }
        s
    }
}

impl Formula for ParamRows {
    fn family(&self) -> &'static str {
        "param"
    }

    fn words(&self) -> String {
        let k = self.frame.name(0);
        let parts: Vec<String> = if self.m() == 1 {
            vec![self.class_words(&self.classes[0])]
        } else {
            self.classes
                .iter()
                .enumerate()
                .map(|(j, c)| format!("when {k} mod {} = {j}: {}", self.m(), self.class_words(c)))
                .collect()
        };
        let values = match &self.values {
            Some(f) => format!(
                "; the values G = F({k}, r), r the offset in the row's period: F = {}",
                f.words()
            ),
            None => String::new(),
        };
        format!("row {k}: {}{values}", parts.join("; "))
    }

    fn cpp(&self) -> String {
        self.code(false)
    }

    fn python(&self) -> String {
        self.code(true)
    }

    fn covers(&self) -> Covers {
        if self.values.is_some() { Covers::Values } else { Covers::Outcomes }
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.frame.coords(p)?;
        let (k, n) = (x[0], x[1]);
        if k < self.frame.lo[0] || n < self.frame.lo[1] {
            return None;
        }
        let c = &self.classes[(k % self.m()) as usize];
        let r = (n - self.frame.lo[1]) % c.period(k)?;
        // The outcome rule, with the value where the values' formula speaks and agrees.
        let outcome = Answer::of_p(c.is_p(k, r), self.frame.misere);
        let value = self.values.as_ref().and_then(|f| f.at(&[k, r]));
        Some(value.filter(|a| a.outcome == outcome.outcome).unwrap_or(outcome))
    }

    fn cost(&self) -> u64 {
        3 + 4 * self.m() + self.values.as_ref().map_or(0, |f| f.size() as u64)
    }
}

/// The least period of a row from its start (shown twice at least), from the prefix function.
fn row_period(seq: &[bool]) -> Option<u64> {
    let n = seq.len();
    if n == 0 {
        return None;
    }
    let mut pi = vec![0usize; n];
    for i in 1..n {
        let mut j = pi[i - 1];
        while j > 0 && seq[i] != seq[j] {
            j = pi[j - 1];
        }
        if seq[i] == seq[j] {
            j += 1;
        }
        pi[i] = j;
    }
    let p = n - pi[n - 1];
    (2 * p <= n).then_some(p as u64)
}

/// The exact line `a·k + b` through every point, if its slope is an integer.
fn fit_line(pts: &[(u64, u64)]) -> Option<(i128, i128)> {
    let (k0, p0) = (pts[0].0 as i128, pts[0].1 as i128);
    let (k1, p1) = (pts[1].0 as i128, pts[1].1 as i128);
    if (p1 - p0) % (k1 - k0) != 0 {
        return None;
    }
    let a = (p1 - p0) / (k1 - k0);
    let b = p0 - a * k0;
    pts.iter().all(|&(k, p)| a * k as i128 + b == p as i128).then_some((a, b))
}

/// The cuts `c` (an interval, `i128` ends) for which the rule reproduces one period.
fn cut_range(one: &[bool], inside: Inside) -> Option<(i128, i128)> {
    let p = one.len() as u64;
    let ps: Vec<u64> = (0..p).filter(|&r| one[r as usize]).collect();
    const FAR: i128 = 1 << 80;
    match inside {
        Inside::Equal => (ps.len() == 1).then(|| (ps[0] as i128, ps[0] as i128)),
        Inside::Below { s, e } => {
            let want: Vec<u64> = (0..p).filter(|&r| r % s == e).collect();
            // The P residues must be a prefix of `want`.
            if ps.len() > want.len() || want[..ps.len()] != ps[..] {
                return None;
            }
            let lo = ps.last().map_or(-FAR, |&r| r as i128 + 1);
            let hi = want.get(ps.len()).map_or(FAR, |&r| r as i128);
            Some((lo, hi))
        }
    }
}

/// A class's rule: the shapes shortest first, `c1` small first, `c0` nearest 0.
fn fit_class(rows: &[(u64, Vec<bool>)], pa: i128, pb: i128) -> Option<Class> {
    let mut shapes = vec![Inside::Equal];
    for s in 1..=3u64 {
        shapes.extend((0..s).map(|e| Inside::Below { s, e }));
    }
    for inside in shapes {
        let Some(ranges) =
            rows.iter().map(|(_, one)| cut_range(one, inside)).collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        for ca in [0i128, 1, -1, 2, -2, 3, -3] {
            let (mut lo, mut hi) = (i128::MIN, i128::MAX);
            for ((k, _), &(l, h)) in rows.iter().zip(&ranges) {
                lo = lo.max(l - ca * *k as i128);
                hi = hi.min(h - ca * *k as i128);
            }
            if lo <= hi {
                let cb = 0i128.clamp(lo, hi);
                return Some(Class { pa, pb, ca, cb, inside });
            }
        }
    }
    None
}

/// Candidates for a 2-D table (first free coordinate the parameter k, the second n).
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let Some((_, _, lines)) = rows(t) else { return Vec::new() };
    if lines.len() < MIN_ROWS {
        return Vec::new();
    }
    let frame = Frame::of(t);
    let mut data: Vec<(u64, Vec<bool>, u64)> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if l.outcome.iter().any(|&c| c != b'P' && c != b'N') {
            return Vec::new();
        }
        let seq: Vec<bool> = l.outcome.iter().map(|&c| c == b'P').collect();
        let Some(p) = row_period(&seq) else { return Vec::new() };
        data.push((frame.lo[0] + i as u64, seq, p));
    }
    // The rows from the box's first, else from its second (a first row of its own, such as
    // k = 0 where the rule's parameter means something else, is left to its row pattern).
    for skip in [0, 1] {
        let mut frame = frame.clone();
        frame.lo[0] += skip as u64;
        for m in (1..=MAX_M).filter(|_| data.len() - skip >= MIN_ROWS) {
            if let Some(classes) = fit(&data[skip..], m) {
                let values = folded_values(t, &frame, &classes);
                return vec![Box::new(ParamRows { frame, classes, values })];
            }
        }
    }
    Vec::new()
}

/// The grammar's formula `F(k, r)` of the values of every row's first period (the rest of each
/// row repeats it, which [`super::verify`] checks), if the table has values and one is found.
fn folded_values(t: &Table, frame: &Frame, classes: &[Class]) -> Option<Grammar> {
    let free = t.space.free_axes();
    let (m, k_lo, width) = (classes.len() as u64, frame.lo[0], t.space.width(free[1]));
    let first = (k_lo - t.space.lo[free[0]]) as usize;
    let period = |k: u64| classes[(k % m) as usize].period(k).filter(|&p| p <= width);
    let rows = (frame.hi[0] - k_lo + 1) as usize;
    let ps: Vec<u64> = (0..rows).map(|i| period(k_lo + i as u64)).collect::<Option<_>>()?;
    let p_max = *ps.iter().max()?;
    if !t.all_finite() || p_max < 2 {
        return None;
    }
    let space = Space::from_ranges(&[(k_lo, frame.hi[0]), (0, p_max - 1)]);
    let mut g = vec![NO_VALUE; space.cells()];
    for (i, &p) in ps.iter().enumerate() {
        for r in 0..p as usize {
            g[i * p_max as usize + r] = t.grundy[(first + i) * width as usize + r];
        }
    }
    let mut folded = Table::from_grundy(space, g);
    for c in 0..folded.cells() {
        if folded.grundy[c] == NO_VALUE {
            folded.outcome[c] = b'?';
        }
    }
    let found = search(&folded, &Budget::default());
    found.into_iter().find(|f| f.covers() == Covers::Values)
}

/// The rule piecewise in `k mod m`, if every class fits.
fn fit(data: &[(u64, Vec<bool>, u64)], m: u64) -> Option<Vec<Class>> {
    let mut classes = Vec::new();
    for j in 0..m {
        let rows: Vec<&(u64, Vec<bool>, u64)> = data.iter().filter(|d| d.0 % m == j).collect();
        if rows.len() < MIN_ROWS_PER_CLASS {
            return None;
        }
        let pts: Vec<(u64, u64)> = rows.iter().map(|d| (d.0, d.2)).collect();
        let (pa, pb) = fit_line(&pts)?;
        let ones: Vec<(u64, Vec<bool>)> =
            rows.iter().map(|d| (d.0, d.1[..d.2 as usize].to_vec())).collect();
        classes.push(fit_class(&ones, pa, pb)?);
    }
    Some(classes)
}
