//! `games sg` past 16-bit values (the table widens at the first value above 65535) and the
//! `--save` / `--resume` checkpoints.

use crate::common;
use games::sg::rule::Rule;
use games::sg::values::{Engine, Values};
use std::path::PathBuf;
use std::process::Command;

fn games_sg(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_games")).arg("sg").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn rule(s: &str) -> Rule {
    Rule::parse(s).unwrap_or_else(|e| panic!("{e}"))
}

/// Lasker's Nim by the definition: G(n) = mex of {G(m) : m < n} (take any amount) and
/// {G(a) ^ G(n - a) : 0 < a < n} (split into two heaps).
fn lasker_naive(upto: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(upto + 1);
    let mut seen: Vec<usize> = Vec::new();
    for n in 0..=upto {
        seen.clear();
        seen.resize(2 * n + 2, 0);
        let mut options = Vec::new();
        options.extend(g[..n].iter().copied());
        options.extend((1..n).map(|a| g[a] ^ g[n - a]));
        for v in options {
            if (v as usize) < seen.len() {
                seen[v as usize] = 1;
            }
        }
        g.push(seen.iter().position(|&s| s == 0).unwrap() as u64);
    }
    g
}

/// The known formula (Lasker's Nim, Winning Ways): G(0) = 0, G(4k+1) = 4k+1, G(4k+2) = 4k+2,
/// G(4k+3) = 4k+4, G(4k+4) = 4k+3.
fn lasker_formula(n: u64) -> u64 {
    match n % 4 {
        0 if n == 0 => 0,
        1 | 2 => n,
        3 => n + 1,
        _ => n - 1,
    }
}

/// Does a progress line of `games sg` ("n = N, ...") say more than `n` values?
fn progress_past(stderr: &str, n: u64) -> bool {
    stderr.split("n = ").skip(1).any(|rest| {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<u64>().is_ok_and(|v| v > n)
    })
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("games-sg-wide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn lasker_past_65535_matches_the_naive_mex() {
    const N: usize = 70_000;
    let mut e = Engine::new(&rule("4.[3]"));
    e.extend_to(N as u64).unwrap();
    assert!(!e.values.is_narrow(), "G(70000) > 65535: the table must have widened");
    let fast = e.values.to_u64();
    let naive = lasker_naive(N);
    assert_eq!(fast.len(), naive.len());
    if let Some(n) = (0..=N).find(|&n| fast[n] != naive[n]) {
        panic!("G({n}): engine {} naive {}", fast[n], naive[n]);
    }
    for (n, &g) in fast.iter().enumerate() {
        assert_eq!(g, lasker_formula(n as u64), "G({n})");
    }
}

#[test]
fn tails_and_splits_match_the_naive_mex_past_the_widening() {
    // Other one-digit tails with splits and takes, past 65535 where they grow that far.
    for (code, n) in [("0.[3]", 66_000u64), ("4.3[3]", 3000), ("0.37[2]", 3000), ("4!.[3]", 2000)] {
        let r = rule(code);
        let fast = games::sg::values::grundy_values(&r, n).unwrap();
        let brute = games::brute::rule::parse(code).unwrap();
        let naive = games::brute::rule::values(&brute, n.min(1500));
        for (i, &v) in naive.iter().enumerate() {
            assert_eq!(fast[i] as u64, v, "{code} G({i})");
        }
        if code == "0.[3]" {
            assert!(fast.iter().enumerate().all(|(i, &g)| g as usize == i), "nim: G(n) = n");
        }
    }
}

#[test]
fn upto_past_65535_prints_every_value() {
    let (code, out, err) = games_sg(&["0.[3]", "--upto", "70000"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l == "65536: 65536"), "the first wide value");
    assert!(out.lines().any(|l| l == "70000: 70000"), "G(70000) = 70000");
    let (code, out, err) = games_sg(&["0.[3]", "--upto", "70000", "--json", "--stats"]);
    assert_eq!(code, Some(0), "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let values = j["values"].as_array().unwrap();
    assert_eq!(values.len(), 70001);
    assert_eq!(values[70000].as_u64(), Some(70000));
    assert_eq!(j["stats"]["largest"].as_u64(), Some(70000));
    assert_eq!(j["verdict"]["computed_to"].as_u64(), Some(70000));
}

#[test]
fn lasker_at_2_31_is_a_labelled_conjecture_and_agrees_with_the_formula() {
    let n: u64 = 2_147_483_647;
    let (code, out, err) = games_sg(&["4.[3]", "--at", &n.to_string(), "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let at = &j["at"][0];
    assert_eq!(at["n"].as_u64(), Some(n));
    assert_eq!(at["g"].as_u64(), Some(lasker_formula(n)));
    assert_eq!(at["basis"], "conjecture");
    assert!(at["conjecture"].as_str().unwrap().starts_with("conjecture: period 4, saltus 4"));
    let (code, out, _) =
        games_sg(&["4.[3]", "--at", &n.to_string(), "2147483645", "--max", "70000"]);
    assert_eq!(code, Some(0));
    for m in [n, 2_147_483_645] {
        let want = format!(
            "G({m}) = {} (conjecture: period 4, saltus 4 observed to n = ",
            lasker_formula(m)
        );
        assert!(out.contains(&want), "{want}\n{out}");
    }
}

/// Runs `games sg` with `args` to N2 in one go, and to N1 saved then resumed to N2: the same
/// report and the same checkpoint.
fn resumed_equals_direct(rule: &str, first: &[&str], second: &[&str], extra: &[&str]) {
    let tag = rule.replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let (a, b, c) = (
        temp(&format!("{tag}-a.sgv")),
        temp(&format!("{tag}-b.sgv")),
        temp(&format!("{tag}-c.sgv")),
    );
    let run = |args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = games_sg(&args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        out
    };
    let with = |base: &[&str], more: &[String]| -> Vec<String> {
        let mut v = vec![rule.to_string()];
        v.extend(base.iter().chain(extra).map(|s| s.to_string()));
        v.extend(more.iter().cloned());
        v
    };
    let path = |p: &PathBuf| p.to_str().unwrap().to_string();
    let direct = run(with(second, &["--save".into(), path(&c)]));
    run(with(first, &["--save".into(), path(&a)]));
    let resumed = run(with(second, &["--resume".into(), path(&a), "--save".into(), path(&b)]));
    assert_eq!(direct, resumed, "{rule} {second:?}");
    let (fb, fc) = (std::fs::read(&b).unwrap(), std::fs::read(&c).unwrap());
    assert!(fb == fc, "{rule}: the checkpoints differ");
    // The first checkpoint is a prefix of the second.
    assert!(std::fs::metadata(&a).unwrap().len() <= fb.len() as u64);
}

#[test]
fn a_resumed_run_equals_a_run_from_scratch() {
    // The generic engine (Lasker's Nim), past the widening with --upto, and its search.
    resumed_equals_direct("4.[3]", &["--upto", "30000"], &["--upto", "70000"], &["--json"]);
    resumed_equals_direct("4.[3]", &["--max", "500"], &["--max", "3000"], &["--stats"]);
    // The rare/common engine streamed (no period yet), with its statistics.
    resumed_equals_direct(".106", &["--max", "20000"], &["--max", "60000"], &["--json", "--stats"]);
    // A proved period found after the resume (Kayles: n0 = 71, p = 12, read to 166).
    resumed_equals_direct("0.77", &["--max", "100"], &["--max", "10000"], &[]);
    resumed_equals_direct("0.77", &["--upto", "50"], &["--upto", "400"], &["--json"]);
    // The range engine and the all-but saltus test.
    resumed_equals_direct("sub:3..5,9,20..22", &["--upto", "100"], &["--upto", "3000"], &[]);
    resumed_equals_direct("allbut:2,5", &["--max", "30"], &["--max", "2000"], &["--json"]);
}

#[test]
fn a_checkpoint_longer_than_the_run_is_kept() {
    let (a, b) = (temp("long-a.sgv"), temp("long-b.sgv"));
    let (code, _, err) = games_sg(&["4.[3]", "--upto", "5000", "--save", a.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let (code, out, err) = games_sg(&[
        "4.[3]",
        "--at",
        "7",
        "--resume",
        a.to_str().unwrap(),
        "--save",
        b.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("G(7) = 8\n"), "{out}");
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn bad_checkpoints_are_refused_with_one_line() {
    let good = temp("good.sgv");
    let (code, _, err) = games_sg(&["0.77", "--upto", "300", "--save", good.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let bytes = std::fs::read(&good).unwrap();
    let mut cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", Vec::new(), "shorter than a header"),
        ("magic", [b"XAMESSG\0".as_slice(), &bytes[8..]].concat(), "wrong magic"),
        ("truncated", bytes[..bytes.len() - 3].to_vec(), "truncated"),
        ("header only", bytes[..40].to_vec(), "truncated"),
    ];
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    cases.push(("damaged", damaged, "hash"));
    let mut huge = bytes.clone();
    // 16 bytes of head, 4 of the rule "0.77", the width, then the count.
    huge[21..29].copy_from_slice(&(1u64 << 62).to_le_bytes());
    cases.push(("huge count", huge, "values of 2 bytes stated"));
    for (what, data, want) in cases {
        let p = temp(&format!("bad-{}.sgv", what.replace(' ', "-")));
        std::fs::write(&p, &data).unwrap();
        let (code, out, err) = games_sg(&["0.77", "--resume", p.to_str().unwrap()]);
        assert_eq!(code, Some(1), "{what}: {err}");
        assert!(out.is_empty(), "{what}: {out}");
        assert_eq!(err.lines().count(), 1, "{what}: {err}");
        assert!(err.contains(want) && !err.contains("panicked"), "{what}: {err}");
    }
    let (code, _, err) = games_sg(&["0.07", "--resume", good.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert_eq!(
        err.trim(),
        format!(
            "games sg: --resume {}: it holds the values of another rule (0.77)",
            good.display()
        )
    );
    // The same rule by another name is the same rule.
    let (code, _, err) = games_sg(&["kayles", "--resume", good.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = games_sg(&["0.77", "--resume", "/nonexistent/x.sgv"]);
    assert_eq!(code, Some(1));
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, _) = games_sg(&["0.77", "--resume", good.to_str().unwrap(), "--bounded"]);
    assert_eq!(code, Some(2));
}

#[test]
fn sigterm_saves_the_values_so_far() {
    let p = temp("term.sgv");
    let mut child = Command::new(env!("CARGO_BIN_EXE_games"))
        .args(["sg", "4.[3]", "--upto", "5000000", "--save", p.to_str().unwrap()])
        .env("GAMES_PROGRESS", "1")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Ready when the progress line (GAMES_PROGRESS=1) says more than 1000 values are computed.
    let err = common::Stderr::watch(&mut child);
    err.wait_for("the progress line past n = 1000", |s| progress_past(s, 1000));
    common::kill("-TERM", child.id());
    let out = child.wait_with_output().unwrap();
    let _ = err.finish();
    assert_eq!(out.status.code(), Some(143));
    let values = games::sg::checkpoint::load(&p, &rule("4.[3]")).unwrap();
    assert!(values.len() > 1000, "{} values saved", values.len());
    for n in 0..values.len() {
        assert_eq!(values.at(n) as u64, lasker_formula(n as u64), "G({n})");
    }
    let _: &Values = &values;
}
