//! In-tree mutation fuzzing: random byte flips, insertions, deletions, token swaps and splices
//! of valid inputs (the golden samples and generated ones), with a fixed seed, run through every
//! problem's solver in-process. Each run must end in an answer or in a located error, never a
//! panic; on an error the answers written must be exactly those of the input cut at the fault.
//! (The coverage-guided fuzzer in `fuzz/` does the same without the fixed budget.)

use games::registry::{run, Problem, Size, PROBLEMS};
use games::rng::Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// Mutated executions per problem (each also runs the cut input on a fault).
const PER_PROBLEM: usize = 12_000;

const INTERESTING_BYTES: &[u8] = b"0123456789 \n\r\t-+x.\x00\xEF\xBB\xBF";
const INTERESTING_TOKENS: &[&[u8]] = &[
    b"0", b"1", b"2", b"3", b"7", b"10", b"100", b"255", b"256", b"65535", b"65536",
    b"4294967295", b"4294967296", b"9223372036854775807", b"9223372036854775808",
    b"18446744073709551615", b"18446744073709551616", b"1000000000000000000",
    b"99999999999999999999999999", b"-1", b"-0", b"+5", b"", b"A", b"B", b"AABBAB", b"010101",
];

fn seeds(p: &Problem) -> Vec<Vec<u8>> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/samples")).join(p.name);
    let mut v: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "in"))
                .filter_map(|p| std::fs::read(p).ok())
                .filter(|b| b.len() <= 4096 && !has_large_number(b))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    for seed in 0..16 {
        v.push((p.generate)(&mut Rng::new(seed), Size::Tiny));
    }
    v
}

fn numbers_in(input: &[u8]) -> impl Iterator<Item = u64> + '_ {
    token_spans(input)
        .into_iter()
        .filter_map(|(s, e)| std::str::from_utf8(&input[s..e]).ok()?.parse::<u64>().ok())
}

/// Samples with numbers past 10^5 are left out of the corpus: for the table-based problems
/// (Grundy tables, graphs sized by n) they cost milliseconds per run.
fn has_large_number(input: &[u8]) -> bool {
    numbers_in(input).any(|v| v > 100_000)
}

/// Mutants holding a number in 10^6..10^12 are drawn again: within a problem's limits such a
/// value legitimately builds a table or a graph of that size (seconds per run, which would make
/// this budget meaningless), and the large-input paths are covered by the problems' own tests and
/// the benchmark. Values past 10^12 stay in: they exercise the refusals.
fn has_costly_number(input: &[u8]) -> bool {
    numbers_in(input).any(|v| (1_000_000..1_000_000_000_000).contains(&v))
}

fn token_spans(input: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if input[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < input.len() && !input[i].is_ascii_whitespace() {
            i += 1;
        }
        spans.push((start, i));
    }
    spans
}

fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = input.to_vec();
    let rounds = 1 + rng.below(3);
    for _ in 0..rounds {
        let len = v.len();
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.index(len);
                v[i] = if rng.chance(1, 2) { *rng.pick(INTERESTING_BYTES) } else { rng.next_u64() as u8 };
            }
            1 => {
                let i = rng.index(len + 1);
                v.insert(i, *rng.pick(INTERESTING_BYTES));
            }
            2 if len > 0 => {
                let i = rng.index(len);
                let n = (1 + rng.index(8)).min(len - i);
                v.drain(i..i + n);
            }
            3 | 4 => {
                let spans = token_spans(&v);
                if !spans.is_empty() {
                    let (s, e) = *rng.pick(&spans);
                    let with = rng.pick(INTERESTING_TOKENS);
                    v.splice(s..e, with.iter().copied());
                }
            }
            5 => {
                // Splice in a chunk of another valid input.
                if !other.is_empty() {
                    let a = rng.index(other.len());
                    let b = (a + 1 + rng.index(32)).min(other.len());
                    let i = rng.index(len + 1);
                    v.splice(i..i, other[a..b].iter().copied());
                }
            }
            _ => {
                // Duplicate or drop a whole token.
                let spans = token_spans(&v);
                if !spans.is_empty() {
                    let (s, e) = *rng.pick(&spans);
                    if rng.chance(1, 2) {
                        let tok = v[s..e].to_vec();
                        v.splice(e..e, std::iter::once(b' ').chain(tok));
                    } else {
                        v.drain(s..e);
                    }
                }
            }
        }
    }
    v
}

#[test]
fn mutated_inputs_give_an_answer_or_a_located_error() {
    let mut executions = 0usize;
    for p in PROBLEMS {
        let started = std::time::Instant::now();
        let corpus = seeds(p);
        let mut rng = Rng::new(0xF022 ^ games::rng::mix64(p.name.len() as u64 * 131 + p.name.as_bytes()[0] as u64));
        for _ in 0..PER_PROBLEM {
            let base = rng.pick(&corpus);
            let other = rng.pick(&corpus);
            let mut input = mutate(&mut rng, base, other);
            while has_costly_number(&input) {
                input = mutate(&mut rng, base, other);
            }
            let result = catch_unwind(AssertUnwindSafe(|| run(p, &input)));
            executions += 1;
            let (out, fault) = result.unwrap_or_else(|_| {
                panic!("{}: panic on input {:?}", p.name, String::from_utf8_lossy(&input))
            });
            if let Some(f) = fault {
                assert!(f.offset <= input.len(), "{}: error offset past the input", p.name);
                let msg = f.render(p.name, &input);
                assert!(
                    msg.starts_with(&format!("games {}: line ", p.name)) && !msg.contains('\n'),
                    "{}: bad message {msg:?}",
                    p.name
                );
                let (kept, _) = run(p, &input[..f.offset]);
                assert!(
                    out == kept,
                    "{}: answers before the fault differ from the cut input's\ninput {:?}\nfault: {msg}\ngot {:?}\ncut gives {:?}",
                    p.name,
                    String::from_utf8_lossy(&input),
                    String::from_utf8_lossy(&out),
                    String::from_utf8_lossy(&kept)
                );
            }
        }
        eprintln!("mutation: {:<16} {:>6.2} s", p.name, started.elapsed().as_secs_f64());
    }
    eprintln!("mutation: {executions} executions over {} problems", PROBLEMS.len());
    assert!(executions >= PER_PROBLEM * PROBLEMS.len());
}
