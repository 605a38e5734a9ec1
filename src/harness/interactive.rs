//! Interactive judging (`games test --interactor CMD --against SOLUTION`): the interactor and
//! the solution run at once, each in its own process group ([`super::process`]), the
//! interactor's standard output wired to the solution's standard input and back, through
//! `games`, which keeps a transcript of the exchange (`> ` lines from the interactor, `< `
//! lines from the solution) and watches the limits.
//!
//! The interactor is run as `CMD INPUT OUTPUT` (testlib's convention: the case's input file,
//! and a scratch file it may write). Its exit code is the verdict, in testlib's convention:
//! 0 AC, 1 WA, 2 PE (presentation error: the solution broke the protocol), 3 FAIL (the jury
//! failed); anything else, or a signal, is a FAIL too. Around it:
//! - the solution exited non-zero (or was killed) before the interactor ended with anything
//!   but WA: RE; after an AC: RE as well (a solution must end cleanly); a WA stays a WA (it
//!   judges what the solution wrote, even if the solution then failed on the verdict's heels);
//! - the deadline (the whole exchange) passed with the solution still running: TLE (with only
//!   the interactor running: FAIL, the jury is too slow);
//! - both programs blocked reading their standard input, each waiting for the other (every
//!   thread of both process groups asleep in a read of descriptor 0, in a wait for a child or
//!   another thread; `/proc/PID/task/TID/syscall`), seen twice after nothing moved for [`IDLE`]:
//!   IL, the idleness limit (a solution that stops writing and waits to read). A silence alone
//!   is never IL: a side that computes or sleeps is not waiting, and meets the deadline; where
//!   the state cannot be read (no `/proc`), only the deadline ends a silent exchange;
//! - either wrote more than the output cap: OLE.
//!
//! A solution that stops reading and exits makes the interactor read the end of its input,
//! which a testlib interactor reports as a PE (or WA): its code decides.

use super::process;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long nothing must move before both programs, seen blocked reading, are idle.
pub const IDLE: Duration = Duration::from_millis(1000);
/// The most transcript kept.
pub const TRANSCRIPT: usize = 1 << 20;
/// The bytes of one transcript line kept: a longer line is cut there and its length said.
pub const LINE_KEPT: usize = crate::error::ECHOED;
/// How much of the interactor's standard error is kept.
const STDERR_KEPT: usize = 1 << 16;

/// The programs and limits.
#[derive(Debug, Clone)]
pub struct Setup {
    pub interactor: String,
    pub solution: String,
    /// The deadline of the whole exchange.
    pub timeout: Duration,
    /// Bytes each program may write to the other.
    pub output_cap: usize,
}

/// The verdict on one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    Wrong(String),
    Presentation(String),
    Fail(String),
    Runtime(String),
    TimeLimit,
    Idleness,
    OutputLimit(String),
}

impl Verdict {
    /// The judges' short name.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::Wrong(_) => "WA",
            Verdict::Presentation(_) => "PE",
            Verdict::Fail(_) => "FAIL",
            Verdict::Runtime(_) => "RE",
            Verdict::TimeLimit => "TLE",
            Verdict::Idleness => "IL",
            Verdict::OutputLimit(_) => "OLE",
        }
    }

    /// What was said with it (the interactor's last words, a status), maybe empty.
    pub fn detail(&self) -> &str {
        match self {
            Verdict::Wrong(s)
            | Verdict::Presentation(s)
            | Verdict::Fail(s)
            | Verdict::Runtime(s)
            | Verdict::OutputLimit(s) => s,
            _ => "",
        }
    }
}

/// One case judged.
#[derive(Debug)]
pub struct Interaction {
    pub verdict: Verdict,
    pub elapsed: Duration,
    /// `> ` and `< ` lines, at most [`TRANSCRIPT`] bytes (the start of the exchange), each cut
    /// after [`LINE_KEPT`] bytes (then ending `... (N bytes)`); raw bytes, to be escaped
    /// ([`crate::error::escape`]) when shown.
    pub transcript: Vec<u8>,
}

/// What the two pumps share with the watcher.
struct Shared {
    start: Instant,
    /// Milliseconds since `start` at the last byte moved.
    last: AtomicU64,
    too_long: AtomicBool,
    transcript: Mutex<Vec<u8>>,
}

/// Where one direction of the exchange stands in its current transcript line.
#[derive(Default)]
struct LineState {
    /// Bytes of the current line so far (0: the next byte starts a line).
    len: usize,
}

impl Shared {
    /// Adds `chunk` to the transcript: each line tagged, its first [`LINE_KEPT`] bytes kept and
    /// a longer line's length said (`... (N bytes)`) where it ends.
    fn log(&self, tag: &[u8], chunk: &[u8], line: &mut LineState) {
        let mut t = self.transcript.lock().unwrap_or_else(|p| p.into_inner());
        for &b in chunk {
            if t.len() >= TRANSCRIPT {
                return;
            }
            if b == b'\n' {
                end_line(&mut t, line);
                continue;
            }
            if line.len == 0 {
                t.extend_from_slice(tag);
            }
            line.len += 1;
            if line.len <= LINE_KEPT {
                t.push(b);
            }
        }
    }

    /// Ends the transcript's current line of one direction (at its end of stream too).
    fn end_line(&self, line: &mut LineState) {
        if line.len > 0 {
            let mut t = self.transcript.lock().unwrap_or_else(|p| p.into_inner());
            if t.len() < TRANSCRIPT {
                end_line(&mut t, line);
            }
        }
    }
}

/// Closes a transcript line: its length when it was cut, and the line feed.
fn end_line(t: &mut Vec<u8>, line: &mut LineState) {
    if line.len > LINE_KEPT {
        t.extend_from_slice(format!("... ({} bytes)", line.len).as_bytes());
    }
    t.push(b'\n');
    line.len = 0;
}

/// Copies `from` into `to` (dropped, so closed, at the end of `from`), logging and counting.
fn pump(
    mut from: impl Read,
    mut to: Option<impl Write>,
    tag: &'static [u8],
    cap: usize,
    shared: Arc<Shared>,
) {
    let mut buf = vec![0u8; 1 << 16];
    let (mut total, mut line) = (0usize, LineState::default());
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        shared.last.store(shared.start.elapsed().as_millis() as u64, Ordering::SeqCst);
        total = total.saturating_add(n);
        if total > cap {
            shared.too_long.store(true, Ordering::SeqCst);
            break;
        }
        shared.log(tag, &buf[..n], &mut line);
        if let Some(w) = to.as_mut()
            && (w.write_all(&buf[..n]).is_err() || w.flush().is_err())
        {
            // The reader is gone: keep draining so that the writer never blocks.
            to = None;
        }
    }
    shared.end_line(&mut line);
}

/// Keeps the start of a stream.
fn keep(mut from: impl Read, kept: Arc<Mutex<Vec<u8>>>) {
    let mut buf = [0u8; 4096];
    while let Ok(n) = from.read(&mut buf) {
        if n == 0 {
            break;
        }
        let mut k = kept.lock().unwrap_or_else(|p| p.into_inner());
        let room = STDERR_KEPT.saturating_sub(k.len());
        k.extend_from_slice(&buf[..n.min(room)]);
    }
}

/// A path as one shell word.
fn quote(p: &Path) -> String {
    format!("'{}'", p.display().to_string().replace('\'', "'\\''"))
}

/// How the watcher stopped.
enum End {
    Both,
    Deadline,
    Idle,
    TooLong,
}

/// Judges one case: `input` is given to the interactor, `scratch` is the file it may write.
/// `Err` when a program cannot start or `games` was interrupted.
pub fn run(setup: &Setup, input: &Path, scratch: &Path) -> std::io::Result<Interaction> {
    let cmd = format!("{} {} {}", setup.interactor, quote(input), quote(scratch));
    let mut jury = process::spawn_program(&cmd)?;
    let mut sol = match process::spawn_program(&setup.solution) {
        Ok(s) => s,
        Err(e) => {
            let _ = process::kill_and_reap(&mut jury);
            return Err(e);
        }
    };
    let shared = Arc::new(Shared {
        start: Instant::now(),
        last: AtomicU64::new(0),
        too_long: AtomicBool::new(false),
        transcript: Mutex::new(Vec::new()),
    });
    let stderr = Arc::new(Mutex::new(Vec::new()));
    let missing = || std::io::Error::other("a pipe of a program is missing");
    let (j_out, s_in) = (jury.stdout.take().ok_or_else(missing)?, sol.stdin.take());
    let (s_out, j_in) = (sol.stdout.take().ok_or_else(missing)?, jury.stdin.take());
    let cap = setup.output_cap;
    let sh = Arc::clone(&shared);
    let (done, pumped) = std::sync::mpsc::channel::<()>();
    let d = done.clone();
    std::thread::spawn(move || {
        pump(j_out, s_in, b"> ", cap, sh);
        let _ = d.send(());
    });
    let sh = Arc::clone(&shared);
    std::thread::spawn(move || {
        pump(s_out, j_in, b"< ", cap, sh);
        let _ = done.send(());
    });
    if let Some(e) = jury.stderr.take() {
        let k = Arc::clone(&stderr);
        std::thread::spawn(move || keep(e, k));
    }
    if let Some(e) = sol.stderr.take() {
        std::thread::spawn(move || keep(e, Arc::new(Mutex::new(Vec::new()))));
    }
    let watched = watch(setup, &shared, &mut jury, &mut sol);
    let j_status = process::kill_and_reap(&mut jury);
    let s_status = process::kill_and_reap(&mut sol);
    // What the programs wrote before they ended belongs to the transcript: the pumps end at
    // the end of their pipes (a descendant that left its group and keeps a pipe open is not
    // waited for past a safety cap).
    for _ in 0..2 {
        let _ = pumped.recv_timeout(Duration::from_secs(2));
    }
    let (end, j_done, s_done) = watched?;
    let j_status = j_done.map_or(j_status, |(st, _)| Ok(st))?;
    let s_status = s_done.map_or(s_status, |(st, _)| Ok(st))?;
    let solution_first = match (j_done, s_done) {
        (Some((_, j)), Some((_, s))) => s <= j,
        (None, Some(_)) => true,
        _ => false,
    };
    let said = last_line(&stderr.lock().unwrap_or_else(|p| p.into_inner()));
    let verdict = match end {
        End::Deadline if s_done.is_none() => Verdict::TimeLimit,
        End::Deadline => {
            Verdict::Fail(format!("the interactor did not finish within the time limit{said}"))
        }
        End::Idle => Verdict::Idleness,
        End::TooLong => Verdict::OutputLimit(format!("more than {cap} bytes one way")),
        End::Both => decide(j_status, s_status, solution_first, said),
    };
    let mut t = shared.transcript.lock().unwrap_or_else(|p| p.into_inner());
    let transcript = std::mem::take(&mut *t);
    Ok(Interaction { verdict, elapsed: shared.start.elapsed(), transcript })
}

/// The verdict once both have exited.
fn decide(
    jury: std::process::ExitStatus,
    sol: std::process::ExitStatus,
    solution_first: bool,
    said: String,
) -> Verdict {
    let crashed = !sol.success();
    let how = format!("the solution {sol}");
    // A WA judges what the solution wrote, whatever became of it after; a PE (testlib's
    // "unexpected end of file") after the solution failed is the failure's doing.
    match jury.code() {
        Some(1) => Verdict::Wrong(said),
        Some(0) if crashed => Verdict::Runtime(how),
        Some(0) => Verdict::Accepted,
        _ if crashed && solution_first => Verdict::Runtime(how),
        Some(2) => Verdict::Presentation(said),
        Some(3) => Verdict::Fail(said),
        _ => Verdict::Fail(format!("the interactor {jury}{said}")),
    }
}

/// An exit status and when it was seen.
type Exit = Option<(std::process::ExitStatus, Duration)>;

/// Waits until both have exited, the deadline, idleness or too much output.
fn watch(
    setup: &Setup,
    shared: &Shared,
    jury: &mut std::process::Child,
    sol: &mut std::process::Child,
) -> std::io::Result<(End, Exit, Exit)> {
    let deadline = shared.start + setup.timeout;
    let (mut j, mut s): (Exit, Exit) = (None, None);
    let (mut idle_seen, mut idle_last) = (0, u64::MAX);
    loop {
        if let Some(sig) = process::interrupted() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Interrupted,
                format!("interrupted by {}", process::signal_name(sig)),
            ));
        }
        // The solution first: two exits seen in one round count as the solution's first (an
        // interactor's end is more often the effect of the solution's than the cause).
        if s.is_none()
            && let Some(st) = sol.try_wait()?
        {
            s = Some((st, shared.start.elapsed()));
        }
        if j.is_none()
            && let Some(st) = jury.try_wait()?
        {
            j = Some((st, shared.start.elapsed()));
        }
        // A verdict other than AC needs nothing more from the solution.
        let judged = j.is_some_and(|(st, _)| st.code() != Some(0));
        let end = if (j.is_some() && s.is_some()) || judged {
            Some(End::Both)
        } else if shared.too_long.load(Ordering::SeqCst) {
            Some(End::TooLong)
        } else if Instant::now() >= deadline {
            Some(End::Deadline)
        } else {
            None
        };
        if let Some(end) = end {
            return Ok((end, j, s));
        }
        // Idle: both alive, nothing moved for IDLE, and both blocked reading their input from
        // the other, seen twice with nothing moving between (a silence alone is never idleness:
        // one side may be computing or sleeping).
        let now = shared.start.elapsed().as_millis() as u64;
        let last = shared.last.load(Ordering::SeqCst);
        let quiet = now.saturating_sub(last);
        let both = j.is_none() && s.is_none();
        let waiting = || {
            process::group_waiting_for_input(jury.id()) == Some(true)
                && process::group_waiting_for_input(sol.id()) == Some(true)
        };
        if both && quiet >= IDLE.as_millis() as u64 && last == idle_last && waiting() {
            idle_seen += 1;
            if idle_seen >= 2 {
                return Ok((End::Idle, j, s));
            }
        } else {
            idle_seen = 0;
        }
        idle_last = last;
        std::thread::sleep(Duration::from_millis(if both { 20 } else { 5 }));
    }
}

/// `: ` and the last nonblank line of a program's standard error, or nothing.
fn last_line(stderr: &[u8]) -> String {
    let line = stderr
        .split(|&b| b == b'\n')
        .rev()
        .find(|l| !l.iter().all(u8::is_ascii_whitespace))
        .unwrap_or(b"");
    if line.is_empty() {
        String::new()
    } else {
        format!(": {}", crate::error::excerpt(line.trim_ascii()))
    }
}
