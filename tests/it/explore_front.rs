//! The front door of `games explore` (issue 37): an empty line among the positions read is an
//! error naming its line (it would shift every later answer), and `--winning -` reads its
//! positions from standard input.

use crate::common;
use common::{games, temp_dir, text};

#[test]
fn an_empty_line_of_at_file_is_an_error_naming_its_line() {
    let dir = temp_dir("empty");
    for (body, line) in [("3\n\n5\n", 2), ("\n3\n", 1), ("3\n5\n \n", 3), ("3\r\n\r\n5\r\n", 2)] {
        let file = dir.join("at.txt");
        std::fs::write(&file, body).unwrap();
        let path = file.display().to_string();
        let out = games(&["explore", "--game", "nim:1", "--box", "0..9", "--at-file", &path], b"");
        assert_eq!(out.status.code(), Some(1), "{body:?}");
        let err = text(&out.stderr);
        assert!(err.contains(&format!("{path}:{line}:1: an empty line")), "{body:?}: {err}");
        assert_eq!(err.lines().count(), 1);
        let out =
            games(&["explore", "--game", "nim:1", "--box", "0..9", "--at", "-"], body.as_bytes());
        assert_eq!(out.status.code(), Some(1));
        assert!(text(&out.stderr).contains(&format!("--at -: line {line}:1: an empty line")));
    }
    // A final newline, or none, is not an empty line.
    for body in ["3\n5\n", "3\n5", ""] {
        let out =
            games(&["explore", "--game", "nim:1", "--box", "0..9", "--at", "-"], body.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{body:?}: {}", text(&out.stderr));
    }
}

#[test]
fn winning_reads_positions_from_standard_input() {
    let args =
        ["explore", "--game", "wythoff", "--box", "0..9,0..9", "--no-table", "--patterns", "0"];
    let mut with = args.to_vec();
    with.extend(["--winning", "-"]);
    let out = games(&with, b"3,5\n100,200\n");
    assert_eq!(out.status.code(), Some(0));
    let got = text(&out.stdout);
    assert!(got.contains("winning moves from 3 5 to a P-position: none"), "{got}");
    assert!(got.contains("winning moves from 100 200 to a P-position: 100 162"), "{got}");
    let mut both = with.clone();
    both.extend(["--at", "-"]);
    assert_eq!(games(&both, b"3,5\n").status.code(), Some(2));
    assert_eq!(games(&with, b"3,5\n\n").status.code(), Some(1));
}
