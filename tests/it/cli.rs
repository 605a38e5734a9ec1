//! The command line as a user meets it: exit codes, stdin and FILE, `list`, help, aliases,
//! `gen` (determinism, files, answers) and `stress` (a wrong program is caught on a small
//! counterexample, a hanging one is killed, our fast solver passes against its brute force).

use crate::common;
use common::{games, temp_dir};

use games::registry::PROBLEMS;

#[test]
fn solves_from_stdin_a_file_and_dash() {
    let out = games(&["nim"], b"2\n2 3\n");
    assert_eq!(out.stdout, b"Yes\n");
    assert!(out.status.success());
    let dir = temp_dir("file");
    let path = dir.join("in.txt");
    std::fs::write(&path, "2\n1 1").unwrap();
    let out = games(&["nim", path.to_str().unwrap()], b"");
    assert_eq!(out.stdout, b"No\n");
    let out = games(&["acwing891", "-"], b"1 7");
    assert_eq!(out.stdout, b"Yes\n");
}

#[test]
fn bad_input_exits_1_with_one_located_line() {
    let out = games(&["nim"], b"3\n1 2 x\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err, "games nim: line 2, column 5: expected pile size, found \"x\"\n");
}

#[test]
fn usage_errors_exit_2_and_missing_files_exit_1() {
    assert_eq!(games(&["no-such-problem"], b"").status.code(), Some(2));
    assert_eq!(games(&[], b"").status.code(), Some(2));
    assert_eq!(games(&["nim", "a", "b"], b"").status.code(), Some(2));
    assert_eq!(games(&["gen", "no-such-problem"], b"").status.code(), Some(2));
    assert_eq!(
        games(&["stress", "nim", "--against", "cat", "--timeout", "0"], b"").status.code(),
        Some(2)
    );
    assert_eq!(
        games(&["stress", "nim", "--against", "cat", "--timeout", "nan"], b"").status.code(),
        Some(2)
    );
    assert_eq!(games(&["stress", "nim", "--brute", "--size", "huge"], b"").status.code(), Some(2));
    let out = games(&["nim", "/nonexistent/input"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/input"));
}

/// `games <problem> [FILE]` skips clap (start-up time); with `--` in front of FILE the same
/// call goes through clap. Both must give the same bytes and exit status.
#[test]
fn the_fast_path_and_clap_agree() {
    let dir = temp_dir("fast");
    let good = dir.join("good.in");
    std::fs::write(&good, "2\n2 3\n").unwrap();
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "3\n1 2 x\n").unwrap();
    let missing = dir.join("missing.in");
    for problem in ["nim", "acwing891", "scan", "hdu1524"] {
        for file in [&good, &bad, &missing] {
            let file = file.to_str().unwrap();
            let fast = games(&[problem, file], b"");
            let slow = games(&[problem, "--", file], b"");
            assert_eq!(fast.status.code(), slow.status.code(), "{problem} {file}");
            assert_eq!(fast.stdout, slow.stdout, "{problem} {file}");
            assert_eq!(fast.stderr, slow.stderr, "{problem} {file}");
        }
        let fast = games(&[problem], b"1\n4\n");
        let dash = games(&[problem, "-"], b"1\n4\n");
        let slow = games(&[problem, "--"], b"1\n4\n");
        assert_eq!((&fast.stdout, &fast.stderr), (&slow.stdout, &slow.stderr));
        assert_eq!((&dash.stdout, dash.status.code()), (&slow.stdout, slow.status.code()));
    }
    // An option or a second operand is clap's: help, and a usage error.
    assert!(games(&["nim", "--help"], b"").status.success());
    assert_eq!(games(&["nim", "-x"], b"").status.code(), Some(2));
    assert_eq!(games(&["nim", "a", "b"], b"").status.code(), Some(2));
    assert_eq!(games(&["nim", ""], b"").status.code(), Some(2));
}

#[test]
fn list_and_help_come_from_the_registry() {
    let out = games(&["list"], b"");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), PROBLEMS.len());
    for p in PROBLEMS {
        let line = text.lines().find(|l| l.split_whitespace().next() == Some(p.name));
        let line = line.unwrap_or_else(|| panic!("{} missing from list", p.name));
        for alias in p.aliases {
            assert!(line.contains(alias), "{}: alias {alias} missing from list", p.name);
        }
        let help = games(&[p.name, "--help"], b"");
        assert!(help.status.success());
        let help = String::from_utf8(help.stdout).unwrap();
        assert!(
            help.contains(p.statement.lines().next().unwrap()),
            "{}: --help lacks the statement",
            p.name
        );
    }
}

#[test]
fn gen_is_deterministic_and_writes_answer_files() {
    for p in PROBLEMS {
        let a = games(&["gen", p.name, "--seed", "9", "--size", "tiny"], b"");
        let b = games(&["gen", p.name, "--seed", "9", "--size", "tiny"], b"");
        assert!(a.status.success());
        assert_eq!(a.stdout, b.stdout, "{}", p.name);
    }
    let dir = temp_dir("gen");
    let d = dir.to_str().unwrap();
    let out =
        games(&["gen", "nim", "--count", "12", "--out", d, "--answers", "--size", "tiny"], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for i in 0..12 {
        let input = std::fs::read(dir.join(format!("random-{i:03}.in"))).unwrap();
        let answer = std::fs::read(dir.join(format!("random-{i:03}.out"))).unwrap();
        assert_eq!(games(&["nim"], &input).stdout, answer);
        // The answer file is right, not only what the solver prints: the exhaustive search
        // of `brute` agrees with it.
        let nim = PROBLEMS.iter().find(|p| p.name == "nim").expect("nim is a problem");
        let brute = (nim.brute)(&input).expect("the brute force takes a tiny nim input");
        assert_eq!(brute, answer, "random-{i:03}");
    }
    // Different seeds give different inputs.
    let x = games(&["gen", "nim", "--seed", "1"], b"").stdout;
    let y = games(&["gen", "nim", "--seed", "2"], b"").stdout;
    assert_ne!(x, y);
}

#[test]
fn stress_catches_a_wrong_program_on_a_small_input() {
    let dir = temp_dir("wrong");
    let save = dir.join("fail.in");
    // Claims the first player always wins: wrong on any P-position.
    let out =
        games(&["stress", "nim", "--against", "echo Yes", "--save", save.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("wrong answer on line 1"), "{text}");
    assert!(text.contains("tiny input"), "smallest sizes come first: {text}");
    let input = std::fs::read(&save).unwrap();
    assert!(input.len() < 64, "counterexample should be small: {input:?}");
    assert_eq!(games(&["nim"], &input).stdout, b"No\n");
}

#[test]
fn stress_kills_a_hanging_program() {
    let dir = temp_dir("hang");
    let save = dir.join("hang.in");
    // The program sleeps past the hang cap: not killed, the run would fail the test.
    let out = common::games_or_hang(&[
        "stress",
        "nim",
        "--against",
        "sleep 700 & sleep 700",
        "--timeout",
        "0.3",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("timed out"));
}

#[test]
fn stress_does_not_wait_for_a_background_child_holding_the_output() {
    let dir = temp_dir("orphan");
    let save = dir.join("orphan.in");
    // Prints a right answer, exits, and leaves a child with stdout open past the hang cap.
    let me = env!("CARGO_BIN_EXE_games");
    let cmd = format!("{me} nim; sleep 700 &");
    let out = common::games_or_hang(&[
        "stress",
        "nim",
        "--against",
        &cmd,
        "--cases",
        "3",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn stress_reports_whitespace_only_differences_and_crashes() {
    let dir = temp_dir("crash");
    let save = dir.join("crash.in");
    let save = save.to_str().unwrap();
    let out = games(&["stress", "nim", "--against", "exit 3", "--cases", "3", "--save", save], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("the program failed"));
    let me = env!("CARGO_BIN_EXE_games");
    let cmd = format!("{me} nim | sed 's/$/ \\r/'");
    let out = games(&["stress", "nim", "--against", &cmd, "--cases", "20"], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(String::from_utf8_lossy(&out.stdout).contains("differ only in line-end whitespace"));
}

#[test]
fn stress_brute_passes_for_every_problem() {
    for p in PROBLEMS {
        let out = games(&["stress", p.name, "--brute", "--cases", "100"], b"");
        assert!(out.status.success(), "{}: {}", p.name, String::from_utf8_lossy(&out.stdout));
    }
}

/// `games test PROBLEM` judges against the samples built into the binary from any folder (an
/// installed `games` has no `samples/` beside it); `--samples DIR` reads `DIR/<problem>/`.
#[test]
fn test_uses_the_built_in_samples_from_any_folder() {
    let dir = common::temp_dir("anywhere");
    let against = format!("{} nim", common::GAMES);
    let child = std::process::Command::new(common::GAMES)
        .args(["test", "nim", "--against", &against, "--beyond-judge"])
        .current_dir(&dir)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let out = child.wait_with_output().unwrap();
    let got = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{got}");
    assert!(got.contains("AC   built-in:nim/sample-1.in"), "{got}");
    let n = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/nim"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "in"))
        .count();
    assert!(got.contains(&format!("{n}/{n} AC")), "{got}");
    // Nothing is left in the temporary folder.
    let mine = format!("games-samples-{pid}-");
    assert!(
        std::fs::read_dir(std::env::temp_dir())
            .unwrap()
            .all(|e| { !e.unwrap().file_name().to_string_lossy().starts_with(&mine) })
    );
    let empty = dir.join("none");
    std::fs::create_dir_all(empty.join("nim")).unwrap();
    let out = std::process::Command::new(common::GAMES)
        .args(["test", "nim", "--against", &against, "--samples"])
        .arg(&empty)
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
