#![allow(clippy::type_complexity, clippy::manual_is_multiple_of, clippy::needless_range_loop)]
//! Families 3, 4 and 5 of `games explore`'s patterns: tables generated from known formulas and
//! from real games (brute forces written here) must yield the pattern, its `at` must agree
//! with a brute force beyond the table, and the same table with one entry broken must not be
//! reported as that pattern.

// Brute forces index tables by position; the test cases are tables of closures.

use crate::common;

use games::explore::pattern::{Covers, Pattern, find};
use games::explore::space::Space;
use games::explore::table::Table;
use std::io::Write;
use std::process::{Command, Stdio};

fn mex(seen: &mut Vec<bool>, opts: impl Iterator<Item = u32>) -> u32 {
    seen.clear();
    for g in opts {
        let g = g as usize;
        if g >= seen.len() {
            seen.resize(g + 1, false);
        }
        seen[g] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

fn table1(lo: u64, values: &[u32]) -> Table {
    let hi = lo + values.len() as u64 - 1;
    Table::from_grundy(Space::from_ranges(&[(lo, hi)]), values.to_vec())
}

fn of_family<'a>(found: &'a [Pattern], family: &str) -> Vec<&'a Pattern> {
    found.iter().filter(|p| p.formula.family() == family).collect()
}

/// The first pattern of `family`, or a failure listing what was found.
fn first<'a>(found: &'a [Pattern], family: &str) -> &'a Pattern {
    match of_family(found, family).first() {
        Some(p) => p,
        None => {
            let words: Vec<String> = found.iter().map(|p| p.formula.words()).collect();
            panic!("no {family} pattern; found: {words:?}")
        }
    }
}

/// Breaks the entry at `cell` (a different value) and checks `family` is no longer reported;
/// for the grammar (one family for every shape), that every formula reported says the broken
/// value at `cell`.
fn planted(values: &[u32], lo: u64, cell: usize, family: &str) {
    let mut broken = values.to_vec();
    broken[cell] = if broken[cell] == 0 { 1 } else { broken[cell] - 1 };
    let found = find(&table1(lo, &broken), Vec::new());
    if family == "grammar" {
        for p in &found {
            let at = p.formula.at(&[lo + cell as u64, 0, 0, 0]);
            let v =
                at.and_then(|a| if p.formula.covers() == Covers::Values { a.value } else { None });
            assert!(
                at.is_none()
                    || p.formula.covers() == Covers::Outcomes
                    || v == Some(broken[cell] as u64),
                "{}",
                p.formula.words()
            );
        }
        return;
    }
    let bad: Vec<String> = of_family(&found, family).iter().map(|p| p.formula.words()).collect();
    assert!(bad.is_empty(), "broken entry {cell} still reported as {family}: {bad:?}");
}

// ---- family 3: intervals ----

/// The game n -> floor(n/k), k = 2..6 (0 has no move), by brute force.
fn floor_game(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut seen = Vec::new();
    for x in 1..=n {
        g[x] = mex(&mut seen, (2..=6).map(|k| g[x / k]));
    }
    g
}

#[test]
fn floor_division_game_is_intervals() {
    let far = floor_game(3_000_000);
    let n = 100_000;
    let t = table1(0, &far[..=n]);
    let found = find(&t, Vec::new());
    let p = first(&found, "intervals");
    assert_eq!(p.formula.covers(), Covers::Values);
    for x in (n + 1..far.len()).step_by(7).chain([1_990_656, 1_990_655, 2_985_983, 2_985_984]) {
        let a = p.formula.at(&[x as u64, 0, 0, 0]).expect("covered");
        assert_eq!(a.value, Some(far[x] as u64), "G({x})");
    }
    // Far out: the runs keep b_(i+4) = 12 b_i; 12^17 = 2^34 3^17 starts a run of value 0
    // (run starts 6*12^j have value 0), one less is in a run of value 3.
    let b = 6 * 12u64.pow(15);
    assert_eq!(p.formula.at(&[b, 0, 0, 0]).and_then(|a| a.value), Some(0));
    assert_eq!(p.formula.at(&[b - 1, 0, 0, 0]).and_then(|a| a.value), Some(3));
    assert!(p.formula.at(&[i64::MAX as u64, 0, 0, 0]).is_some());
    planted(&far[..=n], 0, 5000, "intervals");
    planted(&far[..=n], 0, n - 3, "intervals");
}

/// The misère floor(n/k) game (outcomes only): runs of P and N whose ends grow by 12 every
/// two runs.
#[test]
fn misere_floor_division_game_is_intervals_of_outcomes() {
    let n_max = 1_000_000;
    // Misère: a position with no move (0) is won by the player to move.
    let mut lose = vec![false; n_max + 1];
    for x in 1..=n_max {
        lose[x] = (2..=6).all(|k| !lose[x / k]);
    }
    let n = 100_000;
    let mut t = Table::new(Space::from_ranges(&[(0, n as u64)]), true);
    for x in 0..=n {
        t.outcome[x] = if lose[x] { b'P' } else { b'N' };
    }
    let found = find(&t, Vec::new());
    let p = first(&found, "intervals");
    assert_eq!(p.formula.covers(), Covers::Outcomes);
    for x in n + 1..=n_max {
        let a = p.formula.at(&[x as u64, 0, 0, 0]).expect("covered");
        assert_eq!((a.outcome, a.value), (if lose[x] { b'P' } else { b'N' }, None), "n = {x}");
    }
    t.outcome[50_000] = b'P';
    assert!(of_family(&find(&t, Vec::new()), "intervals").is_empty());
}

/// Tables from formulas: runs on powers of 3 (+1 per run), squares and triangular numbers
/// (values periodic), Fibonacci numbers.
#[test]
fn interval_formulas() {
    fn isqrt(n: u64) -> u64 {
        let mut r = (n as f64).sqrt() as u64;
        while r * r > n {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= n {
            r += 1;
        }
        r
    }
    let log3 = |n: u64| {
        let (mut k, mut p) = (0u64, 3u64);
        while p <= n {
            k += 1;
            p = p.saturating_mul(3);
        }
        k + 5
    };
    let squares = |n: u64| isqrt(n) % 3;
    let triangular = |n: u64| {
        let mut k = 0;
        while (k + 1) * (k + 2) / 2 <= n {
            k += 1;
        }
        [2, 0, 1, 3][(k % 4) as usize]
    };
    let fib = |n: u64| {
        let (mut a, mut b, mut i) = (1u64, 2u64, 0u64);
        while b <= n {
            (a, b) = (b, a + b);
            i += 1;
        }
        let _ = a;
        i % 2
    };
    let cases: [(&str, &dyn Fn(u64) -> u64, u64, u64); 4] = [
        ("powers of 3", &log3, 1, 5000),
        ("squares", &squares, 0, 3000),
        ("triangular", &triangular, 0, 3000),
        ("fibonacci", &fib, 1, 5000),
    ];
    for (name, f, lo, hi) in cases {
        let values: Vec<u32> = (lo..=hi).map(|n| f(n) as u32).collect();
        let found = find(&table1(lo, &values), Vec::new());
        let p = first(&found, "intervals");
        for x in (hi + 1..hi + 20_000).chain([10u64.pow(12) + 7, 10u64.pow(17) - 1]) {
            assert_eq!(
                p.formula.at(&[x, 0, 0, 0]).and_then(|a| a.value),
                Some(f(x)),
                "{name} at {x}"
            );
        }
        planted(&values, lo, values.len() / 2, "intervals");
    }
}

// ---- family 4: arithmetic functions ----

/// hdu6892: cut a piece of length n into k >= 2 equal pieces (k | n); the k pieces are a sum,
/// worth 0 for even k and G(n/k) for odd k. By brute force over the divisors.
fn cuts_game(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut seen = Vec::new();
    let mut opts = Vec::new();
    for x in 1..=n {
        opts.clear();
        let mut d = 1;
        while d * d <= x {
            if x % d == 0 {
                for k in [d, x / d] {
                    if k >= 2 {
                        opts.push(if k % 2 == 0 { 0 } else { g[x / k] });
                    }
                }
            }
            d += 1;
        }
        g[x] = mex(&mut seen, opts.iter().copied());
    }
    g
}

/// Prime factors by plain trial division: (with multiplicity, distinct).
fn factors_td(mut n: u64) -> (u64, u64) {
    let (mut all, mut distinct, mut p) = (0, 0, 2u64);
    while p * p <= n {
        if n.is_multiple_of(p) {
            distinct += 1;
        }
        while n.is_multiple_of(p) {
            n /= p;
            all += 1;
        }
        p += 1;
    }
    if n > 1 {
        all += 1;
        distinct += 1;
    }
    (all, distinct)
}

#[test]
fn hdu6892_cuts_game_is_a_grammar_formula() {
    let far = cuts_game(300_000);
    let n = 30_000;
    let t = table1(0, &far[..=n]);
    let found = find(&t, Vec::new());
    let p = first(&found, "grammar");
    let w = p.formula.words();
    assert!(w.contains("Omega(oddpart(n))") && w.contains("for n >= 1"), "{w}");
    for x in n + 1..far.len() {
        assert_eq!(p.formula.at(&[x as u64, 0, 0, 0]).and_then(|a| a.value), Some(far[x] as u64));
    }
    // Beyond any brute force of the game: the formula against trial division.
    for x in [999_999_999_989u64, 1 << 40, 3 * (1 << 39), 600_851_475_143, 10u64.pow(12) + 2] {
        let mut odd = x;
        while odd % 2 == 0 {
            odd /= 2;
        }
        let want = factors_td(odd).0 + u64::from(x % 2 == 0);
        assert_eq!(p.formula.at(&[x, 0, 0, 0]).and_then(|a| a.value), Some(want), "G({x})");
    }
    assert!(p.formula.at(&[i64::MAX as u64 - 1, 0, 0, 0]).is_some());
    planted(&far[..=n], 0, 12_345, "grammar");
    planted(&far[..=n], 0, 3, "grammar");
}

#[test]
fn arithmetic_functions_in_the_grammar() {
    let pp = |n: u64| {
        (2..64u32).any(|k| {
            let r = (n as f64).powf(1.0 / k as f64).round() as u64;
            (r.saturating_sub(1)..=r + 1).any(|m| m >= 1 && m.checked_pow(k) == Some(n))
        }) || n == 1
    };
    let cases: [(&str, &dyn Fn(u64) -> u64, u64); 5] = [
        ("popcount xor 1", &|n| u64::from(n.count_ones()) ^ 1, 0),
        ("omega + 2", &|n| factors_td(n).1 + 2, 1),
        ("v2 + [odd]", &|n| u64::from(n.trailing_zeros()) + n % 2, 1),
        ("log2", &|n| u64::from(63 - n.leading_zeros()), 1),
        ("perfect power", &|n| u64::from(pp(n)), 1),
    ];
    for (name, f, lo) in cases {
        let values: Vec<u32> = (lo..=4000).map(|n| f(n) as u32).collect();
        let found = find(&table1(lo, &values), Vec::new());
        // A whole-table formula of the values (floor(log2 n) is also the intervals family's).
        let p = found
            .iter()
            .find(|p| !p.is_line() && p.formula.covers() == Covers::Values)
            .unwrap_or_else(|| panic!("{name}: no formula"));
        let far = [
            4001,
            65_536,
            1 << 40,
            (1 << 40) + 1,
            3u64.pow(25),
            999_999_999_989,
            1_000_000_007 * 3,
        ];
        for x in far {
            assert_eq!(
                p.formula.at(&[x, 0, 0, 0]).and_then(|a| a.value),
                Some(f(x)),
                "{name} at {x}"
            );
        }
        planted(&values, lo, 2000, "grammar");
    }
}

// ---- family 5, 1-D: P-positions a sequence ----

/// Fibonacci nim (hdu2516) by brute force: position (n, m), n stones, take 1..=min(m, n),
/// then the opponent may take up to twice that; `lose[n]` is the outcome of the first move's
/// position (n, n - 1) (the first move may not take everything).
fn fibonacci_nim(n_max: usize) -> Vec<bool> {
    // win[n][m] for m <= n (a larger limit is the same as n).
    let mut win: Vec<Vec<bool>> = Vec::with_capacity(n_max + 1);
    for n in 0..=n_max {
        let mut row = vec![false; n + 1];
        for m in 1..=n {
            // Taking x leaves (n - x, min(2x, n - x)); winning if some such position loses.
            row[m] = row[m - 1] || {
                let rest = n - m;
                !win[rest][(2 * m).min(rest)]
            };
        }
        win.push(row);
    }
    (0..=n_max).map(|n| !win[n][n.saturating_sub(1)]).collect()
}

fn outcome_table(lo: u64, is_p: &[bool]) -> Table {
    let values: Vec<u32> = is_p.iter().map(|&p| u32::from(!p)).collect();
    table1(lo, &values)
}

/// Flips the outcome at `cell` and checks `family` is no longer reported; for the grammar,
/// which finds some other formula of the broken table, that the clean formula is not reported
/// and every formula reported says the broken outcome at `cell`.
fn planted_outcome(is_p: &[bool], lo: u64, cell: usize, family: &str) {
    let mut broken = is_p.to_vec();
    broken[cell] = !broken[cell];
    let found = find(&outcome_table(lo, &broken), Vec::new());
    if family == "grammar" {
        let clean: Vec<String> =
            find(&outcome_table(lo, is_p), Vec::new()).iter().map(|p| p.formula.words()).collect();
        for p in &found {
            assert!(!clean.contains(&p.formula.words()), "{}", p.formula.words());
            let at = p.formula.at(&[lo + cell as u64, 0, 0, 0]).map(|a| a.outcome == b'P');
            assert!(at.is_none_or(|v| v == broken[cell]), "{}", p.formula.words());
        }
        return;
    }
    let bad: Vec<String> = of_family(&found, family).iter().map(|p| p.formula.words()).collect();
    assert!(bad.is_empty(), "broken entry {cell} still reported as {family}: {bad:?}");
}

#[test]
fn fibonacci_nim_is_a_sequence_of_the_grammar() {
    let far = fibonacci_nim(1000);
    let (lo, hi) = (1usize, 300usize);
    let t = outcome_table(lo as u64, &far[lo..=hi]);
    let found = find(&t, Vec::new());
    let p = first(&found, "grammar");
    assert!(p.formula.words().contains("Fibonacci"), "{}", p.formula.words());
    for x in hi + 1..far.len() {
        let a = p.formula.at(&[x as u64, 0, 0, 0]).expect("covered");
        assert_eq!(a.outcome == b'P', far[x], "n = {x}");
    }
    // F(90) = 2880067194370816120 and its neighbours.
    let (mut a, mut b) = (1u64, 2u64);
    while b < 2_000_000_000_000_000_000 {
        (a, b) = (b, a + b);
    }
    assert_eq!(b, 2_880_067_194_370_816_120);
    for (x, want) in [(b, b'P'), (b - 1, b'N'), (b + 1, b'N'), (a, b'P'), (a + b - 1, b'N')] {
        assert_eq!(p.formula.at(&[x, 0, 0, 0]).map(|a| a.outcome), Some(want), "n = {x}");
    }
    planted_outcome(&far[lo..=hi], lo as u64, 88, "grammar");
    planted_outcome(&far[lo..=hi], lo as u64, 150, "grammar");
}

#[test]
fn sequence_formulas() {
    let sq = |n: u64| (0..=n).take_while(|k| k * k <= n).any(|k| k * k == n);
    let tri = |n: u64| (0..=n).take_while(|k| k * (k + 1) / 2 <= n).any(|k| k * (k + 1) / 2 == n);
    let pow3 = |n: u64| (0..40).map(|e| 3u128.pow(e)).any(|x| x == n as u128);
    let (t6, s6, p3) = (1_000_000u64 * 1_000_001 / 2, 1_000_000u64 * 1_000_000, 3u64.pow(39));
    let cases: [(&str, &dyn Fn(u64) -> bool, [u64; 3]); 3] = [
        ("is a square", &sq, [s6 - 1, s6, s6 + 1]),
        ("is triangular", &tri, [t6 - 1, t6, t6 + 1]),
        ("is a power of 3", &pow3, [p3 - 1, p3, p3 + 1]),
    ];
    for (name, f, far) in cases {
        let is_p: Vec<bool> = (0..=2000).map(f).collect();
        let found = find(&outcome_table(0, &is_p), Vec::new());
        let p = first(&found, "grammar");
        assert!(p.formula.words().contains(name), "{name}: {}", p.formula.words());
        for x in (2001..40_000).chain(far) {
            let got = p.formula.at(&[x, 0, 0, 0]).map(|a| a.outcome == b'P');
            assert_eq!(got, Some(f(x)), "{name} at {x}");
        }
        planted_outcome(&is_p, 0, 1000, "grammar");
    }
}

// ---- family 5, 2-D: Beatty pairs and thresholds ----

/// P-positions of Fraenkel's generalised Wythoff game by brute force on n x n: take any
/// amount from one heap, or x >= 1 and y >= 1 from both with |x - y| < d (d = 1: Wythoff).
fn gen_wythoff(n: usize, d: usize) -> Vec<bool> {
    let mut p = vec![false; n * n];
    for a in 0..n {
        for b in 0..n {
            let mut win = (0..a).any(|x| p[x * n + b]) || (0..b).any(|y| p[a * n + y]);
            for x in 1..=a {
                for y in 1..=b {
                    if !win && x.abs_diff(y) < d && p[(a - x) * n + (b - y)] {
                        win = true;
                    }
                }
            }
            p[a * n + b] = !win;
        }
    }
    p
}

fn plane_table(n: usize, m: usize, big_n: usize, is_p: &[bool]) -> Table {
    let mut values = Vec::with_capacity(n * m);
    for a in 0..n {
        for b in 0..m {
            values.push(u32::from(!is_p[a * big_n + b]));
        }
    }
    Table::from_grundy(Space::from_ranges(&[(0, n as u64 - 1), (0, m as u64 - 1)]), values)
}

/// floor(sqrt(x)) for a u128, by plain binary search (independent of the detector's code).
fn isqrt128(x: u128) -> u128 {
    let (mut lo, mut hi) = (0u128, 1u128 << 64);
    while hi - lo > 1 {
        let m = (lo + hi) / 2;
        if m.checked_mul(m).is_some_and(|s| s <= x) {
            lo = m;
        } else {
            hi = m;
        }
    }
    lo
}

fn planted_plane(n: usize, big_n: usize, is_p: &[bool], cell: (usize, usize), family: &str) {
    let mut broken = is_p.to_vec();
    broken[cell.0 * big_n + cell.1] = !broken[cell.0 * big_n + cell.1];
    let found = find(&plane_table(n, n, big_n, &broken), Vec::new());
    let bad: Vec<String> = of_family(&found, family).iter().map(|p| p.formula.words()).collect();
    assert!(bad.is_empty(), "broken entry {cell:?} still reported as {family}: {bad:?}");
}

#[test]
fn wythoff_is_golden_beatty_pairs() {
    let big = 200;
    let w = gen_wythoff(big, 1);
    let found = find(&plane_table(61, 61, big, &w), Vec::new());
    let p = first(&found, "beatty");
    let words = p.formula.words();
    assert!(words.contains("golden ratio") && words.contains("+ k)"), "{words}");
    for a in 0..big {
        for b in 0..big {
            let got = p.formula.at(&[a as u64, b as u64, 0, 0]).map(|x| x.outcome == b'P');
            assert_eq!(got, Some(w[a * big + b]), "({a}, {b})");
        }
    }
    // Far out: a_k = floor(k*phi) = floor((k + sqrt(5k^2))/2), b_k = a_k + k.
    for k in [10u64.pow(17), 3 * 10u64.pow(17) + 12_345, 5_700_000_000_000_000_000] {
        let a = ((k as u128 + isqrt128(5 * (k as u128) * (k as u128))) / 2) as u64;
        let at = |x: u64, y: u64| p.formula.at(&[x, y, 0, 0]).map(|r| r.outcome);
        assert_eq!(at(a, a + k), Some(b'P'), "k = {k}");
        assert_eq!(at(a + k, a), Some(b'P'), "k = {k}");
        assert_eq!(at(a + 1, a + k + 1), Some(b'N'));
        assert_eq!(at(a - 1, a + k - 1), Some(b'N'));
        assert_eq!(at(a, a + k + 1), Some(b'N'));
    }
    planted_plane(61, big, &w, (20, 40), "beatty");
    planted_plane(61, big, &w, (21, 34), "beatty");
    planted_plane(61, big, &w, (60, 60), "beatty");
}

#[test]
fn generalised_wythoff_d2_is_sqrt2_pairs() {
    let big = 120;
    let w = gen_wythoff(big, 2);
    let found = find(&plane_table(61, 61, big, &w), Vec::new());
    let p = first(&found, "beatty");
    assert!(
        p.formula.words().contains("sqrt(2)") && p.formula.words().contains("2k"),
        "{}",
        p.formula.words()
    );
    for a in 0..big {
        for b in 0..big {
            let got = p.formula.at(&[a as u64, b as u64, 0, 0]).map(|x| x.outcome == b'P');
            assert_eq!(got, Some(w[a * big + b]), "({a}, {b})");
        }
    }
    planted_plane(61, big, &w, (30, 31), "beatty");
}

#[test]
fn threshold_formulas() {
    // P exactly where b >= sqrt(3)*a, and where b <= (1 + sqrt(5))/2 * a (exact: b^2 vs 3a^2).
    let above = |a: u64, b: u64| a == 0 || (b as u128).pow(2) > 3 * (a as u128).pow(2);
    let below = |a: u64, b: u64| {
        let x = (a as u128 + isqrt128(5 * (a as u128).pow(2))) / 2; // floor(phi*a)
        b as u128 <= x
    };
    let cases: [(&str, &dyn Fn(u64, u64) -> bool); 2] = [("sqrt(3)", &above), ("golden", &below)];
    for (name, f) in cases {
        let n = 50;
        let is_p: Vec<bool> = (0..n * n).map(|c| f((c / n) as u64, (c % n) as u64)).collect();
        let found = find(&plane_table(n, n, n, &is_p), Vec::new());
        let p = first(&found, "threshold");
        assert!(p.formula.words().contains(name), "{}", p.formula.words());
        for (a, b) in [
            (1000u64, 1732),
            (1000, 1733),
            (10u64.pow(17), 161_803_398_874_989_484),
            (10u64.pow(17), 161_803_398_874_989_485),
            (10u64.pow(9), 1_732_050_807),
        ] {
            let got = p.formula.at(&[a, b, 0, 0]).map(|x| x.outcome == b'P');
            assert_eq!(got, Some(f(a, b)), "{name} at ({a}, {b})");
        }
        let mut broken = is_p.clone();
        broken[20 * n + 33] = !broken[20 * n + 33];
        let found = find(&plane_table(n, n, n, &broken), Vec::new());
        assert!(of_family(&found, "threshold").is_empty(), "{name}: broken table reported");
    }
    // P exactly where 3b >= 2a: a rational slope the box cannot tell from nearby irrationals;
    // no irrational threshold may be claimed.
    let n = 50;
    let is_p: Vec<bool> = (0..n * n).map(|c| 3 * (c % n) >= 2 * (c / n)).collect();
    let found = find(&plane_table(n, n, n, &is_p), Vec::new());
    let bad: Vec<String> =
        of_family(&found, "threshold").iter().map(|p| p.formula.words()).collect();
    assert!(bad.is_empty(), "{bad:?}");
}

// ---- the texts a contestant pastes ----

/// Runs `program` with `input` on stdin; its stdout, or a failure with its stderr.
fn run(program: &mut Command, input: &str) -> String {
    let mut child = program
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The pattern's Python and C++ texts, with a small driver, must print what `at` says at
/// `positions` (the value, or 1 for P and 0 for not P).
fn pasted_code_agrees(p: &Pattern, arity: usize, positions: &[[u64; 2]], dir: &std::path::Path) {
    let values = p.formula.covers() == Covers::Values;
    // A formula from a later start (`for n >= 1`) leaves the first cells to the table.
    let positions: Vec<[u64; 2]> =
        positions.iter().copied().filter(|x| p.formula.at(&[x[0], x[1], 0, 0]).is_some()).collect();
    assert!(positions.len() >= 8, "{}", p.formula.words());
    let want: Vec<String> = positions
        .iter()
        .map(|x| {
            let a = p.formula.at(&[x[0], x[1], 0, 0]).expect("covered");
            if values {
                a.value.expect("value").to_string()
            } else {
                u8::from(a.outcome == b'P').to_string()
            }
        })
        .collect();
    let input: String = positions
        .iter()
        .map(|x| if arity == 1 { format!("{}\n", x[0]) } else { format!("{} {}\n", x[0], x[1]) })
        .collect();
    let (py_f, c_f) = if values { ("G", "G") } else { ("is_p", "isP") };
    let args = if arity == 1 { "x[0]" } else { "x[0], x[1]" };
    let words = p.formula.words();
    if crate::common::have_python("the Python texts of the patterns") {
        let py = format!(
            "{}\nimport sys\nfor line in sys.stdin:\n    x = list(map(int, line.split()))\n    print(int({py_f}({args})))\n",
            p.formula.python()
        );
        let got = run(Command::new("python3").arg("-c").arg(&py), &input);
        assert_eq!(got.lines().collect::<Vec<_>>(), want, "Python of {words}:\n{py}");
    }
    if crate::common::have_cxx("the C++ texts of the patterns") {
        let src = dir.join("p.cpp");
        let exe = dir.join("p");
        let c_args = if arity == 1 { "x[0]" } else { "x[0], x[1]" };
        let cpp = format!(
            "#include <cstdio>\n{}\nint main() {{\n    long long x[2];\n    while (scanf(\"%lld\", &x[0]) == 1) {{\n        if ({arity} == 2 && scanf(\"%lld\", &x[1]) != 1) return 1;\n        printf(\"%lld\\n\", (long long){c_f}({c_args}));\n    }}\n}}\n",
            p.formula.cpp()
        );
        std::fs::write(&src, &cpp).expect("write source");
        let built = Command::new("g++")
            .args(["-O1", "-std=c++17", "-o"])
            .arg(&exe)
            .arg(&src)
            .output()
            .expect("g++ runs");
        assert!(
            built.status.success(),
            "C++ of {words} does not compile:\n{cpp}\n{}",
            String::from_utf8_lossy(&built.stderr)
        );
        let got = run(&mut Command::new(&exe), &input);
        assert_eq!(got.lines().collect::<Vec<_>>(), want, "C++ of {words}:\n{cpp}");
    }
}

/// The 1-D tables whose pasted code is run far away: the floor(n/k) game, hdu6892, Fibonacci
/// nim, squares as runs, perfect powers, squares as P-positions; with the family that says
/// each.
fn pasted_tables() -> Vec<(Table, &'static str)> {
    let fib_p = fibonacci_nim(200);
    vec![
        (table1(0, &floor_game(5000)), "intervals"),
        (table1(0, &cuts_game(5000)), "grammar"),
        (outcome_table(1, &fib_p[1..]), "grammar"),
        (table1(1, &(1..3000u64).map(|n| 5 + n.ilog(3)).collect::<Vec<_>>()), "intervals"),
        (
            table1(
                1,
                &(1..5000u64)
                    .map(|n| {
                        let (mut a, mut b, mut i) = (1u64, 2u64, 0u32);
                        while b <= n {
                            (a, b) = (b, a + b);
                            i += 1;
                        }
                        let _ = a;
                        [3, 1, 4][(i % 3) as usize]
                    })
                    .collect::<Vec<_>>(),
            ),
            "intervals",
        ),
        (
            table1(0, &(0..3000u64).map(|n| (isqrt128(n as u128) % 3) as u32).collect::<Vec<_>>()),
            "intervals",
        ),
        (
            table1(
                1,
                &(1..3000u64)
                    .map(|n| {
                        u32::from(
                            (2..12).any(|k| {
                                (1..=n).take_while(|m| m.pow(k) <= n).any(|m| m.pow(k) == n)
                            }) || n == 1,
                        )
                    })
                    .collect::<Vec<_>>(),
            ),
            "grammar",
        ),
        (
            outcome_table(
                0,
                &(0..3000u64)
                    .map(|n| {
                        (0..=n).take_while(|k| k * (k + 1) / 2 <= n).any(|k| k * (k + 1) / 2 == n)
                    })
                    .collect::<Vec<_>>(),
            ),
            "grammar",
        ),
    ]
}

#[test]
fn pasted_code_agrees_with_at() {
    let dir = common::temp_dir("pasted");
    let far1: Vec<[u64; 2]> = (0..300u64)
        .chain([
            1_990_656,
            2_985_983,
            10u64.pow(12) + 39,
            999_999_999_989,
            10u64.pow(18),
            10u64.pow(18) + 1,
            i64::MAX as u64 - 1,
        ])
        .map(|x| [x, 0])
        .collect();
    let mut checked = Vec::new();
    let tables = pasted_tables();
    for (t, family) in &tables {
        let found = find(t, Vec::new());
        let p = first(&found, family);
        let lo = t.space.lo[0];
        // The pasted factor counts divide by trial (O(sqrt n)): no 2^63 - 2 = 2*3*715827883*2147483647.
        let trial = p.formula.cpp().contains("factors(");
        let top = if trial { 10u64.pow(18) + 1 } else { u64::MAX };
        let pos: Vec<[u64; 2]> =
            far1.iter().copied().filter(|x| x[0] >= lo && x[0] <= top).collect();
        pasted_code_agrees(p, 1, &pos, &dir);
        checked.push(p.formula.words());
    }
    // 2-D: Wythoff, d = 2, a threshold.
    let mut far2: Vec<[u64; 2]> =
        (0..40u64).flat_map(|a| (0..40u64).map(move |b| [a, b])).collect();
    for k in [10u64.pow(17), 3 * 10u64.pow(17) + 12_345] {
        let a = ((k as u128 + isqrt128(5 * (k as u128) * (k as u128))) / 2) as u64;
        far2.extend([[a, a + k], [a + k, a], [a + 1, a + k], [a, a + 2 * k], [a, a + k + 1]]);
    }
    let w1 = gen_wythoff(61, 1);
    let w2 = gen_wythoff(61, 2);
    let thr: Vec<bool> =
        (0..50 * 50u64).map(|c| c / 50 == 0 || (c % 50).pow(2) > 3 * (c / 50).pow(2)).collect();
    for (t, family) in [
        (plane_table(61, 61, 61, &w1), "beatty"),
        (plane_table(61, 61, 61, &w2), "beatty"),
        (plane_table(50, 50, 50, &thr), "threshold"),
    ] {
        let found = find(&t, Vec::new());
        let p = first(&found, family);
        pasted_code_agrees(p, 2, &far2, &dir);
        checked.push(p.formula.words());
    }
    assert_eq!(checked.len(), 11, "{checked:?}");
}
