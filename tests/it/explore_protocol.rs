//! `games explore` and its moves program: batches (a box away from 0, upward moves), `--stream`,
//! the empty game `()`, sums in `--at` and `--at-file`, 16 coordinates, `--multiset`, and the
//! faults of issue 29 (signals at any point, fallible allocation, memory by positions asked,
//! escaped replies, leading zeros). Values are checked against brute forces written here.
//! Tests that need python3 fail without it, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{GAMES, games, temp_dir, text};
use games::rng::Rng;
use std::path::Path;
use std::process::{Command, Stdio};

fn have_python() -> bool {
    common::have_python("this test")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = games(args, b"");
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("json")
}

fn values(report: &serde_json::Value) -> Vec<u64> {
    report["values"].as_array().unwrap().iter().map(|v| v.as_u64().expect("a value")).collect()
}

/// A Python moves program that answers from `file` (lines `position:options`), flushing each
/// line, logs each start to `log` and each position asked to `log` with extension `asked`.
fn lookup(dir: &Path, file: &Path, log: &Path) -> String {
    let prog = dir.join("lookup.py");
    std::fs::write(
        &prog,
        "import sys\no = {}\nfor l in open(sys.argv[1]):\n    k, v = l.rstrip('\\n').split(':', 1)\n    o[k] = v\nasked = open(sys.argv[2], 'a')\nfor l in sys.stdin:\n    asked.write(l)\n    asked.flush()\n    print(o[' '.join(l.split())], flush=True)\n",
    )
    .unwrap();
    let asked = log.with_extension("asked");
    format!(
        "echo x >> {}; exec python3 {} {} {}",
        log.display(),
        prog.display(),
        file.display(),
        asked.display()
    )
}

/// The positions the program was asked, in order (and the log emptied).
fn asked(log: &Path) -> Vec<usize> {
    let file = log.with_extension("asked");
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let _ = std::fs::remove_file(&file);
    text.lines().map(|l| l.trim().parse().expect("a position")).collect()
}

fn starts(log: &Path) -> usize {
    let n = std::fs::read_to_string(log).map(|s| s.lines().count()).unwrap_or(0);
    let _ = std::fs::remove_file(log);
    n
}

/// Random games on 0..n whose moves go up or down (a random order decides), with sums and
/// the empty game `()`, on boxes anywhere: every value equals a plain mex over the XOR of the
/// parts, in batch mode and with --stream; the positions explored are exactly those reachable,
/// and --stream asks each of them once (those the replies lead to in the same exchange) and no
/// other.
#[test]
fn random_games_with_upward_moves_match_a_brute_force() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("random");
    let log = dir.join("starts.log");
    let mut rng = Rng::new(2024);
    for case in 0..24 {
        let n = 20 + rng.below(300) as usize;
        let mut rank: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            rank.swap(i, rng.below(i as u64 + 1) as usize);
        }
        // Options of v: parts of lower rank; an empty part list is `()`.
        let mut by_rank = vec![0; n];
        for v in 0..n {
            by_rank[rank[v]] = v;
        }
        let mut options: Vec<Vec<Vec<usize>>> = vec![Vec::new(); n];
        for v in 0..n {
            if rank[v] == 0 {
                continue;
            }
            for _ in 0..rng.below(5) {
                let parts = rng.below(if case % 3 == 0 { 3 } else { 2 }) as usize;
                let parts = if rng.below(6) == 0 { 0 } else { parts.max(1) };
                let o = (0..parts).map(|_| by_rank[rng.below(rank[v] as u64) as usize]).collect();
                options[v].push(o);
            }
        }
        let mut g = vec![0u64; n];
        for &v in &by_rank {
            let xs: Vec<u64> =
                options[v].iter().map(|o| o.iter().fold(0, |x, &w| x ^ g[w])).collect();
            g[v] = (0..).find(|m| !xs.contains(m)).unwrap();
        }
        let lines: Vec<String> = (0..n)
            .map(|v| {
                let opts: Vec<String> = options[v]
                    .iter()
                    .map(|o| {
                        if o.is_empty() {
                            "()".to_string()
                        } else {
                            o.iter().map(|w| w.to_string()).collect::<Vec<_>>().join(" + ")
                        }
                    })
                    .collect();
                format!("{v}:{}", opts.join(";"))
            })
            .collect();
        let file = dir.join(format!("game{case}.txt"));
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        let lo = rng.below(n as u64) as usize;
        let hi = (lo + rng.below(20) as usize).min(n - 1);
        // Reachable from the box.
        let mut seen = vec![false; n];
        let mut stack: Vec<usize> = (lo..=hi).collect();
        while let Some(v) = stack.pop() {
            if !std::mem::replace(&mut seen[v], true) {
                stack.extend(options[v].iter().flatten());
            }
        }
        let reachable = seen.iter().filter(|&&s| s).count();
        let spec = format!("{lo}..{hi}");
        let cmd = lookup(&dir, &file, &log);
        for mode in ["--no-table", "--stream"] {
            let report = json(&["explore", "--moves", &cmd, "--box", &spec, "--json", mode]);
            assert_eq!(values(&report), g[lo..=hi].to_vec(), "case {case} {mode}: {lines:?}");
            // Batch mode may value a position asked ahead (below the box) without keeping its
            // options, so it counts at most the reachable ones; --stream asks nothing ahead.
            let explored = report["explored"].as_u64().unwrap() as usize;
            if mode == "--stream" {
                assert_eq!(explored, reachable, "case {case}");
            } else {
                assert!(explored <= reachable && explored > hi - lo, "case {case}: {explored}");
            }
            let s = starts(&log);
            let mut asked = asked(&log);
            if mode == "--stream" {
                assert_eq!(s, 1, "case {case}: --stream starts the program once");
                asked.sort_unstable();
                let want: Vec<usize> = (0..n).filter(|&v| seen[v]).collect();
                assert_eq!(asked, want, "case {case}: --stream asks each reachable position once");
            } else {
                assert!(s <= 20, "case {case}: {s} starts");
            }
        }
    }
}

/// A box away from 0 of a game whose moves go down is one start; an upward chain of 200
/// levels two or three (one with --stream); --max-starts stops it with a message.
#[test]
fn few_starts_for_a_box_away_from_zero_and_for_an_upward_chain() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("starts");
    let log = dir.join("starts.log");
    let sub = dir.join("sub.py");
    std::fs::write(&sub, "import sys\nfor l in sys.stdin:\n    n = int(l)\n    print(';'.join(str(n - k) for k in (1, 3, 4) if n >= k), flush=True)\n").unwrap();
    let cmd = format!("echo x >> {}; exec python3 {}", log.display(), sub.display());
    // Brute force: the subtraction game {1, 3, 4}.
    let mut g = vec![0u64; 400];
    for n in 0..400 {
        let xs: Vec<u64> = [1, 3, 4].iter().filter(|&&k| n >= k).map(|&k| g[n - k]).collect();
        g[n] = (0..).find(|m| !xs.contains(m)).unwrap();
    }
    let report = json(&["explore", "--moves", &cmd, "--box", "300..310", "--json"]);
    assert_eq!(values(&report), g[300..=310].to_vec());
    assert_eq!(starts(&log), 1, "the box and everything below it in one start");
    let chain = dir.join("chain.py");
    std::fs::write(&chain, "import sys\nfor l in sys.stdin:\n    n = int(l)\n    print(';'.join(str(n + k) for k in (1, 2) if n < 200), flush=True)\n").unwrap();
    let cmd = format!("echo x >> {}; exec python3 {}", log.display(), chain.display());
    // Brute force: from the top down.
    let mut g = vec![0u64; 202];
    for n in (0..202).rev() {
        let xs: Vec<u64> = if n < 200 { vec![g[n + 1], g[n + 2]] } else { vec![] };
        g[n] = (0..).find(|m| !xs.contains(m)).unwrap();
    }
    let report = json(&["explore", "--moves", &cmd, "--box", "0..5", "--json"]);
    assert_eq!(values(&report), g[..6].to_vec());
    assert_eq!(report["explored"], 202);
    let s = starts(&log);
    assert!(s <= 3, "an upward chain of 200 levels took {s} starts");
    let report = json(&["explore", "--moves", &cmd, "--box", "0..5", "--json", "--stream"]);
    assert_eq!(values(&report), g[..6].to_vec());
    assert_eq!(starts(&log), 1);
    let out = games(&["explore", "--moves", &cmd, "--box", "0..5", "--max-starts", "1"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("--max-starts") && err.contains("--stream"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // A --stream program that does not flush is reported, not waited on for ever.
    let lazy = dir.join("lazy.py");
    std::fs::write(&lazy, "import sys\nfor l in sys.stdin:\n    print('')\n").unwrap();
    let cmd = format!("env -u PYTHONUNBUFFERED python3 {}", lazy.display());
    let out =
        games(&["explore", "--moves", &cmd, "--box", "0..5", "--stream", "--timeout", "1"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("flush"), "{}", text(&out.stderr));
}

/// The empty game spelled `()`: a coin-turning style game where heads at n may be turned to
/// tails alone (the move to nothing) or with one coin to its left.
#[test]
fn the_empty_game_needs_no_dummy_position() {
    let prog = "awk '{ s = \"()\"; for (k = 1; k < $1; k++) s = s \";\" k; print s }'";
    let report = json(&["explore", "--moves", prog, "--box", "1..30", "--json"]);
    // Brute force: G(n) = mex({0} ∪ {G(k) : 1 <= k < n}) = n.
    let want: Vec<u64> = (1..=30).collect();
    assert_eq!(values(&report), want);
    let out = games(&["explore", "--moves", "awk '{ print \"(\" }'", "--box", "1..3"], b"");
    assert_eq!(out.status.code(), Some(1));
}

/// Batches larger than a pipe holds, both ways: subtraction {1, 2} on 2*10^5 positions, in
/// batch mode and with --stream (Python, flushing), the box at 0 and away from it (with
/// --stream the 10^5 positions below it are asked as the replies lead to them, in one
/// exchange): every value is the brute force's.
#[test]
fn batches_larger_than_a_pipe() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("pipe");
    let sub = dir.join("sub.py");
    std::fs::write(&sub, "import sys\nfor l in sys.stdin:\n    n = int(l)\n    print(';'.join(str(n - k) for k in (1, 2) if n >= k), flush=True)\n").unwrap();
    let prog = &format!("python3 {}", sub.display());
    let n = 200_000;
    let mut g = vec![0u64; n];
    for v in 0..n {
        let xs: Vec<u64> = (1..=2).filter(|&k| v >= k).map(|k| g[v - k]).collect();
        g[v] = (0..).find(|m| !xs.contains(m)).unwrap();
    }
    for (lo, mode) in [(0, "--no-table"), (0, "--stream"), (100_000, "--stream")] {
        let spec = format!("{lo}..{}", n - 1);
        let report =
            json(&["explore", "--moves", prog, "--box", &spec, "--json", "--patterns", "0", mode]);
        assert_eq!(values(&report), g[lo..].to_vec(), "{spec} {mode}");
    }
    // A fault deep in the one exchange still names its position.
    let bad = dir.join("bad.py");
    std::fs::write(&bad, "import sys\nfor l in sys.stdin:\n    n = int(l)\n    print('x' if n == 50000 else ';'.join(str(n - k) for k in (1, 2) if n >= k), flush=True)\n").unwrap();
    let cmd = format!("python3 {}", bad.display());
    let out = games(&["explore", "--moves", &cmd, "--box", "100000..199999", "--stream"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("reply to position '50000' is 'x'"), "{err}");
}

/// --at with sums and --at-file (and --at -) with 2*10^5 lines: the XOR of the parts' values.
#[test]
fn sums_and_at_files_of_two_hundred_thousand_positions() {
    let dir = temp_dir("atfile");
    // Subtraction {1, 2}: G(n) = n mod 3, computed by the brute force below.
    let prog = "awk '{ s = \"\"; for (k = 1; k <= 2 && k <= $1; k++) s = s (s == \"\" ? \"\" : \";\") ($1 - k); print s }'";
    let mut g = vec![0u64; 100];
    for n in 0..100 {
        let xs: Vec<u64> = (1..=2).filter(|&k| n >= k).map(|k| g[n - k]).collect();
        g[n] = (0..).find(|m| !xs.contains(m)).unwrap();
    }
    let mut rng = Rng::new(7);
    let mut lines = String::new();
    let mut want = Vec::new();
    for _ in 0..200_000 {
        let k = 1 + rng.below(4) as usize;
        let parts: Vec<usize> = (0..k).map(|_| rng.below(100) as usize).collect();
        want.push(parts.iter().fold(0, |x, &p| x ^ g[p]));
        let t: Vec<String> = parts.iter().map(|p| format!("{p:03}")).collect();
        lines.push_str(&t.join(" + "));
        lines.push('\n');
    }
    let file = dir.join("at.txt");
    std::fs::write(&file, &lines).unwrap();
    let out = games(
        &[
            "explore",
            "--moves",
            prog,
            "--box",
            "0..99",
            "--no-table",
            "--at-file",
            file.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got: Vec<u64> = text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("at "))
        .map(|l| l.split("value ").nth(1).unwrap().split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(got, want);
    let out = games(
        &["explore", "--moves", prog, "--box", "0..99", "--at", "-", "--json"],
        lines.as_bytes(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let at = report["at"].as_array().unwrap();
    assert_eq!(at.len(), 200_000);
    let got: Vec<u64> = at.iter().map(|a| a["value"].as_u64().unwrap()).collect();
    assert_eq!(got, want);
    let report = json(&["explore", "--moves", prog, "--box", "0..99", "--json", "--at", "4+5+7"]);
    assert_eq!(report["at"][0]["position"], serde_json::json!([[4], [5], [7]]));
    assert_eq!(report["at"][0]["value"], g[4] ^ g[5] ^ g[7]);
    std::fs::write(&file, "1 + 2\n3 + x\n").unwrap();
    let out = games(
        &["explore", "--moves", prog, "--box", "0..9", "--at-file", file.to_str().unwrap()],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("at.txt:2:5:") && err.lines().count() == 1, "{err}");
}

/// Sixteen coordinates: Nim on 0..1^16 (every position of 16 heaps of 0 or 1) against the
/// XOR of the heaps; a 17th coordinate is a usage error.
#[test]
fn positions_of_sixteen_coordinates() {
    let prog = "awk '{ s = \"\"; for (i = 1; i <= NF; i++) if ($i > 0) { o = \"\"; for (j = 1; j <= NF; j++) o = o (j > 1 ? \" \" : \"\") (j == i ? 0 : $j); s = s (s == \"\" ? \"\" : \";\") o } print s }'";
    let report = json(&["explore", "--moves", prog, "--box", "0..1^16", "--json", "--no-table"]);
    let got = values(&report);
    assert_eq!(got.len(), 1 << 16);
    for (cell, v) in got.iter().enumerate() {
        assert_eq!(*v, u64::from(cell.count_ones() % 2), "cell {cell}");
    }
}

/// --multiset: "take any amount from one heap, or one token from each of two heaps" on every
/// multiset of at most 3 heaps of 0..9, against a brute force over sorted heap lists.
#[test]
fn multisets_match_a_brute_force_over_sorted_heaps() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("multiset");
    let prog = dir.join("two.py");
    std::fs::write(
        &prog,
        "import sys, random\nfor line in sys.stdin:\n    hs = list(map(int, line.split()))\n    assert hs == sorted(hs) and 0 not in hs\n    opts = []\n    for i, h in enumerate(hs):\n        for k in range(h):\n            q = hs[:]; q[i] = k; random.shuffle(q); opts.append(' '.join(map(str, q)))\n    for i in range(len(hs)):\n        for j in range(i + 1, len(hs)):\n            q = hs[:]; q[i] -= 1; q[j] -= 1; opts.append(' '.join(map(str, q)))\n    print(';'.join(o if o.strip('0 ') else '()' for o in opts))\n",
    )
    .unwrap();
    let cmd = format!("python3 {}", prog.display());
    let report = json(&[
        "explore",
        "--moves",
        &cmd,
        "--multiset",
        "--box",
        "0..9^3",
        "--json",
        "--at",
        "9,3,7",
    ]);
    let mut memo = std::collections::HashMap::new();
    fn g(h: Vec<u64>, memo: &mut std::collections::HashMap<Vec<u64>, u64>) -> u64 {
        if let Some(&v) = memo.get(&h) {
            return v;
        }
        let mut xs = Vec::new();
        for i in 0..h.len() {
            for k in 0..h[i] {
                let mut q = h.clone();
                q[i] = k;
                q.sort();
                xs.push(g(q, memo));
            }
            for j in i + 1..h.len() {
                if h[i] > 0 && h[j] > 0 {
                    let mut q = h.clone();
                    q[i] -= 1;
                    q[j] -= 1;
                    q.sort();
                    xs.push(g(q, memo));
                }
            }
        }
        let v = (0..).find(|m| !xs.contains(m)).unwrap();
        memo.insert(h, v);
        v
    }
    let got = values(&report);
    let mut cell = 0;
    for a in 0..10 {
        for b in 0..10 {
            for c in 0..10 {
                let mut h = vec![a, b, c];
                h.sort();
                assert_eq!(got[cell], g(h, &mut memo), "({a}, {b}, {c})");
                cell += 1;
            }
        }
    }
    assert_eq!(report["explored"], 220, "each multiset asked once");
    assert_eq!(report["at"][0]["value"], g(vec![3, 7, 9], &mut memo));
}

/// Issue 29, fault 6: a signal after the moves program has run (here: while the report is
/// written to a pipe nobody reads) ends the run with 128 + the signal.
#[test]
fn a_signal_after_the_program_ran_ends_the_run() {
    let prog = "awk '{ print \"\" }'";
    for (sig, code) in [("-TERM", 143), ("-INT", 130)] {
        let mut child = Command::new(GAMES)
            .args(["explore", "--moves", prog, "--box", "0..400,0..400"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Ready when the report's first byte comes (read here, no sleep): the program has run
        // and the report is being written; the rest of it is far larger than the pipe, which
        // nobody reads from now on, so the run cannot have ended.
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        assert!(child.try_wait().unwrap().is_none(), "the run should be blocked on its output");
        common::kill(sig, child.id());
        let mut status = None;
        common::wait_until(&format!("the run ending on {sig}"), || {
            status = child.try_wait().unwrap();
            status.is_some()
        });
        drop(stdout);
        assert_eq!(status.and_then(|s| s.code()), Some(code), "{sig}");
    }
}

/// Issue 29, fault 7: a huge box is refused with one line, not an abort, under 2 GB.
#[test]
fn a_huge_box_cannot_be_allocated_and_says_so() {
    let cmd = format!(
        "ulimit -v 2000000; exec {GAMES} explore --moves cat --box 0..99999999 --max-positions 100000000"
    );
    let out = Command::new("sh").arg("-c").arg(&cmd).output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot allocate") && err.lines().count() == 1, "{err}");
}

/// Issue 29, fault 8: memory follows the positions asked, not the output: 60 KB of reply a
/// position on 3,000 positions (180 MB of text) runs under a 150 MB address-space limit; and
/// --check's output is capped by the positions it was given.
#[test]
fn memory_follows_the_positions_not_the_output() {
    let prog = "awk 'BEGIN { p = \"\"; for (i = 0; i < 2000; i++) p = p \" \" } { for (k = 0; k < 30; k++) printf \"%s%s%s\", (k ? \";\" : \"\"), ($1 > 0 ? $1 - 1 : \"()\"), p; print \"\" }'";
    let cmd = format!(
        "ulimit -v 150000; exec {GAMES} explore --moves '{}' --box 0..2999 --no-table --patterns 0",
        prog.replace('\'', "'\\''")
    );
    let out = Command::new("sh").arg("-c").arg(&cmd).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let flood = "head -c 5000000 /dev/zero | tr '\\0' x";
    let out = games(
        &["explore", "--moves", "awk '{ print \"\" }'", "--box", "0..9", "--check", flood],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("more than 1058816 bytes"), "{err}");
}

/// Issue 29, fault 15: control bytes of a reply are escaped in the error line; a number with
/// many leading zeros is a number.
#[test]
fn replies_are_escaped_and_leading_zeros_read() {
    let out = games(&["explore", "--moves", "printf '\\033[31mred\\007\\n'", "--box", "0"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("\\u001b[31mred\\u0007"), "{err}");
    assert!(!err.bytes().any(|b| b < 0x20 && b != b'\n'), "{err:?}");
    let prog = "awk '{ print ($1 > 0 ? \"00000000000000000000\" $1 - 1 : \"\") }'";
    let report = json(&["explore", "--moves", prog, "--box", "0..9", "--json"]);
    assert_eq!(values(&report), vec![0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    let out = games(
        &["explore", "--moves", "true", "--box", "0..9", "--at", "00000000000000000001"],
        b"",
    );
    assert_ne!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// On a terminal, a run over a second shows positions known, asked, batches and starts
/// (through `script`, which gives the run a terminal; without it the test fails unless
/// `GAMES_TEST_NO_SYSTOOLS=1`).
#[test]
fn a_long_run_shows_its_progress_on_a_terminal() {
    if !common::need("script", "the progress line on a terminal") {
        return;
    }
    let inner = format!(
        "{GAMES} explore --moves 'sleep 1.2; awk \"{{ print \\\"\\\" }}\"' --box 0..2999 --no-table > /dev/null"
    );
    let out = Command::new("script").args(["-qc", &inner, "/dev/null"]).output().unwrap();
    let shown = text(&out.stdout);
    assert!(shown.contains("explore: 3000 positions known, 3000 asked ("), "{shown:?}");
    // Then the time so far, whatever it is on this machine: "1 starts, S.s s".
    let after = shown.split(" answered), 1 batches, 1 starts, ").nth(1).unwrap_or_default();
    let secs = after.split(' ').next().unwrap_or_default();
    assert!(secs.parse::<f64>().is_ok() && after[secs.len()..].starts_with(" s"), "{shown:?}");
}
