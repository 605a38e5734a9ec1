//! Running a program under test, shared by `games stress` and `games test`: `sh -c CMD` in its
//! own process group, fed an input on stdin, its stdout and stderr collected up to a cap, and
//! its whole group killed when it exits, when it outlives its deadline, when its output passes
//! the cap, or when `games` itself is interrupted.
//!
//! Control never depends on what the program's children do. One thread multiplexes the three
//! pipes with `poll(2)` and never blocks on a read or a write, so a background child that keeps
//! a pipe open (even one that left the group with `setsid`) cannot stretch a run past its
//! deadline: once the program has exited (or the deadline has passed) the group is killed, what
//! is already in the pipes is drained without waiting for end-of-file, and the pipes are closed.
//!
//! Escaped descendants. A child that calls `setsid` leaves the process group, so killing the
//! group misses it. [`Supervisor::install`] makes `games` a child subreaper
//! (`prctl(PR_SET_CHILD_SUBREAPER)`, Linux), so such orphans are re-parented to `games` instead of
//! init; [`sweep_orphans`] then finds them in `/proc` (parent = us, not a running program nor in a
//! running program's group), kills and reaps them. It runs after a program whose pipes were still
//! held open by someone outside its group, after an interrupt, every 32 runs (so that orphans
//! and their zombies never pile up over a long run), and at the end of a run. Where
//! there is no subreaper or no `/proc`, an escaped child is left running (it can no longer delay
//! `games`, only outlive it).
//!
//! Signals. [`Supervisor::install`] catches SIGINT, SIGTERM and SIGHUP: the handler only records
//! the signal. Every running [`run_command`] sees it within a few milliseconds, forwards it to
//! its program's group, gives the group 200 ms, kills it, reaps it and fails with
//! [`std::io::ErrorKind::Interrupted`]; the command then exits 128 + the signal's number.
//!
//! Only std and a few raw libc declarations (`kill`, `poll`, `waitpid`, `signal`, `prctl`,
//! `getpid`) are used.

use std::collections::HashSet;
use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

/// What happened when the program ran.
#[derive(Debug)]
pub enum Outcome {
    /// It exited with status 0 and printed this (stderr: its first 64 KiB).
    Finished { stdout: Vec<u8>, stderr: Vec<u8> },
    /// It exited non-zero or was killed by a signal. `code` is the exit code when it exited.
    Crashed { status: String, code: Option<i32>, stdout: Vec<u8>, stderr: Vec<u8> },
    /// It was still running at the deadline; its process group was killed.
    TimedOut,
    /// It wrote more than the cap on `stream`; its process group was killed. `stdout` is the
    /// start of what it printed (at most 64 KiB).
    TooLong { stream: &'static str, cap: usize, stdout: Vec<u8> },
}

/// One run: its outcome and its wall time.
#[derive(Debug)]
pub struct Run {
    pub outcome: Outcome,
    pub elapsed: Duration,
}

/// The limits of one run.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub timeout: Duration,
    /// Bytes read from stdout, and from stderr, before the run fails as "output too long".
    pub output_cap: usize,
}

/// The output cap for a run whose expected answer has `expected_len` bytes: 16 times that plus
/// 1 MiB, generous for any honest formatting and small enough that `yes` costs nothing.
pub fn output_cap(expected_len: usize) -> usize {
    expected_len.saturating_mul(16).saturating_add(1 << 20)
}

/// How much of stderr is kept to show (all of it is still counted against the cap).
const STDERR_KEPT: usize = 1 << 16;
/// How long an interrupted program's group gets between the forwarded signal and SIGKILL.
const GRACE: Duration = Duration::from_millis(200);

const SIGHUP: i32 = 1;
const SIGINT: i32 = 2;
const SIGKILL: i32 = 9;
const SIGTERM: i32 = 15;

#[cfg(unix)]
mod sys {
    use std::ffi::{c_int, c_short, c_ulong};

    #[repr(C)]
    pub struct PollFd {
        pub fd: c_int,
        pub events: c_short,
        pub revents: c_short,
    }
    pub const POLLIN: c_short = 0x1;
    pub const POLLOUT: c_short = 0x4;

    unsafe extern "C" {
        pub fn kill(pid: c_int, sig: c_int) -> c_int;
        pub fn poll(fds: *mut PollFd, nfds: c_ulong, timeout: c_int) -> c_int;
        pub fn waitpid(pid: c_int, status: *mut c_int, options: c_int) -> c_int;
        pub fn signal(signum: c_int, handler: usize) -> usize;
        pub fn getpid() -> c_int;
        pub fn write(fd: c_int, buf: *const u8, count: usize) -> isize;
        pub fn pipe(fds: *mut c_int) -> c_int;
        pub fn _exit(status: c_int) -> !;
        #[cfg(target_os = "linux")]
        pub fn prctl(option: c_int, ...) -> c_int;
        #[cfg(target_os = "linux")]
        pub fn fcntl(fd: c_int, cmd: c_int, ...) -> c_int;
    }
}

/// Pipes for a program that answers in volume (`games explore`): 1 MiB of room each way (where
/// the system allows it), and our end of its stdin non-blocking, so a whole batch is written in
/// one call and its replies are read in few. Returns whether stdin is now non-blocking (writes
/// may then be of any size; otherwise at most `PIPE_BUF` after a `POLLOUT`).
#[cfg(target_os = "linux")]
fn widen_pipes(stdin: Option<&std::fs::File>, stdout: &std::fs::File) -> bool {
    use std::os::fd::AsRawFd;
    const F_GETFL: i32 = 3;
    const F_SETFL: i32 = 4;
    const F_SETPIPE_SZ: i32 = 1031;
    const O_NONBLOCK: i32 = 0o4000;
    const ROOM: i32 = 1 << 20;
    // SAFETY: fcntl on descriptors we own, with integer arguments; a failure (a system limit on
    // pipe sizes) leaves the pipe as it was, which is only slower.
    unsafe {
        sys::fcntl(stdout.as_raw_fd(), F_SETPIPE_SZ, ROOM);
        let Some(stdin) = stdin else { return false };
        let fd = stdin.as_raw_fd();
        sys::fcntl(fd, F_SETPIPE_SZ, ROOM);
        let flags = sys::fcntl(fd, F_GETFL);
        flags >= 0 && sys::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
    }
}

#[cfg(all(unix, not(target_os = "linux")))]
fn widen_pipes(_stdin: Option<&std::fs::File>, _stdout: &std::fs::File) -> bool {
    false
}

/// Writes what the pipe takes now of `data`: after a `POLLOUT`, at most `PIPE_BUF` bytes on a
/// blocking pipe (that never blocks), anything on a non-blocking one. `Err` when the program
/// closed its stdin (not our error: it just reads no more).
#[cfg(unix)]
fn feed(pipe: &mut std::fs::File, data: &[u8], nonblocking: bool) -> Result<usize, ()> {
    let data = if nonblocking { data } else { &data[..data.len().min(4096)] };
    match pipe.write(data) {
        Ok(n) => Ok(n),
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock
            ) =>
        {
            Ok(0)
        }
        Err(_) => Err(()),
    }
}

/// Runs started so far, and how often a sweep runs regardless (see [`sweep_orphans`]).
static RUNS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
const SWEEP_EVERY: u64 = 32;

/// The signal that interrupted `games`, 0 if none.
static SIGNAL: AtomicI32 = AtomicI32::new(0);

/// The pids of the programs being run (each is also its process group's id). Spawning, reaping
/// and sweeping hold this lock, so a sweep never mistakes a program for an orphan.
static LIVE: Mutex<Option<HashSet<u32>>> = Mutex::new(None);

fn live() -> std::sync::MutexGuard<'static, Option<HashSet<u32>>> {
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The write end of the pipe that wakes a server waiting for input ([`InterruptibleStdin`]) when
/// a signal is recorded; -1 until one waits.
static WAKE: AtomicI32 = AtomicI32::new(-1);
/// Its read end.
static WAKE_READ: AtomicI32 = AtomicI32::new(-1);

#[cfg(unix)]
extern "C" fn on_signal(sig: i32) {
    // Async-signal-safe: one atomic store (the runs notice it and clean up) and one write(2) to
    // the wake pipe of a waiting server.
    SIGNAL.store(sig, Ordering::SeqCst);
    let fd = WAKE.load(Ordering::SeqCst);
    if fd >= 0 {
        // SAFETY: write(2) is async-signal-safe; the buffer is static.
        unsafe { sys::write(fd, b"!".as_ptr(), 1) };
    }
}

/// The read end of the wake pipe, made on first use (`None` where no pipe can be had).
#[cfg(unix)]
fn wake_pipe() -> Option<i32> {
    let fd = WAKE_READ.load(Ordering::SeqCst);
    if fd >= 0 {
        return Some(fd);
    }
    let mut fds = [-1i32; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    if unsafe { sys::pipe(fds.as_mut_ptr()) } != 0 {
        return None;
    }
    // Neither end goes to the programs run later (FD_CLOEXEC), and the handler's write never
    // blocks on a full pipe (O_NONBLOCK on the write end).
    #[cfg(target_os = "linux")]
    // SAFETY: fcntl(2) on descriptors this function just made; F_SETFD = 2, FD_CLOEXEC = 1,
    // F_SETFL = 4, O_NONBLOCK = 0o4000.
    unsafe {
        for fd in fds {
            sys::fcntl(fd, 2, 1);
        }
        sys::fcntl(fds[1], 4, 0o4000);
    }
    WAKE_READ.store(fds[0], Ordering::SeqCst);
    WAKE.store(fds[1], Ordering::SeqCst);
    Some(fds[0])
}

/// Set-up for commands that run programs (`stress`, `test`).
pub struct Supervisor;

impl Supervisor {
    /// Catches SIGINT, SIGTERM and SIGHUP (recorded, see [`interrupted`]) and, on Linux, makes
    /// this process a child subreaper so that detached descendants of a program come back to us.
    pub fn install() {
        #[cfg(unix)]
        // SAFETY: `on_signal` only stores to an atomic, which is async-signal-safe; prctl with
        // PR_SET_CHILD_SUBREAPER (36) and the value 1 only changes how orphans are re-parented.
        unsafe {
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                sys::signal(sig, on_signal as extern "C" fn(i32) as usize);
            }
            #[cfg(target_os = "linux")]
            sys::prctl(36, 1 as std::ffi::c_ulong);
        }
    }
}

/// The command running (`explore`, `count`, ...), for the one message form of an interrupt,
/// `games <command>: interrupted by SIGINT`; set once by the command line.
static COMMAND: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();

/// Names the command in the message [`exit_on_signal`] prints (the first call wins).
pub fn set_command(name: &'static str) {
    let _ = COMMAND.set(name);
}

#[cfg(unix)]
extern "C" fn exit_at_once(sig: i32) {
    let what: &[u8] = match sig {
        SIGINT => b": interrupted by SIGINT\n",
        SIGTERM => b": interrupted by SIGTERM\n",
        SIGHUP => b": interrupted by SIGHUP\n",
        _ => b": interrupted\n",
    };
    let name: &[u8] = COMMAND.get().map_or(b"", |n| n.as_bytes());
    // SAFETY: write(2) and _exit(2) are async-signal-safe; the buffers are static (the name is
    // set before any handler is installed and never freed).
    unsafe {
        sys::write(2, b"\ngames".as_ptr(), 6);
        if !name.is_empty() {
            sys::write(2, b" ".as_ptr(), 1);
            sys::write(2, name.as_ptr(), name.len());
        }
        sys::write(2, what.as_ptr(), what.len());
        sys::_exit(128 + sig);
    }
}

/// For work with no program running (computing values, finding patterns, printing): from now
/// on SIGINT, SIGTERM and SIGHUP end `games` at once with 128 + the signal's number after one
/// line on standard error, and a signal recorded while programs ran ends it now.
/// [`Supervisor::install`] switches back to recording before programs run again.
pub fn exit_on_signal() {
    #[cfg(unix)]
    // SAFETY: `exit_at_once` only calls async-signal-safe functions.
    unsafe {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            sys::signal(sig, exit_at_once as extern "C" fn(i32) as usize);
        }
    }
    if let Some(sig) = interrupted() {
        #[cfg(unix)]
        exit_at_once(sig);
    }
}

/// The signal that interrupted this process since [`Supervisor::install`], if any.
pub fn interrupted() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        sig => Some(sig),
    }
}

/// The exit status for a process interrupted by `sig`: 128 + its number (130 for SIGINT, 143
/// for SIGTERM), as a shell reports it.
pub fn interrupted_exit_code(sig: i32) -> u8 {
    u8::try_from(128 + sig).unwrap_or(130)
}

/// A name for a signal number.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        SIGHUP => "SIGHUP",
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        SIGKILL => "SIGKILL",
        _ => "a signal",
    }
}

fn signal_group(pgid: u32, sig: i32) {
    #[cfg(unix)]
    // SAFETY: kill(2) with a negative pid signals a process group. Callers only pass the group of
    // a program that has not been reaped yet, so the id cannot have been reused.
    unsafe {
        sys::kill(-(pgid as i32), sig);
    }
}

/// One pipe from the program, read without ever blocking.
struct Reader {
    pipe: Option<std::fs::File>,
    kept: Vec<u8>,
    keep: usize,
    total: usize,
}

impl Reader {
    fn new(pipe: std::fs::File, keep: usize) -> Self {
        Reader { pipe: Some(pipe), kept: Vec::new(), keep, total: 0 }
    }

    /// One read (the caller knows the pipe is readable, so it does not block); closes the pipe
    /// at end of file or on an error. Returns how many bytes came (they are in `chunk`).
    fn read_once(&mut self, chunk: &mut [u8]) -> usize {
        let Some(pipe) = self.pipe.as_mut() else { return 0 };
        match pipe.read(chunk) {
            Ok(0) => self.pipe = None,
            Ok(n) => {
                self.total = self.total.saturating_add(n);
                let room = self.keep.saturating_sub(self.kept.len());
                self.kept.extend_from_slice(&chunk[..n.min(room)]);
                return n;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => self.pipe = None,
        }
        0
    }

    #[cfg(unix)]
    fn fd(&self) -> Option<i32> {
        use std::os::fd::AsRawFd;
        self.pipe.as_ref().map(|p| p.as_raw_fd())
    }
}

/// Polls `fds` for at most `timeout_ms`; returns the revents per entry (all 0 on a timeout or an
/// interrupted poll).
#[cfg(unix)]
fn poll(fds: &[(i32, i16)], timeout_ms: i32) -> Vec<i16> {
    let mut raw: Vec<sys::PollFd> =
        fds.iter().map(|&(fd, events)| sys::PollFd { fd, events, revents: 0 }).collect();
    // SAFETY: `raw` is a valid array of `raw.len()` pollfd structures for the duration of the
    // call.
    let n = unsafe { sys::poll(raw.as_mut_ptr(), raw.len() as std::ffi::c_ulong, timeout_ms) };
    if n <= 0 {
        return vec![0; fds.len()];
    }
    raw.iter().map(|p| p.revents).collect()
}

/// Standard input for a server that waits for requests (`games explore --serve`): each read
/// first waits until input is there or a signal recorded since [`Supervisor::install`] wakes it
/// (through a pipe the handler writes to); a signal ends the wait with an error naming it (not
/// [`std::io::ErrorKind::Interrupted`], which readers retry), so the server ends the way every
/// interrupted command does, its programs' groups killed. Reads the descriptor itself, below
/// the standard library's own buffer of standard input.
pub struct InterruptibleStdin;

#[cfg(unix)]
impl std::io::Read for InterruptibleStdin {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        use std::os::fd::FromRawFd;
        let stopped = |sig| std::io::Error::other(format!("interrupted by {}", signal_name(sig)));
        // Blocked in one poll with no timeout on standard input and the wake pipe, which a
        // signal writes to: a judge that looks sees a program waiting for its input.
        let wake = wake_pipe();
        loop {
            if let Some(sig) = interrupted() {
                return Err(stopped(sig));
            }
            let ready = match wake {
                Some(w) => poll(&[(0, sys::POLLIN), (w, sys::POLLIN)], -1)[0],
                None => poll(&[(0, sys::POLLIN)], 100)[0],
            };
            // POLLIN, POLLHUP (0x10) and POLLERR (0x8) all mean a read will not block.
            if ready & (sys::POLLIN | 0x10 | 0x8) != 0 {
                break;
            }
        }
        // SAFETY: descriptor 0 stays open for the whole process; ManuallyDrop never closes it.
        let mut stdin = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(0) });
        let got = stdin.read(buf);
        // A signal recorded meanwhile wins over what the read saw (the end of the input
        // closed right after the signal, say).
        if let Some(sig) = interrupted() {
            return Err(stopped(sig));
        }
        got
    }
}

#[cfg(not(unix))]
impl std::io::Read for InterruptibleStdin {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        std::io::Read::read(&mut std::io::stdin(), buf)
    }
}

/// Runs `cmd` through `sh -c` in its own process group, feeding `input` on stdin. Fails with
/// [`std::io::ErrorKind::Interrupted`] when `games` was interrupted (the program's group has been
/// signalled, killed and reaped by then).
#[cfg(unix)]
pub fn run_command(cmd: &str, input: &[u8], limits: Limits) -> std::io::Result<Run> {
    run_core(cmd, input, limits, None)
}

/// [`run_command`], but the program's standard output is handed to `consume` as it comes
/// instead of being collected (so memory does not follow its volume; `stdout` in the outcome is
/// empty). `consume` returns `false` to stop the run at once (its group is killed; the outcome
/// is then `Finished` with nothing in it, and the consumer knows why it stopped).
#[cfg(unix)]
pub fn run_command_streaming(
    cmd: &str,
    input: &[u8],
    limits: Limits,
    consume: &mut dyn FnMut(&[u8]) -> bool,
) -> std::io::Result<Run> {
    run_core(cmd, input, limits, Some(consume))
}

/// Takes a chunk of a program's output; `false` stops the run.
type Consumer<'a> = dyn FnMut(&[u8]) -> bool + 'a;

/// Why a run's loop ended.
#[cfg(unix)]
enum End {
    Exited,
    Deadline,
    TooLong(&'static str),
    Signal(i32),
    Unknown(ExitStatus),
    Stopped,
}

/// A running program's three pipes and the state of the loop that feeds its input and drains
/// its output without ever blocking.
#[cfg(unix)]
struct Pump<'i> {
    pid: u32,
    input: &'i [u8],
    stdin: Option<std::fs::File>,
    written: usize,
    out: Reader,
    err: Reader,
    chunk: Vec<u8>,
    cap: usize,
    /// The consumer asked to stop.
    stopped: bool,
    /// Our end of stdin is non-blocking (see [`widen_pipes`]).
    nonblocking: bool,
    /// Output goes to a consumer: after a read that emptied the pipe, wait [`GATHER`] for more
    /// to gather, so a program that writes line by line costs a wake-up per few hundred lines,
    /// not per line.
    gather: bool,
}

/// The fewest unanswered lines for which an exchange lets replies gather ([`gather_time`]).
const GATHER_LINES: usize = 16;

/// How long a streaming run lets output gather in the pipe after a read that emptied it (at
/// most this much is added to a run's wall time, once, after the program's last line).
const GATHER: Duration = Duration::from_micros(500);

#[cfg(unix)]
fn run_core(
    cmd: &str,
    input: &[u8],
    limits: Limits,
    mut consume: Option<&mut Consumer<'_>>,
) -> std::io::Result<Run> {
    if let Some(sig) = interrupted() {
        return Err(interrupted_error(sig));
    }
    let start = Instant::now();
    let (mut child, mut pump) = spawn(cmd, input, limits, consume.is_some())?;
    let end = pump.run_until_end(&mut child, start + limits.timeout, &mut consume)?;
    pump.stdin = None;
    let pid = pump.pid;
    stop_group(pid, &end);
    // What the program wrote before it exited is in the pipes now: take it, without waiting
    // for an end of file that a detached descendant could hold back forever.
    if matches!(end, End::Exited | End::Unknown(_)) {
        pump.drain(&mut consume);
    }
    let held_open = pump.out.pipe.is_some() || pump.err.pipe.is_some();
    drop(pump.out.pipe.take());
    drop(pump.err.pipe.take());
    let status = reap(&mut child, pid, &end)?;
    // Orphans of the program that are not holding its pipes come back to us too (and, once
    // killed with the group, as zombies to reap): a sweep every few runs keeps them from piling
    // up over a long run.
    let runs = RUNS.fetch_add(1, Ordering::Relaxed) + 1;
    if held_open || matches!(end, End::Signal(_)) || runs.is_multiple_of(SWEEP_EVERY) {
        sweep_orphans();
    }
    let elapsed = start.elapsed();
    let outcome = outcome_of(end, status, pump.out, pump.err, limits.output_cap)?;
    Ok(Run { outcome, elapsed })
}

/// `sh -c cmd` started in its own process group with three pipes, registered as live (so a
/// signal to `games` reaches its group).
#[cfg(unix)]
fn spawn_group(cmd: &str) -> std::io::Result<std::process::Child> {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new("sh");
    command.arg("-c").arg(cmd).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    command.process_group(0);
    let mut live = live();
    let child = command.spawn()?;
    live.get_or_insert_with(HashSet::new).insert(child.id());
    Ok(child)
}

/// For [`super::interactive`], which wires two programs to each other: `sh -c cmd` in its own
/// process group with three pipes, registered as running ([`spawn_group`]).
#[cfg(unix)]
pub(crate) fn spawn_program(cmd: &str) -> std::io::Result<std::process::Child> {
    spawn_group(cmd)
}

/// For [`super::interactive`]: kills the whole group of a program from [`spawn_program`],
/// waits for it and forgets it; its exit status.
#[cfg(unix)]
pub(crate) fn kill_and_reap(child: &mut std::process::Child) -> std::io::Result<ExitStatus> {
    let pid = child.id();
    signal_group(pid, SIGKILL);
    reap(child, pid, &End::Exited)
}

/// For [`super::interactive`]: is every process of group `pgid` blocked waiting for input?
/// That is: each is asleep, each of its threads is either reading its standard input (a
/// `read` on descriptor 0, the pipe from `games`), waiting for a child (a shell) or for another
/// of its threads (a futex), and at least one thread of the group reads. A process asleep in
/// anything else (a `sleep`, a timer, a computation's page fault) is not waiting for the other
/// side. `None` where it cannot be told (no `/proc`, a `/proc/PID/syscall` that cannot be read,
/// a processor whose system call numbers are not known here): then no idleness is ever seen.
pub(crate) fn group_waiting_for_input(pgid: u32) -> Option<bool> {
    let dir = std::fs::read_dir("/proc").ok()?;
    let pids = dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok());
    let mut reading = false;
    for pid in pids {
        match proc_stat(pid) {
            Some((state, _, pgrp)) if pgrp == pgid && state != b'Z' && state != b'X' => {}
            _ => continue,
        }
        let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
        for task in tasks {
            let tid = task.ok()?.file_name();
            let dir = format!("/proc/{pid}/task/{}", tid.to_str()?);
            let state = std::fs::read(format!("{dir}/stat")).ok()?;
            let close = state.iter().rposition(|&b| b == b')')?;
            if state.get(close + 2) != Some(&b'S') {
                return Some(false);
            }
            let call = std::fs::read_to_string(format!("{dir}/syscall")).ok()?;
            match blocked_in(&call)? {
                Blocked::ReadingInput => reading = true,
                Blocked::WaitingForOthers => {}
                Blocked::Elsewhere => return Some(false),
            }
        }
    }
    Some(reading)
}

/// Where a sleeping thread is, from its `/proc/PID/task/TID/syscall` line (`NR ARG1 ...`).
enum Blocked {
    /// A read of descriptor 0.
    ReadingInput,
    /// Waiting for a child or another thread.
    WaitingForOthers,
    /// Anywhere else (a sleep, a poll with a timeout, not in a system call).
    Elsewhere,
}

/// [`Blocked`] of a `/proc/.../syscall` line; `None` on a processor whose numbers are not known.
fn blocked_in(line: &str) -> Option<Blocked> {
    // (read, readv, pread64, preadv), (wait4, waitid, futex), (poll, ppoll) by processor.
    #[cfg(target_arch = "x86_64")]
    const CALLS: ([i64; 4], [i64; 3]) = ([0, 19, 17, 295], [61, 247, 202]);
    #[cfg(target_arch = "x86_64")]
    const POLLS: (i64, i64) = (7, 271);
    #[cfg(target_arch = "aarch64")]
    const CALLS: ([i64; 4], [i64; 3]) = ([63, 65, 67, 69], [260, 95, 98]);
    #[cfg(target_arch = "aarch64")]
    const POLLS: (i64, i64) = (-1, 73);
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    return None;
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut words = line.split_ascii_whitespace();
        let Some(Ok(nr)) = words.next().map(str::parse::<i64>) else {
            return Some(Blocked::Elsewhere);
        };
        let args: Vec<u64> = words
            .take(3)
            .filter_map(|a| u64::from_str_radix(a.trim_start_matches("0x"), 16).ok())
            .collect();
        let fd = args.first().copied();
        // A poll with no timeout (poll's -1, ppoll's null timespec) waits for input only.
        let forever = match nr {
            n if n == POLLS.0 => args.get(2).is_some_and(|&t| t as u32 == u32::MAX),
            n if n == POLLS.1 => args.get(2) == Some(&0),
            _ => false,
        };
        Some(if CALLS.0.contains(&nr) && fd == Some(0) || forever {
            Blocked::ReadingInput
        } else if CALLS.1.contains(&nr) {
            Blocked::WaitingForOthers
        } else {
            Blocked::Elsewhere
        })
    }
}

/// Starts the program ([`spawn_group`]) and sets up the pump over its pipes.
#[cfg(unix)]
fn spawn<'i>(
    cmd: &str,
    input: &'i [u8],
    limits: Limits,
    streaming: bool,
) -> std::io::Result<(std::process::Child, Pump<'i>)> {
    let mut child = spawn_group(cmd)?;
    let file = |fd: std::os::fd::OwnedFd| std::fs::File::from(fd);
    let stdin = child.stdin.take().map(|p| file(p.into())).filter(|_| !input.is_empty());
    let missing = || std::io::Error::other("a pipe of the program is missing");
    let out = child.stdout.take().ok_or_else(missing)?;
    let err = child.stderr.take().ok_or_else(missing)?;
    let out = file(out.into());
    let nonblocking = streaming && widen_pipes(stdin.as_ref(), &out);
    let pump = Pump {
        pid: child.id(),
        input,
        stdin,
        written: 0,
        out: Reader::new(out, if streaming { 0 } else { limits.output_cap }),
        err: Reader::new(file(err.into()), STDERR_KEPT),
        chunk: vec![0u8; if streaming { 1 << 18 } else { 1 << 16 }],
        cap: limits.output_cap,
        stopped: false,
        nonblocking,
        gather: streaming,
    };
    Ok((child, pump))
}

#[cfg(unix)]
impl Pump<'_> {
    /// Feeds the input and drains the output until the program exits, the deadline passes, an
    /// output passes the cap, the consumer stops it, or `games` is signalled.
    fn run_until_end(
        &mut self,
        child: &mut std::process::Child,
        deadline: Instant,
        consume: &mut Option<&mut Consumer<'_>>,
    ) -> std::io::Result<End> {
        let mut nap = Duration::from_micros(20);
        let mut poll_ms = 1;
        let mut busy = 0u32;
        loop {
            if let Some(sig) = interrupted() {
                return Ok(End::Signal(sig));
            }
            if self.stopped {
                return Ok(End::Stopped);
            }
            if self.out.total > self.cap {
                return Ok(End::TooLong("standard output"));
            }
            if self.err.total > self.cap {
                return Ok(End::TooLong("standard error"));
            }
            // Whether it has exited is asked after an idle poll, and every 64 busy ones (a
            // program that writes line by line would otherwise cost a /proc read per line).
            if busy.is_multiple_of(64) {
                match has_exited(self.pid) {
                    Some(true) => return Ok(End::Exited),
                    Some(false) => {}
                    None => {
                        if let Some(status) = child.try_wait()? {
                            return Ok(End::Unknown(status));
                        }
                    }
                }
            }
            let now = Instant::now();
            if now >= deadline {
                return Ok(End::Deadline);
            }
            let fds = self.fds();
            if fds.is_empty() {
                // Every pipe is closed: the program is about to exit, or works silently.
                busy = 0;
                std::thread::sleep(nap.min(deadline - now));
                nap = (nap * 2).min(Duration::from_millis(5));
                continue;
            }
            let left_ms = (deadline - now).as_millis().clamp(1, 10) as i32;
            let revents = poll(&fds, poll_ms.min(left_ms));
            if revents.iter().all(|&r| r == 0) {
                poll_ms = (poll_ms * 2).min(10);
                busy = 0;
                continue;
            }
            busy = busy.wrapping_add(1);
            poll_ms = 1;
            nap = Duration::from_micros(20);
            let got = self.serve(&fds, &revents, consume);
            if self.gather && self.stdin.is_none() && got > 0 && got < self.chunk.len() {
                std::thread::sleep(GATHER.min(deadline.saturating_duration_since(Instant::now())));
            }
        }
    }

    /// The pipes still open, with the event each waits for.
    fn fds(&self) -> Vec<(i32, i16)> {
        let mut fds: Vec<(i32, i16)> = Vec::with_capacity(3);
        if let Some(fd) = self.out.fd() {
            fds.push((fd, sys::POLLIN));
        }
        if let Some(fd) = self.err.fd() {
            fds.push((fd, sys::POLLIN));
        }
        if let Some(p) = self.stdin.as_ref() {
            use std::os::fd::AsRawFd;
            fds.push((p.as_raw_fd(), sys::POLLOUT));
        }
        fds
    }

    /// One round of reads and writes on the pipes that `poll` found ready; returns the bytes
    /// read from stdout.
    fn serve(
        &mut self,
        fds: &[(i32, i16)],
        revents: &[i16],
        consume: &mut Option<&mut Consumer<'_>>,
    ) -> usize {
        let mut got = 0;
        for (&(fd, _), &r) in fds.iter().zip(revents) {
            if r == 0 {
                continue;
            }
            if self.out.fd() == Some(fd) {
                let n = self.out.read_once(&mut self.chunk);
                got = n;
                if let Some(consume) = consume.as_mut()
                    && n > 0
                    && self.out.total <= self.cap
                    && !consume(&self.chunk[..n])
                {
                    self.stopped = true;
                }
            } else if self.err.fd() == Some(fd) {
                self.err.read_once(&mut self.chunk);
            } else if let Some(p) = self.stdin.as_mut() {
                match feed(p, &self.input[self.written..], self.nonblocking) {
                    Ok(n) => self.written += n,
                    Err(()) => self.written = self.input.len(),
                }
                if self.written >= self.input.len() || r & sys::POLLOUT == 0 {
                    self.stdin = None;
                }
            }
        }
        got
    }

    /// After the program exited: what is already in its pipes, never waiting for more.
    fn drain(&mut self, consume: &mut Option<&mut Consumer<'_>>) {
        for i in 0..2 {
            let reader = if i == 0 { &mut self.out } else { &mut self.err };
            while let Some(fd) = reader.fd() {
                if poll(&[(fd, sys::POLLIN)], 0)[0] == 0 || reader.total > self.cap {
                    break;
                }
                let n = reader.read_once(&mut self.chunk);
                if i == 0
                    && let Some(consume) = consume.as_mut()
                    && n > 0
                    && reader.total <= self.cap
                    && !consume(&self.chunk[..n])
                {
                    break;
                }
            }
        }
    }
}

/// The program has exited (or must stop): kill its whole group, forwarding a signal first
/// (with [`GRACE`] to stop on its own).
#[cfg(unix)]
fn stop_group(pid: u32, end: &End) {
    if let End::Signal(sig) = *end {
        signal_group(pid, sig);
        let stop = Instant::now() + GRACE;
        while has_exited(pid) == Some(false) && Instant::now() < stop {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    if !matches!(end, End::Unknown(_)) {
        signal_group(pid, SIGKILL);
    }
}

/// The exit status, the program reaped and no longer live.
#[cfg(unix)]
fn reap(child: &mut std::process::Child, pid: u32, end: &End) -> std::io::Result<ExitStatus> {
    if let End::Unknown(status) = *end {
        live().get_or_insert_with(HashSet::new).remove(&pid);
        return Ok(status);
    }
    let mut live = live();
    let status = child.wait();
    live.get_or_insert_with(HashSet::new).remove(&pid);
    status
}

/// The run's outcome from why its loop ended, its status and what its pipes gave.
#[cfg(unix)]
fn outcome_of(
    end: End,
    status: ExitStatus,
    mut out: Reader,
    err: Reader,
    cap: usize,
) -> std::io::Result<Outcome> {
    let out_start = std::mem::take(&mut out.kept);
    let too_long = |stream, mut start: Vec<u8>| {
        start.truncate(STDERR_KEPT);
        Outcome::TooLong { stream, cap, stdout: start }
    };
    Ok(match end {
        End::Signal(sig) => return Err(interrupted_error(sig)),
        End::Stopped => Outcome::Finished { stdout: Vec::new(), stderr: Vec::new() },
        End::Deadline => Outcome::TimedOut,
        End::TooLong(stream) => too_long(stream, out_start),
        End::Exited | End::Unknown(_) if out.total > cap => too_long("standard output", out_start),
        End::Exited | End::Unknown(_) if err.total > cap => too_long("standard error", out_start),
        End::Exited | End::Unknown(_) => outcome(status, out_start, err.kept),
    })
}

/// How an exchange with a [`Session`] ended.
#[derive(Debug)]
pub enum Exchange {
    /// The consumer had every line it wanted.
    Done,
    /// The consumer stopped it (a protocol fault it has recorded).
    Stopped,
    /// The program exited (or closed its output) before the consumer was done; its status and
    /// the last 64 KiB of its standard error.
    Ended { status: String, stderr: Vec<u8> },
    /// The deadline passed.
    TimedOut,
    /// More than the cap on standard output or standard error during this exchange.
    TooLong { stream: &'static str, cap: usize },
}

/// What the consumer of an exchange wants next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// More output.
    More,
    /// Everything asked has come.
    Done,
    /// Stop: the output broke the protocol.
    Stop,
}

/// One long-lived program (`sh -c CMD` in its own group) fed in several exchanges: each writes
/// an input and reads output until its consumer is done, under a deadline and a cap, watching
/// for signals like [`run_command`]. Dropping it closes its stdin, gives it 100 ms to exit and
/// kills its group.
#[cfg(unix)]
pub struct Session {
    child: std::process::Child,
    stdin: Option<std::fs::File>,
    out: Reader,
    err: Reader,
    /// Our end of stdin is non-blocking (see [`widen_pipes`]).
    nonblocking: bool,
}

/// How long an exchange lets replies gather after a read that emptied the pipe: half the time
/// the lines still unanswered take at the program's pace (`per_line`, the fastest seen in this
/// exchange: a wait for input only makes a pace look slower), at most [`GATHER`], and not at
/// all under 50 µs or with fewer than [`GATHER_LINES`] unanswered (a chain whose next
/// positions come from its last replies: waiting would only make the program wait). The
/// program then still has work when the replies are read, and a fast one is read as it writes.
fn gather_time(pending: usize, per_line: Option<Duration>) -> Option<Duration> {
    if pending < GATHER_LINES {
        return None;
    }
    let nap = per_line?.saturating_mul(pending.min(1 << 16) as u32) / 2;
    let nap = nap.min(GATHER);
    (nap >= Duration::from_micros(50)).then_some(nap)
}

#[cfg(unix)]
impl Session {
    /// Starts `cmd`.
    pub fn start(cmd: &str) -> std::io::Result<Session> {
        if let Some(sig) = interrupted() {
            return Err(interrupted_error(sig));
        }
        let mut child = spawn_group(cmd)?;
        let file = |fd: std::os::fd::OwnedFd| std::fs::File::from(fd);
        let stdin = child.stdin.take().map(|p| file(p.into()));
        let missing = || std::io::Error::other("a pipe of the program is missing");
        let out = file(child.stdout.take().ok_or_else(missing)?.into());
        let nonblocking = widen_pipes(stdin.as_ref(), &out);
        let out = Reader::new(out, 0);
        let err = Reader::new(file(child.stderr.take().ok_or_else(missing)?.into()), STDERR_KEPT);
        RUNS.fetch_add(1, Ordering::Relaxed);
        Ok(Session { child, stdin, out, err, nonblocking })
    }

    /// Writes `input` and hands the output to `consume` until it says [`Flow::Done`] or
    /// [`Flow::Stop`]; `consume` may append more input to its second argument (lines the output
    /// led to), written in the same exchange. Fails with [`std::io::ErrorKind::Interrupted`] on
    /// a signal (the group is then signalled and killed). While many lines written are
    /// unanswered, a read that emptied the pipe waits [`GATHER`] for more to gather.
    pub fn exchange(
        &mut self,
        input: &[u8],
        timeout: Duration,
        output_cap: usize,
        consume: &mut dyn FnMut(&[u8], &mut Vec<u8>) -> Flow,
    ) -> std::io::Result<Exchange> {
        use std::os::fd::AsRawFd;
        let deadline = Instant::now() + timeout;
        let pid = self.child.id();
        let (out0, err0) = (self.out.total, self.err.total);
        let mut input = input.to_vec();
        let mut written = 0usize;
        let mut chunk = vec![0u8; 1 << 18];
        let mut pending = memchr::memchr_iter(b'\n', &input).count();
        let mut last_read = Instant::now();
        let mut per_line: Option<Duration> = None;
        loop {
            // What the program has read is dropped once it is most of the buffer.
            if written >= 1 << 20 && written * 2 >= input.len() {
                input.drain(..written);
                written = 0;
            }
            if let Some(sig) = interrupted() {
                signal_group(pid, sig);
                let stop = Instant::now() + GRACE;
                while has_exited(pid) == Some(false) && Instant::now() < stop {
                    std::thread::sleep(Duration::from_millis(2));
                }
                self.kill();
                return Err(interrupted_error(sig));
            }
            if self.out.total - out0 > output_cap {
                return Ok(Exchange::TooLong { stream: "standard output", cap: output_cap });
            }
            if self.err.total - err0 > output_cap {
                return Ok(Exchange::TooLong { stream: "standard error", cap: output_cap });
            }
            let now = Instant::now();
            if now >= deadline {
                return Ok(Exchange::TimedOut);
            }
            let Some(out_fd) = self.out.fd() else {
                return Ok(self.ended());
            };
            let mut fds = vec![(out_fd, sys::POLLIN)];
            if let Some(fd) = self.err.fd() {
                fds.push((fd, sys::POLLIN));
            }
            let feeding = written < input.len();
            if feeding && let Some(p) = self.stdin.as_ref() {
                fds.push((p.as_raw_fd(), sys::POLLOUT));
            }
            let left_ms = (deadline - now).as_millis().clamp(1, 10) as i32;
            let revents = poll(&fds, left_ms);
            if revents.iter().all(|&r| r == 0) {
                if has_exited(pid) == Some(true) && self.out.fd().is_some() {
                    // Drain what is left, then report the end.
                    if poll(&[(out_fd, sys::POLLIN)], 0)[0] == 0 {
                        return Ok(self.ended());
                    }
                }
                continue;
            }
            for (&(fd, _), &r) in fds.iter().zip(&revents) {
                if r == 0 {
                    continue;
                }
                if fd == out_fd {
                    let n = self.out.read_once(&mut chunk);
                    if n > 0 {
                        let before = input.len();
                        match consume(&chunk[..n], &mut input) {
                            Flow::More => {}
                            Flow::Done => return Ok(Exchange::Done),
                            Flow::Stop => return Ok(Exchange::Stopped),
                        }
                        pending += memchr::memchr_iter(b'\n', &input[before..]).count();
                        // What the replies led to goes out at once where the pipe takes it.
                        match self.stdin.as_mut() {
                            Some(p) if self.nonblocking && written < input.len() => {
                                match feed(p, &input[written..], true) {
                                    Ok(k) => written += k,
                                    Err(()) => {
                                        written = input.len();
                                        self.stdin = None;
                                    }
                                }
                            }
                            None => written = input.len(),
                            _ => {}
                        }
                        let lines = memchr::memchr_iter(b'\n', &chunk[..n]).count();
                        pending = pending.saturating_sub(lines);
                        if lines > 0 {
                            let pace = last_read.elapsed() / lines.min(u32::MAX as usize) as u32;
                            per_line = Some(per_line.map_or(pace, |p| p.min(pace)));
                            last_read = Instant::now();
                        }
                        if n < chunk.len()
                            && written == input.len()
                            && let Some(nap) = gather_time(pending, per_line)
                        {
                            std::thread::sleep(
                                nap.min(deadline.saturating_duration_since(Instant::now())),
                            );
                        }
                    }
                } else if self.err.fd() == Some(fd) {
                    self.err.read_once(&mut chunk);
                } else if let Some(p) = self.stdin.as_mut() {
                    match feed(p, &input[written..], self.nonblocking) {
                        Ok(n) => written += n,
                        Err(()) => {
                            written = input.len();
                            self.stdin = None;
                        }
                    }
                }
            }
        }
    }

    /// The program ended or closed its output during an exchange.
    fn ended(&mut self) -> Exchange {
        self.kill();
        let status = match self.child.try_wait() {
            Ok(Some(s)) => s.to_string(),
            _ => "closed its output".to_string(),
        };
        Exchange::Ended { status, stderr: std::mem::take(&mut self.err.kept) }
    }

    /// Closes stdin, waits up to 100 ms for the program to exit, kills the group and reaps it.
    fn kill(&mut self) {
        let pid = self.child.id();
        self.stdin = None;
        let stop = Instant::now() + Duration::from_millis(100);
        while has_exited(pid) == Some(false) && Instant::now() < stop {
            std::thread::sleep(Duration::from_millis(1));
        }
        let mut live = live();
        let running = live.get_or_insert_with(HashSet::new);
        if running.contains(&pid) {
            signal_group(pid, SIGKILL);
            let _ = self.child.wait();
            running.remove(&pid);
        }
        drop(live);
        drop(self.out.pipe.take());
        drop(self.err.pipe.take());
    }
}

#[cfg(unix)]
impl Drop for Session {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Elsewhere than Unix there are no process groups to kill: programs cannot be run safely.
#[cfg(not(unix))]
pub fn run_command(_cmd: &str, _input: &[u8], _limits: Limits) -> std::io::Result<Run> {
    Err(std::io::Error::new(
        std::io::ErrorKind::Unsupported,
        "running a program under test needs a Unix system (process groups, poll)",
    ))
}

fn interrupted_error(sig: i32) -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::Interrupted,
        format!("interrupted by {}", signal_name(sig)),
    )
}

fn outcome(status: ExitStatus, stdout: Vec<u8>, stderr: Vec<u8>) -> Outcome {
    if status.success() {
        Outcome::Finished { stdout, stderr }
    } else {
        Outcome::Crashed { status: status.to_string(), code: status.code(), stdout, stderr }
    }
}

/// Has process `pid` (our unreaped child) exited? Read from `/proc/<pid>/stat` without reaping
/// it: a zombie (`Z`) or dead (`X`) state means it has. `None` where there is no `/proc`.
fn has_exited(pid: u32) -> Option<bool> {
    let (state, _, _) = proc_stat(pid)?;
    Some(state == b'Z' || state == b'X')
}

/// State, parent pid and process group of `pid`, from `/proc/<pid>/stat`.
fn proc_stat(pid: u32) -> Option<(u8, u32, u32)> {
    let stat = std::fs::read(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may contain anything: parse after the last ')'.
    let close = stat.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(stat.get(close + 2..)?).ok()?;
    let mut fields = rest.split(' ');
    let state = *fields.next()?.as_bytes().first()?;
    let ppid = fields.next()?.parse().ok()?;
    let pgrp = fields.next()?.parse().ok()?;
    Some((state, ppid, pgrp))
}

/// How long [`sweep_orphans`] goes on killing generation after generation of orphans.
const SWEEP_TIME: Duration = Duration::from_secs(10);

/// Kills and reaps every orphan re-parented to us (see the module doc): children of this
/// process that are neither a running program nor in a running program's group. Returns how
/// many there were. A no-op without `/proc`.
pub fn sweep_orphans() -> usize {
    #[cfg(unix)]
    {
        // SAFETY: getpid has no preconditions.
        let me = unsafe { sys::getpid() } as u32;
        let mut swept = 0;
        // A killed orphan's own children come back to us in turn: rounds until none is left,
        // however deep the tree, bounded by time (a program that forks without end).
        let deadline = std::time::Instant::now() + SWEEP_TIME;
        while std::time::Instant::now() < deadline {
            let live = live();
            let empty = HashSet::new();
            let running = live.as_ref().unwrap_or(&empty);
            let Ok(dir) = std::fs::read_dir("/proc") else { return swept };
            let orphans: Vec<u32> = dir
                .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
                .filter(|&pid| {
                    proc_stat(pid).is_some_and(|(_, ppid, pgrp)| {
                        ppid == me && !running.contains(&pid) && !running.contains(&pgrp)
                    })
                })
                .collect();
            if orphans.is_empty() {
                break;
            }
            for pid in orphans {
                let mut status = 0;
                // SAFETY: `pid` is our own child (its parent is us) and not one that std's
                // `Child` handles will wait for (not a running program): killing and reaping it
                // here cannot disturb them. The LIVE lock is held, so no program is spawned or
                // reaped meanwhile.
                unsafe {
                    sys::kill(pid as i32, SIGKILL);
                    sys::waitpid(pid as i32, &mut status, 0);
                }
                swept += 1;
            }
        }
        swept
    }
    #[cfg(not(unix))]
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(o: &Outcome) -> &'static str {
        match o {
            Outcome::Finished { .. } => "finished",
            Outcome::Crashed { .. } => "crashed",
            Outcome::TimedOut => "timed out",
            Outcome::TooLong { .. } => "too long",
        }
    }

    fn limits(timeout_ms: u64) -> Limits {
        Limits { timeout: Duration::from_millis(timeout_ms), output_cap: 1 << 20 }
    }

    #[test]
    fn runs_a_program_and_collects_both_streams() {
        let run = run_command("cat; echo oops >&2", b"1 2\n", limits(5000)).unwrap();
        match run.outcome {
            Outcome::Finished { stdout, stderr } => {
                assert_eq!(stdout, b"1 2\n");
                assert_eq!(stderr, b"oops\n");
            }
            other => panic!("{}", kind(&other)),
        }
    }

    #[test]
    fn feeds_a_large_input_and_reads_a_large_output_without_deadlock() {
        let input: Vec<u8> = (0..3_000_000u32).map(|i| b"0123456789\n"[i as usize % 11]).collect();
        let lim = Limits { timeout: Duration::from_secs(20), output_cap: 1 << 24 };
        let run = run_command("cat", &input, lim).unwrap();
        match run.outcome {
            Outcome::Finished { stdout, .. } => assert!(stdout == input),
            other => panic!("{}", kind(&other)),
        }
    }

    #[test]
    fn exit_codes_and_signals_are_crashes() {
        let run = run_command("exit 3", b"", limits(5000)).unwrap();
        assert!(matches!(run.outcome, Outcome::Crashed { code: Some(3), .. }), "{run:?}");
        let run = run_command("kill -9 $$", b"", limits(5000)).unwrap();
        assert!(matches!(run.outcome, Outcome::Crashed { code: None, .. }), "{run:?}");
    }

    #[test]
    fn output_past_the_cap_is_too_long_and_stops_at_once() {
        let lim = Limits { timeout: Duration::from_secs(20), output_cap: 1 << 20 };
        let run = run_command("yes", b"", lim).unwrap();
        assert!(matches!(run.outcome, Outcome::TooLong { stream: "standard output", .. }));
        assert!(run.elapsed < Duration::from_secs(5), "{:?}", run.elapsed);
        let run = run_command("yes >&2", b"", lim).unwrap();
        assert!(matches!(run.outcome, Outcome::TooLong { stream: "standard error", .. }));
    }

    #[test]
    fn the_deadline_holds_whatever_the_children_do() {
        // A background child in the group holding stdout, and the program itself hanging.
        let run = run_command("sleep 30 & sleep 30", b"", limits(300)).unwrap();
        assert!(matches!(run.outcome, Outcome::TimedOut));
        assert!(run.elapsed < Duration::from_secs(3), "{:?}", run.elapsed);
        // A detached child (its own session) holding stdout after the program has finished:
        // the answer is taken at once, not when the child lets go of the pipe.
        let run = run_command("setsid sleep 4 & echo done", b"", limits(10_000)).unwrap();
        assert!(run.elapsed < Duration::from_secs(3), "{:?}", run.elapsed);
        match run.outcome {
            Outcome::Finished { stdout, .. } => assert_eq!(stdout, b"done\n"),
            other => panic!("{}", kind(&other)),
        }
    }
}
