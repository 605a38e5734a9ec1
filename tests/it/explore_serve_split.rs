//! `games explore --serve` on games whose moves split a heap (octal games: take k tokens,
//! leaving no heap, one heap, or two nonempty heaps, as the code's digit allows), built in
//! (`--game CODE`) and by a moves program (codes `0.d1d2...`): the Grundy player, against a Grundy recursion over
//! the octal rule written here, sharing nothing with `games`.
//!
//! The test plays whole games: the server moves from random sums of heaps (in the box and far
//! past it), a random opponent answers, until no heap is left. At each server turn `SUM ?` must
//! give the XOR of the parts' values (`P 0` / `N *x`), and the move must be legal under the
//! test's own rule and reach a sum of value 0 whenever the sum it was given was not 0; so the
//! server makes the last move of every game it starts from an N-sum. Without python3 the
//! moves-program half fails, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::temp_dir;
use games::rng::Rng;

/// An octal rule: `digits[k]` for taking k tokens (bit 1: the whole heap, bit 2: leaving one
/// heap, bit 4: leaving two nonempty heaps).
fn digits(code: &str) -> Vec<u8> {
    let rest = code.strip_prefix('0').unwrap_or(code).trim_start_matches('.');
    std::iter::once(0).chain(rest.bytes().map(|b| b - b'0')).collect()
}

/// Every option of heap `n`: the heaps left (empty, one, or two, smaller first).
fn options(d: &[u8], n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (k, &dig) in d.iter().enumerate().skip(1) {
        let k = k as u64;
        if k > n {
            break;
        }
        let left = n - k;
        if dig & 1 != 0 && left == 0 {
            out.push(vec![]);
        }
        if dig & 2 != 0 && left > 0 {
            out.push(vec![left]);
        }
        if dig & 4 != 0 && left >= 2 {
            for a in 1..=left / 2 {
                out.push(vec![a, left - a]);
            }
        }
    }
    out
}

/// Grundy values of heaps 0..=n by the mex of the options' XORs.
fn grundy(d: &[u8], n: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n as usize + 1);
    for h in 0..=n {
        let seen: std::collections::HashSet<u64> =
            options(d, h).iter().map(|o| o.iter().fold(0, |x, &q| x ^ g[q as usize])).collect();
        g.push((0..).find(|m| !seen.contains(m)).unwrap());
    }
    g
}

/// A moves program for the octal rule: one heap in, its options out (`()` for none left).
fn program(dir: &std::path::Path, code: &str) -> String {
    let src = format!(
        r#"import sys
D = [0] + [int(c) for c in "{}"]
for line in sys.stdin:
    n = int(line.split()[0]); out = []
    for k in range(1, len(D)):
        if k > n: break
        left = n - k
        if D[k] & 1 and left == 0: out.append("()")
        if D[k] & 2 and left > 0: out.append(str(left))
        if D[k] & 4 and left >= 2:
            out += ["%d + %d" % (a, left - a) for a in range(1, left // 2 + 1)]
    print(" ; ".join(out), flush=True)
"#,
        code.strip_prefix("0.").unwrap_or(code)
    );
    let path = dir.join(format!("octal{}.py", code.replace('.', "_")));
    std::fs::write(&path, src).unwrap();
    format!("python3 {}", path.display())
}

/// A sum as the server reads it.
fn written(sum: &[u64]) -> String {
    if sum.is_empty() {
        return "()".into();
    }
    sum.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
}

/// A reply sum (`()` parts dropped).
pub fn read_sum(reply: &str) -> Vec<u64> {
    let mut s: Vec<u64> = reply
        .split('+')
        .map(str::trim)
        .filter(|p| *p != "()")
        .map(|p| p.parse().unwrap_or_else(|_| panic!("not a heap: '{p}' in '{reply}'")))
        .collect();
    s.sort_unstable();
    s
}

/// Is `to` one move from `from` (one heap replaced by one of its options)?
fn legal(d: &[u8], from: &[u64], to: &[u64]) -> bool {
    (0..from.len()).any(|i| {
        options(d, from[i]).iter().any(|o| {
            let mut s: Vec<u64> =
                from.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            s.extend(o.iter().copied());
            s.sort_unstable();
            s == to
        })
    })
}

/// Plays 12 random sums through one server; panics on a wrong value or move. Returns how many
/// games were played to the end (a game the server answers `unknown`, a far heap no checked
/// pattern covers, is given up).
fn play(code: &str, args: &[&str], heaps: &[u64], seed: u64) -> usize {
    let d = digits(code);
    let g = grundy(&d, *heaps.iter().max().unwrap());
    let mut server = common::Server::start(args);
    let mut ask = |line: &str| server.ask(line);
    let mut rng = Rng::new(seed);
    let mut played = 0;
    'games: for _ in 0..12 {
        let mut sum: Vec<u64> =
            (0..1 + rng.below(3)).map(|_| heaps[rng.below(heaps.len() as u64) as usize]).collect();
        sum.sort_unstable();
        let started_n = sum.iter().fold(0, |x, &h| x ^ g[h as usize]) != 0;
        let mut server_moved_last = false;
        while !sum.is_empty() {
            let x = sum.iter().fold(0, |a, &h| a ^ g[h as usize]);
            let want = if x == 0 { "P 0".to_string() } else { format!("N *{x}") };
            let said = ask(&format!("{} ?", written(&sum)));
            if said == "unknown" {
                continue 'games;
            }
            assert_eq!(said, want, "{code}: the value of {sum:?}");
            let reply = ask(&written(&sum));
            if reply == "none" {
                assert!(options_of_sum(&d, &sum).is_empty(), "{code}: 'none' at {sum:?}");
                break;
            }
            let next = read_sum(&reply);
            assert!(legal(&d, &sum, &next), "{code}: {sum:?} -> '{reply}' is no move");
            let y = next.iter().fold(0, |a, &h| a ^ g[h as usize]);
            assert!(x == 0 || y == 0, "{code}: from {sum:?} (value {x}) to {next:?} (value {y})");
            sum = next;
            server_moved_last = true;
            let mine = options_of_sum(&d, &sum);
            if mine.is_empty() {
                break;
            }
            sum = mine[rng.below(mine.len() as u64) as usize].clone();
            server_moved_last = false;
        }
        if started_n {
            assert!(server_moved_last, "{code}: the server lost a game it started from an N-sum");
        }
        played += 1;
    }
    server.finish();
    played
}

/// Every sum one move from `sum`.
fn options_of_sum(d: &[u8], sum: &[u64]) -> Vec<Vec<u64>> {
    crate::explore_one_player::sum_options(sum, |h| options(d, h))
}

#[test]
fn built_in_octal_games_are_played_by_grundy_values_in_and_past_the_box() {
    // Kayles, Dawson's Kayles and two codes that split after taking two or three.
    for (i, code) in ["0.77", "0.07", "0.137", "0.51", "0.06"].iter().enumerate() {
        let heaps: Vec<u64> = (1..40).chain([150, 251, 377]).collect();
        let args = ["explore", "--serve", "--game", code, "--box", "0..120"];
        let played = play(code, &args, &heaps, 0x5e11 + i as u64);
        // Kayles, Dawson's Kayles and 0.137 are periodic well inside the box: every game ends.
        if i < 3 {
            assert_eq!(played, 12, "{code}: only {played} of 12 games played to the end");
        }
    }
}

#[test]
fn a_moves_program_that_splits_is_played_by_grundy_values() {
    if !common::have_python("the --serve tests of splitting moves programs") {
        return;
    }
    let dir = temp_dir("serve_split");
    for (i, code) in ["0.77", "0.07", "0.06"].iter().enumerate() {
        let cmd = program(&dir, code);
        let heaps: Vec<u64> = (1..30).chain([260, 333]).collect();
        let args = ["explore", "--serve", "--moves", cmd.as_str(), "--box", "0..150"];
        let played = play(code, &args, &heaps, 0x5e12 + i as u64);
        if i < 2 {
            assert_eq!(played, 12, "{code}: only {played} of 12 games played to the end");
        }
    }
}
