//! Issue 37: `games explore` on Ctrl-C (SIGINT) or SIGTERM keeps what it found: the values of
//! the box computed so far, as a table marked partial (`?` where not yet computed), then
//! `games explore: interrupted by SIGINT` on standard error and exit 130 (143 for SIGTERM).
//! The signal comes at a random moment of a slow moves program's run; every value printed is
//! checked against the game (take 1, 2 or 3: G(n) = n mod 4).

use crate::common;
use common::{GAMES, temp_dir, text};
use games::rng::Rng;
use std::path::Path;
use std::process::{Command, Stdio};

/// Take 1, 2 or 3, slowly (a few milliseconds a position); each position asked is written to
/// `mark`, one a line: the test's readiness line.
fn slow(mark: &Path) -> String {
    format!(
        "while read n; do echo $n >> {}; sleep 0.005; o=''; for k in 1 2 3; do if [ $n -ge $k ]; then o=\"$o${{o:+;}}$((n - k))\"; fi; done; echo \"$o\"; done",
        mark.display()
    )
}

/// Runs explore on the slow program, sends `sig` once the program has been asked `asked`
/// positions (counted in its marks, not in seconds): the program text, exit code, stdout,
/// stderr.
fn interrupted_run(
    name: &str,
    extra: &[&str],
    sig: &str,
    asked: usize,
) -> (String, Option<i32>, String, String) {
    let mark = temp_dir(name).join("asked");
    let program = slow(&mark);
    let mut args = vec!["explore", "--moves", &program, "--box", "0..3000"];
    args.extend_from_slice(extra);
    let child = Command::new(GAMES)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    common::wait_until(&format!("{asked} positions asked"), || {
        std::fs::read_to_string(&mark).is_ok_and(|t| t.lines().count() >= asked)
    });
    common::kill(sig, child.id());
    let out = child.wait_with_output().unwrap();
    (program, out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// Checks a partial text report: its head, and every value shown (`?` or n mod 4, as many
/// known as the note says).
fn check_partial_table(program: &str, report: &str) {
    let mut lines = report.lines();
    assert_eq!(
        lines.next(),
        Some(format!("game: moves program '{program}', box 0..3000 (partial)").as_str())
    );
    let note = lines.next().unwrap_or_default();
    let done: usize = note
        .strip_prefix("note: partial: interrupted; ")
        .and_then(|r| r.split(' ').next())
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| panic!("the note: {note}"));
    assert!(note.ends_with("of the box's 3001 positions computed so far (the others ?)"), "{note}");
    // With no value yet the table shows outcomes (all `?`), unmarked.
    let head = if done > 0 { "n from 0: G (P-positions marked *)" } else { "n from 0: G" };
    assert_eq!(lines.next(), Some(head));
    let (mut n, mut known) = (0u64, 0usize);
    for line in lines {
        let (label, cells) = line.split_once(':').unwrap_or_else(|| panic!("a row: {line}"));
        assert_eq!(label.trim().parse::<u64>().ok(), Some(n), "{line}");
        for cell in cells.split_whitespace() {
            if cell != "?" {
                let g: u64 =
                    cell.trim_end_matches('*').parse().unwrap_or_else(|_| panic!("{line}"));
                assert_eq!(g, n % 4, "G({n}) in {line}");
                assert_eq!(cell.ends_with('*'), g == 0, "{line}");
                known += 1;
            }
            n += 1;
        }
    }
    assert_eq!(n, 3001, "every position of the box has its cell");
    assert_eq!(known, done, "the note counts the values shown");
}

#[test]
fn an_interrupted_explore_prints_the_values_found_so_far() {
    let mut rng = Rng::new(0x37_5167);
    for (i, (sig, code, name)) in
        [("-INT", 130, "SIGINT"), ("-TERM", 143, "SIGTERM"), ("-INT", 130, "SIGINT")]
            .iter()
            .enumerate()
    {
        let asked = rng.range(1, 300) as usize;
        let extra: &[&str] = if i == 2 { &["--stream"] } else { &[] };
        let (program, got, out, err) = interrupted_run(&format!("run{i}"), extra, sig, asked);
        assert_eq!(got, Some(*code), "{sig} after {asked} positions: {err}");
        assert_eq!(
            err.lines().last(),
            Some(format!("games explore: interrupted by {name}").as_str()),
            "{err}"
        );
        check_partial_table(&program, &out);
    }
}

#[test]
fn an_interrupted_explore_writes_well_formed_json() {
    let (_, got, out, err) = interrupted_run("json", &["--json"], "-INT", 100);
    assert_eq!(got, Some(130), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    let values = doc["values"].as_array().expect("the values");
    assert_eq!(values.len(), 3001);
    for (n, v) in values.iter().enumerate() {
        assert!(v.is_null() || v.as_u64() == Some(n as u64 % 4), "G({n}) = {v}");
    }
    let notes = doc["notes"].as_array().expect("notes");
    assert!(
        notes.iter().any(|n| n.as_str().is_some_and(|s| s.starts_with("partial: interrupted")))
    );
}
