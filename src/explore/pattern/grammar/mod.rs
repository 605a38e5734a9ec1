//! Family `grammar`: a formula over the free coordinates found by searching a grammar of
//! expressions, shortest first ([`search`]), instead of one hand-written detector per shape.
//!
//! A formula is one expression ([`expr::Expr`]: atoms, unary and binary operations, see
//! [`expr`]) or a conditional with at most two conditions (`X if c1, else Y if c2, else Z`,
//! each condition itself an expression read as true when not 0). It gives the values when the
//! table has them (`G = e`), else the outcomes (`P exactly when e = 0`, or `e != 0`). Its size
//! is its number of nodes (a conditional counts one more); shorter formulas are found and
//! reported first, equivalent ones once. A first row or column, or a few whole lines, that
//! differ from the rest are conditions `a = 0` of a conditional, so a box from 0 finds what a
//! box from 2 finds. The search has a budget (candidates and time), said in the words.
//!
//! `at` is exact for every coordinate up to 2^63 - 1 (checked `i64` arithmetic, slopes in
//! exact integers) and says nothing (`None`) where the expression overflows or leaves its
//! domain, or below the box's first coordinate.

pub mod expr;
pub mod search;

use super::{Answer, Covers, Formula, Frame};
use crate::explore::table::Table;
use crate::theory::quadratic::Quad;
use expr::{ALPHAS, Alpha, Dialect, Expr, UNDEF};

/// What an outcomes-only formula of a table with values adds to its cost.
pub const FALLBACK_COST: u64 = 50;

/// How a branch's expression is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pol {
    /// The Grundy value.
    Value,
    /// P exactly where the expression is 0.
    Zero,
    /// P exactly where it is not 0.
    NonZero,
}

/// An expression and how it is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub expr: Expr,
    pub pol: Pol,
}

/// A formula of the grammar on a table's frame.
#[derive(Debug, Clone)]
pub struct Grammar {
    pub frame: Frame,
    /// `(condition, branch)`: the first condition that holds (not 0) picks its branch.
    pub rules: Vec<(Expr, Branch)>,
    /// The branch where no condition holds.
    pub last: Branch,
    /// What the search spent and its budget, for the words.
    pub note: String,
    /// Outcomes only, of a table that has values (no value formula was found): ranked after
    /// the families that give the values.
    pub fallback: bool,
}

impl Grammar {
    /// Its size: nodes of every expression, one more per condition.
    pub fn size(&self) -> usize {
        self.rules.iter().map(|(c, b)| c.size() + b.expr.size() + 1).sum::<usize>()
            + self.last.expr.size()
    }

    /// The free coordinates of `p` as `i64`, if the formula speaks there.
    fn coords(&self, p: &[u64]) -> Option<Vec<i64>> {
        let x = self.frame.coords(p)?;
        let lo_ok = x.iter().zip(&self.frame.lo).all(|(v, l)| v >= l);
        lo_ok.then_some(())?;
        x.iter().map(|&v| i64::try_from(v).ok()).collect()
    }

    /// The branch that speaks at `x`, if every condition before it is defined.
    fn branch(&self, x: &[i64]) -> Option<&Branch> {
        for (c, b) in &self.rules {
            match c.eval(x) {
                UNDEF => return None,
                0 => continue,
                _ => return Some(b),
            }
        }
        Some(&self.last)
    }

    fn is_values(&self) -> bool {
        self.last.pol == Pol::Value
    }

    /// A branch as a statement of `d` (words: `G = e`, `P iff e = 0`; code: a return value).
    fn branch_text(&self, b: &Branch, d: Dialect) -> String {
        let e = b.expr.render(&self.frame.names(), d);
        match (b.pol, d) {
            (Pol::Value, Dialect::Words) => format!("G = {e}"),
            (Pol::Zero, Dialect::Words) => format!("P exactly when {e} = 0"),
            (Pol::NonZero, Dialect::Words) => format!("P exactly when {e} != 0"),
            (Pol::Value, _) => e,
            (Pol::Zero, _) => format!("{e} == 0"),
            (Pol::NonZero, _) => format!("{e} != 0"),
        }
    }

    fn helpers(&self) -> Vec<&'static str> {
        let mut h = Vec::new();
        for (c, b) in &self.rules {
            c.helpers(&mut h);
            b.expr.helpers(&mut h);
        }
        self.last.expr.helpers(&mut h);
        h
    }

    /// The function's body in C++ or Python.
    fn code(&self, d: Dialect) -> String {
        let names = self.frame.names();
        let mut out = String::new();
        for (c, b) in &self.rules {
            let cond = c.render(&names, d);
            let ret = self.branch_text(b, d);
            if d == Dialect::Cpp {
                out += &format!("    if ({cond}) return {ret};\n");
            } else {
                out += &format!("    if {cond}:\n        return {ret}\n");
            }
        }
        let semi = if d == Dialect::Cpp { ";" } else { "" };
        out + &format!("    return {}{semi}\n", self.branch_text(&self.last, d))
    }
}

impl Formula for Grammar {
    fn family(&self) -> &'static str {
        "grammar"
    }

    fn words(&self) -> String {
        let names = self.frame.names();
        let mut parts: Vec<String> = Vec::new();
        for (c, b) in &self.rules {
            let cond = c.render(&names, Dialect::Words);
            parts.push(format!("{} where {cond} holds", self.branch_text(b, Dialect::Words)));
        }
        let last = self.branch_text(&self.last, Dialect::Words);
        parts.push(if self.rules.is_empty() { last } else { format!("else {last}") });
        let from: Vec<String> = (0..names.len())
            .filter(|&i| self.frame.lo[i] > 0)
            .map(|i| format!("{} >= {}", names[i], self.frame.lo[i]))
            .collect();
        let from =
            if from.is_empty() { String::new() } else { format!(" for {}", from.join(", ")) };
        format!("{}{from} (size {}; {})", parts.join("; "), self.size(), self.note)
    }

    fn cpp(&self) -> String {
        let names = self.frame.names();
        let args: Vec<String> = names.iter().map(|n| format!("long long {n}")).collect();
        let (ret, name) = if self.is_values() { ("long long", "G") } else { ("bool", "isP") };
        format!(
            "#include <algorithm>\n{}{ret} {name}({}) {{\n{}}}\n",
            helper_code(&self.helpers(), Dialect::Cpp),
            args.join(", "),
            self.code(Dialect::Cpp)
        )
    }

    fn python(&self) -> String {
        let name = if self.is_values() { "G" } else { "is_p" };
        format!(
            "{}def {name}({}):\n{}",
            helper_code(&self.helpers(), Dialect::Python),
            self.frame.names().join(", "),
            self.code(Dialect::Python)
        )
    }

    fn covers(&self) -> Covers {
        if self.is_values() { Covers::Values } else { Covers::Outcomes }
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.coords(p)?;
        let b = self.branch(&x)?;
        let v = b.expr.eval(&x);
        match (b.pol, v) {
            (_, UNDEF) => None,
            (Pol::Value, v) => u64::try_from(v).ok().map(Answer::of_value),
            (Pol::Zero, v) => Some(Answer::of_p(v == 0, self.frame.misere)),
            (Pol::NonZero, v) => Some(Answer::of_p(v != 0, self.frame.misere)),
        }
    }

    fn cost(&self) -> u64 {
        self.size() as u64 + 1 + if self.fallback { FALLBACK_COST } else { 0 }
    }
}

/// Candidates for a table: the shortest formulas of the grammar that reproduce it.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    search::search(t, &search::Budget::default())
        .into_iter()
        .map(|g| Box::new(g) as Box<dyn Formula>)
        .collect()
}

/// The helper functions of pasted code, in the order they are written (each after those it
/// calls): its name, its C++ and its Python.
const HELPERS: [(&str, &str, &str); 13] = [
    (
        "isqrt",
        "unsigned __int128 isqrt(unsigned __int128 n) {  // exact\n    unsigned __int128 lo = 0, \
         hi = (unsigned __int128)1 << 64;\n    while (hi - lo > 1) { unsigned __int128 m = (lo + \
         hi) / 2; if (m * m <= n) lo = m; else hi = m; }\n    return lo;\n}\n",
        "isqrt = math.isqrt\n\n",
    ),
    (
        "issq",
        "long long issq(long long x) { long long r = isqrt(x); return r * r == x; }\n",
        "def issq(x):\n    return int(isqrt(x) ** 2 == x)\n\n",
    ),
    (
        "istri",
        "long long istri(long long x) { unsigned __int128 y = (unsigned __int128)8 * x + 1, r = \
         isqrt(y); return r * r == y; }\n",
        "def istri(x):\n    return int(isqrt(8 * x + 1) ** 2 == 8 * x + 1)\n\n",
    ),
    (
        "ispronic",
        "long long ispronic(long long x) { long long r = isqrt(x); return r * (r + 1) == x; }\n",
        "def ispronic(x):\n    r = isqrt(x)\n    return int(r * (r + 1) == x)\n\n",
    ),
    (
        "iscube",
        "long long iscube(long long x) {  // exact cube root\n    long long lo = 0, hi = 1 << \
         21;\n    while (hi - lo > 1) { long long m = (lo + hi) / 2; if (m * m * m <= x) lo = m; \
         else hi = m; }\n    return lo * lo * lo == x;\n}\n",
        "def iscube(x):  # exact cube root\n    lo, hi = 0, 1 << 21\n    while hi - lo > 1:\n    \
         \x20   m = (lo + hi) // 2\n        lo, hi = (m, hi) if m ** 3 <= x else (lo, m)\n    \
         return int(lo ** 3 == x)\n\n",
    ),
    (
        "zeck",
        "long long zeck(long long x) {  // the smallest part of x's Zeckendorf sum\n    unsigned \
         long long f[95]; int k = 2; f[0] = 1; f[1] = 2;\n    while (f[k - 1] <= (unsigned long \
         long)x) { f[k] = f[k - 1] + f[k - 2]; k++; }\n    long long last = 0;\n    for (int i = \
         k - 1; x > 0; i--) if (f[i] <= (unsigned long long)x) { last = f[i]; x -= f[i]; }\n    \
         return last;\n}\n",
        "def zeck(x):  # the smallest part of x's Zeckendorf sum\n    f = [1, 2]\n    while \
         f[-1] <= x:\n        f.append(f[-1] + f[-2])\n    last = 0\n    for v in reversed(f):\n \
         \x20      if v <= x:\n            last, x = v, x - v\n    return last\n\n",
    ),
    (
        "isfib",
        "long long isfib(long long x) {  // 1, 2, 3, 5, 8, ...\n    unsigned long long a = 1, b \
         = 2;\n    while (a < (unsigned long long)x) { unsigned long long c = a + b; a = b; b = \
         c; }\n    return a == (unsigned long long)x;\n}\n",
        "def isfib(x):  # 1, 2, 3, 5, 8, ...\n    a, b = 1, 2\n    while a < x:\n        a, b = \
         b, a + b\n    return int(a == x)\n\n",
    ),
    (
        "islucas",
        "long long islucas(long long x) {  // 2, 1, 3, 4, 7, 11, ...\n    unsigned long long a = \
         2, b = 1;\n    while (b < (unsigned long long)x) { unsigned long long c = a + b; a = b; \
         b = c; }\n    return x == 2 || b == (unsigned long long)x;\n}\n",
        "def islucas(x):  # 2, 1, 3, 4, 7, 11, ...\n    a, b = 2, 1\n    while b < x:\n        \
         a, b = b, a + b\n    return int(x == 2 or b == x)\n\n",
    ),
    (
        "geom",
        "long long geom(long long x, long long c, long long r) {  // x = c*r^k?\n    if (x < c \
         || x % c) return 0;\n    x /= c;\n    while (x % r == 0) x /= r;\n    return x == 1;\n}\n",
        "def geom(x, c, r):  # x = c*r^k?\n    if x < c or x % c:\n        return 0\n    x //= \
         c\n    while x % r == 0:\n        x //= r\n    return int(x == 1)\n\n",
    ),
    (
        "factors",
        "long long factors(long long n, int odd, int distinct) {  // Omega or omega (distinct), \
         of the odd part if odd: trial division, O(sqrt n)\n    long long c = 0;\n    for (long \
         long p = 2; p <= n / p; p++) {\n        int k = 0;\n        while (n % p == 0) { n /= p; \
         k++; }\n        if (p > 2 || !odd) c += distinct ? (k > 0) : k;\n    }\n    return c + \
         (n > 2 || (n == 2 && !odd));\n}\n",
        "def factors(n, odd, distinct):  # Omega or omega (distinct), of the odd part if odd: \
         trial division, O(sqrt n)\n    c, p = 0, 2\n    while p * p <= n:\n        k = 0\n    \
         \x20   while n % p == 0:\n            n, k = n // p, k + 1\n        if p > 2 or not \
         odd:\n            c += min(k, 1) if distinct else k\n        p += 1\n    return c + \
         int(n > 2 or (n == 2 and not odd))\n\n",
    ),
    (
        "perfect_power",
        "long long perfect_power(long long n) {  // n = m^k for some k >= 2 (1 counts)\n    if \
         (n == 1) return 1;\n    for (int k = 2; k < 63 && (1LL << k) <= n; k++) {\n        long \
         long lo = 1, hi = 1LL << (64 / k + 1);  // exact k-th root\n        while (hi - lo > 1) \
         {\n            long long m = lo + (hi - lo) / 2;\n            __int128 x = 1;\n         \
         \x20  for (int i = 0; i < k && x <= n; i++) x *= m;\n            if (x <= n) lo = m; \
         else hi = m;\n        }\n        __int128 x = 1;\n        for (int i = 0; i < k; i++) x \
         *= lo;\n        if (x == n) return 1;\n    }\n    return 0;\n}\n",
        "def perfect_power(n):  # n = m^k for some k >= 2 (1 counts)\n    if n == 1:\n        \
         return 1\n    k = 2\n    while (1 << k) <= n:\n        lo, hi = 1, 1 << (64 // k + 1)  \
         # exact k-th root\n        while hi - lo > 1:\n            m = (lo + hi) // 2\n       \
         \x20    lo, hi = (m, hi) if m ** k <= n else (lo, m)\n        if lo ** k == n:\n     \
         \x20      return 1\n        k += 1\n    return 0\n\n",
    ),
    (
        "nim_mul",
        "long long nim_mul(long long x, long long y, int half = 32) {  // the nim product\n    \
         if (x < 2 || y < 2) return x * y;\n    while (half > 1 && (x >> half) == 0 && (y >> half) \
         == 0) half >>= 1;\n    long long m = (1LL << half) - 1, a = x >> half, b = x & m, c = y \
         >> half, d = y & m;\n    long long ac = nim_mul(a, c, half), bd = nim_mul(b, d, half);\n \
         \x20  long long hi = nim_mul(a ^ b, c ^ d, half) ^ bd;\n    return (hi << half) ^ bd ^ \
         nim_mul(ac, 1LL << (half - 1), half);\n}\n",
        "def nim_mul(x, y, half=32):  # the nim product\n    if x < 2 or y < 2:\n        return x \
         * y\n    while half > 1 and x >> half == 0 and y >> half == 0:\n        half >>= 1\n    \
         m = (1 << half) - 1\n    a, b, c, d = x >> half, x & m, y >> half, y & m\n    ac, bd = \
         nim_mul(a, c, half), nim_mul(b, d, half)\n    hi = nim_mul(a ^ b, c ^ d, half) ^ bd\n    \
         return (hi << half) ^ bd ^ nim_mul(ac, 1 << (half - 1), half)\n\n",
    ),
    ("floor_alpha", "", ""),
];

/// The helper functions named in `names`, in C++ or Python.
pub fn helper_code(names: &[&str], d: Dialect) -> String {
    let mut out = String::from(if d == Dialect::Python { "import math\n\n" } else { "" });
    for (name, cpp, py) in HELPERS {
        if !names.contains(&name) {
            continue;
        }
        out += if d == Dialect::Python { py } else { cpp };
        if name == "floor_alpha" {
            out += &alpha_code(d);
            out += &lt_code(d);
        }
    }
    out
}

/// `floor_ID(k) = floor(k·α)` for every slope.
fn alpha_code(d: Dialect) -> String {
    let mut out = String::new();
    for (a, name, id) in ALPHAS {
        let py = d == Dialect::Python;
        let body = match a {
            Alpha::Rat(p, q) if py => format!("{p} * k // {q}"),
            Alpha::Rat(p, q) => format!("(long long)((__int128){p} * k / {q})"),
            Alpha::Quad(x) => {
                out += &quad_floor(&x, &format!("floor_{id}"), name, d);
                continue;
            }
        };
        out += &if py {
            format!("def floor_{id}(k):  # floor(k*{name})\n    return {body}\n\n")
        } else {
            format!("long long floor_{id}(long long k) {{ return {body}; }}  // floor(k*{name})\n")
        };
    }
    out
}

/// `NAME(k) = floor(k·α)` for `k >= 0` (C++: an `__int128`, exact while `k²·q²·d < 2^128`;
/// with the `isqrt` helper): `x = isqrt(q²·d·k²) = floor(|q|·k·sqrt(d))`, one less and
/// negated for `q < 0` (`floor(-y) = -floor(y) - 1`, `y` irrational), then `(p·k ± x) / r`
/// rounded down.
pub fn quad_floor(a: &Quad, name: &str, words: &str, d: Dialect) -> String {
    let (p, q2d, r) = (a.p, a.q * a.q * a.d as i64, a.r);
    let sign = if a.q < 0 { "-" } else { "+" };
    let less = if a.q < 0 { " - (k > 0)" } else { "" };
    if d == Dialect::Python {
        let num = format!("{p} * k {sign} isqrt({q2d} * k * k){less}");
        return format!("def {name}(k):  # floor(k*{words}), exact\n    return ({num}) // {r}\n\n");
    }
    let num =
        format!("(__int128){p} * k {sign} (__int128)isqrt((unsigned __int128)k * k * {q2d}){less}");
    let ret = if r == 1 {
        "x".to_string()
    } else {
        format!("x >= 0 ? x / {r} : -((-x + {r} - 1) / {r})")
    };
    format!(
        "__int128 {name}(long long k) {{  // floor(k*{words})\n    __int128 x = {num};\n    return {ret};\n}}\n"
    )
}

/// `lt_ID(x, y) = [x < α·y]` for every slope.
fn lt_code(d: Dialect) -> String {
    let mut out = String::new();
    for (a, name, id) in ALPHAS {
        let py = d == Dialect::Python;
        let body = match a {
            Alpha::Rat(p, q) if py => format!("int({q} * x < {p} * y)"),
            Alpha::Rat(p, q) => format!("(__int128){q} * x < (__int128){p} * y"),
            // α·y is irrational for y > 0: x < α·y exactly when x <= floor(α·y).
            Alpha::Quad(_) if py => format!("int(y > 0 and x <= floor_{id}(y))"),
            Alpha::Quad(_) => format!("y > 0 && x <= floor_{id}(y)"),
        };
        out += &if py {
            format!("def lt_{id}(x, y):  # x < {name}*y\n    return {body}\n\n")
        } else {
            format!("long long lt_{id}(long long x, long long y) {{ return {body}; }}\n")
        };
    }
    out
}
