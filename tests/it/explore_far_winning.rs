//! `--winning` and `--score --at` at positions far outside the box, for a moves program: the
//! options the program lists there, valued by the checked patterns, against values computed
//! here by plain loops over every position up to the one asked (no code shared with `games`).
//!
//! - Subtraction games with a random set of amounts, in normal and misère play: the moves to a
//!   P-position from positions near 10^6, against a mex loop (normal play) and the loop "P iff
//!   it has a move and every move leads to N" (misère; a position with no move is N).
//! - Scoring take-away games (take one of a random set of amounts and score it): the value and
//!   every best move at positions near 10^6, through `--at` and `--winning`, against the loop
//!   `value(n) = max over amounts s <= n of s - value(n - s)`.
//!
//! Every far list must carry a conjecture basis (never "computed") that says the rule held at
//! the position. Without python3 they fail, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{games, temp_dir, text};
use games::rng::Rng;

/// A moves program for the subtraction game with these amounts (`scored`: `n-s @ s`).
fn program(dir: &std::path::Path, name: &str, amounts: &[u64], scored: bool) -> String {
    let list: Vec<String> = amounts.iter().map(u64::to_string).collect();
    let option = if scored { "f'{n - s} @ {s}'" } else { "str(n - s)" };
    let src = format!(
        "import sys\nA = [{}]\nfor line in sys.stdin:\n    n = int(line.split()[0])\n    print(' ; '.join({option} for s in A if s <= n), flush=True)\n",
        list.join(", ")
    );
    let path = dir.join(name);
    std::fs::write(&path, src).unwrap();
    format!("python3 {}", path.display())
}

/// Random distinct amounts, 1..=9, two to four of them, sorted.
fn amounts(rng: &mut Rng) -> Vec<u64> {
    let mut a: Vec<u64> = (0..2 + rng.below(3)).map(|_| 1 + rng.below(9)).collect();
    a.sort_unstable();
    a.dedup();
    a
}

/// Grundy values 0..=n by the mex of the options.
fn grundy(a: &[u64], n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for i in 0..=n {
        let seen: Vec<u32> =
            a.iter().filter(|&&s| s as usize <= i).map(|&s| g[i - s as usize]).collect();
        g[i] = (0..).find(|m| !seen.contains(m)).unwrap();
    }
    g
}

/// Misère P-positions 0..=n: P iff some move exists and every move leads to N.
fn misere_p(a: &[u64], n: usize) -> Vec<bool> {
    let mut p = vec![false; n + 1];
    for i in 0..=n {
        let moves: Vec<usize> =
            a.iter().filter(|&&s| s as usize <= i).map(|&s| i - s as usize).collect();
        p[i] = !moves.is_empty() && moves.iter().all(|&j| !p[j]);
    }
    p
}

/// Score values 0..=n: the best `s - value(n - s)`, 0 with no move.
fn scores(a: &[u64], n: usize) -> Vec<i64> {
    let mut v = vec![0i64; n + 1];
    for i in 0..=n {
        v[i] = a
            .iter()
            .filter(|&&s| s as usize <= i)
            .map(|&s| s as i64 - v[i - s as usize])
            .max()
            .unwrap_or(0);
    }
    v
}

/// The moves of a `winning moves from P to a P-position: a; b (basis)` line, and its basis.
fn winning_line(out: &str, pos: u64) -> (Vec<u64>, &str) {
    let head = format!("winning moves from {pos} to a P-position: ");
    let line = out.lines().find_map(|l| l.strip_prefix(head.as_str())).unwrap_or_else(|| {
        panic!("no --winning line for {pos}:\n{out}");
    });
    let open = line.find(" (").expect("a basis");
    let (moves, basis) = (&line[..open], &line[open + 2..]);
    let moves = match moves {
        "none" => Vec::new(),
        m => m.split("; ").map(|x| x.parse().expect("a position")).collect(),
    };
    (moves, basis)
}

#[test]
fn far_winning_moves_of_subtraction_games_match_a_mex_loop() {
    if !common::have_python("the far --winning tests") {
        return;
    }
    let dir = temp_dir("far_winning_sub");
    let mut rng = Rng::new(0x5eed_f417);
    for game in 0..6 {
        let a = amounts(&mut rng);
        let cmd = program(&dir, &format!("sub{game}.py"), &a, false);
        let far: Vec<u64> = (0..4).map(|_| 1_000_000 + rng.below(5_000)).collect();
        let top = *far.iter().max().unwrap() as usize;
        for misere in [false, true] {
            let mut args = vec!["explore", "--moves", cmd.as_str(), "--box", "0..60", "--no-table"];
            if misere {
                args.push("--misere");
            }
            let asked: Vec<String> = far.iter().map(u64::to_string).collect();
            for p in &asked {
                args.extend(["--winning", p.as_str()]);
            }
            let o = games(&args, b"");
            let out = text(&o.stdout);
            assert!(o.status.success(), "{a:?} misère {misere}: {}{out}", text(&o.stderr));
            let (g, mp) = (grundy(&a, top), misere_p(&a, top));
            for &p in &far {
                let want: Vec<u64> = a
                    .iter()
                    .filter(|&&s| s <= p)
                    .map(|&s| p - s)
                    .filter(|&q| if misere { mp[q as usize] } else { g[q as usize] == 0 })
                    .collect();
                let (mut got, basis) = winning_line(&out, p);
                got.sort_unstable();
                let mut want = want;
                want.sort_unstable();
                assert_eq!(got, want, "{a:?} misère {misere} at {p}: {basis}");
                assert!(basis.starts_with("conjecture"), "{a:?} at {p}: {basis}");
                assert!(basis.contains("the game's rule holds at the position"), "{basis}");
            }
        }
    }
}

#[test]
fn far_best_moves_of_scoring_games_match_a_minimax_loop() {
    if !common::have_python("the far --score best-move tests") {
        return;
    }
    let dir = temp_dir("far_winning_score");
    let mut rng = Rng::new(0x5c0e_f417);
    let mut answered = 0;
    for game in 0..5 {
        let a = amounts(&mut rng);
        let cmd = program(&dir, &format!("score{game}.py"), &a, true);
        let far: Vec<u64> = (0..3).map(|_| 1_000_000 + rng.below(5_000)).collect();
        let v = scores(&a, *far.iter().max().unwrap() as usize);
        let mut args = vec!["explore", "--score", "--moves", cmd.as_str(), "--box", "0..150"];
        let asked: Vec<String> = far.iter().map(u64::to_string).collect();
        for p in &asked {
            args.extend(["--at", p.as_str(), "--winning", p.as_str()]);
        }
        args.extend(["--no-table", "--json"]);
        let o = games(&args, b"");
        assert!(o.status.success(), "{a:?}: {}", text(&o.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        for key in ["at", "winning"] {
            for (entry, &p) in doc[key].as_array().expect("a list").iter().zip(&far) {
                assert_eq!(entry["position"][0].as_u64(), Some(p), "{entry}");
                let basis = entry["basis"].as_str().expect("a basis");
                if entry["value"].is_null() {
                    // No pattern found: an honest unknown, with no move.
                    assert!(basis.starts_with("unknown"), "{a:?}: {basis}");
                    assert_eq!(entry["moves"].as_array().map(Vec::len), Some(0), "{entry}");
                    continue;
                }
                answered += 1;
                let value = v[p as usize];
                assert_eq!(entry["value"].as_str(), Some(value.to_string().as_str()), "{a:?}");
                assert!(basis.starts_with("conjecture") && basis.contains("rule holds here"));
                let mut want: Vec<(u64, i64)> = a
                    .iter()
                    .filter(|&&s| s <= p && s as i64 - v[(p - s) as usize] == value)
                    .map(|&s| (p - s, s as i64))
                    .collect();
                let mut got: Vec<(u64, i64)> = entry["moves"]
                    .as_array()
                    .expect("moves")
                    .iter()
                    .map(|m| {
                        let q: u64 = m["option"].as_str().unwrap().parse().unwrap();
                        let gain: i64 = m["gain"].as_str().unwrap().parse().unwrap();
                        let ov: i64 = m["value"].as_str().unwrap().parse().unwrap();
                        assert_eq!(ov, v[q as usize], "{a:?}: option value of {q}");
                        (q, gain)
                    })
                    .collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{a:?} {key} at {p}");
            }
        }
    }
    // Most of these games' values are periodic within the box: most far answers are given.
    assert!(answered >= 15, "only {answered} of 30 far answers given");
}

#[test]
fn a_far_score_at_line_names_its_best_moves_in_text() {
    if !common::have_python("the far --score best-move tests") {
        return;
    }
    let dir = temp_dir("far_winning_text");
    let cmd = program(&dir, "grab.py", &[1, 2], true);
    let args = ["explore", "--score", "--moves", &cmd, "--box", "0..20", "--no-table"];
    let o = games(&[&args[..], &["--at", "1000001", "--at", "15", "--at", "0"]].concat(), b"");
    let out = text(&o.stdout);
    // Values 0 1 2 1 repeat (period 4): 1000001 is 1, reached by taking 1 (to a 0) or 2 (to a 1).
    assert!(
        out.contains(
            "at 15: value 1, outcome win, best move 13 (gain 2, option value 1) (computed)\n"
        ),
        "{out}"
    );
    assert!(out.contains("at 0: value 0, outcome draw, no move (computed)\n"), "{out}");
    assert!(
        out.contains("at 1000001: value 1, outcome win, best moves 1000000 (gain 1, option value 0); 999999 (gain 2, option value 1) (conjecture"),
        "{out}"
    );
}

/// Remotenesses 0..=n (win fast, lose slow): 0 with no move; else 1 + the least remoteness of
/// an option lost for its mover, if any, else 1 + the greatest. A remoteness `r` wins for the
/// mover when `r` is odd (normal play) or even (misère play).
fn remoteness(a: &[u64], n: usize, misere: bool) -> Vec<u64> {
    let wins = |r: u64| (r % 2 == 1) != misere;
    let mut r = vec![0u64; n + 1];
    for i in 0..=n {
        let opts: Vec<u64> =
            a.iter().filter(|&&s| s as usize <= i).map(|&s| r[i - s as usize]).collect();
        let lost = opts.iter().filter(|&&x| !wins(x)).min();
        r[i] = match (lost, opts.iter().max()) {
            (Some(&x), _) => 1 + x,
            (None, Some(&x)) => 1 + x,
            (None, None) => 0,
        };
    }
    r
}

#[test]
fn remoteness_best_moves_near_and_far_match_a_retrograde_loop() {
    if !common::have_python("the far --remoteness --winning tests") {
        return;
    }
    let dir = temp_dir("far_winning_rem");
    let mut rng = Rng::new(0x7e3_f417);
    let mut answered = 0;
    for game in 0..5 {
        let a = amounts(&mut rng);
        let cmd = program(&dir, &format!("rem{game}.py"), &a, false);
        let mut asked: Vec<u64> = (0..3).map(|_| 1_000_000 + rng.below(5_000)).collect();
        asked.extend((0..3).map(|_| rng.below(40)));
        let top = *asked.iter().max().unwrap() as usize;
        for misere in [false, true] {
            let r = remoteness(&a, top, misere);
            let wins = |x: u64| (x % 2 == 1) != misere;
            let mut args =
                vec!["explore", "--remoteness", "--moves", cmd.as_str(), "--box", "0..60"];
            if misere {
                args.push("--misere");
            }
            let texts: Vec<String> = asked.iter().map(u64::to_string).collect();
            for p in &texts {
                args.extend(["--winning", p.as_str()]);
            }
            args.extend(["--no-table", "--json"]);
            let o = games(&args, b"");
            assert!(o.status.success(), "{a:?}: {}", text(&o.stderr));
            let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
            for (entry, &p) in doc["winning"].as_array().expect("a list").iter().zip(&asked) {
                assert_eq!(entry["position"][0].as_u64(), Some(p), "{entry}");
                let basis = entry["basis"].as_str().expect("a basis");
                let Some(got_r) = entry["remoteness"].as_u64() else {
                    assert!(basis.starts_with("unknown"), "{a:?} at {p}: {entry}");
                    continue;
                };
                answered += 1;
                let want_r = r[p as usize];
                assert_eq!(got_r, want_r, "{a:?} misère {misere} at {p}: {basis}");
                let mut want: Vec<u64> = a
                    .iter()
                    .filter(|&&s| s <= p)
                    .map(|&s| p - s)
                    .filter(|&q| {
                        let x = r[q as usize];
                        want_r > 0 && x == want_r - 1 && (!wins(want_r) || !wins(x))
                    })
                    .collect();
                let mut got: Vec<u64> = entry["moves"]
                    .as_array()
                    .expect("moves")
                    .iter()
                    .map(|m| m.as_str().unwrap().parse().unwrap())
                    .collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{a:?} misère {misere} at {p}: {basis}");
                match p < 60 {
                    true => assert_eq!(basis, "computed"),
                    false => assert!(basis.contains("the game's rule holds here"), "{basis}"),
                }
            }
        }
    }
    assert!(answered >= 40, "only {answered} of 60 answered");
}
