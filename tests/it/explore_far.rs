//! Patterns in remoteness and score values, and their far `--at` answers, through the binary:
//! the truth far away is computed here by a plain iterative recursion over every position up
//! to the one asked (no code shared with `games`). A subtraction game whose remoteness is
//! arithmetic-periodic and a scoring game with a linear value are answered at 10^6 and
//! beyond, labelled as conjectures the game's rule was checked against; planted games whose
//! rule changes past the box must answer `unknown`, never a wrong value.

use crate::common;

use common::{games, temp_dir, text};

fn have_python() -> bool {
    common::have_python("the far-answer tests of --remoteness and --score")
}

/// A moves program from its Python body (`n` is the position; print the reply).
fn program(name: &str, body: &str) -> String {
    let dir = temp_dir(name);
    let path = dir.join("moves.py");
    let src = format!(
        "import sys\nfor line in sys.stdin:\n    n = int(line)\n{}\n    sys.stdout.flush()\n",
        body.lines().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n")
    );
    std::fs::write(&path, src).unwrap();
    format!("python3 {}", path.display())
}

/// Remoteness of every position `0..=top` of a subtraction game whose move set at `n` is
/// `moves(n)`, by the definition (normal play), iteratively.
fn remoteness(top: usize, moves: &dyn Fn(usize) -> Vec<usize>) -> Vec<u32> {
    let mut r = vec![0u32; top + 1];
    for n in 1..=top {
        let opts: Vec<u32> = moves(n).into_iter().filter(|&k| k <= n).map(|k| r[n - k]).collect();
        let fast = opts.iter().filter(|&&x| x % 2 == 0).min();
        r[n] = match (opts.is_empty(), fast) {
            (true, _) => 0,
            (false, Some(&f)) => f + 1,
            (false, None) => opts.iter().max().unwrap() + 1,
        };
    }
    r
}

/// The `at N:` line of a report.
fn at_line(report: &str, n: u64) -> String {
    let head = format!("at {n}: ");
    report.lines().find(|l| l.starts_with(&head)).unwrap_or_else(|| panic!("{report}")).to_string()
}

#[test]
fn periodic_remoteness_answers_far_and_agrees_with_the_recursion() {
    if !have_python() {
        return;
    }
    let cmd = program("sub134", "print(';'.join(str(n - s) for s in (1, 3, 4) if s <= n))");
    let asked = [1_000_000u64, 999_999, 1_000_003, 777_777];
    let mut args =
        vec!["explore", "--remoteness", "--moves", &cmd, "--box", "0..199", "--no-table"];
    let texts: Vec<String> = asked.iter().map(|n| n.to_string()).collect();
    for t in &texts {
        args.extend(["--at", t]);
    }
    let out = games(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("arithmetic-periodic"), "{report}");
    let truth = remoteness(1_000_003, &|_| vec![1, 3, 4]);
    for &n in &asked {
        let r = truth[n as usize];
        let o = if r % 2 == 1 { 'N' } else { 'P' };
        let line = at_line(&report, n);
        assert!(line.starts_with(&format!("at {n}: outcome {o}, remoteness {r} (")), "{line}");
        assert!(line.contains("conjecture: pattern observed on 200 entries"), "{line}");
        assert!(line.contains("the game's rule holds here"), "{line}");
        assert!(!line.contains("proved"), "{line}");
    }
    // At 10^18 (past 2^32 remoteness): the recursion's own table is arithmetic-periodic,
    // R(n + 7) = R(n) + 4, on all of 0..10^6, which gives the closed form there.
    assert!((0..truth.len() - 7).all(|n| truth[n + 7] == truth[n] + 4));
    let far = 1_000_000_000_000_000_000u64;
    let r = (far / 7) * 4 + u64::from(truth[(far % 7) as usize]);
    let out = games(
        &["explore", "--remoteness", "--moves", &cmd, "--box", "0..199", "--at", &far.to_string()],
        b"",
    );
    let line = at_line(&text(&out.stdout), far);
    assert!(line.starts_with(&format!("at {far}: outcome N, remoteness {r} (")), "{line}");
    // The built-in rule gives the same far answers, its options listed by the rule.
    let out = games(
        &["explore", "--remoteness", "--game", "sub:1,3,4", "--box", "0..199", "--at", "1000000"],
        b"",
    );
    let line = at_line(&text(&out.stdout), 1_000_000);
    assert!(line.contains(&format!("remoteness {} (", truth[1_000_000])), "{line}");
    // Misère play: a position with no move is won (remoteness 0), a win has even remoteness.
    let mut r = vec![0u32; 1_000_001];
    for n in 1..=1_000_000usize {
        let opts: Vec<u32> = [1, 3, 4].iter().filter(|&&k| k <= n).map(|&k| r[n - k]).collect();
        r[n] = match opts.iter().filter(|&&x| x % 2 == 1).min() {
            Some(&f) => f + 1,
            None => opts.iter().max().unwrap() + 1,
        };
    }
    let out = games(
        &[
            "explore",
            "--remoteness",
            "--moves",
            &cmd,
            "--box",
            "0..199",
            "--misere",
            "--at",
            "1000000",
        ],
        b"",
    );
    let line = at_line(&text(&out.stdout), 1_000_000);
    let o = if r[1_000_000].is_multiple_of(2) { 'N' } else { 'P' };
    assert!(
        line.starts_with(&format!("at 1000000: outcome {o}, remoteness {} (", r[1_000_000])),
        "{line}"
    );
}

#[test]
fn a_remoteness_pattern_broken_past_the_box_answers_unknown() {
    if !have_python() {
        return;
    }
    // S(1, 2) below 150, S(1, 2, 3) from there on: the box 0..99 sees S(1, 2) only.
    let cmd = program(
        "planted",
        "ks = (1, 2, 3) if n >= 150 else (1, 2)\nprint(';'.join(str(n - k) for k in ks if k <= n))",
    );
    let truth = remoteness(1_000_000, &|n| if n >= 150 { vec![1, 2, 3] } else { vec![1, 2] });
    for n in [1_000_000u64, 999_999] {
        let t = n.to_string();
        let out =
            games(&["explore", "--remoteness", "--moves", &cmd, "--box", "0..99", "--at", &t], b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let line = at_line(&text(&out.stdout), n);
        let right = format!("remoteness {} ", truth[n as usize]);
        assert!(line.contains("unknown") || line.contains(&right), "wrong: {line}");
        assert!(line.contains("unknown") && line.contains("refuted"), "{line}");
    }
}

/// Values of a scoring game on `0..=top` whose options at `n` are `(n - k, gain)`.
fn values(top: usize, opts: &dyn Fn(usize) -> Vec<(usize, i128)>) -> Vec<i128> {
    let mut v = vec![0i128; top + 1];
    for n in 1..=top {
        v[n] = opts(n).into_iter().map(|(k, g)| g - v[n - k]).max().unwrap_or(0);
    }
    v
}

#[test]
fn a_linear_score_answers_far_and_agrees_with_the_recursion() {
    if !have_python() {
        return;
    }
    // From n: to n - 1 gaining 2n - 1, or to n - 2 gaining nothing; the value is n. Negated
    // gains give the value -n - ... (values all negative: the pattern is read on -value).
    for sign in [1i128, -1] {
        let body = format!(
            "o = []\nif n >= 1: o.append(f'{{n - 1}} @ {{{sign} * (2 * n - 1)}}')\nif n >= 2: o.append(f'{{n - 2}} @ 0')\nprint('; '.join(o))"
        );
        let cmd = program(&format!("linear{sign}"), &body);
        let asked = [1_000_000u64, 999_999, 123_457];
        let texts: Vec<String> = asked.iter().map(|n| n.to_string()).collect();
        let mut args = vec!["explore", "--score", "--moves", &cmd, "--box", "0..99", "--no-table"];
        for t in &texts {
            args.extend(["--at", t]);
        }
        let out = games(&args, b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let report = text(&out.stdout);
        let truth = values(1_000_000, &|n| {
            let mut o = vec![(1, sign * (2 * n as i128 - 1))];
            if n >= 2 {
                o.push((2, 0));
            }
            o
        });
        for &n in &asked {
            let line = at_line(&report, n);
            let v = truth[n as usize];
            assert!(line.starts_with(&format!("at {n}: value {v}, outcome ")), "{line}");
            assert!(line.contains("the game's rule holds here"), "{line}");
        }
    }
}

#[test]
fn a_score_pattern_broken_past_the_box_answers_unknown() {
    if !have_python() {
        return;
    }
    // The value is n up to 150; from there on a move to n - 3 gains 3n.
    let body = "o = []\nif n >= 1: o.append(f'{n - 1} @ {2 * n - 1}')\nif n >= 2: o.append(f'{n - 2} @ 0')\nif n >= 150: o.append(f'{n - 3} @ {3 * n}')\nprint('; '.join(o))";
    let cmd = program("planted-score", body);
    let truth = values(1_000_000, &|n| {
        let mut o = vec![(1, 2 * n as i128 - 1)];
        if n >= 2 {
            o.push((2, 0));
        }
        if n >= 150 {
            o.push((3, 3 * n as i128));
        }
        o
    });
    let out =
        games(&["explore", "--score", "--moves", &cmd, "--box", "0..99", "--at", "1000000"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line = at_line(&text(&out.stdout), 1_000_000);
    let right = format!("value {},", truth[1_000_000]);
    assert!(line.contains("unknown") || line.contains(&right), "wrong: {line}");
    assert!(line.contains("unknown") && line.contains("refuted"), "{line}");
}

/// `--at-file` and `--at -` feed `--remoteness` and `--score` like `--at` (a compound a line
/// for remoteness); an empty line is refused naming it; `--multiset` is refused in one line.
#[test]
fn at_file_and_multiset_in_remoteness_and_score_modes() {
    let dir = temp_dir("atfile");
    let file = dir.join("at.txt");
    std::fs::write(&file, "5\n1000000\n3 | 4\n3 & 4\n").unwrap();
    let f = file.to_str().unwrap();
    let args = ["explore", "--remoteness", "--game", "sub:1,2", "--box", "0..30", "--no-table"];
    let mut a = args.to_vec();
    a.extend(["--at", "2", "--at-file", f]);
    let out = games(&a, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    for want in [
        "at 2: outcome N, remoteness 1 (computed)\n",
        "at 5: outcome N, remoteness 3 (computed)\n",
        "at 1000000: outcome N, remoteness 666667 (conjecture",
        "at 3 | 4: outcome N, no remoteness (selective",
        "at 3 & 4: outcome P, remoteness 2 (conjunctive",
    ] {
        assert!(s.contains(want), "{want} not in\n{s}");
    }
    // The same from standard input.
    let mut a = args.to_vec();
    a.extend(["--at", "-"]);
    let out = games(&a, b"5\n3 | 4\n");
    assert!(text(&out.stdout).contains("at 3 | 4: outcome N"), "{}", text(&out.stdout));
    // An empty line is an error naming its line.
    std::fs::write(&file, "5\n\n7\n").unwrap();
    let mut a = args.to_vec();
    a.extend(["--at-file", f]);
    let out = games(&a, b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("at.txt:2: an empty line"), "{}", text(&out.stderr));
    // --multiset: one line, exit 2, in both modes.
    for mode in [
        vec!["explore", "--remoteness", "--moves", "true", "--box", "0..9", "--multiset"],
        vec!["explore", "--score", "--moves", "true", "--box", "0..9", "--multiset"],
    ] {
        let out = games(&mode, b"");
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("--multiset is not available with"), "{err}");
    }
    if !have_python() {
        return;
    }
    let cmd = program("atfile-score", "print(f'{n - 1} @ {2 * n - 1}' if n > 0 else '')");
    std::fs::write(&file, "7\n1000000\n").unwrap();
    let out = games(
        &["explore", "--score", "--moves", &cmd, "--box", "0..40", "--no-table", "--at-file", f],
        b"",
    );
    let s = text(&out.stdout);
    // n -> n - 1 with gain 2n - 1: value n, the one move the best.
    let seven = "at 7: value 7, outcome win, best move 6 (gain 13, option value 6) (computed)\n";
    assert!(s.contains(seven), "{s}");
    let far = "at 1000000: value 1000000, outcome win, best move 999999 (gain 1999999, option value 999999) (conjecture";
    assert!(s.contains(far), "{s}");
}

/// `--serve` answers far positions from a pattern the game's rule confirms at the position
/// asked (and at sampled far positions before the first request): the value agrees with the
/// recursion, the move keeps it (a fastest win to a lost position of remoteness one less, a
/// move of the best score), written as the program wrote it; a broken pattern gives `unknown`.
#[test]
fn serve_answers_far_positions_from_checked_patterns() {
    if !have_python() {
        return;
    }
    let cmd =
        program("serve-far", "print(';'.join('%07d' % (n - s) for s in (1, 3, 4) if s <= n))");
    let truth = remoteness(1_000_004, &|_| vec![1, 3, 4]);
    let asked = [1_000_000u64, 999_999, 1_000_004];
    let mut input = String::new();
    for n in asked {
        input.push_str(&format!("{n}\n{n} ?\n"));
    }
    let out = games(
        &["explore", "--remoteness", "--moves", &cmd, "--box", "0..199", "--serve"],
        input.as_bytes(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    for (i, n) in asked.iter().enumerate() {
        let r = truth[*n as usize];
        let o = if r % 2 == 1 { 'N' } else { 'P' };
        assert_eq!(lines[2 * i + 1], format!("{o} {r}"), "value at {n}");
        let mv = &lines[2 * i];
        assert_eq!(mv.len(), 7, "the program's own text: {mv}");
        let u: usize = mv.parse().unwrap();
        assert!([1, 3, 4].contains(&(*n as usize - u)), "{n} -> {u}");
        assert_eq!(truth[u], r - 1, "{n} -> {u}");
        assert!(
            o == 'P' || truth[u].is_multiple_of(2),
            "a win moves to a lost position: {n} -> {u}"
        );
    }
    // A rule that changes past the box: unknown, never a move.
    let planted = program(
        "serve-planted",
        "ks = (1, 2, 3) if n >= 150 else (1, 2)\nprint(';'.join(str(n - k) for k in ks if k <= n))",
    );
    let out = games(
        &["explore", "--remoteness", "--moves", &planted, "--box", "0..99", "--serve"],
        b"1000000\n1000000 ?\n",
    );
    assert_eq!(text(&out.stdout), "unknown\nunknown\n");
    assert!(text(&out.stderr).contains("refuted"), "{}", text(&out.stderr));
    // Scores: the value n, by moving to n - 1 (written with leading zeros).
    let cmd = program(
        "serve-score",
        "o = []\nif n >= 1: o.append('%07d @ %d' % (n - 1, 2 * n - 1))\nif n >= 2: o.append('%d @ 0' % (n - 2))\nprint(' ; '.join(o))",
    );
    let out = games(
        &["explore", "--score", "--moves", &cmd, "--box", "0..99", "--serve"],
        b"1000000\n1000000 ?\n",
    );
    assert_eq!(text(&out.stdout), "0999999\n1000000\n", "{}", text(&out.stderr));
}
