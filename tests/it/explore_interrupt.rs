//! Issue 37: `games explore` on Ctrl-C (SIGINT) or SIGTERM keeps what it found: the values of
//! the box computed so far, as a table marked partial (`?` where not yet computed), then
//! `games explore: interrupted by SIGINT` on standard error and exit 130 (143 for SIGTERM).
//! The signal comes at a random moment of a slow moves program's run; every value printed is
//! checked against the game (take 1, 2 or 3: G(n) = n mod 4).

use crate::common;
use common::{GAMES, text};
use games::rng::Rng;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Take 1, 2 or 3, slowly (a few milliseconds a position).
const SLOW: &str = "while read n; do sleep 0.005; o=''; for k in 1 2 3; do if [ $n -ge $k ]; then o=\"$o${o:+;}$((n - k))\"; fi; done; echo \"$o\"; done";

/// Runs explore on the slow program, sends `sig` after `delay`: exit code, stdout, stderr.
fn interrupted_run(extra: &[&str], sig: &str, delay: Duration) -> (Option<i32>, String, String) {
    let mut args = vec!["explore", "--moves", SLOW, "--box", "0..3000"];
    args.extend_from_slice(extra);
    let child = Command::new(GAMES)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(delay);
    Command::new("kill").arg(sig).arg(child.id().to_string()).status().unwrap();
    let start = Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(start.elapsed() < Duration::from_secs(20), "the run ignored {sig}");
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// Checks a partial text report: its head, and every value shown (`?` or n mod 4, as many
/// known as the note says).
fn check_partial_table(report: &str) {
    let mut lines = report.lines();
    assert_eq!(
        lines.next(),
        Some(format!("game: moves program '{SLOW}', box 0..3000 (partial)").as_str())
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
        let delay = Duration::from_millis(rng.range(300, 2500));
        let extra: &[&str] = if i == 2 { &["--stream"] } else { &[] };
        let (got, out, err) = interrupted_run(extra, sig, delay);
        assert_eq!(got, Some(*code), "{sig} after {delay:?}: {err}");
        assert_eq!(
            err.lines().last(),
            Some(format!("games explore: interrupted by {name}").as_str()),
            "{err}"
        );
        check_partial_table(&out);
    }
}

#[test]
fn an_interrupted_explore_writes_well_formed_json() {
    let (got, out, err) = interrupted_run(&["--json"], "-INT", Duration::from_millis(800));
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
