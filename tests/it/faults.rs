//! Faults found on the new surfaces (issue 47), each reproduced here first: a stress run of the
//! brute force interrupted by a signal (the count of passed cases), an interactor that computes
//! or sleeps (not idleness) against two programs blocked reading each other (idleness), control
//! bytes and long lines in transcripts, a 10 MB bad input line echoed, a `--serve` request line
//! larger than memory, big tables under `ulimit -v`, `--list` into a closed pipe, and
//! `--multiset` counting multisets. Only `sh` and coreutils are needed: every program a test
//! runs is a shell script written here.

use crate::common;

use common::{GAMES, games, temp_dir, text};
use std::process::{Command, Stdio};

/// Has process `pid` a handler for SIGINT (bit 2 of `SigCgt` in `/proc/PID/status`)? The
/// readiness of a run to be interrupted: `games` installs its handler before the work starts.
fn catches_sigint(pid: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    let caught = status.lines().find_map(|l| l.strip_prefix("SigCgt:"));
    caught.and_then(|h| u64::from_str_radix(h.trim(), 16).ok()).is_some_and(|m| m & 2 != 0)
}

/// A shell script in `dir`, run as `sh PATH`.
fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    format!("sh {}", p.display())
}

/// Every byte of `s` is printable ASCII, a line feed, or part of a UTF-8 letter: nothing that
/// can act on a terminal.
fn no_raw_control(s: &[u8]) -> bool {
    s.iter().all(|&b| b == b'\n' || (0x20..0x7f).contains(&b) || b >= 0x80)
        && std::str::from_utf8(s).is_ok_and(|t| t.chars().all(|c| c == '\n' || !c.is_control()))
}

#[test]
fn stress_brute_interrupted_says_how_many_passed() {
    for (signal, code, name) in [("-INT", 130, "SIGINT"), ("-TERM", 143, "SIGTERM")] {
        let child = Command::new(GAMES)
            .args(["stress", "nim", "--brute", "--cases", "1000000000", "--jobs", "1"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = child.id();
        let mut polls = 0u64;
        while !catches_sigint(pid) {
            polls += 1;
            assert!(polls < 10_000_000, "games never caught SIGINT");
            std::thread::yield_now();
        }
        let sent = Command::new("kill").args([signal, &pid.to_string()]).status().unwrap();
        assert!(sent.success());
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{err}");
        let line = err.trim();
        assert_eq!(line.lines().count(), 1, "{err}");
        let prefix = format!("games stress nim: interrupted by {name} (");
        let rest = line.strip_prefix(&prefix).unwrap_or_else(|| panic!("{err}"));
        let (passed, tail) = rest.split_once(' ').unwrap();
        assert!(passed.parse::<u64>().is_ok_and(|n| n < 1_000_000_000), "{err}");
        assert_eq!(tail, "of 1000000000 cases passed before it)", "{err}");
    }
}

/// `games test --interactor INTERACTOR --against SOLUTION CASE`: exit code and report.
fn interact(dir: &std::path::Path, interactor: &str, solution: &str) -> (Option<i32>, Vec<u8>) {
    let case = dir.join("case.in");
    std::fs::write(&case, "5\n").unwrap();
    let case = case.display().to_string();
    let args = ["test", "--interactor", interactor, "--against", solution, "--timeout", "60"];
    let mut args = args.to_vec();
    args.push(&case);
    let out = games(&args, b"");
    let mut report = out.stdout;
    report.extend_from_slice(&out.stderr);
    (out.status.code(), report)
}

#[test]
fn an_interactor_that_sleeps_before_answering_is_not_idleness() {
    let dir = temp_dir("slow-interactor");
    // Reads the solution's move, thinks for 2 s (longer than the old 1 s idleness), answers.
    let jury = script(
        &dir,
        "jury.sh",
        "read n < \"$1\"\necho \"$n\"\nread a\nsleep 2\necho ok\nread b\n[ \"$b\" = done ]\n",
    );
    let solution = script(&dir, "sol.sh", "read n\necho 4\nread r\necho done\n");
    let (code, report) = interact(&dir, &jury, &solution);
    assert_eq!(code, Some(0), "{}", text(&report));
    assert!(text(&report).starts_with("AC "), "{}", text(&report));
}

#[test]
fn both_sides_blocked_reading_is_idleness() {
    let dir = temp_dir("idle");
    let jury = script(&dir, "jury.sh", "echo 5\nread a\n[ \"$a\" = 4 ]\n");
    // Reads the first line, then waits for a second that never comes instead of answering.
    let solution = script(&dir, "sol.sh", "read n\nread m\necho 4\n");
    let (code, report) = interact(&dir, &jury, &solution);
    assert_eq!(code, Some(1), "{}", text(&report));
    assert!(text(&report).starts_with("IL "), "{}", text(&report));
}

#[test]
fn a_solution_that_sleeps_is_a_time_limit_not_idleness() {
    let dir = temp_dir("sleeper");
    let jury = script(&dir, "jury.sh", "echo 5\nread a\n[ \"$a\" = 4 ]\n");
    let solution = script(&dir, "sol.sh", "read n\nsleep 600\necho 4\n");
    let case = dir.join("case.in");
    std::fs::write(&case, "5\n").unwrap();
    let case = case.display().to_string();
    let args = ["test", "--interactor", &jury, "--against", &solution, "--timeout", "3", &case];
    let out = games(&args, b"");
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.starts_with("TLE "), "{report}");
}

#[test]
fn transcripts_escape_control_bytes_and_cut_long_lines() {
    let dir = temp_dir("transcript");
    // Retitles the terminal, clears the screen, a NUL, CR and DEL, then a line of 2,000,000
    // bytes, then calls the solution's (missing) answer wrong.
    let jury = script(
        &dir,
        "jury.sh",
        "printf '\\033]0;pwned\\007\\033[2J\\000x\\r\\177\\n'\nhead -c 2000000 /dev/zero | tr '\\000' a\necho\necho bad >&2\nexit 1\n",
    );
    let solution = script(&dir, "sol.sh", "cat > /dev/null\n");
    let (code, report) = interact(&dir, &jury, &solution);
    let shown = text(&report);
    assert_eq!(code, Some(1), "{shown}");
    assert!(shown.starts_with("WA "), "{shown}");
    assert!(no_raw_control(&report), "{shown:?}");
    assert!(shown.contains("> \\u001b]0;pwned\\u0007\\u001b[2J\\u0000x\\r\\u007f\n"), "{shown}");
    assert!(shown.contains(&format!("> {}... (2000000 bytes)\n", "a".repeat(120))), "{shown}");
    assert!(report.len() < 4096, "{} bytes", report.len());
}

#[test]
fn stress_interactor_escapes_the_generated_input() {
    let dir = temp_dir("istress");
    let generator = script(&dir, "gen.sh", "printf '\\033[2J%s\\n' \"$1\"\n");
    let jury = script(&dir, "jury.sh", "exit 1\n");
    let solution = script(&dir, "sol.sh", "cat > /dev/null\n");
    let save = dir.join("failing.in").display().to_string();
    let args = [
        "stress",
        "--interactor",
        &jury,
        "--gen",
        &generator,
        "--against",
        &solution,
        "--cases",
        "1",
        "--save",
        &save,
    ];
    let out = games(&args, b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(no_raw_control(&out.stdout), "{:?}", text(&out.stdout));
    assert!(text(&out.stdout).contains("\\u001b[2J"), "{}", text(&out.stdout));
}

/// A line of 10 MB that is not a position.
fn ten_megabytes() -> Vec<u8> {
    let mut line = vec![b'7'; 10 << 20];
    line[5] = b'x';
    line.push(b'\n');
    line
}

#[test]
fn a_bad_line_of_10_mb_is_echoed_cut_with_its_length() {
    let line = ten_megabytes();
    let asks: [&[&str]; 4] = [
        &["explore", "--game", "nim:1", "--box", "0..10", "--at", "-"],
        &["explore", "--game", "nim:2", "--box", "0..10,0..10", "--winning", "-"],
        &["explore", "--game", "nim:1", "--box", "0..10", "--serve"],
        &["explore", "--game", "nim:1", "--box", "0..10", "--remoteness", "--at", "-"],
    ];
    for args in asks {
        let out = games(args, &line);
        let err = text(&out.stderr);
        assert!(out.stderr.len() < 1000, "{args:?}: {} bytes on stderr", out.stderr.len());
        assert!(err.contains("bytes)"), "{args:?}: {err}");
        assert!(out.stdout.len() < 1000, "{args:?}: {} bytes on stdout", out.stdout.len());
    }
}

/// `games ARGS` under `ulimit -v KB` (through `sh -c`), with `stdin`: exit code and stderr.
fn games_limited(kb: u64, args: &[&str], stdin: &[u8]) -> (Option<i32>, String, Vec<u8>) {
    let quoted: Vec<String> =
        args.iter().map(|a| format!("'{}'", a.replace('\'', "'\\''"))).collect();
    let cmd = format!("ulimit -v {kb}; exec {GAMES} {}", quoted.join(" "));
    let mut child = Command::new("sh")
        .args(["-c", &cmd])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        use std::io::Write;
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (out.status.code(), text(&out.stderr), out.stdout)
}

#[test]
fn a_serve_request_larger_than_memory_is_one_line_not_an_abort() {
    let mut input = b"3\n".to_vec();
    input.extend(std::iter::repeat_n(b'7', 400_000_000));
    input.extend_from_slice(b"\n5\n");
    let args = ["explore", "--game", "nim:1", "--box", "0..10", "--serve"];
    let (code, err, out) = games_limited(300_000, &args, &input);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(text(&out), "0\nunknown\n0\n", "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("a request of 400000000 bytes"), "{err}");
    assert!(err.len() < 400, "{err}");
}

#[test]
fn big_tables_under_a_memory_limit_say_cannot_allocate() {
    let boxes: [&[&str]; 6] = [
        &["--game", "nim:2", "--box", "0..8191,0..8191"],
        // 43,758 multisets, but a grid of 214 million cells: refused before the search.
        &["--moves", SUB13, "--multiset", "--box", "0..10^8"],
        &["--game", "wythoff", "--misere", "--box", "0..8000,0..8000"],
        &["--game", "0.07", "--box", "0..60000000"],
        &["--game", "wythoff", "--box", "0..7000,0..7000"],
        &["--game", "bash:3", "--remoteness", "--box", "0..20000000"],
    ];
    for b in boxes {
        let mut args = vec!["explore", "--no-table"];
        args.extend_from_slice(b);
        let (code, err, _) = games_limited(300_000, &args, b"");
        assert_eq!(code, Some(1), "{b:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{b:?}: {err}");
        assert!(err.contains("cannot allocate"), "{b:?}: {err}");
    }
    // A remoteness hull past the bound of its moves is refused by that bound first, under
    // any memory limit.
    let args =
        ["explore", "--no-table", "--game", "nim:2", "--remoteness", "--box", "0..8191,0..8191"];
    let (code, err, _) = games_limited(300_000, &args, b"");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("moves; use a smaller box"), "{err}");
}

/// A list whose reader is gone after its first line (`| head -1`): the first line is the
/// list's first position, and the run ends (a hang would trip `output_or_hang`) with the
/// command's verdict, exit 0, and nothing on standard error: a closed pipe is not a fault.
/// (That it also stops early, formatting none of the other 25 million lines, is a matter of
/// speed, which no test asserts.)
#[test]
fn list_stops_when_its_reader_is_gone() {
    use std::io::BufRead;
    let mut child = Command::new(GAMES)
        .args(["explore", "--game", "nim:2", "--box", "0..5000,0..5000", "--list", "all"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("games starts");
    let mut reader = std::io::BufReader::new(child.stdout.take().expect("a stdout pipe"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("the first line");
    drop(reader);
    let out = common::output_or_hang(child, "a list whose reader is gone");
    assert!(first.starts_with("0 0"), "{first:?}");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "", "a closed pipe is not a fault");
}

/// Positions of a multiset game in the test's own terms: subtract 1 or 3 from one heap.
const SUB13: &str = "awk '{ n = split($0, a, \" \"); out = \"\"; for (i = 1; i <= n; i++) for (s = 1; s <= 3; s += 2) if (a[i] >= s) { l = \"\"; for (j = 1; j <= n; j++) l = l (j > 1 ? \" \" : \"\") (j == i ? a[j] - s : a[j]); out = out (out == \"\" ? \"\" : \";\") l } print out; fflush() }'";

/// The outcome of a multiset of heaps under [`SUB13`], by plain search (P: every option N).
fn sub13_is_p(heaps: &[u64], memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut p = true;
    for i in 0..key.len() {
        for s in [1, 3] {
            if key[i] >= s {
                let mut o = key.clone();
                o[i] -= s;
                if sub13_is_p(&o, memo) {
                    p = false;
                }
            }
        }
    }
    memo.insert(key, p);
    p
}

/// The cells of a box, row-major.
fn cells(lo: &[u64], hi: &[u64]) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for (a, b) in lo.iter().zip(hi) {
        all = all
            .into_iter()
            .flat_map(|p| (*a..=*b).map(move |x| [p.clone(), vec![x]].concat()))
            .collect();
    }
    all
}

#[test]
fn multiset_count_and_list_take_each_multiset_once() {
    let mut memo = std::collections::HashMap::new();
    for (spec, lo, hi) in [
        ("0..5^3", vec![0, 0, 0], vec![5, 5, 5]),
        ("1..2,0..3", vec![1, 0], vec![2, 3]),
        ("0..2,1..3,0..4", vec![0, 1, 0], vec![2, 3, 4]),
    ] {
        // Each multiset once: the first of its cells in box order.
        let mut seen = std::collections::HashSet::new();
        let firsts: Vec<Vec<u64>> = cells(&lo, &hi)
            .into_iter()
            .filter(|p| {
                let mut key = p.clone();
                key.sort_unstable();
                seen.insert(key)
            })
            .collect();
        let want_p: Vec<&Vec<u64>> = firsts.iter().filter(|p| sub13_is_p(p, &mut memo)).collect();
        let base = ["explore", "--moves", SUB13, "--multiset", "--box", spec];
        let out = games(&[&base[..], &["--list", "P"]].concat(), b"");
        assert_eq!(out.status.code(), Some(0), "{spec}: {}", text(&out.stderr));
        let want: String = want_p
            .iter()
            .map(|p| format!("{}\n", p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")))
            .collect();
        assert_eq!(text(&out.stdout), want, "{spec}");
        let out = games(&[&base[..], &["--count"]].concat(), b"");
        let said = text(&out.stdout);
        assert!(
            said.starts_with(&format!(
                "positions {}\nP {}\nN {}\n",
                firsts.len(),
                want_p.len(),
                firsts.len() - want_p.len()
            )),
            "{spec}: {said}"
        );
    }
}

#[test]
fn first_of_multiset_matches_the_first_cell_in_box_order_on_random_boxes() {
    use games::explore::space::Space;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for _ in 0..3000 {
        let k = 1 + next(4) as usize;
        let ranges: Vec<(u64, u64)> = (0..k)
            .map(|_| {
                let a = next(4);
                (a, a + next(4))
            })
            .collect();
        let space = Space::from_ranges(&ranges);
        let (lo, hi): (Vec<u64>, Vec<u64>) = ranges.iter().copied().unzip();
        let mut seen = std::collections::HashSet::new();
        for p in cells(&lo, &hi) {
            let mut key = p.clone();
            key.sort_unstable();
            let first = seen.insert(key);
            assert_eq!(space.first_of_multiset(&p), first, "{ranges:?} at {p:?}");
        }
    }
}
