//! `games explore` through the binary: moves programs written as awk lookups over random graphs
//! (DAGs, graphs with cycles, options that are sums) against an independent mex, or, on graphs
//! with cycles, against the outcomes of the token plus a Nim heap found by a plain retrograde
//! written here (Smith's theorem pins every loopy value by them); patterns on real games;
//! broken programs; usage errors; --check.

use crate::common;

use common::{games, temp_dir, text};
use games::rng::Rng;

/// A moves program for a graph on 0..n: line v of `file` lists v's options.
fn lookup_program(file: &std::path::Path) -> String {
    format!("awk 'NR == FNR {{ o[FNR - 1] = $0; next }} {{ print o[$1] }}' {} -", file.display())
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = games(args, b"");
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("json")
}

/// Random DAGs with sums: every value equals a plain mex over the XOR of the parts.
#[test]
fn random_dags_with_sums_match_a_plain_mex() {
    let dir = temp_dir("dags");
    let mut rng = Rng::new(17);
    for case in 0..40 {
        let n = 2 + rng.below(30) as usize;
        let mut options: Vec<Vec<Vec<usize>>> = vec![Vec::new(); n];
        for (v, opts) in options.iter_mut().enumerate().skip(1) {
            for _ in 0..rng.below(5) {
                let parts = 1 + rng.below(if case % 2 == 0 { 1 } else { 3 }) as usize;
                opts.push((0..parts).map(|_| rng.below(v as u64) as usize).collect());
            }
        }
        let mut g = vec![0u64; n];
        for v in 0..n {
            let xs: Vec<u64> =
                options[v].iter().map(|o| o.iter().fold(0, |x, &w| x ^ g[w])).collect();
            g[v] = (0..).find(|m| !xs.contains(m)).unwrap();
        }
        let lines: Vec<String> = options
            .iter()
            .map(|opts| {
                opts.iter()
                    .map(|o| o.iter().map(|w| w.to_string()).collect::<Vec<_>>().join(" + "))
                    .collect::<Vec<_>>()
                    .join(";")
            })
            .collect();
        let file = dir.join(format!("dag{case}.txt"));
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        let spec = format!("0..{}", n - 1);
        let report =
            json(&["explore", "--moves", &lookup_program(&file), "--box", &spec, "--json"]);
        let values: Vec<u64> =
            report["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        assert_eq!(values, g, "case {case}: {lines:?}");
    }
}

/// Outcomes (`P`, `N`, `D`) of a token at `v` plus a Nim heap of `j`, for every `v < n` and
/// `j <= top`, by retrograde analysis of that sum's graph: a position with no move is P; one
/// with a P option is N; one whose options are all N is P; the rest are draws.
fn sums_with_heaps(n: usize, arcs: &[(usize, usize)], top: usize) -> Vec<Vec<u8>> {
    let id = |v: usize, j: usize| v * (top + 1) + j;
    let m = n * (top + 1);
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); m];
    let mut left = vec![0usize; m];
    for v in 0..n {
        for j in 0..=top {
            let mut opts: Vec<usize> =
                arcs.iter().filter(|a| a.0 == v).map(|a| id(a.1, j)).collect();
            opts.extend((0..j).map(|i| id(v, i)));
            left[id(v, j)] = opts.len();
            for o in opts {
                preds[o].push(id(v, j));
            }
        }
    }
    let mut out = vec![b'D'; m];
    let mut queue: Vec<usize> = (0..m).filter(|&x| left[x] == 0).collect();
    for &x in &queue {
        out[x] = b'P';
    }
    while let Some(x) = queue.pop() {
        for &p in &preds[x] {
            if out[p] != b'D' {
                continue;
            }
            if out[x] == b'P' {
                out[p] = b'N';
                queue.push(p);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    out[p] = b'P';
                    queue.push(p);
                }
            }
        }
    }
    (0..n).map(|v| (0..=top).map(|j| out[id(v, j)]).collect()).collect()
}

/// Random graphs with cycles (no sums): outcomes and values equal what the sums with Nim heaps
/// say: `g` where the token plus a heap of `g` is lost, else `inf{K}` with K the heaps the
/// sum is won with (Smith 1966; the values never pass the largest out-degree).
#[test]
fn random_loopy_graphs_match_their_sums_with_nim_heaps() {
    let dir = temp_dir("loopy");
    let mut rng = Rng::new(5);
    for case in 0..40 {
        let n = 2 + rng.below(25) as usize;
        let mut arcs = Vec::new();
        let mut lines = vec![String::new(); n];
        for (v, line) in lines.iter_mut().enumerate() {
            let d = rng.below(4);
            let heads: Vec<usize> = (0..d).map(|_| rng.below(n as u64) as usize).collect();
            for &w in &heads {
                arcs.push((v, w));
            }
            *line = heads.iter().map(|w| w.to_string()).collect::<Vec<_>>().join(";");
        }
        let file = dir.join(format!("g{case}.txt"));
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        let heaps = sums_with_heaps(n, &arcs, 5);
        let spec = format!("0..{}", n - 1);
        let report =
            json(&["explore", "--moves", &lookup_program(&file), "--box", &spec, "--json"]);
        let outcomes = report["outcomes"].as_str().unwrap().as_bytes().to_vec();
        for v in 0..n {
            assert_eq!(outcomes[v], heaps[v][0], "case {case} vertex {v}: {lines:?}");
            let got = &report["values"][v];
            match heaps[v].iter().position(|&o| o == b'P') {
                Some(g) => assert_eq!(got.as_u64(), Some(g as u64), "case {case} vertex {v}"),
                None => {
                    let k: Vec<u64> =
                        (0..=5u64).filter(|&j| heaps[v][j as usize] == b'N').collect();
                    let seen: Vec<u64> = got["inf"]
                        .as_array()
                        .unwrap_or_else(|| panic!("case {case} vertex {v}: {got} is not loopy"))
                        .iter()
                        .map(|x| x.as_u64().unwrap())
                        .collect();
                    assert_eq!(seen, k, "case {case} vertex {v}");
                }
            }
        }
    }
}

/// A sum whose part lies on a cycle is undecided, and said so; the rest is still decided.
#[test]
fn a_sum_on_a_cycle_is_undecided_not_guessed() {
    let dir = temp_dir("sumcycle");
    // 0: no move; 1 <-> 2; 3 -> 1 + 0 (a sum with a loopy part); 4 -> 0.
    let file = dir.join("g.txt");
    std::fs::write(&file, "\n2\n1\n1 + 0\n0\n").unwrap();
    let report = json(&["explore", "--moves", &lookup_program(&file), "--box", "0..4", "--json"]);
    assert_eq!(report["outcomes"].as_str().unwrap(), "PDD?N");
    assert!(report["values"][3].is_null());
    assert!(report["notes"][0].as_str().unwrap().contains("sum with a part on a cycle"));
}

const SUB134: &str = "awk '{ n = $1; s = \"\"; if (n >= 1) s = n - 1; if (n >= 3) s = s \";\" n - 3; if (n >= 4) s = s \";\" n - 4; print s }'";
const NIM2: &str = "awk '{ s = \"\"; for (k = 0; k < $1; k++) s = s (s == \"\" ? \"\" : \";\") k \" \" $2; for (k = 0; k < $2; k++) s = s (s == \"\" ? \"\" : \";\") $1 \" \" k; print s }'";
const WYTHOFF: &str = "awk '{ a = $1; b = $2; s = \"\"; for (k = 1; k <= a; k++) s = s \";\" a - k \" \" b; for (k = 1; k <= b; k++) s = s \";\" a \" \" b - k; for (k = 1; k <= a && k <= b; k++) s = s \";\" a - k \" \" b - k; print substr(s, 2) }'";

#[test]
fn subtraction_1_3_4_has_period_7_and_answers_far_away() {
    let report = json(&[
        "explore",
        "--moves",
        SUB134,
        "--box",
        "0..60",
        "--json",
        "--at",
        "1000000000000000000",
        "30",
    ]);
    let p = &report["patterns"][0];
    assert_eq!(p["family"], "periodic");
    assert!(p["words"].as_str().unwrap().contains("period 7"), "{p}");
    assert_eq!(p["status"], "observed");
    // 10^18 mod 7 = 1: G = 1, N; the basis says it is a conjecture.
    assert_eq!(report["at"][0]["value"], 1);
    assert_eq!(report["at"][0]["outcome"], "N");
    assert!(report["at"][0]["basis"].as_str().unwrap().starts_with("conjecture"));
    assert_eq!(report["at"][1]["basis"], "computed");
}

#[test]
fn two_heap_nim_is_a_nim_sum() {
    let report = json(&[
        "explore",
        "--moves",
        NIM2,
        "--box",
        "0..15,0..15",
        "--json",
        "--at",
        "1000000000000,77",
    ]);
    let words: Vec<&str> = report["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["words"].as_str().unwrap())
        .collect();
    assert!(words[0].starts_with("G = a XOR b"), "{words:?}");
    assert_eq!(report["at"][0]["value"], 1_000_000_000_000u64 ^ 77);
}

#[test]
fn wythoff_rows_have_period_3_saltus_3() {
    let report = json(&[
        "explore",
        "--moves",
        WYTHOFF,
        "--box",
        "0..20,0..20",
        "--json",
        "--at",
        "1,999999999999999999",
    ]);
    let row = report["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["words"].as_str().unwrap().starts_with("G(1, b + 3) = G(1, b) + 3"))
        .expect("row 1 pattern");
    assert_eq!(row["family"], "arithmetic-periodic");
    // G(1, b) = 1, 2, 0 repeating, plus 3 per period: b = 999999999999999999 = 3 * 333333333333333333.
    assert_eq!(report["at"][0]["value"], 999_999_999_999_999_999u64 + 1);
}

#[test]
fn check_finds_the_first_disagreement_with_the_moves_that_show_it() {
    // "P iff n % 7 in {0, 2}" is right; "P iff n % 7 == 0" is wrong first at n = 2.
    let good = "awk '{ r = $1 % 7; print (r == 0 || r == 2) ? \"P\" : \"N\" }'";
    let bad = "awk '{ print ($1 % 7 == 0) ? \"P\" : \"N\" }'";
    let out = games(
        &["explore", "--moves", SUB134, "--box", "0..40", "--no-table", "--check", good],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("agrees with the table on all 41 positions"));
    let out =
        games(&["explore", "--moves", SUB134, "--box", "0..40", "--no-table", "--check", bad], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("position '2'")
            && err.contains("says outcome N")
            && err.contains("'1' (1, N)"),
        "{err}"
    );
}

#[test]
fn misere_outcomes_of_bash_follow_n_mod_m_plus_1() {
    // Take 1..3: misère P-positions are n % 4 == 1.
    let bash3 = "awk '{ s = \"\"; for (k = 1; k <= 3 && k <= $1; k++) s = s (s == \"\" ? \"\" : \";\") $1 - k; print s }'";
    let report = json(&["explore", "--moves", bash3, "--box", "0..40", "--misere", "--json"]);
    let o = report["outcomes"].as_str().unwrap();
    for (n, c) in o.bytes().enumerate() {
        assert_eq!(c == b'P', n % 4 == 1, "n = {n}");
    }
    assert_eq!(report["patterns"][0]["covers"], "outcomes");
}

#[test]
fn broken_programs_end_in_one_clear_error() {
    let cases: &[(&str, &str)] = &[
        ("exit 3", "failed (exit status: 3)"),
        ("awk '{ print $1 \" \" $1 }'", "has more than 1 coordinates"),
        ("awk '{ print \"x\" }'", "'x' is not a whole number"),
        ("yes 1", "more lines than"),
        ("true", "no line for position"),
        ("awk '{ print \"\" } END { print 5 }'", "more lines than"),
        ("sleep 700", "did not finish within"),
        ("definitely-not-a-command-xyz", "command not found"),
    ];
    for (cmd, want) in cases {
        // `sleep 700` outlasts the hang cap: a --timeout not honoured fails the test.
        let out =
            common::games_or_hang(&["explore", "--moves", cmd, "--box", "0..5", "--timeout", "1"]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{cmd}: {err}");
        assert_eq!(err.lines().count(), 1, "{cmd}: {err}");
        assert!(err.contains(want), "{cmd}: {err}");
    }
}

#[test]
fn an_escaped_child_of_a_moves_program_does_not_outlive_it() {
    let dir = temp_dir("orphan");
    let pidfile = dir.join("pid");
    // The escaped child writes its pid (the program waits for it: its readiness line), then
    // sleeps past the hang cap: it must be gone once games explore has ended.
    let cmd = format!(
        "(setsid sh -c 'echo $$ > {p}.tmp; mv {p}.tmp {p}; exec sleep 700' &) ; \
         while [ ! -s {p} ]; do sleep 0.01; done; awk '{{ print \"\" }}'",
        p = pidfile.display()
    );
    let out = games(&["explore", "--moves", &cmd, "--box", "0..3"], b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let pid: u32 = std::fs::read_to_string(&pidfile).unwrap().trim().parse().unwrap();
    let gone = !common::alive(pid);
    if !gone {
        let _ = std::process::Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    assert!(gone, "the escaped child {pid} ran on after games explore ended");
}

#[test]
fn the_position_budget_stops_an_endless_game() {
    let up = "awk '{ print $1 + 1 }'";
    let out = games(&["explore", "--moves", up, "--box", "0..3", "--max-positions", "1000"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("more than 1000 positions"), "{}", text(&out.stderr));
}

#[test]
fn bad_boxes_and_positions_are_usage_errors() {
    for args in [
        &["explore", "--moves", "true", "--box", "3..1"][..],
        &["explore", "--moves", "true", "--box", "0..a"],
        &["explore", "--moves", "true", "--box", "0..1^17"],
        &["explore", "--moves", "true", "--box", "0..1^0"],
        &["explore", "--moves", "true", "--box", "0..9", "--at", "1,2"],
        &["explore", "--moves", "true", "--box", "0..9", "--at", "-1"],
        &["explore", "--box", "0..9"],
    ] {
        let out = games(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
    }
}

#[test]
fn the_grid_marks_p_positions_and_labels_both_axes() {
    let out = games(&["explore", "--moves", NIM2, "--box", "0..3,0..3"], b"");
    let t = text(&out.stdout);
    assert!(t.contains("a\\b  0  1  2  3\n  0 0*  1  2  3\n  1  1 0*  3  2\n"), "{t}");
}

#[test]
fn the_svg_shows_p_positions() {
    let dir = temp_dir("svg");
    let path = dir.join("w.svg");
    let out = games(
        &[
            "explore",
            "--moves",
            WYTHOFF,
            "--box",
            "0..30,0..30",
            "--no-table",
            "--svg",
            path.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // The black cells (24-pixel squares from (40, 40); a rectangle may span a run of them) are
    // exactly Wythoff's P-positions in the box, by the mex rule: a_k the least number not yet
    // used, b_k = a_k + k (the picture is symmetric, so either axis may be a).
    let attr = |tag: &str, name: &str| -> u64 {
        let from = tag.find(&format!(" {name}=\"")).expect("attribute") + name.len() + 3;
        tag[from..].split('"').next().unwrap().parse().unwrap()
    };
    let mut black = std::collections::BTreeSet::new();
    for tag in svg.split('<').filter(|t| t.starts_with("rect ") && t.contains("#000000")) {
        let (x, y, w, h) =
            (attr(tag, "x"), attr(tag, "y"), attr(tag, "width"), attr(tag, "height"));
        for i in 0..w / 24 {
            for j in 0..h / 24 {
                black.insert(((x - 40) / 24 + i, (y - 40) / 24 + j));
            }
        }
    }
    let mut p_positions = std::collections::BTreeSet::new();
    let mut used = std::collections::BTreeSet::new();
    for k in 0..=30u64 {
        let a = (0..).find(|v| !used.contains(v)).unwrap();
        used.extend([a, a + k]);
        for (x, y) in [(a, a + k), (a + k, a)] {
            if x <= 30 && y <= 30 {
                p_positions.insert((x, y));
            }
        }
    }
    assert_eq!(black, p_positions);
}
