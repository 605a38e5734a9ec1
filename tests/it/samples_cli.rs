//! `games samples PROBLEM [--out DIR] [--force]` (issue 48): the golden samples built into the
//! binary, checked against the files of the repository's `samples/<problem>/` (read here from
//! disk, the oracle: what `build.rs` compiled must be those bytes, every file, nothing more);
//! writing never goes through an existing entry; and `games test`'s messages name only paths
//! that exist, run from a folder without the repository.

use crate::common;
use common::{games, temp_dir, text};
use std::path::Path;

/// The files of `samples/<problem>/` on disk: (name, bytes), in name order.
fn on_disk(problem: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples").join(problem);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in" || x == "out"))
        .map(|p| {
            (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

/// Every problem folder of `samples/`.
fn problems() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut names: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn out_writes_every_sample_byte_for_byte() {
    let all = problems();
    assert!(all.len() >= 20, "{all:?}");
    for problem in &all {
        let dir = temp_dir(&format!("out-{problem}")).join("fresh");
        let out = games(&["samples", problem, "--out", dir.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(0), "{problem}: {}", text(&out.stderr));
        let want = on_disk(problem);
        assert_eq!(
            text(&out.stdout),
            format!("samples {problem}: {} files written to {}\n", want.len(), dir.display())
        );
        let mut got: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| {
                (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap())
            })
            .collect();
        got.sort();
        assert_eq!(got, want, "{problem}");
    }
}

#[test]
fn printing_lists_each_file_after_its_name() {
    for problem in problems() {
        let want = on_disk(&problem);
        let out = games(&["samples", &problem], b"");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        // Rebuilt here from the files on disk: a header line, the bytes, a line end if missing.
        let mut expected = Vec::new();
        for (name, bytes) in &want {
            expected.extend_from_slice(format!("==> {name} <==\n").as_bytes());
            expected.extend_from_slice(bytes);
            if !bytes.is_empty() && !bytes.ends_with(b"\n") {
                expected.push(b'\n');
            }
        }
        assert_eq!(out.stdout, expected, "{problem}");
    }
    // An alias names the same problem.
    assert_eq!(
        games(&["samples", "acwing891"], b"").stdout,
        games(&["samples", "nim"], b"").stdout
    );
}

#[test]
fn existing_files_are_refused_unless_forced_and_links_are_not_followed() {
    let dir = temp_dir("force");
    let d = dir.to_str().unwrap();
    let outside = dir.join("outside.txt");
    std::fs::write(&outside, "mine\n").unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("sample-1.in")).unwrap();
    std::fs::write(dir.join("sample-2.out"), "old\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "kept\n").unwrap();
    // Refused, and nothing written: not even the names that were free.
    let out = games(&["samples", "nim", "--out", d], b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--force"), "{err}");
    assert!(!dir.join("sample-1.out").exists());
    assert_eq!(std::fs::read_to_string(dir.join("sample-2.out")).unwrap(), "old\n");
    // Forced: the link is replaced by a file, the file it pointed to is untouched.
    let out = games(&["samples", "nim", "--out", d, "--force"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "mine\n");
    assert!(!std::fs::symlink_metadata(dir.join("sample-1.in")).unwrap().file_type().is_symlink());
    for (name, bytes) in on_disk("nim") {
        assert_eq!(std::fs::read(dir.join(&name)).unwrap(), bytes, "{name}");
    }
    assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "kept\n");
}

#[test]
fn usage_errors() {
    let out = games(&["samples", "no-such-problem"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr).lines().count(), 1, "{}", text(&out.stderr));
    assert_eq!(games(&["samples"], b"").status.code(), Some(2));
    assert_eq!(games(&["samples", "nim", "--force"], b"").status.code(), Some(2));
    // --out on a file: one line, exit 1.
    let dir = temp_dir("on-a-file");
    let file = dir.join("f");
    std::fs::write(&file, "x").unwrap();
    let out = games(&["samples", "nim", "--out", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr).lines().count(), 1, "{}", text(&out.stderr));
}

/// Run from an empty folder (no `samples/` there): every name `games test` prints is a path
/// that exists there, or a built-in sample marked `built-in:`, which the summary says how to
/// write out; the names written out by that command are the names shown.
#[test]
fn games_test_names_only_paths_that_exist() {
    let dir = temp_dir("test-names");
    for args in [
        vec!["test", "nim", "--against", "echo Yes"],
        vec!["test", "hdu1846", "--against", "echo first"],
    ] {
        let out = std::process::Command::new(common::GAMES)
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let report = text(&out.stdout);
        let mut shown = Vec::new();
        for line in report.lines().filter(|l| l.len() > 5 && l.as_bytes()[4] == b' ') {
            let verdict = &line[..4];
            if ["AC  ", "WA  ", "RE  ", "TLE ", "OLE ", "SKIP"].contains(&verdict) {
                let name = line[5..].split_whitespace().next().unwrap();
                match name.strip_prefix("built-in:") {
                    Some(rest) => shown.push(rest.to_string()),
                    None => assert!(dir.join(name).exists(), "{name} does not exist: {report}"),
                }
            }
        }
        assert!(!shown.is_empty(), "{report}");
        let problem = args[1];
        let hint = format!("`games samples {problem} --out DIR` writes them as files");
        assert!(report.lines().last().unwrap().contains(&hint), "{report}");
        let written = dir.join(format!("written-{problem}"));
        let out = games(&["samples", problem, "--out", written.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(0));
        for name in shown {
            let file = name.strip_prefix(&format!("{problem}/")).unwrap();
            assert!(written.join(file).is_file(), "{name}");
        }
    }
    // Folders given on the command line are shown by the path given.
    let out = std::process::Command::new(common::GAMES)
        .args(["test", "nim", "--against", "games nim", "written-nim"])
        .env(
            "PATH",
            format!(
                "{}:{}",
                Path::new(common::GAMES).parent().unwrap().display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .current_dir(&dir)
        .output()
        .unwrap();
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}{}", text(&out.stderr));
    assert!(report.starts_with("AC   written-nim/sample-1.in"), "{report}");
    assert!(!report.contains("built-in:"), "{report}");
}
