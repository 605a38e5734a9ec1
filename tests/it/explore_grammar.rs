//! The grammar search of `games explore` (issue 35): random formulas of the grammar, built
//! into tables on a box, must come back far beyond the box: every far answer of the patterns
//! found (every family and the grammar, the competing conjectures weighed) right or
//! `unknown`, never wrong, and all of them right for at least 95% of the formulas, up to five
//! nodes (measured: 198 of 200). A wrong far answer fails the test, unless the test shows that
//! the box does not separate the planted formula from one no longer than it (the search's
//! shortest formula gives every cell of the box, checked cell by cell, and parts from the
//! planted one far away: `popcount(popcount(b))` for the size-5
//! `popcount(floor(floor(popcount(b)*(1+sqrt(2)))/2))`, equal while popcount(b) <= 5); such a
//! formula is counted, printed and drawn again (issue 44: the shortest explanation is all a
//! box can give; docs/explore.md). A table with one entry flipped is never reported as the
//! formula; the texts compile and run (g++, python3) and agree far away; the budget holds.
//! The planted formulas' values, on the box and far away, come from the test's own reading of
//! the expression ([`oracle`]), never from the production evaluator, which the oracle checks.

use games::explore::answer;
use games::explore::pattern::grammar::expr::{Dialect, Expr, Op, UNDEF, binaries, unaries};

use games::explore::pattern::grammar::search::{Budget, search};
use games::explore::pattern::{self, Covers, Formula, Pattern};
use games::explore::space::{Coords, MAX_ARITY, Space};
use games::explore::table::Table;
use games::rng::Rng;

/// A random expression of exactly `size` nodes over `k` coordinates (depth at most `size`).
fn random_expr(rng: &mut Rng, k: usize, size: usize) -> Expr {
    let (us, bs) = (unaries(), binaries());
    let mut ops = Vec::new();
    build(rng, k, size, &us, &bs, &mut ops);
    Expr(ops)
}

fn build(
    rng: &mut Rng,
    k: usize,
    size: usize,
    us: &[games::explore::pattern::grammar::expr::Unary],
    bs: &[games::explore::pattern::grammar::expr::Binary],
    ops: &mut Vec<Op>,
) {
    if size == 1 {
        let r = rng.below(10);
        ops.push(if r < 7 {
            Op::Var(rng.below(k as u64) as usize, [0i64, 0, 0, 1, -1][rng.below(5) as usize])
        } else {
            Op::Const(rng.below(4) as i64)
        });
        return;
    }
    if size == 2 || rng.below(2) == 0 {
        build(rng, k, size - 1, us, bs, ops);
        ops.push(Op::Un(us[rng.below(us.len() as u64) as usize]));
        return;
    }
    let left = 1 + rng.below(size as u64 - 2) as usize;
    build(rng, k, left, us, bs, ops);
    build(rng, k, size - 1 - left, us, bs, ops);
    ops.push(Op::Bin(bs[rng.below(bs.len() as u64) as usize]));
}

fn space(k: usize) -> Space {
    match k {
        1 => Space::from_ranges(&[(0, 299)]),
        _ => Space::from_ranges(&[(0, 39), (0, 39)]),
    }
}

/// The values of `e` on the box (by [`oracle`]), if a table of Grundy values (defined, >= 0, not constant).
fn values(e: &Expr, s: &Space) -> Option<Vec<u32>> {
    let k = s.arity();
    let v: Option<Vec<u32>> = (0..s.cells())
        .map(|c| {
            let p = s.position(c);
            let x: Vec<i64> = (0..k).map(|i| p[i] as i64).collect();
            oracle::eval(e, &x).filter(|v| (0..1 << 20).contains(v)).map(|v| v as u32)
        })
        .collect();
    v.filter(|v| v.iter().any(|&x| x != v[0]))
}

fn far_points(rng: &mut Rng, k: usize) -> Vec<Vec<u64>> {
    (0..60)
        .map(|i| {
            (0..k)
                .map(|_| match i % 3 {
                    0 => 1000 + rng.below(1_000_000),
                    1 => rng.below(1 << 40) + 1000,
                    _ => rng.below(1_000_000_000_000_000_000) + 1000,
                })
                .collect()
        })
        .collect()
}

/// The far answer `explore` gives at `p` from the patterns found on `t` (every family, the
/// competing conjectures weighed: [`answer::answer`]).
fn far_answer(t: &Table, pats: &[Pattern], p: &[u64]) -> Option<u64> {
    let mut q: Coords = [0; MAX_ARITY];
    q[..p.len()].copy_from_slice(p);
    answer::answer(t, pats, &q).grundy
}

/// The planted formula at `p`, where it is a value (defined and >= 0), by the test's own
/// reading of the expression ([`oracle`]).
fn truth(e: &Expr, p: &[u64]) -> Option<u64> {
    let x: Vec<i64> = p.iter().map(|&v| v as i64).collect();
    oracle::eval(e, &x).filter(|&v| v >= 0).map(|v| v as u64)
}

/// A witness that the box does not separate `e` from a formula no longer than it: the
/// shortest formula of the search, when it has at most `e`'s nodes, gives `e`'s value on
/// every cell of the box (checked here, cell by cell) and parts from `e` at a far point.
fn not_separated(t: &Table, e: &Expr, v: &[u32], pts: &[Vec<u64>]) -> Option<String> {
    let w = search(t, &Budget { cap: None, ..Budget::default() }).into_iter().next()?;
    if w.covers() != Covers::Values || w.size() > e.size() {
        return None;
    }
    let s = &t.space;
    let fits = (0..s.cells()).all(|c| {
        let p = s.position(c);
        w.at(&p).and_then(|a| a.value) == Some(u64::from(v[c]))
    });
    let parts = pts.iter().find(|p| {
        let mut q = p.to_vec();
        q.resize(MAX_ARITY, 0);
        truth(e, p).is_some_and(|want| w.at(&q).and_then(|a| a.value) != Some(want))
    })?;
    fits.then(|| format!("{} (size {}) at {parts:?}", w.words(), w.size()))
}

#[test]
fn round_trip_random_formulas_up_to_five_nodes() {
    let mut rng = Rng::new(35);
    let names = ["a", "b"];
    let (mut tried, mut ok, mut misses, mut wrong, mut unseparated) =
        (0, 0, Vec::new(), Vec::new(), Vec::new());
    while tried < 200 {
        let k = 1 + (tried % 2);
        let size = 1 + rng.below(5) as usize;
        let e = random_expr(&mut rng, k, size);
        let s = space(k);
        let Some(v) = values(&e, &s) else { continue };
        let t = Table::from_grundy(s.clone(), v.clone());
        let pts = far_points(&mut rng, k);
        let planted = e.render(&names, Dialect::Words);
        // Every family and the grammar, no wall-clock cap: the result depends on work alone.
        let pats = pattern::find(&t, Vec::new());
        let (mut unknown, mut parted) = (0, Vec::new());
        for p in &pts {
            let Some(want) = truth(&e, p) else { continue };
            match far_answer(&t, &pats, p) {
                Some(got) if got == want => {}
                Some(got) => parted.push(format!("{planted} at {p:?}: {got}, not {want}")),
                None => unknown += 1,
            }
        }
        // A table that a formula no longer than the planted one explains, parting from it far
        // away, cannot give the planted formula back (the search answers with the shortest):
        // it is drawn again, and counted (searched only where an answer parted: the search
        // is the costly part).
        if !parted.is_empty() {
            if let Some(w) = not_separated(&t, &e, &v, &pts) {
                unseparated.push(format!("{planted} (size {}): {w}", e.size()));
                continue;
            }
            let words: Vec<String> = pats.iter().map(|p| p.formula.words()).collect();
            wrong.push(format!("{parted:?}; patterns: {words:#?}"));
        }
        tried += 1;
        if unknown == 0 && parted.is_empty() {
            ok += 1;
        } else if unknown > 0 {
            let first = pats.first().map_or("nothing".into(), |p| p.formula.words());
            misses.push(format!("{planted} -> {first} ({unknown} unknown)"));
        }

        // One entry flipped (every tenth formula): never reported as the formula.
        if tried % 10 != 0 {
            continue;
        }
        let mut broken = v.clone();
        let cell = rng.below(broken.len() as u64) as usize;
        broken[cell] = if broken[cell] == 0 { 1 } else { broken[cell] - 1 };
        let bt = Table::from_grundy(s.clone(), broken.clone());
        for f in search(&bt, &Budget { cap: None, ..Budget::default() }) {
            let p = s.position(cell);
            // A formula from a later start leaves the first values (a line's first 8, a
            // plane's first 2 rows and columns) to the table; everywhere else it covers.
            let Some(a) = f.at(&p) else {
                let start = if k == 1 { 8 } else { 2 };
                assert!(p[..k].iter().any(|&x| x < start), "{} at {p:?}", f.words());
                continue;
            };
            match f.covers() {
                Covers::Values => assert_eq!(a.value, Some(broken[cell] as u64), "{}", f.words()),
                Covers::Outcomes => {
                    let want = if broken[cell] == 0 { b'P' } else { b'N' };
                    assert_eq!(a.outcome, want, "{}", f.words())
                }
            }
        }
    }
    eprintln!(
        "round trip: {ok}/{tried}; not separated by the box (drawn again): {unseparated:#?}; \
         misses: {misses:#?}"
    );
    assert!(wrong.is_empty(), "wrong far away: {wrong:#?}");
    assert!(ok * 100 >= tried * 95, "round trip {ok}/{tried}: {misses:#?}");
}

#[test]
fn budget_holds_on_the_largest_boxes() {
    // A table no formula of the grammar gives: the search spends its whole candidate budget
    // and stops by it (no wall-clock cap), twice the same.
    let mut rng = Rng::new(7);
    let s = Space::from_ranges(&[(0, 99), (0, 99)]);
    let v: Vec<u32> = (0..s.cells()).map(|_| rng.below(5) as u32).collect();
    let budget = Budget { cap: None, ..Budget::default() };
    let t = Table::from_grundy(s, v);
    assert!(search(&t, &budget).is_empty());
    let s = Space::from_ranges(&[(0, 999)]);
    let v: Vec<u32> = (0..1000).map(|_| rng.below(5) as u32).collect();
    assert!(search(&Table::from_grundy(s, v), &budget).is_empty());
    // No candidates: no search at all, even on a table with a one-node formula.
    let s = Space::from_ranges(&[(0, 99)]);
    let t = Table::from_grundy(s, (0..100).collect());
    assert!(!search(&t, &budget).is_empty());
    assert!(search(&t, &Budget { candidates: 0, cap: None, outcomes: true }).is_empty());
}

// ---- moves programs of each shape (tests/programs), far answers against the closed form ----

use crate::common;

fn v2(x: u64) -> u64 {
    x.trailing_zeros() as u64
}

/// The smallest part of the Zeckendorf representation of `x >= 1` (greedy from the top).
fn zeck(mut x: u64) -> u64 {
    let mut f = vec![1u64, 2];
    while let Some(n) = f[f.len() - 1].checked_add(f[f.len() - 2]).filter(|&n| n <= x) {
        f.push(n);
    }
    let mut last = 0;
    for &v in f.iter().rev() {
        if v <= x {
            last = v;
            x -= v;
        }
    }
    last
}

/// `x < phi*y`, phi = (1 + sqrt 5)/2: `2x - y < sqrt(5) y`, squared in 128 bits.
fn lt_phi(x: u64, y: u64) -> bool {
    let d = 2 * x as i128 - y as i128;
    y > 0 && (d < 0 || ((d * d) as u128) < 5 * (y as u128) * (y as u128))
}

fn is_3_2k(mut n: u64) -> bool {
    if n < 3 || !n.is_multiple_of(3) {
        return false;
    }
    n /= 3;
    n.is_power_of_two()
}

/// The closed form of each shape, computed here independently of the search.
fn closed_form(shape: &str, x: &[u64]) -> u64 {
    match shape {
        "shifted" => v2(x[0] + 1) + x[0].count_ones() as u64,
        "bits2" => (x[0] & (x[1] + 1)).count_ones() as u64,
        "wedge" => u64::from(!(lt_phi(x[0], x[1]) && lt_phi(x[1], x[0]))),
        "zeck" => u64::from(x[1] < zeck(x[0] + 1)),
        "geom" => {
            if is_3_2k(x[0]) {
                2
            } else {
                x[0] % 2
            }
        }
        "line" => {
            if x[0] == 0 {
                3
            } else {
                (x[0] + x[1]) % 3
            }
        }
        "take" => x[1] % if x[0] == 0 { 2 } else { x[0] + 1 },
        _ => unreachable!(),
    }
}

fn far_positions(k: usize) -> Vec<Vec<u64>> {
    const T12: u64 = 1_000_000_000_000;
    const T18: u64 = 1_000_000_000_000_000_000;
    let fib80 = 37_889_062_373_143_906u64; // F(80) in the 1, 2, 3, 5 numbering's neighbourhood
    if k == 1 {
        return [
            T12,
            T12 + 7,
            3 << 40,
            (3 << 40) + 1,
            3 << 59,
            T18,
            T18 - 1,
            999_999_999_999_999_989,
        ]
        .iter()
        .map(|&n| vec![n])
        .collect();
    }
    let phi_t12 = 1_618_033_988_749u64; // floor(phi * 10^12)
    let pts = [
        (T12, T12 + 5),
        (T12, phi_t12),
        (T12, phi_t12 + 1),
        (phi_t12, T12),
        (phi_t12 + 1, T12),
        (T18, T18 - 3),
        (T18, 1_618_033_988_749_894_848),
        (T18, 1_618_033_988_749_894_849),
        (0, T18),
        (fib80 - 1, 5),
        (fib80, 3),
        (7, T18 + 12345),
        (1_000_000, T12),
    ];
    pts.iter().map(|&(a, b)| vec![a, b]).collect()
}

/// python3 for the moves-program and Python checks: missing, the test fails unless
/// `GAMES_TEST_NO_PYTHON=1` ([`crate::common::need`]).
fn python_ok() -> bool {
    crate::common::have_python("the moves-program and Python checks of the grammar")
}

#[test]
fn moves_programs_of_each_shape_answer_far_away() {
    if !python_ok() {
        return;
    }
    let shapes = [
        ("shifted", "0..299"),
        ("bits2", "0..29,0..29"),
        ("wedge", "0..29,0..29"),
        ("zeck", "0..29,0..29"),
        ("geom", "0..999"),
        ("line", "0..29,0..29"),
        ("line", "2..31,2..31"),
        ("take", "0..20,0..60"),
    ];
    for (shape, boxs) in shapes {
        let k = if boxs.contains(',') { 2 } else { 1 };
        let prog = if shape == "take" {
            "python3 tests/programs/take_1_to_k.py".to_string()
        } else {
            format!("python3 tests/programs/explore_shapes.py {shape}")
        };
        // A box from 2 speaks from 2 on.
        let lo: u64 = if boxs.starts_with("2..") { 2 } else { 0 };
        let pts: Vec<Vec<u64>> =
            far_positions(k).into_iter().filter(|p| p.iter().all(|&v| v >= lo)).collect();
        let texts: Vec<String> = pts
            .iter()
            .map(|p| p.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(","))
            .collect();
        let mut args = vec!["explore", "--moves", &prog, "--box", boxs, "--no-table", "--at"];
        args.extend(texts.iter().map(|s| s.as_str()));
        let out = common::games(&args, b"");
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(out.status.success(), "{shape}: {}", String::from_utf8_lossy(&out.stderr));
        for p in &pts {
            let head = format!(
                "at {}: value ",
                p.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
            );
            let line = text
                .lines()
                .find(|l| l.starts_with(&head))
                .unwrap_or_else(|| panic!("{shape} {p:?}: {text}"));
            let v = line[head.len()..].split(',').next().unwrap_or("");
            assert_eq!(
                v,
                closed_form(shape, p).to_string(),
                "{shape} {boxs} at {p:?}: {line}\n{text}"
            );
        }
    }
}

// ---- the C++ and Python texts, compiled and run far away ----

/// Formulas of many shapes, found by the search on planted tables.
fn sample_formulas() -> Vec<games::explore::pattern::grammar::Grammar> {
    use games::explore::pattern::grammar::expr::{Binary as B, Seq, Unary as U};
    let v = |i| Op::Var(i, 0);
    let exprs: Vec<(usize, Vec<Op>)> = vec![
        (2, vec![v(0), Op::Var(1, 1), Op::Bin(B::And), Op::Un(U::Pop)]),
        (2, vec![v(0), v(1), Op::Bin(B::Wedge(0)), Op::Const(1), Op::Bin(B::Xor)]),
        (2, vec![v(1), Op::Var(0, 1), Op::Un(U::Zeck), Op::Bin(B::Lt)]),
        (2, vec![v(0), v(1), Op::Bin(B::LtAlpha(2))]),
        (2, vec![v(1), Op::Var(0, 1), Op::Bin(B::ModBy)]),
        (2, vec![v(0), v(1), Op::Bin(B::Min), Op::Un(U::Floor(1))]),
        (2, vec![v(0), v(1), Op::Bin(B::Or), Op::Un(U::Ones)]),
        (1, vec![Op::Var(0, 1), Op::Un(U::V2), v(0), Op::Un(U::Pop), Op::Bin(B::Add)]),
        (
            1,
            vec![
                v(0),
                Op::Un(U::In(Seq::Triangular)),
                v(0),
                Op::Un(U::In(Seq::Squares)),
                Op::Bin(B::Add),
            ],
        ),
        (1, vec![v(0), Op::Un(U::In(Seq::Lucas))]),
        (1, vec![Op::Var(0, -1), Op::Un(U::In(Seq::Cubes))]),
        (1, vec![Op::Var(0, 1), Op::Un(U::In(Seq::Pronic))]),
        (1, vec![v(0), Op::Un(U::BitLen), v(0), Op::Un(U::Parity), Op::Bin(B::Xor)]),
        (1, vec![v(0), Op::Un(U::In(Seq::Fibonacci))]),
        (1, vec![Op::Var(0, 1), Op::Un(U::Odd), Op::Un(U::Mod(4))]),
        (1, vec![v(0), Op::Un(U::In(Seq::Geom(3, 2))), v(0), Op::Un(U::Mod(2)), Op::Bin(B::Max)]),
        (1, vec![v(0), Op::Un(U::Floor(5)), Op::Un(U::LowBit), Op::Un(U::V2)]),
    ];
    let mut out = Vec::new();
    for (k, ops) in exprs {
        let e = Expr(ops);
        let s = if k == 1 {
            Space::from_ranges(&[(1, 600)])
        } else {
            Space::from_ranges(&[(0, 39), (0, 39)])
        };
        let t = Table::from_grundy(s.clone(), values(&e, &s).unwrap_or_else(|| panic!("{e:?}")));
        let found = search(&t, &Budget::default());
        out.push(found.into_iter().next().unwrap_or_else(|| panic!("{e:?} not found")));
    }
    // A conditional of an exceptional line, and outcomes.
    let s = Space::from_ranges(&[(0, 29), (0, 29)]);
    let g: Vec<u32> = (0..s.cells())
        .map(|c| if c / 30 == 0 { 3 } else { ((c / 30 + c % 30) % 3) as u32 })
        .collect();
    out.extend(search(&Table::from_grundy(s.clone(), g), &Budget::default()));
    let mut t = Table::from_grundy(
        s.clone(),
        (0..s.cells()).map(|c| u32::from(c / 30 != c % 30)).collect(),
    );
    t.grundy.iter_mut().for_each(|g| *g = games::explore::table::NO_VALUE);
    out.extend(search(&t, &Budget::default()));
    out
}

fn tool(name: &str) -> bool {
    crate::common::need(name, "the compiled and run texts of the grammar's formulas")
}

#[test]
fn cpp_and_python_texts_agree_far_away() {
    let formulas = sample_formulas();
    assert!(formulas.len() >= 16, "{}", formulas.len());
    let dir = common::temp_dir("texts");
    let mut rng = Rng::new(99);
    for (i, f) in formulas.iter().enumerate() {
        let k = f.frame.free.len();
        let pts: Vec<Vec<u64>> = (0..40)
            .map(|j| {
                (0..k)
                    .map(|_| {
                        if j < 10 {
                            rng.below(1 << 20)
                        } else {
                            1_000_000_000_000 + rng.below(999_000_000_000_000_000)
                        }
                    })
                    .collect()
            })
            .collect();
        let input: String = pts
            .iter()
            .map(|p| p.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        let want: Vec<String> = pts
            .iter()
            .map(|p| {
                let mut q = p.clone();
                q.resize(16, 0);
                match f.at(&q) {
                    None => "-".to_string(),
                    Some(a) if f.covers() == Covers::Values => {
                        a.value.map_or("-".into(), |v| v.to_string())
                    }
                    Some(a) => u8::from(a.outcome == b'P').to_string(),
                }
            })
            .collect();
        let vals = f.covers() == Covers::Values;
        let names: Vec<&str> = (0..k).map(|j| f.frame.name(j)).collect();
        if tool("g++") {
            let call = format!("{}({})", if vals { "G" } else { "isP" }, names.join(", "));
            let scan = names.iter().map(|_| "%lld").collect::<Vec<_>>().join(" ");
            let decl = names.join(", ");
            let src = format!(
                "#include <cstdio>\n{}\nint main() {{ long long {decl}; while (scanf(\"{scan}\", {}) == {k}) printf(\"%lld\\n\", (long long){call}); }}\n",
                f.cpp(),
                names.iter().map(|n| format!("&{n}")).collect::<Vec<_>>().join(", ")
            );
            let (cpp, exe) = (dir.join(format!("f{i}.cpp")), dir.join(format!("f{i}")));
            std::fs::write(&cpp, &src).expect("write");
            let st = std::process::Command::new("g++")
                .args(["-O1", "-o"])
                .arg(&exe)
                .arg(&cpp)
                .status()
                .expect("g++");
            assert!(st.success(), "{src}");
            check_run(std::process::Command::new(&exe), &input, &want, &src);
        }
        if tool("python3") {
            let call = format!("{}({})", if vals { "G" } else { "is_p" }, names.join(", "));
            let src = format!(
                "{}\nimport sys\nfor line in sys.stdin:\n    {} = map(int, line.split())\n    print(int({call}))\n",
                f.python(),
                if k == 1 { format!("{},", names[0]) } else { names.join(", ") }
            );
            let py = dir.join(format!("f{i}.py"));
            std::fs::write(&py, &src).expect("write");
            let mut c = std::process::Command::new("python3");
            c.arg(&py);
            check_run(c, &input, &want, &src);
        }
    }
}

/// Runs `cmd` on `input`; each line must equal `want` (where `want` is not `-`).
fn check_run(mut cmd: std::process::Command, input: &str, want: &[String], src: &str) {
    use std::io::Write;
    let mut child = cmd
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write");
    let out = child.wait_with_output().expect("finishes");
    let got: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(String::from).collect();
    for (i, w) in want.iter().enumerate() {
        if w != "-" {
            assert_eq!(got.get(i), Some(w), "line {i} of input {input}\n{src}");
        }
    }
}

/// The oracle is sound before it judges: its slopes are the grammar's, its nim product is the
/// mex definition's on 0..32, and it agrees with the production evaluator (`Expr::eval`) on
/// 4,000 random expressions of up to seven nodes, at every point of a small box and at points
/// up to 2^40 and 2^60, wherever
/// both are defined (either may decline where it cannot be exact: the oracle holds
/// intermediates in `i128` and factors only below 10^12).
#[test]
fn the_oracle_agrees_with_the_definitions_and_the_evaluator() {
    assert!(oracle::slopes_agree(), "the grammar's slopes changed: update the oracle's table");
    let mut nim = [[0u128; 32]; 32];
    for a in 0..32 {
        for b in 0..32 {
            // a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }
            let seen: Vec<u128> = (0..a)
                .flat_map(|x| (0..b).map(move |y| (x, y)))
                .map(|(x, y)| nim[x][b] ^ nim[a][y] ^ nim[x][y])
                .collect();
            nim[a][b] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
            assert_eq!(oracle::nim_mul(a as u128, b as u128, 64), nim[a][b], "{a} ⊗ {b}");
        }
    }
    let mut rng = Rng::new(4848);
    let (mut both, mut checked) = (0usize, 0usize);
    for _ in 0..4_000 {
        let k = 1 + rng.below(2) as usize;
        let size = 1 + rng.below(7) as usize;
        let e = random_expr(&mut rng, k, size);
        // Every point of a small box, then points up to 2^40 and 2^60.
        let mut points: Vec<Vec<i64>> = match k {
            1 => (0..64).map(|a| vec![a]).collect(),
            _ => (0..256).map(|c| vec![c / 16, c % 16]).collect(),
        };
        for i in 0..12 {
            let top = if i % 2 == 0 { 1u64 << 40 } else { 1 << 60 };
            points.push((0..k).map(|_| rng.below(top) as i64).collect());
        }
        for x in points {
            let (want, got) = (oracle::eval(&e, &x), e.eval(&x));
            let words = || e.render(&["a", "b"], Dialect::Words);
            checked += 1;
            match (want, got) {
                (Some(w), g) if g != UNDEF => {
                    both += 1;
                    assert_eq!(g, w, "{} at {x:?}", words());
                }
                (None, UNDEF) => {}
                // One side declines a value the other gives: only where an intermediate is
                // past what the oracle holds exactly, never at a point of a box.
                _ => assert!(
                    x.iter().any(|&v| v >= 1 << 40),
                    "{} at {x:?}: the oracle says {want:?}, the evaluator {got}",
                    words()
                ),
            }
        }
    }
    assert!(both * 10 >= checked * 6, "only {both} of {checked} points were compared");
}

/// The test's own reading of a grammar expression: every operation written again here from
/// its documented meaning (loops over bits, greedy Zeckendorf, membership by generating the
/// sequence, the nim product by Fermat-power splitting, floors and comparisons with α by
/// integer square roots), sharing no code with `Expr::eval`. A value outside `i64`, an
/// operation outside its domain, or an intermediate this oracle cannot hold exactly is `None`,
/// and the planted formula is then not judged there.
mod oracle {
    use games::explore::pattern::grammar::expr::{ALPHAS, Binary, Expr, Op, Seq, Unary};

    /// The slopes by their meaning, in the grammar's order: `(p + q·sqrt(d)) / r`, or the
    /// rational `p / r` when `d = 0`.
    const SLOPES: [(&str, i128, i128, u128, i128); 6] = [
        ("phi", 1, 1, 5, 2),
        ("phi^2", 3, 1, 5, 2),
        ("sqrt(2)", 0, 1, 2, 1),
        ("(1+sqrt(2))", 1, 1, 2, 1),
        ("sqrt(3)", 0, 1, 3, 1),
        ("3/2", 3, 0, 0, 2),
    ];

    /// The grammar's slopes are the ones this oracle knows, in the same order.
    pub fn slopes_agree() -> bool {
        ALPHAS.len() == SLOPES.len() && ALPHAS.iter().zip(SLOPES).all(|(a, s)| a.1 == s.0)
    }

    fn isqrt(n: u128) -> u128 {
        // Bisection on the answer: no floating point.
        let (mut lo, mut hi) = (0u128, 1u128 << 64);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if mid.checked_mul(mid).is_some_and(|m| m <= n) { lo = mid } else { hi = mid }
        }
        lo
    }

    /// `floor(k·α)` for `k >= 0`.
    fn floor_slope(i: usize, k: i128) -> Option<i128> {
        let (_, p, q, d, r) = SLOPES[i];
        if d == 0 {
            return Some((k * p).div_euclid(r));
        }
        // k·q·sqrt(d) is irrational for k >= 1, so floor((k·p + k·q·sqrt(d)) / r)
        // = floor((k·p + floor(k·q·sqrt(d))) / r).
        let kq = u128::try_from(k * q).ok()?;
        let s = isqrt(kq.checked_mul(kq)?.checked_mul(d)?) as i128;
        Some((k * p + s).div_euclid(r))
    }

    /// `x < α·y` for `x, y >= 0`.
    fn below_slope(i: usize, x: i128, y: i128) -> Option<bool> {
        if y == 0 {
            return Some(false);
        }
        let (_, p, q, d, r) = SLOPES[i];
        if d == 0 {
            return Some(x * r < p * y);
        }
        // x·r - p·y < q·y·sqrt(d)
        let l = x * r - p * y;
        if l < 0 {
            return Some(true);
        }
        let l = l as u128;
        let qy = (q * y) as u128;
        Some(l.checked_mul(l)? < qy.checked_mul(qy)?.checked_mul(d)?)
    }

    fn popcount(mut x: i128) -> i128 {
        let mut n = 0;
        while x > 0 {
            n += x & 1;
            x >>= 1;
        }
        n
    }

    fn two_adic(mut x: i128) -> i128 {
        let mut n = 0;
        while x % 2 == 0 {
            x /= 2;
            n += 1;
        }
        n
    }

    /// The least `k >= 0` with `k^e >= n` (bisection).
    fn root_up(n: i128, e: u32) -> i128 {
        let (mut lo, mut hi) = (0i128, 1i128 << 63);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if mid.checked_pow(e).is_none_or(|v| v >= n) { hi = mid } else { lo = mid + 1 }
        }
        lo
    }

    /// Is `n` in the sequence (Fibonacci, Lucas and geometric terms generated one by one;
    /// the others by the root of their closed form)?
    fn member(s: Seq, n: i128) -> bool {
        let walk = |mut a: i128, mut b: i128, step: &dyn Fn(i128, i128) -> i128| {
            while a < n {
                (a, b) = (b, step(a, b));
            }
            a == n
        };
        let k2 = root_up(n, 2);
        match s {
            Seq::Fibonacci => n >= 1 && walk(1, 2, &|a, b| a + b),
            Seq::Lucas => n == 2 || walk(1, 3, &|a, b| a + b),
            Seq::Squares => k2 * k2 == n,
            Seq::Cubes => root_up(n, 3).pow(3) == n,
            Seq::Triangular => {
                let k = root_up(2 * n, 2);
                (k - 2..=k).any(|k| k >= 0 && k * (k + 1) / 2 == n)
            }
            Seq::Pronic => (k2 - 2..=k2 + 1).any(|k| k >= 0 && k * (k + 1) == n),
            Seq::Geom(c, r) => walk(c as i128, (c * r) as i128, &|_, b| b * r as i128),
        }
    }

    /// The prime factors of `x` (with multiplicity, or distinct), by trial division; `None`
    /// past 10^12, where that would be slow.
    fn prime_factors(mut x: i128, distinct: bool) -> Option<i128> {
        if x > 1_000_000_000_000 {
            return None;
        }
        let (mut n, mut p) = (0, 2);
        while p * p <= x {
            if x % p == 0 {
                n += 1;
                x /= p;
                while x % p == 0 {
                    x /= p;
                    n += i128::from(!distinct);
                }
            }
            p += 1;
        }
        Some(n + i128::from(x > 1))
    }

    /// The smallest term of `x`'s Zeckendorf representation (greedy: take the largest
    /// Fibonacci number that fits, until nothing is left).
    fn smallest_zeckendorf(mut x: i128) -> i128 {
        let mut last = 0;
        while x > 0 {
            let (mut a, mut b) = (1i128, 2i128);
            while b <= x {
                (a, b) = (b, a + b);
            }
            x -= a;
            last = a;
        }
        last
    }

    /// The nim product, splitting at `2^half`: with `X = 2^half` (a Fermat 2-power),
    /// `X ⊗ X = X ⊕ X/2`.
    pub fn nim_mul(a: u128, b: u128, half: u32) -> u128 {
        if a < 2 || b < 2 {
            return a * b;
        }
        let mask = (1u128 << half) - 1;
        let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
        let low = nim_mul(a0, b0, half / 2);
        let high = nim_mul(a1, b1, half / 2);
        let mixed = nim_mul(a0 ^ a1, b0 ^ b1, half / 2);
        ((mixed ^ low) << half) ^ low ^ nim_mul(high, 1 << (half - 1), half / 2)
    }

    fn unary(u: Unary, x: i128) -> Option<i128> {
        if x < 0 {
            return None;
        }
        Some(match u {
            Unary::Mod(m) => x % m as i128,
            Unary::Div(m) => x / m as i128,
            Unary::V2 if x > 0 => two_adic(x),
            Unary::Pop => popcount(x),
            Unary::Parity => popcount(x) % 2,
            Unary::Odd if x > 0 => x >> two_adic(x),
            Unary::Ones => two_adic(x + 1),
            Unary::BitLen => (0..).find(|&k| x >> k == 0)?,
            Unary::LowBit if x > 0 => 1 << two_adic(x),
            Unary::LowBit => 0,
            Unary::Zeck if x > 0 => smallest_zeckendorf(x),
            Unary::In(s) => i128::from(member(s, x)),
            Unary::Floor(i) => floor_slope(i, x)?,
            Unary::Factors { odd, distinct } if x > 0 => {
                prime_factors(if odd { x >> two_adic(x) } else { x }, distinct)?
            }
            Unary::PerfectPower if x > 0 => {
                i128::from(x == 1 || (2..64).any(|e| root_up(x, e).pow(e) == x))
            }
            _ => return None,
        })
    }

    fn binary(b: Binary, x: i128, y: i128) -> Option<i128> {
        let bits = x >= 0 && y >= 0;
        let t = |c: bool| i128::from(c);
        Some(match b {
            Binary::Add => x + y,
            Binary::Sub => x - y,
            Binary::Xor if bits => x ^ y,
            Binary::Or if bits => x | y,
            Binary::And if bits => x & y,
            Binary::Min => x.min(y),
            Binary::Max => x.max(y),
            Binary::Lt => t(x < y),
            Binary::Le => t(x <= y),
            Binary::Eq => t(x == y),
            Binary::ModBy if x >= 0 && y >= 1 => x % y,
            Binary::DivBy if x >= 0 && y >= 1 => x / y,
            Binary::NimMul if bits => nim_mul(x as u128, y as u128, 64) as i128,
            Binary::LtAlpha(i) if bits => t(below_slope(i, x, y)?),
            Binary::Wedge(i) if bits => t(below_slope(i, x, y)? && below_slope(i, y, x)?),
            _ => return None,
        })
    }

    /// The expression at `x`, every intermediate inside `i64` (as the grammar defines it).
    pub fn eval(e: &Expr, x: &[i64]) -> Option<i64> {
        let fits = |v: i128| (i64::MIN as i128 + 1..=i64::MAX as i128).contains(&v);
        let mut st: Vec<i128> = Vec::new();
        for op in &e.0 {
            let v = match *op {
                Op::Var(i, d) => *x.get(i)? as i128 + d as i128,
                Op::Const(c) => c as i128,
                Op::Un(u) => unary(u, st.pop()?)?,
                Op::Bin(b) => {
                    let r = st.pop()?;
                    binary(b, st.pop()?, r)?
                }
            };
            if !fits(v) {
                return None;
            }
            st.push(v);
        }
        (st.len() == 1).then(|| st[0] as i64)
    }
}
