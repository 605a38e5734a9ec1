//! Family 6: tables of two or more coordinates. Each row's own 1-D pattern (Dress,
//! Flammenkamp and Pink: every row of Wythoff's table is additively periodic); sums of 1-D
//! games, G = g(a) XOR h(b) (XOR ...), each part with its own pattern (Nim: a XOR b). Values
//! periodic in every coordinate are [`super::excepted`]'s, with the periods [`common_period`]
//! finds; the nim product a ⊗ b (turning corners) is the grammar's.

use super::period::{Periodic, sequence};
use super::{Answer, Covers, Formula, rows as table_rows, var};
use crate::explore::space::{Coords, MAX_ARITY};
use crate::explore::table::Table;

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
            Part::Line(f) => Some(f.as_ref()),
        }
    }

    fn eval(&self, x: u64) -> Option<u64> {
        match self {
            Part::Identity(k) => Some(x ^ k),
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
        for (axis, _, part) in &self.parts {
            g ^= part.eval(p[*axis])?;
        }
        Some(Answer::of_value(g))
    }

    fn rational_slope(&self) -> bool {
        self.parts.iter().any(|(_, _, p)| p.formula().is_some_and(|f| f.rational_slope()))
    }

    fn below_floor(&self, p: &[u64]) -> Option<String> {
        self.parts.iter().find_map(|(axis, _, part)| {
            let mut q = [0u64; MAX_ARITY];
            q[0] = p[*axis];
            part.formula()?.below_floor(&q)
        })
    }

    fn cost(&self) -> u64 {
        1 + self
            .parts
            .iter()
            .map(|(_, _, p)| match p {
                Part::Identity(_) => 1,
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
                Part::Line(_) => {
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
/// then recognise each part (x XOR k, or any formula of its edge line).
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
            match line_formula(&f, lo) {
                Some(l) => Part::Line(l),
                None => return Vec::new(),
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
/// families and the grammar; the part of a sum that is not `x XOR k`.
fn line_formula(f: &[u32], lo: u64) -> Option<Box<dyn Formula>> {
    let space = crate::explore::space::Space::from_ranges(&[(lo, lo + f.len() as u64 - 1)]);
    super::values_formula(&Table::from_grundy(space, f.to_vec()))
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
