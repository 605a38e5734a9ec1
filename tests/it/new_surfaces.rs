//! The faults of issue 38 on the newer surfaces, one test each: lists past any budget
//! (`--winning` on splits, coin subsets and products; a long Hackenbush string), generic stress
//! whose generator times out under `-j N`, aborts under memory limits (`count --values`,
//! `explore --at-file`, shrinking a huge input), misread game codes, a validator timing out on
//! every shrinking candidate, and raw bytes echoed to the terminal. Memory limits go through
//! `prlimit` (missing: a failure, unless `GAMES_TEST_NO_SYSTOOLS=1`); time bounds are budgets and refusals,
//! never timed tests. Property tests: random bytes in every echoed place never reach stdout or
//! stderr unescaped, and the coin-turning move lister equals the definition.

use crate::common;

use common::{GAMES, games, temp_dir, text};
use games::rng::Rng;
use std::process::{Command, Output};

/// `games ARGS` under an address-space limit of `bytes`; `None` (with a note) without prlimit.
fn limited(bytes: u64, args: &[&str]) -> Option<Output> {
    if !common::need("prlimit", "the memory-limit check") {
        return None;
    }
    let out = Command::new("prlimit")
        .arg(format!("--as={bytes}"))
        .arg(GAMES)
        .args(args)
        .output()
        .expect("prlimit runs");
    Some(out)
}

/// Exit 0 with an answer, or exit 1 with one `cannot allocate` line: never an abort.
fn answer_or_one_line(out: &Output, what: &str) {
    let err = text(&out.stderr);
    match out.status.code() {
        Some(0) => {}
        Some(1) => {
            assert!(err.contains("cannot allocate") && err.lines().count() == 1, "{what}: {err}")
        }
        other => panic!("{what}: exit {other:?}: {err}"),
    }
}

const REFUSED: &str = "more than 1048576 positions to list (the bound of --max-options";

#[test]
fn winning_splits_are_estimated_before_they_are_listed() {
    // 10^4: N^2 / 2 = 5 * 10^7 heaps listed before; 3.2 GB, an abort under 2 GB.
    let args = ["explore", "--game", "multi-sg:3", "--box", "0..20", "--no-table"];
    let a: Vec<&str> = args.iter().copied().chain(["--winning", "10000"]).collect();
    if let Some(out) = limited(2_000_000_000, &a) {
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains(REFUSED), "{}", text(&out.stdout));
    }
    // 10^9: refused at once, whatever the memory.
    let a: Vec<&str> = args.iter().copied().chain(["--winning", "1000000000"]).collect();
    let out = games(&a, b"");
    assert!(text(&out.stdout).contains(REFUSED), "{}", text(&out.stdout));
    // The bound is the option's: raised, the splits of 100 are listed (5049 heaps); lowered
    // below them, refused.
    let a: Vec<&str> = args.iter().copied().chain(["--winning", "100"]).collect();
    let mut more = a.clone();
    more.extend(["--max-options", "5049"]);
    let listed = text(&games(&more, b"").stdout);
    assert!(listed.contains("winning moves from 100 to a P-position: 50 + 50"), "{listed}");
    let mut less = a.clone();
    less.extend(["--max-options", "5048"]);
    let refused = text(&games(&less, b"").stdout);
    assert!(refused.contains("more than 5048 positions to list"), "{refused}");
}

#[test]
fn coin_turning_moves_are_listed_directly_or_refused_before_the_walk() {
    // The ruler game has 40 moves at coin 40 (2^39 subsets walked before: hours).
    let out = games(
        &["explore", "--game", "turning:ruler", "--box", "1..64", "--no-table", "--winning", "40"],
        b"",
    );
    let s = text(&out.stdout);
    assert!(s.contains("winning moves from 40 to a P-position: ") && !s.contains("unknown"), "{s}");
    // Mock Turtles at coin 4000: 8 M subsets of at most two coins, refused before the walk.
    let out = games(
        &["explore", "--game", "mock-turtles", "--box", "1..64", "--no-table", "--winning", "4000"],
        b"",
    );
    assert!(text(&out.stdout).contains(REFUSED), "{}", text(&out.stdout));
}

#[test]
fn product_options_are_estimated_from_the_factors() {
    // 9 * 10^10 options: refused after two linear lists, not a quadratic pass.
    let args = ["explore", "--game", "product:1-2*1-2", "--box", "0..8,0..8", "--no-table"];
    let a: Vec<&str> = args.iter().copied().chain(["--winning", "300000,300000"]).collect();
    assert!(text(&games(&a, b"").stdout).contains(REFUSED));
    let a: Vec<&str> = args.iter().copied().chain(["--winning", "3,5"]).collect();
    let s = text(&games(&a, b"").stdout);
    assert!(s.contains("winning moves from 3 5") && !s.contains("unknown"), "{s}");
}

/// Every subset of coins below n that the reference (`brute::turning`: its own reader of the
/// code and the move rule re-stated from its words, not production's `parse` / `allows`)
/// admits with coin n: the definition, for small n.
fn moves_by_definition(code: &str, n: u64) -> Vec<Vec<u64>> {
    let r = games::brute::turning::read(code).expect("the reference reads the code");
    let mut out = Vec::new();
    for mask in 0u64..1 << n.saturating_sub(1) {
        let t: Vec<u64> = (1..n).filter(|c| mask >> (c - 1) & 1 == 1).collect();
        let full = mask | 1 << (n - 1);
        if games::brute::turning::allowed(&r, full) {
            out.push(t);
        }
    }
    out.sort();
    out
}

#[test]
fn the_coin_turning_lister_equals_the_definition() {
    let mut rng = Rng::new(3801);
    let counts = ["1", "2", "3", "1-2", "1-3", "2-4", "1+", "2+", "3+"];
    let mods = ["", "C", "E", "S", "F", "CF", "EF", "SF", "C(3)", "C(5)", "EC(4)", "SC(6)"];
    for round in 0..400 {
        let k = 1 + rng.index(2);
        let code: Vec<String> = (0..k)
            .map(|_| format!("{}{}", counts[rng.index(counts.len())], mods[rng.index(mods.len())]))
            .collect();
        let code = code.join(",");
        let r = games::theory::turning::parse(&code).expect("a code");
        for n in 1..=12 {
            let got = games::theory::turning::moves(&r, n, 1 << 20).expect("within the budget");
            assert_eq!(got, moves_by_definition(&code, n), "round {round}: {code} at {n}");
        }
    }
}

#[test]
fn two_spacings_or_two_spans_are_refused() {
    for code in ["turning:2+CS", "turning:2+SC", "turning:3EC", "turning:1-3C(2)C(3)"] {
        let out = games(&["explore", "--game", code, "--box", "1..5"], b"");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{code}: {err}");
        assert!(err.contains("at most one") && err.lines().count() == 1, "{code}: {err}");
    }
    // One spacing with F and a span is fine.
    let out = games(&["explore", "--game", "turning:1-3SFC(4)", "--box", "1..5"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn an_empty_range_of_sizes_is_refused() {
    let out = games(&["explore", "--game", "same:3:2..1", "--box", "0..3,0..3,0..3"], b"");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the range 2..1 is empty"), "{err}");
    let out = games(&["explore", "--game", "same:3:1..2", "--box", "0..3,0..3,0..3"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn long_blue_red_strings_have_their_sign_expansion() {
    use games::theory::dyadic::Dyadic;
    use games::theory::hackenbush_graph::edge_below;
    // b b r b r: 13/8 (WW ch. 2).
    let out = games(&["hackenbush-graph"], b"6 5\n0 1 b\n1 2 b\n2 3 r\n3 4 b\n4 5 r\n");
    assert_eq!(text(&out.stdout), "value 13/8\noutcome L\n");
    // Random strings of 20,000 edges (long runs too) through the command, against the
    // edge-by-edge exact pass of the library.
    let mut rng = Rng::new(384);
    for round in 0..3 {
        let n = 20_000;
        let mut blue = vec![rng.chance(1, 2)];
        while blue.len() < n {
            let last = blue[blue.len() - 1];
            blue.push(if rng.chance(1, 1 + round) { !last } else { last });
        }
        let mut input = format!("{} {n}\n", n + 1);
        let mut want = Dyadic::zero();
        for (i, &b) in blue.iter().enumerate() {
            input.push_str(&format!("{i} {} {}\n", i + 1, if b { 'b' } else { 'r' }));
        }
        for &b in blue.iter().rev() {
            want = edge_below(&want, b);
        }
        let out = games(&["hackenbush-graph"], input.as_bytes());
        let s = text(&out.stdout);
        assert_eq!(s.lines().next(), Some(format!("value {want}").as_str()), "round {round}");
    }
}

#[test]
fn a_timing_out_generator_stops_the_cases_not_yet_started() {
    let dir = temp_dir("timeout-gen");
    let log = dir.join("starts");
    let generator = format!("echo x >> '{}'; sleep 30; true", log.display());
    let out = games(
        &[
            "stress",
            "--gen",
            &generator,
            "--reference",
            "cat",
            "--against",
            "cat",
            "--timeout",
            "1",
            "-j",
            "16",
            "--cases",
            "64",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("the generator timed out"), "{}", text(&out.stderr));
    let starts = std::fs::read_to_string(&log).map_or(0, |s| s.lines().count());
    // At most the cases admitted at once (the memory gate lets 4 in), not the 16 started.
    assert!(starts <= 6, "{starts} generators started");
}

#[test]
fn count_values_under_a_memory_limit_is_one_line() {
    let dir = temp_dir("count-values");
    let file = dir.join("values");
    std::fs::write(&file, "1\n".repeat(10_000_000)).expect("written");
    let path = file.to_string_lossy().into_owned();
    let args = ["count", "--values", &path, "--length", "2"];
    if let Some(out) = limited(100_000_000, &args) {
        answer_or_one_line(&out, "count --values");
    }
}

#[test]
fn at_file_under_a_memory_limit_answers_every_line() {
    let dir = temp_dir("at-file");
    let file = dir.join("positions");
    let n = 3_000_000;
    std::fs::write(&file, "5\n".repeat(n)).expect("written");
    let path = file.to_string_lossy().into_owned();
    let args = ["explore", "--game", "nim:1", "--box", "0..10", "--no-table", "--at-file", &path];
    if let Some(out) = limited(200_000_000, &args) {
        answer_or_one_line(&out, "--at-file");
        if out.status.success() {
            let answers = out.stdout.split(|&b| b == b'\n').filter(|l| l.starts_with(b"at 5:"));
            assert_eq!(answers.count(), n);
        }
    }
}

#[test]
fn shrinking_a_huge_input_under_a_memory_limit_is_reported() {
    let dir = temp_dir("shrink-huge");
    let save = dir.join("case.in");
    let save = save.to_string_lossy().into_owned();
    let args = [
        "stress",
        "--gen",
        "yes 1 | head -n 3000000; true",
        "--reference",
        "wc -l",
        "--against",
        "echo 0",
        "--cases",
        "1",
        "-j",
        "1",
        "--save",
        &save,
    ];
    if let Some(out) = limited(200_000_000, &args) {
        let (o, e) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{e}");
        assert!(o.contains("reproduce:"), "{o:.2000}{e}");
        assert!(o.contains("not shrunk: cannot allocate") || o.contains("shrunk"), "{o:.2000}");
    }
}

#[test]
fn a_validator_timing_out_on_every_candidate_is_said() {
    let dir = temp_dir("validator-timeout");
    let save = dir.join("case.in").to_string_lossy().into_owned();
    let out = games(
        &[
            "stress",
            "--gen",
            "printf '5\\n1 2 3 4 5\\n'; true",
            "--reference",
            "awk 'NR==2{s=0;for(i=1;i<=NF;i++)s+=$i;print s}'",
            "--against",
            "echo 0",
            "--validate",
            "[ \"$(cat)\" = \"$(printf '5\\n1 2 3 4 5')\" ] || exec sleep 700",
            // The input itself passes in milliseconds; 3 s is a cap it never comes near, and
            // a candidate never ends by itself.
            "--validate-timeout",
            "3",
            "--shrink-runs",
            "2",
            "--cases",
            "1",
            "-j",
            "1",
            "--save",
            &save,
        ],
        b"",
    );
    let s = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        s.contains("the validator timed out (--validate-timeout 3.0 s) on every one of the"),
        "{s}"
    );
}

/// Bytes a terminal acts on: C0 controls but line feed and tab, DEL, and C1 controls.
fn raw_controls(bytes: &[u8]) -> bool {
    let t = String::from_utf8_lossy(bytes);
    t.chars().any(|c| c.is_control() && c != '\n' && c != '\t')
}

#[test]
fn program_output_with_escape_sequences_is_escaped() {
    let dir = temp_dir("osc");
    std::fs::write(dir.join("a.in"), "1\n").expect("written");
    std::fs::write(dir.join("a.out"), "1\n").expect("written");
    let evil = "printf '\\033]0;pwned\\007\\033[31mred\\r\\n'";
    let out = games(&["test", "--against", evil, &dir.to_string_lossy()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(!raw_controls(&out.stdout) && !raw_controls(&out.stderr), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("\\u001b]0;pwned\\u0007"), "{}", text(&out.stdout));
    let save = dir.join("saved.in").to_string_lossy().into_owned();
    let out = games(
        &[
            "stress",
            "--gen",
            "echo 1; true",
            "--reference",
            "cat",
            "--against",
            evil,
            "--cases",
            "1",
            "--save",
            &save,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(!raw_controls(&out.stdout) && !raw_controls(&out.stderr), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("\\u001b]0;pwned\\u0007"), "{}", text(&out.stdout));
}

#[test]
fn a_bad_at_file_line_is_quoted_escaped() {
    let dir = temp_dir("at-file-bad");
    let file = dir.join("positions");
    std::fs::write(&file, b"1\n\x1b]0;pwned\x07\n").expect("written");
    let path = file.to_string_lossy().into_owned();
    let out = games(&["explore", "--game", "nim:1", "--box", "0..5", "--at-file", &path], b"");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!raw_controls(&out.stderr) && err.contains("'\\u001b]0;pwned\\u0007'"), "{err}");
}

/// Random bytes, control bytes and broken UTF-8 likely.
fn random_bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| match rng.index(4) {
            0 => rng.index(32) as u8,
            1 => 0x7f + rng.index(0x21) as u8,
            _ => rng.index(256) as u8,
        })
        .collect()
}

#[test]
fn random_bytes_never_reach_the_terminal_unescaped() {
    use games::error::{Lines, escape};
    let mut rng = Rng::new(3815);
    for _ in 0..2000 {
        let len = rng.index(40);
        let b = random_bytes(&mut rng, len);
        for lines in [Lines::Keep, Lines::Escape] {
            let s = escape(&b, lines);
            assert!(!raw_controls(s.as_bytes()), "{b:?} -> {s:?}");
            if lines == Lines::Escape {
                assert!(!s.contains('\n') && !s.contains('\t'), "{b:?} -> {s:?}");
            }
        }
    }
    let dir = temp_dir("random-echo");
    for round in 0..12 {
        let len = 1 + rng.index(30);
        let b = random_bytes(&mut rng, len);
        // in a file of positions, of values, a judge input, and a program's output
        let file = dir.join(format!("f{round}"));
        let mut line = b"1\n".to_vec();
        line.extend_from_slice(&b);
        line.push(b'x');
        std::fs::write(&file, &line).expect("written");
        let path = file.to_string_lossy().into_owned();
        let arg = text(&b).replace('\0', "\u{1}");
        let outs = [
            games(&["explore", "--game", "nim:1", "--box", "0..5", "--at-file", &path], b""),
            games(&["count", "--values", &path, "--length", "2"], b""),
            games(&["nim", &path], b""),
            games(&["hackenbush-graph", &path], b""),
            games(&["explore", "--game", "nim:1", "--box", "0..5", "--at", &arg], b""),
        ];
        for out in &outs {
            assert!(!raw_controls(&out.stderr), "round {round}: {}", text(&out.stderr));
        }
        let out = games(
            &[
                "stress",
                "--gen",
                "echo 1; true",
                "--reference",
                "cat",
                "--against",
                &format!("cat '{}'", path),
                "--cases",
                "1",
                "--save",
                &dir.join("saved.in").to_string_lossy(),
            ],
            b"",
        );
        assert!(!raw_controls(&out.stdout) && !raw_controls(&out.stderr), "round {round}");
    }
}
