//! The judge-faithful harness from the command line: `validate` (exit 3 on a broken
//! constraint), `gen`/`stress` within the judge by default and beyond it only with
//! `--beyond-judge`, and stress shrinking a wrong program's counterexample to a few tokens.

use crate::common;
use common::{GAMES as BIN, games, temp_dir};

use std::process::Command;

fn program(name: &str) -> String {
    format!("sh {}/tests/programs/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn validate_exits_0_or_3_with_one_located_line() {
    let ok = games(&["validate", "nim"], b"2\n3 4\n");
    assert_eq!((ok.status.code(), ok.stdout.len(), ok.stderr.len()), (Some(0), 0, 0));
    let bad = games(&["validate", "acwing891"], b"2\n3 0\n");
    assert_eq!(bad.status.code(), Some(3));
    assert_eq!(
        String::from_utf8(bad.stderr).unwrap(),
        "games validate nim: line 2, column 3: a_i = 0 violates 1 <= a_i <= 1000000000\n"
    );
    // Parse-level faults keep the solvers' message format, and exit 3 too.
    let word = games(&["validate", "nim"], b"2\n3 x\n");
    assert_eq!(word.status.code(), Some(3));
    assert_eq!(
        String::from_utf8(word.stderr).unwrap(),
        "games validate nim: line 2, column 3: expected a_i, found \"x\"\n"
    );
    // What our solver accepts but the judge never gives: CRLF.
    assert_eq!(games(&["nim"], b"2\r\n3 4\r\n").status.code(), Some(0));
    assert_eq!(games(&["validate", "nim"], b"2\r\n3 4\r\n").status.code(), Some(3));
    // FILE, and usage errors.
    let dir = temp_dir("validate");
    let path = dir.join("in.txt");
    std::fs::write(&path, "1\n3 5\n").unwrap();
    assert_eq!(games(&["validate", "hdu1846", path.to_str().unwrap()], b"").status.code(), Some(0));
    let missing = dir.join("missing.txt");
    assert_eq!(games(&["validate", "nim", missing.to_str().unwrap()], b"").status.code(), Some(1));
    assert_eq!(games(&["validate", "no-such-problem"], b"").status.code(), Some(2));
    assert_eq!(games(&["validate"], b"").status.code(), Some(2));
    // The constraints themselves, as data.
    let c = games(&["validate", "set-nim", "--constraints"], b"");
    assert_eq!(
        String::from_utf8(c.stdout).unwrap(),
        "1 <= k <= 100\n1 <= s_i <= 10000\n1 <= n <= 100\n1 <= h_i <= 10000\nthe s_i are distinct\n"
    );
}

#[test]
fn gen_stays_within_the_judge_unless_told_otherwise() {
    for seed in 0..30 {
        let s = seed.to_string();
        let input = games(&["gen", "hdu1846", "--size", "tiny", "--seed", &s], b"").stdout;
        assert_eq!(games(&["validate", "hdu1846"], &input).status.code(), Some(0), "seed {seed}");
    }
    // --size huge is beyond every judge: it needs the flag (usage error otherwise).
    let huge = games(&["gen", "nim", "--size", "huge"], b"");
    assert_eq!(huge.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&huge.stderr).contains("--beyond-judge"));
    // With the flag, zeros appear (a tiny nim has a zero pile in about half of the inputs).
    let zero = (0..30).any(|seed| {
        let s = seed.to_string();
        let input = games(&["gen", "nim", "--size", "tiny", "--beyond-judge", "--seed", &s], b"");
        games(&["validate", "nim"], &input.stdout).status.code() == Some(3)
    });
    assert!(zero, "--beyond-judge never left the judge's domain");
}

#[test]
fn an_off_by_one_on_the_smallest_legal_value_is_caught_and_shrunk() {
    let dir = temp_dir("off-by-one");
    let save = dir.join("case.in");
    let cmd = program("hdu1846-off-by-one.sh");
    let out = games(
        &[
            "stress",
            "hdu1846",
            "--against",
            &cmd,
            "--size",
            "small",
            "--save",
            save.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8(out.stdout).unwrap();
    // One case of three tokens: C = 1, then n = 1 and the smallest m.
    assert_eq!(std::fs::read(&save).unwrap(), b"1\n1 1\n", "{report}");
    assert!(report.contains("wrong answer on line 1"), "{report}");
    assert!(report.contains("--- input ---\n1\n1 1\n"), "{report}");
    assert!(report.contains("--- diff ---\nline 1:\n- first\n+ second\n"), "{report}");
    let from = report.lines().find(|l| l.starts_with("shrunk from ")).expect(&report);
    assert!(from.ends_with("runs") && from.contains(" to 6 bytes"), "{from}");
    // The reproduce line works as pasted: our answer, then the program's.
    let line = report.lines().find_map(|l| l.strip_prefix("reproduce: ")).expect(&report);
    assert!(line.starts_with(&format!("games hdu1846 {}; ({cmd}) < ", save.display())), "{line}");
    let path = std::path::Path::new(BIN).parent().unwrap().to_str().unwrap().to_string();
    let pasted = Command::new("sh")
        .arg("-c")
        .arg(line)
        .env("PATH", format!("{path}:{}", std::env::var("PATH").unwrap_or_default()))
        .output()
        .unwrap();
    assert_eq!(pasted.stdout, b"first\nsecond\n");
}

#[test]
fn a_judge_correct_solution_that_crashes_on_zero_passes_2000_default_cases() {
    let cmd = program("hdu1846-crash-on-zero.sh");
    let out = games(&["stress", "hdu1846", "--against", &cmd, "--cases", "2000"], b"");
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.starts_with("stress hdu1846: 2000 cases passed"), "{report}");
    // Beyond the judge it is caught, on a zero, shrunk to one case.
    let dir = temp_dir("crash");
    let save = dir.join("case.in");
    let out = games(
        &[
            "stress",
            "hdu1846",
            "--against",
            &cmd,
            "--beyond-judge",
            "--save",
            save.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("the program failed (exit status: 136)"), "{report}");
    assert_eq!(std::fs::read(&save).unwrap(), b"1\n0 0\n", "{report}");
}

#[test]
fn a_whole_list_fault_shrinks_from_a_judge_size_input() {
    // Staircase Nim answered as plain Nim (`games nim` reads the same format): the classic
    // wrong solution, caught on a judge-size input of 10^5 stairs and shrunk to two stairs.
    let dir = temp_dir("staircase");
    let save = dir.join("case.in");
    let cmd = format!("{BIN} nim");
    let out = games(
        &[
            "stress",
            "staircase-nim",
            "--against",
            &cmd,
            "--size",
            "judge",
            "--save",
            save.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(std::fs::read(&save).unwrap(), b"2\n1 1\n", "{report}");
}

#[test]
fn judge_size_wythoff_inputs_catch_the_floating_point_program() {
    // The double test floor(k phi) == a fails only where k phi is very close to an integer
    // (k a Fibonacci number and the like); random k never get there, so 300 judge-size cases
    // of 10^5 lines each used to pass it. Every judge-size input now holds such pairs.
    let dir = temp_dir("wythoff");
    let save = dir.join("case.in");
    let double = program("poj1067-double.sh");
    let args = ["stress", "poj1067", "--against", &double, "--size", "judge", "--cases", "3"];
    let out = games(&[&args[..], &["--save", save.to_str().unwrap()]].concat(), b"");
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("stress poj1067: case 1 (judge input"), "{report}");
    // Shrunk to the one pair that shows it.
    let shrunk = std::fs::read(&save).unwrap();
    assert_eq!(shrunk.iter().filter(|&&b| b == b'\n').count(), 1, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}
