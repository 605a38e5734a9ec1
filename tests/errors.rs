//! The error contract, checked for every registered problem from its golden samples:
//! a malformed token (a word, a negative number, a number past 2^64 - 1) is reported at its own
//! line and column, in one stderr line naming the problem, while the answers for the cases
//! completed before it are kept; a cut input never panics and keeps the earlier answers; junk
//! after the end is refused; a huge count fails at end of input without allocating for it;
//! whitespace variants (CRLF, tabs, BOM, blank lines, no final newline) change nothing.

use games::registry::{PROBLEMS, Problem, run};
use std::path::Path;

fn samples(p: &Problem) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/samples")).join(p.name);
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|_| panic!("samples/{} missing", p.name))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|path| (path.display().to_string(), std::fs::read(&path).unwrap()))
        .filter(|(_, bytes)| bytes.len() <= 1 << 16)
        .collect();
    v.sort();
    v
}

/// (start, end) byte ranges of the whitespace-separated tokens.
fn tokens(input: &[u8]) -> Vec<(usize, usize)> {
    games::testkit::token_spans(input)
}

/// Line and column (1-based, bytes) of an offset, counted independently of the crate.
fn line_col(input: &[u8], offset: usize) -> (usize, usize) {
    let before = &input[..offset];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    (line, offset - start + 1)
}

fn splice(input: &[u8], (s, e): (usize, usize), with: &[u8]) -> Vec<u8> {
    [&input[..s], with, &input[e..]].concat()
}

/// Runs `input`, expects a fault at byte `at`, and checks the message and the kept answers.
fn expect_fault_at(p: &Problem, what: &str, input: &[u8], at: usize) {
    let (out, fault) = run(p, input);
    let fault = fault.unwrap_or_else(|| {
        panic!("{}: {what}: accepted\n{}", p.name, String::from_utf8_lossy(input))
    });
    let msg = fault.render(p.name, input);
    let (line, col) = line_col(input, at);
    let head = format!("games {}: line {line}, column {col}: expected ", p.name);
    assert!(
        msg.starts_with(&head),
        "{}: {what}: message {msg:?}, want it to start {head:?}",
        p.name
    );
    assert!(msg.contains(", found ") && !msg.contains('\n'), "{}: {what}: {msg:?}", p.name);
    // The answers kept are exactly those of the input cut just before the fault.
    let (kept, _) = run(p, &input[..at]);
    assert_eq!(
        String::from_utf8_lossy(&out),
        String::from_utf8_lossy(&kept),
        "{}: {what}: answers before the fault",
        p.name
    );
}

#[test]
fn bad_tokens_are_reported_where_they_stand() {
    for p in PROBLEMS {
        for (name, input) in samples(p) {
            let toks = tokens(&input);
            for (i, &tok) in toks.iter().enumerate().take(200) {
                for bad in [&b"x"[..], b"-1", b"18446744073709551616", b"1.5"] {
                    let what =
                        format!("{name}: token {i} replaced by {}", String::from_utf8_lossy(bad));
                    let changed = splice(&input, tok, bad);
                    expect_fault_at(p, &what, &changed, tok.0);
                }
            }
        }
    }
}

#[test]
fn cut_inputs_keep_earlier_answers_and_never_panic() {
    for p in PROBLEMS {
        for (name, input) in samples(p) {
            let (full, _) = run(p, &input);
            let full_text = String::from_utf8_lossy(&full).into_owned();
            for cut in 0..input.len().min(2000) {
                let (out, fault) = run(p, &input[..cut]);
                let text = String::from_utf8_lossy(&out).into_owned();
                // A cut inside a number leaves a shorter, valid number: for a format that ends
                // at EOF that is a different, legal input, so only boundaries are compared.
                let inside_token = cut > 0
                    && !input[cut - 1].is_ascii_whitespace()
                    && !input[cut].is_ascii_whitespace();
                // Whole answer lines are a byte prefix; a one-line answer (multi-sg) may also
                // stop before a space of the full line, ending its own line early.
                let prefix_ok = full_text.starts_with(&text)
                    || (text.ends_with('\n')
                        && full_text.starts_with(&text[..text.len() - 1])
                        && full_text[text.len() - 1..].starts_with(' '));
                assert!(
                    inside_token || prefix_ok,
                    "{}: {name} cut at {cut}: output {text:?} is not a prefix of {full_text:?}",
                    p.name
                );
                if let Some(f) = fault {
                    let msg = f.render(p.name, &input[..cut]);
                    assert!(msg.starts_with(&format!("games {}: line ", p.name)), "{msg}");
                }
            }
        }
    }
}

#[test]
fn empty_and_blank_inputs_are_answered_or_refused_at_the_end() {
    for p in PROBLEMS {
        for input in [&b""[..], b"\n", b" \r\n\t\n", b"\xEF\xBB\xBF"] {
            let (out, fault) = run(p, input);
            match fault {
                // A count-based format needs its first number.
                Some(f) => {
                    assert!(out.is_empty(), "{}", p.name);
                    assert_eq!(f.offset, input.len(), "{}", p.name);
                    assert!(f.render(p.name, input).ends_with("found end of input"), "{}", p.name);
                }
                // A format ended by EOF has no cases: no answers (or one empty answer line).
                None => assert!(out.is_empty() || out == b"\n", "{}: {:?}", p.name, out),
            }
        }
    }
}

#[test]
fn junk_after_the_input_is_refused() {
    for p in PROBLEMS {
        for (name, input) in samples(p) {
            let mut changed = input.clone();
            changed.extend_from_slice(b"\n x\n");
            let at = changed.len() - 2;
            expect_fault_at(p, &format!("{name}: junk after the end"), &changed, at);
        }
    }
}

#[test]
fn a_huge_first_count_fails_without_allocating() {
    for p in PROBLEMS {
        for (name, input) in samples(p) {
            let first = tokens(&input)[0];
            for big in [&b"1000000000000000000"[..], b"18446744073709551615"] {
                let changed = splice(&input, first, big);
                // Either the first token is a value (and this is just a big input), or a count
                // that the data cannot satisfy: then it fails at the end of the input, or it is
                // refused on the spot as past a stated limit. Allocating for the count would
                // abort this test (capacity overflow) or exhaust memory.
                let (_, fault) = run(p, &changed);
                if let Some(f) = fault {
                    let msg = f.render(p.name, &changed);
                    let at_end = f.offset == changed.len();
                    let refused_here = f.offset == first.0
                        && (msg.contains("at most")
                            || msg.contains("..=")
                            || msg.contains("below"));
                    let later = f.offset > first.0;
                    assert!(at_end || refused_here || later, "{}: {name}: {msg}", p.name);
                }
            }
        }
    }
}

#[test]
fn whitespace_variants_change_nothing() {
    for p in PROBLEMS {
        for (name, input) in samples(p) {
            let (want, fault) = run(p, &input);
            assert!(fault.is_none(), "{name}");
            let text = String::from_utf8_lossy(&input).into_owned();
            let variants = [
                text.replace('\n', "\r\n"),
                text.replace(' ', "\t \t"),
                format!("\u{feff}{text}"),
                text.trim_end().to_string(),
                text.replace('\n', "\n\n \n"),
                format!("\n\n{text}\n\n"),
            ];
            for v in variants {
                let (got, fault) = run(p, v.as_bytes());
                assert!(fault.is_none(), "{name}: variant {v:?} rejected");
                assert_eq!(got, want, "{name}: variant {v:?}");
            }
        }
    }
}
