//! `games sg --save/--resume` hold against hostile paths and files (issue 29, faults 1, 2, 5,
//! 11): a FIFO or device is never replaced nor blocks the run, a temporary-file symbolic link
//! is never written through, and a checkpoint with a valid hash over wrong values cannot give a
//! proof (its values are recomputed from the rule, an independent check of the file).

use crate::common;
use common::{GAMES, games, temp_dir, text};
use std::process::{Command, Stdio};

/// A FIFO at `path`; without mkfifo the test fails unless `GAMES_TEST_NO_SYSTOOLS=1`.
fn mkfifo(path: &std::path::Path) -> bool {
    if !common::need("mkfifo", "the FIFO checks") {
        return false;
    }
    let made = Command::new("mkfifo").arg(path).status().is_ok_and(|s| s.success());
    assert!(made, "mkfifo {} failed", path.display());
    made
}

fn is_fifo(path: &std::path::Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[test]
fn a_fifo_or_device_given_to_save_is_refused_and_left_alone() {
    let dir = temp_dir("save-fifo");
    let fifo = dir.join("ck.sgv");
    if !mkfifo(&fifo) {
        return;
    }
    let out = games(&["sg", "0.77", "--save", fifo.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    assert!(is_fifo(&fifo), "the FIFO was replaced");
    let out = games(&["sg", "0.77", "--save", "/dev/null"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(std::fs::symlink_metadata("/dev/null").is_ok_and(|m| !m.is_file()));
}

#[test]
fn a_symlink_at_the_temporary_name_is_never_written_through() {
    let dir = temp_dir("save-tmp-link");
    let target = dir.join("elsewhere");
    let ck = dir.join("ck.sgv");
    std::os::unix::fs::symlink(&target, dir.join("ck.sgv.tmp")).unwrap();
    let out = games(&["sg", "0.77", "--save", ck.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!target.exists(), "written through the link");
    let meta = std::fs::symlink_metadata(&ck).unwrap();
    assert!(meta.is_file(), "the checkpoint is not a regular file");
    // The file is a checkpoint that resumes.
    let out = games(&["sg", "0.77", "--resume", ck.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // No temporary file is left beside it.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn resume_from_a_fifo_does_not_block_and_signals_are_answered() {
    let dir = temp_dir("resume-fifo");
    let fifo = dir.join("ck.sgv");
    if !mkfifo(&fifo) {
        return;
    }
    let mut child = Command::new(GAMES)
        .args(["sg", "0.77", "--resume", fifo.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Nobody opens the FIFO's other end: a run that blocked on it would never end (the hang
    // cap fails the test).
    let _ = child.stdout.take();
    let out = common::output_or_hang(child, "sg --resume FIFO");
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out.stderr));
}

/// Rewrites G(`n`) of the checkpoint at `path` (narrow values) and fixes the hash, as a forger
/// who knows the format would.
fn forge(path: &std::path::Path, n: usize, g: u16) {
    let mut b = std::fs::read(path).unwrap();
    let rule_len = u32::from_le_bytes(b[12..16].try_into().unwrap()) as usize;
    let tail = 16 + rule_len;
    assert_eq!(b[tail], 2, "narrow values expected");
    let body = tail + 17;
    b[body + 2 * n..body + 2 * n + 2].copy_from_slice(&g.to_le_bytes());
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in &b[body..] {
        h ^= x as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    b[tail + 9..tail + 17].copy_from_slice(&h.to_le_bytes());
    std::fs::write(path, b).unwrap();
}

#[test]
fn a_forged_checkpoint_with_a_valid_hash_gives_no_proof() {
    let dir = temp_dir("forged");
    for rule in ["0.77", "0.07", "sub:1,3,4"] {
        let ck = dir.join(format!("{}.sgv", rule.replace([':', ',', '!', '.'], "_")));
        let path = ck.to_str().unwrap();
        let out = games(&["sg", rule, "--save", path], b"");
        assert_eq!(out.status.code(), Some(0), "{rule}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("proved"), "{rule}: {}", text(&out.stdout));
        // The honest file resumes to the same proof.
        let again = games(&["sg", rule, "--resume", path], b"");
        assert_eq!(again.stdout, out.stdout, "{rule}");
        for n in [0usize, 3, 7] {
            let honest = std::fs::read(&ck).unwrap();
            forge(&ck, n, 9);
            let out = games(&["sg", rule, "--resume", path], b"");
            let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
            assert!(!stdout.contains("proved"), "{rule} G({n}) forged: {stdout}");
            assert_eq!(out.status.code(), Some(1), "{rule}: {stdout} {stderr}");
            assert!(stderr.contains(&format!("G({n})")), "{rule}: {stderr}");
            std::fs::write(&ck, honest).unwrap();
        }
    }
}
