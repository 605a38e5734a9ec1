//! Faults an adversarial campaign found in `games test`, `stress` and `gen` (issue 20, items
//! 3 to 7; items 1 and 2, `games graph`'s memory, are in `tests/graph.rs`): a FIFO that blocked
//! a run and its signals, orphans left behind by a set-up error, an interrupt that shrinking
//! ignored, a symbolic link `gen --force` wrote through, an OS error printed twice. Every
//! command runs under a deadline, so a hang fails the test instead of stalling it.

use crate::common;
use common::{GAMES, alive, games, temp_dir, text};

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `games ARGS` with no input, its output collected; a hang fails the test (after the common
/// hang cap, never a speed).
fn games_within(args: &[&str]) -> Output {
    let child = Command::new(GAMES)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    common::output_or_hang(child, &format!("games {}", args.join(" ")))
}

/// A FIFO at `path`; without mkfifo the test fails unless `GAMES_TEST_NO_SYSTOOLS=1`.
fn mkfifo(path: &Path) -> bool {
    if !common::need("mkfifo", "the FIFO checks") {
        return false;
    }
    let made = Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success());
    assert!(made, "mkfifo {} failed", path.display());
    made
}

/// Item 3: an `.out` that is a FIFO blocked `games test` in its read, deaf to SIGINT and
/// SIGTERM; a `--save` FIFO blocked `stress` before its report. Both are set-up errors now.
#[test]
fn a_fifo_is_refused_not_waited_on() {
    let dir = temp_dir("fifo");
    std::fs::write(dir.join("a.in"), "1\n1\n").unwrap();
    if !mkfifo(&dir.join("a.out")) {
        return;
    }
    let d = dir.to_str().unwrap();
    let out = games_within(&["test", "nim", "--against", "cat", d]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("a.out: not a regular file"), "{err}");

    let save = dir.join("save.fifo");
    assert!(mkfifo(&save));
    let out =
        games_within(&["stress", "nim", "--against", "echo Yes", "--save", save.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 4: `games test` stopping on a set-up error (a later `.out` that is a folder, a later
/// run the shell cannot start, an input our solver refuses) must still end the detached
/// children of the programs it ran, as it does at the end of a run.
#[test]
fn a_set_up_error_leaves_no_orphan() {
    for (i, case) in ["out-is-a-folder", "exit-127", "refused-input"].into_iter().enumerate() {
        let dir = temp_dir(case);
        std::fs::write(dir.join("a.in"), "1\n1\n").unwrap();
        std::fs::write(dir.join("a.out"), "Yes\n").unwrap();
        match case {
            "out-is-a-folder" => {
                std::fs::write(dir.join("b.in"), "1\n1\n").unwrap();
                std::fs::create_dir(dir.join("b.out")).unwrap();
            }
            "exit-127" => {
                std::fs::write(dir.join("b.in"), "1\n1\n").unwrap();
                std::fs::write(dir.join("b.out"), "Yes\n").unwrap();
            }
            _ => std::fs::write(dir.join("b.in"), "1\nx\n").unwrap(),
        }
        let pid_file = dir.join("pid");
        let mark = dir.join("mark");
        // The first run leaves a detached `sleep` behind (its own session, out of the group
        // that is killed) and answers; a second run exits 127.
        let cmd = format!(
            "if [ -e {m} ]; then exit 127; fi; touch {m}; \
             setsid sleep {s} >/dev/null 2>&1 </dev/null & echo $! > {p}; echo Yes",
            m = mark.display(),
            p = pid_file.display(),
            s = 1200 + i,
        );
        let out = games_within(&["test", "nim", "--against", &cmd, dir.to_str().unwrap()]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{case}: {err}");
        let pid: u32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
        // games test ended its children before it exited: the child is gone, or going (a
        // hang cap, not a speed, bounds the wait).
        let start = std::time::Instant::now();
        while alive(pid) && start.elapsed() < common::HANG_CAP {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let gone = !alive(pid);
        if !gone {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
        assert!(gone, "{case}: the detached child {pid} outlived games test ({err})");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Item 5: SIGINT while `stress` shrinks a failure stops the shrinking at once, and the report
/// counts the runs that were made (it used to go on to the 10 s deadline or the 400-run budget
/// and say "400 runs tried").
#[test]
fn an_interrupt_stops_shrinking_at_once() {
    let dir = temp_dir("shrink-interrupt");
    let count = dir.join("runs");
    let save = dir.join("f.in");
    // Wrong on every input of more than 1000 bytes, right on the others: shrinking has work.
    let cmd = format!(
        "t=$(cat); echo x >> {}; sleep 0.3; \
         if [ ${{#t}} -gt 1000 ]; then echo Maybe; else printf '%s\\n' \"$t\" | {GAMES} nim; fi",
        count.display()
    );
    let child = Command::new(GAMES)
        .args(["stress", "nim", "--size", "judge", "--jobs", "1", "--against", &cmd])
        .args(["--save", save.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first case fails; wait until shrinking has run the program twice (its marks).
    let runs = || std::fs::read_to_string(&count).map_or(0, |s| s.lines().count());
    common::wait_until("shrinking running the program twice", || runs() >= 3);
    let _ = Command::new("kill").arg("-INT").arg(child.id().to_string()).status();
    let at_signal = runs();
    let out = common::output_or_hang(child, "stress after SIGINT");
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    // "At once", counted in runs: at most the run being started when the signal came.
    assert!(runs() <= at_signal + 1, "{} runs after SIGINT at run {at_signal}", runs());
    let line = report
        .lines()
        .find(|l| l.contains("shrinking interrupted by SIGINT after "))
        .unwrap_or_else(|| panic!("no interruption in the report:\n{report}"));
    let claimed: usize = line
        .rsplit("after ")
        .next()
        .and_then(|r| r.split(' ').next())
        .and_then(|k| k.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    // The program ran once for the case itself, then once per shrinking run.
    assert!(claimed < runs(), "{line}, but the program ran {} times", runs());
    assert!(report.contains("input saved to"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 6: `gen --out DIR --force` removes a `random-*` symbolic link instead of writing
/// through it, dangling or not: nothing outside DIR is created or changed.
#[test]
fn gen_never_writes_through_a_link() {
    let dir = temp_dir("gen-links");
    let out = dir.join("out");
    std::fs::create_dir(&out).unwrap();
    let outside = dir.join("outside.txt");
    let kept = dir.join("kept.txt");
    std::fs::write(&kept, "mine\n").unwrap();
    std::os::unix::fs::symlink(&outside, out.join("random-000.in")).unwrap();
    std::os::unix::fs::symlink(&kept, out.join("random-001.in")).unwrap();
    std::os::unix::fs::symlink(&kept, out.join("random-001.out")).unwrap();
    let o = out.to_str().unwrap();
    let run = games(&["gen", "nim", "--count", "2", "--out", o, "--force", "--answers"], b"");
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(!outside.exists(), "gen wrote through a dangling link");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "mine\n");
    for name in ["random-000.in", "random-001.in", "random-000.out", "random-001.out"] {
        let meta = std::fs::symlink_metadata(out.join(name)).unwrap();
        assert!(meta.file_type().is_file(), "{name} is not a regular file");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 7: a full device is named once, with its OS error once.
#[test]
fn a_full_device_error_is_said_once() {
    for (args, input) in [
        (&["gen", "nim"][..], ""),
        (&["list"], ""),
        (&["nim"], "2\n1 2\n"),
        (&["graph"], "2 1\n1 2\n"),
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let mut child = Command::new(GAMES)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.matches("No space left on device").count(), 1, "{args:?}: {err}");
    }
}
