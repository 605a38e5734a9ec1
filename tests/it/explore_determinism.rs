//! Issue 43 (deterministic budgets, one far position cannot spoil another) and issue 47 items 2
//! and 13, through the command line:
//! - the same JSON from the same run on a quiet machine and with two CPU-bound processes
//!   running beside it, on games whose formula takes most of the grammar's default candidates
//!   (the search stops by candidates, not seconds);
//! - `--partizan` with one far position out of reach (a chain of 10^17 moves) and ten ordinary
//!   ones: the ten are answered, each equal to an exhaustive search written here;
//! - `--partizan` far answers check the partizan rule at the position: a switch that the box's
//!   pattern would call `n` is not answered as `n`;
//! - a game whose moves go up past 10^6 (every position there a draw) is not answered `P`.
//!
//! The oracles are searches written in this file over real positions (never the production
//! formula). The tests need python3 (the moves programs); without it they FAIL, unless
//! `GAMES_TEST_NO_PYTHON=1` opts out.

use crate::common;

use common::{games, temp_dir, text};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// python3 is there, or the opt-out variable is set (then the test returns early, saying so).
fn python() -> bool {
    if common::has("python3") {
        return true;
    }
    assert!(
        std::env::var_os("GAMES_TEST_NO_PYTHON").is_some(),
        "python3 not found: these tests need it (GAMES_TEST_NO_PYTHON=1 skips them)"
    );
    eprintln!("note: python3 not found; skipped (GAMES_TEST_NO_PYTHON)");
    false
}

fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    format!("python3 {}", path.display())
}

/// Two CPU-bound processes, started when made (each has printed its readiness line before
/// `new` returns), killed when dropped.
struct Load(Vec<Child>);

impl Load {
    fn new(n: usize) -> Load {
        let mut kids = Vec::new();
        for _ in 0..n {
            let mut c = Command::new("sh")
                .args(["-c", "echo ready; while :; do :; done"])
                .stdout(Stdio::piped())
                .spawn()
                .expect("sh runs");
            let mut line = String::new();
            let out = c.stdout.take().expect("piped");
            BufReader::new(out).read_line(&mut line).expect("a readiness line");
            assert_eq!(line.trim(), "ready");
            kids.push(c);
        }
        Load(kids)
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

// ---- (a) the same output on a quiet and on a loaded machine ----

/// Mark: from n go to n - 1 or to floor(n / 2); its value formula takes the grammar about
/// 8.9 million candidates of the default 15 million.
const MARK: &str = "import sys
for line in sys.stdin:
    n = int(line)
    print(';'.join(str(x) for x in sorted({n - 1, n // 2}) if 0 <= x < n) if n else '', flush=True)
";

/// A king on two heaps: remove 0..2 from each, at least one in all; its outcome formula takes
/// the grammar about 11.3 million candidates.
const KING: &str = "import sys
for line in sys.stdin:
    a, b = map(int, line.split())
    print(';'.join(f'{a - i} {b - j}' for i in range(3) for j in range(3)
                   if (i or j) and i <= a and j <= b), flush=True)
";

/// The least whole number not in `seen`.
fn mex(seen: &mut Vec<u64>) -> u64 {
    seen.sort_unstable();
    seen.dedup();
    (0..).find(|v| seen.binary_search(v).is_err()).unwrap()
}

/// The oracle of Mark: every value up to `n` by the mex rule.
fn mark(n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for x in 1..=n {
        g[x] = mex(&mut vec![g[x - 1], g[x / 2]]);
    }
    g
}

/// The oracle of the king: every value of `0..=n` x `0..=n` by the mex rule.
fn king(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let mut seen = Vec::new();
            for i in 0..=2.min(a) {
                for j in 0..=2.min(b) {
                    if i + j > 0 {
                        seen.push(g[a - i][b - j]);
                    }
                }
            }
            g[a][b] = mex(&mut seen);
        }
    }
    g
}

/// Candidates the grammar spent on the formula it reports, from its words.
fn candidates(json: &serde_json::Value) -> Option<u64> {
    let words = json["patterns"].as_array()?.iter().find_map(|p| {
        let w = p["words"].as_str()?;
        w.contains("grammar search").then(|| w.to_string())
    })?;
    let tail = &words[words.find("grammar search of the")?..];
    tail.split(": ").nth(1)?.split(' ').next()?.parse().ok()
}

/// Runs `args` quietly and beside two CPU-bound processes: the same bytes; the JSON.
fn quiet_and_loaded(args: &[&str], name: &str) -> serde_json::Value {
    let quiet = games(args, b"");
    assert!(quiet.status.success(), "{}", text(&quiet.stderr));
    let loaded = {
        let _load = Load::new(2);
        games(args, b"")
    };
    assert!(loaded.status.success(), "{}", text(&loaded.stderr));
    assert_eq!(text(&quiet.stdout), text(&loaded.stdout), "{name}: the output moved with the load");
    let json: serde_json::Value = serde_json::from_slice(&quiet.stdout).expect("JSON");
    // The formula took most of the default candidates (15,000,000), so that a wall-clock cut
    // would have shown; no safety cap cut the search.
    let spent = candidates(&json).unwrap_or(0);
    assert!(spent >= 7_000_000, "{name}: the grammar spent only {spent} candidates: {json}");
    assert!(!json["notes"].to_string().contains("safety cap"), "{name}: {json}");
    json
}

/// The value (when given) and the outcome (when known) of each answer against the oracle.
fn against(json: &serde_json::Value, truth: impl Fn(&[u64]) -> Option<u64>) {
    for a in json["at"].as_array().unwrap() {
        let p: Vec<u64> =
            a["position"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
        let Some(g) = truth(&p) else { continue };
        if let Some(v) = a["value"].as_u64() {
            assert_eq!(v, g, "{p:?}: {a}");
        }
        let o = a["outcome"].as_str().unwrap();
        assert!(o == "?" || o == if g == 0 { "P" } else { "N" }, "{p:?}: {a}");
    }
}

#[test]
fn the_same_json_on_a_quiet_and_on_a_loaded_machine() {
    if !python() {
        return;
    }
    let dir = temp_dir("det-load");
    let cmd = script(&dir, "mark.py", MARK);
    let args = [
        "explore",
        "--moves",
        &cmd,
        "--box",
        "0..200",
        "--json",
        "--at",
        "1000003",
        "--at",
        "1500000",
        "--at",
        "1999999",
        "--at",
        "1000000000000",
    ];
    let json = quiet_and_loaded(&args, "mark");
    let g = mark(2_000_000);
    against(&json, |p| g.get(p[0] as usize).copied());
    let cmd = script(&dir, "king.py", KING);
    let args = [
        "explore",
        "--moves",
        &cmd,
        "--box",
        "0..40,0..40",
        "--json",
        "--at",
        "700,650",
        "--at",
        "1201,13",
        "--at",
        "999,1000",
        "--at",
        "1000000000000,1000000000001",
    ];
    let json = quiet_and_loaded(&args, "king");
    let g = king(1201);
    against(&json, |p| g.get(p[0] as usize).and_then(|r| r.get(p[1] as usize)).copied());
}

// ---- (b) one far position out of reach does not spoil the others (partizan) ----

/// Left moves n -> n - 1 or n - 2, Right has no move: a chain whose value is n.
const CHAIN: &str = "import sys
for line in sys.stdin:
    n = int(line)
    print(';'.join(str(n - k) for k in (1, 2) if k <= n) + ' |', flush=True)
";

/// The simplest number strictly between `lo` and `hi` (`None`: no bound), for the integers of
/// these games: the oracle's rule of a position whose options are integers.
fn simplest(lo: Option<i64>, hi: Option<i64>) -> i64 {
    match (lo, hi) {
        (None, None) => 0,
        (Some(l), None) => (l + 1).max(0),
        (None, Some(h)) => (h - 1).min(0),
        (Some(l), Some(h)) => {
            assert!(h - l >= 2, "not an integer between {l} and {h}");
            if l < 0 && h > 0 {
                0
            } else if l >= 0 {
                l + 1
            } else {
                h - 1
            }
        }
    }
}

#[test]
fn one_far_position_out_of_reach_leaves_the_others_answered() {
    if !python() {
        return;
    }
    let dir = temp_dir("det-far");
    let cmd = script(&dir, "chain.py", CHAIN);
    // The oracle: every position's value by the rule, up to 60.
    let mut v = vec![0i64; 61];
    for n in 1..=60 {
        let left = (1..=2.min(n)).map(|k| v[n - k]).max();
        v[n] = simplest(left, None);
    }
    let mut args: Vec<String> = [
        "explore",
        "--partizan",
        "--moves",
        &cmd,
        "--box",
        "0..20",
        "--json",
        "--far-starts",
        "12",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let asked: Vec<u64> = vec![25, 27, 29, 100_000_000_000_000_000, 24, 26, 28, 30, 22, 23, 31];
    for p in &asked {
        args.extend(["--at".to_string(), p.to_string()]);
    }
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = games(&argv, b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let at = json["at"].as_array().unwrap();
    assert_eq!(at.len(), asked.len());
    for (a, &p) in at.iter().zip(&asked) {
        if p > 60 {
            // Out of reach of its own batches: `unknown` naming its budget, or the pattern's
            // value checked by the rule there, never a wrong value.
            match a["value"].as_str() {
                Some(val) => assert_eq!(val, p.to_string(), "{a}"),
                None => {
                    let basis = a["basis"].as_str().unwrap_or_default();
                    assert!(basis.starts_with("unknown: ") && basis.contains("--"), "{a}");
                    assert!(a.get("error").is_none(), "{a}");
                }
            }
            continue;
        }
        assert_eq!(a["basis"], "computed", "{p}: {a}");
        assert_eq!(a["value"].as_str(), Some(v[p as usize].to_string().as_str()), "{p}: {a}");
    }
}

// ---- (c) a partizan far answer checks the rule at the position (issue 47 item 2) ----

/// Left moves n -> n - 1; Right moves n -> 0, only when n >= 2^20: values n below 2^20, a
/// switch above.
const SWITCH: &str = "import sys
for line in sys.stdin:
    n = int(line)
    left = str(n - 1) if n > 0 else ''
    right = '0' if n >= 1 << 20 else ''
    print(left + ' | ' + right, flush=True)
";

#[test]
fn a_partizan_switch_far_away_is_not_answered_from_the_pattern() {
    if !python() {
        return;
    }
    let dir = temp_dir("det-switch");
    let cmd = script(&dir, "switch.py", SWITCH);
    let far = "1000000000000";
    let args = ["explore", "--partizan", "--moves", &cmd, "--box", "0..30", "--json", "--at", far];
    let out = games(&args, b"");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let a = &json["at"][0];
    // Past 2^20 Right's move to 0 makes each position a hot game (a switch), never the number
    // n the box shows: at 10^12 the answer must not be `10^12` (outcome L).
    assert!(a["value"].as_str() != Some(far), "{a}");
    // A budget spent and no pattern the rule confirms: `unknown` (exit 0), saying why.
    let basis = a["basis"].as_str().unwrap_or_default();
    assert!(basis.starts_with("unknown: ") && basis.contains("partizan rule"), "{a}");
    assert_eq!(out.status.code(), Some(0));
    // Below 2^20 the chain's value is n: the pattern answers there, its rule checked, when no
    // far position past 2^20 is sampled (`--far-checks 0`); the far checks sample past it and
    // refute the pattern (issue 43).
    let mut args =
        vec!["explore", "--partizan", "--moves", &cmd, "--box", "0..30", "--json", "--at", "1000"];
    let sampled = games(&args, b"");
    let json: serde_json::Value = serde_json::from_slice(&sampled.stdout).expect("JSON");
    let basis = json["at"][0]["basis"].as_str().unwrap_or_default();
    assert!(basis.starts_with("unknown: ") && basis.contains("sampled far position"), "{json}");
    args.extend(["--far-checks", "0"]);
    let out = games(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut v = 0i64;
    for _ in 1..=1000 {
        v = simplest(Some(v), None);
    }
    assert_eq!(json["at"][0]["value"].as_str(), Some(v.to_string().as_str()), "{json}");
}

// ---- (d) moves that go up (issue 47 item 13) ----

/// Below 10^6: take 1; from 10^6 on, the only move is up by one (play never ends: a draw).
const UP: &str = "import sys
for line in sys.stdin:
    n = int(line)
    print(str(n - 1) if 0 < n < 10**6 else (str(n + 1) if n >= 10**6 else ''), flush=True)
";

#[test]
fn a_game_that_moves_up_far_away_is_not_answered_p() {
    if !python() {
        return;
    }
    let dir = temp_dir("det-up");
    let cmd = script(&dir, "up.py", UP);
    let asked = ["2000000", "2000001", "999998", "999999"];
    let mut args = vec!["explore", "--moves", &cmd, "--box", "0..200", "--json"];
    for p in &asked {
        args.extend(["--at", p]);
    }
    let out = games(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // The oracle: outcomes below 10^6 by the rule (P iff no option is P), a draw at and past
    // 10^6 (the only move leads up forever).
    let truth = |n: u64| -> char {
        if n >= 1_000_000 {
            return 'D';
        }
        let mut p = true; // 0 has no move: P
        for _ in 1..=n {
            p = !p;
        }
        if p { 'P' } else { 'N' }
    };
    for a in json["at"].as_array().unwrap() {
        let n = a["position"][0].as_u64().unwrap();
        let said = a["outcome"].as_str().unwrap().chars().next().unwrap();
        if n >= 1_000_000 {
            assert!(said == '?' || said == 'D', "{n}: {a}");
            if said == '?' {
                assert!(a["basis"].as_str().unwrap().contains("above it"), "{a}");
            }
        } else {
            assert_eq!(said, truth(n), "{n}: {a}");
        }
    }
}

// ---- the switches: --patterns 0, --search-time 0, --far-starts outside --partizan ----

/// Take 1, 2 or 3 (values n mod 4), a program so that no theorem of a built-in game answers.
const TAKE3: &str = "import sys
for line in sys.stdin:
    n = int(line)
    print(';'.join(str(n - k) for k in (1, 2, 3) if k <= n), flush=True)
";

#[test]
fn patterns_0_turns_the_search_off_in_every_kind() {
    if !python() {
        return;
    }
    let dir = temp_dir("det-off");
    let cmd = script(&dir, "take3.py", TAKE3);
    let far = "1000000000002";
    // On: the period answers far away (2 = 10^12 + 2 mod 4, the mex rule's value).
    let on = games(&["explore", "--moves", &cmd, "--box", "0..40", "--json", "--at", far], b"");
    let on: serde_json::Value = serde_json::from_slice(&on.stdout).expect("JSON");
    assert_eq!(on["at"][0]["value"], 2, "{on}");
    // --search-time 0 leaves only the grammar out: the period still answers.
    let args =
        ["explore", "--moves", &cmd, "--box", "0..40", "--json", "--search-time", "0", "--at", far];
    let no_grammar: serde_json::Value = serde_json::from_slice(&games(&args, b"").stdout).unwrap();
    assert_eq!(no_grammar["at"][0]["value"], 2, "{no_grammar}");
    // Off: no pattern, a note, and the far answer unknown; in score mode too.
    let args =
        ["explore", "--moves", &cmd, "--box", "0..40", "--json", "--patterns", "0", "--at", far];
    let off = games(&args, b"");
    assert!(off.status.success(), "{}", text(&off.stderr));
    let off: serde_json::Value = serde_json::from_slice(&off.stdout).unwrap();
    assert_eq!(off["patterns"].as_array().map(Vec::len), Some(0), "{off}");
    assert!(off["notes"].to_string().contains("--patterns 0"), "{off}");
    assert_eq!(off["at"][0]["outcome"], "?", "{off}");
    let grab = script(
        &dir,
        "grab.py",
        "import sys\nfor line in sys.stdin:\n    n = int(line)\n    print(';'.join(f'{n - k} @ {k}' for k in (1, 2) if k <= n), flush=True)\n",
    );
    let args =
        ["explore", "--score", "--moves", &grab, "--box", "0..40", "--patterns", "0", "--at", far];
    let out = games(&args, b"");
    let s = text(&out.stdout);
    assert!(s.contains("pattern search off (--patterns 0)"), "{s}");
    assert!(!s.contains("conjecture"), "{s}");
    // --far-starts is for --partizan: a usage error elsewhere.
    let out = games(&["explore", "--moves", &cmd, "--box", "0..4", "--far-starts", "3"], b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}
