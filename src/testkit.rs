//! Support shared by the mutation test (`tests/it/mutation.rs`) and the fuzz target (`fuzz/`):
//! token spans, the mutation operators, and the filter for inputs that are legitimately slow.
//! Not used by the solvers.

use crate::rng::Rng;

pub const INTERESTING_BYTES: &[u8] = b"0123456789 \n\r\t-+x.\x00\xEF\xBB\xBF";
pub const INTERESTING_TOKENS: &[&[u8]] = &[
    b"0",
    b"1",
    b"2",
    b"3",
    b"7",
    b"10",
    b"100",
    b"255",
    b"256",
    b"65535",
    b"65536",
    b"4294967295",
    b"4294967296",
    b"9223372036854775807",
    b"9223372036854775808",
    b"18446744073709551615",
    b"18446744073709551616",
    b"1000000000000000000",
    b"99999999999999999999999999",
    b"-1",
    b"-0",
    b"+5",
    b"",
    b"A",
    b"B",
    b"AABBAB",
    b"010101",
];

pub fn numbers_in(input: &[u8]) -> impl Iterator<Item = u64> + '_ {
    token_spans(input)
        .into_iter()
        .filter_map(|(s, e)| std::str::from_utf8(&input[s..e]).ok()?.parse::<u64>().ok())
}

/// Samples with numbers past 10^4 are left out of the corpus: for the table-based problems
/// (Grundy tables, graphs sized by n) they cost milliseconds per run.
pub fn has_large_number(input: &[u8]) -> bool {
    numbers_in(input).any(|v| v > 10_000)
}

/// Inputs holding a number in 10^6..10^12 are skipped by the mutation test and the fuzz target: within a problem's limits such a
/// value legitimately builds a table or a graph of that size (seconds per run, which would make
/// this budget meaningless), and the large-input paths are covered by the problems' own tests and
/// the benchmark. Values past 10^12 stay in: they exercise the refusals.
pub fn has_costly_number(input: &[u8]) -> bool {
    numbers_in(input).any(|v| (1_000_000..1_000_000_000_000).contains(&v))
}

pub fn token_spans(input: &[u8]) -> Vec<(usize, usize)> {
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

pub fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = input.to_vec();
    let rounds = 1 + rng.below(3);
    for _ in 0..rounds {
        let len = v.len();
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.index(len);
                v[i] = if rng.chance(1, 2) {
                    *rng.pick(INTERESTING_BYTES)
                } else {
                    rng.next_u64() as u8
                };
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
