//! Take-game boxes too large for a table (`games::explore::big`): the outcome bits against the
//! independent brute force (`games::brute::take_same`, a plain retrograde over the real
//! positions) and against the table path, on random games (K, J, Moore's M) and random boxes,
//! both plays; the same through the binary, forced onto the bit path with the hidden
//! `--big-from N` (boxes of more than N positions take it; the default is 2^22); a medium box
//! that takes it by default; and the refusals (values, tables, budgets, absurd boxes).

use crate::common;

use common::{games, text};
use games::brute::take_same as brute_take;
use games::explore::big;
use games::explore::builtin;
use games::explore::space::{Coords, MAX_ARITY, Space};
use games::rng::Rng;

/// A random `same:K:J` or `moore:K:M` with its brute-force parameters.
fn random_game(rng: &mut Rng, k: usize) -> (String, Option<Vec<usize>>, usize) {
    if rng.range(0, 2) == 0 {
        let most = rng.range(1, k as u64) as usize;
        (format!("moore:{k}:{most}"), None, most)
    } else {
        let mut sizes: Vec<usize> = (2..=k).filter(|_| rng.range(0, 1) == 1).collect();
        if sizes.is_empty() || rng.range(0, 3) == 0 {
            sizes.insert(0, 1);
        }
        let j: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
        (format!("same:{k}:{}", j.join(",")), Some(sizes), 0)
    }
}

fn coords(p: &[u64]) -> Coords {
    let mut c = [0u64; MAX_ARITY];
    c[..p.len()].copy_from_slice(p);
    c
}

#[test]
fn bits_equal_brute_and_table_on_random_games_and_boxes() {
    let mut rng = Rng::new(2024);
    for round in 0..80 {
        let k = 1 + round % 4;
        let (name, same, most) = random_game(&mut rng, k);
        let top = [60, 16, 7, 4][k - 1];
        let ranges: Vec<(u64, u64)> = (0..k)
            .map(|_| {
                let (a, b) = (rng.range(0, top), rng.range(0, top));
                (a.min(b), a.max(b))
            })
            .collect();
        let space = Space::from_ranges(&ranges);
        let dims: Vec<u64> = ranges.iter().map(|r| r.1 + 1).collect();
        let slow = brute_take::solve(&dims, same.as_deref(), most);
        let index = |p: &[u64]| p.iter().zip(&dims).fold(0u64, |i, (&x, &d)| i * d + x) as usize;
        let game = builtin::parse(&name).unwrap();
        let (g, _) = big::take_game(&game, big::BIG_BOX).unwrap();
        for misere in [false, true] {
            let want = |p: &[u64]| {
                if misere { slow.misere_p[index(p)] } else { slow.grundy[index(p)] == 0 }
            };
            let b = big::compute(&g, &space, misere, None).unwrap();
            let t = builtin::table(&game, &space, misere).unwrap();
            // Every position of the hull from the bits; the box's against the table too.
            let mut p = vec![0u64; k];
            loop {
                assert_eq!(b.is_p(&p), Some(want(&p)), "{name} misère {misere} at {p:?}");
                if let Some(cell) = t.space.index(&coords(&p)) {
                    assert_eq!(t.outcome[cell] == b'P', want(&p), "table {name} at {p:?}");
                }
                if !step(&mut p, &dims) {
                    break;
                }
            }
            let in_box: Vec<Vec<u64>> =
                (0..t.cells()).map(|c| t.position(c)[..k].to_vec()).filter(|q| want(q)).collect();
            assert_eq!(b.count_p(), in_box.len() as u64, "{name} {ranges:?}");
            let n = 1 + rng.range(0, 60) as usize;
            assert_eq!(b.first_p(n), in_box[..n.min(in_box.len())], "{name} {ranges:?}");
            // Winning moves: exactly the brute's options that are P.
            for _ in 0..6 {
                let x: Vec<u64> = dims.iter().map(|&d| rng.range(0, d - 1)).collect();
                let w = b.winning(&game, &[], &coords(&x), 0, Default::default());
                let mut got: Vec<Vec<u64>> = w.moves.iter().map(|m| m[0].clone()).collect();
                got.sort();
                let mut exp: Vec<Vec<u64>> = brute_take::options(&x, same.as_deref(), most)
                    .into_iter()
                    .filter(|o| want(o))
                    .collect();
                exp.sort();
                exp.dedup();
                assert_eq!(got, exp, "{name} misère {misere} winning from {x:?}: {}", w.basis);
            }
        }
    }
}

/// The next point of `0..dims` in row-major order; false after the last.
fn step(p: &mut [u64], dims: &[u64]) -> bool {
    for i in (0..p.len()).rev() {
        p[i] += 1;
        if p[i] < dims[i] {
            return true;
        }
        p[i] = 0;
    }
    false
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = games(args, b"");
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn forced_bit_path_agrees_with_the_table_through_the_binary() {
    let mut rng = Rng::new(77);
    for round in 0..12 {
        let k = 2 + round % 2;
        let (name, _, _) = random_game(&mut rng, k);
        let side = if k == 2 { 14 } else { 6 };
        let lo = rng.range(0, 3);
        let r = format!("{lo}..{}", lo + side);
        let bx = vec![r; k].join(",");
        let mut at = Vec::new();
        for _ in 0..8 {
            let p: Vec<String> = (0..k).map(|_| rng.range(lo, lo + side).to_string()).collect();
            at.push(p.join(","));
        }
        let misere: &[&str] = if round % 3 == 0 { &["--misere"] } else { &[] };
        let mut args = vec!["explore", "--game", &name, "--box", &bx, "--outcomes", "--count"];
        args.extend(misere);
        let (c1, table, e1) = run(&args);
        args.extend(["--big-from", "0"]);
        let (c2, bits, e2) = run(&args);
        assert_eq!((c1, c2), (Some(0), Some(0)), "{name} {bx}: {e1} {e2}");
        // The table counts values too; the bits count outcomes only.
        let outcomes = |s: &str| s.lines().take(4).collect::<Vec<_>>().join("\n");
        assert_eq!(outcomes(&table), outcomes(&bits), "{name} {bx}");
        let mut args = vec!["explore", "--game", &name, "--box", &bx, "--outcomes"];
        args.extend(misere);
        for p in &at {
            args.extend(["--at", p.as_str(), "--winning", p.as_str()]);
        }
        let (c1, table, e1) = run(&args);
        args.extend(["--big-from", "0"]);
        let (c2, bits, e2) = run(&args);
        assert_eq!((c1, c2), (Some(0), Some(0)), "{name} {bx}: {e1} {e2}");
        assert_eq!(table.lines().next(), bits.lines().next(), "the header line");
        let answers = |s: &str| -> Vec<String> {
            let mut v: Vec<String> = s
                .lines()
                .filter(|l| l.starts_with("at ") || l.starts_with("winning moves"))
                .map(|l| {
                    // Moves in any order, values as an outcome table prints them.
                    let l = l.replace("value 0,", "value unknown,");
                    match l.split_once(": ") {
                        Some((head, rest)) if head.starts_with("winning") => {
                            let (moves, basis) = rest.rsplit_once(" (").unwrap();
                            let mut m: Vec<&str> = moves.split("; ").collect();
                            m.sort();
                            format!("{head}: {} ({basis}", m.join("; "))
                        }
                        _ => l,
                    }
                })
                .collect();
            v.sort();
            v
        };
        let (a, b) = (answers(&table), answers(&bits));
        assert_eq!(a.len(), 2 * at.len(), "{table}");
        // Where the table computed every option, the same words; the table reads options
        // outside its box (below a box away from 0) off patterns, the bits computed them all.
        for (x, y) in a.iter().zip(&b) {
            if x.ends_with("(computed)") {
                assert_eq!(x, y, "{name} {bx}");
            } else if !x.contains("proved") {
                assert!(y.ends_with("(computed)"), "{y}");
            }
        }
        assert!(bits.contains("P-positions in the box: "), "{bits}");
    }
}

#[test]
fn a_medium_box_takes_the_bit_path_by_default() {
    // 256^3 > 2^22 positions: Moore's Nim_2 on three heaps, P iff a = b = c (Moore's theorem).
    let (code, out, err) = run(&[
        "explore",
        "--game",
        "moore:3:2",
        "--box",
        "0..255,0..255,0..255",
        "--at",
        "7,7,7",
        "--at",
        "300,300,300",
        "--at",
        "3,5,6",
        "--winning",
        "9,9,200",
        "--winning",
        "4,5,6",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let first = "game: built-in game moore:3:2, box 0..255,0..255,0..255 (16777216 positions; 16777216 explored), normal play";
    assert_eq!(out.lines().next(), Some(first));
    assert!(out.contains("P-positions in the box: 256\n"), "{out}");
    assert!(out.contains("  0 0 0\n  1 1 1\n  2 2 2\n"), "{out}");
    assert!(out.contains("  ... and 206 more\n"), "{out}");
    assert!(out.contains("at 7 7 7: value unknown, outcome P (computed)"), "{out}");
    assert!(out.contains("at 3 5 6: value unknown, outcome N (computed)"), "{out}");
    assert!(out.contains("at 300 300 300: value 0, outcome P (proved: Moore's theorem"), "{out}");
    assert!(out.contains("winning moves from 9 9 200 to a P-position: 9 9 9 (computed)"), "{out}");
    // From (4, 5, 6) (binary 100, 101, 110) to (4, 4, 4), lowering two heaps.
    assert!(out.contains("winning moves from 4 5 6 to a P-position: 4 4 4 (computed)"), "{out}");
    assert!(out.contains("status: proved (Moore's theorem"), "{out}");
    // JSON: counts, the first P-positions (50), the plane's patterns.
    let (code, out, err) =
        run(&["explore", "--game", "same:2:2", "--box", "0..2999,0..2999", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["positions"], 9_000_000);
    let first = v["first_P"].as_array().unwrap();
    assert_eq!(first.len(), 50);
    assert_eq!(first[1], serde_json::json!([1, 2]));
    assert_eq!(first[2], serde_json::json!([2, 1]));
    // Wythoff's pairs below 3000, by the mex rule written here (a_k the least number in no
    // earlier pair, b_k = a_k + k): (0, 0) and two mirrors per k >= 1 with b_k < 3000.
    let mut used = vec![false; 6000];
    let mut pairs = 0u64;
    for k in 1..3000usize {
        let a = (1..).find(|&x| !used[x]).unwrap();
        let b = a + k;
        if b >= 3000 {
            break;
        }
        used[a] = true;
        used[b] = true;
        pairs += 1;
    }
    assert_eq!(v["P"], 1 + 2 * pairs);
    assert!(v["patterns"][0]["theorem"].as_str().unwrap().contains("Wythoff"), "{out}");
    assert!(v.get("values").is_none() && v.get("outcomes").is_none());
    // wythoff:3 is same:3:1..3: it keeps its table up to 2^28 positions, then the bits.
    let bx = "0..700,0..700,0..700";
    let (c1, w3, e1) = run(&["explore", "--game", "wythoff:3", "--box", bx, "--count"]);
    let (c2, same, e2) = run(&["explore", "--game", "same:3:1..3", "--box", bx, "--count"]);
    assert_eq!((c1, c2), (Some(0), Some(0)), "{e1} {e2}");
    assert!(w3 == same && w3.starts_with("positions 344472101\nP "), "{w3}");
}

#[test]
fn what_outcome_bits_cannot_give_is_refused() {
    let bx = "0..300,0..300,0..300";
    for (extra, want) in [
        (&["--winning", "1,2,3", "--to", "2"][..], "--to 2 needs Grundy values"),
        (&["--check", "cat"][..], "--check needs a table"),
        (&["--svg", "x.svg"][..], "--svg needs a table"),
        (&["--slice", "1=400"][..], "outside the box's range 0..300"),
    ] {
        let mut args = vec!["explore", "--game", "same:3:1,2", "--box", bx];
        args.extend(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(2), "{extra:?}: {err}");
        assert!(err.contains(want) && err.lines().count() == 1 && out.is_empty(), "{err}");
    }
    // --max-positions, given, bounds the positions computed (every one below the box's top).
    let (code, _, err) = run(&[
        "explore",
        "--game",
        "moore:3:2",
        "--box",
        "0..300,0..300,0..300",
        "--max-positions",
        "20000000",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("27270901 positions; more than --max-positions 20000000"), "{err}");
    // Hulls past 2^32 positions, work past the bound, and boxes past 2^128 positions: one line.
    for (game, bx, want) in [
        ("same:3:1", "0..2000,0..2000,0..2000", "at most 4294967296"),
        ("same:16:1..16", "0..3^16", "steps"),
        ("same:3:1", "0..9223372036854775807^3", "more than 2^128 - 1 positions"),
        ("moore:16:2", "0..9223372036854775807^16", "more than 2^128 - 1 positions"),
    ] {
        let (code, out, err) = run(&["explore", "--game", game, "--box", bx]);
        assert_eq!(code, Some(1), "{game} {bx}: {err}");
        assert!(err.contains(want) && err.lines().count() == 1 && out.is_empty(), "{err}");
    }
    // Other games keep the table's limit (a usage error), now without a wrapped count.
    let (code, _, err) = run(&["explore", "--game", "nim:3", "--box", "0..9223372036854775807^3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("more than 2^128 - 1 positions; at most 268435456"), "{err}");
}
