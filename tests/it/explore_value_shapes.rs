//! Issue 44, items 1 to 3: values read digit by digit in a base k (the digit-wise sum mod k of
//! base-k Nim, the digit-wise min and max, sums of digit sums and their residues, a random
//! digit table), where before only the outcomes (or a bounded lift) were found.
//!
//! A planted function f of r = 2 or 3 coordinates: a random base k, a random digit table T
//! (the named ones or a random one) and a join J, f(x) = J(f(floor(x / k)), T(x mod k)),
//! f(0) = 0, computed here digit by digit (the test's own code). The game: from x, for every
//! v < f(x), one move to the position `below(x, v)` built here, whose f is v (checked at every
//! option the mex loop meets). Proof that G = f, by induction on f: every option of x has f
//! smaller than f(x) (the game ends), the options' values are then f of them, exactly the
//! numbers 0..f(x) - 1, and the mex of those is f(x). `below(x, v)`:
//! - place (`k·y + t`, T onto 0..k-1): the highest column where v's base-k digits and f(x)'s
//!   differ, and every column below it, rewritten to a tuple whose T is v's digit there (the
//!   columns above kept): f of it is v, digit by digit;
//! - sum (`y + t`) and `(y + t) mod m` (T onto 0..M): the columns from the lowest up lowered
//!   to tuples of smaller T until the total fell by f(x) - v (at most the total, so it can);
//! - XOR (T onto 0..2^j - 1): the lowest column rewritten to a tuple of T = T(it) XOR f(x)
//!   XOR v (below 2^j).
//!
//! The box (0..k^2 - 1 on every coordinate, or 0..2k - 1 in 3-D) is computed by the mex loop
//! over those moves (a memoised search with its own stack), never from f, and must equal f.
//! Far positions (every coordinate past the box, up to 2^62) are judged by f: each far answer
//! must be f or `unknown`; a draw is found when every far answer is right, at least 95% of
//! them. The command line does the same for base-k Nim through a Python moves program whose
//! far positions have small values (so the guard lists their options and checks the rule):
//! FAILS when python3 is missing, unless `GAMES_TEST_NO_PYTHON=1`.
//!
//! On a line: values read from n's binary digits (2-adic valuation of n + c, popcount mod m,
//! bit length, the i-th bit, trailing ones), base-k digit sums mod m, and periods with a
//! rising offset `G(n) = T[n mod p] + c floor(n / p)` (T onto 0..c-1), random parameters.
//! The game: from n, one move to the least m with f(m) = v for every v < f(n) (f takes every
//! smaller value: checked where the mex loop meets it); G = f by induction on f as above.
//! Every far answer must be f or `unknown`; 85% of the draws at least answer every far
//! position (the i-th bit for i >= 3 is `unknown` far away: see the test).

use crate::common;

use common::{games, have_python, temp_dir, text};
use games::explore::answer;
use games::explore::pattern;
use games::explore::space::{Coords, MAX_ARITY, Space};
use games::explore::table::Table;
use games::rng::Rng;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Join {
    Place,
    Sum,
    SumMod(u64),
    Xor,
}

#[derive(Debug, Clone)]
struct Planted {
    k: u64,
    r: usize,
    join: Join,
    /// T of every digit tuple (the first coordinate's digit the most significant index).
    t: Vec<u64>,
}

impl Planted {
    fn index(&self, d: &[u64]) -> usize {
        d.iter().fold(0u64, |c, &v| c * self.k + v) as usize
    }

    fn tuple(&self, mut i: usize) -> Vec<u64> {
        let mut d = vec![0; self.r];
        for j in (0..self.r).rev() {
            d[j] = i as u64 % self.k;
            i /= self.k as usize;
        }
        d
    }

    /// The digit columns of x, the least significant first.
    fn columns(&self, x: &[u64]) -> Vec<Vec<u64>> {
        let mut x = x.to_vec();
        let mut cols = Vec::new();
        while x.iter().any(|&v| v > 0) {
            cols.push(x.iter().map(|v| v % self.k).collect());
            x.iter_mut().for_each(|v| *v /= self.k);
        }
        cols
    }

    fn of_columns(&self, cols: &[Vec<u64>]) -> Vec<u64> {
        let mut x = vec![0u64; self.r];
        for c in cols.iter().rev() {
            for j in 0..self.r {
                x[j] = x[j] * self.k + c[j];
            }
        }
        x
    }

    /// f(x), from the top column down (u128: no overflow for coordinates below 2^63).
    fn f(&self, x: &[u64]) -> u128 {
        let mut y: u128 = 0;
        for c in self.columns(x).iter().rev() {
            let t = self.t[self.index(c)] as u128;
            y = match self.join {
                Join::Place => y * self.k as u128 + t,
                Join::Sum => y + t,
                Join::SumMod(m) => (y + t) % m as u128,
                Join::Xor => y ^ t,
            };
        }
        y
    }

    /// A digit tuple whose T is `v` (the first in index order).
    fn with_t(&self, v: u64) -> Vec<u64> {
        let i = self.t.iter().position(|&t| t == v).expect("T takes every value of its range");
        self.tuple(i)
    }

    /// The option of x of value v < f(x) (the module's construction).
    fn below(&self, x: &[u64], v: u64) -> Vec<u64> {
        let mut cols = self.columns(x);
        let fx = self.f(x) as u64;
        match self.join {
            Join::Place => {
                let (k, n) = (self.k, cols.len());
                let digit = |w: u64, i: usize| w / k.pow(i as u32) % k;
                let top = (0..n).rev().find(|&i| digit(v, i) != digit(fx, i)).unwrap();
                for (i, c) in cols.iter_mut().enumerate().take(top + 1) {
                    *c = self.with_t(digit(v, i));
                }
            }
            Join::Sum | Join::SumMod(_) => {
                let mut fall = fx - v;
                for c in cols.iter_mut() {
                    let t = self.t[self.index(c)];
                    let d = t.min(fall);
                    *c = self.with_t(t - d);
                    fall -= d;
                }
                assert_eq!(fall, 0);
            }
            Join::Xor => {
                let t = self.t[self.index(&cols[0])];
                cols[0] = self.with_t(t ^ fx ^ v);
            }
        }
        self.of_columns(&cols)
    }

    fn options(&self, x: &[u64]) -> Vec<Vec<u64>> {
        let fx = self.f(x) as u64;
        (0..fx).map(|v| self.below(x, v)).collect()
    }
}

/// A random planted function: base k, r coordinates, a named or random digit table.
fn plant(rng: &mut Rng) -> Planted {
    let r = 2 + usize::from(rng.chance(1, 4));
    let k = if r == 2 { 2 + rng.below(9) } else { 2 + rng.below(3) };
    let n = k.pow(r as u32) as usize;
    let mut p = Planted { k, r, join: Join::Place, t: vec![0; n] };
    let kind = rng.below(7);
    let sum = |d: &[u64]| d.iter().sum::<u64>();
    for i in 0..n {
        let d = p.tuple(i);
        p.t[i] = match kind {
            0 | 1 => sum(&d) % k,
            2 => *d.iter().min().unwrap(),
            3 => *d.iter().max().unwrap(),
            4 | 5 => sum(&d),
            _ => 0,
        };
    }
    p.join = match kind {
        4 if rng.chance(1, 2) => Join::SumMod(2 + rng.below(9)),
        4 | 5 => Join::Sum,
        _ => Join::Place,
    };
    if kind == 6 {
        // A random table: onto 0..k-1 (place), or onto 0..2^j - 1 (XOR), 0 at the zero tuple.
        let (xor, top) = if rng.chance(1, 3) {
            let j = 1 + rng.below(2);
            (true, (1u64 << j).min(n as u64))
        } else {
            (false, k)
        };
        p.join = if xor { Join::Xor } else { Join::Place };
        for i in 1..n {
            p.t[i] = rng.below(top);
        }
        // Every value of the range once at least (the first ones, past the zero tuple).
        let mut order: Vec<usize> = (1..n).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for v in 1..top {
            p.t[order[(v - 1) as usize]] = v;
        }
    }
    p
}

/// The box's values by the mex loop over the planted moves (a memoised search, own stack),
/// each option checked to have f = the value it was built for.
fn table(p: &Planted, hi: u64) -> Table {
    let w = hi + 1;
    let cells = w.pow(p.r as u32) as usize;
    let index = |x: &[u64]| x.iter().fold(0u64, |c, &v| c * w + v) as usize;
    let coords = |mut c: usize| {
        let mut x = vec![0u64; p.r];
        for j in (0..p.r).rev() {
            x[j] = c as u64 % w;
            c /= w as usize;
        }
        x
    };
    let mut g: Vec<Option<u32>> = vec![None; cells];
    for start in 0..cells {
        let mut stack = vec![start];
        while let Some(&c) = stack.last() {
            if g[c].is_some() {
                stack.pop();
                continue;
            }
            let opts: Vec<usize> = p.options(&coords(c)).iter().map(|o| index(o)).collect();
            let missing: Vec<usize> = opts.iter().copied().filter(|&o| g[o].is_none()).collect();
            if missing.is_empty() {
                let vals: Vec<u32> = opts.iter().map(|&o| g[o].unwrap()).collect();
                g[c] = Some((0..).find(|v| !vals.contains(v)).unwrap());
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
    }
    let g: Vec<u32> = g.into_iter().map(Option::unwrap).collect();
    for (c, &v) in g.iter().enumerate() {
        assert_eq!(u128::from(v), p.f(&coords(c)), "{p:?}: the mex loop and f part at {c}");
    }
    Table::from_grundy(Space::from_ranges(&vec![(0, hi); p.r]), g)
}

fn at(xs: &[u64]) -> Coords {
    let mut p: Coords = [0; MAX_ARITY];
    p[..xs.len()].copy_from_slice(xs);
    p
}

#[test]
fn planted_digit_rules_are_found_and_answered_far_away() {
    let mut rng = Rng::new(4461);
    let (mut cases, mut found, mut misses) = (0, 0, Vec::new());
    while cases < 40 {
        let p = plant(&mut rng);
        // A box of whole levels (0..k^L - 1): every option of a cell stays in it.
        let least = if p.r == 2 { (2 * p.k - 1).max(11) } else { (2 * p.k - 1).max(7) };
        let hi = (1..).map(|l| p.k.pow(l) - 1).find(|&h| h >= least).unwrap();
        if let Join::SumMod(m) = p.join {
            // A modulus the box never reaches is not in the box: drawn again, said.
            let plain = Planted { join: Join::Sum, ..p.clone() };
            let w = hi + 1;
            let top = (0..w.pow(p.r as u32))
                .map(|c| plain.f(&(0..p.r).map(|j| c / w.pow(j as u32) % w).collect::<Vec<_>>()))
                .max()
                .unwrap();
            if top < u128::from(m) {
                eprintln!("drawn again: {p:?} never reaches {m} on 0..{hi}");
                continue;
            }
        }
        let t = table(&p, hi);
        let pats = pattern::find(&t, Vec::new());
        let mut right = true;
        for i in 0..12u32 {
            let x: Vec<u64> =
                (0..p.r).map(|_| hi + 1 + rng.below(1u64 << (5 + 5 * i.min(11)))).collect();
            let want = p.f(&x);
            let a = answer::answer(&t, &pats, &at(&x));
            match a.grundy {
                None => {
                    right = false;
                    if misses.len() < 12 {
                        misses.push(format!("{p:?} at {x:?}: {}", a.basis));
                    }
                }
                Some(v) => assert_eq!(u128::from(v), want, "{p:?} at {x:?}: {}", a.basis),
            }
        }
        cases += 1;
        found += usize::from(right);
    }
    eprintln!("digit rules: {found} of {cases} found; misses: {misses:#?}");
    assert!(found * 100 >= cases * 95, "only {found} of {cases} found: {misses:#?}");
}

/// Base-k Nim's value (the digit-wise sum mod k) by the planted moves, in Python: argv[1] is k.
const BASE_NIM_VALUES: &str = "import sys
k = int(sys.argv[1])
def cols(x):
    out = []
    while any(x):
        out.append([v % k for v in x])
        x = [v // k for v in x]
    return out
def f(x):
    y = 0
    for c in reversed(cols(x)):
        y = y * k + sum(c) % k
    return y
def digit(w, i):
    return w // k ** i % k
def below(x, v):
    # The highest column where v's digits and f(x)'s differ loses (f - v) mod k from its
    # digits, the first coordinates first; every column below becomes (v's digit, 0, ...):
    # the coordinates' sum falls (by k^i at least, and the columns below add k^i - 1 at most).
    cs, fx = cols(x), f(x)
    top = max(i for i in range(len(cs)) if digit(v, i) != digit(fx, i))
    fall = (digit(fx, top) - digit(v, top)) % k
    for j in range(len(x)):
        d = min(cs[top][j], fall)
        cs[top][j] -= d
        fall -= d
    for i in range(top):
        cs[i] = [digit(v, i)] + [0] * (len(x) - 1)
    y = [0] * len(x)
    for c in reversed(cs):
        y = [y[j] * k + c[j] for j in range(len(x))]
    return y
for line in sys.stdin:
    x = list(map(int, line.split()))
    print(';'.join(' '.join(map(str, below(x, v))) for v in range(f(x))), flush=True)
";

#[test]
fn base_k_nim_values_through_a_moves_program() {
    if !have_python("the moves program of base-k Nim's values") {
        return;
    }
    let dir = temp_dir("explore-value-shapes");
    let prog = dir.join("base_nim_values.py");
    std::fs::write(&prog, BASE_NIM_VALUES).unwrap();
    let mut rng = Rng::new(4462);
    for _ in 0..3 {
        let k = 3 + rng.below(5);
        let p = Planted {
            k,
            r: 2,
            join: Join::Place,
            t: (0..k * k).map(|i| (i / k + i % k) % k).collect(),
        };
        let hi = (k * k - 1).max(11);
        let spec = format!("0..{hi},0..{hi}");
        let mut asked: Vec<Vec<u64>> = Vec::new();
        for i in 0..6 {
            let a = hi + 1 + rng.below(1u64 << (10 + 8 * i));
            // b: a's digits complemented (a P-position), then its last two digits any.
            let (mut b, mut place, mut rest) = (0u64, 1u64, a);
            while rest > 0 {
                b += (k - rest % k) % k * place;
                rest /= k;
                place = place.saturating_mul(k);
            }
            // Its last two digits replaced (no carry): a value below k^2.
            asked.push(vec![a, b - b % (k * k) + rng.below(k * k)]);
        }
        let texts: Vec<String> = asked.iter().map(|x| format!("{},{}", x[0], x[1])).collect();
        let cmd = format!("python3 {} {k}", prog.display());
        // No sampled far checks: their values are large, so are their lists of options.
        let mut args = vec!["explore", "--moves", &cmd, "--box", &spec, "--json", "--no-table"];
        args.extend(["--far-checks", "0"]);
        for t in &texts {
            args.push("--at");
            args.push(t);
        }
        let out = games(&args, b"");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        let pats = v["patterns"].to_string();
        assert!(pats.contains(&format!("base-{k} Nim's value")), "k {k}: {pats}");
        for (ans, x) in v["at"].as_array().expect("at").iter().zip(&asked) {
            let want = p.f(x);
            assert_eq!(ans["value"].as_u64().map(u128::from), Some(want), "k {k} at {x:?}: {ans}");
            assert!(ans["basis"].as_str().unwrap().contains("the game's rule holds here"), "{ans}");
        }
    }
}

/// A planted function of one coordinate (`kind` 0..=6, its parameters).
#[derive(Debug, Clone)]
struct Line {
    kind: u64,
    c: u64,
    m: u64,
    t: Vec<u64>,
}

impl Line {
    fn f(&self, n: u64) -> u64 {
        let digit_sum = |mut n: u64, k: u64| {
            let mut s = 0;
            while n > 0 {
                s += n % k;
                n /= k;
            }
            s
        };
        match self.kind {
            0 => (n + self.c).trailing_zeros() as u64,
            1 => u64::from(n.count_ones()) % self.m,
            2 => 64 - u64::from(n.leading_zeros()),
            3 => n >> self.c & 1,
            4 => u64::from(n.trailing_ones()),
            5 => digit_sum(n, self.c) % self.m,
            _ => {
                let p = self.t.len() as u64;
                self.t[(n % p) as usize] + self.c * (n / p)
            }
        }
    }
}

fn plant_line(rng: &mut Rng) -> Line {
    let kind = rng.below(7);
    let mut l = Line { kind, c: 0, m: 0, t: Vec::new() };
    match kind {
        0 => l.c = 1 + rng.below(4),
        1 => l.m = [2, 3, 4, 5, 1000][rng.below(5) as usize],
        3 => l.c = rng.below(5),
        5 => {
            l.c = 3 + rng.below(8);
            l.m = 2 + rng.below(l.c + 2);
        }
        6 => {
            let p = 2 + rng.below(5);
            l.c = 1 + rng.below(p);
            l.t = (0..p).map(|_| rng.below(l.c)).collect();
            for v in 0..l.c {
                l.t[v as usize] = v; // onto 0..c-1
            }
            for i in (1..p as usize).rev() {
                l.t.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        _ => {}
    }
    l
}

#[test]
fn planted_line_values_are_found_and_answered_far_away() {
    let mut rng = Rng::new(4463);
    let (mut cases, mut found, mut misses) = (0, 0, Vec::new());
    while cases < 40 {
        let l = plant_line(&mut rng);
        let hi = if l.kind == 5 { (3 * l.c * l.c).max(255) } else { 255 };
        // The least m with f(m) = v, for every value the box's options need.
        let mut least: std::collections::HashMap<u64, u64> = std::collections::HashMap::new();
        for m in 0..(1u64 << 16) {
            least.entry(l.f(m)).or_insert(m);
        }
        // The mex loop over the moves, memoised, with its own stack (options may lie above n).
        let mut g: std::collections::HashMap<u64, u32> = std::collections::HashMap::new();
        let options = |n: u64| -> Vec<u64> {
            (0..l.f(n)).map(|v| *least.get(&v).expect("f takes every smaller value")).collect()
        };
        for start in 0..=hi {
            let mut stack = vec![start];
            while let Some(&n) = stack.last() {
                if g.contains_key(&n) {
                    stack.pop();
                    continue;
                }
                let opts = options(n);
                let missing: Vec<u64> =
                    opts.iter().copied().filter(|o| !g.contains_key(o)).collect();
                if missing.is_empty() {
                    let vals: Vec<u32> = opts.iter().map(|o| g[o]).collect();
                    g.insert(n, (0..).find(|v| !vals.contains(v)).unwrap());
                    stack.pop();
                } else {
                    stack.extend(missing);
                }
            }
        }
        let values: Vec<u32> = (0..=hi).map(|n| g[&n]).collect();
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(u64::from(v), l.f(n as u64), "{l:?}: the mex loop and f part at {n}");
        }
        let t = Table::from_grundy(Space::from_ranges(&[(0, hi)]), values);
        let pats = pattern::find(&t, Vec::new());
        let mut right = true;
        for i in 0..12u32 {
            let n = hi + 1 + rng.below(1u64 << (6 + 5 * i.min(11)));
            let a = answer::answer(&t, &pats, &at(&[n]));
            match a.grundy {
                None => {
                    right = false;
                    if misses.len() < 12 {
                        misses.push(format!("{l:?} at {n}: {}", a.basis));
                    }
                }
                Some(v) => assert_eq!(v, l.f(n), "{l:?} at {n}: {}", a.basis),
            }
        }
        cases += 1;
        found += usize::from(right);
    }
    eprintln!("line values: {found} of {cases} found; misses: {misses:#?}");
    // Measured: 35 of 40; the 5 misses are all the i-th bit for i = 3 or 4 on 0..255, where
    // two patterns that fit the box part far away and the answer is `unknown` (coins' g(j) =
    // [j + 1 in {4*4^k}], read off 8 digits, says bit 15 too; a power-of-8 recursion read
    // on three levels), beside the right period 16 or 32.
    assert!(found * 100 >= cases * 85, "only {found} of {cases} found: {misses:#?}");
}
