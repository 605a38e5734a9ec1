//! `games sg` at contest scale: range syntax and big amounts, the closed forms against the naive
//! mex, the range engine, answers that compute only to the heap asked, conjectures from observed
//! patterns, and the workflow faults of issue 19 (files after answers, memory refusals, JSON
//! types, equal-split moves, SVG caption, `--upto` shortfalls).

use crate::common;
use games::rng::Rng;
use games::sg::closed::closed_form;
use games::sg::long_run::{self, Memory};
use games::sg::rule::Rule;
use games::sg::values::{RangeEngine, grundy_values};
use std::process::Command;

fn rule(s: &str) -> Rule {
    Rule::parse(s).unwrap_or_else(|e| panic!("{e}"))
}

fn games_sg(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_games")).arg("sg").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn range_syntax_reads_and_prints() {
    assert_eq!(rule("sub:3..7").to_string(), "sub:3..7");
    assert_eq!(rule("sub:3,4,5,6,7").to_string(), "sub:3..7");
    assert_eq!(rule("sub:1,2,10..20"), rule("sub:1,2,10,11,12,13,14,15,16,17,18,19,20"));
    assert_eq!(rule("sub:10..20,1,2,15..25").to_string(), "sub:1,2,10..25");
    assert_eq!(rule("allbut:5..9").to_string(), "allbut:5..9");
    assert_eq!(rule("sub:1,2,1000000000").to_string(), "sub:1,2,1000000000");
    assert!(matches!(rule("sub:1,2,1000000000"), Rule::SubRanges(_)));
    assert!(matches!(rule("sub:1..5000"), Rule::SubRanges(_)));
    assert!(matches!(rule("sub:1..50"), Rule::Sub(_)));
    let big = (1u64 << 63) - 1;
    assert_eq!(rule(&format!("sub:1..{big}")).to_string(), format!("sub:1..{big}"));
    assert_eq!(rule(&format!("bash:{big}")).to_string(), format!("bash:{big}"));
    for (bad, at) in
        [("sub:5..3", 7), ("sub:0..3", 4), ("sub:1..", 7), ("sub:9223372036854775808", 4)]
    {
        assert_eq!(Rule::parse(bad).unwrap_err().at, at, "{bad}");
    }
    assert!(Rule::parse("bash:9223372036854775808").is_err());
}

#[test]
fn classic_names() {
    for (name, code) in games::sg::rule::NAMES {
        assert_eq!(rule(name), rule(code), "{name}");
    }
    assert_eq!(rule("kayles").to_string(), "0.77");
    let (code, out, _) = games_sg(&["kayles", "--at", "5"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("rule 0.77 (kayles)\nG(5) = 4\n"), "{out}");
}

/// G(0..=n) of the subtraction game with these amounts, by the definition: the mex of
/// G(n - s) over the amounts s <= n.
fn naive_sub(amounts: &[u64], n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n + 1);
    for x in 0..=n {
        let mut seen: Vec<u64> =
            amounts.iter().filter(|&&s| s as usize <= x).map(|&s| g[x - s as usize]).collect();
        seen.sort_unstable();
        seen.dedup();
        g.push(games::brute::search::mex_of(&seen));
    }
    g
}

/// One range L..R: the closed form against the naive mex to 10^4 (random L, R with R small
/// enough for the naive options), and against the independent range engine for large L, R.
#[test]
fn one_range_closed_form_matches_the_naive_mex() {
    let mut rng = Rng::new(19);
    for _ in 0..12 {
        let l = rng.range(1, 40);
        let r = rng.range(l, 120);
        let rl = rule(&format!("sub:{l}..{r}"));
        let c = closed_form(&rl).unwrap();
        let naive = naive_sub(&(l..=r).collect::<Vec<_>>(), 10_000);
        for (n, &g) in naive.iter().enumerate() {
            assert_eq!(c.value(n as u64), g, "sub:{l}..{r} at n = {n}");
        }
    }
    for _ in 0..6 {
        let l = rng.range(1, 3000);
        let r = rng.range(l, 9000);
        let c = closed_form(&rule(&format!("sub:{l}..{r}"))).unwrap();
        let mut e = RangeEngine::new(vec![(l, r)]);
        for n in 0..=30_000u64 {
            assert_eq!(e.next_value().unwrap() as u64, c.value(n), "sub:{l}..{r} at n = {n}");
        }
    }
}

#[test]
fn one_two_k_closed_form_matches_the_naive_mex() {
    for k in 4..=40u64 {
        let rl = rule(&format!("sub:1,2,{k}"));
        let c = closed_form(&rl).unwrap();
        let brute = games::brute::rule::parse(&format!("sub:1,2,{k}")).unwrap();
        assert_eq!(games::brute::rule::values(&brute, 200), naive_sub(&[1, 2, k], 200));
        let naive = naive_sub(&[1, 2, k], 10_000);
        for (n, &g) in naive.iter().enumerate() {
            assert_eq!(c.value(n as u64), g, "sub:1,2,{k} at n = {n}");
        }
    }
}

/// Random sets of ranges (kept as ranges: one amount past the code limit) through the range
/// engine, against the naive mex.
#[test]
fn range_engine_matches_the_naive_mex_on_random_sets() {
    let mut rng = Rng::new(1919);
    for case in 0..30 {
        let mut parts = Vec::new();
        for _ in 0..rng.range(1, 4) {
            let a = rng.range(1, 60);
            let b = a + rng.below(15);
            parts.push(format!("{a}..{b}"));
        }
        parts.push(format!("{}", 2_000_000 + rng.below(1000)));
        let kind = if case % 3 == 0 { "allbut" } else { "sub" };
        let text = format!("{kind}:{}", parts.join(","));
        let rl = rule(&text);
        assert!(matches!(rl, Rule::SubRanges(_) | Rule::AllButRanges(_)), "{text}");
        let n = if kind == "allbut" { 600 } else { 1500 };
        let fast: Vec<u64> = grundy_values(&rl, n).unwrap().into_iter().map(u64::from).collect();
        let brute = games::brute::rule::parse(&text).unwrap();
        assert_eq!(fast, games::brute::rule::values(&brute, n), "{text}");
    }
}

#[test]
fn big_amounts_answer_in_constant_time() {
    let (code, out, _) = games_sg(&["sub:1,2,1000000000", "--at", "7", "1000000000000000000"]);
    assert_eq!(code, Some(0));
    // 3 does not divide 10^9: G(n) = n mod 3.
    assert!(out.contains("G(7) = 1\nG(1000000000000000000) = 1\n"), "{out}");
    let (code, out, _) = games_sg(&["sub:3..7", "--at", "18446744073709551615"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("rule sub:3..7 = 0.0033333\n"), "{out}");
    assert!(out.contains(&format!("G(18446744073709551615) = {}\n", (u64::MAX % 10) / 3)));
    // A range move on a huge heap leaves nim-sum 0.
    let (code, out, _) = games_sg(&["sub:1..1000000", "--heaps", "123456789", "5"]);
    assert_eq!(code, Some(0));
    let g = 123_456_789u64 % 1_000_001;
    let taken = g - 5;
    assert!(
        out.contains(&format!("winning move: take {taken} from the heap of 123456789")),
        "{out}"
    );
    // bash:65536 keeps its values (no 16-bit refusal) and answers past 65535.
    let (code, out, _) = games_sg(&["bash:65536", "--at", "65536", "131074"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("G(65536) = 65536\nG(131074) = 0\n"), "{out}");
}

#[test]
fn long_rules_are_echoed_shortened() {
    let squares: Vec<String> = (1..317u64).map(|i| (i * i).to_string()).collect();
    let text = format!("sub:{}", squares.join(","));
    let (code, out, _) = games_sg(&[&text, "--at", "7"]);
    assert_eq!(code, Some(0));
    let first = out.lines().next().unwrap();
    assert!(first.len() < 200, "{first}");
    assert!(first.contains(&format!("({} characters)", text.len())), "{first}");
}

/// The squares below 10^5 at heap 7: only G(0..=7) is computed (the 89 s run).
#[test]
fn small_heaps_are_answered_at_once() {
    let squares: Vec<String> = (1..317u64).map(|i| (i * i).to_string()).collect();
    let text = format!("sub:{}", squares.join(","));
    let naive = games::brute::rule::values(&games::brute::rule::parse(&text).unwrap(), 7);
    let (code, out, _) = games_sg(&[&text, "--at", "7", "--json"]);
    assert_eq!(code, Some(0));
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["at"][0]["g"], naive[7]);
    assert_eq!(j["verdict"]["computed_to"], 7);
    assert_eq!(j["values"].as_array().unwrap().len(), 8);
    // Grundy's game (default bound 10^5 values) at heap 7 likewise.
    let (code, out, _) = games_sg(&["grundy", "--heaps", "7", "5", "--json"]);
    assert_eq!(code, Some(0));
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["verdict"]["computed_to"], 7);
}

/// Lasker's Nim: period 4, saltus 4 observed; --at past the table is a labelled conjecture,
/// and the answer agrees with the known closed form (n = 4k + 3 -> n + 1).
#[test]
fn observed_patterns_answer_as_conjectures() {
    let n = 2_147_483_647u64;
    let (code, out, _) = games_sg(&["4.[3]", "--at", &n.to_string()]);
    assert_eq!(code, Some(0), "{out}");
    let line = out.lines().find(|l| l.starts_with("G(")).unwrap();
    assert!(
        line.starts_with(&format!(
            "G({n}) = {} (conjecture: period 4, saltus 4 observed to n = ",
            n + 1
        )),
        "{line}"
    );
    let (code, out, _) = games_sg(&["lasker", "--at", &n.to_string(), "--json"]);
    assert_eq!(code, Some(0));
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["at"][0]["g"], n + 1);
    assert_eq!(j["at"][0]["basis"], "conjecture");
    assert!(j["at"][0]["conjecture"].as_str().unwrap().starts_with("conjecture: period 4"));
    // A set whose largest amount lies past the table: no conjecture, a refusal naming it.
    let (code, _, err) = games_sg(&["sub:1,5,1000000000", "--at", "2000000000"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("largest amount t = 1000000000"), "{err}");
    // Without --at the table goes to the range engine's bound and the verdict names the limit.
    let (code, out, _) = games_sg(&["sub:1,5,1000000000", "--max", "100000"]);
    assert_eq!(code, Some(0));
    let last = out.lines().last().unwrap();
    assert!(
        last.contains("largest amount t = 1000000000, past the table limit --max 100000"),
        "{last}"
    );
}

#[test]
fn json_types_are_numbers_and_the_move_is_data() {
    let (code, out, _) =
        games_sg(&["0.77", "--at", "5", "1000", "--heaps", "7", "3", "5", "--json"]);
    assert_eq!(code, Some(0));
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(j["at"][0]["g"].is_u64(), "{out}");
    assert_eq!(j["at"][0]["basis"], "table");
    assert_eq!(j["at"][1]["basis"], "proved");
    let h = &j["heaps"];
    assert!(h["values"].as_array().unwrap().iter().all(|v| v.is_u64()));
    assert!(h["nim_sum"].is_u64());
    let mv = &h["move"];
    let heaps = [7u64, 3, 5];
    let i = mv["heap"].as_u64().unwrap() as usize;
    assert_eq!(mv["size"].as_u64().unwrap(), heaps[i]);
    let v = grundy_values(&rule("0.77"), 20).unwrap();
    let mut s = 0u32;
    for (k, &x) in heaps.iter().enumerate() {
        if k != i {
            s ^= v[x as usize];
        }
    }
    for l in mv["leaves"].as_array().unwrap() {
        s ^= v[l.as_u64().unwrap() as usize];
    }
    assert_eq!(s, 0, "{out}");
}

#[test]
fn equal_splits_after_a_period_find_their_move() {
    let (code, out, _) = games_sg(&["0.4=", "--heaps", "101", "--json"]);
    assert_eq!(code, Some(0));
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let leaves: Vec<u64> = j["heaps"]["move"]["leaves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let v = grundy_values(&rule("0.4="), 101).unwrap();
    assert_eq!(leaves.iter().fold(0, |a, &h| a ^ v[h as usize]), 0, "{out}");
    assert!(leaves.len() == 2 && leaves[0] == leaves[1] && leaves[0] * 2 + 1 == 101);
}

#[test]
fn answers_first_files_after() {
    let (code, out, err) = games_sg(&["0.77", "--svg", "/dev/full"]);
    assert_eq!(code, Some(1));
    assert!(out.ends_with(
        "periodic from n0 = 71 with period 12 (proved: Guy-Smith, values checked to n = 166)\n"
    ));
    assert!(err.starts_with("games sg: writing /dev/full"), "{err}");
}

#[test]
fn svg_caption_preperiod() {
    let dir = std::env::temp_dir();
    let path = dir.join(format!("games-sg19-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    assert_eq!(games_sg(&["0.77", "--svg", p]).0, Some(0));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("grey: preperiod 0..70; blue: one period of 12"), "{svg}");
    // Kayles' P-positions among G(0..=166) are the red columns.
    let zeros = grundy_values(&rule("0.77"), 166).unwrap().iter().filter(|&&g| g == 0).count();
    assert_eq!(svg.matches("fill=\"red\"").count(), zeros);
    assert_eq!(games_sg(&["sub:1,3,4", "--svg", p]).0, Some(0));
    let svg = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(svg.contains("no preperiod; blue: one period of 7"));
    assert!(!svg.contains("0..0"));
}

/// A long table is drawn in at most 2000 columns, each from its least to its largest value.
#[test]
fn svg_downsamples_long_tables() {
    let path = std::env::temp_dir().join(format!("games-sg19-big-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    assert_eq!(games_sg(&["0.6", "--upto", "9999", "--svg", p]).0, Some(0));
    let svg = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(svg.len() < 200_000, "{} bytes", svg.len());
    assert!(svg.contains("viewBox=\"0 0 2000 "));
    assert!(svg.contains("10000 values in 2000 columns"));
    let v = grundy_values(&rule("0.6"), 9999).unwrap();
    // Column 1 holds n = 5..=9.
    let (lo, hi) = (v[5..10].iter().min().unwrap(), v[5..10].iter().max().unwrap());
    let top = *v.iter().max().unwrap() as usize + 1;
    let want = format!(
        "<rect x=\"1\" y=\"{}\" width=\"1\" height=\"{}\"",
        top - 1 - *hi as usize,
        hi - lo + 1
    );
    assert!(svg.contains(&want), "{want}");
}

/// Memory refused with one line (exit 1), never an abort, under an address-space limit.
#[test]
fn memory_is_refused_with_one_line() {
    if Command::new("sh").arg("-c").arg("true").status().is_err() {
        eprintln!("skip: no sh");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_games");
    // (multi-sg:3 --at 10^18 is refused before any work: see the next test.)
    for args in ["0.3 --upto 100000000", "hdu1848 --max 2000000000 --at 1999999999"] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 1000000 && exec {bin} sg {args}"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args}: {err}");
        assert!(err.contains("cannot allocate"), "{args}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// The work bound of default runs stops a quadratic run and keeps its values; a bounded run
/// keeps the period's values from its ring.
#[test]
fn long_runs_keep_what_they_found() {
    let officers = rule("0.6").code().unwrap();
    let run = long_run::run_with_budget(&officers, 1 << 30, Memory::Full, 20_000_000).unwrap();
    assert!(run.out_of_work);
    assert_eq!(run.first.len(), run.computed);
    let wide: Vec<u32> = run.first.iter().map(|&x| x as u32).collect();
    assert_eq!(wide, grundy_values(&rule("0.6"), run.computed as u64 - 1).unwrap());
    let kayles = rule("0.77").code().unwrap();
    let run = long_run::run_with_budget(
        &kayles,
        1 << 20,
        Memory::Bounded { prefix: 16, ring: 256 },
        u64::MAX,
    )
    .unwrap();
    let c = run.certificate.unwrap();
    assert_eq!((c.n0, c.period), (71, 12));
    let v = grundy_values(&rule("0.77"), 100).unwrap();
    let wide: Vec<u32> = run.period_values.iter().map(|&x| x as u32).collect();
    assert_eq!(wide, v[71..83].to_vec());
    assert_eq!(run.first.len(), 16);
    // .16 (n0 = 105,351, p = 149,459, certified at 509,622 values) with a ring of 2^18 values:
    // the first period has left the ring, the last p values have not, and they give the period
    // (once answered "rerun without --bounded": .454 --bounded --at 10^18 did).
    let code = rule(".16").code().unwrap();
    let bounded = Memory::Bounded { prefix: 1 << 16, ring: 1 << 18 };
    let run = long_run::run_with_budget(&code, 1 << 20, bounded, u64::MAX).unwrap();
    let c = run.certificate.unwrap();
    assert_eq!((c.n0, c.period), (105_351, 149_459));
    let v = grundy_values(&rule(".16"), (c.n0 + c.period) as u64).unwrap();
    let wide: Vec<u32> = run.period_values.iter().map(|&x| x as u32).collect();
    assert_eq!(wide, v[c.n0..c.n0 + c.period].to_vec());
}

/// A saltus seen before the largest amount has acted does not end the search: sub:1,3..2000
/// goes on to its proved period, which the naive mex confirms far past the check.
#[test]
fn large_sets_search_past_their_largest_amount() {
    let (code, out, _) = games_sg(&["sub:1,3..2000", "--json"]);
    assert_eq!(code, Some(0));
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["verdict"]["proved"], true, "{}", j["verdict"]);
    let p = j["verdict"]["period"].as_u64().unwrap() as usize;
    let mut amounts = vec![1u64];
    amounts.extend(3..=2000);
    let g = naive_sub(&amounts, 12_000);
    assert!((0..12_000 - p).all(|n| g[n] == g[n + p]));
    let (code, out, _) = games_sg(&["sub:1,3..2000", "--at", "11999"]);
    assert_eq!(code, Some(0));
    assert!(out.contains(&format!("G(11999) = {}\n", g[11999])), "{out}");
}

/// `--stats`: frequencies, P-positions and the rare/common split, recomputed from the values.
#[test]
fn stats_match_the_values() {
    let (code, out, _) = games_sg(&["0.16", "--max", "3000", "--stats", "--json"]);
    assert_eq!(code, Some(0));
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let st = &j["stats"];
    let n = st["count"].as_u64().unwrap();
    let v = grundy_values(&rule("0.16"), n - 1).unwrap();
    let mut freq = std::collections::BTreeMap::new();
    for &g in &v {
        *freq.entry(g as u64).or_insert(0u64) += 1;
    }
    let listed: Vec<(u64, u64)> = st["frequencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .collect();
    assert_eq!(listed, freq.into_iter().collect::<Vec<_>>());
    assert_eq!(st["p_positions"].as_u64().unwrap(), v.iter().filter(|&&g| g == 0).count() as u64);
    assert_eq!(st["last_p"].as_u64().unwrap(), v.iter().rposition(|&g| g == 0).unwrap() as u64);
    let rare_under = |m: u32| v.iter().filter(|&&g| (g & m).count_ones().is_multiple_of(2)).count();
    let mask = st["mask"].as_u64().unwrap() as u32;
    assert_eq!(st["rare"].as_u64().unwrap(), rare_under(mask) as u64);
    assert!((1..1024).all(|m| rare_under(m) >= rare_under(mask)));
    let last = st["last_rare_n"].as_u64().unwrap() as usize;
    assert!((v[last] as u32 & mask).count_ones().is_multiple_of(2));
    assert!(v[last + 1..].iter().all(|&g| !(g & mask).count_ones().is_multiple_of(2)));
    let (_, text, _) = games_sg(&["0.16", "--max", "3000", "--stats"]);
    assert!(text.contains(&format!("rare/common by mask {mask}: ")), "{text}");
    assert!(text.contains("frequencies (value:count): 0:"), "{text}");
}

/// Ctrl-C during a long run: the verdict so far is printed, exit 130, the process is gone.
#[test]
fn ctrl_c_prints_the_verdict_so_far() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(["sg", ".454", "--max", "1000000000"])
        .env("GAMES_PROGRESS", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Ready at its first progress line (GAMES_PROGRESS=1): the run is under way, far from 10^9.
    let err = common::Stderr::watch(&mut child);
    err.wait_for_text("games sg: n = ");
    common::kill("-INT", child.id());
    let out = child.wait_with_output().unwrap();
    let _ = err.finish();
    assert_eq!(out.status.code(), Some(130));
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("no period found up to n = "), "{last}");
    assert!(last.contains("stopped: interrupted at n = "), "{last}");
}

/// Every set prints in a spelling that reads back as the same rule, and means the same amounts.
#[test]
fn range_spellings_round_trip() {
    let mut rng = Rng::new(7);
    for _ in 0..500 {
        let mut parts = Vec::new();
        let mut amounts = std::collections::BTreeSet::new();
        for _ in 0..rng.range(1, 6) {
            let a = rng.range(1, 40);
            let b = a + rng.below(6);
            amounts.extend(a..=b);
            parts.push(if a == b { a.to_string() } else { format!("{a}..{b}") });
        }
        let text = format!("sub:{}", parts.join(","));
        let r = rule(&text);
        assert_eq!(rule(&r.to_string()), r, "{text} -> {r}");
        let listed: Vec<String> = amounts.iter().map(|a| a.to_string()).collect();
        assert_eq!(rule(&format!("sub:{}", listed.join(","))), r, "{text}");
        let big = format!("{text},5000000000");
        let rb = rule(&big);
        assert_eq!(rule(&rb.to_string()), rb, "{big}");
    }
}

/// A heap past the quotient chain's budget is refused at once with one line (exit 1): the heap
/// 10^18 once pushed its 2 * 10^9 blocks before the budget was looked at (24 GB, killed).
#[test]
fn multi_sg_far_beyond_the_chain_is_refused_at_once() {
    let (code, out, err) = games_sg(&["multi-sg:3", "--at", "1000000000000000000"]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(err.contains("too far for the quotient chain"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // Within reach, the answer agrees with the divisor sweep's table.
    let t = games::theory::multi_sg::grundy_table(3, 200_000);
    let (code, out, _) = games_sg(&["multi-sg:3", "--at", "199999"]);
    assert_eq!(code, Some(0));
    assert!(out.contains(&format!("G(199999) = {}\n", t[199_999])), "{out}");
}

/// On a terminal, a run past its first second shows a progress line (heaps, values a second,
/// memory) on stderr and clears it; the values on stdout are unchanged. The run is one that
/// does not end (0.[7] splits after any removal: O(n^2) a value, to 10^7), so the line comes
/// on any machine; the test waits for it, then interrupts the run (Ctrl-C), which keeps the
/// values so far. Needs `script` for a pseudo-terminal.
#[test]
fn a_long_run_on_a_terminal_shows_progress() {
    if !common::need("script", "the progress line on a pseudo-terminal") {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_games");
    let dir = std::env::temp_dir().join(format!("games-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (values, pid_file) = (dir.join("values.txt"), dir.join("pid"));
    let inner = format!(
        "echo $$ > {}; exec {bin} sg '0.[7]' --upto 10000000 > {}",
        pid_file.display(),
        values.display()
    );
    // The terminal's output (script's stdout) goes to the stderr the test watches.
    let mut child = Command::new("sh")
        .args(["-c", "exec script -qec \"$0\" /dev/null 1>&2", &inner])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let terminal = common::Stderr::watch(&mut child);
    terminal.wait_for_text("values/s");
    let pid: u32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
    common::kill("-INT", pid);
    let out = common::output_or_hang(child, "script running games sg, interrupted");
    let shown = String::from_utf8_lossy(&terminal.finish()).into_owned();
    assert!(!out.status.success(), "an interrupted run: {shown}");
    assert!(shown.contains("games sg: n = "), "{shown}");
    assert!(shown.contains("interrupted by SIGINT"), "{shown}");
    let text = std::fs::read_to_string(&values).unwrap();
    assert!(text.lines().count() > 10, "the values so far are kept: {text}");
    assert!(!text.contains("values/s"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rare values (the class of the `--stats` mask, 0 aside) are drawn in orange over their
/// columns: one orange mark for every column that holds a rare value above 0, none elsewhere;
/// no orange at all when the "rare" class is not rare (`.106`: half the values to 10^4).
#[test]
fn svg_marks_the_rare_values() {
    let path = std::env::temp_dir().join(format!("games-sg19-rare-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    assert_eq!(games_sg(&[".106", "--upto", "9999", "--svg", p]).0, Some(0));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(!svg.contains("orange"));
    // Officers: 1584 rare values of 10^5.
    let (code, out, err) = games_sg(&[".6", "--upto", "99999", "--stats", "--json", "--svg", p]);
    assert_eq!(code, Some(0), "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mask = json["stats"]["mask"].as_u64().expect("a rare/common mask for .6") as u32;
    let v = grundy_values(&rule(".6"), 99_999).unwrap();
    let rare = |g: u32| g != 0 && (g & mask).count_ones().is_multiple_of(2);
    let columns: std::collections::BTreeSet<usize> =
        (0..v.len()).filter(|&n| rare(v[n])).map(|n| n * 2000 / v.len()).collect();
    assert!(!columns.is_empty() && columns.len() < 2000, "{} columns", columns.len());
    let orange = svg.split("<g fill=\"orange\">").nth(1).expect("an orange group");
    let orange = &orange[..orange.find("</g>").unwrap()];
    let marked: std::collections::BTreeSet<usize> = orange
        .lines()
        .filter_map(|l| l.split("x=\"").nth(1))
        .map(|x| x[..x.find('"').unwrap()].parse().unwrap())
        .collect();
    assert_eq!(marked, columns);
    assert!(svg.contains(&format!("orange: rare values (even popcount of G &amp; {mask})")));
}
