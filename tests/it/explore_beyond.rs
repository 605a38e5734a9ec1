//! Issue 37, small things: `()` is the empty game in an impartial `--at` / `--at-file`
//! position (as in the moves protocol: value 0, a part of a sum that adds nothing), and
//! `--winning` at a box position whose options lie outside the box answers from the values the
//! search computed there, instead of "incomplete".

use crate::common;
use common::{games, have_python, temp_dir, text};

#[test]
fn the_empty_game_is_a_position_in_at_and_at_file() {
    let args = ["explore", "--game", "nim:1", "--box", "0..9", "--no-table", "--patterns", "0"];
    let mut with = args.to_vec();
    with.extend(["--at", "()", "--at", "3 + ()"]);
    let out = games(&with, b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("at (): value 0, outcome P (computed)"), "{report}");
    assert!(report.contains("at 3: value 3, outcome N"), "{report}");
    let file = temp_dir("empty-game").join("at.txt");
    std::fs::write(&file, "()\n5\n").unwrap();
    let mut with = args.to_vec();
    let path = file.display().to_string();
    with.extend(["--at-file", &path]);
    let out = games(&with, b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let answers: Vec<&str> = report.lines().filter(|l| l.starts_with("at ")).collect();
    assert_eq!(answers.len(), 2, "{report}");
    assert!(answers[0].starts_with("at (): value 0, outcome P"), "{report}");
    assert!(answers[1].starts_with("at 5: value 5, outcome N"), "{report}");
}

#[test]
fn winning_answers_from_the_values_explored_beyond_the_box() {
    if !have_python("the moves program") {
        return;
    }
    let dir = temp_dir("beyond");
    let prog = dir.join("take123.py");
    std::fs::write(
        &prog,
        "import sys\nfor line in sys.stdin:\n    n = int(line)\n    print(';'.join(str(n - k) for k in (1, 2, 3) if n - k >= 0), flush=True)\n",
    )
    .unwrap();
    let cmd = format!("python3 {}", prog.display());
    // The box 5..10: the options of 5 (4, 3, 2) and of 6 (5, 4, 3) lie below it.
    for (at, moves) in [("5", "4"), ("6", "4"), ("7", "4"), ("8", "none")] {
        let out = games(
            &["explore", "--moves", &cmd, "--box", "5..10", "--no-table", "--winning", at],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let report = text(&out.stdout);
        assert!(!report.contains("incomplete"), "{at}: {report}");
        let want = format!("winning moves from {at} to a P-position: {moves} (computed)");
        assert!(report.lines().any(|l| l == want), "{want}\n{report}");
    }
}
