//! Family: a constant or periodic table (line, plane or space) with finitely many exceptional
//! cells, said in one line with the cells: "every position is N except the P-positions (0, 0),
//! (1, 2)", "G depends only on a mod 2, b mod 3 except at (1, 1) = 4". On a line the exceptions
//! may also be the members of a known sequence ([`Seq`]), all of one value (family
//! `period+sequence`): "P iff n mod 3 = 0, or n is a square". Such a line otherwise shows a
//! period after a long preperiod that hides the exceptions (and answers wrongly past the box at
//! every later member); at least [`MIN_BREAKS`] members must break the period, and at least as
//! many lie in the outer half of the box.
//!
//! The search: for each choice of a period per free coordinate (smallest box of periods
//! first), every class of residues takes its value from the *outer* part of the box (cells
//! with some coordinate past the middle), which must follow the periodic table with no
//! exception at all; the exceptions, at most [`MAX_EXCEPTIONS`], may lie only in the inner
//! corner (every coordinate below the middle). So a table whose last row or column is special
//! is never reported as this family: the exceptions a far answer would trust are the ones
//! far from the box's edges.

use super::grammar::expr::{Dialect, Expr, Op, Seq, Unary};
use super::{Answer, Covers, Formula, Frame, MAX_ARITY};
use crate::explore::table::Table;

/// The most exceptional cells listed.
pub const MAX_EXCEPTIONS: usize = 8;
/// The fewest members of a sequence that break the period (else it is a plain period).
pub const MIN_BREAKS: usize = 3;

/// Periodic values or outcomes with listed exceptions.
#[derive(Debug, Clone)]
pub struct Excepted {
    frame: Frame,
    /// The period along each free coordinate (residues of the absolute coordinate).
    periods: Vec<u64>,
    /// The value (or letter) of each class of residues, row-major; then, with `members`, the
    /// value of the members.
    cells: Vec<u32>,
    /// The sequence whose members (of the line's coordinate) are a class of their own.
    members: Option<Seq>,
    /// The exceptional cells (free coordinates) and their values (or letters).
    exceptions: Vec<(Vec<u64>, u32)>,
    outcomes: bool,
}

impl Excepted {
    fn new(frame: &Frame, periods: Vec<u64>, members: Option<Seq>, outcomes: bool) -> Excepted {
        let (cells, exceptions, frame) = (Vec::new(), Vec::new(), frame.clone());
        Excepted { frame, periods, cells, members, exceptions, outcomes }
    }

    fn class(&self, x: &[u64]) -> usize {
        if self.members.is_some_and(|s| s.contains(x[0])) {
            return self.periods.iter().product::<u64>() as usize;
        }
        let mut i = 0usize;
        for (k, &p) in self.periods.iter().enumerate() {
            i = i * p as usize + (x[k] % p) as usize;
        }
        i
    }

    fn letter(v: u32) -> char {
        v as u8 as char
    }

    fn show(&self, v: u32) -> String {
        if self.outcomes { Self::letter(v).to_string() } else { v.to_string() }
    }

    fn residues(&self) -> String {
        let parts: Vec<String> = self
            .periods
            .iter()
            .enumerate()
            .map(|(k, p)| format!("{} mod {p}", self.frame.name(k)))
            .collect();
        parts.join(", ")
    }

    /// The class index as code (`(a % 2) * 3 + b % 3`), with `%` (both languages).
    fn index_code(&self) -> String {
        let mut idx = String::new();
        for (k, &p) in self.periods.iter().enumerate() {
            let x = self.frame.name(k);
            let term = format!("{x} % {p}");
            idx = if idx.is_empty() { term } else { format!("({idx}) * {p} + {term}") };
        }
        if idx.is_empty() { "0".into() } else { idx }
    }

    /// The values of the classes of residues (without the members' value).
    fn periodic(&self) -> &[u32] {
        &self.cells[..self.periods.iter().product::<u64>() as usize]
    }

    /// The membership test as words or code (`n is a square`, `issq(n)`).
    fn member_test(&self, seq: Seq, d: Dialect) -> String {
        let e = Expr(vec![Op::Var(0, 0), Op::Un(Unary::In(seq))]);
        e.render(&self.frame.names(), d).trim_start_matches('[').trim_end_matches(']').to_string()
    }

    /// Each exception in words: `G(1, 1) = 4`, `(2, 0) is N`.
    fn exception_list(&self) -> Vec<String> {
        let show = |(x, v): &(Vec<u64>, u32)| {
            let at: Vec<String> = x.iter().map(|c| c.to_string()).collect();
            match self.outcomes {
                true => format!("{} is {}", self.frame.cell_words(x), self.show(*v)),
                false => format!("G({}) = {v}", at.join(", ")),
            }
        };
        self.exceptions.iter().map(show).collect()
    }

    /// `if COND: return V` as a line of C++ or Python.
    fn rule_line(&self, cond: &str, v: u32, d: Dialect) -> String {
        let ret = match (self.outcomes, d) {
            (false, _) => v.to_string(),
            (true, Dialect::Cpp) => (v == b'P' as u32).to_string(),
            (true, _) => (if v == b'P' as u32 { "True" } else { "False" }).to_string(),
        };
        match d {
            Dialect::Cpp => format!("    if ({cond}) return {ret};\n"),
            _ => format!("    if {cond}:\n        return {ret}\n"),
        }
    }

    /// The function in C++ or Python: the exceptions, the members, then the periodic table.
    fn code(&self, d: Dialect) -> String {
        let (args, cpp) = (self.frame.names(), d == Dialect::Cpp);
        let mut body = String::new();
        for (x, v) in &self.exceptions {
            let cond: Vec<String> =
                args.iter().zip(x).map(|(a, v)| format!("{a} == {v}")).collect();
            body += &self.rule_line(&cond.join(if cpp { " && " } else { " and " }), *v, d);
        }
        let mut helpers = String::new();
        if let Some(seq) = self.members {
            let mut names = Vec::new();
            Expr(vec![Op::Var(0, 0), Op::Un(Unary::In(seq))]).helpers(&mut names);
            helpers = super::grammar::helper_code(&names, d);
            body += &self.rule_line(&self.member_test(seq, d), self.cells[self.cells.len() - 1], d);
        }
        let idx = self.index_code();
        let (name, table) = if self.outcomes {
            let s: String = self.periodic().iter().map(|&c| Self::letter(c)).collect();
            (if cpp { "bool isP" } else { "def is_p" }, format!("\"{s}\"[{idx}] == 'P'"))
        } else {
            let v: Vec<String> = self.periodic().iter().map(|c| c.to_string()).collect();
            match cpp {
                true => {
                    ("long long G", format!("std::vector<long long>{{{}}}[{idx}]", v.join(", ")))
                }
                false => ("def G", format!("[{}][{idx}]", v.join(", "))),
            }
        };
        if cpp {
            let params: Vec<String> = args.iter().map(|a| format!("long long {a}")).collect();
            let params = params.join(", ");
            format!(
                "#include <vector>\n{helpers}{name}({params}) {{\n{body}    return {table};\n}}"
            )
        } else {
            format!("{helpers}{name}({}):\n{body}    return {table}\n", args.join(", "))
        }
    }

    /// "P iff n mod 3 = 0, or n is a square"; "G is 0 where n is a square, else ...".
    fn members_words(&self, seq: Seq) -> String {
        let (x, p) = (self.frame.name(0), self.periods[0]);
        let member = self.cells[p as usize];
        let test = self.member_test(seq, Dialect::Words);
        let ps: Vec<String> = (0..p)
            .filter(|&r| self.cells[r as usize] == b'P' as u32)
            .map(|r| r.to_string())
            .collect();
        let m = match ps.len() {
            1 => format!("= {}", ps[0]),
            _ => format!("in {{{}}}", ps.join(", ")),
        };
        let rule = match (self.outcomes, member == b'P' as u32) {
            (true, true) if !ps.is_empty() => format!("P iff {x} mod {p} {m}, or {test}"),
            (true, false) if !ps.is_empty() => {
                format!("P iff {x} mod {p} {m} and not {test} (those are {})", self.show(member))
            }
            _ => {
                let vals: Vec<String> =
                    self.cells[..p as usize].iter().map(|&v| self.show(v)).collect();
                format!(
                    "{} is {} where {test}, else depends on {x} mod {p} only ({} for residues 0..{})",
                    if self.outcomes { "the outcome" } else { "G" },
                    self.show(member),
                    vals.join(" "),
                    p - 1
                )
            }
        };
        let exc = self.exception_list();
        let exc =
            if exc.is_empty() { String::new() } else { format!("; except {}", exc.join(", ")) };
        format!("for {x} >= {}: {rule}{exc}", self.frame.lo[0])
    }
}

impl Formula for Excepted {
    fn family(&self) -> &'static str {
        match (self.members, self.exceptions.is_empty()) {
            (Some(_), _) => "period+sequence",
            (None, true) => "periodic-plane",
            (None, false) => "exceptions",
        }
    }

    fn words(&self) -> String {
        if let Some(seq) = self.members {
            return self.members_words(seq);
        }
        let (n, exc) = (self.exceptions.len(), self.exception_list());
        let except = match n {
            0 => String::new(),
            _ => format!(" except {n} cell{}: {}", if n == 1 { "" } else { "s" }, exc.join(", ")),
        };
        let first = self.cells[0];
        let letters: Vec<u32> = self.exceptions.iter().map(|e| e.1).collect();
        if self.cells.iter().all(|&c| c == first) && self.outcomes {
            let all: Vec<String> =
                self.exceptions.iter().map(|e| self.frame.cell_words(&e.0)).collect();
            if n > 0 && letters.iter().all(|&l| l == letters[0]) {
                let (l, s) = (Self::letter(letters[0]), if n == 1 { "" } else { "s" });
                return format!(
                    "every position is {} except the {l}-position{s} {}",
                    Self::letter(first),
                    all.join(", ")
                );
            }
            return format!("every position is {}{except}", Self::letter(first));
        }
        if self.cells.iter().all(|&c| c == first) {
            return format!("G = {first} everywhere{except}");
        }
        let what = if self.outcomes { "the outcome" } else { "G" };
        let dims: Vec<String> = self.periods.iter().map(|p| p.to_string()).collect();
        let table = match self.cells.len() {
            0..=36 => self.cells.iter().map(|&c| self.show(c)).collect::<Vec<_>>().join(" "),
            _ => "in the code".to_string(),
        };
        format!(
            "{what} depends only on {} (a {} table: {table}){except}",
            self.residues(),
            dims.join(" x ")
        )
    }

    fn cpp(&self) -> String {
        self.code(Dialect::Cpp)
    }

    fn python(&self) -> String {
        self.code(Dialect::Python)
    }

    fn covers(&self) -> Covers {
        if self.outcomes { Covers::Outcomes } else { Covers::Values }
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.frame.coords(p)?;
        let v = match self.exceptions.iter().find(|e| e.0 == x) {
            Some(e) => e.1,
            None => self.cells[self.class(&x)],
        };
        if self.outcomes {
            return Some(Answer::of_letter(v as u8, self.frame.misere));
        }
        Some(Answer::of_value(v as u64))
    }

    fn lists_exceptions(&self) -> bool {
        !self.exceptions.is_empty()
    }

    fn cost(&self) -> u64 {
        self.cells.len() as u64 + 2 * self.exceptions.len() as u64 + 1
    }
}

/// Every choice of periods (one per free coordinate, each up to `max`), smallest product
/// first.
fn period_boxes(dims: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..dims {
        out = out
            .into_iter()
            .flat_map(|v| {
                (1..=max).map(move |p| {
                    let mut w = v.clone();
                    w.push(p);
                    w
                })
            })
            .collect();
    }
    out.sort_by_key(|v| (v.iter().product::<u64>(), v.clone()));
    out
}

/// Candidates: values (a finite table), else outcomes; on a line also with the members of
/// each sequence as a class of their own.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let frame = Frame::of(t);
    let dims = frame.free.len();
    // Planes and lines, up to four free coordinates: the period boxes tried number max^dims
    // (3^16 would be 43 million on a 16-coordinate box).
    if dims == 0 || dims > 4 {
        return Vec::new();
    }
    let max = [12, 6, 4, 3][dims - 1];
    let mut seqs: Vec<Option<Seq>> = vec![None];
    if dims == 1 {
        seqs.extend(Seq::all().into_iter().map(Some));
    }
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    for outcomes in [false, true] {
        if !outcomes && !t.all_finite() {
            continue;
        }
        if outcomes && (!out.is_empty() || t.outcome.contains(&b'?')) {
            continue;
        }
        let key = |c: usize| if outcomes { t.outcome[c] as u32 } else { t.grundy[c] };
        // A plane periodic in every coordinate, with no exception (family `periodic-plane`):
        // each coordinate's least period common to all its lines, seen three times at least.
        let common: Option<Vec<u64>> =
            frame.free.iter().map(|&a| super::plane::common_period(t, a, &key)).collect();
        if let Some(periods) = common.filter(|p| dims >= 2 && p.iter().product::<u64>() <= 1 << 16)
        {
            let f = Excepted::new(&frame, periods, None, outcomes);
            if let Some(f) = fit(t, f, &key).filter(|f| f.exceptions.is_empty()) {
                out.push(Box::new(f));
                continue;
            }
        }
        for &members in &seqs {
            for periods in period_boxes(dims, max) {
                // A sequence over one constant is the grammar's `[n in S]`.
                let thin =
                    (0..dims).any(|k| (frame.hi[k] - frame.lo[k]).div_ceil(2) < 2 * periods[k]);
                if thin || (members.is_some() && periods[0] == 1) {
                    continue;
                }
                let f = Excepted::new(&frame, periods, members, outcomes);
                if let Some(f) =
                    fit(t, f, &key).filter(|f| members.is_some() || !f.exceptions.is_empty())
                {
                    out.push(Box::new(f));
                    break;
                }
            }
        }
    }
    out
}

/// The periodic table read off the outer part (with the members' value, for a sequence), and
/// its exceptions, if the outer part has none and the inner corner at most [`MAX_EXCEPTIONS`];
/// for a sequence, if at least [`MIN_BREAKS`] members break the period and as many lie in the
/// outer part.
fn fit(t: &Table, mut f: Excepted, key: &dyn Fn(usize) -> u32) -> Option<Excepted> {
    let size = f.periods.iter().product::<u64>() as usize + usize::from(f.members.is_some());
    let mut cells = vec![u32::MAX; size];
    let dims = f.frame.free.len();
    let coords = |c: usize| -> [u64; MAX_ARITY] {
        let p = t.position(c);
        let mut x = [0u64; MAX_ARITY];
        for (k, &a) in f.frame.free.iter().enumerate() {
            x[k] = p[a];
        }
        x
    };
    let mut outer_members = 0;
    for c in super::scattered(t.cells()) {
        let x = coords(c);
        let x = &x[..dims];
        if f.frame.inner(x) {
            continue;
        }
        let class = f.class(x);
        outer_members += usize::from(f.members.is_some() && class == size - 1);
        let slot = &mut cells[class];
        if *slot == u32::MAX {
            *slot = key(c);
        } else if *slot != key(c) {
            return None;
        }
    }
    if cells.contains(&u32::MAX) {
        return None;
    }
    f.cells = cells;
    for c in 0..t.cells() {
        let x = coords(c);
        let x = &x[..dims];
        let v = key(c);
        if f.frame.inner(x) && v != f.cells[f.class(x)] {
            if f.exceptions.len() == MAX_EXCEPTIONS {
                return None;
            }
            f.exceptions.push((x.to_vec(), v));
        }
    }
    let Some(seq) = f.members else { return Some(f) };
    let p = f.periods[0];
    let shorter = |d: u64| {
        p.is_multiple_of(d) && (0..p).all(|r| f.cells[(r % d) as usize] == f.cells[r as usize])
    };
    if (1..p).any(shorter) {
        return None;
    }
    let breaks = (0..t.cells())
        .map(|c| coords(c)[0])
        .filter(|&n| seq.contains(n) && f.cells[(n % p) as usize] != f.cells[size - 1])
        .count();
    (breaks >= MIN_BREAKS && outer_members >= MIN_BREAKS).then_some(f)
}
