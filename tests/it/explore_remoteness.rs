//! `games explore --remoteness`, `games graph --remoteness` and `--serve` through the binary,
//! against references written here: random finite games (a Python moves program) against a
//! brute force that plays out every line (no memo), in normal and misère play; conjunctive
//! compounds `--at 'A & B'` against the same brute force on the product game; the built-in
//! subtraction games against the same games as moves programs and the closed form of S(1, 2);
//! loopy positions drawn; `--serve` followed from random N-positions wins against every reply
//! within the remoteness. Tests that need python3 fail without it, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{GAMES, games, temp_dir, text};
use games::rng::Rng;
use std::io::{BufRead, BufReader, Write};

fn have_python() -> bool {
    common::have_python("the moves-program remoteness tests")
}

fn random_dag(rng: &mut Rng, n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|v| {
            let k = if v == 0 { 0 } else { rng.below(4) as usize };
            (0..k).map(|_| rng.below(v as u64) as usize).collect()
        })
        .collect()
}

/// Plays out every line (no memo): (the mover wins, the length under win fast / lose slow).
fn brute(opts: &dyn Fn(usize) -> Vec<usize>, v: usize, misere: bool) -> (bool, u32) {
    let o = opts(v);
    if o.is_empty() {
        return (misere, 0);
    }
    let results: Vec<(bool, u32)> = o.iter().map(|&u| brute(opts, u, misere)).collect();
    match results.iter().filter(|x| !x.0).map(|x| x.1).min() {
        Some(fast) => (true, fast + 1),
        None => (false, results.iter().map(|x| x.1).max().unwrap_or(0) + 1),
    }
}

fn letter(wins: bool) -> char {
    if wins { 'N' } else { 'P' }
}

/// A moves program for many games at once: position (game, vertex).
fn program(dir: &std::path::Path, all: &[Vec<Vec<usize>>]) -> String {
    let mut src = String::from("T = {\n");
    for (i, g) in all.iter().enumerate() {
        for (v, o) in g.iter().enumerate() {
            let line: Vec<String> = o.iter().map(|u| format!("{i} {u}")).collect();
            src.push_str(&format!("({i}, {v}): {:?},\n", line.join(";")));
        }
    }
    src.push_str("}\nimport sys\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    print(T[(a, b)], flush=True)\n");
    let prog = dir.join("moves.py");
    std::fs::write(&prog, src).unwrap();
    format!("python3 {}", prog.display())
}

#[test]
fn random_finite_games_and_conjunctive_compounds_against_every_line() {
    if !have_python() {
        return;
    }
    let mut rng = Rng::new(3636);
    let (count, n) = (30usize, 8usize);
    let all: Vec<Vec<Vec<usize>>> = (0..count).map(|_| random_dag(&mut rng, n)).collect();
    let cmd = program(&temp_dir("dags"), &all);
    let bx = format!("0..{},0..{}", count - 1, n - 1);
    // Compounds of two or three components of the same game.
    let mut compounds: Vec<(usize, Vec<usize>)> = Vec::new();
    for _ in 0..60 {
        let g = rng.below(count as u64) as usize;
        let k = 2 + rng.below(2) as usize;
        compounds.push((g, (0..k).map(|_| rng.below(n as u64) as usize).collect()));
    }
    let ats: Vec<String> = compounds
        .iter()
        .map(|(g, parts)| parts.iter().map(|v| format!("{g},{v}")).collect::<Vec<_>>().join(" & "))
        .collect();
    for misere in [false, true] {
        let mut args = vec!["explore", "--remoteness", "--moves", &cmd, "--box", &bx, "--at"];
        args.extend(ats.iter().map(String::as_str));
        if misere {
            args.push("--misere");
        }
        let out = games(&args, b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let s = text(&out.stdout);
        let rows: Vec<&str> = s.lines().skip(2).take(count).collect();
        for (i, g) in all.iter().enumerate() {
            let cells: Vec<&str> = rows[i].split_whitespace().skip(1).collect();
            assert_eq!(cells.len(), n, "game {i}");
            for (v, cell) in cells.iter().enumerate() {
                let (w, r) = brute(&|x| g[x].clone(), v, misere);
                assert_eq!(
                    *cell,
                    format!("{}{r}", letter(w)),
                    "game {i} vertex {v} misère {misere}"
                );
            }
        }
        // The product game: every component moves; no move once one has none.
        for ((g, parts), text_at) in compounds.iter().zip(&ats) {
            let game = &all[*g];
            let k = parts.len();
            let enc = |p: &[usize]| p.iter().fold(0, |acc, &x| acc * n + x);
            let dec = |mut c: usize| {
                let mut p = vec![0; k];
                for i in (0..k).rev() {
                    p[i] = c % n;
                    c /= n;
                }
                p
            };
            let opts = |c: usize| {
                let p = dec(c);
                let mut out = vec![Vec::new()];
                for &x in &p {
                    let mut next = Vec::new();
                    for pre in &out {
                        for &u in &game[x] {
                            let mut q: Vec<usize> = pre.clone();
                            q.push(u);
                            next.push(q);
                        }
                    }
                    out = next;
                }
                out.iter().map(|q| enc(q)).collect::<Vec<_>>()
            };
            let (w, r) = brute(&opts, enc(parts), misere);
            // The answer writes each part as every kind writes a position: `3 4`, not `3,4`.
            let shown = text_at.replace(',', " ");
            let want = format!("at {shown}: outcome {}, remoteness {r}", letter(w));
            assert!(s.contains(&want), "{want} not in the report (misère {misere})");
        }
    }
}

#[test]
fn builtin_subtraction_games_agree_with_programs_and_the_closed_form() {
    let out = games(&["explore", "--remoteness", "--game", "sub:1,2", "--box", "0..60"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    for (n, line) in s.lines().skip(1).take(61).enumerate() {
        let r = 2 * (n / 3) + usize::from(n % 3 != 0);
        let o = if n % 3 == 0 { 'P' } else { 'N' };
        assert_eq!(line, format!("{n} {o}{r}"));
    }
    if !have_python() {
        return;
    }
    let dir = temp_dir("sub");
    let prog = dir.join("sub134.py");
    std::fs::write(&prog, "import sys\nfor line in sys.stdin:\n    n = int(line)\n    print(';'.join(str(n - s) for s in (1, 3, 4) if s <= n))\n").unwrap();
    let cmd = format!("python3 {}", prog.display());
    for misere in [false, true] {
        let mut a = vec!["explore", "--remoteness", "--game", "sub:1,3,4", "--box", "0..80"];
        let mut b = vec!["explore", "--remoteness", "--moves", &cmd, "--box", "0..80"];
        if misere {
            a.push("--misere");
            b.push("--misere");
        }
        let (x, y) = (games(&a, b""), games(&b, b""));
        let tail = |o: &std::process::Output| {
            text(&o.stdout).lines().skip(1).collect::<Vec<_>>().join("\n")
        };
        assert_eq!(tail(&x), tail(&y), "misère {misere}");
    }
}

#[test]
fn loopy_positions_are_drawn() {
    if !have_python() {
        return;
    }
    // 0 <-> 1 and 1 -> 2 -> 3 (end): at 1 the mover goes to 2? No: 2 wins for its mover (to 3),
    // so 1 avoids it and keeps the cycle: 0 and 1 are drawn. 4 -> 0 is drawn too; 5 -> 3 wins.
    let dir = temp_dir("loopy");
    let prog = dir.join("loopy.py");
    std::fs::write(&prog, "import sys\nT = {0: '1', 1: '0;2', 2: '3', 3: '', 4: '0', 5: '3;4'}\nfor line in sys.stdin:\n    print(T[int(line)])\n").unwrap();
    let cmd = format!("python3 {}", prog.display());
    let out = games(&["explore", "--remoteness", "--moves", &cmd, "--box", "0..5", "--json"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    for (v, want) in [
        (0, "\"outcome\":\"D\",\"position\":[0]}"),
        (1, "\"outcome\":\"D\",\"position\":[1]}"),
        (4, "\"outcome\":\"D\",\"position\":[4]}"),
    ] {
        assert!(s.contains(want), "vertex {v}: {s}");
    }
    assert!(s.contains("\"outcome\":\"N\",\"position\":[2],\"remoteness\":1"), "{s}");
    assert!(s.contains("\"outcome\":\"N\",\"position\":[5],\"remoteness\":1"), "{s}");
}

/// Follows `--serve` from every N-position of the box: against every reply, the game ends
/// with the opponent unable to move, within the position's remoteness.
fn serve_wins(game: &str, bx: &str, starts: &[String], options: &dyn Fn(&[u64]) -> Vec<Vec<u64>>) {
    let mut child = std::process::Command::new(GAMES)
        .args(["explore", "--remoteness", "--game", game, "--box", bx, "--serve"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
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
    let parse = |t: &str| t.split(' ').map(|x| x.parse::<u64>().unwrap()).collect::<Vec<_>>();
    let show = |p: &[u64]| p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
    let mut checked = 0;
    for start in starts {
        let v = ask(&format!("{start} ?"));
        let Some(r) = v.strip_prefix("N ") else { continue };
        let r: u32 = r.parse().unwrap();
        // (position on our turn, moves made so far)
        let mut stack = vec![(parse(start), 0u32)];
        let mut seen = std::collections::HashSet::new();
        while let Some((p, made)) = stack.pop() {
            if !seen.insert(p.clone()) {
                continue;
            }
            let mv = ask(&show(&p));
            assert_ne!(mv, "none", "{game}: no move at {p:?} on a winning line from {start}");
            let q = parse(&mv);
            assert!(options(&p).contains(&q), "{game}: {mv} is not a move from {p:?}");
            assert!(made < r, "{game}: the win from {start} takes more than {r} moves");
            for reply in options(&q) {
                stack.push((reply, made + 2));
            }
            checked += 1;
        }
    }
    assert!(checked > 20, "{game}: only {checked} positions followed");
    drop(to);
    let _ = child.wait();
}

#[test]
fn serve_wins_against_every_reply() {
    let sub = |p: &[u64]| -> Vec<Vec<u64>> {
        [1u64, 3, 4].iter().filter(|&&t| t <= p[0]).map(|&t| vec![p[0] - t]).collect()
    };
    let mut rng = Rng::new(77);
    let starts: Vec<String> = (0..12).map(|_| rng.below(150).to_string()).collect();
    serve_wins("sub:1,3,4", "0..150", &starts, &sub);
    let wythoff = |p: &[u64]| -> Vec<Vec<u64>> {
        let mut o = Vec::new();
        for t in 1..=p[0] {
            o.push(vec![p[0] - t, p[1]]);
        }
        for t in 1..=p[1] {
            o.push(vec![p[0], p[1] - t]);
        }
        for t in 1..=p[0].min(p[1]) {
            o.push(vec![p[0] - t, p[1] - t]);
        }
        o
    };
    let starts: Vec<String> =
        (0..8).map(|_| format!("{} {}", rng.below(25), rng.below(25))).collect();
    serve_wins("wythoff", "0..24,0..24", &starts, &wythoff);
}

#[test]
fn graph_remoteness_and_compounds() {
    // 1 -> 2 -> 3, 1 -> 3, 4 <-> 5; positions: {1}, {2, 1} (conjunctive: least), {4}.
    let input = "5 5\n1 2\n2 3\n1 3\n4 5\n5 4\n3\n1 1\n2 2 1\n1 4\n";
    let out = games(&["graph", "--remoteness"], input.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("1 N 1\n2 N 1\n3 P 0\n4 D -\n5 D -\n"), "{s}");
    assert!(s.contains("1 N 1\n2 N 1\n3 D -\n"), "{s}");
    let out = games(&["graph", "--remoteness", "--misere", "--json"], input.as_bytes());
    let s = text(&out.stdout);
    assert!(s.contains("{\"vertex\":3,\"outcome\":\"N\",\"remoteness\":0}"), "{s}");
    assert!(s.contains("{\"vertex\":2,\"outcome\":\"P\",\"remoteness\":1}"), "{s}");
}

/// The outcome of a selective compound by brute force on the product game: the mover moves
/// any nonempty set of components, each to one of its options; no move once none can move.
fn selective_brute(game: &[Vec<usize>], parts: &[usize]) -> bool {
    let k = parts.len();
    let mut wins_somewhere = false;
    // Every nonempty set of components that can move, each moved every way.
    for set in 1usize..1 << k {
        if (0..k).any(|i| set >> i & 1 == 1 && game[parts[i]].is_empty()) {
            continue;
        }
        let mut next = vec![parts.to_vec()];
        for i in (0..k).filter(|i| set >> i & 1 == 1) {
            next = next
                .iter()
                .flat_map(|p| {
                    game[parts[i]].iter().map(move |&u| {
                        let mut q = p.clone();
                        q[i] = u;
                        q
                    })
                })
                .collect();
        }
        if next.iter().any(|q| !selective_brute(game, q)) {
            wins_somewhere = true;
        }
    }
    wins_somewhere
}

#[test]
fn selective_compounds_against_the_product_game() {
    if !have_python() {
        return;
    }
    let mut rng = Rng::new(999);
    let (count, n) = (20usize, 7usize);
    let all: Vec<Vec<Vec<usize>>> = (0..count).map(|_| random_dag(&mut rng, n)).collect();
    let cmd = program(&temp_dir("selective"), &all);
    let bx = format!("0..{},0..{}", count - 1, n - 1);
    let mut compounds: Vec<(usize, Vec<usize>)> = Vec::new();
    for _ in 0..40 {
        let g = rng.below(count as u64) as usize;
        let k = 2 + rng.below(2) as usize;
        compounds.push((g, (0..k).map(|_| rng.below(n as u64) as usize).collect()));
    }
    let ats: Vec<String> = compounds
        .iter()
        .map(|(g, parts)| parts.iter().map(|v| format!("{g},{v}")).collect::<Vec<_>>().join(" | "))
        .collect();
    let mut args = vec!["explore", "--remoteness", "--moves", &cmd, "--box", &bx, "--no-table"];
    for a in &ats {
        args.extend(["--at", a]);
    }
    let out = games(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    for ((g, parts), text_at) in compounds.iter().zip(&ats) {
        let w = selective_brute(&all[*g], parts);
        let shown = text_at.replace(',', " ");
        let want = format!("at {shown}: outcome {}, no remoteness (selective", letter(w));
        assert!(s.contains(&want), "{want} not in the report:\n{s}");
    }
    // Misère play is refused in words, never guessed.
    let a = &ats[0];
    let out = games(
        &[
            "explore",
            "--remoteness",
            "--moves",
            &cmd,
            "--box",
            &bx,
            "--no-table",
            "--misere",
            "--at",
            a,
        ],
        b"",
    );
    let shown = a.replace(',', " ");
    assert!(text(&out.stdout).contains(&format!(
        "at {shown}: unknown: selective compounds are answered in normal play only"
    )));
}
