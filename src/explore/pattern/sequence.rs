//! Family 5, 1-D: the P-positions of a line are exactly the members of a known sequence
//! ([`Seq`]): Fibonacci numbers (hdu2516, Fibonacci nim: the first player loses exactly when
//! `n` is a Fibonacci number), Lucas numbers, squares, cubes, triangular and pronic numbers,
//! powers of `k` and powers of `k` minus 1 (`k` from 2 to 10).
//!
//! The pattern covers outcomes only (the values of N-positions are not predicted). A few
//! entries at the very start may differ (at most [`MAX_EXCEPTIONS`], among the first
//! [`MAX_EXCEPTIONS`] entries); they are listed in the words and in the code. The table must
//! hold at least [`MIN_MEMBERS`] members of the sequence beyond them. Membership is exact for
//! every `n` up to 2^63 - 1: integer roots by binary search, sequences by iteration in `u128`.

use super::{Answer, Covers, Formula, line, var};
use crate::explore::space::Coords;
use crate::explore::table::Table;

/// The most entries at the start that may be listed as exceptions.
pub const MAX_EXCEPTIONS: usize = 3;
/// The fewest members of the sequence the table must show (beyond the exceptions).
pub const MIN_MEMBERS: usize = 4;

/// A sequence of non-negative integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seq {
    /// 1, 2, 3, 5, 8, ...
    Fibonacci,
    /// 1, 2, 3, 4, 7, 11, ...
    Lucas,
    /// 0, 1, 4, 9, ...
    Squares,
    /// 0, 1, 8, 27, ...
    Cubes,
    /// 0, 1, 3, 6, 10, ...
    Triangular,
    /// 0, 2, 6, 12, ... (k(k + 1))
    Pronic,
    /// 1, k, k^2, ...
    Powers(u64),
    /// 0, k - 1, k^2 - 1, ...
    PowersMinusOne(u64),
}

/// The largest `r` with `r^k <= n` (`k >= 1`), by binary search in `u128`.
pub(super) fn iroot(n: u64, k: u32) -> u64 {
    let (mut lo, mut hi) = (0u128, 1u128 << (64 / k + 1));
    let le = |m: u128| {
        let mut x = 1u128;
        for _ in 0..k {
            x *= m;
            if x > n as u128 {
                return false;
            }
        }
        true
    };
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if le(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo as u64
}

fn is_power(mut n: u64, k: u64) -> bool {
    if n == 0 {
        return false;
    }
    while n.is_multiple_of(k) {
        n /= k;
    }
    n == 1
}

/// Is `n` in the sequence `a, b, a + b, ...` (every term from `a`)?
fn in_recurrence(n: u64, mut a: u128, mut b: u128) -> bool {
    let n = n as u128;
    if a == n {
        return true;
    }
    while b < n {
        (a, b) = (b, a + b);
    }
    b == n
}

impl Seq {
    /// Is `n` a member?
    pub fn contains(self, n: u64) -> bool {
        match self {
            Seq::Fibonacci => in_recurrence(n, 1, 2),
            Seq::Lucas => in_recurrence(n, 2, 1),
            Seq::Squares => iroot(n, 2).pow(2) == n,
            Seq::Cubes => (iroot(n, 3) as u128).pow(3) == n as u128,
            Seq::Triangular => {
                // k(k + 1)/2 = n gives k = floor(sqrt(2n)); 2n fits in u128.
                let k = iroot_u128(2 * n as u128);
                k * (k + 1) / 2 == n as u128
            }
            Seq::Pronic => {
                let k = iroot(n, 2) as u128;
                k * (k + 1) == n as u128
            }
            Seq::Powers(k) => is_power(n, k),
            Seq::PowersMinusOne(k) => n < u64::MAX && is_power(n + 1, k),
        }
    }

    pub fn words(self) -> String {
        match self {
            Seq::Fibonacci => "the Fibonacci numbers 1, 2, 3, 5, 8, 13, ...".into(),
            Seq::Lucas => "the Lucas numbers 1, 2, 3, 4, 7, 11, 18, ...".into(),
            Seq::Squares => "the squares 0, 1, 4, 9, 16, ...".into(),
            Seq::Cubes => "the cubes 0, 1, 8, 27, 64, ...".into(),
            Seq::Triangular => "the triangular numbers 0, 1, 3, 6, 10, ...".into(),
            Seq::Pronic => "the pronic numbers k(k+1): 0, 2, 6, 12, 20, ...".into(),
            Seq::Powers(k) => format!("the powers of {k}: 1, {k}, {}, ...", k * k),
            Seq::PowersMinusOne(k) => {
                format!("the powers of {k} minus 1: 0, {}, {}, ...", k - 1, k * k - 1)
            }
        }
    }

    /// `bool inS(unsigned long long n)` in C++.
    pub fn cpp(self) -> String {
        let isqrt = "unsigned long long isqrt(unsigned long long n) {  // exact\n\
                     \x20   unsigned long long lo = 0, hi = 1ULL << 32;\n\
                     \x20   while (hi - lo > 1) { unsigned long long m = (lo + hi) / 2; if (m * m <= n) lo = m; else hi = m; }\n\
                     \x20   return lo;\n}\n";
        let rec = |a: u64, b: u64| {
            format!(
                "bool inS(unsigned long long n) {{\n\
                 \x20   unsigned long long a = {a}, b = {b};\n\
                 \x20   if (a == n) return true;\n\
                 \x20   while (b < n) {{ unsigned long long c = a + b; a = b; b = c; }}\n\
                 \x20   return b == n;\n}}\n"
            )
        };
        match self {
            Seq::Fibonacci => rec(1, 2),
            Seq::Lucas => rec(2, 1),
            Seq::Squares => format!(
                "{isqrt}bool inS(unsigned long long n) {{ unsigned long long r = isqrt(n); return r * r == n; }}\n"
            ),
            Seq::Pronic => format!(
                "{isqrt}bool inS(unsigned long long n) {{ unsigned long long r = isqrt(n); return r * (r + 1) == n; }}\n"
            ),
            Seq::Triangular => format!(
                "{isqrt}bool inS(unsigned long long n) {{ unsigned long long k = isqrt(2 * n); return k * (k + 1) / 2 == n; }}\n"
            ),
            Seq::Cubes => "bool inS(unsigned long long n) {  // exact cube root\n\
                 \x20   unsigned long long lo = 0, hi = 1ULL << 22;\n\
                 \x20   while (hi - lo > 1) { unsigned long long m = (lo + hi) / 2; if (m * m * m <= n) lo = m; else hi = m; }\n\
                 \x20   return lo * lo * lo == n;\n}\n"
                .into(),
            Seq::Powers(k) => format!(
                "bool inS(unsigned long long n) {{\n\
                 \x20   if (n == 0) return false;\n\
                 \x20   while (n % {k} == 0) n /= {k};\n\
                 \x20   return n == 1;\n}}\n"
            ),
            Seq::PowersMinusOne(k) => format!(
                "bool inS(unsigned long long n) {{\n\
                 \x20   n += 1;\n\
                 \x20   while (n % {k} == 0) n /= {k};\n\
                 \x20   return n == 1;\n}}\n"
            ),
        }
    }

    /// `def in_s(n)` in Python.
    pub fn python(self) -> String {
        let rec = |a: u64, b: u64| {
            format!(
                "def in_s(n):\n\
                 \x20   a, b = {a}, {b}\n\
                 \x20   if a == n:\n        return True\n\
                 \x20   while b < n:\n        a, b = b, a + b\n\
                 \x20   return b == n\n"
            )
        };
        match self {
            Seq::Fibonacci => rec(1, 2),
            Seq::Lucas => rec(2, 1),
            Seq::Squares => "def in_s(n):\n    return math.isqrt(n) ** 2 == n\n".into(),
            Seq::Pronic => {
                "def in_s(n):\n    r = math.isqrt(n)\n    return r * (r + 1) == n\n".into()
            }
            Seq::Triangular => {
                "def in_s(n):\n    k = math.isqrt(2 * n)\n    return k * (k + 1) // 2 == n\n".into()
            }
            Seq::Cubes => "def in_s(n):\n    lo, hi = 0, 1 << 22  # exact cube root\n\
                 \x20   while hi - lo > 1:\n        m = (lo + hi) // 2\n\
                 \x20       if m ** 3 <= n:\n            lo = m\n        else:\n            hi = m\n\
                 \x20   return lo ** 3 == n\n"
                .into(),
            Seq::Powers(k) => format!(
                "def in_s(n):\n    if n == 0:\n        return False\n\
                 \x20   while n % {k} == 0:\n        n //= {k}\n    return n == 1\n"
            ),
            Seq::PowersMinusOne(k) => format!(
                "def in_s(n):\n    n += 1\n\
                 \x20   while n % {k} == 0:\n        n //= {k}\n    return n == 1\n"
            ),
        }
    }

    pub fn cost(self) -> u64 {
        match self {
            Seq::Squares | Seq::Cubes | Seq::Triangular | Seq::Fibonacci => 2,
            Seq::Pronic | Seq::Lucas | Seq::Powers(_) => 3,
            Seq::PowersMinusOne(_) => 4,
        }
    }
}

/// `floor(sqrt(n))` for a `u128` below 2^66.
fn iroot_u128(n: u128) -> u128 {
    let (mut lo, mut hi) = (0u128, 1u128 << 34);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if mid * mid <= n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

pub fn all_seqs() -> Vec<Seq> {
    let mut s =
        vec![Seq::Fibonacci, Seq::Lucas, Seq::Squares, Seq::Cubes, Seq::Triangular, Seq::Pronic];
    s.extend((2..=10).map(Seq::Powers));
    s.extend((2..=10).map(Seq::PowersMinusOne));
    s
}

/// P exactly on the members of a sequence.
#[derive(Debug, Clone)]
pub struct Members {
    arity: usize,
    axis: usize,
    base: Coords,
    start: u64,
    seq: Seq,
    /// `(n, is P)` where the rule does not hold.
    exceptions: Vec<(u64, bool)>,
    misere: bool,
}

impl Formula for Members {
    fn family(&self) -> &'static str {
        "sequence"
    }

    fn words(&self) -> String {
        let n = var(self.arity, self.axis);
        let exc = if self.exceptions.is_empty() {
            String::new()
        } else {
            let e: Vec<String> = self
                .exceptions
                .iter()
                .map(|&(x, p)| format!("{n} = {x} is {}", if p { "P" } else { "N" }))
                .collect();
            format!(", except: {}", e.join(", "))
        };
        format!("P-positions ({n} >= {}) are exactly {}{exc}", self.start, self.seq.words())
    }

    fn cpp(&self) -> String {
        let n = var(self.arity, self.axis);
        let exc: String = self
            .exceptions
            .iter()
            .map(|&(x, p)| format!("    if ({n} == {x}) return {p};\n"))
            .collect();
        format!(
            "{}// is {n} a P-position (the player to move loses)? for {n} >= {}\n\
             bool isP(long long {n}) {{\n{exc}    return inS({n});\n}}",
            self.seq.cpp(),
            self.start
        )
    }

    fn python(&self) -> String {
        let n = var(self.arity, self.axis);
        let exc: String = self
            .exceptions
            .iter()
            .map(|&(x, p)| {
                format!("    if {n} == {x}:\n        return {}\n", if p { "True" } else { "False" })
            })
            .collect();
        format!(
            "import math\n\n{}\n# is {n} a P-position (the player to move loses)? for {n} >= {}\n\
             def is_p({n}):\n{exc}    return in_s({n})\n",
            self.seq.python(),
            self.start
        )
    }

    fn covers(&self) -> Covers {
        Covers::Outcomes
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let on = (0..self.arity).all(|a| a == self.axis || p[a] == self.base[a]);
        let n = p[self.axis];
        if !on || n < self.start {
            return None;
        }
        let is_p = match self.exceptions.iter().find(|e| e.0 == n) {
            Some(&(_, is_p)) => is_p,
            None => self.seq.contains(n),
        };
        Some(Answer::of_p(is_p, self.misere))
    }

    fn cost(&self) -> u64 {
        self.seq.cost() + self.exceptions.len() as u64
    }
}

/// Candidates for a 1-D table whose outcomes are all P or N.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let Some(l) = line(t) else { return Vec::new() };
    if l.outcome.iter().any(|&o| o != b'P' && o != b'N') || l.outcome.len() < 2 * MIN_MEMBERS {
        return Vec::new();
    }
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    for seq in all_seqs() {
        let fits = |i: usize| (l.outcome[i] == b'P') == seq.contains(l.start + i as u64);
        // Cheap refusal first: the P-positions past the start must be members.
        if (MAX_EXCEPTIONS..l.outcome.len()).any(|i| !fits(i)) {
            continue;
        }
        let members =
            (MAX_EXCEPTIONS..l.outcome.len()).filter(|&i| seq.contains(l.start + i as u64)).count();
        if members < MIN_MEMBERS || l.outcome.len() - MAX_EXCEPTIONS - members < MIN_MEMBERS {
            continue;
        }
        let exceptions = (0..MAX_EXCEPTIONS.min(l.outcome.len()))
            .filter(|&i| !fits(i))
            .map(|i| (l.start + i as u64, l.outcome[i] == b'P'))
            .collect();
        out.push(Box::new(Members {
            arity: t.space.arity(),
            axis: l.axis,
            base: l.base,
            start: l.start,
            seq,
            exceptions,
            misere: t.misere,
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn membership_against_generated_lists() {
        let limit = 100_000u64;
        let mut lists: Vec<(Seq, Vec<u64>)> = Vec::new();
        let gen_from =
            |f: &dyn Fn(u64) -> u64| (0..).map(f).take_while(|&x| x <= limit).collect::<Vec<_>>();
        lists.push((Seq::Squares, gen_from(&|k| k * k)));
        lists.push((Seq::Cubes, gen_from(&|k| k * k * k)));
        lists.push((Seq::Triangular, gen_from(&|k| k * (k + 1) / 2)));
        lists.push((Seq::Pronic, gen_from(&|k| k * (k + 1))));
        lists.push((Seq::Powers(7), gen_from(&|k| 7u64.pow(k as u32))));
        lists.push((Seq::PowersMinusOne(2), gen_from(&|k| (1u64 << k) - 1)));
        let (mut f, mut l) = (vec![1u64, 2], vec![2u64, 1]);
        while f[f.len() - 1] <= limit {
            f.push(f[f.len() - 1] + f[f.len() - 2]);
            l.push(l[l.len() - 1] + l[l.len() - 2]);
        }
        lists.push((Seq::Fibonacci, f));
        lists.push((Seq::Lucas, l));
        for (seq, list) in lists {
            for n in 0..=limit {
                assert_eq!(seq.contains(n), list.contains(&n), "{seq:?} at {n}");
            }
        }
        let s = 3_037_000_499u64;
        assert!(Seq::Squares.contains(s * s) && !Seq::Squares.contains(s * s + 1));
        assert!(Seq::Triangular.contains(s * (s + 1) / 2) && Seq::Pronic.contains(s * (s + 1)));
        assert!(Seq::Fibonacci.contains(7_540_113_804_746_346_429));
        assert!(!Seq::Fibonacci.contains(i64::MAX as u64));
        assert!(Seq::PowersMinusOne(2).contains(i64::MAX as u64));
    }
}
