//! Loopy games through `games explore` (issue 48's gaps): random games with cycles, given as a
//! moves program (awk over a table written here, no python3 needed), against a retrograde
//! analysis written here that labels the positions round by round (P at 0, then N with an
//! option P of remoteness k - 1, P with every option N, the rest drawn): `--remoteness`
//! (outcomes, remoteness, draws) in normal and misère play, `--list P|N|D`; and `--serve` of
//! `--remoteness` from P-positions (the slowest loss) and in misère play, against a
//! recursion over sub:1,3,4 written here.

use crate::common::{games, temp_dir, text};
use games::rng::Rng;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};

/// A random game on `n` vertices with cycles: each vertex has 0 to 3 options anywhere.
fn random_loopy(rng: &mut Rng, n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|_| {
            let k = rng.below(4) as usize;
            (0..k).map(|_| rng.below(n as u64) as usize).collect()
        })
        .collect()
}

/// Outcome and remoteness of every vertex: ('P' | 'N', remoteness) or ('D', 0). Round k labels
/// N-positions with an option labelled P at remoteness k - 1, then P-positions all of whose
/// options are labelled N (remoteness: the largest option's + 1), and at round 0 the vertices
/// without a move (P in normal play, N in misère play: the mover cannot move and wins).
fn retrograde(game: &[Vec<usize>], misere: bool) -> Vec<(char, u32)> {
    let n = game.len();
    let mut label: Vec<Option<(char, u32)>> = vec![None; n];
    for v in 0..n {
        if game[v].is_empty() {
            label[v] = Some((if misere { 'N' } else { 'P' }, 0));
        }
    }
    for k in 1..=2 * n as u32 + 2 {
        let before = label.clone();
        for v in 0..n {
            if before[v].is_some() {
                continue;
            }
            if game[v].iter().any(|&u| before[u] == Some(('P', k - 1))) {
                label[v] = Some(('N', k));
            } else if game[v].iter().all(|&u| matches!(before[u], Some(('N', _)))) {
                let r = game[v].iter().map(|&u| before[u].map_or(0, |l| l.1)).max().unwrap_or(0);
                if r + 1 == k {
                    label[v] = Some(('P', k));
                }
            }
        }
    }
    label.into_iter().map(|l| l.unwrap_or(('D', 0))).collect()
}

/// An awk moves program over `all` (position `g v`: game g, vertex v), its table in a file.
fn program(name: &str, all: &[Vec<Vec<usize>>]) -> String {
    let dir = temp_dir(name);
    let mut table = String::new();
    for (g, game) in all.iter().enumerate() {
        for (v, opts) in game.iter().enumerate() {
            let o: Vec<String> = opts.iter().map(|u| format!("{g} {u}")).collect();
            table.push_str(&format!("{g} {v}:{}\n", o.join(";")));
        }
    }
    let file = dir.join("table.txt");
    std::fs::write(&file, table).unwrap();
    format!(
        "awk -v T={} 'BEGIN {{ while ((getline l < T) > 0) {{ i = index(l, \":\"); m[substr(l, 1, i - 1)] = substr(l, i + 1) }} }} {{ print m[$1 \" \" $2]; fflush() }}'",
        file.display()
    )
}

/// Every object of a JSON document that has a "position" and an "outcome".
fn entries(v: &serde_json::Value, out: &mut Vec<serde_json::Value>) {
    match v {
        serde_json::Value::Object(m) => {
            if m.contains_key("position") && m.contains_key("outcome") {
                out.push(v.clone());
            }
            m.values().for_each(|x| entries(x, out));
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| entries(x, out)),
        _ => {}
    }
}

#[test]
fn random_loopy_games_remoteness_and_draws_against_the_retrograde() {
    let mut rng = Rng::new(0x48_100b);
    let (count, n) = (40usize, 9usize);
    let all: Vec<Vec<Vec<usize>>> = (0..count).map(|_| random_loopy(&mut rng, n)).collect();
    let cmd = program("remoteness", &all);
    let bx = format!("0..{},0..{}", count - 1, n - 1);
    let mut draws = 0;
    for misere in [false, true] {
        let mut args = vec!["explore", "--remoteness", "--moves", &cmd, "--box", &bx, "--json"];
        if misere {
            args.push("--misere");
        }
        let out = games(&args, b"");
        assert!(out.status.success(), "misere={misere}: {}", text(&out.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let mut found = Vec::new();
        entries(&doc, &mut found);
        let mut got: BTreeMap<(usize, usize), (char, Option<u64>)> = BTreeMap::new();
        for e in &found {
            let p = e["position"].as_array().unwrap();
            let key = (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as usize);
            let o = e["outcome"].as_str().unwrap().chars().next().unwrap();
            got.insert(key, (o, e["remoteness"].as_u64()));
        }
        assert_eq!(got.len(), count * n, "misere={misere}: one entry a position");
        for (g, game) in all.iter().enumerate() {
            let want = retrograde(game, misere);
            for (v, &(o, r)) in want.iter().enumerate() {
                let shown = got[&(g, v)];
                let expect = if o == 'D' { (o, None) } else { (o, Some(u64::from(r))) };
                assert_eq!(shown, expect, "game {g} {:?} vertex {v} misere={misere}", game);
                draws += usize::from(o == 'D');
            }
        }
    }
    assert!(draws > 20, "the random games have draws: {draws}");
}

#[test]
fn list_p_n_d_of_random_loopy_games() {
    let mut rng = Rng::new(0x48_11d);
    let (count, n) = (30usize, 8usize);
    let all: Vec<Vec<Vec<usize>>> = (0..count).map(|_| random_loopy(&mut rng, n)).collect();
    let cmd = program("list", &all);
    let bx = format!("0..{},0..{}", count - 1, n - 1);
    for which in ['P', 'N', 'D'] {
        let w = which.to_string();
        let out = games(&["explore", "--moves", &cmd, "--box", &bx, "--list", &w], b"");
        assert!(out.status.success(), "--list {which}: {}", text(&out.stderr));
        let mut want = String::new();
        for (g, game) in all.iter().enumerate() {
            for (v, &(o, _)) in retrograde(game, false).iter().enumerate() {
                if o == which {
                    want.push_str(&format!("{g} {v}\n"));
                }
            }
        }
        assert!(!want.is_empty(), "{which}");
        assert_eq!(text(&out.stdout), want, "--list {which}");
    }
}

/// Remoteness of sub:1,3,4 heaps 0..=top by recursion over the rule: (outcome, remoteness).
fn sub134(top: u64, misere: bool) -> Vec<(char, u64)> {
    let mut r: Vec<(char, u64)> = Vec::new();
    for h in 0..=top {
        let opts: Vec<u64> = [1, 3, 4].iter().filter(|&&t| t <= h).map(|&t| h - t).collect();
        if opts.is_empty() {
            r.push((if misere { 'N' } else { 'P' }, 0));
            continue;
        }
        let to_p = opts.iter().filter(|&&o| r[o as usize].0 == 'P').map(|&o| r[o as usize].1);
        r.push(match to_p.min() {
            Some(fast) => ('N', fast + 1),
            None => ('P', opts.iter().map(|&o| r[o as usize].1).max().unwrap_or(0) + 1),
        });
    }
    r
}

/// `--serve` of sub:1,3,4: every position asked for its value and its best move; the value is
/// the recursion's; from an N-position the move goes to a P-position of remoteness one less
/// (the fastest win), from a P-position to an option of remoteness one less (the slowest
/// loss), from a position without a move `none`.
#[test]
fn serve_from_p_positions_and_in_misere_play() {
    let top = 120u64;
    for misere in [false, true] {
        let want = sub134(top, misere);
        let bx = format!("0..{top}");
        let mut args = vec!["explore", "--remoteness", "--game", "sub:1,3,4", "--box", &bx];
        args.push("--serve");
        if misere {
            args.push("--misere");
        }
        let mut child = std::process::Command::new(crate::common::GAMES)
            .args(&args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut to = child.stdin.take().unwrap();
        let mut from = BufReader::new(child.stdout.take().unwrap());
        let mut ask = |q: &str| {
            writeln!(to, "{q}").unwrap();
            to.flush().unwrap();
            let mut line = String::new();
            from.read_line(&mut line).unwrap();
            line.trim().to_string()
        };
        let mut p_moves = 0;
        for h in 0..=top {
            let (o, r) = want[h as usize];
            assert_eq!(ask(&format!("{h} ?")), format!("{o} {r}"), "misere={misere} heap {h}");
            let mv = ask(&h.to_string());
            if h == 0 {
                assert_eq!(mv, "none", "misere={misere}");
                continue;
            }
            let q: u64 = mv.parse().unwrap_or_else(|_| panic!("heap {h}: {mv}"));
            assert!(h >= q && [1, 3, 4].contains(&(h - q)), "heap {h}: {mv} is no move");
            let (qo, qr) = want[q as usize];
            assert_eq!(qr + 1, r, "misere={misere} heap {h} -> {q}: remoteness");
            if o == 'N' {
                assert_eq!(qo, 'P', "misere={misere} heap {h} -> {q}");
            } else {
                assert_eq!(qo, 'N', "misere={misere} heap {h} -> {q}");
                p_moves += 1;
            }
        }
        assert!(p_moves > 10, "misere={misere}: {p_moves} moves from P-positions");
        drop(to);
        let _ = child.wait();
    }
}
