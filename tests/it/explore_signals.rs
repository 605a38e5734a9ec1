//! Signals in every explore mode (issue 47, items 1 and 4): SIGINT or SIGTERM while the moves
//! program of a `--score` run is busy, or while `--serve` waits for its next request, ends
//! `games` with one line naming the signal and 128 + its number, and leaves no program
//! running. No fixed sleep decides anything: each test waits for a readiness mark (a file the
//! program writes when it starts, a reply line of the server) before it signals.

use crate::common;

use common::{GAMES, temp_dir};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Is process `pid` alive (and not a zombie)?
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat.rsplit(')').next().is_some_and(|rest| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// Waits until `path` holds a process id (the program's readiness mark), at most a minute.
fn wait_for_pid(path: &Path) -> u32 {
    let start = Instant::now();
    loop {
        if let Some(pid) = std::fs::read_to_string(path).ok().and_then(|s| s.trim().parse().ok()) {
            return pid;
        }
        assert!(start.elapsed() < crate::common::HANG_CAP, "the program never started");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits (at most the hang cap) until `pid` is gone: a program left running fails the test.
fn assert_gone(pid: u32) {
    let start = Instant::now();
    while alive(pid) {
        assert!(start.elapsed() < crate::common::HANG_CAP, "program {pid} left running");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &Child, sig: &str) {
    let ok = Command::new("kill").args(["-s", sig, &child.id().to_string()]).status();
    assert!(ok.is_ok_and(|s| s.success()), "kill -s {sig}");
}

fn python_or_skip() -> bool {
    common::have_python("the signal tests of explore's moves programs")
}

/// A scoring program that writes its pid, then hangs on its first batch.
const BUSY_SCORER: &str = "import os, sys, time\nopen(sys.argv[1], 'w').write(str(os.getpid()))\nsys.stdin.readline()\nwhile True:\n    time.sleep(1)\n";

#[test]
fn score_mode_interrupted_leaves_no_program() {
    if !python_or_skip() {
        return;
    }
    for (sig, code) in [("INT", 130), ("TERM", 143)] {
        let dir = temp_dir(&format!("score-{sig}"));
        let prog = dir.join("busy.py");
        std::fs::write(&prog, BUSY_SCORER).unwrap();
        let mark = dir.join("pid");
        let cmd = format!("python3 {} {}", prog.display(), mark.display());
        let child = Command::new(GAMES)
            .args(["explore", "--score", "--moves", &cmd, "--box", "0..40"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let pid = wait_for_pid(&mark);
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{}", String::from_utf8_lossy(&out.stderr));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("interrupted by SIG{sig}")), "{err}");
        assert_gone(pid);
    }
}

/// Starts a server, asks one request and reads its reply: from then on it waits for input.
fn served_once(args: &[&str], request: &str) -> (Child, BufReader<std::process::ChildStdout>) {
    let mut child = Command::new(GAMES)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.as_mut().unwrap();
    stdin.write_all(request.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(!line.trim().is_empty(), "no reply to '{request}'");
    (child, reader)
}

#[test]
fn a_built_in_server_waiting_for_a_request_ends_with_the_signal_line() {
    for (sig, code) in [("INT", 130), ("TERM", 143)] {
        let args = ["explore", "--game", "nim:2", "--box", "0..5,0..5", "--serve"];
        let (child, _reader) = served_once(&args, "3 4\n");
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{err}");
        assert!(err.contains(&format!("interrupted by SIG{sig}")), "{err}");
    }
}

/// A streaming moves program (kept for the whole run) that writes its pid when it starts.
const STREAMER: &str = "import os, sys\nopen(sys.argv[1], 'w').write(str(os.getpid()))\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    o = [f'{a - k} {b}' for k in range(1, a + 1)] + [f'{a} {b - k}' for k in range(1, b + 1)]\n    print('; '.join(o))\n    sys.stdout.flush()\n";

#[test]
fn a_program_server_waiting_for_a_request_ends_with_the_signal_line_and_no_program() {
    if !python_or_skip() {
        return;
    }
    for (sig, code) in [("INT", 130), ("TERM", 143)] {
        let dir = temp_dir(&format!("serve-{sig}"));
        let prog = dir.join("nim.py");
        std::fs::write(&prog, STREAMER).unwrap();
        let mark = dir.join("pid");
        let cmd = format!("python3 {} {}", prog.display(), mark.display());
        let args = ["explore", "--moves", &cmd, "--stream", "--box", "0..5,0..5", "--serve"];
        let (child, _reader) = served_once(&args, "3 4\n");
        let pid = wait_for_pid(&mark);
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{err}");
        assert!(err.contains(&format!("interrupted by SIG{sig}")), "{err}");
        assert_gone(pid);
    }
}
