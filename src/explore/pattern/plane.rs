//! Family 6: tables of two or more coordinates. Each row's own 1-D pattern (Dress,
//! Flammenkamp and Pink: every row of Wythoff's table is additively periodic); sums of 1-D
//! games, G = g(a) XOR h(b) (XOR ...), each part with its own pattern (Nim: a XOR b); the nim
//! product a ⊗ b (turning corners); values, or P-positions, periodic in every coordinate.

use super::period::{Periodic, sequence};
use super::{Answer, Covers, Formula, rows as table_rows, var};
use crate::explore::space::{Coords, MAX_ARITY};
use crate::explore::table::Table;
use crate::theory::nimber::nim_product as nim_mul;

/// The most rows (in each direction) given a pattern of their own.
pub const MAX_ROWS: usize = 256;

/// Each row's and each column's own period (2-D tables).
pub fn rows(t: &Table) -> Vec<Box<dyn Formula>> {
    let Some((ax, bx, rows)) = table_rows(t) else { return Vec::new() };
    let arity = t.space.arity();
    let outcomes = !t.all_finite();
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    for row in rows.iter().take(MAX_ROWS) {
        if let Some(seq) = sequence(&row.grundy, &row.outcome, outcomes)
            && let Some(f) = Periodic::of(&seq, arity, bx, row.base, false, outcomes, t.misere)
        {
            out.push(Box::new(f));
        }
    }
    // Columns: the same along the first axis.
    let (wa, wb) = (t.space.width(ax) as usize, t.space.width(bx) as usize);
    for j in 0..wb.min(MAX_ROWS) {
        let cells: Vec<usize> = (0..wa).map(|i| i * wb + j).collect();
        let g: Vec<u32> = cells.iter().map(|&c| t.grundy[c]).collect();
        let o: Vec<u8> = cells.iter().map(|&c| t.outcome[c]).collect();
        let base = t.position(j);
        if let Some(seq) = sequence(&g, &o, outcomes)
            && let Some(f) = Periodic::of(&seq, arity, ax, base, false, outcomes, t.misere)
        {
            out.push(Box::new(f));
        }
    }
    out
}

/// One coordinate's part of a sum.
enum Part {
    /// x XOR k.
    Identity(u64),
    /// A periodic function of x (offsets from the box's low corner).
    Periodic(Periodic),
    /// Any formula of the values of the edge line, found on it as a 1-D table (`G(n)`).
    Line(Box<dyn Formula>),
}

/// The names of a sum's parts, in order (the fourth and later share the last).
const PART_NAMES: [&str; 4] = ["g", "h", "k", "m"];

impl Part {
    /// The part's own formula, where it has one (not `x XOR k`).
    fn formula(&self) -> Option<&dyn Formula> {
        match self {
            Part::Identity(_) => None,
            Part::Periodic(f) => Some(f),
            Part::Line(f) => Some(f.as_ref()),
        }
    }

    fn eval(&self, x: u64, lo: u64) -> Option<u64> {
        match self {
            Part::Identity(k) => Some(x ^ k),
            Part::Periodic(f) => f.get(x.checked_sub(lo)?),
            Part::Line(f) => {
                let mut p = [0u64; MAX_ARITY];
                p[0] = x;
                f.at(&p)?.value
            }
        }
    }
}

/// G = c XOR part_1(x_1) XOR part_2(x_2) ...: a sum of independent one-coordinate games.
pub struct XorSum {
    arity: usize,
    /// (axis, low end of the box on it, part).
    parts: Vec<(usize, u64, Part)>,
    c: u64,
    /// The fixed coordinates.
    fixed: Coords,
}

impl Formula for XorSum {
    fn family(&self) -> &'static str {
        "nim-sum"
    }

    fn words(&self) -> String {
        let mut terms = Vec::new();
        let mut defs = Vec::new();
        for (i, (axis, _, part)) in self.parts.iter().enumerate() {
            let x = var(self.arity, *axis);
            match part {
                Part::Identity(0) => terms.push(x.to_string()),
                Part::Identity(k) => terms.push(format!("({x} XOR {k})")),
                Part::Periodic(f) => {
                    let name = PART_NAMES[i.min(3)];
                    terms.push(format!("{name}({x})"));
                    defs.push(format!("{name}({x}) periodic: {}", f.words()));
                }
                Part::Line(f) => {
                    let name = PART_NAMES[i.min(3)];
                    terms.push(format!("{name}({x})"));
                    defs.push(format!("{name}(n) is the line's [{}] {}", f.family(), f.words()));
                }
            }
        }
        if self.c != 0 {
            terms.push(self.c.to_string());
        }
        let mut s = format!("G = {} (a sum of one-coordinate games)", terms.join(" XOR "));
        if !defs.is_empty() {
            s.push_str("; ");
            s.push_str(&defs.join("; "));
        }
        s
    }

    fn cpp(&self) -> String {
        self.code(|f, name| super::as_function(&f.cpp(), name, &["n"], true), "//")
    }

    fn python(&self) -> String {
        self.code(|f, name| super::as_function(&f.python(), name, &["n"], false), "#")
    }

    fn covers(&self) -> Covers {
        Covers::Values
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let free: Vec<usize> = self.parts.iter().map(|x| x.0).collect();
        if (0..self.arity).any(|a| !free.contains(&a) && p[a] != self.fixed[a]) {
            return None;
        }
        let mut g = self.c;
        for (axis, lo, part) in &self.parts {
            g ^= part.eval(p[*axis], *lo)?;
        }
        Some(Answer::of_value(g))
    }

    fn cost(&self) -> u64 {
        1 + self
            .parts
            .iter()
            .map(|(_, _, p)| match p {
                Part::Identity(_) => 1,
                Part::Periodic(f) => f.cost(),
                Part::Line(f) => f.cost(),
            })
            .sum::<u64>()
    }
}

impl XorSum {
    /// The code of the sum: each part's function (from `part`, renamed g, h, ...), then the
    /// sum itself as the function `G` (C++ when `comment` is `//`, else Python).
    fn code(&self, part: impl Fn(&dyn Formula, &str) -> String, comment: &str) -> String {
        let (mut fns, mut terms) = (String::new(), Vec::new());
        for (i, (axis, _, p)) in self.parts.iter().enumerate() {
            let x = var(self.arity, *axis);
            match p {
                Part::Identity(0) => terms.push(x.to_string()),
                Part::Identity(k) => terms.push(format!("({x} ^ {k})")),
                Part::Periodic(_) | Part::Line(_) => {
                    let name = PART_NAMES[i.min(3)];
                    if let Some(f) = p.formula() {
                        fns.push_str(&part(f, name));
                        fns.push('\n');
                    }
                    terms.push(format!("{name}({x})"));
                }
            }
        }
        if self.c != 0 {
            terms.push(self.c.to_string());
        }
        let sum = terms.join(" ^ ");
        let args: Vec<&str> =
            self.parts.iter().map(|(axis, _, _)| var(self.arity, *axis)).collect();
        if comment == "//" {
            let params: Vec<String> = args.iter().map(|a| format!("long long {a}")).collect();
            format!("{fns}long long G({}) {{\n    return {sum};\n}}\n", params.join(", "))
        } else {
            format!("{fns}def G({}):\n    return {sum}\n", args.join(", "))
        }
    }
}

/// G = g(a) XOR h(b) (XOR ...): read each part off the box's edges through its low corner,
/// then recognise each part (x XOR k, or periodic).
pub fn nim_sum(t: &Table) -> Vec<Box<dyn Formula>> {
    let free = t.space.free_axes();
    if free.len() < 2 || !t.all_finite() {
        return Vec::new();
    }
    let arity = t.space.arity();
    let mut corner = [0u64; MAX_ARITY];
    corner[..arity].copy_from_slice(&t.space.lo);
    let g0 = t.grundy[0] as u64;
    let mut parts = Vec::new();
    let c = g0;
    let mut edges: Vec<(usize, Vec<u32>)> = Vec::new();
    for &axis in &free {
        let f: Vec<u32> = (0..t.space.width(axis))
            .map(|i| {
                let mut p = corner;
                p[axis] += i;
                t.value_at(&p).map_or(0, |g| g ^ g0 as u32)
            })
            .collect();
        edges.push((axis, f));
    }
    if !is_xor_of_edges(t, &corner, g0, &edges) {
        return Vec::new();
    }
    for (axis, f) in edges {
        let lo = t.space.lo[axis];
        let k = f[0] as u64 ^ lo;
        let part = if f.iter().enumerate().all(|(i, &v)| v as u64 == (lo + i as u64) ^ k) {
            Part::Identity(k)
        } else {
            let mut base = corner;
            base[axis] = lo;
            match Periodic::of(&f, arity, axis, base, false, false, false) {
                Some(p) => Part::Periodic(p),
                None => match line_formula(&f, lo) {
                    Some(l) => Part::Line(l),
                    None => return Vec::new(),
                },
            }
        };
        parts.push((axis, lo, part));
    }
    vec![Box::new(XorSum { arity, parts, c, fixed: corner })]
}

/// Is every value of the table the XOR of the corner's and the edges' offsets through it?
fn is_xor_of_edges(t: &Table, corner: &Coords, g0: u64, edges: &[(usize, Vec<u32>)]) -> bool {
    (0..t.cells()).all(|cell| {
        let p = t.position(cell);
        let want = edges
            .iter()
            .fold(g0, |g, (axis, f)| g ^ u64::from(f[(p[*axis] - corner[*axis]) as usize]));
        t.value(cell).is_none_or(|v| u64::from(v) == want)
    })
}

/// The shortest formula of the values of one edge (a 1-D table from `lo`), found by the
/// families and the grammar; the part of a sum whose edge is not plainly periodic.
fn line_formula(f: &[u32], lo: u64) -> Option<Box<dyn Formula>> {
    let space = crate::explore::space::Space::from_ranges(&[(lo, lo + f.len() as u64 - 1)]);
    super::values_formula(&Table::from_grundy(space, f.to_vec()))
}

/// G = (a - o) ⊗ (b - o), o = 0 or 1 (turning corners, coordinates from 0 or from 1).
pub struct NimProduct {
    arity: usize,
    axes: (usize, usize),
    offset: u64,
    fixed: Coords,
}

impl Formula for NimProduct {
    fn family(&self) -> &'static str {
        "nim-product"
    }
    fn words(&self) -> String {
        let (a, b) = (var(self.arity, self.axes.0), var(self.arity, self.axes.1));
        if self.offset == 0 {
            format!("G = {a} ⊗ {b}, the nim product (turning corners)")
        } else {
            format!(
                "G = ({a} - {o}) ⊗ ({b} - {o}), the nim product (turning corners)",
                o = self.offset
            )
        }
    }
    fn cpp(&self) -> String {
        let (a, b) = (var(self.arity, self.axes.0), var(self.arity, self.axes.1));
        let o = if self.offset == 0 { String::new() } else { format!(" - {}", self.offset) };
        format!(
            "unsigned long long nim_mul(unsigned long long x, unsigned long long y, int half = 32) {{\n  if (x < 2 || y < 2) return x * y;\n  while (half > 1 && (x >> half) == 0 && (y >> half) == 0) half >>= 1;\n  unsigned long long m = (1ULL << half) - 1, a = x >> half, b = x & m, c = y >> half, d = y & m;\n  unsigned long long ac = nim_mul(a, c, half), bd = nim_mul(b, d, half);\n  unsigned long long hi = nim_mul(a ^ b, c ^ d, half) ^ bd;\n  return (hi << half) ^ bd ^ nim_mul(ac, 1ULL << (half - 1), half);\n}}\n// G = nim_mul({a}{o}, {b}{o})"
        )
    }
    fn python(&self) -> String {
        let (a, b) = (var(self.arity, self.axes.0), var(self.arity, self.axes.1));
        let o = if self.offset == 0 { String::new() } else { format!(" - {}", self.offset) };
        format!(
            "def nim_mul(x, y, half=32):\n    if x < 2 or y < 2:\n        return x * y\n    while half > 1 and x >> half == 0 and y >> half == 0:\n        half >>= 1\n    m = (1 << half) - 1\n    a, b, c, d = x >> half, x & m, y >> half, y & m\n    ac, bd = nim_mul(a, c, half), nim_mul(b, d, half)\n    hi = nim_mul(a ^ b, c ^ d, half) ^ bd\n    return (hi << half) ^ bd ^ nim_mul(ac, 1 << (half - 1), half)\n# G = nim_mul({a}{o}, {b}{o})"
        )
    }
    fn covers(&self) -> Covers {
        Covers::Values
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        if (0..self.arity).any(|a| a != self.axes.0 && a != self.axes.1 && p[a] != self.fixed[a]) {
            return None;
        }
        let (a, b) =
            (p[self.axes.0].checked_sub(self.offset)?, p[self.axes.1].checked_sub(self.offset)?);
        Some(Answer::of_value(nim_mul(a, b)))
    }
    fn cost(&self) -> u64 {
        2
    }
}

/// The nim product, for 2-D tables.
pub fn nim_product(t: &Table) -> Vec<Box<dyn Formula>> {
    let free = t.space.free_axes();
    if free.len() != 2 || !t.all_finite() {
        return Vec::new();
    }
    let mut fixed = [0u64; MAX_ARITY];
    fixed[..t.space.arity()].copy_from_slice(&t.space.lo);
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    for offset in [0u64, 1] {
        if t.space.lo[free[0]] >= offset && t.space.lo[free[1]] >= offset {
            out.push(Box::new(NimProduct {
                arity: t.space.arity(),
                axes: (free[0], free[1]),
                offset,
                fixed,
            }));
        }
    }
    out
}

/// Values (or outcomes) that depend only on each free coordinate modulo its own period.
pub struct Lattice {
    arity: usize,
    /// (axis, low end, period).
    axes: Vec<(usize, u64, u64)>,
    /// The values (or letters) of one period box, row-major.
    cells: Vec<u32>,
    outcomes: bool,
    misere: bool,
    fixed: Coords,
}

impl Lattice {
    fn cell(&self, p: &[u64]) -> Option<usize> {
        let mut i = 0usize;
        for &(axis, lo, per) in &self.axes {
            i = i * per as usize + ((p[axis].checked_sub(lo)?) % per) as usize;
        }
        Some(i)
    }
    fn index_expr(&self, py: bool) -> (String, String) {
        let dims: Vec<String> = self.axes.iter().map(|a| a.2.to_string()).collect();
        let mut idx = String::new();
        for (k, &(axis, lo, per)) in self.axes.iter().enumerate() {
            let x = var(self.arity, axis);
            let term =
                if lo == 0 { format!("{x} % {per}") } else { format!("({x} - {lo}) % {per}") };
            idx = if k == 0 { term } else { format!("({idx}) * {per} + {term}") };
        }
        let _ = py;
        (dims.join(" x "), idx)
    }
}

impl Formula for Lattice {
    fn family(&self) -> &'static str {
        "periodic-plane"
    }
    fn words(&self) -> String {
        let (dims, _) = self.index_expr(false);
        let per: Vec<String> = self
            .axes
            .iter()
            .map(|&(axis, lo, p)| {
                if lo == 0 {
                    format!("{} mod {p}", var(self.arity, axis))
                } else {
                    format!("({} - {lo}) mod {p}", var(self.arity, axis))
                }
            })
            .collect();
        if self.outcomes {
            let ps = self.cells.iter().filter(|&&c| c == b'P' as u32).count();
            format!(
                "the outcome depends only on {} (a {dims} pattern with {ps} P cells)",
                per.join(", ")
            )
        } else {
            format!("G depends only on {} (a {dims} table of values)", per.join(", "))
        }
    }
    fn cpp(&self) -> String {
        let (_, idx) = self.index_expr(false);
        if self.outcomes {
            let s: String = self.cells.iter().map(|&c| c as u8 as char).collect();
            format!("// outcome letter (P, N or D)\nchar outcome = \"{s}\"[{idx}];")
        } else {
            let v: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
            format!("static const int T[] = {{{}}};\nint G = T[{idx}];", v.join(", "))
        }
    }
    fn python(&self) -> String {
        let (_, idx) = self.index_expr(true);
        if self.outcomes {
            let s: String = self.cells.iter().map(|&c| c as u8 as char).collect();
            format!("outcome = \"{s}\"[{idx}]  # P, N or D")
        } else {
            let v: Vec<String> = self.cells.iter().map(|c| c.to_string()).collect();
            format!("T = [{}]\nG = T[{idx}]", v.join(", "))
        }
    }
    fn covers(&self) -> Covers {
        if self.outcomes { Covers::Outcomes } else { Covers::Values }
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        let free: Vec<usize> = self.axes.iter().map(|x| x.0).collect();
        if (0..self.arity).any(|a| !free.contains(&a) && p[a] != self.fixed[a]) {
            return None;
        }
        let v = self.cells[self.cell(p)?];
        if self.outcomes {
            let c = v as u8;
            return Some(Answer { value: (c == b'P' && !self.misere).then_some(0), outcome: c });
        }
        Some(Answer::of_value(v as u64))
    }
    fn cost(&self) -> u64 {
        self.cells.len() as u64 + 1
    }
}

/// Values periodic in every free coordinate (no preperiod), else outcomes periodic.
pub fn periodic(t: &Table) -> Vec<Box<dyn Formula>> {
    let free = t.space.free_axes();
    if free.len() < 2 {
        return Vec::new();
    }
    let arity = t.space.arity();
    let mut fixed = [0u64; MAX_ARITY];
    fixed[..arity].copy_from_slice(&t.space.lo);
    for outcomes in [false, true] {
        if !outcomes && !t.all_finite() {
            continue;
        }
        if outcomes && t.outcome.contains(&b'?') {
            continue;
        }
        let key = |c: usize| if outcomes { t.outcome[c] as u32 } else { t.grundy[c] };
        let mut axes = Vec::new();
        for &axis in &free {
            let per = common_period(t, axis, &key);
            match per {
                Some(p) => axes.push((axis, t.space.lo[axis], p)),
                None => break,
            }
        }
        if axes.len() != free.len() {
            continue;
        }
        let size: u64 = axes.iter().map(|a| a.2).product();
        let mut cells = vec![0u32; size as usize];
        let lat = Lattice { arity, axes, cells: Vec::new(), outcomes, misere: t.misere, fixed };
        for c in 0..t.cells() {
            let p = t.position(c);
            if let Some(i) = lat.cell(&p) {
                cells[i] = key(c);
            }
        }
        return vec![Box::new(Lattice { cells, ..lat })];
    }
    Vec::new()
}

/// The least `p <= width / 3` that is a period of every line of the table along `axis`
/// (`key(c) == key(c + p·stride)` wherever both lie in the box). Each line's periods come
/// from its border chain (the prefix function), and the sets are intersected: O(cells).
pub fn common_period(t: &Table, axis: usize, key: &dyn Fn(usize) -> u32) -> Option<u64> {
    let arity = t.space.arity();
    let w = t.space.width(axis) as usize;
    let stride: usize = (axis + 1..arity).map(|a| t.space.width(a) as usize).product();
    let mut ok = vec![true; w + 1]; // ok[p]: p is a period of every line so far
    let (mut line, mut pi) = (Vec::with_capacity(w), vec![0usize; w]);
    for first in 0..t.cells() {
        if !(first / stride).is_multiple_of(w) {
            continue;
        }
        line.clear();
        line.extend((0..w).map(|i| key(first + i * stride)));
        // The prefix function: pi[i] = the longest proper border of line[..=i].
        for i in 1..w {
            let mut k = pi[i - 1];
            while k > 0 && line[i] != line[k] {
                k = pi[k - 1];
            }
            pi[i] = k + usize::from(line[i] == line[k]);
        }
        let mut is_period = vec![false; w + 1];
        let mut b = if w > 0 { pi[w - 1] } else { 0 };
        is_period[w] = true;
        while b > 0 {
            is_period[w - b] = true;
            b = pi[b - 1];
        }
        for p in 1..=w {
            ok[p] &= is_period[p];
        }
    }
    (1..=w / 3).find(|&p| ok[p]).map(|p| p as u64)
}
