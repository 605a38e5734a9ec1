//! The built-in games of `games explore --game` against the independent brute force
//! (`games::brute::explore`), the notes' claims decided by exhaustive search, and the theorems
//! checked far beyond the box.
//!
//! What the exhaustive search shows (also in `docs/explore.md`):
//! - misère Wythoff: the P-positions are (0, 1), (1, 0), (2, 2) and the normal P-positions
//!   (floor(k phi), floor(k phi) + k), k >= 2, with mirrors; the seeds' "(n, m), 2 < n <= m, is
//!   P iff (n - 2, m - 2) is a normal P-position" is false, first at (3, 4) (claimed P, is N:
//!   take 3 from both heaps to (0, 1)) and (3, 5) (claimed N, is P);
//! - wythoff:3: (1,1,4) and (1,3,3) are P, (1,1,3) and (1,2,3) are N, as the notes say;
//! - misère Bash: n is P iff n mod (M + 1) = 1, as the notes say.

use games::brute::explore as brute;
use games::explore::builtin::{self, Builtin};
use games::explore::pattern::{Covers, Formula};
use games::explore::space::Space;
use games::rng::Rng;

const BUDGET: u64 = 1 << 22;

fn brute_of(name: &str, ranges: &[(u64, u64)], misere: bool) -> Option<brute::Solved> {
    let g = brute::game(name).unwrap_or_else(|| panic!("brute reads {name}"));
    brute::solve(&g, ranges, misere, BUDGET)
}

/// builtin == brute on one box, both plays (misère where the builtin supports it).
fn agree(name: &str, ranges: &[(u64, u64)]) {
    let game = builtin::parse(name).unwrap();
    let space = Space::from_ranges(ranges);
    for misere in [false, true] {
        let slow = brute_of(name, ranges, misere);
        if misere && slow.is_none() {
            // Misère play of a rule whose moves split heaps: the brute force does not search
            // sums; tests/it/explore_misere_split.rs checks these tables against its own
            // exhaustive misère search of sums.
            continue;
        }
        let fast = builtin::table(&game, &space, misere);
        let (fast, slow) = match (fast, slow) {
            (Ok(f), Some(s)) => (f, s),
            (f, s) => panic!(
                "{name} {ranges:?} misere={misere}: builtin {:?}, brute {}",
                f.err(),
                if s.is_some() { "answers" } else { "refuses" }
            ),
        };
        assert_eq!(fast.cells(), slow.outcome.len());
        for cell in 0..fast.cells() {
            let p = fast.position(cell);
            assert_eq!(
                fast.outcome[cell],
                slow.outcome[cell],
                "{name} misere={misere} outcome at {:?}",
                &p[..ranges.len()]
            );
            if !misere {
                assert_eq!(
                    fast.grundy[cell] as u64,
                    slow.grundy[cell],
                    "{name} value at {:?}",
                    &p[..ranges.len()]
                );
            }
        }
    }
}

fn random_box(rng: &mut Rng, arity: usize, top: u64) -> Vec<(u64, u64)> {
    (0..arity)
        .map(|_| {
            let a = rng.range(0, top);
            let b = rng.range(0, top);
            (a.min(b), a.max(b))
        })
        .collect()
}

#[test]
fn builtin_equals_brute_on_random_boxes() {
    let games: &[(&str, u64)] = &[
        ("wythoff", 24),
        ("wythoff:2", 30),
        ("wythoff:3", 9),
        ("wythoff:4", 5),
        ("nim:1", 40),
        ("nim:2", 20),
        ("nim:3", 8),
        ("nim:4", 5),
        ("bash:1", 120),
        ("bash:4", 120),
        ("sub:1,3,4", 150),
        ("sub:2,5", 150),
        ("allbut:2,3", 120),
        ("allbut:1", 120),
        ("0.[3]", 60),
        ("0.3[13]", 100),
        ("0.1[2]", 100),
        ("0.77", 90),
        ("0.07", 90),
        ("0.137", 90),
        ("4!.0", 40),
        ("split-nim", 40),
        ("hdu6892", 120),
        ("hdu1848", 150),
        ("multi-sg:2", 60),
    ];
    let mut rng = Rng::new(17);
    for &(name, top) in games {
        let k = builtin::arity(&builtin::parse(name).unwrap());
        agree(name, &vec![(0, top); k]);
        for _ in 0..4 {
            agree(name, &random_box(&mut rng, k, top));
        }
    }
}

#[test]
fn misere_wythoff_by_exhaustive_search() {
    let n = 80u64;
    let normal = brute_of("wythoff", &[(0, n), (0, n)], false).unwrap();
    let misere = brute_of("wythoff", &[(0, n), (0, n)], true).unwrap();
    let at = |s: &brute::Solved, a: u64, b: u64| s.outcome[(a * (n + 1) + b) as usize] == b'P';
    let first = [(0, 1), (1, 0), (2, 2)];
    let dropped = [(0, 0), (1, 2), (2, 1)];
    // The truth: the normal P-set with three positions swapped.
    for a in 0..=n {
        for b in 0..=n {
            let want = first.contains(&(a, b)) || (at(&normal, a, b) && !dropped.contains(&(a, b)));
            assert_eq!(at(&misere, a, b), want, "misère Wythoff at ({a}, {b})");
        }
    }
    // The notes' claim: (0,1), (2,2) P; for 2 < n <= m, P iff (n-2, m-2) is normal P.
    let claim = |a: u64, b: u64| {
        let (x, y) = (a.min(b), a.max(b));
        if x <= 2 {
            first.contains(&(x, y)) || first.contains(&(y, x))
        } else {
            at(&normal, x - 2, y - 2)
        }
    };
    let wrong: Vec<(u64, u64)> = (0..=n)
        .flat_map(|a| (a..=n).map(move |b| (a, b)))
        .filter(|&(a, b)| claim(a, b) != at(&misere, a, b))
        .collect();
    // The claim shifts the normal pair (1, 2) to (3, 4), which is N (it moves to (0, 1) by
    // taking 3 from both), and misses the true P-position (3, 5).
    assert_eq!(wrong.first(), Some(&(3, 4)), "first disagreement with the notes' claim");
    assert!(claim(3, 4) && !at(&misere, 3, 4));
    assert!(!claim(3, 5) && at(&misere, 3, 5));
    assert!(wrong.len() > 10, "the claim fails along the whole P-sequence: {}", wrong.len());
}

#[test]
fn wythoff3_notes_claims() {
    let n = 5u64;
    // Both plays: the whole box against the brute force, and in normal play the notes' claims.
    for misere in [false, true] {
        let s = brute_of("wythoff:3", &[(0, n), (0, n), (0, n)], misere).unwrap();
        let t = builtin::table(&Builtin::Wythoff(3), &Space::from_ranges(&[(0, n); 3]), misere)
            .unwrap_or_else(|e| panic!("wythoff:3 misere={misere}: {e}"));
        assert_eq!(t.outcome, s.outcome, "wythoff:3 misere={misere}: the box's outcomes");
        let p_count = s.outcome.iter().filter(|&&o| o == b'P').count();
        assert!(p_count > 0 && p_count < s.outcome.len(), "misere={misere}: {p_count} P");
        if misere {
            // Misère: the empty position is N (no move: the mover wins), one token is P.
            assert_eq!(s.outcome[0], b'N');
            assert_eq!(s.outcome[1], b'P');
            continue;
        }
        let idx = |p: [u64; 3]| ((p[0] * (n + 1) + p[1]) * (n + 1) + p[2]) as usize;
        for (p, want) in
            [([1, 1, 4], b'P'), ([1, 3, 3], b'P'), ([1, 1, 3], b'N'), ([1, 2, 3], b'N')]
        {
            for q in perms(p) {
                assert_eq!(s.outcome[idx(q)], want, "brute, wythoff:3 at {q:?}");
                assert_eq!(t.outcome[idx(q)], want, "builtin, wythoff:3 at {q:?}");
            }
        }
    }
}

fn perms(p: [u64; 3]) -> Vec<[u64; 3]> {
    let [a, b, c] = p;
    vec![[a, b, c], [a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]]
}

#[test]
fn misere_bash_rule_by_exhaustive_search() {
    for m in 1..=8u64 {
        let name = format!("bash:{m}");
        let s = brute_of(&name, &[(0, 400)], true).unwrap();
        for (n, &o) in s.outcome.iter().enumerate() {
            assert_eq!(o == b'P', n as u64 % (m + 1) == 1, "misère bash:{m} at {n}");
        }
        let game = builtin::parse(&name).unwrap();
        let f = theorems(&game, true, Covers::Outcomes);
        assert!(f.proof().is_some());
        for (n, &o) in s.outcome.iter().enumerate() {
            assert_eq!(f.at(&[n as u64, 0, 0, 0]).unwrap().outcome, o, "bash:{m} formula at {n}");
        }
        for n in [10u64.pow(18), (1 << 63) - 1, 12345678901234567] {
            assert_eq!(f.at(&[n, 0, 0, 0]).unwrap().outcome == b'P', n % (m + 1) == 1);
        }
    }
}

/// The one theorem of `game` covering `covers` (the test fails if there is none).
fn theorems(game: &Builtin, misere: bool, covers: Covers) -> Box<dyn Formula> {
    builtin::theorems(game, misere)
        .into_iter()
        .find(|f| f.covers() == covers && f.proof().is_some())
        .unwrap_or_else(|| panic!("{game}: a proved formula covering {covers:?}"))
}

/// floor(k phi) by binary search on (2a - k)^2 <= 5 k^2 (k below 2^62: no overflow).
fn floor_k_phi(k: u64) -> u64 {
    let k = k as u128;
    let (mut lo, mut hi) = (k, 2 * k + 1); // k <= k phi < 2k + 1
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        let d = 2 * mid - k;
        if d * d <= 5 * k * k { lo = mid } else { hi = mid - 1 }
    }
    lo as u64
}

#[test]
fn wythoff_theorems_against_brute_and_exact_computation() {
    let n = 150u64;
    for misere in [false, true] {
        let s = brute_of("wythoff", &[(0, n), (0, n)], misere).unwrap();
        let f = theorems(&Builtin::Wythoff(2), misere, Covers::Outcomes);
        for a in 0..=n {
            for b in 0..=n {
                let o = s.outcome[(a * (n + 1) + b) as usize];
                assert_eq!(f.at(&[a, b, 0, 0]).unwrap().outcome, o, "misere={misere} ({a}, {b})");
            }
        }
        // Far beyond: the k-th pair by an independent exact computation.
        let mut rng = Rng::new(5 + misere as u64);
        let ks = (0..200).map(|_| rng.range(3, (1 << 61) - 1)).chain([
            3,
            102_334_155,
            (1 << 61) + 12345,
        ]);
        for k in ks {
            let a = floor_k_phi(k);
            let b = a + k;
            assert!(b < 1 << 63);
            let p = |x: u64, y: u64| f.at(&[x, y, 0, 0]).unwrap().outcome == b'P';
            assert!(p(a, b) && p(b, a), "k = {k}: ({a}, {b}) is P");
            assert!(!p(a + 1, b) && !p(a, b + 1) && !p(a + 1, b + 1) && !p(a - 1, b), "k = {k}");
        }
        assert!(f.at(&[1 << 63, 0, 0, 0]).is_none(), "beyond 2^63 - 1 the formula says nothing");
    }
}

#[test]
fn nim_theorems_against_brute() {
    for misere in [false, true] {
        let s = brute_of("nim:3", &[(0, 9), (0, 9), (0, 9)], misere).unwrap();
        let covers = if misere { Covers::Outcomes } else { Covers::Values };
        let f = theorems(&Builtin::Nim(3), misere, covers);
        let space = Space::from_ranges(&[(0, 9); 3]);
        for cell in 0..space.cells() {
            let ans = f.at(&space.position(cell)).unwrap();
            assert_eq!(ans.outcome, s.outcome[cell]);
            if !misere {
                assert_eq!(ans.value, Some(s.grundy[cell]));
            }
        }
        let big = [10u64.pow(18), 3 << 60, 77, 0];
        let ans = f.at(&big).unwrap();
        if !misere {
            assert_eq!(ans.value, Some(big[0] ^ big[1] ^ big[2]));
        }
    }
}

#[test]
fn sg_period_theorems_against_brute() {
    // (rule, how far the brute goes, must be proved)
    let rules: &[(&str, u64, bool)] = &[
        ("sub:1,3,4", 2000, true),
        ("bash:3", 1000, true),
        ("0.77", 1500, true),
        ("0.07", 1500, true),
        ("allbut:2,3", 1000, true),
        ("0.137", 800, false),
        ("hdu6892", 2000, true),
        ("split-nim", 200, true),
    ];
    for &(name, n, must_prove) in rules {
        let game = builtin::parse(name).unwrap();
        let fs = builtin::theorems(&game, false);
        let values: Vec<&Box<dyn Formula>> =
            fs.iter().filter(|f| f.covers() == Covers::Values).collect();
        assert!(!values.is_empty(), "{name}: a value formula");
        if must_prove {
            assert!(values.iter().any(|f| f.proof().is_some()), "{name}: proved");
        }
        let s = brute_of(name, &[(0, n)], false).unwrap();
        for f in values {
            for (x, &v) in s.grundy.iter().enumerate() {
                assert_eq!(
                    f.at(&[x as u64, 0, 0, 0]).unwrap().value,
                    Some(v),
                    "{name}: {} at {x}",
                    f.words()
                );
            }
        }
    }
    // bash:M at 10^18: n mod (M + 1), from both the Bash rule and the sg certificate.
    for f in builtin::theorems(&builtin::parse("bash:6").unwrap(), false) {
        for x in [10u64.pow(18), (1 << 63) - 1] {
            assert_eq!(f.at(&[x, 0, 0, 0]).unwrap().value, Some(x % 7), "{}", f.words());
        }
    }
}

#[test]
fn refusals_say_why() {
    // Misère play of rules whose moves split heaps is answered (explore_misere_split.rs), except
    // where a move may leave four heaps or more.
    for name in ["0.77", "split-nim", "hdu6892", "4!.0", "multi-sg:2"] {
        let g = builtin::parse(name).unwrap();
        assert!(builtin::table(&g, &Space::from_ranges(&[(0, 10)]), true).is_ok(), "{name}");
    }
    let g = builtin::parse("b32:0.G").unwrap();
    let e = builtin::table(&g, &Space::from_ranges(&[(0, 10)]), true).unwrap_err();
    assert!(e.contains("at most three heaps"), "{e}");
    for bad in ["wythoff:1", "wythoff:5", "nim:0", "nim:5", "nim", "chess", "wythoff:x"] {
        assert!(builtin::parse(bad).is_err(), "{bad}");
    }
    let w = builtin::parse("wythoff").unwrap();
    let e = builtin::table(&w, &Space::from_ranges(&[(0, 5)]), false).unwrap_err();
    assert!(e.contains("coordinates"), "{e}");
    let e =
        builtin::table(&w, &Space::from_ranges(&[(0, 5), (1 << 40, 1 << 40)]), false).unwrap_err();
    assert!(e.contains("at most"), "{e}");
    // Nim in normal play needs no hull: any box.
    let t = builtin::table(
        &builtin::parse("nim:2").unwrap(),
        &Space::from_ranges(&[(1 << 30, (1 << 30) + 3), (5, 6)]),
        false,
    )
    .unwrap();
    assert_eq!(t.grundy[0], (1 << 30) ^ 5);
}

/// Release timing: `cargo test --release --test explore_builtin -- --ignored --nocapture`.
#[test]
#[ignore]
fn big_boxes_complete() {
    let t0 = std::time::Instant::now();
    let w = builtin::parse("wythoff").unwrap();
    let t = builtin::table(&w, &Space::from_ranges(&[(0, 1999), (0, 1999)]), false).unwrap();
    let e2 = t0.elapsed();
    // Every P-position is a Wythoff pair, and every Wythoff pair in the box is P.
    for cell in 0..t.cells() {
        let p = t.position(cell);
        assert_eq!(
            t.outcome[cell] == b'P',
            games::theory::wythoff::p_position(p[0], p[1]),
            "{p:?}"
        );
    }
    let t1 = std::time::Instant::now();
    let m = builtin::table(&w, &Space::from_ranges(&[(0, 1999), (0, 1999)]), true).unwrap();
    let em = t1.elapsed();
    for cell in 0..m.cells() {
        let p = m.position(cell);
        assert_eq!(m.outcome[cell] == b'P', builtin::misere_wythoff_p(p[0], p[1]), "{p:?}");
    }
    let t2 = std::time::Instant::now();
    let w3 = builtin::parse("wythoff:3").unwrap();
    let t3 = builtin::table(&w3, &Space::from_ranges(&[(0, 99); 3]), false).unwrap();
    let e3 = t2.elapsed();
    let idx = |p: [u64; 3]| t3.space.index(&p).unwrap();
    assert_eq!(t3.grundy[idx([1, 1, 4])], 0);
    assert_eq!(t3.grundy[idx([1, 3, 3])], 0);
    // G is symmetric under permuting the heaps.
    for cell in (0..t3.cells()).step_by(997) {
        let p = t3.position(cell);
        for q in perms([p[0], p[1], p[2]]) {
            assert_eq!(t3.grundy[idx(q)], t3.grundy[cell]);
        }
    }
    let t4 = std::time::Instant::now();
    let w4 = builtin::parse("wythoff:4").unwrap();
    let q = builtin::table(&w4, &Space::from_ranges(&[(0, 29); 4]), false).unwrap();
    let e4 = t4.elapsed();
    assert_eq!(q.grundy[0], 0);
    eprintln!(
        "wythoff 2000x2000 normal {e2:?}, misère {em:?}; wythoff:3 100^3 normal {e3:?}; wythoff:4 30^4 normal {e4:?}"
    );
}

/// A built-in rule with a near-linear engine reaches the `--max-positions` budget, not the bound
/// `games sg` picks by default (Grundy's game once stopped at 100,001 positions): its values
/// there are the sg engine's; past the budget the refusal names it; a rule whose moves cost
/// O(n) per value keeps its cost bound.
#[test]
fn builtin_rules_reach_the_positions_budget() {
    use games::explore::builtin::{MAX_HULL, table_within};
    let grundy = builtin::parse("grundy").unwrap();
    let space = Space::from_ranges(&[(149_990, 150_010)]);
    let t = table_within(&grundy, &space, false, false, 1_000_000).unwrap();
    let rule = games::sg::rule::Rule::parse("4!.0").unwrap();
    let want = games::sg::values::grundy_values(&rule, 150_010).unwrap();
    for cell in 0..t.cells() {
        let n = t.position(cell)[0] as usize;
        assert_eq!(t.grundy[cell], want[n], "G({n})");
    }
    let err = table_within(&grundy, &space, false, false, 100_000).unwrap_err();
    assert!(err.contains("at most 100000 (--max-positions)"), "{err}");
    assert!(err.contains(&format!("up to {MAX_HULL}")), "{err}");
    // Lasker's Nim-like rules with long moves keep `games sg`'s bound for their cost.
    let costly = builtin::parse("0.[7]").unwrap();
    let err = table_within(&costly, &Space::from_ranges(&[(0, 50_000)]), false, false, 1_000_000)
        .unwrap_err();
    assert!(err.contains("the bound of its moves' cost"), "{err}");
}

/// The test's own subtraction game: the values by the mex loop to `n`, and the period by the
/// window argument (values repeating for max(S) consecutive n repeat for ever), as
/// (preperiod, period, values).
fn sub_period(s: &[u64], n: usize) -> (usize, usize, Vec<u64>) {
    let mut g = vec![0u64; n];
    for x in 0..n {
        let mut seen = [false; 64];
        for &m in s.iter().filter(|&&m| m as usize <= x) {
            seen[g[x - m as usize] as usize] = true;
        }
        g[x] = seen.iter().position(|&b| !b).unwrap() as u64;
    }
    let top = *s.iter().max().unwrap() as usize;
    for p in 1..n / 4 {
        for pre in 0..n / 2 {
            if (pre..pre + top).all(|x| g[x] == g[x + p]) {
                return (pre, p, g);
            }
        }
    }
    panic!("no period for {s:?} below {n}");
}

/// A built-in game's proved theorem answers far away from a box too small to show its pattern
/// (the proof does not rest on the box): random ranges L..R on boxes of 1 to L + R positions,
/// far answers judged by the test's own mex loop and window argument, labelled proved.
#[test]
fn a_proved_theorem_answers_from_any_box() {
    let mut rng = Rng::new(0x5eed_0b0c);
    for _ in 0..12 {
        let l = rng.below(4) + 1;
        let r = l + rng.below(5);
        let hi = rng.below(l + r);
        let s: Vec<u64> = (l..=r).collect();
        let (pre, p, g) = sub_period(&s, 400);
        let truth = |n: u64| {
            let n = n as usize;
            if n < g.len() { g[n] } else { g[pre + (n - pre) % p] }
        };
        let far =
            [hi + 1 + rng.below(50), 10u64.pow(12) + rng.below(1000), (1 << 62) + rng.below(99)];
        let name = format!("sub:{l}..{r}");
        let boxed = format!("0..{hi}");
        let mut args = vec!["explore", "--game", &name, "--box", &boxed, "--no-table"];
        let asked: Vec<String> = far.iter().map(|n| n.to_string()).collect();
        for a in &asked {
            args.extend(["--at", a.as_str()]);
        }
        let out = crate::common::games(&args, b"");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{name} {boxed}: {text}");
        for n in far {
            let line = text
                .lines()
                .find(|x| x.starts_with(&format!("at {n}:")))
                .unwrap_or_else(|| panic!("{name} {boxed}: no answer at {n}:\n{text}"));
            let want = format!("at {n}: value {}, ", truth(n));
            assert!(line.starts_with(&want), "{name} {boxed}: {line}, want {want}");
            if n > 400 {
                assert!(line.contains("(proved: "), "{name} {boxed}: {line}");
            }
        }
    }
}
