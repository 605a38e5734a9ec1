//! Running a program under test: `sh -c CMD` in its own process group, fed an input on stdin,
//! its output collected, killed with its whole group at the deadline. Shared by `games stress`
//! and `games test`.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What happened when the user's program ran.
#[derive(Debug)]
pub enum Outcome {
    /// It exited with status 0 and printed this.
    Finished(Vec<u8>),
    /// It exited non-zero or was killed by a signal.
    Crashed { status: String, stdout: Vec<u8>, stderr: Vec<u8> },
    /// It was still running after the timeout; its process group was killed.
    TimedOut,
}

#[cfg(unix)]
unsafe extern "C" {
    fn kill(pid: i32, sig: i32) -> i32;
}

/// Runs `cmd` through `sh -c` in its own process group, feeding `input` on stdin.
pub fn run_command(cmd: &str, input: &[u8], timeout: Duration) -> std::io::Result<Outcome> {
    let mut command = Command::new("sh");
    command.arg("-c").arg(cmd).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    let mut child = command.spawn()?;
    let pid = child.id();
    let mut stdin = child.stdin.take().expect("stdin was piped");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A program that exits without reading its input closes the pipe: not our error.
        let _ = stdin.write_all(&data);
    });
    let mut out_pipe = child.stdout.take().expect("stdout was piped");
    let mut err_pipe = child.stderr.take().expect("stderr was piped");
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out_pipe.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        // Drain it all (a closed pipe could kill the program), keep the start.
        let mut v = Vec::new();
        let _ = err_pipe.read_to_end(&mut v);
        v.truncate(1 << 16);
        v
    });
    // Wait for the program to finish without reaping it, so that its pid, which is also its
    // process group's id, stays reserved while we signal the group.
    let start = Instant::now();
    let mut nap = Duration::from_micros(50);
    let finished = loop {
        match has_exited(pid) {
            Some(true) => break true,
            Some(false) => {}
            // No /proc: fall back to reaping (the group is then signalled only on a timeout).
            None => {
                if let Some(status) = child.try_wait()? {
                    let _ = writer.join();
                    let stdout = reader.join().unwrap_or_default();
                    let stderr = err_reader.join().unwrap_or_default();
                    return Ok(outcome(status, stdout, stderr));
                }
            }
        }
        if start.elapsed() >= timeout {
            break false;
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(10));
    };
    // Kill the whole process group in both cases: on a timeout to stop the program, after a
    // normal exit to stop any background child it left holding the pipes (the readers below
    // would otherwise wait for it).
    #[cfg(unix)]
    // SAFETY: kill(2) with a negative pid signals the process group created above. Its id is
    // the program's pid, which cannot be reused before we reap the program just below.
    unsafe {
        kill(-(pid as i32), 9);
    }
    let status = child.wait()?;
    if !finished {
        let _ = writer.join();
        let _ = reader.join();
        let _ = err_reader.join();
        return Ok(Outcome::TimedOut);
    }
    let _ = writer.join();
    let stdout = reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok(outcome(status, stdout, stderr))
}

fn outcome(status: std::process::ExitStatus, stdout: Vec<u8>, stderr: Vec<u8>) -> Outcome {
    if status.success() {
        Outcome::Finished(stdout)
    } else {
        Outcome::Crashed { status: status.to_string(), stdout, stderr }
    }
}

/// Has process `pid` (our unreaped child) exited? Read from `/proc/<pid>/stat` without reaping
/// it: a zombie (`Z`) or dead (`X`) state means it has. `None` where there is no `/proc`.
fn has_exited(pid: u32) -> Option<bool> {
    let stat = std::fs::read(format!("/proc/{pid}/stat")).ok()?;
    // The state follows the command name, which is in parentheses and may contain anything.
    let close = stat.iter().rposition(|&b| b == b')')?;
    let state = *stat.get(close + 2)?;
    Some(state == b'Z' || state == b'X')
}
