//! `games explore --score` through the binary, against references written here with no memo
//! and no code shared with `games`: random acyclic games with random gains (up to 10^18, some
//! positions ending with a final gain `= G`) against an exhaustive minimax over the whole game
//! tree; interval games (take a number from either end of a row) on random arrays of up to 12
//! numbers against the enumeration of every play order; sums past 64 bits; a cycle refused and
//! named; `--serve` playing the interval game for the first player, against every reply of the
//! opponent, reaching at least the value. Without python3 they fail, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{games, temp_dir, text};
use games::rng::Rng;

fn have_python() -> bool {
    common::have_python("the --score tests")
}

/// A random acyclic game: per position, options to lower positions with gains, or a final gain.
struct Game {
    opts: Vec<Vec<(usize, i64)>>,
    end: Vec<Option<i64>>,
}

fn gain(rng: &mut Rng) -> i64 {
    match rng.below(4) {
        0 => rng.below(2_000_000_000_000_000_001) as i64 - 1_000_000_000_000_000_000,
        _ => rng.below(21) as i64 - 10,
    }
}

fn random_game(rng: &mut Rng, n: usize) -> Game {
    let mut opts = Vec::new();
    let mut end = Vec::new();
    for v in 0..n {
        if v > 0 && rng.below(5) > 0 {
            let k = 1 + rng.below(3) as usize;
            opts.push((0..k).map(|_| (rng.below(v as u64) as usize, gain(rng))).collect());
            end.push(None);
        } else {
            opts.push(Vec::new());
            end.push((rng.below(2) == 0).then(|| gain(rng)));
        }
    }
    Game { opts, end }
}

/// The whole tree, no memo: the mover's total minus the opponent's.
fn minimax(g: &Game, v: usize) -> i128 {
    if let Some(e) = g.end[v] {
        return e as i128;
    }
    g.opts[v].iter().map(|&(u, gain)| gain as i128 - minimax(g, u)).max().unwrap_or(0)
}

fn value_of(json: &str, position: &str) -> String {
    // Entries are {"outcome":..,"position":[..],"value":".."} (keys sorted): the value follows.
    let at = json.find(&format!("\"position\":[{position}]")).expect("position in the JSON");
    let after = &json[at..];
    let v = after.find("\"value\":\"").expect("value") + 9;
    let end = after[v..].find('"').expect("end of value");
    after[v..v + end].to_string()
}

#[test]
fn random_acyclic_games_against_exhaustive_minimax() {
    if !have_python() {
        return;
    }
    let mut rng = Rng::new(3601);
    let (count, n) = (40usize, 9usize);
    let all: Vec<Game> = (0..count).map(|_| random_game(&mut rng, n)).collect();
    // One program for all games: position (game, vertex).
    let mut table = String::from("T = {\n");
    for (i, g) in all.iter().enumerate() {
        for v in 0..n {
            let line = match g.end[v] {
                Some(e) => format!("= {e}"),
                None => {
                    let o: Vec<String> =
                        g.opts[v].iter().map(|&(u, x)| format!("{i} {u} @ {x}")).collect();
                    o.join("; ")
                }
            };
            table.push_str(&format!("({i}, {v}): {line:?},\n"));
        }
    }
    table.push_str("}\nimport sys\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    print(T[(a, b)], flush=True)\n");
    let dir = temp_dir("acyclic");
    let prog = dir.join("moves.py");
    std::fs::write(&prog, table).unwrap();
    let cmd = format!("python3 {}", prog.display());
    let bx = format!("0..{},0..{}", count - 1, n - 1);
    for stream in [false, true] {
        let mut args = vec!["explore", "--score", "--moves", &cmd, "--box", &bx, "--json"];
        if stream {
            args.push("--stream");
        }
        let out = games(&args, b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let json = text(&out.stdout);
        for (i, g) in all.iter().enumerate() {
            for v in 0..n {
                let want = minimax(g, v).to_string();
                assert_eq!(value_of(&json, &format!("{i},{v}")), want, "game {i} vertex {v}");
            }
        }
    }
}

/// Every play order of the interval game: the first player's total minus the second's.
fn every_order(a: &[i64], i: usize, j: usize) -> i128 {
    if i == j {
        return 0;
    }
    let left = a[i] as i128 - every_order(a, i + 1, j);
    let right = a[j - 1] as i128 - every_order(a, i, j - 1);
    left.max(right)
}

const INTERVAL: &str = "import sys\nA = [int(x) for x in sys.argv[1:]]\nfor line in sys.stdin:\n    i, j = map(int, line.split())\n    if i >= j or j > len(A):\n        print()\n    elif i + 1 == j:\n        print(f'= {A[i]}')\n    else:\n        print(f'{i + 1} {j} @ {A[i]}; {i} {j - 1} @ {A[j - 1]}')\n";

#[test]
fn interval_games_against_every_play_order() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("interval");
    let prog = dir.join("interval.py");
    std::fs::write(&prog, INTERVAL).unwrap();
    let mut rng = Rng::new(12);
    for case in 0..12 {
        let n = 1 + rng.below(12) as usize;
        let big = case % 3 == 0;
        let a: Vec<i64> = (0..n)
            .map(|_| {
                if big {
                    // Near 2^63: the totals pass 64 bits.
                    i64::MAX - rng.below(1000) as i64
                } else {
                    rng.below(201) as i64 - 100
                }
            })
            .collect();
        let nums: Vec<String> = a.iter().map(|x| x.to_string()).collect();
        let cmd = format!("python3 {} {}", prog.display(), nums.join(" "));
        let at = format!("0,{n}");
        let bx = format!("0..{n},0..{n}");
        let out = games(
            &["explore", "--score", "--moves", &cmd, "--box", &bx, "--at", &at, "--no-table"],
            b"",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let want = every_order(&a, 0, n);
        let line = format!("at 0 {n}: value {want}, outcome ");
        assert!(text(&out.stdout).contains(&line), "{a:?}: {}", text(&out.stdout));
    }
}

#[test]
fn sums_past_64_bits_are_exact() {
    if !have_python() {
        return;
    }
    // A chain n -> n - 1 gaining +G on odd n and -G on even n: |value(n)| = n G.
    let dir = temp_dir("chain");
    let prog = dir.join("chain.py");
    let g = 9_000_000_000_000_000_000i64;
    std::fs::write(
        &prog,
        format!("import sys\nfor line in sys.stdin:\n    n = int(line)\n    print(f'{{n - 1}} @ {{{g} if n % 2 else -{g}}}' if n > 0 else '')\n"),
    )
    .unwrap();
    let cmd = format!("python3 {}", prog.display());
    let out = games(
        &[
            "explore",
            "--score",
            "--moves",
            &cmd,
            "--box",
            "0..1001",
            "--at",
            "1001",
            "1000",
            "--no-table",
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let (odd, even) = (1001 * g as i128, -1000 * g as i128);
    assert!(s.contains(&format!("at 1001: value {odd}, outcome win")), "{s}");
    assert!(s.contains(&format!("at 1000: value {even}, outcome loss")), "{s}");
}

#[test]
fn a_cycle_is_refused_and_named() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("cycle");
    let prog = dir.join("cycle.py");
    std::fs::write(&prog, "import sys\nfor line in sys.stdin:\n    n = int(line)\n    print(f'{(n + 1) % 3} @ 1' if n < 3 else '')\n").unwrap();
    let cmd = format!("python3 {}", prog.display());
    let out = games(&["explore", "--score", "--moves", &cmd, "--box", "0..4"], b"");
    assert_eq!(out.status.code(), Some(1));
    let e = text(&out.stderr);
    assert!(e.contains("can recur: 0 -> 1 -> 2 -> 0") && e.lines().count() == 1, "{e}");
    // A reply without a gain is named.
    std::fs::write(&prog, "import sys\nfor line in sys.stdin:\n    print('0')\n").unwrap();
    let out = games(&["explore", "--score", "--moves", &cmd, "--box", "1"], b"");
    assert!(text(&out.stderr).contains("has no '@ GAIN'"), "{}", text(&out.stderr));
}

/// `--serve` plays the first player of an interval game: against every reply of the
/// opponent, its total minus the opponent's is at least the value (and the value is reached
/// when the opponent plays best too).
#[test]
fn serve_reaches_the_value_against_every_reply() {
    if !have_python() {
        return;
    }
    use std::io::{BufRead, BufReader, Write};
    let dir = temp_dir("serve");
    let prog = dir.join("interval.py");
    std::fs::write(&prog, INTERVAL).unwrap();
    let a: Vec<i64> = vec![3, 9, 1, 2, 8, 4, 7];
    let n = a.len();
    let nums: Vec<String> = a.iter().map(|x| x.to_string()).collect();
    let cmd = format!("python3 {} {}", prog.display(), nums.join(" "));
    let bx = format!("0..{n},0..{n}");
    let mut child = std::process::Command::new(common::GAMES)
        .args(["explore", "--score", "--moves", &cmd, "--box", &bx, "--serve"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut to = child.stdin.take().unwrap();
    let mut from = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |q: String| {
        writeln!(to, "{q}").unwrap();
        to.flush().unwrap();
        let mut line = String::new();
        from.read_line(&mut line).unwrap();
        line.trim().to_string()
    };
    let value: i128 = ask(format!("0 {n} ?")).parse().unwrap();
    assert_eq!(value, every_order(&a, 0, n));
    // Depth-first over the opponent's replies: (i, j, our total minus theirs so far).
    let mut stack = vec![(0usize, n, 0i128)];
    let mut ends = 0;
    while let Some((i, j, score)) = stack.pop() {
        if i == j {
            assert!(score >= value, "a line ended at {score} < {value}");
            ends += 1;
            continue;
        }
        let reply = ask(format!("{i} {j}"));
        let (k, l) = if i + 1 == j {
            assert_eq!(reply, "none", "a last number is taken by '= GAIN', no move");
            (j, j)
        } else {
            let mut it = reply.split(' ').map(|x| x.parse::<usize>().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        };
        let took = if k == i + 1 { a[i] } else { a[j - 1] } as i128;
        let score = score + took;
        if k == l {
            stack.push((k, l, score));
            continue;
        }
        stack.push((k + 1, l, score - a[k] as i128));
        if l > k + 1 {
            stack.push((k, l - 1, score - a[l - 1] as i128));
        }
    }
    drop(to);
    assert!(ends >= 8, "{ends} lines");
    let _ = child.wait();
}
