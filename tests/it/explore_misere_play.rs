//! Misère play through sums in `games explore` (issue 46): `--winning` lists of random sums
//! (and single heaps, whose moves split) and whole games played against `--misere --serve`, for
//! octal games tame and wild, built in (`--game CODE`) and by a python3 moves program that splits
//! heaps. The judge is the exhaustive memoised misère search over multisets written in the tests
//! (`sg_misere::Oracle`), with its octal move generator: a listed move must be a
//! legal option leading to a P-sum, and every option leading to a P-sum must be listed; the
//! server, from an N-sum, must move to a P-sum (so it never makes the last move), and `SUM ?`
//! must give the oracle's outcome.
//!
//! Ctrl-C (SIGINT) during one long misère search, `games sg --misere --at` and `games explore
//! --misere --at`, waits for the progress line (`GAMES_PROGRESS=1`) as its readiness line: the
//! sums answered before stay printed, the one under way is unknown, exit 130.
//! Without python3 the moves-program tests fail, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;
use crate::explore_misere_split::OCTAL_PY;
use crate::sg_misere::{Oracle, digits, heap_options};
use common::{GAMES, temp_dir};
use games::rng::Rng;
use std::collections::BTreeSet;
use std::process::{Command, Stdio};

/// Octal codes: tame and wild, two to four digits, one with a digit before the point.
const CODES: &[&str] = &["0.77", "0.07", "0.137", "4.7", "0.3", "0.7", "0.6"];

/// Every sum one move from `sum`, each sorted.
fn sum_options(d: &[u32], sum: &[u32]) -> BTreeSet<Vec<u32>> {
    let mut out = BTreeSet::new();
    for i in 0..sum.len() {
        for o in heap_options(d, sum[i]) {
            let mut s: Vec<u32> =
                sum.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            s.extend(o);
            s.sort_unstable();
            out.insert(s);
        }
    }
    out
}

/// A sum as written to `games` (`()`: the empty sum).
fn written(sum: &[u32]) -> String {
    if sum.is_empty() {
        return "()".into();
    }
    sum.iter().map(u32::to_string).collect::<Vec<_>>().join(" + ")
}

/// A sum as `games` writes it (`()` parts dropped), sorted.
fn read_sum(text: &str) -> Vec<u32> {
    let mut s: Vec<u32> = text
        .split('+')
        .map(str::trim)
        .filter(|p| *p != "()")
        .map(|p| p.parse().unwrap_or_else(|_| panic!("not a heap: '{p}' in '{text}'")))
        .collect();
    s.sort_unstable();
    s
}

/// Random sums: one heap (whose options may be sums) or two or three, of heaps 0..=top.
fn random_sums(rng: &mut Rng, count: usize, top: u64) -> Vec<Vec<u32>> {
    (0..count)
        .map(|_| {
            let k = 1 + rng.below(3);
            (0..k).map(|_| rng.range(0, top) as u32).collect()
        })
        .collect()
}

/// Runs `explore --misere --winning -` on `sums` (one a line) with `args` and checks every list
/// against the oracle: exactly the options leading to a P-sum, and a complete list. Returns the
/// bases seen.
fn check_winning(code: &str, args: &[&str], sums: &[Vec<u32>]) -> BTreeSet<String> {
    let d = digits(code);
    let mut oracle = Oracle::new(code);
    let input: String = sums.iter().map(|s| written(s) + "\n").collect();
    let mut all = args.to_vec();
    all.extend(["--misere", "--winning", "-", "--patterns", "0", "--json"]);
    let out = common::games(&all, input.as_bytes());
    assert!(out.status.success(), "{code}: {}", common::text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let lists = v["winning"].as_array().expect("winning");
    assert_eq!(lists.len(), sums.len(), "{code}");
    let mut bases = BTreeSet::new();
    for (w, sum) in lists.iter().zip(sums) {
        let basis = w["basis"].as_str().unwrap().to_string();
        assert!(
            !basis.contains("incomplete") && !basis.starts_with("unknown"),
            "{code} {sum:?}: {basis}"
        );
        let listed: BTreeSet<Vec<u32>> = w["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let parts = m.as_array().unwrap().iter();
                let mut s: Vec<u32> =
                    parts.map(|p| p[0].as_u64().unwrap() as u32).filter(|&h| h > 0).collect();
                s.sort_unstable();
                s
            })
            .collect();
        let want: BTreeSet<Vec<u32>> =
            sum_options(&d, sum).into_iter().filter(|s| oracle.p(s)).collect();
        // Heaps of 0 are no part of a sum here: compare without them.
        let want: BTreeSet<Vec<u32>> =
            want.into_iter().map(|s| s.into_iter().filter(|&h| h > 0).collect()).collect();
        assert_eq!(listed, want, "{code}: winning moves of {sum:?} ({basis})");
        let parts = w["parts"].as_array().map_or(1, Vec::len);
        assert_eq!(parts, if sum.len() == 1 { 1 } else { sum.len() }, "{code}: {w}");
        bases.insert(basis.split(['(', ',']).next().unwrap_or_default().trim().to_string());
    }
    bases
}

#[test]
fn winning_lists_of_sums_agree_with_the_oracle() {
    let mut rng = Rng::new(0x46_11);
    let mut bases = BTreeSet::new();
    for code in CODES {
        let sums = random_sums(&mut rng, 40, 12);
        bases.extend(check_winning(code, &["explore", "--game", code, "--box", "0..12"], &sums));
    }
    // Both bases were met: the tame rule and the search.
    assert!(bases.iter().any(|b| b.starts_with("proved: misère-Nim rule")), "{bases:?}");
    assert!(bases.iter().any(|b| b.starts_with("computed")), "{bases:?}");
    // Heaps beyond the box are valued from the rule, as in the box.
    let sums = random_sums(&mut rng, 12, 20);
    check_winning("0.77", &["explore", "--game", "0.77", "--box", "0..6"], &sums);
}

/// The moves of a text line `winning moves from SUM to a P-position: A; B (basis)`, as sorted
/// sums (`none`: no move).
fn text_moves(text: &str, from: &str) -> BTreeSet<Vec<u32>> {
    let head = format!("winning moves from {from} to a P-position: ");
    let line = text.lines().find_map(|l| l.strip_prefix(head.as_str()));
    let line = line.unwrap_or_else(|| panic!("no line for {from}: {text}"));
    let list = &line[..line.find(" (").unwrap_or(line.len())];
    if list == "none" {
        return BTreeSet::new();
    }
    list.split("; ").map(read_sum).collect()
}

#[test]
fn a_text_winning_list_names_the_sum_and_its_basis() {
    // Kayles 1 + 1 + 8: N (the mover wins), though misère Nim on its g⁻ (0, 0, 1) says P.
    let args = [
        "explore",
        "--game",
        "0.77",
        "--misere",
        "--box",
        "0..8",
        "--winning",
        "1 + 1 + 8",
        "2+2",
        "1",
        "--patterns",
        "0",
    ];
    let (code, text, err) = common::games_text(&args, "");
    assert_eq!(code, Some(0), "{err}");
    let d = digits("0.77");
    let mut oracle = Oracle::new("0.77");
    assert!(!oracle.p(&[1, 1, 8]));
    for (from, sum) in [("1 + 1 + 8", vec![1, 1, 8]), ("2 + 2", vec![2, 2]), ("1", vec![1])] {
        let want: BTreeSet<Vec<u32>> =
            sum_options(&d, &sum).into_iter().filter(|s| oracle.p(s)).collect();
        assert_eq!(text_moves(&text, from), want, "{from}: {text}");
    }
    // Heap 1 of Kayles is P: its one move, to the empty game, is no winning move.
    assert!(text.contains("winning moves from 1 to a P-position: none ("), "{text}");
}

#[test]
fn the_empty_option_is_no_winning_move_of_a_misere_subtraction_game() {
    // Take 1 or 2: heap 1's only move takes the last token, which loses in misère play.
    let (code, text, err) = common::games_text(
        &[
            "explore",
            "--game",
            "sub:1,2",
            "--misere",
            "--box",
            "0..10",
            "--winning",
            "1",
            "--winning",
            "2",
            "--patterns",
            "0",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(text.contains("winning moves from 1 to a P-position: none"), "{text}");
    assert!(text.contains("winning moves from 2 to a P-position: 1 ("), "{text}");
}

/// Plays `games` random sums against the server started with `args`, checking every value and
/// every move with the oracle; returns how many games were played to the end.
fn play(code: &str, args: &[&str], top: u64, games: usize, seed: u64) -> usize {
    let d = digits(code);
    let mut oracle = Oracle::new(code);
    let mut server = common::Server::start(args);
    let mut ask = |line: &str| server.ask(line);
    let mut rng = Rng::new(seed);
    let mut played = 0;
    for _ in 0..games {
        let mut sum: Vec<u32> = (0..1 + rng.below(3)).map(|_| rng.range(1, top) as u32).collect();
        sum.sort_unstable();
        loop {
            let p = oracle.p(&sum);
            let said = ask(&format!("{} ?", written(&sum)));
            assert_eq!(said, if p { "P" } else { "N" }, "{code}: the outcome of {sum:?}");
            let reply = ask(&written(&sum));
            let options = sum_options(&d, &sum);
            if reply == "none" {
                assert!(options.is_empty(), "{code}: 'none' at {sum:?}");
                break;
            }
            let next = read_sum(&reply);
            let mut without_zeros =
                options.iter().map(|s| s.iter().copied().filter(|&h| h > 0).collect::<Vec<_>>());
            assert!(without_zeros.any(|s| s == next), "{code}: {sum:?} -> '{reply}' is no move");
            if !p {
                assert!(oracle.p(&next), "{code}: from the N-sum {sum:?} to the N-sum {next:?}");
            }
            sum = next;
            let mine: Vec<Vec<u32>> = sum_options(&d, &sum).into_iter().collect();
            if mine.is_empty() {
                // The server made the last move: misère play says it lost, so it began at a P-sum.
                break;
            }
            sum = mine[rng.below(mine.len() as u64) as usize].clone();
            sum.retain(|&h| h > 0);
        }
        played += 1;
    }
    assert!(server.finish().success(), "{code}: the server's exit");
    played
}

#[test]
fn built_in_octal_games_are_played_through_misere_sums() {
    for (i, code) in ["0.77", "0.07", "0.137", "4.7", "0.7"].iter().enumerate() {
        let args = ["explore", "--serve", "--misere", "--game", code, "--box", "0..10"];
        assert_eq!(play(code, &args, 14, 10, 0x4600 + i as u64), 10, "{code}");
    }
}

#[test]
fn a_moves_program_that_splits_heaps_is_listed_and_played() {
    if !common::have_python("the misère --winning and --serve tests of a splitting moves program")
    {
        return;
    }
    let dir = temp_dir("misere_play");
    let script = dir.join("octal.py");
    std::fs::write(&script, OCTAL_PY).unwrap();
    let mut rng = Rng::new(0x46_12);
    for (i, code) in ["0.77", "0.137"].iter().enumerate() {
        let cmd = format!("python3 {} {code}", script.display());
        let sums = random_sums(&mut rng, 25, 12);
        check_winning(code, &["explore", "--moves", cmd.as_str(), "--box", "0..12"], &sums);
        let args = ["explore", "--serve", "--misere", "--moves", cmd.as_str(), "--box", "0..12"];
        assert_eq!(play(code, &args, 12, 6, 0x4610 + i as u64), 6, "{code}");
    }
}

/// Starts `games args` with GAMES_PROGRESS=1, waits for `ready` on its standard error, sends
/// SIGINT: (exit status, stdout).
fn interrupted(args: &[&str], ready: &str) -> (Option<i32>, String) {
    let mut child = Command::new(GAMES)
        .args(args)
        .env("GAMES_PROGRESS", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let err = common::Stderr::watch(&mut child);
    err.wait_for_text(ready);
    common::kill("-INT", child.id());
    let out = common::output_or_hang(child, "an interrupted misère search");
    let stderr = common::text(&err.finish());
    assert!(stderr.contains("interrupted by SIGINT"), "{stderr}");
    (out.status.code(), common::text(&out.stdout))
}

/// A sum of Dawson's Kayles whose search takes millions of positions (past the 4,000,000 of its
/// budget): the signal always comes while it runs.
const LONG: &str = "30+31+32+33+34+35";

#[test]
fn ctrl_c_stops_a_misere_search_of_sg_and_keeps_the_answers() {
    let args = ["sg", "0.07", "--misere", "--heaps", "4", "--at", "1+1+2", LONG];
    let (code, text) = interrupted(&args, "sum 2: ");
    assert_eq!(code, Some(130), "{text}");
    let mut oracle = Oracle::new("0.07");
    let first = if oracle.p(&[1, 1, 2]) { "P" } else { "N" };
    assert!(text.contains(&format!("1+1+2: {first} (")), "{text}");
    assert!(text.contains(&format!("{LONG}: unknown (interrupted by a signal")), "{text}");
}

#[test]
fn ctrl_c_stops_a_misere_search_of_explore_and_keeps_the_answers() {
    let long = LONG.replace('+', " + ");
    let args = [
        "explore",
        "--game",
        "0.07",
        "--misere",
        "--box",
        "0..4",
        "--patterns",
        "0",
        "--at",
        "1 + 1 + 2",
        "--at",
        long.as_str(),
    ];
    let (code, text) = interrupted(&args, "misère search: ");
    assert_eq!(code, Some(130), "{text}");
    let first = if Oracle::new("0.07").p(&[1, 1, 2]) { 'P' } else { 'N' };
    assert!(text.contains(&format!("at 1 + 1 + 2: value unknown, outcome {first} (")), "{text}");
    assert!(
        text.contains(&format!("at {long}: value unknown, outcome ? (unknown: interrupted")),
        "{text}"
    );
}

#[test]
fn ctrl_c_stops_the_genus_search_and_keeps_the_heaps_before() {
    // Dawson's Kayles to heap 200: the genus search passes its 3,000,000 positions near heap 60,
    // so the signal always comes while it runs.
    let (code, text) = interrupted(&["sg", "0.07", "--misere", "--heaps", "200"], "genus: ");
    assert_eq!(code, Some(130), "{text}");
    let stopped = text.lines().find(|l| l.contains("genus unknown")).unwrap_or_default();
    assert!(stopped.ends_with("interrupted by a signal)"), "{text}");
    // Every heap before it has its genus, checked against the oracle's misère Grundy value.
    let n: u32 = stopped
        .strip_prefix("heap ")
        .and_then(|r| r.split(':').next())
        .and_then(|h| h.parse().ok())
        .unwrap_or_else(|| panic!("{stopped}"));
    let mut oracle = Oracle::new("0.07");
    let mut memo = std::collections::HashMap::new();
    for h in 0..n.min(14) {
        let minus = oracle.grundy(&[h], 0, 0, &mut memo);
        let row = text.lines().find(|l| l.split_whitespace().next() == Some(&h.to_string()));
        let row = row.unwrap_or_else(|| panic!("no row for heap {h}: {text}"));
        assert!(row.split_whitespace().nth(2) == Some(&minus.to_string()), "heap {h}: {row}");
    }
}
