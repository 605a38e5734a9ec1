//! Every example in a `--help` text runs and succeeds, and the help texts stay short.
//!
//! An example is a line of an `EXAMPLES` section (from a line starting `EXAMPLES` to the next
//! line that starts in the first column) that starts with four spaces and `games `, or holds
//! `| games ` or `&& games `. The programs a help lists (an indented block whose first line is
//! `# NAME.py: ...`) are written to a scratch folder first, and each example runs there through
//! `sh -c`, in order, with the binary under test first on `PATH`: the release build when it is
//! at least as new as the test build (`make test` builds both), else the test build. An example
//! that needs python3 fails the test when python3 is missing, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;
use common::temp_dir;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The commands whose help has examples.
const COMMANDS: &[&str] = &["explore", "sg", "count", "stress", "test"];

/// The binary the examples run: the release build when it is current, else the test build.
fn binary() -> PathBuf {
    let test_build = PathBuf::from(common::GAMES);
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"), PathBuf::from);
    let release = target.join("release").join("games");
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    match (modified(&release), modified(&test_build)) {
        (Some(r), Some(t)) if r >= t => release,
        _ => {
            eprintln!(
                "note: no current release build; the examples run on {}",
                test_build.display()
            );
            test_build
        }
    }
}

fn help(bin: &Path, command: &str) -> String {
    let out = Command::new(bin).args([command, "--help"]).output().expect("games runs");
    assert!(out.status.success(), "games {command} --help failed");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

/// The examples of a help text.
fn examples(help: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if line.starts_with("EXAMPLES") {
            inside = true;
            continue;
        }
        if !line.is_empty() && !line.starts_with(' ') {
            inside = false;
        }
        let cmd = line.trim();
        if inside
            && line.starts_with("    ")
            && (cmd.starts_with("games ") || cmd.contains("| games ") || cmd.contains("&& games "))
        {
            out.push(cmd.to_string());
        }
    }
    out
}

/// The programs a help lists: (file name, text).
fn programs(help: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = help.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let Some(name) = t.strip_prefix("# ").and_then(|r| r.split(':').next()) else { continue };
        if !name.ends_with(".py") || name.contains(' ') {
            continue;
        }
        let indent = line.len() - t.len();
        let body: Vec<&str> = lines[i..]
            .iter()
            .take_while(|l| l.len() > indent && l[..indent].trim().is_empty())
            .map(|l| &l[indent..])
            .collect();
        out.push((name.to_string(), body.join("\n") + "\n"));
    }
    out
}

/// python3 for the examples that run it: missing, the test fails unless
/// `GAMES_TEST_NO_PYTHON=1` (then those examples are skipped with a note).
fn has_python() -> bool {
    common::need("python3", "the --help examples that run python3")
}

#[test]
fn every_example_of_every_help_runs() {
    let bin = binary();
    let dir_of_bin = bin.parent().expect("a folder").to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(dir_of_bin)
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("PATH");
    let python = has_python();
    let mut ran = 0;
    for command in COMMANDS {
        let text = help(&bin, command);
        let dir = temp_dir(command);
        for (name, body) in programs(&text) {
            std::fs::write(dir.join(&name), body).expect("program written");
        }
        let list = examples(&text);
        assert!(list.len() >= 5, "games {command} --help has {} examples", list.len());
        for example in list {
            if example.contains("python3") && !python {
                eprintln!("note: python3 not found, skipped: {example}");
                continue;
            }
            let out = Command::new("sh")
                .args(["-c", &example])
                .current_dir(&dir)
                .env("PATH", &path)
                .output()
                .expect("sh runs");
            assert!(
                out.status.success() && !out.stdout.is_empty(),
                "{example}: exit {:?}\nstdout: {}\nstderr: {}",
                out.status.code(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 20, "{ran} examples ran");
}

#[test]
fn the_helps_are_short() {
    let bin = binary();
    for (command, most) in [("explore", 120), ("sg", 120), ("count", 120), ("stress", 120)] {
        let long = help(&bin, command).lines().count();
        assert!(long <= most, "games {command} --help is {long} lines, more than {most}");
        let out = Command::new(&bin).args([command, "-h"]).output().expect("games runs");
        let short = String::from_utf8_lossy(&out.stdout).lines().count();
        assert!(short <= 40, "games {command} -h is {short} lines, more than a screen");
    }
}
