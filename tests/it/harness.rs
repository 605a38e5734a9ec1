//! The harness never loses control (issue #9): each test reproduces one defect found on the old
//! `games stress`/`gen`/solver command line and checks the fix. Signals, detached children,
//! endless output, unrunnable commands, an unwritable `--save`, a closed or full stdout, stale
//! `gen` files, parallel runs in seed order. Each takes at most a few seconds.

use crate::common;
use common::{GAMES, alive, games, temp_dir, text};

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

/// Waits until `path` holds a pid (a line the program writes: its readiness), and returns it.
fn wait_for_pid(path: &Path) -> u32 {
    let mut pid = 0u32;
    common::wait_until("the program starting", || {
        let read = std::fs::read_to_string(path).ok().and_then(|s| s.trim().parse().ok());
        pid = read.unwrap_or(0);
        read.is_some()
    });
    pid
}

fn spawn_games(args: &[&str]) -> Child {
    Command::new(GAMES)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn send(child: &Child, sig: &str) {
    let ok = Command::new("kill").arg(sig).arg(child.id().to_string()).status().unwrap();
    assert!(ok.success());
}

#[test]
fn sigint_and_sigterm_reach_the_program_and_exit_130_and_143() {
    for (sig, code, trap) in [("-INT", 130, ""), ("-TERM", 143, "trap '' INT TERM; ")] {
        let dir = temp_dir(&format!("signal{code}"));
        let pidfile = dir.join("pid");
        // The program records its pid, then sleeps for ten minutes (the second one even ignores
        // the forwarded signal, so only the SIGKILL after the grace period stops it).
        let cmd = format!("{trap}echo $$ > {}; exec sleep 600", pidfile.display());
        let child = spawn_games(&["stress", "nim", "--against", &cmd, "--timeout", "1000"]);
        let pid = wait_for_pid(&pidfile);
        assert!(alive(pid));
        send(&child, sig);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains("interrupted"), "{}", text(&out.stderr));
        assert!(!alive(pid), "the program under test outlived games stress ({sig})");
    }
}

#[test]
fn endless_output_is_a_failure_not_an_abort() {
    let dir = temp_dir("yes");
    let save = dir.join("f.in");
    let save = save.to_str().unwrap();
    let out = games(&["stress", "nim", "--against", "yes", "--save", save], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("output too long"), "{report}");
    assert!(report.contains("--- got (program) ---\ny\ny\n"), "{report}");
    let out = games(&["stress", "nim", "--against", "yes >&2", "--save", save], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("output too long"));
}

#[test]
fn a_detached_child_holding_the_pipe_does_not_stretch_the_deadline() {
    let dir = temp_dir("setsid");
    let pidfile = dir.join("pid");
    // The reproduction: took 37 s (3 cases x the 12 s child) and left the child behind.
    // Here the child sleeps past the hang cap: a run that waited for it fails the test, whatever
    // the machine's speed (no clock is read). The program waits until its detached child has
    // written its pid (on a loaded machine the child could otherwise be swept before it ever
    // ran, and leave no pid to check).
    let cmd = format!(
        "setsid sh -c 'echo $$ > {p}.tmp; mv {p}.tmp {p}; exec sleep 700' & \
         while [ ! -s {p} ]; do sleep 0.01; done; {GAMES} nim",
        p = pidfile.display()
    );
    let child =
        spawn_games(&["stress", "nim", "--against", &cmd, "--cases", "3", "--timeout", "1"]);
    let out = common::output_or_hang(child, "stress waiting for a detached child");
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    let pid = wait_for_pid(&pidfile);
    assert!(!alive(pid), "the detached child was left running");
    // A hanging program with a detached child: the deadline holds.
    let child = spawn_games(&[
        "stress",
        "nim",
        "--against",
        "setsid sleep 700 & sleep 700",
        "--timeout",
        "0.5",
        "--save",
        dir.join("f.in").to_str().unwrap(),
    ]);
    let out = common::output_or_hang(child, "stress past its --timeout");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("timed out"));
}

#[test]
fn commands_the_shell_cannot_run_are_set_up_errors() {
    let out = games(&["stress", "nim", "--against", "no-such-command-anywhere"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "not a counterexample: {}", text(&out.stdout));
    assert!(text(&out.stderr).contains("command not found"), "{}", text(&out.stderr));
    let out = games(&["stress", "nim", "--against", "/dev/null"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not executable"), "{}", text(&out.stderr));
}

#[test]
fn an_unwritable_save_path_keeps_the_report() {
    let out =
        games(&["stress", "nim", "--against", "echo Yes", "--save", "/nonexistent/dir/f.in"], b"");
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(report.contains("wrong answer on line 1"), "{report}");
    assert!(report.contains("--- input ---"), "{report}");
    assert!(!report.contains("input saved to"), "{report}");
    // The reproduce line names no file that was never written.
    assert!(!report.contains("/nonexistent"), "{report}");
    assert!(report.contains("reproduce: save the input above as FILE, then: games nim FILE"));
    let err = text(&out.stderr);
    assert!(err.contains("cannot save the failing input to /nonexistent/dir/f.in"), "{err}");
}

#[test]
fn parallel_runs_report_the_first_failure_in_seed_order() {
    let dir = temp_dir("jobs");
    let save = dir.join("f.in");
    let save = save.to_str().unwrap();
    // Wrong only on P-positions of larger games, so the first failure is not case 1.
    let cmd = format!("{GAMES} nim | sed 's/No/Yes/'");
    let mut reports = Vec::new();
    for jobs in ["1", "2", "4"] {
        let out = games(&["stress", "nim", "--against", &cmd, "-j", jobs, "--save", save], b"");
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stderr.is_empty(), "no progress when stderr is not a terminal");
        reports.push(out.stdout);
    }
    assert_eq!(reports[0], reports[1]);
    assert_eq!(reports[0], reports[2]);
    let cmd = format!("{GAMES} nim");
    let a = games(&["stress", "nim", "--against", &cmd, "-j", "1", "--cases", "50"], b"");
    let b = games(&["stress", "nim", "--against", &cmd, "-j", "3", "--cases", "50"], b"");
    assert!(a.status.success() && b.status.success());
    assert_eq!(a.stdout, b.stdout);
    let a = games(&["stress", "hdu1848", "--brute", "-j", "1", "--cases", "40"], b"");
    let b = games(&["stress", "hdu1848", "--brute", "-j", "2", "--cases", "40"], b"");
    assert_eq!(a.stdout, b.stdout);
}

/// Runs games with its stdout on a pipe whose reading end is already closed.
fn games_into_closed_pipe(args: &[&str], stdin: &[u8]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(GAMES)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn games_into_full_device(args: &[&str], stdin: &[u8], stderr_too: bool) -> Output {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let mut child = Command::new(GAMES)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(full())
        .stderr(if stderr_too { Stdio::from(full()) } else { Stdio::piped() })
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_stdout_does_not_hide_the_verdict() {
    // The input has a fault after one complete case: exit 1 with or without a reader.
    let bad = b"2\n3\nx\n";
    let out = games_into_closed_pipe(&["hdu2516"], bad);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("line"), "{}", text(&out.stderr));
    // A good input into a closed pipe: the reader had what it wanted, success.
    let out = games_into_closed_pipe(&["nim"], b"2\n1 2\n");
    assert_eq!(out.status.code(), Some(0));
    // A counterexample is exit 1 even when nobody reads the report.
    let dir = temp_dir("closed");
    let save = dir.join("f.in");
    let out = games_into_closed_pipe(
        &["stress", "nim", "--against", "echo Yes", "--save", save.to_str().unwrap()],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_full_device_is_one_message_and_exit_1_never_a_panic() {
    for args in [
        &["nim"][..],
        &["stress", "nim", "--brute", "--cases", "3"],
        &["--help"],
        &["nim", "--help"],
        &["--version"],
        &["list"],
        &["gen", "nim"],
    ] {
        let out = games_into_full_device(args, b"2\n1 2\n", false);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // Both streams full: nothing can be said, but the exit status still tells.
    let out = games_into_full_device(&["nim"], b"3\n1 2 x\n", true);
    assert_eq!(out.status.code(), Some(1));
    let out = games_into_full_device(&["nim"], b"2\n1 2\n", true);
    assert_eq!(out.status.code(), Some(1));
    // A bad input with only stderr full: exit 1, no panic.
    let mut child = Command::new(GAMES)
        .arg("nim")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"3\n1 2 x\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn gen_refuses_a_non_empty_folder_unless_forced_and_then_removes_stale_pairs() {
    let dir = temp_dir("gen-force");
    let d = dir.to_str().unwrap();
    let first = games(&["gen", "nim", "--count", "12", "--out", d, "--answers"], b"");
    assert!(first.status.success());
    let again = games(&["gen", "nim", "--count", "3", "--out", d, "--answers", "--seed", "5"], b"");
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("--force"), "{}", text(&again.stderr));
    assert!(dir.join("random-011.out").exists(), "a refusal changes nothing");
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let forced = games(
        &["gen", "nim", "--count", "3", "--out", d, "--answers", "--seed", "5", "--force"],
        b"",
    );
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let expected = [
        "notes.txt",
        "random-000.in",
        "random-000.out",
        "random-001.in",
        "random-001.out",
        "random-002.in",
        "random-002.out",
    ];
    assert_eq!(names, expected);
    for i in 0..3 {
        let input = std::fs::read(dir.join(format!("random-{i:03}.in"))).unwrap();
        let answer = std::fs::read(dir.join(format!("random-{i:03}.out"))).unwrap();
        assert_eq!(games(&["nim"], &input).stdout, answer, "stale answer beside a new input");
    }
}

#[test]
fn default_stress_saves_are_ignored_by_git() {
    let ignore = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.gitignore"));
    assert!(ignore.unwrap().lines().any(|l| l.trim() == "stress-*.in"));
}

/// Runs `games ARGS < input` under `ulimit -v KB`.
fn games_limited(kb: u64, args: &str, input: &[u8]) -> Output {
    let dir = temp_dir(&format!("ulimit-{kb}-{}", args.replace(' ', "_")));
    let path = dir.join("in.txt");
    std::fs::write(&path, input).unwrap();
    let script = format!("ulimit -v {kb}; exec {GAMES} {args} {}", path.display());
    Command::new("sh").arg("-c").arg(script).output().unwrap()
}

#[test]
fn running_out_of_memory_is_one_line_and_exit_1_with_earlier_answers_kept() {
    // (ulimit -v in KiB, problem, input, answers kept, message)
    type Case = (u64, &'static str, &'static [u8], &'static [u8], &'static str);
    let cases: [Case; 3] = [
        (
            50_000,
            "hdu1848",
            b"1 1 1\n1 1 100000000\n0 0 0\n",
            b"Fibo\n",
            "100000001 bytes for the Grundy table",
        ),
        (30_000, "multi-sg", b"1 2\n1 10000000\n", b"", "bytes for the Grundy table"),
        (
            50_000,
            "set-nim",
            b"3\n3 7 11\n1\n100000000\n",
            b"",
            "100000000 bytes for the Grundy table",
        ),
    ];
    for (kb, problem, input, kept, message) in cases {
        let out = games_limited(kb, problem, input);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{problem}: {err}");
        assert_eq!(out.stdout, kept, "{problem}");
        assert_eq!(err.lines().count(), 1, "{problem}: {err}");
        assert!(err.starts_with(&format!("games {problem}: cannot allocate ")), "{err}");
        assert!(err.contains(message), "{problem}: {err}");
    }
    // 12 bytes in, two lines of 3*10^7 L (60 MB) out under a 40 MB limit: the answers stream out in blocks
    // (isolated vertices cost almost nothing else).
    let out = games_limited(40_000, "game-draw", b"30000000 0\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let line = [vec![b'L'; 30_000_000], vec![b'\n']].concat();
    assert!(out.stdout == [line.clone(), line].concat(), "two lines of 3*10^7 L");
    // The hackenbush case, smaller: a one-node tree, then a star of 3 * 10^6 nodes
    // (node 2 hangs from node 3, listed after it, so the leaves are peeled) whose node records
    // (48 MB, 16 bytes a node) fit under 80 MB but whose work arrays (60 MB, 20 bytes a node)
    // do not.
    let n = 3_000_000;
    let mut input = format!("2\n1\n{n}\n3 1\n").into_bytes();
    for _ in 2..n {
        input.extend_from_slice(b"1 1\n");
    }
    let out = games_limited(80_000, "hackenbush", &input);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(out.stdout, b"0\n\n", "the first tree's answer is kept");
    assert_eq!(
        text(&out.stderr),
        "games hackenbush: cannot allocate 60000000 bytes for the tree's Grundy values\n"
    );
    // Without the limit the same input is solved: only cutting the edge 3 - 2 wins (it leaves
    // an even number of leaves of weight 1 on the root).
    let out = games(&["hackenbush"], &input);
    assert!(out.status.success());
    assert_eq!(out.stdout, b"0\n\n1\n2\n");
}

#[test]
fn games_test_judges_every_sample_file_with_one_line_each() {
    // Our own solver against the samples: all AC, exit 0. (The tests run in the crate root.)
    let me = format!("{GAMES} nim");
    let out = games(&["test", "nim", "--against", &me, "--beyond-judge"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let files = std::fs::read_dir("samples/nim")
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "in"))
        .count();
    assert_eq!(report.lines().filter(|l| l.starts_with("AC ")).count(), files, "{report}");
    assert!(report.contains(&format!("test nim: {files}/{files} AC")), "{report}");
    assert!(!report.contains('\x1b'), "no colour when stdout is not a terminal");
    assert!(report.lines().next().unwrap().contains("built-in:nim/sample-1.in"));
    assert!(report.lines().next().unwrap().ends_with(" s"), "{report}");

    // oj's layout, a missing .out (judged against our answer), natural order, every verdict.
    let dir = temp_dir("test-layout");
    std::fs::write(dir.join("sample-1.in"), "2\n1 1\n").unwrap();
    std::fs::write(dir.join("sample-1.out"), "No\n").unwrap();
    std::fs::write(dir.join("sample-2.in"), "2\n1 2\n").unwrap(); // no .out: ours says Yes
    std::fs::write(dir.join("sample-10.in"), "1\n5\n").unwrap();
    std::fs::write(dir.join("sample-10.out"), "Yes\r\n").unwrap();
    let d = dir.to_str().unwrap();
    let out = games(&["test", "nim", "--against", &me, d], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let report = text(&out.stdout);
    let names: Vec<&str> = report.lines().filter_map(|l| l.split_whitespace().nth(1)).collect();
    assert!(names[0].ends_with("sample-1.in") && names[1].ends_with("sample-2.in"), "{report}");
    assert!(names[2].ends_with("sample-10.in"), "{report}");
    assert!(report.contains("differs only in line-end whitespace"), "{report}");

    let out = games(&["test", "nim", "--against", "echo Yes", d], b"");
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(report.starts_with("WA "), "{report}");
    assert!(report.contains("first difference on line 1"), "{report}");
    assert!(report.contains("expected (.out): No\n"), "{report}");
    assert!(report.contains("got:             Yes\n"), "{report}");
    assert!(report.contains("test nim: 2/3 AC against `echo Yes`"), "{report}");
    assert!(report.contains("(1 WA)"), "{report}");
    // A time limit that "yes" never needs to fill the output limit: OLE is not a race.
    for (cmd, verdict, limit) in
        [("exit 4", "RE ", "0.3"), ("sleep 5", "TLE", "0.3"), ("yes", "OLE", "5")]
    {
        let out = games(&["test", "nim", "--against", cmd, "--timeout", limit, d], b"");
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let report = text(&out.stdout);
        assert_eq!(report.lines().filter(|l| l.starts_with(verdict)).count(), 3, "{report}");
    }
    // Set-up errors: exit 2.
    let out = games(&["test", "nim", "--against", "no-such-command-anywhere", d], b"");
    assert_eq!(out.status.code(), Some(2));
    let empty = temp_dir("test-empty");
    let out = games(&["test", "nim", "--against", "cat", empty.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no *.in file"), "{}", text(&out.stderr));
}

#[test]
fn games_test_skips_default_samples_beyond_the_judge() {
    // hdu1846/sample-3 has n = 0, which the judge never gives: a judge-correct solution that
    // crashes on it must not be failed by the default run (it was: RE, exit 1).
    let crash =
        format!("sh {}/tests/programs/hdu1846-crash-on-zero.sh", env!("CARGO_MANIFEST_DIR"));
    let out = games(&["test", "hdu1846", "--against", &crash], b"");
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.contains("SKIP built-in:hdu1846/sample-3.in"), "{report}");
    assert!(report.contains("n = 0 violates 1 <= n <= 1000"), "{report}");
    assert!(report.lines().any(|l| l.starts_with("AC ")), "{report}");
    assert!(report.contains("skipped (--beyond-judge runs them)"), "{report}");
    // --beyond-judge runs them, and the crash is reported.
    let out = games(&["test", "hdu1846", "--against", &crash, "--beyond-judge"], b"");
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("RE   built-in:hdu1846/sample-3.in"), "{report}");
    // Files named on the command line are always run.
    let out = games(&["test", "hdu1846", "--against", &crash, "samples/hdu1846/sample-3.in"], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
}

#[test]
fn games_test_forwards_a_signal_like_stress() {
    let dir = temp_dir("test-signal");
    let pidfile = dir.join("pid");
    std::fs::write(dir.join("a.in"), "1\n1\n").unwrap();
    let cmd = format!("echo $$ > {}; exec sleep 600", pidfile.display());
    let child = spawn_games(&["test", "nim", "--against", &cmd, dir.to_str().unwrap()]);
    let pid = wait_for_pid(&pidfile);
    send(&child, "-INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(!alive(pid));
}

#[test]
fn check_samples_fails_loudly_without_a_binary_and_passes_with_one() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/check-samples.sh");
    // The issue: with CARGO_TARGET_DIR set, 105 of 106 samples failed and one empty .out passed.
    let out = Command::new("bash")
        .arg(script)
        .env_remove("GAMES")
        .env("CARGO", env!("CARGO"))
        .env("CARGO_TARGET_DIR", "/nonexistent/games-target")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(out.stdout.is_empty(), "no per-sample noise: {}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("no games binary at /nonexistent/games-target/release/games"),
        "{}",
        text(&out.stderr)
    );
    let out = Command::new("bash").arg(script).env("GAMES", "/nonexistent/games").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new("bash").arg(script).env("GAMES", GAMES).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains(" passed, 0 failed"), "{}", text(&out.stdout));
}

#[test]
fn no_golden_answer_is_empty() {
    let samples = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");
    let mut checked = 0;
    for problem in std::fs::read_dir(samples).unwrap() {
        for file in std::fs::read_dir(problem.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|x| x == "out") {
                let len = std::fs::metadata(&path).unwrap().len();
                assert!(len > 0, "{} is empty: it would pass without any program", path.display());
                checked += 1;
            }
        }
    }
    assert!(checked >= 100, "{checked}");
}
