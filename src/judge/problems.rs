//! The judge of every problem: its constraints as data ([`Bound`]s and rules, taken from the
//! "Judge:" line of `problems/<name>.md`), a reader of its exact layout and a writer of it.
//!
//! Layout, everywhere: one space between the tokens of a line, every line ended by `\n`, no
//! blank line (except between the cases of `hdu2509`, whose statement allows them), nothing
//! after the last line. Lists given on one line (`nim`'s piles) stay on one line; pairs (`n m`,
//! arcs) are one per line, as in the official samples. Sentinel-terminated inputs end with the
//! sentinel line; end-of-input-terminated ones have at least one case.

use super::reader::Reader;
use super::{Bound, Case, Item, Judge, Model, Violation};
use crate::out::Out;
use std::collections::HashSet;

// ---------------------------------------------------------------------------------------------
// Writing helpers.

fn count(out: &mut Out, n: usize) {
    out.int(n as u64).nl();
}

fn line(out: &mut Out, items: &[Item]) {
    for (i, v) in items.iter().flatten().enumerate() {
        if i > 0 {
            out.byte(b' ');
        }
        out.int(*v);
    }
    out.nl();
}

fn rows(out: &mut Out, items: &[Item]) {
    for it in items {
        line(out, std::slice::from_ref(it));
    }
}

fn list(case: &Case, i: usize) -> &[Item] {
    case.lists.get(i).map_or(&[], Vec::as_slice)
}

fn one_case(fields: Vec<u64>, lists: Vec<Vec<Item>>) -> Model {
    Model { head: Vec::new(), cases: vec![Case { fields, lists }] }
}

// ---------------------------------------------------------------------------------------------
// `n`, then the n values on one line: nim, staircase-nim, split-nim, luogu1247.

fn read_count_line(r: &mut Reader<'_>, n: &Bound, a: &Bound) -> Result<Model, Violation> {
    let count = r.int(n)?;
    r.eoln()?;
    let values = r.line_of(a, count)?;
    r.eof()?;
    Ok(one_case(Vec::new(), vec![values]))
}

fn write_count_line(m: &Model) -> Vec<u8> {
    let mut out = Out::new();
    for c in &m.cases {
        count(&mut out, list(c, 0).len());
        line(&mut out, list(c, 0));
    }
    out.into_bytes()
}

pub mod nim {
    use super::*;
    pub const N: Bound = Bound::new("n", 1, 100_000);
    pub const A: Bound = Bound::new("a_i", 1, 1_000_000_000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[N, A],
        rules: &[],
        read: |r| read_count_line(r, &N, &A),
        write: write_count_line,
    };
}

pub mod staircase_nim {
    use super::*;
    pub const N: Bound = Bound::new("n", 1, 100_000);
    pub const A: Bound = Bound::new("a_i", 1, 1_000_000_000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[N, A],
        rules: &[],
        read: |r| read_count_line(r, &N, &A),
        write: write_count_line,
    };
}

pub mod split_nim {
    use super::*;
    pub const N: Bound = Bound::new("n", 1, 100);
    pub const A: Bound = Bound::new("a_i", 1, 100);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[N, A],
        rules: &[],
        read: |r| read_count_line(r, &N, &A),
        write: write_count_line,
    };
}

pub mod luogu1247 {
    use super::*;
    pub const K: Bound = Bound::new("k", 1, 500_000);
    pub const N: Bound = Bound::new("n_i", 0, 1_000_000_000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[K, N],
        rules: &[],
        read: |r| read_count_line(r, &K, &N),
        write: write_count_line,
    };
}

pub mod set_nim {
    use super::*;
    pub const K: Bound = Bound::new("k", 1, 100);
    pub const S: Bound = Bound::new("s_i", 1, 10_000);
    pub const N: Bound = Bound::new("n", 1, 100);
    pub const H: Bound = Bound::new("h_i", 1, 10_000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[K, S, N, H],
        rules: &["the s_i are distinct"],
        read,
        write,
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let k = r.int(&K)?;
        r.eoln()?;
        let mut moves = Vec::new();
        let mut seen = HashSet::new();
        for i in 0..k {
            if i > 0 {
                r.space()?;
            }
            let at = r.mark();
            let s = r.int(&S)?;
            r.check(at, seen.insert(s), || {
                format!("s_i = {s} repeats an earlier move (the s_i are distinct)")
            })?;
            moves.push(vec![s]);
        }
        r.eoln()?;
        let n = r.int(&N)?;
        r.eoln()?;
        let piles = r.line_of(&H, n)?;
        r.eof()?;
        Ok(one_case(Vec::new(), vec![moves, piles]))
    }

    fn write(m: &Model) -> Vec<u8> {
        let mut out = Out::new();
        for c in &m.cases {
            count(&mut out, list(c, 0).len());
            line(&mut out, list(c, 0));
            count(&mut out, list(c, 1).len());
            line(&mut out, list(c, 1));
        }
        out.into_bytes()
    }
}

// ---------------------------------------------------------------------------------------------
// `C`, then C lines of a fixed tuple: hdu1846, nim-product.

fn read_counted_rows(r: &mut Reader<'_>, c: &Bound, row: &[&Bound]) -> Result<Model, Violation> {
    let cases = r.int(c)?;
    r.eoln()?;
    let mut model = Model::default();
    for _ in 0..cases {
        model.cases.push(Case { fields: r.row(row)?, lists: Vec::new() });
    }
    r.eof()?;
    Ok(model)
}

fn write_counted_rows(m: &Model) -> Vec<u8> {
    let mut out = Out::new();
    count(&mut out, m.cases.len());
    for c in &m.cases {
        line(&mut out, std::slice::from_ref(&c.fields));
    }
    out.into_bytes()
}

pub mod hdu1846 {
    use super::*;
    pub const C: Bound = Bound::new("C", 1, 100);
    pub const N: Bound = Bound::new("n", 1, 1000);
    pub const M: Bound = Bound::new("m", 1, 1000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[C, N, M],
        rules: &[],
        read: |r| read_counted_rows(r, &C, &[&N, &M]),
        write: write_counted_rows,
    };
}

pub mod nim_product {
    use super::*;
    pub const T: Bound = Bound::new("T", 1, 1_000_000);
    pub const A: Bound = Bound::new("A", 0, u64::MAX);
    pub const B: Bound = Bound::new("B", 0, u64::MAX);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[T, A, B],
        rules: &[],
        read: |r| read_counted_rows(r, &T, &[&A, &B]),
        write: write_counted_rows,
    };
}

// ---------------------------------------------------------------------------------------------
// Lines of a fixed tuple until a sentinel line of zeros (hdu1848, hdu2516) or until the end of
// the input (poj1067).

/// True (and the sentinel consumed) when the next line is the all-zero sentinel of `width`
/// values.
fn sentinel(r: &mut Reader<'_>, width: usize) -> bool {
    const ANY: Bound = Bound::new("value", 0, u64::MAX);
    let trace = r.trace.take();
    let mut probe = r.clone();
    let zeros = (0..width).all(|i| (i == 0 || probe.space().is_ok()) && probe.int(&ANY) == Ok(0))
        && probe.eoln().is_ok();
    if zeros {
        *r = probe;
    }
    r.trace = trace;
    zeros
}

fn read_sentinel_rows(r: &mut Reader<'_>, row: &[&Bound]) -> Result<Model, Violation> {
    let mut model = Model::default();
    loop {
        if r.at_eof() {
            if r.strict() {
                let zeros = vec!["0"; row.len()].join(" ");
                let at = r.mark();
                return Err(r.expected_at(at, &format!("the line {zeros} that ends the input")));
            }
            break; // our extended domain: the sentinel may be missing
        }
        if sentinel(r, row.len()) {
            break;
        }
        model.cases.push(Case { fields: r.row(row)?, lists: Vec::new() });
    }
    r.eof()?;
    Ok(model)
}

fn write_sentinel_rows(m: &Model, width: usize) -> Vec<u8> {
    let mut out = Out::new();
    for c in &m.cases {
        line(&mut out, std::slice::from_ref(&c.fields));
    }
    line(&mut out, &[vec![0; width]]);
    out.into_bytes()
}

pub mod hdu1848 {
    use super::*;
    pub const M: Bound = Bound::new("m", 1, 1000);
    pub const N: Bound = Bound::new("n", 1, 1000);
    pub const P: Bound = Bound::new("p", 1, 1000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[M, N, P],
        rules: &["the input ends with the line 0 0 0"],
        read: |r| read_sentinel_rows(r, &[&M, &N, &P]),
        write: |m| write_sentinel_rows(m, 3),
    };
}

pub mod hdu2516 {
    use super::*;
    pub const N: Bound = Bound::new("n", 2, (1 << 31) - 1);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[N],
        rules: &["the input ends with the line 0"],
        read: |r| read_sentinel_rows(r, &[&N]),
        write: |m| write_sentinel_rows(m, 1),
    };
}

pub mod poj1067 {
    use super::*;
    pub const A: Bound = Bound::new("a", 0, 1_000_000_000);
    pub const B: Bound = Bound::new("b", 0, 1_000_000_000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[A, B],
        rules: &["at least one line; lines until the end of the input"],
        read,
        write: |m| {
            let mut out = Out::new();
            for c in &m.cases {
                line(&mut out, std::slice::from_ref(&c.fields));
            }
            out.into_bytes()
        },
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let mut model = Model::default();
        loop {
            model.cases.push(Case { fields: r.row(&[&A, &B])?, lists: Vec::new() });
            if r.at_eof() {
                return Ok(model);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// `T`, then T cases of `n` and the n values on the next line: hdu6892, hdu1907. hdu2509 has no
// count (cases until the end of the input, blank lines allowed between them).

fn read_cases_of_lines(
    r: &mut Reader<'_>,
    t: &Bound,
    n: &Bound,
    a: &Bound,
) -> Result<Model, Violation> {
    let cases = r.int(t)?;
    r.eoln()?;
    let mut model = Model::default();
    for _ in 0..cases {
        let count = r.int(n)?;
        r.eoln()?;
        model.cases.push(Case { fields: Vec::new(), lists: vec![r.line_of(a, count)?] });
    }
    r.eof()?;
    Ok(model)
}

fn write_cases_of_lines(m: &Model, counted: bool) -> Vec<u8> {
    let mut out = Out::new();
    if counted {
        count(&mut out, m.cases.len());
    }
    for c in &m.cases {
        count(&mut out, list(c, 0).len());
        line(&mut out, list(c, 0));
    }
    out.into_bytes()
}

pub mod hdu6892 {
    use super::*;
    pub const T: Bound = Bound::new("t", 1, 20_000);
    pub const N: Bound = Bound::new("n", 1, 10);
    pub const L: Bound = Bound::new("l_i", 1, 1_000_000_000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[T, N, L],
        rules: &[],
        read: |r| read_cases_of_lines(r, &T, &N, &L),
        write: |m| write_cases_of_lines(m, true),
    };
}

pub mod hdu1907 {
    use super::*;
    pub const T: Bound = Bound::new("T", 1, 474);
    pub const N: Bound = Bound::new("N", 1, 47);
    pub const A: Bound = Bound::new("A_i", 1, 4747);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[T, N, A],
        rules: &[],
        read: |r| read_cases_of_lines(r, &T, &N, &A),
        write: |m| write_cases_of_lines(m, true),
    };
}

pub mod hdu2509 {
    use super::*;
    pub const N: Bound = Bound::new("n", 1, 100);
    pub const G: Bound = Bound::new("group size", 1, 100);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[N, G],
        rules: &["cases until the end of the input, at least one; blank lines may separate cases"],
        read,
        write: |m| write_cases_of_lines(m, false),
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let mut model = Model::default();
        loop {
            let count = r.int(&N)?;
            r.eoln()?;
            model.cases.push(Case { fields: Vec::new(), lists: vec![r.line_of(&G, count)?] });
            r.blank_lines();
            if r.at_eof() {
                return Ok(model);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The rest have shapes of their own.

pub mod bob_and_ben {
    use super::*;
    pub const G: Bound = Bound::new("g", 1, 100);
    pub const N: Bound = Bound::new("n", 1, 1_000_000);
    pub const M: Bound = Bound::new("m_i", 1, 1_000_000_000);
    pub const K: Bound = Bound::new("k_i", 2, 100);
    /// The sum of n over all games.
    pub const SUM_N: u64 = 1_000_000;
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[G, N, M, K],
        rules: &["the sum of n over all games is at most 10^6"],
        read,
        write,
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let games = r.int(&G)?;
        r.eoln()?;
        let mut model = Model::default();
        let mut sum = 0u64;
        for _ in 0..games {
            let at = r.mark();
            let n = r.int(&N)?;
            sum = sum.saturating_add(n);
            r.check(at, sum <= SUM_N, || format!("the sum of n reaches {sum}, past 1000000"))?;
            r.eoln()?;
            model.cases.push(Case { fields: Vec::new(), lists: vec![r.rows_of(&[&M, &K], n)?] });
        }
        r.eof()?;
        Ok(model)
    }

    fn write(m: &Model) -> Vec<u8> {
        let mut out = Out::new();
        count(&mut out, m.cases.len());
        for c in &m.cases {
            count(&mut out, list(c, 0).len());
            rows(&mut out, list(c, 0));
        }
        out.into_bytes()
    }
}

pub mod hdu3595 {
    use super::*;
    pub const N: Bound = Bound::new("N", 1, 1000);
    pub const P: Bound = Bound::new("p", 0, 1000);
    pub const Q: Bound = Bound::new("q", 0, 1000);
    /// Tests in one input.
    pub const TESTS: usize = 100;
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[N, P, Q],
        rules: &["tests until the end of the input, at least one and at most 100"],
        read,
        write: |m| {
            let mut out = Out::new();
            for c in &m.cases {
                count(&mut out, list(c, 0).len());
                rows(&mut out, list(c, 0));
            }
            out.into_bytes()
        },
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let mut model = Model::default();
        loop {
            let at = r.mark();
            r.check(at, model.cases.len() < TESTS, || "a 101st test (at most 100 tests)".into())?;
            let n = r.int(&N)?;
            r.eoln()?;
            model.cases.push(Case { fields: Vec::new(), lists: vec![r.rows_of(&[&P, &Q], n)?] });
            if r.at_eof() {
                return Ok(model);
            }
        }
    }
}

pub mod multi_sg {
    use super::*;
    pub const T: Bound = Bound::new("T", 1, 99);
    pub const F: Bound = Bound::new("F", 1, 99_999);
    pub const N: Bound = Bound::new("N", 1, 99);
    pub const A: Bound = Bound::new("a_i", 1, 99_999);
    pub static JUDGE: Judge =
        Judge { drop_vertex: None, bounds: &[T, F, N, A], rules: &[], read, write };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let t = r.int(&T)?;
        r.space()?;
        let f = r.int(&F)?;
        r.eoln()?;
        let mut model = Model { head: vec![f], cases: Vec::new() };
        for _ in 0..t {
            let n = r.int(&N)?;
            let mut piles = Vec::new();
            for _ in 0..n {
                r.space()?;
                piles.push(vec![r.int(&A)?]);
            }
            r.eoln()?;
            model.cases.push(Case { fields: Vec::new(), lists: vec![piles] });
        }
        r.eof()?;
        Ok(model)
    }

    fn write(m: &Model) -> Vec<u8> {
        let mut out = Out::new();
        out.int(m.cases.len() as u64).byte(b' ').int(m.head.first().copied().unwrap_or(1)).nl();
        for c in &m.cases {
            out.int(list(c, 0).len() as u64);
            for v in list(c, 0).iter().flatten() {
                out.byte(b' ').int(*v);
            }
            out.nl();
        }
        out.into_bytes()
    }
}

pub mod turning_corners {
    use super::*;
    pub const T: Bound = Bound::new("T", 1, 100);
    pub const N: Bound = Bound::new("n", 1, 1000);
    pub const X: Bound = Bound::new("x", 1, 10_000);
    pub const Y: Bound = Bound::new("y", 1, 10_000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: None,
        bounds: &[T, N, X, Y],
        rules: &["the cells of a case are distinct"],
        read,
        write: |m| write_cases_of_rows(m),
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let t = r.int(&T)?;
        r.eoln()?;
        let mut model = Model::default();
        for _ in 0..t {
            let n = r.int(&N)?;
            r.eoln()?;
            let mut seen = HashSet::new();
            let mut cells = Vec::new();
            for _ in 0..n {
                let at = r.mark();
                let cell = r.row(&[&X, &Y])?;
                r.check(at, seen.insert((cell[0], cell[1])), || {
                    format!(
                        "cell ({}, {}) repeats an earlier one (the cells are distinct)",
                        cell[0], cell[1]
                    )
                })?;
                cells.push(cell);
            }
            model.cases.push(Case { fields: Vec::new(), lists: vec![cells] });
        }
        r.eof()?;
        Ok(model)
    }
}

fn write_cases_of_rows(m: &Model) -> Vec<u8> {
    let mut out = Out::new();
    count(&mut out, m.cases.len());
    for c in &m.cases {
        count(&mut out, list(c, 0).len());
        rows(&mut out, list(c, 0));
    }
    out.into_bytes()
}

pub mod hackenbush {
    use super::*;
    pub const T: Bound = Bound::new("T", 1, 1_000_000);
    pub const N: Bound = Bound::new("n", 1, 1_000_000);
    pub const P: Bound = Bound::new("p_i", 1, 999_999);
    pub const W: Bound = Bound::new("w_i", 1, 1_000_000_000);
    /// The sum of n over all tests.
    pub const SUM_N: u64 = 1_000_000;
    pub static JUDGE: Judge = Judge {
        drop_vertex: Some(drop_node),
        bounds: &[T, N, P, W],
        rules: &[
            "the sum of n over all tests is at most 10^6",
            "each parent comes before its child: 1 <= p_i < i (so the edges form a tree rooted at 1)",
        ],
        read,
        write,
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let t = r.int(&T)?;
        r.eoln()?;
        let mut model = Model::default();
        let mut sum = 0u64;
        for _ in 0..t {
            let at = r.mark();
            let n = r.int(&N)?;
            sum = sum.saturating_add(n);
            r.check(at, sum <= SUM_N, || format!("the sum of n reaches {sum}, past 1000000"))?;
            r.eoln()?;
            let mut edges = Vec::new();
            for i in 2..=n {
                let p = r.int_in(&P, 1, i - 1, "a parent comes before its child")?;
                r.space()?;
                let w = r.int(&W)?;
                r.eoln()?;
                edges.push(vec![p, w]);
            }
            model.cases.push(Case { fields: Vec::new(), lists: vec![edges] });
        }
        r.eof()?;
        Ok(model)
    }

    /// Removes node `v` >= 2 of test `c`: its children hang on its parent instead, the nodes
    /// above it move down by one (every parent stays below its child).
    fn drop_node(m: &Model, c: usize, v: u64) -> Option<Model> {
        let mut m = m.clone();
        let edges = m.cases.get_mut(c)?.lists.get_mut(0)?;
        let index = usize::try_from(v).ok()?.checked_sub(2)?;
        if index >= edges.len() {
            return None;
        }
        let parent = edges.remove(index)[0];
        for e in edges.iter_mut() {
            if e[0] == v {
                e[0] = parent;
            } else if e[0] > v {
                e[0] -= 1;
            }
        }
        Some(m)
    }

    fn write(m: &Model) -> Vec<u8> {
        let mut out = Out::new();
        count(&mut out, m.cases.len());
        for c in &m.cases {
            count(&mut out, list(c, 0).len() + 1);
            rows(&mut out, list(c, 0));
        }
        out.into_bytes()
    }
}

/// Removes vertex `v` of case `c` of a graph model (fields `[n, ...]`, arcs in list 0): its
/// arcs go, the vertices above it move down by one.
fn drop_graph_vertex(m: &Model, c: usize, v: u64) -> Option<Model> {
    let mut m = m.clone();
    let case = m.cases.get_mut(c)?;
    let n = *case.fields.first()?;
    if v == 0 || v > n || n <= 1 {
        return None;
    }
    case.fields[0] = n - 1;
    let arcs = case.lists.get_mut(0)?;
    arcs.retain(|a| !a.contains(&v));
    for x in arcs.iter_mut().flatten() {
        if *x > v {
            *x -= 1;
        }
    }
    Some(m)
}

pub mod game_draw {
    use super::*;
    pub const N: Bound = Bound::new("n", 1, 100_000);
    pub const M: Bound = Bound::new("m", 0, 200_000);
    pub const V: Bound = Bound::new("vertex", 1, 100_000);
    pub static JUDGE: Judge = Judge {
        drop_vertex: Some(super::drop_graph_vertex),
        bounds: &[N, M, V],
        rules: &["no arc is repeated (loops are allowed)"],
        read,
        write,
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let n = r.int(&N)?;
        r.space()?;
        let m = r.int(&M)?;
        r.eoln()?;
        let mut seen = HashSet::new();
        let mut arcs = Vec::new();
        for _ in 0..m {
            let at = r.mark();
            let arc = read_arc(r, n)?;
            r.check(at, seen.insert((arc[0], arc[1])), || {
                format!("arc {} -> {} repeats an earlier one (no repeated arcs)", arc[0], arc[1])
            })?;
            arcs.push(arc);
        }
        r.eof()?;
        Ok(one_case(vec![n], vec![arcs]))
    }

    pub(super) fn read_arc(r: &mut Reader<'_>, n: u64) -> Result<Item, Violation> {
        let a = r.int_in(&V, 1, n, "n")?;
        r.space()?;
        let b = r.int_in(&V, 1, n, "n")?;
        r.eoln()?;
        Ok(vec![a, b])
    }

    fn write(m: &Model) -> Vec<u8> {
        let mut out = Out::new();
        for c in &m.cases {
            out.int(c.fields.first().copied().unwrap_or(1))
                .byte(b' ')
                .int(list(c, 0).len() as u64)
                .nl();
            rows(&mut out, list(c, 0));
        }
        out.into_bytes()
    }
}

pub mod game_teams {
    use super::*;
    pub const T: Bound = Bound::new("T", 1, 10);
    pub const N: Bound = Bound::new("n", 1, 100_000);
    pub const M: Bound = Bound::new("m", 0, 400_000);
    pub const V: Bound = Bound::new("vertex", 1, 100_000);
    /// Sums over all tests (the judge is unknown: the sizes of our `judge` generator).
    pub const SUM_N: u64 = 100_000;
    pub const SUM_M: u64 = 400_000;
    pub static JUDGE: Judge = Judge {
        drop_vertex: Some(super::drop_graph_vertex),
        bounds: &[T, N, M, V],
        rules: &[
            "the judge is unknown: these are the catalogue's format and our judge-size generator's limits",
            "the sum of n over all tests is at most 10^5, the sum of m at most 4*10^5",
            "a team word of six letters A/B, then an actor word of six characters 0/1",
        ],
        read,
        write,
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let t = r.int(&T)?;
        r.eoln()?;
        let mut model = Model::default();
        let (mut sum_n, mut sum_m) = (0u64, 0u64);
        for _ in 0..t {
            let at = r.mark();
            let n = r.int(&N)?;
            sum_n = sum_n.saturating_add(n);
            r.check(at, sum_n <= SUM_N, || format!("the sum of n reaches {sum_n}, past {SUM_N}"))?;
            r.space()?;
            let at = r.mark();
            let m = r.int(&M)?;
            sum_m = sum_m.saturating_add(m);
            r.check(at, sum_m <= SUM_M, || format!("the sum of m reaches {sum_m}, past {SUM_M}"))?;
            r.eoln()?;
            let mut arcs = Vec::new();
            for _ in 0..m {
                arcs.push(super::game_draw::read_arc(r, n)?);
            }
            let mut fields = vec![n];
            let team = r.word("a team word of six letters A/B", 6, b"AB")?;
            fields.extend(team.iter().map(|&c| u64::from(c == b'B')));
            r.eoln()?;
            let actor = r.word("an actor word of six characters 0/1", 6, b"01")?;
            fields.extend(actor.iter().map(|&c| u64::from(c == b'1')));
            r.eoln()?;
            model.cases.push(Case { fields, lists: vec![arcs] });
        }
        r.eof()?;
        Ok(model)
    }

    fn write(m: &Model) -> Vec<u8> {
        let mut out = Out::new();
        count(&mut out, m.cases.len());
        for c in &m.cases {
            let field = |i: usize| c.fields.get(i).copied().unwrap_or(0);
            out.int(field(0)).byte(b' ').int(list(c, 0).len() as u64).nl();
            rows(&mut out, list(c, 0));
            for i in 1..=6 {
                out.byte(if field(i) == 0 { b'A' } else { b'B' });
            }
            out.nl();
            for i in 7..=12 {
                out.byte(if field(i) == 0 { b'0' } else { b'1' });
            }
            out.nl();
        }
        out.into_bytes()
    }
}

/// `hdu1524` (HDU 1524 / POJ 2425 "A Chess Game"): tests until the end of the input; each is `N`, N lines `X_i` and the X_i
/// out-positions of position i (0-based), then queries `M` and M positions, one per line, and a
/// line `0` that ends the test. `X_i <= N - 1` is inferred (a DAG has no loop; repeated arcs
/// are not expected), the rest is the catalogue's "Judge:" line.
pub mod hdu1524 {
    use super::*;
    pub const N: Bound = Bound::new("N", 1, 1000);
    pub const X: Bound = Bound::new("X_i", 0, 999);
    pub const M: Bound = Bound::new("M", 1, 10);
    pub const POS: Bound = Bound::new("position", 0, 999);
    pub static JUDGE: Judge = Judge {
        drop_vertex: Some(drop_position),
        bounds: &[N, X, M, POS],
        rules: &[
            "tests until the end of the input, at least one; each ends with the line 0 (blank lines may separate tests)",
            "the positions form a DAG (no cycle, loops included)",
        ],
        read,
        write,
    };

    fn read(r: &mut Reader<'_>) -> Result<Model, Violation> {
        let mut model = Model::default();
        loop {
            let n = r.int(&N)?;
            r.eoln()?;
            let mut succ: Vec<Item> = Vec::new();
            let mut lines = Vec::new();
            for _ in 0..n {
                lines.push(r.mark());
                let x = r.int_in(&X, 0, n.saturating_sub(1), "N - 1")?;
                let mut targets = Vec::new();
                for _ in 0..x {
                    r.space()?;
                    targets.push(r.int_in(&POS, 0, n.saturating_sub(1), "N - 1")?);
                }
                r.eoln()?;
                succ.push(targets);
            }
            // Beyond the judge nothing bounds the targets: no graph is walked then.
            let cycle = if r.strict() { on_a_cycle(&succ) } else { None };
            if let Some(v) = cycle {
                return Err(Violation {
                    offset: lines[v],
                    message: format!("position {v} lies on a cycle (the positions form a DAG)"),
                    parse: false,
                });
            }
            let mut queries = Vec::new();
            loop {
                if !r.strict() && r.at_eof() {
                    break;
                }
                let at = r.mark();
                // 0 is the line that ends the test; any other M must be within the judge's range.
                let m = r.int(&Bound::new("M", 0, u64::MAX))?;
                if m == 0 {
                    r.eoln()?;
                    break;
                }
                r.check(at, m <= M.hi, || {
                    format!("M = {m} violates {} (0 ends the test)", M.describe())
                })?;
                let mut positions = Vec::new();
                for _ in 0..m {
                    r.space()?;
                    positions.push(r.int_in(&POS, 0, n.saturating_sub(1), "N - 1")?);
                }
                r.eoln()?;
                queries.push(positions);
            }
            model.cases.push(Case { fields: Vec::new(), lists: vec![succ, queries] });
            if r.at_eof() {
                return Ok(model);
            }
            // The official sample puts a blank line between two tests.
            r.blank_lines();
        }
    }

    /// A position on a cycle of the successor lists, if there is one (iterative: Kahn's
    /// algorithm, then a walk inside what it could not remove).
    fn on_a_cycle(succ: &[Item]) -> Option<usize> {
        let n = succ.len();
        let mut indegree = vec![0usize; n];
        for &t in succ.iter().flatten() {
            indegree[t as usize] += 1;
        }
        let mut stack: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
        let mut removed = vec![false; n];
        while let Some(v) = stack.pop() {
            removed[v] = true;
            for &t in &succ[v] {
                indegree[t as usize] -= 1;
                if indegree[t as usize] == 0 {
                    stack.push(t as usize);
                }
            }
        }
        // Every position left still has a predecessor left (its arcs from removed positions
        // were counted off), so a walk backwards inside what is left must repeat a position,
        // which lies on a cycle.
        let start = (0..n).find(|&v| !removed[v])?;
        let mut pred = vec![usize::MAX; n];
        for (u, targets) in succ.iter().enumerate().filter(|&(u, _)| !removed[u]) {
            for &t in targets {
                pred[t as usize] = u;
            }
        }
        let mut seen = vec![false; n];
        let mut v = start;
        loop {
            if *seen.get(v)? {
                return Some(v);
            }
            seen[v] = true;
            v = pred[v];
        }
    }

    fn write(m: &Model) -> Vec<u8> {
        let mut out = Out::new();
        for (i, c) in m.cases.iter().enumerate() {
            if i > 0 {
                out.nl();
            }
            count(&mut out, list(c, 0).len());
            for targets in list(c, 0) {
                out.int(targets.len() as u64);
                for t in targets {
                    out.byte(b' ').int(*t);
                }
                out.nl();
            }
            for q in list(c, 1) {
                out.int(q.len() as u64);
                for p in q {
                    out.byte(b' ').int(*p);
                }
                out.nl();
            }
            out.line("0");
        }
        out.into_bytes()
    }

    /// Removes position `v - 1` of test `c` (positions are 0-based): arcs to it go, queries lose
    /// its chesses (an emptied query goes), the positions above it move down by one.
    fn drop_position(m: &Model, c: usize, v: u64) -> Option<Model> {
        let mut m = m.clone();
        let case = m.cases.get_mut(c)?;
        let p = v.checked_sub(1)?;
        let index = usize::try_from(p).ok()?;
        if index >= case.lists.first()?.len() || case.lists[0].len() <= 1 {
            return None;
        }
        case.lists[0].remove(index);
        for list in case.lists.iter_mut() {
            for item in list.iter_mut() {
                item.retain(|&t| t != p);
                for t in item.iter_mut() {
                    if *t > p {
                        *t -= 1;
                    }
                }
            }
        }
        if let Some(queries) = case.lists.get_mut(1) {
            queries.retain(|q| !q.is_empty());
        }
        Some(m)
    }
}
