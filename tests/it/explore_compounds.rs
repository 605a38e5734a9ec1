//! The diminished disjunctive compound (`--at 'A ~ B'`: a move in exactly one part; over as
//! soon as one part has no move) and the continued conjunctive compound (`--at 'A && B'`: a
//! move in every part that can move; over when none can), decided by
//! `theory::compounds` from the parts' game graph, against a brute force written here over
//! the product game itself: its positions are the tuples of the parts' positions, its moves
//! follow the compound's rule, and its outcomes come from a plain fixpoint (lost when every
//! move reaches a won position, won when some move reaches a lost one, drawn otherwise).

use crate::common;

use common::games_text;
use games::rng::Rng;
use games::theory::compounds::{self, Graph};
use games::theory::loopy::Outcome;

/// A random game graph on `n` positions: (start, opts), with cycles when `cycles`.
fn random_graph(rng: &mut Rng, n: usize, cycles: bool) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32];
    let mut opts = Vec::new();
    let density = rng.range(1, 4);
    for v in 0..n {
        for u in 0..n {
            let allowed = if cycles { true } else { u < v };
            if allowed && rng.chance(1, density + 1) {
                opts.push(u as u32);
            }
        }
        start.push(opts.len() as u32);
    }
    (start, opts)
}

/// The outcome of every tuple of `k` positions under `moves` (the compound's rule), by the
/// fixpoint. Tuples are numbered in base n.
fn product_outcomes(
    n: usize,
    k: usize,
    moves: &dyn Fn(&[usize]) -> Vec<Vec<usize>>,
) -> Vec<Outcome> {
    let total = n.pow(k as u32);
    let tuple = |mut i: usize| {
        let mut t = vec![0; k];
        for x in t.iter_mut().rev() {
            *x = i % n;
            i /= n;
        }
        t
    };
    let index = |t: &[usize]| t.iter().fold(0, |i, &x| i * n + x);
    let options: Vec<Vec<usize>> =
        (0..total).map(|i| moves(&tuple(i)).iter().map(|t| index(t)).collect()).collect();
    let mut out = vec![None; total];
    loop {
        let mut changed = false;
        for i in 0..total {
            if out[i].is_some() {
                continue;
            }
            if options[i].iter().any(|&j| out[j] == Some(Outcome::P)) {
                out[i] = Some(Outcome::N);
                changed = true;
            } else if options[i].iter().all(|&j| out[j] == Some(Outcome::N)) {
                out[i] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out.into_iter().map(|o| o.unwrap_or(Outcome::D)).collect()
}

fn opts_of(start: &[u32], opts: &[u32], v: usize) -> Vec<usize> {
    opts[start[v] as usize..start[v + 1] as usize].iter().map(|&u| u as usize).collect()
}

#[test]
fn the_diminished_disjunctive_compound_agrees_with_the_product_game() {
    let mut rng = Rng::new(0xd1);
    for round in 0..1500 {
        let n = rng.range(1, 6) as usize;
        let k = rng.range(1, 3) as usize;
        let (start, opts) = random_graph(&mut rng, n, round % 2 == 0);
        let moves = |t: &[usize]| {
            if t.iter().any(|&x| start[x] == start[x + 1]) {
                return Vec::new(); // a part has ended: so has the game
            }
            let mut m = Vec::new();
            for i in 0..t.len() {
                for u in opts_of(&start, &opts, t[i]) {
                    let mut s = t.to_vec();
                    s[i] = u;
                    m.push(s);
                }
            }
            m
        };
        let want = product_outcomes(n, k, &moves);
        let trimmed = compounds::trim(Graph { start: &start, opts: &opts });
        for (i, &w) in want.iter().enumerate() {
            let parts: Vec<u32> = (0..k).rev().map(|j| (i / n.pow(j as u32) % n) as u32).collect();
            let (got, _) = compounds::diminished(&trimmed, &parts);
            assert_eq!(got, w, "round {round}: {start:?} {opts:?} at {parts:?}");
        }
    }
}

#[test]
fn the_continued_conjunctive_compound_agrees_with_the_product_game() {
    let mut rng = Rng::new(0xcc);
    let mut decided = 0;
    for round in 0..1500 {
        let n = rng.range(1, 6) as usize;
        let k = rng.range(1, 3) as usize;
        let (start, opts) = random_graph(&mut rng, n, round % 4 == 0);
        let moves = |t: &[usize]| {
            // Every part that can move moves: the product of their options.
            let mut all = vec![t.to_vec()];
            let mut any = false;
            for i in 0..t.len() {
                let o = opts_of(&start, &opts, t[i]);
                if o.is_empty() {
                    continue;
                }
                any = true;
                all = all
                    .into_iter()
                    .flat_map(|s| {
                        o.iter().map(move |&u| {
                            let mut s = s.clone();
                            s[i] = u;
                            s
                        })
                    })
                    .collect();
            }
            if any { all } else { Vec::new() }
        };
        let want = product_outcomes(n, k, &moves);
        let sus = compounds::suspense(Graph { start: &start, opts: &opts });
        for (i, &w) in want.iter().enumerate() {
            let parts: Vec<u32> = (0..k).rev().map(|j| (i / n.pow(j as u32) % n) as u32).collect();
            if let Some((_, got)) = compounds::continued(&sus, &parts) {
                assert_eq!(got, w, "round {round}: {start:?} {opts:?} at {parts:?}");
                decided += 1;
            } else {
                assert!(round % 4 == 0, "an acyclic graph always has suspense numbers");
            }
        }
    }
    assert!(decided > 10_000, "{decided}");
}

/// The suspense number is the length of the game under best play (winner delays, loser
/// hurries), checked on one part by a plain minimax over the game tree.
#[test]
fn the_suspense_number_is_the_length_of_best_play() {
    fn length(start: &[u32], opts: &[u32], v: usize) -> (bool, u32) {
        let o = opts_of(start, opts, v);
        if o.is_empty() {
            return (false, 0);
        }
        let kids: Vec<(bool, u32)> = o.iter().map(|&u| length(start, opts, u)).collect();
        match kids.iter().filter(|k| !k.0).map(|k| k.1).max() {
            Some(l) => (true, l + 1),
            None => (false, kids.iter().map(|k| k.1).min().unwrap_or(0) + 1),
        }
    }
    let mut rng = Rng::new(0x5);
    for _ in 0..500 {
        let n = rng.range(1, 8) as usize;
        let (start, opts) = random_graph(&mut rng, n, false);
        let sus = compounds::suspense(Graph { start: &start, opts: &opts });
        for (v, &s) in sus.iter().enumerate() {
            let (win, l) = length(&start, &opts, v);
            assert_eq!(s, Some(l));
            assert_eq!(l % 2 == 1, win);
        }
    }
}

#[test]
fn explore_answers_the_two_compounds_at_the_command_line() {
    let run = |at: &str| {
        let (code, out, err) = games_text(
            &[
                "explore",
                "--game",
                "sub:1,2",
                "--box",
                "0..12",
                "--remoteness",
                "--no-table",
                "--at",
                at,
            ],
            "",
        );
        assert_eq!(code, Some(0), "{err}");
        out.lines().find(|l| l.starts_with("at ")).unwrap_or_default().to_string()
    };
    // sub:1,2: 0 has no move, 1 and 2 move to 0 (ending); without 0, 1 and 2, 3 has no move
    // (value 0) and 4 moves to 3 (value 1): 3 ~ 4 is won, 3 ~ 3 lost.
    let line = run("3 ~ 4");
    assert!(line.starts_with("at 3 ~ 4: outcome N, diminished disjunctive compound"), "{line}");
    assert!(line.contains("values 0, 1 "), "{line}");
    let line = run("3 ~ 3");
    assert!(line.starts_with("at 3 ~ 3: outcome P, diminished"), "{line}");
    let line = run("5 ~ 1");
    assert!(line.starts_with("at 5 ~ 1: outcome N, part 2 moves to '0'"), "{line}");
    let line = run("0 ~ 5");
    assert!(line.starts_with("at 0 ~ 5: outcome P, part 1 has no move"), "{line}");
    let line = run("3 ~ 6");
    assert!(line.starts_with("at 3 ~ 6: outcome "), "{line}");
    let line = run("4 && 2");
    assert!(line.starts_with("at 4 && 2: outcome "), "{line}");
    assert!(line.contains("suspense"), "{line}");
    let (code, _, err) = games_text(
        &["explore", "--game", "sub:1,2", "--box", "0..12", "--remoteness", "--at", "3 ~ 4 & 5"],
        "",
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not a mix"), "{err}");
    // Misère play: not answered, said.
    let (code, out, err) = games_text(
        &[
            "explore",
            "--game",
            "sub:1,2",
            "--box",
            "0..12",
            "--remoteness",
            "--misere",
            "--no-table",
            "--at",
            "3 ~ 4",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("at 3 ~ 4: unknown: the compounds && and ~ are answered in normal play only"),
        "{out}"
    );
}

/// The command's answers for a subtraction game against the product-game brute force.
#[test]
fn explore_compounds_of_a_subtraction_game_agree_with_the_product_game() {
    let n = 13usize;
    // sub:1,3 on 0..=12.
    let mut start = vec![0u32];
    let mut opts = Vec::new();
    for v in 0..n {
        for t in [1, 3] {
            if v >= t {
                opts.push((v - t) as u32);
            }
        }
        start.push(opts.len() as u32);
    }
    for (sep, dim) in [("~", true), ("&&", false)] {
        let moves = |t: &[usize]| -> Vec<Vec<usize>> {
            let o = |x: usize| opts_of(&start, &opts, x);
            if dim {
                if t.iter().any(|&x| o(x).is_empty()) {
                    return Vec::new();
                }
                (0..2)
                    .flat_map(|i| {
                        o(t[i]).into_iter().map(move |u| {
                            let mut s = t.to_vec();
                            s[i] = u;
                            s
                        })
                    })
                    .collect()
            } else {
                let (a, b) = (o(t[0]), o(t[1]));
                match (a.is_empty(), b.is_empty()) {
                    (true, true) => Vec::new(),
                    (false, true) => a.iter().map(|&u| vec![u, t[1]]).collect(),
                    (true, false) => b.iter().map(|&u| vec![t[0], u]).collect(),
                    (false, false) => {
                        a.iter().flat_map(|&u| b.iter().map(move |&w| vec![u, w])).collect()
                    }
                }
            }
        };
        let want = product_outcomes(n, 2, &moves);
        let ats: Vec<String> = (0..n * n).map(|i| format!("{} {sep} {}", i / n, i % n)).collect();
        let mut args =
            vec!["explore", "--game", "sub:1,3", "--box", "0..12", "--remoteness", "--no-table"];
        for a in &ats {
            args.extend(["--at", a]);
        }
        let (code, out, err) = games_text(&args, "");
        assert_eq!(code, Some(0), "{err}");
        let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("at ")).collect();
        assert_eq!(lines.len(), n * n);
        for (i, l) in lines.iter().enumerate() {
            let letter = match want[i] {
                Outcome::P => 'P',
                Outcome::N => 'N',
                Outcome::D => 'D',
            };
            assert!(
                l.starts_with(&format!("at {}: outcome {letter}", ats[i])),
                "{l} (want {letter})"
            );
        }
    }
}
