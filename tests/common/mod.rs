//! What the command-line tests share: running the `games` binary on a given stdin, a fresh
//! scratch folder per test binary and name, lossy text of an output, and octal codes written
//! as text for the `games sg` engine tests.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The release or test build of the binary under test.
pub const GAMES: &str = env!("CARGO_BIN_EXE_games");

/// Runs `games ARGS` with `stdin` as its standard input (a program that stops reading early is
/// fine) and collects its output.
pub fn games(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(GAMES)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("games runs");
    let _ = child.stdin.take().expect("piped stdin").write_all(stdin);
    child.wait_with_output().expect("games finishes")
}

/// An empty scratch folder for `name`, private to the calling test file (its stem names the
/// folder, so two files of the one test crate may use the same `name`) and to this process.
#[track_caller]
pub fn temp_dir(name: &str) -> PathBuf {
    let file = std::panic::Location::caller().file();
    let topic = std::path::Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or("test");
    let dir = std::env::temp_dir().join(format!(
        "games-{}-{topic}-{}-{name}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// An output as text (lossy UTF-8).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An octal code from its digits after the point (`lead` is the digit before it).
pub fn octal(
    lead: u64,
    digits: &[u64],
    equality: games::sg::code::Equality,
) -> games::sg::code::Code {
    use games::sg::code::{Code, Digit};
    let mut all = vec![Digit { heaps: lead, at_least: None, equality }];
    all.extend(digits.iter().map(|&h| Digit { heaps: h, at_least: None, equality }));
    Code { digits: all, tail: Vec::new() }
}

/// `.106`, `4.7`, `4!.0` as a code (octal digits only; `!` after the lead digit).
pub fn parse(text: &str) -> games::sg::code::Code {
    use games::sg::code::Equality;
    let (lead, rest) = text.split_once('.').expect("a point");
    let (lead, eq) = match lead.strip_suffix('!') {
        Some(l) => (l, Equality::Unequal),
        None => (lead, Equality::Any),
    };
    let lead = if lead.is_empty() { 0 } else { lead.parse().expect("a lead digit") };
    let digits: Vec<u64> = rest.bytes().map(|b| (b - b'0') as u64).collect();
    octal(lead, &digits, eq)
}

/// Runs `games ARGS` on `stdin`: its exit code, standard output and standard error as text.
pub fn games_text(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = games(args, stdin.as_bytes());
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Is process `pid` still there (and not a zombie)?
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        }
        Err(_) => false,
    }
}

/// Does `program --version` run here? For the tools a test needs (python3, g++, c++) a missing
/// one is a failure unless it is opted out, see [`need`].
pub fn has(program: &str) -> bool {
    let runs = runs(program);
    match program {
        "python3" | "g++" | "c++" if !runs => need(program, "the test that asked for it"),
        _ => runs,
    }
}

fn runs(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// The variable that opts a missing tool out: `GAMES_TEST_NO_PYTHON=1` for python3,
/// `GAMES_TEST_NO_CXX=1` for a C++ compiler, `GAMES_TEST_NO_SYSTOOLS=1` for the system tools
/// a few tests drive (`mkfifo`, `script`, `prlimit`: coreutils and util-linux).
pub fn opt_out(program: &str) -> &'static str {
    match program {
        "python3" => "GAMES_TEST_NO_PYTHON",
        "g++" | "c++" => "GAMES_TEST_NO_CXX",
        _ => "GAMES_TEST_NO_SYSTOOLS",
    }
}

/// Is `program` (python3, g++) here for `what`? Yes: true. No: the test FAILS naming the tool
/// and the variable that opts out, unless that variable is 1, and then false with a note on
/// standard error (an explicit skip; CI has both tools and never sets them).
pub fn need(program: &str, what: &str) -> bool {
    if runs(program) {
        return true;
    }
    let var = opt_out(program);
    if std::env::var_os(var).is_some_and(|v| v == "1") {
        eprintln!("note: {program} not found and {var}=1: {what} skipped");
        return false;
    }
    panic!("{program} not found: {what} needs it (install it, or set {var}=1 to skip explicitly)");
}

/// Does python3 run here for `skipped`? See [`need`]: a missing interpreter fails the test
/// unless `GAMES_TEST_NO_PYTHON=1`.
pub fn have_python(skipped: &str) -> bool {
    need("python3", skipped)
}

/// A C++ compiler (g++) for `what`, see [`need`] (`GAMES_TEST_NO_CXX=1` opts out).
pub fn have_cxx(what: &str) -> bool {
    need("g++", what)
}

/// The safety cap of every wait below: a wait that passes it means a hang (the test fails
/// rather than hangs), never a slow machine (nothing a test waits for takes a tenth of it).
pub const HANG_CAP: std::time::Duration = std::time::Duration::from_secs(600);

/// Waits until `ready()` holds, polling; fails naming `what` after [`HANG_CAP`].
pub fn wait_until(what: &str, mut ready: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !ready() {
        assert!(start.elapsed() < HANG_CAP, "never happened (a hang): {what}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// Does process `pid` catch signal `sig` (its handler is installed: bit `sig` of `SigCgt` in
/// /proc/PID/status)? The readiness of a command to be signalled, without a sleep.
pub fn catches(pid: u32, sig: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask >> (sig - 1) & 1 == 1)
}

/// Waits until `pid` catches `sig` (SIGINT 2, SIGTERM 15).
pub fn wait_catching(pid: u32, sig: u32) {
    wait_until(&format!("process {pid} catching signal {sig}"), || catches(pid, sig));
}

/// Waits for `child`'s end and output; a child still running after [`HANG_CAP`] is killed and
/// the test fails naming `what` (a hang guard: nothing here waits for a speed).
pub fn output_or_hang(child: std::process::Child, what: &str) -> Output {
    use std::sync::atomic::{AtomicBool, Ordering};
    let pid = child.id();
    let done = std::sync::Arc::new(AtomicBool::new(false));
    let hung = std::sync::Arc::new(AtomicBool::new(false));
    let (d, h) = (done.clone(), hung.clone());
    let watchdog = std::thread::spawn(move || {
        let start = std::time::Instant::now();
        while !d.load(Ordering::SeqCst) {
            if start.elapsed() > HANG_CAP {
                h.store(true, Ordering::SeqCst);
                let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    });
    let out = child.wait_with_output().expect("the child ends");
    done.store(true, Ordering::SeqCst);
    let _ = watchdog.join();
    assert!(!hung.load(Ordering::SeqCst), "a hang: {what} still ran after {HANG_CAP:?}");
    out
}

/// `games ARGS` with no input, its output collected; a hang (past [`HANG_CAP`]) fails the test.
pub fn games_or_hang(args: &[&str]) -> Output {
    let child = Command::new(GAMES)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("games runs");
    output_or_hang(child, &format!("games {}", args.join(" ")))
}

/// Sends `sig` ("-INT", "-TERM") to `pid` with kill(1).
pub fn kill(sig: &str, pid: u32) {
    let sent = Command::new("kill").arg(sig).arg(pid.to_string()).status();
    assert!(sent.is_ok_and(|s| s.success()), "kill {sig} {pid}");
}

/// The bytes read so far and whether the pipe has closed, with the condition waited on.
type Seen = std::sync::Arc<(std::sync::Mutex<(Vec<u8>, bool)>, std::sync::Condvar)>;

/// A child's standard error read on a thread as it comes, so a test can wait for a readiness
/// line (a progress line, a line its program prints) before it acts.
pub struct Stderr {
    seen: Seen,
    reader: Option<std::thread::JoinHandle<()>>,
}

impl Stderr {
    /// Takes the child's piped stderr.
    pub fn watch(child: &mut std::process::Child) -> Stderr {
        use std::io::Read;
        let mut pipe = child.stderr.take().expect("piped stderr");
        let seen = std::sync::Arc::new((
            std::sync::Mutex::new((Vec::new(), false)),
            std::sync::Condvar::new(),
        ));
        let shared = seen.clone();
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            loop {
                let n = pipe.read(&mut buf).unwrap_or(0);
                let (lock, cv) = &*shared;
                let mut g = lock.lock().unwrap_or_else(|p| p.into_inner());
                g.0.extend_from_slice(&buf[..n]);
                g.1 = n == 0;
                cv.notify_all();
                if n == 0 {
                    return;
                }
            }
        });
        Stderr { seen, reader: Some(reader) }
    }

    /// Waits until the text so far satisfies `ready` (fails if stderr closes first, or after
    /// [`HANG_CAP`]); returns the text so far.
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let (lock, cv) = &*self.seen;
        let start = std::time::Instant::now();
        let mut g = lock.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            let so_far = String::from_utf8_lossy(&g.0).into_owned();
            if ready(&so_far) {
                return so_far;
            }
            assert!(!g.1, "stderr closed before {what}: {so_far}");
            assert!(start.elapsed() < HANG_CAP, "never happened (a hang): {what}: {so_far}");
            g = cv
                .wait_timeout(g, std::time::Duration::from_millis(100))
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }

    /// Waits for `needle` on stderr.
    pub fn wait_for_text(&self, needle: &str) -> String {
        self.wait_for(needle, |s| s.contains(needle))
    }

    /// Everything the child wrote on stderr (after it closed it).
    pub fn finish(mut self) -> Vec<u8> {
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
        let (lock, _) = &*self.seen;
        std::mem::take(&mut lock.lock().unwrap_or_else(|p| p.into_inner()).0)
    }
}

/// `games ARGS` as a server (`--serve`): one request line in, one reply line out. Its standard
/// error goes to the test's. [`Server::finish`] closes its input and returns its exit status.
pub struct Server {
    child: std::process::Child,
    input: Option<std::process::ChildStdin>,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(GAMES)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("games runs");
        let input = child.stdin.take();
        let output = std::io::BufReader::new(child.stdout.take().expect("a stdout pipe"));
        Server { child, input, output }
    }

    /// Sends one request line and reads the reply, trimmed.
    pub fn ask(&mut self, line: &str) -> String {
        use std::io::{BufRead, Write};
        let input = self.input.as_mut().expect("the server's input is open");
        writeln!(input, "{line}").expect("the server reads its requests");
        let mut reply = String::new();
        self.output.read_line(&mut reply).expect("the server replies");
        reply.trim().to_string()
    }

    /// Closes the server's input (the end of the session) and waits for it to exit.
    pub fn finish(mut self) -> std::process::ExitStatus {
        drop(self.input.take());
        self.child.wait().expect("the server ends")
    }
}
