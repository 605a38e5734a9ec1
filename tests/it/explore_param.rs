//! Family 6 of issue 25, patterns across a parameter (`param`): a 2-D table (k, n) whose rows
//! are periodic with a period depending on k. The tables are computed here by a plain
//! brute force over the game's moves (P iff no move reaches a P-position), independently of
//! the detector; far answers (k beyond the box, n up to 10^12) are checked against the brute
//! force, carried to large n by its own periodicity (a subtraction game's outcome at n depends
//! only on the last max(S) outcomes, so a repeated window of that length proves the period).

use crate::common;

use games::explore::pattern::{Covers, Pattern, find};
use games::explore::space::Space;
use games::explore::table::Table;

/// Outcomes (true = P) of the subtraction game with moves `set`, for n in 0..len.
fn brute(set: &[u64], len: usize) -> Vec<bool> {
    let mut p = vec![false; len];
    for n in 0..len {
        p[n] = !set.iter().any(|&s| s as usize <= n && p[n - s as usize]);
    }
    p
}

/// The outcome at any n, from the brute force and a proved period: a window of `max(set)`
/// outcomes that repeats determines everything after it.
struct Truth {
    seq: Vec<bool>,
    n0: usize,
    p: usize,
}

impl Truth {
    fn of(set: &[u64]) -> Truth {
        let w = *set.iter().max().unwrap() as usize;
        let len = 8 * w + 64;
        let seq = brute(set, len);
        for n0 in 0..=w {
            for p in 1..=4 * w + 8 {
                if n0 + p + w <= len && seq[n0..n0 + w] == seq[n0 + p..n0 + p + w] {
                    return Truth { seq, n0, p };
                }
            }
        }
        panic!("no repeated window for {set:?}");
    }

    fn is_p(&self, n: u64) -> bool {
        let n = n as usize;
        if n < self.seq.len() {
            return self.seq[n];
        }
        self.seq[self.n0 + (n - self.n0) % self.p]
    }
}

/// The (k, n) table of a family of subtraction games, k in `ks`, n in `0..=n_hi`.
fn table(ks: (u64, u64), n_hi: u64, set: &dyn Fn(u64) -> Vec<u64>) -> Table {
    let space = Space::from_ranges(&[ks, (0, n_hi)]);
    let mut g = Vec::new();
    for k in ks.0..=ks.1 {
        let row = brute(&set(k), n_hi as usize + 1);
        g.extend(row.iter().map(|&p| u32::from(!p)));
    }
    Table::from_grundy(space, g)
}

fn param(found: &[Pattern]) -> Option<&Pattern> {
    found.iter().find(|p| p.formula.family() == "param")
}

fn families(found: &[Pattern]) -> Vec<String> {
    found.iter().map(|p| format!("[{}] {}", p.formula.family(), p.formula.words())).collect()
}

/// The pattern's answers agree with the brute force: every (k, n) for k up to 60 and n up to
/// 2000, and k = 1000..1010 at n near 10^12 and below 30000.
fn check_far(p: &Pattern, set: &dyn Fn(u64) -> Vec<u64>, k_lo: u64) {
    let words = p.formula.words();
    for k in k_lo..=60 {
        let seq = brute(&set(k), 2001);
        for (n, &is_p) in seq.iter().enumerate() {
            let a = p.formula.at(&[k, n as u64, 0, 0]).expect("covered");
            assert_eq!(a.outcome == b'P', is_p, "{words} at ({k}, {n})");
        }
    }
    for k in 1000..=1010u64 {
        let truth = Truth::of(&set(k));
        let mut ns: Vec<u64> = (0..30_000).step_by(7).collect();
        for e in [12u32, 13, 15, 18] {
            let t = 10u64.pow(e);
            ns.extend((0..40).map(|i| t - 20 + i));
        }
        for n in ns {
            let a = p.formula.at(&[k, n, 0, 0]).expect("covered");
            assert_eq!(a.outcome == b'P', truth.is_p(n), "{words} at ({k}, {n})");
        }
    }
}

fn take_one_or_k(k: u64) -> Vec<u64> {
    vec![1, k]
}

#[test]
fn take_one_or_k_rows_by_parity_of_k() {
    let t = table((2, 20), 200, &take_one_or_k);
    let found = find(&t, Vec::new());
    let p = param(&found).unwrap_or_else(|| panic!("no param: {:?}", families(&found)));
    println!("{}\n{}\n{}", p.formula.words(), p.formula.cpp(), p.formula.python());
    check_far(p, &take_one_or_k, 2);
    // Below the box's first k the rule says nothing.
    assert!(p.formula.at(&[1, 5, 0, 0]).is_none());
}

#[test]
fn take_k_to_2k_rows() {
    let set = |k: u64| (k..=2 * k).collect::<Vec<u64>>();
    let t = table((1, 12), 100, &set);
    let found = find(&t, Vec::new());
    let p = param(&found).unwrap_or_else(|| panic!("no param: {:?}", families(&found)));
    assert!(p.formula.words().contains("< a (period 3a)"), "{}", p.formula.words());
    check_far(p, &set, 1);
}

#[test]
fn a_broken_entry_is_not_this_family() {
    let t = table((2, 20), 200, &take_one_or_k);
    let width = 201usize;
    for (row, n) in [(0usize, 0usize), (13, 150), (18, 200), (7, 3)] {
        let mut bad = t.clone();
        let cell = row * width + n;
        bad.grundy[cell] = u32::from(bad.grundy[cell] == 0);
        bad.outcome[cell] = if bad.grundy[cell] == 0 { b'P' } else { b'N' };
        let found = find(&bad, Vec::new());
        assert!(param(&found).is_none(), "broken ({row}, {n}): {:?}", families(&found));
    }
}

#[test]
fn rows_without_a_parametric_rule() {
    // Periods k^2 + 1: each row periodic, the periods not linear in k on any residue class.
    let space = Space::from_ranges(&[(2, 13), (0, 400)]);
    let g: Vec<u32> = (0..space.cells())
        .map(|c| {
            let x = space.position(c);
            u32::from(!x[1].is_multiple_of(x[0] * x[0] + 1))
        })
        .collect();
    let found = find(&Table::from_grundy(space, g), Vec::new());
    assert!(param(&found).is_none(), "{:?}", families(&found));
    // Rows of period k + 1 whose P-positions inside a period follow no short rule.
    let space = Space::from_ranges(&[(4, 24), (0, 120)]);
    let g: Vec<u32> = (0..space.cells())
        .map(|c| {
            let x = space.position(c);
            let r = x[1] % (x[0] + 1);
            let h = (r * 2654435761 + x[0] * 40503) % 97;
            u32::from(!(r == 0 || h < 30))
        })
        .collect();
    let found = find(&Table::from_grundy(space, g), Vec::new());
    assert!(param(&found).is_none(), "{:?}", families(&found));
    // Too few rows: nothing.
    let t = table((2, 6), 200, &take_one_or_k);
    assert!(param(&find(&t, Vec::new())).is_none());
}

/// The same game played by `games explore` through a Python moves program (positions (k, n),
/// moves n -> n - 1 and n -> n - k): the family is found from a box of 6 rows, and the
/// answers at k = 1000..1010, n near 10^12 agree with the brute force.
#[test]
fn take_one_or_k_by_a_moves_program() {
    if !common::have_python("the moves-program test of the param family") {
        return;
    }
    let dir = common::temp_dir("param_t1k");
    let file = dir.join("t1k.py");
    let src = "import sys\nfor line in sys.stdin:\n    k, n = map(int, line.split())\n    \
               print(';'.join('%d %d' % (k, n - s) for s in (1, k) if 1 <= s <= n))\n";
    std::fs::write(&file, src).expect("write program");
    let cmd = format!("python3 {}", file.display());
    let mut at: Vec<(u64, u64)> = Vec::new();
    for k in 1000..=1010u64 {
        at.extend([(k, 999_999_999_999), (k, 1_000_000_000_000), (k, 1_000_000_000_000 + k)]);
    }
    let texts: Vec<String> = at.iter().map(|(k, n)| format!("{k},{n}")).collect();
    let mut args = vec!["explore", "--moves", &cmd, "--box", "2..7,0..20", "--json"];
    for a in &texts {
        args.extend(["--at", a.as_str()]);
    }
    let out = common::games(&args, b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let answers = v["at"].as_array().expect("at");
    assert_eq!(answers.len(), at.len());
    for (&(k, n), a) in at.iter().zip(answers) {
        let truth = Truth::of(&take_one_or_k(k)).is_p(n);
        let got = a["outcome"].as_str().unwrap_or("?");
        assert_eq!(got, if truth { "P" } else { "N" }, "({k}, {n}): {a}");
        assert!(a["basis"].as_str().unwrap_or("").contains("param"), "{a}");
    }
}

/// Grundy values of the subtraction game with moves `set`, for n in 0..len (brute force).
fn grundy(set: &[u64], len: usize) -> Vec<u32> {
    let mut g = vec![0u32; len];
    for n in 0..len {
        let seen: Vec<u32> =
            set.iter().filter(|&&s| s as usize <= n).map(|&s| g[n - s as usize]).collect();
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    }
    g
}

/// The values too (issue 35): the rows folded by their periods, the grammar's formula inside
/// a period; a first row of its own (k = 0 takes 1, 2 or 3) left to the table. Checked against
/// the brute force for k up to 60 and against the known closed form of take 1 or k far away
/// (k odd: n mod 2; k even: r = n mod (k + 1), 2 at r = k, else r mod 2).
#[test]
fn take_one_or_k_values() {
    let set = |k: u64| if k == 0 { vec![1, 2, 3] } else { vec![1, k] };
    let space = Space::from_ranges(&[(0, 12), (0, 150)]);
    let g: Vec<u32> = (0..=12).flat_map(|k| grundy(&set(k), 151)).collect();
    let found = find(&Table::from_grundy(space, g), Vec::new());
    let p = param(&found).unwrap_or_else(|| panic!("no param: {:?}", families(&found)));
    assert_eq!(p.formula.covers(), Covers::Values, "{}", p.formula.words());
    let (mut values, mut total) = (0, 0);
    for k in 1..=60u64 {
        for (n, &v) in grundy(&set(k), 2001).iter().enumerate() {
            let a = p.formula.at(&[k, n as u64, 0, 0]).expect("covered");
            assert_eq!(a.outcome == b'P', v == 0, "({k}, {n})");
            assert!(a.value.is_none_or(|x| x == u64::from(v)), "({k}, {n}): {}", p.formula.words());
            values += usize::from(a.value.is_some());
            total += 1;
        }
    }
    let closed = |k: u64, n: u64| match (k % 2, n % (k + 1)) {
        (1, _) => n % 2,
        (_, r) if r == k => 2,
        (_, r) => r % 2,
    };
    for k in [1000u64, 1001, 123_456, 999_999_999] {
        for n in [10u64.pow(12), 10u64.pow(12) + k - 1, 10u64.pow(18) + 7] {
            let a = p.formula.at(&[k, n, 0, 0]).expect("covered");
            assert!(a.value.is_none_or(|x| x == closed(k, n)), "({k}, {n})");
            values += usize::from(a.value.is_some());
            total += 1;
        }
    }
    // The value wherever the formula inside the period speaks: all but a few cells.
    assert!(values * 10 >= total * 9, "{values} of {total}: {}", p.formula.words());
}
