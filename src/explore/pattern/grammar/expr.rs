//! The expressions of the grammar: a formula over the free coordinates written in postfix
//! ([`Expr`], a short list of [`Op`]s), evaluated with a small stack (no recursion), exact on
//! `i64` with checked arithmetic: a result that would overflow, or an operation outside its
//! domain (`v2(0)`, a bit operation on a negative number), is [`UNDEF`], and the formula says
//! nothing there.
//!
//! The operations: atoms (a coordinate, a coordinate plus or minus 1, a constant 0..3); unary
//! ([`Unary`]: mod m, floor division, v2, popcount and its parity, odd part, trailing ones, bit
//! length, lowest set bit, the smallest part of the Zeckendorf representation, membership in
//! a known sequence ([`Seq`]: Fibonacci and Lucas numbers, squares, cubes, triangular and pronic
//! numbers, geometric sequences `c·r^k`), and `floor(x·α)`); binary ([`Binary`]: `+ - XOR OR AND min max < <= =`, `x mod y`, `x / y`, the nim product `x ⊗ y`, `x < α·y` and the double
//! wedge `1/α < y/x < α`). α is rational or a quadratic irrational ([`ALPHAS`]); every
//! comparison with it is exact integer arithmetic ([`crate::theory::quadratic::Quad`]).
//! Each operation has its words, its C++ and its Python ([`Expr::render`]), with the helper
//! functions the code needs ([`Expr::helpers`]).

use crate::theory::factor::{distinct_prime_factors, is_perfect_power, omega};
use crate::theory::fibonacci::smallest_zeckendorf_term;
use crate::theory::nimber::nim_product;
use crate::theory::quadratic::Quad;
pub use crate::theory::sequences::Seq;
use std::cmp::Ordering;

/// The value of an expression where it says nothing (overflow, outside an operation's domain).
pub const UNDEF: i64 = i64::MIN;

/// A slope: rational `p/q` or a quadratic irrational.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alpha {
    Rat(i64, i64),
    Quad(Quad),
}

/// The slopes the grammar knows, with a name (for words) and an identifier (for code).
pub const ALPHAS: [(Alpha, &str, &str); 6] = [
    (Alpha::Quad(Quad { p: 1, q: 1, r: 2, d: 5 }), "phi", "phi"),
    (Alpha::Quad(Quad { p: 3, q: 1, r: 2, d: 5 }), "phi^2", "phi2"),
    (Alpha::Quad(Quad { p: 0, q: 1, r: 1, d: 2 }), "sqrt(2)", "sqrt2"),
    (Alpha::Quad(Quad { p: 1, q: 1, r: 1, d: 2 }), "(1+sqrt(2))", "silver"),
    (Alpha::Quad(Quad { p: 0, q: 1, r: 1, d: 3 }), "sqrt(3)", "sqrt3"),
    (Alpha::Rat(3, 2), "3/2", "r3_2"),
];

/// `floor(k·α)` for `k >= 0`, if it fits.
pub fn floor_alpha(i: usize, k: i64) -> i64 {
    if k < 0 {
        return UNDEF;
    }
    let v: i128 = match ALPHAS[i].0 {
        Alpha::Rat(p, q) => (k as i128 * p as i128).div_euclid(q as i128),
        Alpha::Quad(a) => a.floor_mul(k as u64),
    };
    i64::try_from(v).unwrap_or(UNDEF)
}

/// `x < α·y` for `x, y >= 0` (1 or 0).
pub fn lt_alpha(i: usize, x: i64, y: i64) -> i64 {
    if x < 0 || y < 0 {
        return UNDEF;
    }
    if y == 0 {
        return 0;
    }
    let lt = match ALPHAS[i].0 {
        Alpha::Rat(p, q) => (x as i128) * (q as i128) < (p as i128) * (y as i128),
        Alpha::Quad(a) => a.cmp_rational(x as i128, y as u128) == Ordering::Greater,
    };
    i64::from(lt)
}

/// A unary operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unary {
    Mod(i64),
    Div(i64),
    V2,
    Pop,
    Parity,
    Odd,
    Ones,
    BitLen,
    LowBit,
    Zeck,
    In(Seq),
    Floor(usize),
    /// The prime factors of `x >= 1` counted with multiplicity (Omega), or distinct (omega);
    /// of its odd part when `odd`.
    Factors {
        odd: bool,
        distinct: bool,
    },
    /// `x = m^k` for some `k >= 2` (1 counts).
    PerfectPower,
}

/// A binary operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Binary {
    Add,
    Sub,
    Xor,
    Or,
    And,
    Min,
    Max,
    Lt,
    Le,
    Eq,
    /// `x mod y` for `y >= 1` (a period that depends on a parameter).
    ModBy,
    /// `floor(x / y)` for `y >= 1` (blocks whose length is a parameter).
    DivBy,
    LtAlpha(usize),
    Wedge(usize),
    /// The nim product `x ⊗ y` (turning corners: Winning Ways ch. 14).
    NimMul,
}

/// One step of a postfix expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// Free coordinate `i` plus `d` (-1, 0 or 1).
    Var(usize, i64),
    Const(i64),
    Un(Unary),
    Bin(Binary),
}

/// Every unary operation, in the order they are tried.
pub fn unaries() -> Vec<Unary> {
    let mut u = vec![Unary::V2, Unary::Pop, Unary::Parity, Unary::Odd, Unary::Ones];
    u.extend([Unary::BitLen, Unary::LowBit, Unary::Zeck, Unary::In(Seq::Fibonacci)]);
    u.extend((2..=6).map(Unary::Mod));
    u.extend((2..=4).map(Unary::Div));
    u.extend([Unary::In(Seq::Squares), Unary::In(Seq::Triangular)]);
    u.extend([(1, 2), (2, 2), (1, 3), (3, 2), (4, 4)].map(|(c, r)| Unary::In(Seq::Geom(c, r))));
    u.extend((0..ALPHAS.len()).map(Unary::Floor));
    u
}

/// The arithmetic functions tried on a line (1-D tables only, as their values grow slowly
/// and a plane's shapes do not use them): Omega and omega, of `x` and of its odd part (the
/// distinct count by trial division to the cube root: only on boxes below 2^32), and the
/// perfect powers.
pub fn line_arithmetic(max: u64) -> Vec<Unary> {
    let mut u = vec![Unary::PerfectPower];
    for distinct in [false, true] {
        if !distinct || max < 1 << 32 {
            u.extend([false, true].map(|odd| Unary::Factors { odd, distinct }));
        }
    }
    u
}

/// The sequences tried only on a line's coordinate (`n`, `n ± 1`): the rest of [`Seq::all`].
pub fn line_sequences() -> Vec<Unary> {
    let common = unaries();
    Seq::all().into_iter().map(Unary::In).filter(|u| !common.contains(u)).collect()
}

/// Every binary operation, in the order they are tried.
pub fn binaries() -> Vec<Binary> {
    use Binary::*;
    let mut b = vec![Add, Sub, Xor, Or, And, Min, Max, Lt, Le, Eq, ModBy, DivBy, NimMul];
    b.extend((0..ALPHAS.len()).map(LtAlpha));
    b.extend((0..ALPHAS.len()).map(Wedge));
    b
}

impl Binary {
    /// `op(x, y) = op(y, x)`.
    pub fn commutes(self) -> bool {
        use Binary::*;
        matches!(self, Add | Xor | Or | And | Min | Max | Eq | Wedge(_) | NimMul)
    }
}

/// A unary operation at `x`.
pub fn unary(op: Unary, x: i64) -> i64 {
    if x == UNDEF || x < 0 {
        return UNDEF;
    }
    let b = |c: bool| i64::from(c);
    match op {
        Unary::Mod(m) => x % m,
        Unary::Div(m) => x / m,
        Unary::V2 if x > 0 => x.trailing_zeros() as i64,
        Unary::Pop => x.count_ones() as i64,
        Unary::Parity => (x.count_ones() & 1) as i64,
        Unary::Odd if x > 0 => x >> x.trailing_zeros(),
        Unary::Ones => x.trailing_ones() as i64,
        Unary::BitLen => 64 - x.leading_zeros() as i64,
        Unary::LowBit => x & x.wrapping_neg(),
        Unary::Zeck if x > 0 => smallest_zeckendorf_term(x as u64) as i64,
        Unary::In(seq) => b(seq.contains(x as u64)),
        Unary::Factors { odd, distinct } if x > 0 => {
            let y = if odd { x >> x.trailing_zeros() } else { x } as u64;
            let n = if distinct { distinct_prime_factors(y) } else { omega(y) };
            i64::from(n)
        }
        Unary::PerfectPower if x > 0 => b(is_perfect_power(x as u64)),
        Unary::Floor(i) => floor_alpha(i, x),
        _ => UNDEF,
    }
}

/// A binary operation at `(x, y)`.
pub fn binary(op: Binary, x: i64, y: i64) -> i64 {
    if x == UNDEF || y == UNDEF {
        return UNDEF;
    }
    let bits = x >= 0 && y >= 0;
    let b = |c: bool| i64::from(c);
    let r = match op {
        Binary::Add => x.checked_add(y),
        Binary::Sub => x.checked_sub(y),
        Binary::Xor => bits.then_some(x ^ y),
        Binary::Or => bits.then_some(x | y),
        Binary::And => bits.then_some(x & y),
        Binary::Min => Some(x.min(y)),
        Binary::Max => Some(x.max(y)),
        Binary::Lt => Some(b(x < y)),
        Binary::Le => Some(b(x <= y)),
        Binary::Eq => Some(b(x == y)),
        Binary::ModBy => (x >= 0 && y >= 1).then(|| x % y),
        Binary::DivBy => (x >= 0 && y >= 1).then(|| x / y),
        Binary::NimMul => {
            bits.then(|| nim_product(x as u64, y as u64)).and_then(|v| i64::try_from(v).ok())
        }
        Binary::LtAlpha(i) => return lt_alpha(i, x, y),
        Binary::Wedge(i) => {
            let (l, r) = (lt_alpha(i, x, y), lt_alpha(i, y, x));
            return if l == UNDEF || r == UNDEF { UNDEF } else { l & r };
        }
    };
    r.filter(|&v| v != UNDEF).unwrap_or(UNDEF)
}

/// A postfix expression over the free coordinates.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Expr(pub Vec<Op>);

/// The three dialects an expression is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Words,
    Cpp,
    Python,
}

impl Expr {
    /// Its number of nodes.
    pub fn size(&self) -> usize {
        self.0.len()
    }

    /// Its value at the free coordinates `x`, or [`UNDEF`].
    pub fn eval(&self, x: &[i64]) -> i64 {
        let mut st: Vec<i64> = Vec::with_capacity(8);
        for op in &self.0 {
            let v = match *op {
                Op::Var(i, d) => x.get(i).map_or(UNDEF, |&v| v.checked_add(d).unwrap_or(UNDEF)),
                Op::Const(c) => c,
                Op::Un(u) => {
                    let a = st.pop().unwrap_or(UNDEF);
                    unary(u, a)
                }
                Op::Bin(b) => {
                    let r = st.pop().unwrap_or(UNDEF);
                    let l = st.pop().unwrap_or(UNDEF);
                    binary(b, l, r)
                }
            };
            st.push(v);
        }
        if st.len() == 1 { st[0] } else { UNDEF }
    }

    /// The expression as text, coordinates named by `names`.
    pub fn render(&self, names: &[&str], d: Dialect) -> String {
        let mut st: Vec<String> = Vec::new();
        for op in &self.0 {
            let s = match *op {
                Op::Var(i, dx) => {
                    let n = names.get(i).copied().unwrap_or("?");
                    match dx {
                        0 => n.to_string(),
                        1 => format!("({n} + 1)"),
                        _ => format!("({n} - 1)"),
                    }
                }
                Op::Const(c) => c.to_string(),
                Op::Un(u) => {
                    let a = st.pop().unwrap_or_default();
                    render_unary(u, &a, d)
                }
                Op::Bin(b) => {
                    let r = st.pop().unwrap_or_default();
                    let l = st.pop().unwrap_or_default();
                    render_binary(b, &l, &r, d)
                }
            };
            st.push(s);
        }
        st.pop().unwrap_or_default()
    }

    /// The names of the helper functions its code calls.
    pub fn helpers(&self, out: &mut Vec<&'static str>) {
        for op in &self.0 {
            let h: &[&'static str] = match op {
                Op::Un(Unary::Zeck) => &["zeck"],
                Op::Un(Unary::In(seq)) => seq_helpers(*seq),
                Op::Un(Unary::Factors { .. }) => &["factors"],
                Op::Un(Unary::PerfectPower) => &["perfect_power"],
                Op::Bin(Binary::NimMul) => &["nim_mul"],
                Op::Un(Unary::Floor(_)) => &["isqrt", "floor_alpha"],
                Op::Bin(Binary::LtAlpha(_)) | Op::Bin(Binary::Wedge(_)) => {
                    &["isqrt", "floor_alpha", "lt_alpha"]
                }
                _ => &[],
            };
            for x in h {
                if !out.contains(x) {
                    out.push(x);
                }
            }
        }
    }
}

fn render_unary(u: Unary, a: &str, d: Dialect) -> String {
    use Dialect::*;
    let bare = a.trim_start_matches('(').trim_end_matches(')');
    let inner =
        if a.starts_with('(') && bare.chars().all(|c| c != '(' && c != ')') { bare } else { a };
    match (u, d) {
        (Unary::Mod(m), Words) => format!("({a} mod {m})"),
        (Unary::Mod(m), _) => format!("({a} % {m})"),
        (Unary::Div(m), Words) => format!("floor({a}/{m})"),
        (Unary::Div(m), Cpp) => format!("({a} / {m})"),
        (Unary::Div(m), Python) => format!("({a} // {m})"),
        (Unary::V2, Cpp) => format!("(long long)__builtin_ctzll({a})"),
        (Unary::V2, Python) => format!("(({a} & -{a}).bit_length() - 1)"),
        (Unary::Pop, Cpp) => format!("(long long)__builtin_popcountll({a})"),
        (Unary::Pop, Python) => format!("bin({a}).count(\"1\")"),
        (Unary::Parity, Cpp) => format!("(long long)(__builtin_popcountll({a}) & 1)"),
        (Unary::Parity, Python) => format!("(bin({a}).count(\"1\") & 1)"),
        (Unary::Odd, Cpp) => format!("({a} >> __builtin_ctzll({a}))"),
        (Unary::Odd, Python) => format!("({a} // ({a} & -{a}))"),
        (Unary::Ones, Cpp) => format!("(long long)__builtin_ctzll(~(unsigned long long)({a}))"),
        (Unary::Ones, Python) => format!("((~{a} & ({a} + 1)).bit_length() - 1)"),
        (Unary::BitLen, Cpp) => format!("({a} ? 64LL - __builtin_clzll({a}) : 0LL)"),
        (Unary::BitLen, Python) => format!("({a}).bit_length()"),
        (Unary::LowBit, Cpp | Python) => format!("({a} & -{a})"),
        (Unary::Zeck, Cpp | Python) => format!("zeck({inner})"),
        (Unary::In(Seq::Geom(c, r)), Cpp | Python) => format!("geom({inner}, {c}, {r})"),
        (Unary::In(seq), Cpp | Python) => format!("{}({inner})", seq_helpers(seq)[0]),
        (Unary::Floor(i), Cpp | Python) => format!("floor_{}({inner})", ALPHAS[i].2),
        (Unary::Floor(i), Words) => format!("floor({a}*{})", ALPHAS[i].1),
        (Unary::In(seq), Words) => format!("[{inner} {}]", seq_words(seq)),
        (Unary::Factors { odd, distinct }, Words) => {
            let f = if distinct { "omega" } else { "Omega" };
            if odd { format!("{f}(oddpart({inner}))") } else { format!("{f}({inner})") }
        }
        (Unary::Factors { odd, distinct }, _) => {
            format!("factors({inner}, {}, {})", u8::from(odd), u8::from(distinct))
        }
        (Unary::PerfectPower, Words) => format!("[{inner} is a perfect power]"),
        (Unary::PerfectPower, _) => format!("perfect_power({inner})"),
        (u, Words) => {
            let name = match u {
                Unary::V2 => "v2",
                Unary::Pop => "popcount",
                Unary::Parity => "parity",
                Unary::Odd => "oddpart",
                Unary::Ones => "trailing_ones",
                Unary::BitLen => "bitlength",
                Unary::LowBit => "lowbit",
                _ => "zeck_smallest",
            };
            format!("{name}({inner})")
        }
    }
}

fn render_binary(b: Binary, l: &str, r: &str, d: Dialect) -> String {
    use Dialect::*;
    let words_op = |op: &str| format!("({l} {op} {r})");
    match (b, d) {
        (Binary::Add, _) => words_op("+"),
        (Binary::Sub, _) => words_op("-"),
        (Binary::Xor, Words) => words_op("XOR"),
        (Binary::Or, Words) => words_op("OR"),
        (Binary::And, Words) => words_op("AND"),
        (Binary::Xor, _) => words_op("^"),
        (Binary::Or, _) => words_op("|"),
        (Binary::And, _) => words_op("&"),
        (Binary::Min, Cpp) => format!("std::min<long long>({l}, {r})"),
        (Binary::Max, Cpp) => format!("std::max<long long>({l}, {r})"),
        (Binary::Min, _) => format!("min({l}, {r})"),
        (Binary::Max, _) => format!("max({l}, {r})"),
        (Binary::ModBy, Words) => words_op("mod"),
        (Binary::ModBy, _) => words_op("%"),
        (Binary::DivBy, Words) => format!("floor({l} / {r})"),
        (Binary::DivBy, Python) => words_op("//"),
        (Binary::DivBy, Cpp) => words_op("/"),
        (Binary::Lt, Python) => format!("int({l} < {r})"),
        (Binary::Le, Python) => format!("int({l} <= {r})"),
        (Binary::Eq, Python) => format!("int({l} == {r})"),
        (Binary::Lt, Cpp) => format!("(long long)({l} < {r})"),
        (Binary::Le, Cpp) => format!("(long long)({l} <= {r})"),
        (Binary::Eq, Cpp) => format!("(long long)({l} == {r})"),
        (Binary::Lt, Words) => format!("[{l} < {r}]"),
        (Binary::Le, Words) => format!("[{l} <= {r}]"),
        (Binary::Eq, Words) => format!("[{l} = {r}]"),
        (Binary::LtAlpha(i), Words) => format!("[{l} < {}*{r}]", ALPHAS[i].1),
        (Binary::Wedge(i), Words) => {
            let a = ALPHAS[i].1;
            format!("[1/{a} < {r}/{l} < {a}]")
        }
        (Binary::LtAlpha(i), _) => format!("lt_{}({l}, {r})", ALPHAS[i].2),
        (Binary::NimMul, Words) => words_op("⊗"),
        (Binary::NimMul, _) => format!("nim_mul({l}, {r})"),
        (Binary::Wedge(i), _) => {
            let id = ALPHAS[i].2;
            format!("(lt_{id}({l}, {r}) & lt_{id}({r}, {l}))")
        }
    }
}

/// How a membership reads in words: `is a square`, `is a power of 3`, `in {3*2^k}`.
fn seq_words(seq: Seq) -> String {
    match seq {
        Seq::Fibonacci => "is Fibonacci".into(),
        Seq::Lucas => "is a Lucas number".into(),
        Seq::Squares => "is a square".into(),
        Seq::Cubes => "is a cube".into(),
        Seq::Triangular => "is triangular".into(),
        Seq::Pronic => "is pronic (k(k+1))".into(),
        Seq::Geom(1, r) => format!("is a power of {r}"),
        Seq::Geom(c, r) => format!("in {{{c}*{r}^k}}"),
    }
}

/// The helper functions a membership's code calls, its own first.
fn seq_helpers(seq: Seq) -> &'static [&'static str] {
    match seq {
        Seq::Fibonacci => &["isfib"],
        Seq::Lucas => &["islucas"],
        Seq::Squares => &["issq", "isqrt"],
        Seq::Cubes => &["iscube"],
        Seq::Triangular => &["istri", "isqrt"],
        Seq::Pronic => &["ispronic", "isqrt"],
        Seq::Geom(..) => &["geom"],
    }
}
