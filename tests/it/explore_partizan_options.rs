//! `games explore --partizan` with each option it takes (a test each: `--at-file`, `--at -`,
//! sums and `()`, `--no-table`, `--outcomes`, 2-D grids, `--count`, `--winning` for each
//! player, `--stream`, `GAMES_EXPLORE_TIMING`), the options it refuses (exit 2), a far position
//! that fails (one error line naming it, everything else kept, exit 1), SIGINT while the moves
//! program runs (exit 130), and a property: random combinations of options never exit 0 with
//! an asked answer missing. Without python3 they fail, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{games, temp_dir, text};
use games::rng::Rng;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn have_python() -> bool {
    common::have_python("the partizan option tests")
}

/// Cutcake (Winning Ways ch. 2): Left cuts across the width, Right across the height.
const CUTCAKE: &str = "import sys
for line in sys.stdin:
    w, h = map(int, line.split())
    left = [f'{a} {h} + {w - a} {h}' for a in range(1, w)]
    right = [f'{w} {b} + {w} {h - b}' for b in range(1, h)]
    print(';'.join(left) + ' | ' + ';'.join(right), flush=True)
";

/// A 1-D game with far positions: 50 is a bad reply, 60 and 61 a cycle; the rest go down.
const FAR: &str = "import sys
for line in sys.stdin:
    n = int(line)
    if n == 50:
        print('x |', flush=True)
    elif n in (60, 61):
        print(f'{121 - n} |', flush=True)
    else:
        left = ';'.join(str(k) for k in range(max(0, n - 2), n))
        print(left + ' | ' + (str(n - 1) if n > 0 else ''), flush=True)
";

fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    format!("python3 {}", path.display())
}

fn run(args: &[&str]) -> Output {
    games(args, b"")
}

fn explore<'a>(cmd: &'a str, spec: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec!["explore", "--partizan", "--moves", cmd, "--box", spec];
    a.extend_from_slice(more);
    a
}

#[test]
fn at_file_stdin_sums_and_the_empty_game() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-at");
    let cake = script(&dir, "cake.py", CUTCAKE);
    let file = dir.join("at.txt");
    std::fs::write(&file, "8 3\n2 2 + 3 1\r\n()\n() + 1 2\n").unwrap();
    let f = file.display().to_string();
    let out = run(&explore(&cake, "1..2,1..2", &["--at-file", &f, "--no-table"]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The box's four values fit `a - b`, which 8 3 refutes: no conjecture from it.
    assert_eq!(
        text(&out.stdout),
        "all numbers: yes\npattern: value = a - b fits the box but not position 8 3: no conjecture\n\
         at 8 3: value 3, outcome L (computed)\nat 2 2 + 3 1: value 2, outcome L (computed)\n\
         at (): value 0, outcome P (computed)\nat () + 1 2: value -1, outcome R (computed)\n"
    );
    let out = games(
        &explore(&cake, "1..2,1..2", &["--at", "-", "--json", "--no-table"]),
        b"3,1\n1 1 + 1 2\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["at"][0]["value"], "2");
    assert_eq!(doc["at"][1]["value"], "-1");
    assert_eq!(doc["at"][1]["parts"], serde_json::json!([[1, 1], [1, 2]]));
    assert!(doc.get("positions").is_none());
    // A file that does not exist, an empty line, a bad position: exit 1 with one line.
    let missing = dir.join("none.txt").display().to_string();
    for (content, want) in [
        (None, "none.txt"),
        (Some("1 1\n\n2 2\n"), ":2:1: an empty position"),
        (Some("1 x\n"), ":1:3:"),
    ] {
        if let Some(c) = content {
            std::fs::write(&file, c).unwrap();
        }
        let path = if content.is_some() { &f } else { &missing };
        let out = run(&explore(&cake, "1..2,1..2", &["--at-file", path]));
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(err.contains(want) && err.lines().count() == 1, "{err}");
    }
}

/// `()` in a reply is the empty game (issue 38 item 11): `() | ()` is {0|0} = *, and
/// `() + 1 | ()` is {* | 0} = v.
#[test]
fn the_empty_game_in_replies() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-empty");
    let replies =
        "import sys\nr = [' | ', '() | ()', '() + 1 | ()']\nfor l in sys.stdin: print(r[int(l)])\n";
    let cmd = script(&dir, "empty.py", replies);
    let out = run(&explore(&cmd, "0..2", &[]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "position value outcome\n0 0 P\n1 * N\n2 v R\nall numbers: no; first at 1: * (a nimber part)\nno pattern found: none of the families reproduces every value of the box (values not all numbers: only the families that copy values are searched)\n"
    );
}

#[test]
fn grids_outcomes_and_no_table() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-grid");
    let cake = script(&dir, "cake.py", CUTCAKE);
    let out = run(&explore(&cake, "1..3,1..3", &[]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "values, rows a = 1..3, columns b = 1..3\na\\b  1  2  3\n  1  0 -1 -2\n  2  1  0  0\n  3  2  0  0\nall numbers: yes\nno pattern found: none of the families reproduces every value of the box\n"
    );
    let out = run(&explore(&cake, "1..3,1..3", &["--outcomes"]));
    assert_eq!(
        text(&out.stdout),
        "outcomes (L, R, N, P), rows a = 1..3, columns b = 1..3\na\\b 1 2 3\n  1 P R R\n  2 L P P\n  3 L P P\nall numbers: yes\nno pattern found: none of the families reproduces every value of the box\n"
    );
    // One varying coordinate: a list; --outcomes drops the values.
    let out = run(&explore(&cake, "2,1..3", &["--outcomes"]));
    assert_eq!(
        text(&out.stdout),
        "position outcome\n2 1 L\n2 2 P\n2 3 P\nall numbers: yes\nno pattern found: none of the families reproduces every value of the box\n"
    );
    let out = run(&explore(&cake, "1..3,1..3", &["--no-table", "--at", "3,3"]));
    assert_eq!(
        text(&out.stdout),
        "all numbers: yes\nno pattern found: none of the families reproduces every value of the box\nat 3 3: value 0, outcome P (computed)\n"
    );
}

#[test]
fn count_is_a_tally_of_classes_and_values() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-count");
    let cake = script(&dir, "cake.py", CUTCAKE);
    let out = run(&explore(&cake, "1..3,1..3", &["--count"]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "positions 9\nL 2\nR 2\nN 0\nP 5\nvalue -2 1\nvalue -1 1\nvalue 0 5\nvalue 1 1\nvalue 2 1\n"
    );
    let out = run(&explore(&cake, "1..3,1..3", &["--count", "--json"]));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((doc["P"].as_u64(), doc["values"][2]["count"].as_u64()), (Some(5), Some(5)));
    // The tally alone cannot carry far answers: refused, not dropped.
    let file = dir.join("at.txt");
    std::fs::write(&file, "1 1\n").unwrap();
    let f = file.display().to_string();
    for extra in [["--at-file", f.as_str()], ["--winning", "2,2"], ["--at", "2,2"]] {
        let mut args = explore(&cake, "1..3,1..3", &["--count"]);
        args.extend_from_slice(&extra);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", text(&out.stderr));
    }
}

#[test]
fn winning_moves_for_each_player() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-win");
    let far = script(&dir, "far.py", FAR);
    // 3 = {1, 2 | 2} = {*, ^ | ^} = {0|^}: Left wins by moving to ^ (> 0), not to * (fuzzy);
    // Right's move to ^ loses. 1 = {0 | 0} = *: either player wins by moving to 0.
    let out = run(&explore(&far, "0..3", &["--winning", "3", "--winning", "1", "--no-table"]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "all numbers: no; first at 1: * (a nimber part)\n\
         no pattern found: none of the families reproduces every value of the box (values not all numbers: only the families that copy values are searched)\n\
         winning 3: value {0|^}, outcome L\n  Left: 2 (^)\n  Right: none\n\
         winning 1: value *, outcome N\n  Left: 0 (0)\n  Right: 0 (0)\n"
    );
    let cake = script(&dir, "cake.py", CUTCAKE);
    let out = run(&explore(&cake, "1..2,1..2", &["--winning", "4,1", "--json"]));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let w = &doc["winning"][0];
    assert_eq!((w["value"].as_str(), w["outcome"].as_str()), (Some("3"), Some("L")));
    assert_eq!(w["left"].as_array().unwrap().len(), 3, "{w}");
    assert_eq!(w["right"], serde_json::json!([]));
}

#[test]
fn stream_gives_the_same_answers() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-stream");
    let far = script(&dir, "far.py", FAR);
    let base = explore(&far, "0..5", &["--json", "--at", "20", "--at", "3 + 9", "--winning", "12"]);
    let batch = run(&base);
    let mut args = base.clone();
    args.push("--stream");
    let stream = run(&args);
    assert!(batch.status.success() && stream.status.success(), "{}", text(&stream.stderr));
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_slice(&batch.stdout).unwrap(),
        serde_json::from_slice(&stream.stdout).unwrap(),
    );
    assert_eq!(a["at"], b["at"]);
    assert_eq!(a["positions"], b["positions"]);
    assert_eq!(a["winning"], b["winning"]);
    // A --stream program that reads everything before answering cannot be streamed: one line.
    let lazy =
        script(&dir, "lazy.py", "import sys\nfor l in sys.stdin.readlines(): print(' | ')\n");
    let out = run(&explore(&lazy, "0..2", &["--stream", "--timeout", "1"]));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr).lines().count(), 1, "{}", text(&out.stderr));
}

/// Cutcake's numbers follow its formula (Winning Ways ch. 2); a position too far to explore is
/// answered from it, labelled a conjecture, and checked here against the formula itself.
#[test]
fn number_patterns_answer_far_positions_as_conjectures() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-pattern");
    let cake = script(&dir, "cake.py", CUTCAKE);
    let args = ["--no-table", "--at", "3000,3", "--at", "20,5", "--max-positions", "400"];
    let out = run(&explore(&cake, "1..12,1..12", &args));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "pattern: value = floor(a / 2^floor(log2 b)) - 1 if a >= b; -floor(b / 2^floor(log2 a)) + 1 if a < b (checked on the 144 positions"
        ),
        "{stdout}"
    );
    // 3000 x 3: floor(3000 / 2) - 1 = 1499, from the pattern; 20 x 5: floor(20 / 4) - 1 = 4,
    // explored.
    assert!(
        stdout.contains("at 3000 3: value 1499, outcome L (conjecture, from the pattern)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("at 20 5: value 4, outcome L (computed)\n"), "{stdout}");
    let mut json = args.to_vec();
    json.push("--json");
    let doc: serde_json::Value =
        serde_json::from_slice(&run(&explore(&cake, "1..12,1..12", &json)).stdout).unwrap();
    assert_eq!(doc["at"][0]["basis"], "conjecture");
    assert_eq!(doc["at"][1]["basis"], "computed");
    // Without a pattern (values not all numbers) the same budget spent is `unknown`, naming
    // the budget: a good answer (exit 0), not an error.
    let far = script(&dir, "far.py", FAR);
    let out = run(&explore(&far, "0..3", &["--at", "40", "--max-positions", "20"]));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(
            "at 40: value unknown, outcome ? (unknown: the game reaches more than 20 positions"
        ),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn timing_lines_on_standard_error() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-timing");
    let cake = script(&dir, "cake.py", CUTCAKE);
    let plain = run(&explore(&cake, "1..8,1..8", &[]));
    let out = Command::new(common::GAMES)
        .args(explore(&cake, "1..8,1..8", &[]))
        .env("GAMES_EXPLORE_TIMING", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, plain.stdout);
    let err = text(&out.stderr);
    assert!(err.contains("explore timing: moves program and values"), "{err}");
    // Cutcake's values are integers: every position on the number path.
    assert!(err.contains("64 valued as numbers, 0 through canonical forms"), "{err}");
    assert!(err.contains("explore timing: answers and report"), "{err}");
}

#[test]
fn options_without_a_meaning_here_are_refused() {
    let cmd = "true";
    for extra in [
        vec!["--winning", "1", "--to", "2"],
        vec!["--multiset"],
        vec!["--slice", "1=1"],
        vec!["--misere"],
        vec!["--game", "nim:1"],
    ] {
        let out = run(&explore(cmd, "0..2", &extra));
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_far_position_that_fails_is_one_line_and_the_rest_is_kept() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-far");
    let far = script(&dir, "far.py", FAR);
    let args = ["--at", "50", "--at", "7", "--at", "60", "--winning", "4", "--winning", "50"];
    let out = run(&explore(&far, "0..3", &args));
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("position value outcome\n0 0 P\n1 * N\n2 ^ L\n"), "{stdout}");
    assert!(
        stdout.contains("at 7: value {0|{0|{0|{0|{0|^}}}}}, outcome L (computed)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("at 50: error") && stdout.contains("winning 4: value"), "{stdout}");
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].contains("--at '50'") && lines[0].contains("reply to position '50'"), "{err}");
    assert!(lines[1].contains("--at '60'") && lines[1].contains("does not end"), "{err}");
    assert!(lines[2].contains("--winning '50'"), "{err}");
    // A far position beyond --max-positions: `unknown` in its place, naming the budget, and
    // nothing on standard error (exit 0).
    let out = run(&explore(&far, "0..3", &["--at", "40", "--at", "2", "--max-positions", "20"]));
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("at 2: value ^, outcome L (computed)"), "{stdout}");
    assert!(
        stdout.contains(
            "at 40: value unknown, outcome ? (unknown: the game reaches more than 20 positions"
        ),
        "{stdout}"
    );
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn sigint_while_the_moves_program_runs() {
    let dir = temp_dir("p-sigint");
    let pidfile = dir.join("pid");
    let prog: PathBuf = dir.join("slow.sh");
    std::fs::write(&prog, format!("#!/bin/sh\necho $$ > {}\nexec sleep 60\n", pidfile.display()))
        .unwrap();
    let cmd = format!("sh {}", prog.display());
    let child = Command::new(common::GAMES)
        .args(explore(&cmd, "0..3", &[]))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Ready when the moves program has written its pid (its line, no sleep).
    common::wait_until("the moves program starting", || {
        std::fs::read_to_string(&pidfile).is_ok_and(|s| !s.trim().is_empty())
    });
    let sent = Command::new("kill").arg("-INT").arg(child.id().to_string()).status().unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "games explore: interrupted by SIGINT\n");
}

/// What a run was asked for.
struct Asked {
    at: usize,
    winning: usize,
    count: bool,
    table: bool,
    json: bool,
    refused: bool,
}

/// Random options (at, at-file, at -, winning, far and failing positions, count, outcomes,
/// no-table, stream, json, timing, refused options): an exit 2 with nothing on stdout, or
/// every asked answer present, with exit 1 exactly when an error line says which failed.
#[test]
fn random_option_combinations_never_drop_an_answer() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-random");
    let far = script(&dir, "far.py", FAR);
    let file = dir.join("at.txt");
    let f = file.display().to_string();
    let mut rng = Rng::new(3838);
    let positions = ["0", "2", "5", "7", "50", "60", "3 + 4", "()", "() + 9", "12"];
    for case in 0..60 {
        let mut args: Vec<String> = ["explore", "--partizan", "--moves", &far, "--box", "0..4"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut asked =
            Asked { at: 0, winning: 0, count: false, table: true, json: false, refused: false };
        let mut stdin = String::new();
        let pick = |rng: &mut Rng| positions[rng.index(positions.len())].to_string();
        for _ in 0..rng.below(3) {
            args.extend(["--at".to_string(), pick(&mut rng)]);
            asked.at += 1;
        }
        if rng.chance(1, 3) {
            let lines: Vec<String> = (0..1 + rng.below(3)).map(|_| pick(&mut rng)).collect();
            std::fs::write(&file, lines.join("\n") + "\n").unwrap();
            args.extend(["--at-file".to_string(), f.clone()]);
            asked.at += lines.len();
        }
        if rng.chance(1, 4) {
            let lines: Vec<String> = (0..1 + rng.below(3)).map(|_| pick(&mut rng)).collect();
            stdin = lines.join("\n") + "\n";
            args.extend(["--at".to_string(), "-".to_string()]);
            asked.at += lines.len();
        }
        for _ in 0..rng.below(2) {
            let p = ["1", "4", "9", "50"][rng.index(4)];
            args.extend(["--winning".to_string(), p.to_string()]);
            asked.winning += 1;
        }
        for (flag, odds) in [
            ("--count", 5),
            ("--outcomes", 3),
            ("--no-table", 3),
            ("--stream", 3),
            ("--json", 3),
            ("--to", 12),
            ("--multiset", 12),
        ] {
            if rng.chance(1, odds) {
                args.push(flag.to_string());
                match flag {
                    "--count" => asked.count = true,
                    "--no-table" => asked.table = false,
                    "--json" => asked.json = true,
                    "--to" => {
                        args.push("1".to_string());
                        asked.refused = true;
                    }
                    "--multiset" => asked.refused = true,
                    _ => {}
                }
            }
        }
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = games(&argv, stdin.as_bytes());
        check(&asked, &out, case, &args);
    }
}

fn check(asked: &Asked, out: &Output, case: usize, args: &[String]) {
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let code = out.status.code();
    let context = format!("case {case} {args:?}: {code:?}\n{stdout}\n{stderr}");
    let conflicts = asked.count && (asked.at > 0 || asked.winning > 0);
    let to_alone = args.iter().any(|a| a == "--to") && asked.winning == 0;
    if asked.refused || conflicts || to_alone {
        assert_eq!(code, Some(2), "{context}");
        assert!(stdout.is_empty(), "{context}");
        return;
    }
    let errors = stderr.lines().filter(|l| l.starts_with("games: explore: --")).count();
    assert_eq!(code, Some(if errors > 0 { 1 } else { 0 }), "{context}");
    assert_eq!(stderr.lines().count(), errors, "{context}");
    if asked.count {
        assert!(
            stdout.contains(if asked.json { "\"positions\":5" } else { "positions 5\n" }),
            "{context}"
        );
        return;
    }
    if asked.json {
        let doc: serde_json::Value = serde_json::from_str(&stdout).expect(&context);
        assert_eq!(doc["at"].as_array().map(Vec::len), Some(asked.at), "{context}");
        assert_eq!(doc["winning"].as_array().map(Vec::len), Some(asked.winning), "{context}");
        assert_eq!(doc.get("positions").is_some(), asked.table, "{context}");
        let failed = doc["at"].as_array().into_iter().chain(doc["winning"].as_array()).flatten();
        assert_eq!(failed.filter(|e| e.get("error").is_some()).count(), errors, "{context}");
    } else {
        assert_eq!(stdout.lines().filter(|l| l.starts_with("at ")).count(), asked.at, "{context}");
        let wins = stdout.lines().filter(|l| l.starts_with("winning ")).count();
        assert_eq!(wins, asked.winning, "{context}");
        assert_eq!(
            stdout.lines().filter(|l| l.ends_with(": error (said on standard error)")).count(),
            errors,
            "{context}"
        );
        assert_eq!(stdout.starts_with("position "), asked.table, "{context}");
    }
}
