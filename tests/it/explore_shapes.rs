//! The shapes of issue 35 found beyond the single-formula grammar: a sum whose parts are any
//! 1-D formula (nim-sum of lines), values additive over binary digits (coin-turning
//! positions), `q` copies of a smaller table (lift), formulas from a later start (the first
//! row left to the table) and the double wedge with its diagonal and axes. Planted tables:
//! each is found, its answers agree with the planted rule far beyond the box (computed here
//! independently), and a table with one entry changed is never reported as that family.

use games::explore::pattern::{Covers, Pattern, find};
use games::explore::space::Space;
use games::explore::table::Table;

fn table(ranges: &[(u64, u64)], g: impl Fn(&[u64]) -> u64) -> Table {
    let s = Space::from_ranges(ranges);
    let v: Vec<u32> = (0..s.cells()).map(|c| g(&s.position(c)[..s.arity()]) as u32).collect();
    Table::from_grundy(s, v)
}

fn outcomes(ranges: &[(u64, u64)], is_p: impl Fn(&[u64]) -> bool) -> Table {
    table(ranges, |x| u64::from(!is_p(x)))
}

fn words(found: &[Pattern]) -> Vec<String> {
    found.iter().map(|p| format!("[{}] {}", p.formula.family(), p.formula.words())).collect()
}

fn pad(x: &[u64]) -> [u64; 16] {
    let mut p = [0u64; 16];
    p[..x.len()].copy_from_slice(x);
    p
}

/// Far points of `k` coordinates, 10^3 to 10^18.
fn far(k: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for e in 3..=18u32 {
        for _ in 0..3 {
            let p: Vec<u64> = (0..k)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    10u64.pow(e) / 2 + seed % 10u64.pow(e)
                })
                .collect();
            out.push(p);
        }
    }
    out
}

/// `family` is found on `t` and gives `truth` (values) at far points; `t` with `cell`
/// changed shows no pattern of `family`.
fn found_and_far(t: &Table, family: &str, truth: &dyn Fn(&[u64]) -> u64, k: usize, cell: usize) {
    let found = find(t, Vec::new());
    let p = found
        .iter()
        .find(|p| p.formula.family() == family && !p.is_line())
        .unwrap_or_else(|| panic!("no {family}: {:?}", words(&found)));
    assert_eq!(p.formula.covers(), Covers::Values, "{}", p.formula.words());
    for x in far(k) {
        let a = p.formula.at(&pad(&x)).unwrap_or_else(|| panic!("{x:?}: {}", p.formula.words()));
        assert_eq!(a.value, Some(truth(&x)), "{} at {x:?}", p.formula.words());
    }
    let mut bad = t.clone();
    bad.grundy[cell] ^= 1;
    bad.outcome[cell] = if bad.grundy[cell] == 0 { b'P' } else { b'N' };
    let found = find(&bad, Vec::new());
    assert!(
        found.iter().all(|p| p.formula.family() != family || p.is_line()),
        "changed cell {cell} still {family}: {:?}",
        words(&found)
    );
}

#[test]
fn coin_turning_values_are_the_xor_of_their_digits() {
    // Each 1-digit j is a coin worth j + 1.
    let g = |n: u64| (0..64).filter(|j| n >> j & 1 == 1).fold(0, |g, j| g ^ (j + 1));
    let t = table(&[(0, 255)], |x| g(x[0]));
    found_and_far(&t, "coins", &|x| g(x[0]), 1, 200);
}

#[test]
fn a_sum_whose_parts_are_any_line_formula() {
    // h(n) = (odd part of n + 2 - 1) / 2: no period; the grammar finds it on the edge.
    let h = |n: u64| ((n + 2) >> (n + 2).trailing_zeros()) / 2;
    let t = table(&[(0, 40), (0, 40)], |x| h(x[0]) ^ h(x[1]));
    found_and_far(&t, "nim-sum", &|x| h(x[0]) ^ h(x[1]), 2, 41 * 30 + 17);
}

#[test]
fn q_copies_of_a_smaller_table() {
    let nim = |x: &[u64]| 3 * ((x[0] / 3) ^ (x[1] / 3)) + (x[0] + x[1]) % 3;
    let t = table(&[(0, 40), (0, 40)], nim);
    found_and_far(&t, "lift", &nim, 2, 41 * 35 + 9);
    let diag = |x: &[u64]| 3 * (x[0].min(x[1]) / 3) + (x[0] + x[1]) % 3;
    let t = table(&[(0, 40), (0, 40)], diag);
    found_and_far(&t, "lift", &diag, 2, 41 * 12 + 33);
    let nim3 = |x: &[u64]| 3 * ((x[0] / 3) ^ (x[1] / 3) ^ (x[2] / 3)) + (x[0] + x[1] + x[2]) % 3;
    let t = table(&[(0, 12), (0, 12), (0, 12)], nim3);
    found_and_far(&t, "lift", &nim3, 3, 13 * 13 * 7 + 13 * 2 + 11);
}

#[test]
fn a_first_row_of_its_own_is_left_to_the_table() {
    let g = |x: &[u64]| if x[0] == 0 { 1 + (x[1] + 2) % 3 } else { (x[0] + x[1]) % 3 };
    let t = table(&[(0, 40), (0, 40)], g);
    let found = find(&t, Vec::new());
    // The grammar's formula, or the param family's (rows of period 3 from the second row).
    let p = found
        .iter()
        .find(|p| !p.is_line() && p.formula.covers() == Covers::Values)
        .unwrap_or_else(|| panic!("{:?}", words(&found)));
    assert!(p.formula.words().contains("for a >= 1"), "{}", p.formula.words());
    for x in far(2) {
        assert_eq!(p.formula.at(&pad(&x)).and_then(|a| a.value), Some((x[0] + x[1]) % 3));
    }
    // The first row itself says nothing beyond the box through this formula.
    assert!(p.formula.at(&pad(&[0, 1000])).is_none());
}

#[test]
fn the_double_wedge_with_its_diagonal_and_axes() {
    // Euclid's game: P iff a heap is 0, or a != b and max < phi * min.
    let lt_phi = |x: u64, y: u64| {
        // x < phi * y  <=>  2x - y < sqrt(5) y
        let d = 2 * x as i128 - y as i128;
        y > 0 && (d < 0 || (d * d) as u128 > 0 && ((d * d) as u128) < 5 * (y as u128).pow(2))
    };
    let is_p = |x: &[u64]| {
        let (a, b) = (x[0], x[1]);
        a == 0 || b == 0 || (a != b && lt_phi(a.max(b), a.min(b)))
    };
    let t = outcomes(&[(0, 40), (0, 40)], is_p);
    let found = find(&t, Vec::new());
    let p = found
        .iter()
        .find(|p| p.formula.family() == "grammar" && !p.is_line())
        .unwrap_or_else(|| panic!("{:?}", words(&found)));
    for x in far(2).into_iter().chain([vec![1_000_000, 1_618_033], vec![1_618_034, 1_000_000]]) {
        let a = p.formula.at(&pad(&x)).unwrap_or_else(|| panic!("{x:?}"));
        assert_eq!(a.outcome == b'P', is_p(&x), "{} at {x:?}", p.formula.words());
    }
}

use crate::common;

/// The pasted Python and C++ of the families built from other formulas (coins, lift, a nim-sum
/// of line formulas) run, and agree with `at` at far points (skipped with a note when python3
/// or g++ is missing).
#[test]
fn pasted_code_of_the_composite_families_agrees_far_away() {
    let h = |n: u64| ((n + 2) >> (n + 2).trailing_zeros()) / 2;
    let coin = |n: u64| (0..64).filter(|j| n >> j & 1 == 1).fold(0, |g, j| g ^ (j + 1));
    let cases: Vec<(Table, &str, usize)> = vec![
        (table(&[(0, 255)], |x| coin(x[0])), "coins", 1),
        (table(&[(0, 40), (0, 40)], |x| h(x[0]) ^ h(x[1])), "nim-sum", 2),
        (
            table(&[(0, 40), (0, 40)], |x| 3 * ((x[0] / 3) ^ (x[1] / 3)) + (x[0] + x[1]) % 3),
            "lift",
            2,
        ),
    ];
    let dir = common::temp_dir("explore_shapes_code");
    for (t, family, k) in &cases {
        let found = find(t, Vec::new());
        let p = found.iter().find(|p| p.formula.family() == *family).expect(family);
        let pts: Vec<Vec<u64>> = far(*k).into_iter().filter(|x| x[0] < 1 << 62).collect();
        let want: Vec<String> = pts
            .iter()
            .map(|x| p.formula.at(&pad(x)).and_then(|a| a.value).expect("covered").to_string())
            .collect();
        let calls: Vec<String> = pts
            .iter()
            .map(|x| x.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "))
            .collect();
        if common::have_python("the pasted Python of the composite families") {
            let mut py = p.formula.python();
            for c in &calls {
                py.push_str(&format!("print(G({c}))\n"));
            }
            let file = dir.join(format!("{family}.py"));
            std::fs::write(&file, &py).unwrap();
            let out = std::process::Command::new("python3").arg(&file).output().unwrap();
            let got: Vec<String> = common::text(&out.stdout).lines().map(String::from).collect();
            assert_eq!(got, want, "{family}:\n{py}\n{}", common::text(&out.stderr));
        }
        if common::has("g++") {
            let mut cpp = format!("#include <cstdio>\n{}\nint main() {{\n", p.formula.cpp());
            for c in &calls {
                cpp.push_str(&format!("    printf(\"%lld\\n\", (long long)G({c}));\n"));
            }
            cpp.push_str("}\n");
            let src = dir.join(format!("{family}.cpp"));
            let bin = dir.join(family);
            std::fs::write(&src, &cpp).unwrap();
            let st = std::process::Command::new("g++")
                .args(["-O1", "-o"])
                .arg(&bin)
                .arg(&src)
                .output()
                .unwrap();
            assert!(st.status.success(), "{family}:\n{cpp}\n{}", common::text(&st.stderr));
            let out = std::process::Command::new(&bin).output().unwrap();
            let got: Vec<String> = common::text(&out.stdout).lines().map(String::from).collect();
            assert_eq!(got, want, "C++ of {family}:\n{cpp}");
        } else {
            eprintln!("note: g++ not found; the pasted C++ of the composite families skipped");
        }
    }
}
