//! `games explore --serve` writes the move as the moves program wrote it: leading zeros,
//! inner spacing and the empty game `()` kept byte for byte (only the blanks around the
//! separators `;` and `@` dropped, and a final `\r`), for `--remoteness` and `--score`
//! programs, with and without `--stream`.

use crate::common;

use common::{games, temp_dir, text};

fn script(name: &str, src: &str) -> String {
    let dir = temp_dir(name);
    let path = dir.join("moves.py");
    std::fs::write(&path, src).unwrap();
    format!("python3 {}", path.display())
}

#[test]
fn serve_writes_the_programs_own_text() {
    if !common::have_python("the --serve text tests") {
        return;
    }
    // Positions (a, b); moves: a - 1 (written with leading zeros, a tab inside), b - 1 (wide
    // spaces), and () from (1, 1).
    let src = "import sys\nfor line in sys.stdin:\n    a, b = map(int, line.split())\n    o = []\n    if a > 0: o.append('  %03d\\t %d ' % (a - 1, b))\n    if b > 0: o.append('%d   %02d' % (a, b - 1))\n    if (a, b) == (1, 1): o.append(' () ')\n    print(' ;'.join(o) + '\\r', flush=True)\n";
    let cmd = script("odd", src);
    for stream in [false, true] {
        let mut args =
            vec!["explore", "--remoteness", "--moves", &cmd, "--box", "0..6,0..6", "--serve"];
        if stream {
            args.push("--stream");
        }
        let out = games(&args, b"1 0\n0 1\n1 1\n0 0\n2 0\n");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
        // 1 0 -> 000 0 (the only move); 0 1 -> 0   00; 1 1 -> () wins at once; 0 0: none.
        assert_eq!(lines[0], "000\t 0");
        assert_eq!(lines[1], "0   00");
        assert_eq!(lines[2], "()");
        assert_eq!(lines[3], "none");
        assert_eq!(lines[4], "001\t 0");
    }
    // Scores: n -> n - 1 gaining 1, written '0041 @  1'.
    let src = "import sys\nfor line in sys.stdin:\n    n = int(line)\n    print(' ;  '.join('%04d  @ %d' % (n - k, k) for k in (1, 2) if k <= n), flush=True)\n";
    let cmd = script("odd-score", src);
    let out =
        games(&["explore", "--score", "--moves", &cmd, "--box", "0..30", "--serve"], b"2\n7\n0\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines[0], "0000");
    assert!(lines[1] == "0006" || lines[1] == "0005", "{lines:?}");
    assert_eq!(lines[2], "none");
}
