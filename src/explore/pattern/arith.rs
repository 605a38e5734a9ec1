//! Family 4: a 1-D table given by an arithmetic function of `n`, plain or combined with a small
//! constant or a parity term by `+` or XOR: `G(n) = f(n) op t(n)`.
//!
//! The functions ([`Fun`]): the number of prime factors with multiplicity (Omega) and without
//! (omega), both also of the odd part of `n` (hdu6892, cutting a length into equal pieces:
//! `G(n) = Omega(odd part of n) + [n even]`), the 2-adic valuation, the popcount,
//! `floor(log2 n)` and the perfect-power indicator (`n = m^k`, `k >= 2`; 1 counts). The terms:
//! a constant 1 to 3, `[n even]`, `[n odd]`. Short formulas are tried first (cost: the function
//! 1, a term 1, each exception 1). A few entries at the very start may differ (at most
//! [`MAX_EXCEPTIONS`], among the first [`MAX_EXCEPTIONS`] entries; 0 always, where no
//! function but the popcount is defined): they are listed in the words and in the code.
//!
//! `at` is exact for every `n` up to 2^63 - 1: the factor counts come from
//! [`crate::theory::factor`] (deterministic Miller-Rabin, trial division to the cube root and
//! its counting rule), the rest are bit operations and exact integer roots.

use super::{Answer, Covers, Formula, line, var};
use crate::explore::space::Coords;
use crate::explore::table::Table;
use crate::theory::factor::{is_prime, isqrt, odd_omega, omega};

/// The most entries at the start of the table a formula may list as exceptions.
pub const MAX_EXCEPTIONS: usize = 3;
/// Tables reaching beyond this are not searched for the distinct-prime-factor counts (their
/// trial division to the cube root would be too slow for 10^5 entries).
const MAX_DISTINCT_SCAN: u64 = 1 << 32;
/// The most candidates proposed for one table (the cheapest).
const MAX_PROPOSALS: usize = 3;

/// An arithmetic function of `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fun {
    /// Prime factors counted with multiplicity.
    BigOmega,
    /// Distinct prime factors.
    SmallOmega,
    /// Prime factors of the odd part, with multiplicity.
    OddBigOmega,
    /// Distinct odd prime factors.
    OddSmallOmega,
    /// The exponent of 2 in `n`.
    TwoAdic,
    /// The number of 1 bits.
    Popcount,
    /// `floor(log2 n)`.
    Log2,
    /// 1 if `n = m^k` with `k >= 2` (1 counts), else 0.
    PerfectPower,
}

const FUNS: [Fun; 8] = [
    Fun::BigOmega,
    Fun::SmallOmega,
    Fun::OddBigOmega,
    Fun::OddSmallOmega,
    Fun::TwoAdic,
    Fun::Popcount,
    Fun::Log2,
    Fun::PerfectPower,
];

/// The number of distinct prime factors of `n >= 1`, exact for every `u64`: trial division
/// while `d^3 <= m`, then what is left is 1, a prime, a prime squared, or two distinct primes.
pub fn distinct_prime_factors(mut n: u64) -> u32 {
    let mut count = 0;
    if n.is_multiple_of(2) {
        count += 1;
        n >>= n.trailing_zeros();
    }
    let mut d = 3u64;
    while (d as u128).pow(3) <= n as u128 {
        if n.is_multiple_of(d) {
            count += 1;
            while n.is_multiple_of(d) {
                n /= d;
            }
        }
        d += 2;
    }
    // No factor below d and n < d^3: at most two prime factors.
    count
        + match n {
            1 => 0,
            m if is_prime(m) => 1,
            m if isqrt(m).pow(2) == m => 1,
            _ => 2,
        }
}

/// Is `n` a perfect power `m^k`, `k >= 2` (1 counts)? Exact integer roots (prime `k` suffice).
pub fn is_perfect_power(n: u64) -> bool {
    if n <= 1 {
        return n == 1;
    }
    let bits = 64 - n.leading_zeros();
    for k in [2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61] {
        if k >= bits {
            break;
        }
        if (super::sequence::iroot(n, k) as u128).pow(k) == n as u128 {
            return true;
        }
    }
    false
}

impl Fun {
    /// `f(n)`, `None` where it is not defined (0, except for the popcount).
    pub fn eval(self, n: u64) -> Option<u64> {
        if n == 0 && self != Fun::Popcount {
            return None;
        }
        Some(match self {
            Fun::BigOmega => omega(n) as u64,
            Fun::SmallOmega => distinct_prime_factors(n) as u64,
            Fun::OddBigOmega => odd_omega(n) as u64,
            Fun::OddSmallOmega => distinct_prime_factors(n >> n.trailing_zeros()) as u64,
            Fun::TwoAdic => n.trailing_zeros() as u64,
            Fun::Popcount => n.count_ones() as u64,
            Fun::Log2 => 63 - n.leading_zeros() as u64,
            Fun::PerfectPower => is_perfect_power(n) as u64,
        })
    }

    /// The function as written in the formula, and a gloss.
    fn words(self, n: &str) -> (String, &'static str) {
        match self {
            Fun::BigOmega => {
                (format!("Omega({n})"), "Omega: prime factors counted with multiplicity")
            }
            Fun::SmallOmega => (format!("omega({n})"), "omega: distinct prime factors"),
            Fun::OddBigOmega => (
                format!("Omega(odd part of {n})"),
                "Omega: prime factors counted with multiplicity",
            ),
            Fun::OddSmallOmega => {
                (format!("omega(odd part of {n})"), "omega: distinct prime factors")
            }
            Fun::TwoAdic => (format!("v2({n})"), "v2: the exponent of 2"),
            Fun::Popcount => (format!("popcount({n})"), "popcount: the number of 1 bits"),
            Fun::Log2 => (format!("floor(log2 {n})"), ""),
            Fun::PerfectPower => {
                (format!("[{n} is a perfect power]"), "perfect power: m^k with k >= 2; 1 counts")
            }
        }
    }

    /// The function in C++ (named `f`, for `n >= 1`).
    fn cpp(self) -> &'static str {
        match self {
            Fun::BigOmega | Fun::OddBigOmega | Fun::SmallOmega | Fun::OddSmallOmega => "",
            Fun::TwoAdic => "int f(long long n) { return __builtin_ctzll(n); }\n",
            Fun::Popcount => "int f(long long n) { return __builtin_popcountll(n); }\n",
            Fun::Log2 => "int f(long long n) { return 63 - __builtin_clzll(n); }\n",
            Fun::PerfectPower => {
                "int f(long long n) {  // n = m^k for some k >= 2 (1 counts)\n\
                 \x20   if (n == 1) return 1;\n\
                 \x20   for (int k = 2; k < 63 && (1LL << k) <= n; k++) {\n\
                 \x20       long long lo = 1, hi = 1LL << (64 / k + 1);  // exact k-th root\n\
                 \x20       while (hi - lo > 1) {\n\
                 \x20           long long m = lo + (hi - lo) / 2;\n\
                 \x20           __int128 x = 1;\n\
                 \x20           for (int i = 0; i < k && x <= n; i++) x *= m;\n\
                 \x20           if (x <= n) lo = m; else hi = m;\n\
                 \x20       }\n\
                 \x20       __int128 x = 1;\n\
                 \x20       for (int i = 0; i < k; i++) x *= lo;\n\
                 \x20       if (x == n) return 1;\n\
                 \x20   }\n\
                 \x20   return 0;\n}\n"
            }
        }
    }

    /// The factor-counting functions in C++ (trial division, O(sqrt n)).
    fn cpp_factors(self) -> Option<String> {
        let (odd, distinct) = match self {
            Fun::BigOmega => (false, false),
            Fun::SmallOmega => (false, true),
            Fun::OddBigOmega => (true, false),
            Fun::OddSmallOmega => (true, true),
            _ => return None,
        };
        let strip = if odd { "    while (n % 2 == 0) n /= 2;\n" } else { "" };
        let body = if distinct {
            "if (n % p == 0) { c++; while (n % p == 0) n /= p; }"
        } else {
            "while (n % p == 0) { n /= p; c++; }"
        };
        let from = if odd { "3; p <= n / p; p += 2" } else { "2; p <= n / p; p++" };
        Some(format!(
            "int f(long long n) {{  // trial division, O(sqrt n)\n{strip}\
             \x20   int c = 0;\n\
             \x20   for (long long p = {from}) {body}\n\
             \x20   return c + (n > 1);\n}}\n"
        ))
    }

    fn python(self) -> String {
        let factors = |odd: bool, distinct: bool| {
            let strip = if odd { "    while n % 2 == 0:\n        n //= 2\n" } else { "" };
            let (p0, step) = if odd { (3, 2) } else { (2, 1) };
            let body = if distinct {
                "        if n % p == 0:\n            c += 1\n            while n % p == 0:\n                n //= p\n"
            } else {
                "        while n % p == 0:\n            n //= p\n            c += 1\n"
            };
            format!(
                "def f(n):  # trial division, O(sqrt n)\n{strip}    c, p = 0, {p0}\n\
                 \x20   while p * p <= n:\n{body}        p += {step}\n\
                 \x20   return c + (n > 1)\n"
            )
        };
        match self {
            Fun::BigOmega => factors(false, false),
            Fun::SmallOmega => factors(false, true),
            Fun::OddBigOmega => factors(true, false),
            Fun::OddSmallOmega => factors(true, true),
            Fun::TwoAdic => "def f(n):\n    return (n & -n).bit_length() - 1\n".into(),
            Fun::Popcount => "def f(n):\n    return bin(n).count(\"1\")\n".into(),
            Fun::Log2 => "def f(n):\n    return n.bit_length() - 1\n".into(),
            Fun::PerfectPower => "def f(n):  # n = m^k for some k >= 2 (1 counts)\n\
                 \x20   if n == 1:\n        return 1\n\
                 \x20   k = 2\n\
                 \x20   while (1 << k) <= n:\n\
                 \x20       lo, hi = 1, 1 << (64 // k + 1)  # exact k-th root\n\
                 \x20       while hi - lo > 1:\n\
                 \x20           m = (lo + hi) // 2\n\
                 \x20           if m ** k <= n:\n                lo = m\n            else:\n                hi = m\n\
                 \x20       if lo ** k == n:\n            return 1\n\
                 \x20       k += 1\n\
                 \x20   return 0\n"
                .into(),
        }
    }
}

/// The term combined with `f(n)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Term {
    None,
    Const(u64),
    Even,
    Odd,
}

impl Term {
    fn at(self, n: u64) -> u64 {
        match self {
            Term::None => 0,
            Term::Const(c) => c,
            Term::Even => u64::from(n.is_multiple_of(2)),
            Term::Odd => n % 2,
        }
    }
}

const TERMS: [Term; 6] =
    [Term::None, Term::Const(1), Term::Const(2), Term::Const(3), Term::Even, Term::Odd];

/// `G(n) = f(n) op t(n)`, with exceptions listed at the start.
#[derive(Debug, Clone)]
pub struct Arith {
    arity: usize,
    axis: usize,
    base: Coords,
    start: u64,
    fun: Fun,
    term: Term,
    xor: bool,
    /// `(n, G(n))` where the formula does not hold.
    exceptions: Vec<(u64, u64)>,
}

impl Arith {
    fn predict(fun: Fun, term: Term, xor: bool, n: u64) -> Option<u64> {
        let f = fun.eval(n)?;
        let t = term.at(n);
        Some(if xor { f ^ t } else { f + t })
    }

    fn term_text(&self, n: &str, python: bool) -> String {
        let op = if self.xor { "^" } else { "+" };
        match self.term {
            Term::None => String::new(),
            Term::Const(c) => format!(" {op} {c}"),
            Term::Even if python => format!(" {op} (1 if {n} % 2 == 0 else 0)"),
            Term::Odd if python => format!(" {op} ({n} % 2)"),
            Term::Even => format!(" {op} ({n} % 2 == 0)"),
            Term::Odd => format!(" {op} ({n} % 2)"),
        }
    }
}

impl Formula for Arith {
    fn family(&self) -> &'static str {
        "arith"
    }

    fn words(&self) -> String {
        let n = var(self.arity, self.axis);
        let op = if self.xor { "XOR" } else { "+" };
        let term = match self.term {
            Term::None => String::new(),
            Term::Const(c) => format!(" {op} {c}"),
            Term::Even => format!(" {op} [{n} even]"),
            Term::Odd => format!(" {op} [{n} odd]"),
        };
        let (fun, gloss) = self.fun.words(n);
        let gloss = if gloss.is_empty() { String::new() } else { format!(" ({gloss})") };
        let exc = if self.exceptions.is_empty() {
            String::new()
        } else {
            let e: Vec<String> =
                self.exceptions.iter().map(|(x, v)| format!("G({x}) = {v}")).collect();
            format!(", except {}", e.join(", "))
        };
        format!("G({n}) = {fun}{term} for {n} >= {}{exc}{gloss}", self.start)
    }

    fn cpp(&self) -> String {
        let n = var(self.arity, self.axis);
        let f = self.fun.cpp_factors().unwrap_or_else(|| self.fun.cpp().to_string());
        let exc: String = self
            .exceptions
            .iter()
            .map(|(x, v)| format!("    if ({n} == {x}) return {v};\n"))
            .collect();
        format!(
            "{f}// for {n} >= {start}\nlong long G(long long {n}) {{\n{exc}\
             \x20   return f({n}){t};\n}}",
            start = self.start,
            t = self.term_text(n, false)
        )
    }

    fn python(&self) -> String {
        let n = var(self.arity, self.axis);
        let exc: String = self
            .exceptions
            .iter()
            .map(|(x, v)| format!("    if {n} == {x}:\n        return {v}\n"))
            .collect();
        format!(
            "{f}\n# for {n} >= {start}\ndef G({n}):\n{exc}    return f({n}){t}\n",
            f = self.fun.python(),
            start = self.start,
            t = self.term_text(n, true)
        )
    }

    fn covers(&self) -> Covers {
        Covers::Values
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let on = (0..self.arity).all(|a| a == self.axis || p[a] == self.base[a]);
        let n = p[self.axis];
        if !on || n < self.start {
            return None;
        }
        if let Some(&(_, v)) = self.exceptions.iter().find(|e| e.0 == n) {
            return Some(Answer::of_value(v));
        }
        Arith::predict(self.fun, self.term, self.xor, n).map(Answer::of_value)
    }

    fn cost(&self) -> u64 {
        1 + u64::from(self.term != Term::None) + self.exceptions.len() as u64
    }
}

/// Candidates for a 1-D table of Grundy values.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let Some(l) = line(t) else { return Vec::new() };
    let Some(g) = l.finite_values() else { return Vec::new() };
    if t.misere || g.len() < MAX_EXCEPTIONS + super::MIN_EVIDENCE {
        return Vec::new();
    }
    let end = l.start + g.len() as u64 - 1;
    let combos: Vec<(Term, bool)> = TERMS
        .iter()
        .flat_map(|&t| [(t, false), (t, true)])
        .filter(|&(t, xor)| !(xor && t == Term::None))
        .collect();
    let mut out: Vec<Arith> = Vec::new();
    for fun in FUNS {
        // Trial division to the cube root: only for tables of moderate coordinates.
        let distinct = matches!(fun, Fun::SmallOmega | Fun::OddSmallOmega);
        if distinct && end > MAX_DISTINCT_SCAN {
            continue;
        }
        let marked =
            (fun == Fun::PerfectPower && end < 1 << 40).then(|| perfect_powers(l.start, g.len()));
        let f = |i: usize| match &marked {
            Some(m) => m[i],
            None => fun.eval(l.start + i as u64),
        };
        let fits = |(term, xor): (Term, bool), i: usize, v: Option<u64>| {
            let n = l.start + i as u64;
            v.map(|v| if xor { v ^ term.at(n) } else { v + term.at(n) }) == Some(g[i] as u64)
        };
        // Past the exceptions every entry must fit: drop combinations at their first miss.
        let mut alive = combos.clone();
        for i in MAX_EXCEPTIONS..g.len() {
            let v = f(i);
            alive.retain(|&c| fits(c, i, v));
            if alive.is_empty() {
                break;
            }
        }
        for (term, xor) in alive {
            let exceptions: Vec<(u64, u64)> = (0..MAX_EXCEPTIONS)
                .filter(|&i| !fits((term, xor), i, f(i)))
                .map(|i| (l.start + i as u64, g[i] as u64))
                .collect();
            out.push(Arith {
                arity: t.space.arity(),
                axis: l.axis,
                base: l.base,
                start: l.start,
                fun,
                term,
                xor,
                exceptions,
            });
        }
    }
    out.sort_by_key(|a| a.cost());
    out.truncate(MAX_PROPOSALS);
    out.into_iter().map(|a| Box::new(a) as Box<dyn Formula>).collect()
}

/// The perfect-power indicator on `start..start + len` (`None` at 0), by marking the powers.
fn perfect_powers(start: u64, len: usize) -> Vec<Option<u64>> {
    let mut f: Vec<Option<u64>> = vec![Some(0); len];
    let end = start as u128 + len as u128;
    let mut mark = |x: u128| {
        if x >= start as u128 && x < end {
            f[(x - start as u128) as usize] = Some(1);
        }
    };
    mark(1);
    let mut m = 2u128;
    while m * m < end {
        let mut x = m * m;
        while x < end {
            mark(x);
            x *= m;
        }
        m += 1;
    }
    if start == 0 && len > 0 {
        f[0] = None;
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distinct_td(mut n: u64) -> u32 {
        let (mut c, mut p) = (0, 2u64);
        while p * p <= n {
            if n.is_multiple_of(p) {
                c += 1;
                while n.is_multiple_of(p) {
                    n /= p;
                }
            }
            p += 1;
        }
        c + u32::from(n > 1)
    }

    #[test]
    fn distinct_prime_factors_against_trial_division() {
        for n in 1..20_000 {
            assert_eq!(distinct_prime_factors(n), distinct_td(n), "n = {n}");
        }
        let (p, q) = (4_294_967_291u64, 4_294_967_279u64);
        assert_eq!(distinct_prime_factors(p * q), 2);
        assert_eq!(distinct_prime_factors(p * p), 1);
        assert_eq!(distinct_prime_factors(p), 1);
        assert_eq!(distinct_prime_factors(1 << 62), 1);
        assert_eq!(distinct_prime_factors(2 * 3 * 5 * 7 * 11 * 13 * 2_097_143 * 2_097_143), 7);
        assert_eq!(distinct_prime_factors(u64::MAX), 7);
    }

    #[test]
    fn perfect_powers_against_a_list() {
        let mut pp = std::collections::BTreeSet::new();
        for m in 2..=400u64 {
            let mut x = m * m;
            while x <= 160_000 {
                pp.insert(x);
                x *= m;
            }
        }
        pp.insert(1);
        for n in 1..=160_000 {
            assert_eq!(is_perfect_power(n), pp.contains(&n), "n = {n}");
        }
        let marked = perfect_powers(0, 160_001);
        assert_eq!(marked[0], None);
        for n in 1..=160_000u64 {
            assert_eq!(marked[n as usize], Some(u64::from(pp.contains(&n))), "n = {n}");
        }
        let big = 3u64.pow(39);
        assert!(is_perfect_power(big) && !is_perfect_power(big + 1) && !is_perfect_power(big - 1));
        assert!(is_perfect_power(4_294_967_291 * 4_294_967_291) && is_perfect_power(1 << 62));
        assert!(is_perfect_power(2_097_143u64.pow(3)) && !is_perfect_power(i64::MAX as u64));
    }
}
