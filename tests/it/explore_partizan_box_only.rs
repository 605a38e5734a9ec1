//! `games explore --partizan --list` and `--count` print the box without the pattern search
//! (issue 43, item 6): `GAMES_EXPLORE_TIMING` shows the phases run, and the search's phases
//! (a detector line, `pattern search`) are absent from them while the whole report has them.
//! And a differential over random games (Left and Right subtract different random vectors from
//! two heaps, some moves shared, so that stars and switches come too): `--list all` (text and
//! JSON) names the positions, values and outcomes of the whole report's table, and `--count`
//! tallies them, class by class and value by value, as this test counts them from that table.
//! The values themselves are checked by minimax in `explore_kind_outputs.rs`. Without python3
//! they fail, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{temp_dir, text};
use games::rng::Rng;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn have_python() -> bool {
    common::have_python("the partizan --list/--count tests")
}

/// Left subtracts one of the vectors `L`, Right one of `R` (argv[1]: the JSON rule).
const MOVES: &str = r#"import sys, json
spec = json.load(open(sys.argv[1]))
def side(vs, a, b):
    return ';'.join(f'{a - x} {b - y}' for x, y in vs if x <= a and y <= b)
for line in sys.stdin:
    a, b = map(int, line.split())
    print(side(spec['L'], a, b) + ' | ' + side(spec['R'], a, b), flush=True)
"#;

fn explore(cmd: &str, spec: &str, more: &[&str], timing: bool) -> Output {
    let mut c = Command::new(common::GAMES);
    c.args(["explore", "--partizan", "--moves", cmd, "--box", spec]).args(more);
    if timing {
        c.env("GAMES_EXPLORE_TIMING", "1");
    }
    let out = c.stdin(Stdio::null()).output().unwrap();
    assert!(out.status.success(), "{spec} {more:?}: {}", text(&out.stderr));
    out
}

/// The phases `GAMES_EXPLORE_TIMING` names, without their times.
fn phases(out: &Output) -> Vec<String> {
    let err = text(&out.stderr);
    let phase = |l: &str| l.strip_prefix("explore timing: ").map(|p| p.to_string());
    err.lines().filter_map(phase).collect()
}

fn searched(phases: &[String]) -> bool {
    phases.iter().any(|p| p.starts_with("detector ") || p.starts_with("pattern search"))
}

fn rule(dir: &Path, id: usize, left: &[(u64, u64)], right: &[(u64, u64)]) -> String {
    let moves = dir.join("moves.py");
    if !moves.exists() {
        std::fs::write(&moves, MOVES).unwrap();
    }
    let spec = dir.join(format!("rule{id}.json"));
    let json = serde_json::json!({ "L": left, "R": right });
    std::fs::write(&spec, json.to_string()).unwrap();
    format!("python3 {} {}", moves.display(), spec.display())
}

#[test]
fn list_and_count_run_no_pattern_search() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-box-only");
    // Shared moves (1, 0) make stars; the forms go through the search of the forms too.
    for (id, left, right) in
        [(0, vec![(1, 0), (0, 2)], vec![(0, 1)]), (1, vec![(1, 0)], vec![(1, 0), (0, 1)])]
    {
        let cmd = rule(&dir, id, &left, &right);
        let whole = phases(&explore(&cmd, "0..12,0..9", &[], true));
        assert!(searched(&whole), "the report runs the search: {whole:?}");
        for more in [
            &["--count"][..],
            &["--count", "--json"],
            &["--list", "P"],
            &["--list", "all", "--json"],
        ] {
            let got = phases(&explore(&cmd, "0..12,0..9", more, true));
            assert!(!searched(&got), "{more:?} ran the pattern search: {got:?}");
            assert!(got.iter().any(|p| p.contains("no pattern search")), "{more:?}: {got:?}");
        }
    }
}

/// The vectors one player subtracts.
type Side = Vec<(u64, u64)>;

/// A random rule: 1 to 3 vectors a side, one of them at times shared.
fn random_rule(rng: &mut Rng) -> (Side, Side) {
    let side = |rng: &mut Rng| {
        let n = 1 + rng.below(3) as usize;
        let mut vs: Side = Vec::new();
        while vs.len() < n {
            let v = (rng.below(3), rng.below(3));
            if v != (0, 0) && !vs.contains(&v) {
                vs.push(v);
            }
        }
        vs
    };
    let left = side(rng);
    let mut right = side(rng);
    if rng.below(2) == 0 && !right.contains(&left[0]) {
        right.push(left[0]);
    }
    (left, right)
}

/// (position, value, outcome) of each entry of a JSON `positions` array.
fn cells(doc: &serde_json::Value) -> Vec<(String, String, String)> {
    let s = |v: &serde_json::Value| v.as_str().unwrap().to_string();
    let cell =
        |c: &serde_json::Value| (c["position"].to_string(), s(&c["value"]), s(&c["outcome"]));
    doc["positions"].as_array().unwrap().iter().map(cell).collect()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn list_and_count_agree_with_the_whole_report() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("p-box-diff");
    let mut rng = Rng::new(0x43_6a);
    let mut forms = 0;
    for id in 0..16 {
        let (left, right) = random_rule(&mut rng);
        let cmd = rule(&dir, id, &left, &right);
        let spec = format!("0..{},0..{}", 1 + rng.below(6), 1 + rng.below(6));
        let table = cells(&json(&explore(&cmd, &spec, &["--json"], false)));
        let listed = cells(&json(&explore(&cmd, &spec, &["--list", "all", "--json"], false)));
        assert_eq!(listed, table, "{spec} L {left:?} R {right:?}");
        let lines = text(&explore(&cmd, &spec, &["--list", "all"], false).stdout);
        let want: String = table
            .iter()
            .map(|(p, v, o)| {
                let p = p.trim_matches(['[', ']']).replace(',', " ");
                format!("{p} {v} {o}\n")
            })
            .collect();
        assert_eq!(lines, want, "{spec} L {left:?} R {right:?}");
        // The tally, counted here from the report's table.
        let tally = json(&explore(&cmd, &spec, &["--count", "--json"], false));
        assert_eq!(tally["positions"], table.len(), "{spec}");
        for o in ["L", "R", "N", "P"] {
            let n = table.iter().filter(|c| c.2 == o).count();
            assert_eq!(tally[o], n, "{spec} L {left:?} R {right:?}: {o}");
        }
        let said = text(&explore(&cmd, &spec, &["--count"], false).stdout);
        let mut want = format!("positions {}\n", table.len());
        for o in ["L", "R", "N", "P"] {
            want += &format!("{o} {}\n", tally[o]);
        }
        for e in tally["values"].as_array().unwrap() {
            want += &format!("value {} {}\n", e["value"].as_str().unwrap(), e["count"]);
        }
        assert_eq!(said, want, "{spec} L {left:?} R {right:?}");
        let mut values: BTreeMap<String, u64> = BTreeMap::new();
        for (_, v, _) in &table {
            *values.entry(v.clone()).or_default() += 1;
        }
        let counted: BTreeMap<String, u64> = tally["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["value"].as_str().unwrap().to_string(), e["count"].as_u64().unwrap()))
            .collect();
        assert_eq!(counted, values, "{spec} L {left:?} R {right:?}");
        forms += usize::from(values.keys().any(|v| v.contains(['*', '{', '^', '↑'])));
    }
    assert!(forms > 0, "no random game had a value that is not a number");
}
