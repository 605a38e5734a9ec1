//! (The pattern-detector families of issue 25; the built-in game families are in explore_families.rs.)
#![allow(clippy::manual_is_multiple_of, clippy::type_complexity)]
//! The pattern families of issue 25 (exceptions, bits, digits, period+sequence, lines,
//! half-planes) and the edge rule. Planted tables: each family is found on the clean table,
//! its `at` agrees with the planted rule far beyond the box, and the table with one entry
//! broken is never reported as that family. Then moves programs in Python (skipped with a
//! note when python3 is missing): the games are played by `games explore` itself, and the
//! true closed form, computed here, must match the answers at 10^12 to 10^18.

use crate::common;

use games::explore::answer::answer;
use games::explore::pattern::{Covers, Pattern, find};
use games::explore::space::Space;
use games::explore::table::Table;

fn outcome_table(space: Space, is_p: impl Fn(&[u64]) -> bool) -> Table {
    let g: Vec<u32> =
        (0..space.cells()).map(|c| u32::from(!is_p(&space.position(c)[..space.arity()]))).collect();
    Table::from_grundy(space, g)
}

fn value_table(space: Space, g: impl Fn(&[u64]) -> u32) -> Table {
    let v: Vec<u32> = (0..space.cells()).map(|c| g(&space.position(c)[..space.arity()])).collect();
    Table::from_grundy(space, v)
}

fn of<'a>(found: &'a [Pattern], family: &str) -> Option<&'a Pattern> {
    found.iter().find(|p| p.formula.family() == family)
}

fn words(found: &[Pattern]) -> Vec<String> {
    found.iter().map(|p| format!("[{}] {}", p.formula.family(), p.formula.words())).collect()
}

/// `family` found on `t`; its answers agree with `truth` at the far positions; the table with
/// the cell `broken` flipped (P <-> N, or the value changed) shows no pattern of `family`.
fn planted(
    t: &Table,
    family: &str,
    truth: &dyn Fn(&[u64]) -> u64,
    far: &[[u64; 4]],
    broken: usize,
) {
    let found = find(t, Vec::new());
    let p = of(&found, family).unwrap_or_else(|| panic!("no {family}: {:?}", words(&found)));
    for x in far {
        let a = p.formula.at(x).expect("covered");
        match p.formula.covers() {
            Covers::Values => assert_eq!(a.value, Some(truth(x)), "{} at {x:?}", p.formula.words()),
            Covers::Outcomes => {
                assert_eq!(a.outcome == b'P', truth(x) == 0, "{} at {x:?}", p.formula.words())
            }
        }
    }
    let mut bad = t.clone();
    bad.grundy[broken] = if bad.grundy[broken] == 0 { 1 } else { 0 };
    bad.outcome[broken] = if bad.grundy[broken] == 0 { b'P' } else { b'N' };
    let found = find(&bad, Vec::new());
    if family == "grammar" {
        // The grammar is one family for every shape: the flipped entry is fitted by some
        // other formula or by none, never by the planted one.
        let x = t.space.position(broken);
        for p in found.iter().filter(|p| p.formula.family() == "grammar") {
            let a = p.formula.at(&x).expect("covers the box");
            assert_ne!(a.outcome == b'P', truth(&x) == 0, "{}", p.formula.words());
        }
        return;
    }
    assert!(of(&found, family).is_none(), "broken {broken} still {family}: {:?}", words(&found));
}

fn far1() -> Vec<[u64; 4]> {
    let mut v: Vec<[u64; 4]> = Vec::new();
    for e in 12..=18u32 {
        let t = 10u64.pow(e);
        v.extend([[t, 0, 0, 0], [t + 1, 0, 0, 0], [t - 1, 0, 0, 0], [t + 7, 0, 0, 0]]);
    }
    let s = 999_999_999u64; // a square past 10^17
    v.extend([[s * s, 0, 0, 0], [1 << 60, 0, 0, 0], [(1 << 60) - 1, 0, 0, 0]]);
    v
}

fn far2() -> Vec<[u64; 4]> {
    let mut v: Vec<[u64; 4]> = Vec::new();
    for e in 12..=18u32 {
        let t = 10u64.pow(e);
        v.extend([[t, 2 * t + 1, 0, 0], [2 * t + 1, t, 0, 0], [t, t + 5, 0, 0], [t + 3, t, 0, 0]]);
        v.extend([[2 * t, 3 * t, 0, 0], [2 * t, 3 * t + 1, 0, 0], [t, 7, 0, 0], [9, t, 0, 0]]);
    }
    v
}

fn is_square(n: u64) -> bool {
    let r = (n as f64).sqrt() as u64;
    (r.saturating_sub(2)..=r + 2).any(|x| x.checked_mul(x) == Some(n))
}

#[test]
fn exceptions_on_a_periodic_plane() {
    let rule = |x: &[u64]| match (x[0], x[1]) {
        (1, 1) => true,
        (2, 0) => false,
        (a, b) => a % 2 == 0 && b % 3 == 0,
    };
    let t = outcome_table(Space::from_ranges(&[(0, 39), (0, 39)]), rule);
    let truth = |x: &[u64]| u64::from(!rule(x));
    planted(&t, "exceptions", &truth, &far2(), 35 * 40 + 21);
    let w = of(&find(&t, Vec::new()), "exceptions").map(|p| p.formula.words()).unwrap_or_default();
    assert!(w.contains("G(1, 1) = 0") && w.contains("G(2, 0) = 1"), "{w}");
    // A constant line with two exceptional cells, said in one line.
    let v = |x: &[u64]| if x[0] == 3 || x[0] == 10 { 1 } else { 0 };
    let t = outcome_table(Space::from_ranges(&[(0, 59)]), |x| v(x) == 0);
    let truth = |x: &[u64]| v(x) as u64;
    planted(&t, "exceptions", &truth, &far1(), 50);
    let w = of(&find(&t, Vec::new()), "exceptions").map(|p| p.formula.words()).unwrap_or_default();
    assert_eq!(w, "G = 0 everywhere except 2 cells: G(3) = 1, G(10) = 1");
    // The same as outcomes only (misère play has no values): said with the letters.
    let mut m = t.clone();
    m.misere = true;
    let w = of(&find(&m, Vec::new()), "exceptions").map(|p| p.formula.words()).unwrap_or_default();
    assert_eq!(w, "every position is P except the N-positions n = 3, n = 10");
}

#[test]
fn bits_ruler_and_evil() {
    let ruler = |x: &[u64]| if x[0] == 0 { 0 } else { x[0].trailing_zeros() + 1 };
    let t = value_table(Space::from_ranges(&[(0, 199)]), ruler);
    let truth = |x: &[u64]| if x[0] == 0 { 0 } else { x[0].trailing_zeros() as u64 + 1 };
    planted(&t, "grammar", &truth, &far1(), 150);
    let evil = |x: &[u64]| x[0].count_ones() % 2 == 0;
    let t = outcome_table(Space::from_ranges(&[(0, 199)]), evil);
    let truth = |x: &[u64]| u64::from(!evil(x));
    planted(&t, "grammar", &truth, &far1(), 130);
    let w = of(&find(&t, Vec::new()), "grammar").map(|p| p.formula.words()).unwrap_or_default();
    assert!(w.starts_with("G = parity(n) (size 2;"), "{w}");
    let mut m = t.clone();
    m.misere = true;
    let w = of(&find(&m, Vec::new()), "grammar").map(|p| p.formula.words()).unwrap_or_default();
    assert!(w.starts_with("P exactly when parity(n) = 0"), "{w}");
}

/// Moore's Nim_k on heaps `h`, by brute force (outcomes): move in 1..=k heaps.
fn moore(dims: &[u64], k: usize) -> Vec<bool> {
    let n: usize = dims.iter().map(|&d| d as usize + 1).product();
    let pos = |mut c: usize| -> Vec<u64> {
        let mut p = vec![0; dims.len()];
        for i in (0..dims.len()).rev() {
            p[i] = (c % (dims[i] as usize + 1)) as u64;
            c /= dims[i] as usize + 1;
        }
        p
    };
    let idx = |p: &[u64]| {
        p.iter().zip(dims).fold(0usize, |c, (&x, &d)| c * (d as usize + 1) + x as usize)
    };
    let mut is_p = vec![false; n];
    for c in 0..n {
        let p = pos(c);
        // Every option: each coordinate lowered or kept, 1..=k of them lowered.
        let mut any_p = false;
        let mut q = vec![0u64; p.len()];
        let total: usize = p.iter().map(|&x| x as usize + 1).product();
        for mut j in 0..total {
            let mut lowered = 0;
            for i in (0..p.len()).rev() {
                q[i] = (j % (p[i] as usize + 1)) as u64;
                j /= p[i] as usize + 1;
                lowered += usize::from(q[i] != p[i]);
            }
            if (1..=k).contains(&lowered) && is_p[idx(&q)] {
                any_p = true;
                break;
            }
        }
        is_p[c] = !any_p;
    }
    is_p
}

#[test]
fn digits_moore_nim() {
    let is_p = moore(&[7, 7, 7], 2);
    let t = outcome_table(Space::from_ranges(&[(0, 7), (0, 7), (0, 7)]), |x| {
        is_p[(x[0] * 64 + x[1] * 8 + x[2]) as usize]
    });
    // Moore's theorem: P iff every bit column sums to a multiple of k + 1.
    let truth = |x: &[u64]| {
        u64::from(!(0..63).all(|i| (0..3).map(|j| (x[j] >> i) & 1).sum::<u64>() % 3 == 0))
    };
    let far: Vec<[u64; 4]> = (12..=18u32)
        .flat_map(|e| {
            let t = 10u64.pow(e);
            [[t, t, t, 0], [t, t, 0, 0], [t, t + 1, t + 2, 0], [t, 2 * t, 3 * t, 0]]
        })
        .collect();
    planted(&t, "digits", &truth, &far, 5 * 64 + 6 * 8 + 3);
}

#[test]
fn period_with_square_exceptions() {
    let rule = |x: &[u64]| x[0] % 3 == 0 || is_square(x[0]);
    let t = outcome_table(Space::from_ranges(&[(0, 399)]), rule);
    let truth = |x: &[u64]| u64::from(!rule(x));
    planted(&t, "period+sequence", &truth, &far1(), 361);
    let found = find(&t, Vec::new());
    let w = of(&found, "period+sequence").map(|p| p.formula.words()).unwrap_or_default();
    assert!(w.contains("G is 0 where n is a square") && w.contains("n mod 3"), "{w}");
    let mut m = t.clone();
    m.misere = true;
    let w =
        of(&find(&m, Vec::new()), "period+sequence").map(|p| p.formula.words()).unwrap_or_default();
    assert!(w.contains("P iff n mod 3 = 0, or n is a square"), "{w}");
    // The shorter explanation comes first.
    assert_eq!(found[0].formula.family(), "period+sequence", "{:?}", words(&found));
}

#[test]
fn lines_and_half_planes() {
    let rule = |x: &[u64]| (x[0], x[1]) == (0, 0) || x[1] == 2 * x[0] + 1 || x[0] == 2 * x[1] + 1;
    let t = outcome_table(Space::from_ranges(&[(0, 40), (0, 40)]), rule);
    let truth = |x: &[u64]| u64::from(!rule(x));
    planted(&t, "lines", &truth, &far2(), 30 * 41 + 14);
    let half = |x: &[u64]| 3 * x[0] > 2 * x[1];
    let t = outcome_table(Space::from_ranges(&[(0, 40), (0, 40)]), half);
    let truth = |x: &[u64]| u64::from(!half(x));
    planted(&t, "half-plane", &truth, &far2(), 30 * 41 + 44 - 41);
    // a + b = c in 3-D.
    let plane = |x: &[u64]| x[0] + x[1] == x[2];
    let t = outcome_table(Space::from_ranges(&[(0, 11), (0, 11), (0, 11)]), plane);
    let truth = |x: &[u64]| u64::from(!plane(x));
    let far: Vec<[u64; 4]> = (12..=18u32)
        .flat_map(|e| {
            let t = 10u64.pow(e);
            [[t, t, 2 * t, 0], [t, t, 2 * t + 1, 0], [3, t, t + 3, 0]]
        })
        .collect();
    planted(&t, "lines", &truth, &far, 10 * 144 + 9 * 12 + 7);
}

/// The edge rule: a table whose last column is special gives no far answer from that column,
/// while an interior column's pattern still answers.
#[test]
fn a_special_boundary_column_answers_nothing_beyond_the_box() {
    let g = |x: &[u64]| if x[1] == 29 { 5 + (x[0] % 2) as u32 } else { ((x[0] + x[1]) % 3) as u32 };
    let t = value_table(Space::from_ranges(&[(0, 29), (0, 29)]), g);
    let found = find(&t, Vec::new());
    let edge: Vec<&Pattern> = found.iter().filter(|p| p.edge.is_some()).collect();
    assert!(!edge.is_empty(), "{:?}", words(&found));
    let a = answer(&t, &found, &coords(&[100, 29]));
    assert_eq!(a.outcome, b'?', "{}", a.basis);
    assert!(a.basis.contains("boundary line b = 29"), "{}", a.basis);
    let a = answer(&t, &found, &coords(&[100, 5]));
    assert_eq!(a.grundy, Some(105 % 3), "{}", a.basis);
    // The same table without the special column: the last column answers (it shares the
    // interior's pattern).
    let g = |x: &[u64]| ((x[0] + x[1]) % 3) as u32;
    let t = value_table(Space::from_ranges(&[(0, 29), (0, 29)]), g);
    let found = find(&t, Vec::new());
    let a = answer(&t, &found, &coords(&[100, 29]));
    assert_eq!(a.grundy, Some(129 % 3), "{}", a.basis);
}

// ---- moves programs in Python: games of each family, answers at 10^12..10^18 ----

fn have_python() -> bool {
    common::have_python("the moves-program tests of the families")
}

/// Runs `games explore --moves 'python3 FILE' --box BOX --json --at ...` and returns the
/// answers (position, value, outcome) and the families of the patterns found.
fn explore_py(
    name: &str,
    src: &str,
    bx: &str,
    at: &[Vec<u64>],
) -> (Vec<(Option<u64>, char)>, Vec<String>) {
    let dir = common::temp_dir(name);
    let file = dir.join(format!("{name}.py"));
    std::fs::write(&file, src).expect("write program");
    let cmd = format!("python3 {}", file.display());
    let at_texts: Vec<String> =
        at.iter().map(|p| p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")).collect();
    let mut args = vec!["explore", "--moves", &cmd, "--box", bx, "--json"];
    for a in &at_texts {
        args.push("--at");
        args.push(a);
    }
    let out = common::games(&args, b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let answers = v["at"]
        .as_array()
        .expect("at")
        .iter()
        .map(|a| {
            (
                a["value"].as_u64(),
                a["outcome"].as_str().unwrap_or("?").chars().next().unwrap_or('?'),
            )
        })
        .collect();
    let families = v["patterns"]
        .as_array()
        .expect("patterns")
        .iter()
        .map(|p| p["family"].as_str().unwrap_or("").to_string())
        .collect();
    (answers, families)
}

/// A game whose P-positions are exactly the set `S` (containing the origin): from a position
/// in `S` a move goes to any smaller position (every coordinate at most its own, one smaller)
/// outside `S`; from any other position, to any smaller position. By induction on the sum of
/// the coordinates, the P-positions are exactly `S`: the origin has no move; a member of `S`
/// moves only outside `S`; any other position can move to the origin.
fn designed(member: &str, dims: usize) -> String {
    let vars = ["a", "b", "c"][..dims].join(", ");
    format!(
        "import sys, itertools, math\n\
         def S({vars}):\n    return {member}\n\
         for line in sys.stdin:\n\
         \x20   p = tuple(map(int, line.split()))\n\
         \x20   ins = S(*p)\n\
         \x20   opts = []\n\
         \x20   for q in itertools.product(*[range(x + 1) for x in p]):\n\
         \x20       if q != p and not (ins and S(*q)):\n\
         \x20           opts.append(' '.join(map(str, q)))\n\
         \x20   print(';'.join(opts))\n"
    )
}

fn far_points(dims: usize) -> Vec<Vec<u64>> {
    let mut v = Vec::new();
    for e in 12..=18u32 {
        let t = 10u64.pow(e);
        let s = (t as f64).sqrt() as u64;
        match dims {
            1 => {
                v.extend([vec![t], vec![t + 1], vec![t + 2], vec![s * s], vec![(s + 1) * (s + 1)]])
            }
            _ => v.extend([
                vec![t, 2 * t + 1],
                vec![2 * t + 1, t],
                vec![t, 2 * t],
                vec![2 * t, 3 * t],
                vec![2 * t, 3 * t + 1],
                vec![t + 2, t + 3],
                vec![4 * t, 3 * t],
            ]),
        }
    }
    v
}

fn check_far(
    name: &str,
    answers: &[(Option<u64>, char)],
    at: &[Vec<u64>],
    truth: &dyn Fn(&[u64]) -> (Option<u64>, bool),
) {
    for (a, p) in answers.iter().zip(at) {
        let (value, is_p) = truth(p);
        assert_eq!(a.1, if is_p { 'P' } else { 'N' }, "{name} at {p:?}");
        if let (Some(v), Some(got)) = (value, a.0) {
            assert_eq!(got, v, "{name} at {p:?}");
        }
    }
}

#[test]
fn python_games_of_each_family() {
    if !have_python() {
        return;
    }
    // Bits: the Ruler game (Winning Ways): a heads coin at n >= 1 (0: no coin); a move turns
    // over k consecutive coins ending at n (n goes to tails, n-1..n-k+1 to heads).
    let ruler = "import sys\nfor line in sys.stdin:\n    n = int(line)\n    opts = ['0'] if n >= 1 else []\n    for k in range(2, n + 1):\n        opts.append(' + '.join(str(n - j) for j in range(1, k)))\n    print(';'.join(opts))\n";
    let at = far_points(1);
    let (ans, fams) = explore_py("ruler", ruler, "0..64", &at);
    assert!(fams.contains(&"grammar".to_string()), "{fams:?}");
    check_far("ruler", &ans, &at, &|p| {
        let n = p[0];
        (Some(n & n.wrapping_neg()), false)
    });
    // Digits: Moore's Nim_2 on three heaps (lower one or two heaps).
    let moore = "import sys\nfor line in sys.stdin:\n    h = list(map(int, line.split()))\n    opts = set()\n    for i in range(3):\n        for x in range(h[i]):\n            q = h[:]; q[i] = x; opts.add(tuple(q))\n            for j in range(i + 1, 3):\n                for y in range(h[j] + 1):\n                    r = q[:]; r[j] = y; opts.add(tuple(r))\n    print(';'.join(' '.join(map(str, o)) for o in sorted(opts)))\n";
    let at3: Vec<Vec<u64>> = (12..=18u32)
        .flat_map(|e| {
            let t = 10u64.pow(e);
            [vec![t, t, t], vec![t, t, 0], vec![t, 2 * t, 3 * t], vec![t ^ 5, t, 5]]
        })
        .collect();
    let (ans, fams) = explore_py("moore", moore, "0..7,0..7,0..7", &at3);
    assert!(fams.contains(&"digits".to_string()), "{fams:?}");
    check_far("moore", &ans, &at3, &|p| {
        let ok = (0..63).all(|i| p.iter().map(|x| (x >> i) & 1).sum::<u64>() % 3 == 0);
        (None, ok)
    });
    // Lines: P exactly on b = 2a + 1 and a = 2b + 1, and the origin.
    let at2 = far_points(2);
    let src = designed("(a, b) == (0, 0) or b == 2 * a + 1 or a == 2 * b + 1", 2);
    let (ans, fams) = explore_py("lines", &src, "0..30,0..30", &at2);
    assert!(fams.contains(&"lines".to_string()), "{fams:?}");
    check_far("lines", &ans, &at2, &|p| (None, p[1] == 2 * p[0] + 1 || p[0] == 2 * p[1] + 1));
    // Half-plane: P exactly when 3a >= 2b.
    let src = designed("3 * a >= 2 * b", 2);
    let (ans, fams) = explore_py("half", &src, "0..30,0..30", &at2);
    assert!(fams.contains(&"half-plane".to_string()), "{fams:?}");
    check_far("half", &ans, &at2, &|p| (None, 3 * p[0] as u128 >= 2 * p[1] as u128));
    // Exceptions: P where a is even and 3 | b, plus (1, 1), less (2, 0).
    let src = designed("(a, b) == (1, 1) or ((a, b) != (2, 0) and a % 2 == 0 and b % 3 == 0)", 2);
    let (ans, fams) = explore_py("exc", &src, "0..23,0..23", &at2);
    assert!(fams.contains(&"exceptions".to_string()), "{fams:?}");
    check_far("exc", &ans, &at2, &|p| (None, p[0] % 2 == 0 && p[1] % 3 == 0));
    // Period with exceptions at the squares.
    let src = designed("a % 3 == 0 or math.isqrt(a) ** 2 == a", 1);
    let (ans, fams) = explore_py("sq", &src, "0..300", &at);
    assert!(fams.contains(&"period+sequence".to_string()), "{fams:?}");
    check_far("sq", &ans, &at, &|p| (None, p[0] % 3 == 0 || is_square(p[0])));
}

// ---- output a contestant can trust ----

fn text(args: &[&str]) -> String {
    let out = common::games(args, b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn slices_label_the_shown_coordinates() {
    let s = text(&["explore", "--game", "nim:3", "--box", "0..2,0..3,0..4", "--slice", "3=1"]);
    // c fixed at 1: a grid of a (rows 0..2) by b (columns 0..3), G = a ^ b ^ 1.
    assert!(
        s.contains(
            "slice c = 1:\na\\b  0  1  2  3\n  0  1 0*  3  2\n  1 0*  1  2  3\n  2  3  2  1 0*\n"
        ),
        "{s}"
    );
    let s = text(&["explore", "--game", "nim:3", "--box", "0..2,0..3,0..4", "--slice", "1=2"]);
    assert!(s.contains("slice a = 2:\nb\\c  0  1  2  3  4\n  0  2  3 0*  1  6\n"), "{s}");
}

#[test]
fn line_patterns_are_folded_and_whole_ones_come_first() {
    let s = text(&["explore", "--game", "wythoff", "--box", "0..30,0..30", "--no-table"]);
    // Rows and columns 0 to 3; row 3 is G(3, b + 6) = G(3, b) + 6 from b = 8, a preperiod
    // of 8 and a period of 6 that the 31 entries show (3 n0 / 2 + 3 p = 30).
    assert!(s.contains("+ 8 patterns of single rows or columns"), "{s}");
    assert!(!s.contains("on the line G("), "{s}");
    let s = text(&[
        "explore",
        "--game",
        "wythoff",
        "--box",
        "0..30,0..30",
        "--no-table",
        "--patterns",
        "all",
    ]);
    assert!(s.contains("on the line G(0, b)"), "{s}");
    let first = s.lines().find(|l| l.starts_with("1. ")).unwrap_or_default();
    assert!(first.contains("[beatty"), "{first}");
    let bad = common::games(
        &["explore", "--game", "wythoff", "--box", "0..3,0..3", "--patterns", "some"],
        b"",
    );
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn degenerate_periods_and_preperiods_in_words() {
    // Misère one-heap Nim from 1: P only at 1.
    let space = Space::from_ranges(&[(1, 40)]);
    let mut t = outcome_table(space, |x| x[0] == 1);
    t.misere = true;
    let w = words(&find(&t, Vec::new()));
    assert!(w.iter().any(|w| w.contains("every n >= 2 is N")), "{w:?}");
    assert!(w.iter().all(|w| !w.contains("in {}")), "{w:?}");
    // A constant line: G = 3 for every n.
    let t = value_table(Space::from_ranges(&[(0, 30)]), |_| 3);
    let w = words(&find(&t, Vec::new()));
    assert!(w.iter().any(|w| w.contains("G(n) = 3 for every n >= 0")), "{w:?}");
    // Period 2 after a long preperiod: the evidence past it is said.
    let t = value_table(Space::from_ranges(&[(0, 399)]), |x| {
        if x[0] < 128 { (x[0] % 7) as u32 + 2 } else { (x[0] % 2) as u32 }
    });
    let w = words(&find(&t, Vec::new()));
    assert!(
        w.iter()
            .any(|w| w
                .contains("checked on 272 of the 400 entries, those past the preperiod n0 = 128")),
        "{w:?}"
    );
}

#[test]
fn pasted_periodic_code_has_no_template_noise() {
    // From 5, no preperiod, saltus 1: no `- 0`, `0 +`, `* 1` or `/ 1`.
    let t = value_table(Space::from_ranges(&[(5, 64)]), |x| (x[0] / 3) as u32);
    let found = find(&t, Vec::new());
    for p in &found {
        for code in [p.formula.cpp(), p.formula.python()] {
            for noise in ["- 0)", "(0 +", "[0 +", "* 1)", "* 1;", "/ 1)", "// 1", "* (1)", "* (0)"]
            {
                assert!(!code.contains(noise), "{noise} in {code}");
            }
        }
    }
}

/// The Python text of each new family's pattern, run on far positions, agrees with `at`.
#[test]
fn pasted_python_of_the_new_families_agrees_with_at() {
    if !have_python() {
        return;
    }
    let s2 = || Space::from_ranges(&[(0, 39), (0, 39)]);
    let tables: Vec<(Table, &str)> = vec![
        (
            outcome_table(s2(), |x| {
                (x[0], x[1]) == (1, 1) || ((x[0], x[1]) != (2, 0) && x[0] % 2 == 0 && x[1] % 3 == 0)
            }),
            "exceptions",
        ),
        (
            value_table(Space::from_ranges(&[(0, 199)]), |x| {
                if x[0] == 0 { 0 } else { x[0].trailing_zeros() + 1 }
            }),
            "grammar",
        ),
        (
            outcome_table(Space::from_ranges(&[(0, 399)]), |x| x[0] % 3 == 0 || is_square(x[0])),
            "period+sequence",
        ),
        (
            outcome_table(s2(), |x| {
                (x[0], x[1]) == (0, 0) || x[1] == 2 * x[0] + 1 || x[0] == 2 * x[1] + 1
            }),
            "lines",
        ),
        (outcome_table(s2(), |x| 3 * x[0] > 2 * x[1]), "half-plane"),
        (
            outcome_table(Space::from_ranges(&[(0, 7), (0, 7), (0, 7)]), |x| {
                (0..3).all(|i| (0..3).map(|j| (x[j] >> i) & 1).sum::<u64>() % 3 == 0)
            }),
            "digits",
        ),
    ];
    let mut variants = tables;
    for (t, fam) in [(0usize, "exceptions"), (2, "period+sequence")] {
        let mut m = variants[t].0.clone();
        m.misere = true;
        variants.push((m, fam));
    }
    for (t, family) in &variants {
        let found = find(t, Vec::new());
        let p = of(&found, family).unwrap_or_else(|| panic!("no {family}: {:?}", words(&found)));
        let dims = t.space.free_axes().len();
        let pts: Vec<[u64; 4]> = match dims {
            1 => far1(),
            2 => far2(),
            _ => (12..=18u32)
                .map(|e| 10u64.pow(e))
                .flat_map(|t| [[t, t, t, 0], [t, 2 * t, 3 * t, 0], [1, 2, 3, 0]])
                .collect(),
        };
        let values = p.formula.covers() == Covers::Values;
        let name = if values { "G" } else { "is_p" };
        let args = ["x[0]", "x[1]", "x[2]"][..dims].join(", ");
        let py = format!(
            "{}\nimport sys\nfor line in sys.stdin:\n    x = list(map(int, line.split()))\n    print(int({name}({args})))\n",
            p.formula.python()
        );
        let input: String = pts
            .iter()
            .map(|x| {
                format!(
                    "{}\n",
                    x[..dims].iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
                )
            })
            .collect();
        let want: Vec<String> = pts
            .iter()
            .map(|x| {
                let a = p.formula.at(x).expect("covered");
                if values {
                    a.value.expect("value").to_string()
                } else {
                    u8::from(a.outcome == b'P').to_string()
                }
            })
            .collect();
        let mut child = std::process::Command::new("python3")
            .arg("-c")
            .arg(&py)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("python3");
        use std::io::Write;
        child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write");
        let out = child.wait_with_output().expect("wait");
        let got: Vec<String> =
            String::from_utf8_lossy(&out.stdout).lines().map(String::from).collect();
        assert_eq!(got, want, "{family}: {}\n{py}", p.formula.words());
        // The C++ text, compiled and run on the same positions (skipped without g++).
        if !crate::common::have_cxx("the C++ texts of the families") {
            continue;
        }
        let dir = common::temp_dir("families-cpp");
        let (src, exe) = (dir.join("p.cpp"), dir.join("p"));
        let c_name = if values { "G" } else { "isP" };
        let cpp = format!(
            "#include <cstdio>\n{}\nint main() {{\n    long long x[3];\n    while (scanf(\"%lld\", &x[0]) == 1) {{\n        for (int i = 1; i < {dims}; i++) if (scanf(\"%lld\", &x[i]) != 1) return 1;\n        printf(\"%lld\\n\", (long long){c_name}({args}));\n    }}\n}}\n",
            p.formula.cpp()
        );
        std::fs::write(&src, &cpp).expect("write");
        let built = std::process::Command::new("g++")
            .args(["-O1", "-std=c++17", "-o"])
            .arg(&exe)
            .arg(&src)
            .output()
            .expect("g++");
        assert!(
            built.status.success(),
            "{family}:\n{cpp}\n{}",
            String::from_utf8_lossy(&built.stderr)
        );
        let mut child = std::process::Command::new(&exe)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("run");
        child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write");
        let out = child.wait_with_output().expect("wait");
        let got: Vec<String> =
            String::from_utf8_lossy(&out.stdout).lines().map(String::from).collect();
        assert_eq!(got, want, "C++ of {family}: {}\n{cpp}", p.formula.words());
    }
}

/// A position of the explore space from its first coordinates (the rest 0).
fn coords(first: &[u64]) -> games::explore::space::Coords {
    let mut c = games::explore::space::Coords::default();
    c[..first.len()].copy_from_slice(first);
    c
}
