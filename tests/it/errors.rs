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

/// One value past each problem's own limit (where it is narrower than 0..2^64), with the index
/// of the token that must be refused and a word the message must contain. The limit of every
/// other value is 2^64 - 1, which `bad_tokens_are_reported_where_they_stand` covers.
const PAST_OWN_LIMITS: &[(&str, &str, usize, &str)] = &[
    ("set-nim", "1\n0\n1\n5\n", 1, "at least 1"),
    ("hdu1848", "1 1 1\n100000001 0 0\n0 0 0\n", 3, "at most 100000000"),
    ("hdu2516", "13\n1\n0\n", 1, "at least 2"),
    ("poj1067", "2 1\n9223372036854775808 0\n", 2, "9223372036854775807"),
    ("bob-and-ben", "1\n1\n0 2\n", 2, "at least 1"),
    ("bob-and-ben", "1\n1\n3 0\n", 3, "at least 1"),
    ("hdu6892", "1\n1\n0\n", 2, "at least 1"),
    ("hdu3595", "1\n2 3\n1\n9223372036854775808 1\n", 4, "9223372036854775807"),
    ("multi-sg", "1 2\n1 10000001\n", 3, "10000000"),
    ("game-draw", "100000001 0\n", 0, "100000000"),
    ("game-draw", "2 1\n1 3\n", 3, "1..=2"),
    ("game-teams", "1\n10000001 0\nAAAAAA\n000000\n", 1, "10000000"),
    ("game-teams", "1\n2 1\n1 3\nAAAAAA\n000000\n", 4, "1..=2"),
    ("game-teams", "1\n1 0\nAAAAAC\n000000\n", 3, "A/B"),
    ("game-teams", "1\n1 0\nAAAAAA\n000002\n", 4, "0/1"),
    ("hackenbush", "1\n2147483648\n", 1, "2147483647"),
    ("hackenbush", "1\n2\n1 0\n", 3, "at least 1"),
    ("hackenbush", "1\n2\n3 1\n", 2, "parent"),
];

#[test]
fn one_past_each_problems_own_limit_is_refused_at_that_token() {
    for &(name, input, token, word) in PAST_OWN_LIMITS {
        let p = games::registry::find(name).unwrap();
        let at = tokens(input.as_bytes())[token].0;
        expect_fault_at(p, &format!("past the limit: {input:?}"), input.as_bytes(), at);
        let msg = run(p, input.as_bytes()).1.unwrap().render(name, input.as_bytes());
        assert!(msg.contains(word), "{name}: {msg:?} should name the limit ({word})");
    }
    // Answers before the refusal are kept (here the first case of hdu2516).
    let p = games::registry::find("hdu2516").unwrap();
    assert_eq!(run(p, b"13\n1\n0\n").0, b"Second win\n");
}
