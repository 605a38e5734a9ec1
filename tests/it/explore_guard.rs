//! The guard of far answers (`explore::guard`): planted games whose pattern on the box breaks
//! beyond it (at a far member of a sequence of moves, or just past the box) must never be
//! answered wrong, whatever the label; patterns with a proof must never be refuted; a slow moves
//! program ends in "not checked", not a hang. The truth is a plain mex over the real game,
//! computed here. Tests that run Python moves programs skip with a note when python3 is missing.

use crate::common;

use common::{games, has, temp_dir, text};
use games::rng::Rng;
use std::path::Path;

fn json(args: &[&str]) -> serde_json::Value {
    let out = games(args, b"");
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("json")
}

/// A subtraction game in Python: `n -> n - s` for each `s` of argv[1] (comma-separated) with
/// `s <= n`.
const SUBTRACT: &str = "import sys
sub = [int(s) for s in sys.argv[1].split(',')]
for line in sys.stdin:
    n = int(line)
    print(';'.join(str(n - s) for s in sub if s <= n), flush=True)
";

/// Two heaps: take 1 or 2 from the first, 1 to 3 from the second, and, once the heaps hold
/// `argv[1]` or more together, one from each.
const MIXED: &str = "import sys
t = int(sys.argv[1])
for line in sys.stdin:
    a, b = map(int, line.split())
    o = [f'{a - k} {b}' for k in (1, 2) if k <= a] + [f'{a} {b - k}' for k in (1, 2, 3) if k <= b]
    if a + b >= t and a > 0 and b > 0:
        o.append(f'{a - 1} {b - 1}')
    print(';'.join(o), flush=True)
";

/// Grundy values of the subtraction game `sub` on 0..=n, by the definition.
fn subtraction_values(sub: &[u64], n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for m in 0..=n {
        let opts: Vec<u64> =
            sub.iter().filter(|&&s| s as usize <= m).map(|&s| g[m - s as usize]).collect();
        g[m] = (0..).find(|v| !opts.contains(v)).unwrap();
    }
    g
}

fn write(dir: &Path, name: &str, body: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p.display().to_string()
}

/// A far answer must be unknown or right.
fn assert_right_or_unknown(
    report: &serde_json::Value,
    truth: impl Fn(&[u64]) -> u64,
    what: &str,
) -> (usize, usize) {
    let (mut known, mut unknown) = (0, 0);
    for a in report["at"].as_array().unwrap() {
        let p: Vec<u64> =
            a["position"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
        match a["value"].as_u64() {
            Some(v) => {
                known += 1;
                assert_eq!(v, truth(&p), "{what}: wrong far answer at {p:?}: {a}");
            }
            None => {
                unknown += 1;
                let o = a["outcome"].as_str().unwrap();
                if o != "?" {
                    let t = if truth(&p) == 0 { "P" } else { "N" };
                    assert_eq!(o, t, "{what}: wrong far outcome at {p:?}: {a}");
                }
            }
        }
    }
    (known, unknown)
}

/// 100 subtraction games whose small moves give the box a period and whose one large move,
/// past the band, breaks it: no far answer is ever wrong.
#[test]
fn planted_breaks_beyond_the_box_are_never_answered_wrong() {
    if !has("python3") {
        eprintln!("note: python3 not found; the planted-game guard test is skipped");
        return;
    }
    let dir = temp_dir("guard-planted");
    let prog = write(&dir, "sub.py", SUBTRACT);
    let mut rng = Rng::new(34);
    let (mut cases, mut refuted_runs, mut known_all, mut unknown_all) = (0, 0, 0, 0);
    while cases < 100 {
        let small: Vec<u64> = (1..=5).filter(|_| rng.chance(1, 2)).collect();
        if small.is_empty() {
            continue;
        }
        let hi = 40 + rng.below(41);
        let band_hi = hi + (hi + 1) / 4;
        let big = band_hi + 1 + rng.below(300);
        let mut sub = small.clone();
        sub.push(big);
        // Far enough that the asked positions are not simply computed (the region computed
        // for far answers holds at most 16384 positions here).
        let n = 200_000;
        let truth = subtraction_values(&sub, n);
        let plain = subtraction_values(&small, n);
        if truth == plain {
            continue; // the large move changes nothing: no break planted
        }
        cases += 1;
        let asked: Vec<String> =
            (0..20).map(|_| (hi + 1 + rng.below(n as u64 - hi)).to_string()).collect();
        let set: Vec<String> = sub.iter().map(|s| s.to_string()).collect();
        let cmd = format!("python3 {prog} {}", set.join(","));
        let spec = format!("0..{hi}");
        let mut args = vec!["explore", "--moves", &cmd, "--box", &spec, "--json", "--at"];
        args.extend(asked.iter().map(String::as_str));
        let report = json(&args);
        let what = format!("subtraction {sub:?} on box {spec}");
        let (k, u) = assert_right_or_unknown(&report, |p| truth[p[0] as usize], &what);
        known_all += k;
        unknown_all += u;
        refuted_runs += usize::from(!report["refuted"].as_array().unwrap().is_empty());
    }
    eprintln!(
        "planted: {cases} games, {refuted_runs} with a refuted pattern, {known_all} far answers right, {unknown_all} unknown, none wrong"
    );
    assert!(
        refuted_runs > 50,
        "the guard refuted patterns in only {refuted_runs} of 100 planted games"
    );
}

/// A two-heap game whose rows look periodic on the box but whose rule mixes the heaps just
/// past it: the band computed beyond the box refutes the rows; no far answer is wrong.
#[test]
fn rows_that_break_just_past_the_box_are_refuted_by_the_band() {
    if !has("python3") {
        eprintln!("note: python3 not found; the band test is skipped");
        return;
    }
    let dir = temp_dir("guard-band");
    let prog = write(&dir, "mixed.py", MIXED);
    let n = 700usize;
    for threshold in [62u64, 64, 66] {
        let t = threshold as usize;
        let mut g = vec![vec![0u64; n + 1]; n + 1];
        for a in 0..=n {
            for b in 0..=n {
                let mut o = Vec::new();
                for k in [1, 2] {
                    if k <= a {
                        o.push(g[a - k][b]);
                    }
                }
                for k in [1, 2, 3] {
                    if k <= b {
                        o.push(g[a][b - k]);
                    }
                }
                if a + b >= t && a > 0 && b > 0 {
                    o.push(g[a - 1][b - 1]);
                }
                g[a][b] = (0..).find(|v| !o.contains(v)).unwrap();
            }
        }
        let cmd = format!("python3 {prog} {threshold}");
        let mut rng = Rng::new(threshold);
        // Near positions (computed: the box grows to hold them) and far ones (beyond the
        // 16384 positions the box may grow to: answered from a pattern, or unknown).
        let mut asked: Vec<String> =
            (0..20).map(|_| format!("{},{}", 31 + rng.below(40), rng.below(61))).collect();
        asked.extend((0..20).map(|_| format!("{},{}", 300 + rng.below(400), rng.below(701))));
        let mut args = vec!["explore", "--moves", &cmd, "--box", "0..30,0..30", "--json", "--at"];
        args.extend(asked.iter().map(String::as_str));
        let report = json(&args);
        assert_right_or_unknown(&report, |p| g[p[0] as usize][p[1] as usize], &cmd);
        let refuted = report["refuted"].as_array().unwrap();
        assert!(
            refuted.iter().any(|r| r["check"] == "band"),
            "{cmd}: no pattern refuted on the band: {refuted:?}"
        );
    }
}

/// The built-in games with a theorem: the checks never refute a proved pattern at
/// 10^12..10^18, and where the options can be listed the rule holds.
#[test]
fn proved_patterns_are_never_refuted_far_away() {
    let far = ["1000000000000", "123456789012345", "1000000000000000000", "999999999999999999"];
    let cases: &[(&str, &str, usize)] = &[
        ("sub:1,3,4", "0..60", 1),
        ("0.77", "0..200", 1),
        ("bash:5", "0..60", 1),
        ("nim:2", "0..20,0..20", 2),
        ("wythoff", "0..30,0..30", 2),
        ("same:2:1,2", "0..30,0..30", 2),
        ("moore:3:2", "0..8,0..8,0..8", 3),
        ("mock-turtles", "1..40", 1),
        ("ruler", "1..40", 1),
        ("product:1-2*1-2", "0..15,0..15", 2),
    ];
    for &(game, spec, k) in cases {
        let mut args = vec!["explore", "--game", game, "--box", spec, "--json", "--at"];
        let asked: Vec<String> = far
            .iter()
            .map(|x| {
                let mut parts = vec![x.to_string()];
                parts.extend((1..k).map(|i| format!("{}", 7 + i)));
                parts.join(",")
            })
            .collect();
        args.extend(asked.iter().map(String::as_str));
        let report = json(&args);
        assert_eq!(report["refuted"], serde_json::json!([]), "{game}: a refuted pattern: {report}");
        for a in report["at"].as_array().unwrap() {
            let basis = a["basis"].as_str().unwrap();
            assert!(!basis.contains("refuted"), "{game}: {basis}");
        }
    }
    // Subtraction {1, 3, 4} lists 3 options anywhere: the rule is checked at 10^18.
    let report = json(&[
        "explore",
        "--game",
        "sub:1,3,4",
        "--box",
        "0..60",
        "--json",
        "--at",
        "1000000000000000000",
    ]);
    let a = &report["at"][0];
    assert_eq!(a["checked"], true, "{a}");
    assert_eq!(
        a["value"].as_u64(),
        Some([0, 1, 0, 1, 2, 3, 2][(1_000_000_000_000_000_000u64 % 7) as usize])
    );
}

/// A moves program (Python, and C++ where g++ is found) of a game with a true period: the rule
/// holds at 10^12..10^18 and the label says so.
#[test]
fn a_true_period_is_checked_and_kept_far_away() {
    let seq = [0u64, 1, 0, 1, 2, 3, 2];
    let far = ["1000000000000", "31415926535897", "1000000000000000000", "9223372036854775807"];
    let mut programs = Vec::new();
    let dir = temp_dir("guard-true");
    if has("python3") {
        let prog = write(&dir, "sub.py", SUBTRACT);
        programs.push(format!("python3 {prog} 1,3,4"));
    } else {
        eprintln!("note: python3 not found; the Python half of this test is skipped");
    }
    if has("g++") {
        let src = write(
            &dir,
            "sub.cpp",
            "#include <cstdio>\n#include <initializer_list>\nint main(){ unsigned long long n; while (scanf(\"%llu\", &n) == 1) { int first = 1; \
             for (int s : {1, 3, 4}) if ((unsigned long long)s <= n) { printf(first ? \"%llu\" : \";%llu\", n - s); first = 0; } \
             printf(\"\\n\"); fflush(stdout); } }\n",
        );
        let bin = dir.join("sub");
        let ok = std::process::Command::new("g++")
            .args(["-O2", "-o"])
            .arg(&bin)
            .arg(&src)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "g++ failed on the test's program");
        programs.push(bin.display().to_string());
    } else {
        eprintln!("note: g++ not found; the C++ half of this test is skipped");
    }
    for cmd in &programs {
        let mut args = vec!["explore", "--moves", cmd.as_str(), "--box", "0..60", "--json", "--at"];
        args.extend(far);
        let report = json(&args);
        assert_eq!(report["refuted"], serde_json::json!([]), "{cmd}");
        for (a, x) in report["at"].as_array().unwrap().iter().zip(far) {
            let n: u64 = x.parse().unwrap();
            assert_eq!(a["value"].as_u64(), Some(seq[(n % 7) as usize]), "{cmd} at {n}: {a}");
            assert_eq!(a["checked"], true, "{cmd} at {n}: {a}");
            let basis = a["basis"].as_str().unwrap();
            assert!(basis.contains("the game's rule holds here"), "{basis}");
            assert!(basis.contains("sampled far positions"), "{basis}");
        }
    }
}

/// A moves program that lists the options of n one by one (n of them): far away it cannot
/// answer in time, and the answer says "not checked" instead of hanging.
#[test]
fn a_slow_moves_program_leaves_the_answer_not_checked() {
    if !has("python3") {
        eprintln!("note: python3 not found; the slow-program test is skipped");
        return;
    }
    let dir = temp_dir("guard-slow");
    let prog = write(
        &dir,
        "nim1.py",
        "import sys\nfor line in sys.stdin:\n    n = int(line)\n    print(';'.join(str(k) for k in range(n)), flush=True)\n",
    );
    let cmd = format!("python3 {prog}");
    let out = games(
        &[
            "explore",
            "--moves",
            &cmd,
            "--box",
            "0..40",
            "--far-check-time",
            "2",
            "--at",
            "1000000000000",
        ],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let line = s.lines().find(|l| l.starts_with("at 1000000000000")).expect("an answer");
    assert!(line.contains("value 1000000000000"), "{line}");
    assert!(line.contains("not checked here"), "{line}");
}

/// Misère play: outcome patterns are checked with the misère rule (a position with no move
/// is N), and a true pattern is kept.
#[test]
fn misere_outcomes_are_checked_with_the_misere_rule() {
    if !has("python3") {
        eprintln!("note: python3 not found; the misère guard test is skipped");
        return;
    }
    let dir = temp_dir("guard-misere");
    let prog = write(&dir, "sub.py", SUBTRACT);
    let cmd = format!("python3 {prog} 1,2,3");
    let far = "1000000000001";
    let report = json(&[
        "explore",
        "--moves",
        &cmd,
        "--box",
        "0..60",
        "--misere",
        "--json",
        "--at",
        far,
        "1000000000004",
    ]);
    assert_eq!(report["refuted"], serde_json::json!([]), "{report}");
    // Misère Bash with M = 3: P iff n = 1 (mod 4).
    assert_eq!(report["at"][0]["outcome"], "P", "{}", report["at"][0]);
    assert_eq!(report["at"][1]["outcome"], "N", "{}", report["at"][1]);
    assert_eq!(report["at"][0]["checked"], true);
}
