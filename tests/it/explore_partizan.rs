//! `games explore --partizan` through the binary: Python moves programs over random L|R option
//! DAGs (options that are sums included) against exhaustive play written here: whole sums of
//! positions played out by minimax, no values. Checked: every outcome class; equal value
//! strings exactly when the difference is a second-player win; a number `x` or a nimber `*n`
//! printed only when the position minus that number or nimber (built here from Conway's
//! definitions) is a second-player win; the "all numbers?" verdict; bad replies. Without
//! python3 they fail, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{games, temp_dir, text};
use games::rng::Rng;
use std::collections::HashMap;

fn have_python() -> bool {
    common::have_python("the partizan explore tests")
}

/// A node of the play: a DAG position, a number `m / 2^k`, or a nimber; possibly negated.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
enum Node {
    Pos(usize),
    Num(i64, u32),
    Star(u32),
}

type Memo = HashMap<(Vec<(Node, bool)>, bool), bool>;

struct Dag {
    left: Vec<Vec<Vec<usize>>>,
    right: Vec<Vec<Vec<usize>>>,
}

impl Dag {
    /// The options of `node` for Left (`left`) as lists of nodes (a sum's parts).
    fn options(&self, node: Node, left: bool) -> Vec<Vec<Node>> {
        match node {
            Node::Pos(v) => {
                let o = if left { &self.left[v] } else { &self.right[v] };
                o.iter().map(|parts| parts.iter().map(|&w| Node::Pos(w)).collect()).collect()
            }
            // Conway's definition: n = {n-1 | } for n > 0, m/2^k = {(m-1)/2^k | (m+1)/2^k}
            Node::Num(m, k) => {
                let norm = |mut m: i64, mut k: u32| {
                    while k > 0 && m % 2 == 0 {
                        m /= 2;
                        k -= 1;
                    }
                    Node::Num(m, k)
                };
                if k > 0 {
                    vec![vec![norm(if left { m - 1 } else { m + 1 }, k)]]
                } else if m > 0 && left {
                    vec![vec![Node::Num(m - 1, 0)]]
                } else if m < 0 && !left {
                    vec![vec![Node::Num(m + 1, 0)]]
                } else {
                    vec![]
                }
            }
            Node::Star(n) => (0..n).map(|i| vec![Node::Star(i)]).collect(),
        }
    }

    /// Does the player to move win the sum `ps` (each node with a negation flag)?
    fn wins(&self, ps: &[(Node, bool)], left: bool, memo: &mut Memo) -> bool {
        let mut key = ps.to_vec();
        key.sort();
        if let Some(&w) = memo.get(&(key.clone(), left)) {
            return w;
        }
        let mut win = false;
        'all: for (i, &(node, neg)) in ps.iter().enumerate() {
            for parts in self.options(node, left != neg) {
                let mut next: Vec<(Node, bool)> = ps.to_vec();
                next.remove(i);
                next.extend(parts.into_iter().map(|p| (p, neg)));
                if !self.wins(&next, !left, memo) {
                    win = true;
                    break 'all;
                }
            }
        }
        memo.insert((key, left), win);
        win
    }

    fn is_zero(&self, ps: &[(Node, bool)], memo: &mut Memo) -> bool {
        !self.wins(ps, true, memo) && !self.wins(ps, false, memo)
    }
}

fn random_dag(rng: &mut Rng, n: usize, sums: bool) -> Dag {
    let mut dag = Dag { left: vec![Vec::new(); n], right: vec![Vec::new(); n] };
    for v in 1..n {
        for side in [&mut dag.left, &mut dag.right] {
            for _ in 0..rng.below(3) {
                let parts = if sums && rng.chance(1, 4) { 2 } else { 1 };
                side[v].push((0..parts).map(|_| rng.index(v)).collect());
            }
        }
    }
    dag
}

fn side_text(opts: &[Vec<usize>]) -> String {
    opts.iter()
        .map(|o| o.iter().map(|w| w.to_string()).collect::<Vec<_>>().join(" + "))
        .collect::<Vec<_>>()
        .join(";")
}

/// A Python moves program that looks the replies up in `file`.
fn program(file: &std::path::Path) -> String {
    format!(
        "python3 -c 'import sys\nt = open(\"{}\").read().split(\"\\n\")\nfor l in sys.stdin: print(t[int(l)])'",
        file.display()
    )
}

/// Parses `3/4`, `-2`, `*`, `*3`; `None` for anything else.
fn parse_simple(v: &str) -> Option<Node> {
    if let Some(rest) = v.strip_prefix('*') {
        return Some(Node::Star(if rest.is_empty() { 1 } else { rest.parse().ok()? }));
    }
    let (num, den) = v.split_once('/').unwrap_or((v, "1"));
    let m: i64 = num.parse().ok()?;
    let d: u64 = den.parse().ok()?;
    Some(Node::Num(m, d.trailing_zeros()))
}

#[test]
fn random_dags_against_exhaustive_play() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("partizan");
    let mut rng = Rng::new(2027);
    let mut non_numbers = 0;
    for case in 0..40 {
        let n = 2 + rng.index(12);
        let dag = random_dag(&mut rng, n, case % 2 == 1);
        let lines: Vec<String> = (0..n)
            .map(|v| format!("{} | {}", side_text(&dag.left[v]), side_text(&dag.right[v])))
            .collect();
        let file = dir.join(format!("dag{case}.txt"));
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        let spec = format!("0..{}", n - 1);
        let out = games(
            &[
                "explore",
                "--partizan",
                "--moves",
                &program(&file),
                "--box",
                &spec,
                "--json",
                "--at",
                "0",
            ],
            b"",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let pos = doc["positions"].as_array().unwrap();
        assert_eq!(pos.len(), n);
        let mut memo = HashMap::new();
        let values: Vec<String> =
            pos.iter().map(|p| p["value"].as_str().unwrap().to_string()).collect();
        let mut first_non_number = None;
        for v in 0..n {
            let g = [(Node::Pos(v), false)];
            let want = match (dag.wins(&g, true, &mut memo), dag.wins(&g, false, &mut memo)) {
                (true, true) => "N",
                (true, false) => "L",
                (false, true) => "R",
                (false, false) => "P",
            };
            assert_eq!(pos[v]["outcome"], want, "case {case} position {v}: {lines:?}");
            for w in 0..n {
                let eq = dag.is_zero(&[(Node::Pos(v), false), (Node::Pos(w), true)], &mut memo);
                assert_eq!(values[v] == values[w], eq, "case {case}: {v} {w} {values:?} {lines:?}");
            }
            if let Some(x) = parse_simple(&values[v]) {
                assert!(
                    dag.is_zero(&[(Node::Pos(v), false), (x, true)], &mut memo),
                    "case {case}: {v} = {}",
                    values[v]
                );
            }
            let is_number = parse_simple(&values[v]).is_some_and(|x| matches!(x, Node::Num(..)));
            if !is_number && first_non_number.is_none() {
                first_non_number = Some(v);
                non_numbers += 1;
            }
        }
        assert_eq!(doc["all_numbers"], first_non_number.is_none());
        if let Some(v) = first_non_number {
            assert_eq!(doc["first_non_number"]["position"][0], v);
        }
        assert_eq!(doc["at"][0]["value"], "0");
    }
    assert!(non_numbers > 5);
}

#[test]
fn text_output_verdict_and_sums() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("partizan-text");
    // 0 = {|}, 1 = {0|} = 1, 2 = {0|1} = 1/2, 3 = {2 + 2 | } : 1/2 + 1/2 = 1 -> {1|} = 2,
    // 4 = {1|0} a switch
    let file = dir.join("t.txt");
    std::fs::write(&file, " | \n0 | \n0 | 1\n2 + 2 | \n1 | 0\n").unwrap();
    let out = games(
        &["explore", "--partizan", "--moves", &program(&file), "--box", "0..4", "--at", "3"],
        b"",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "position value outcome\n0 0 P\n1 1 L\n2 1/2 L\n3 2 L\n4 {1|0} N\n\
         all numbers: no; first at 4: {1|0} (a switch: Left's option 1 >= Right's option 0)\n\
         no pattern found: none of the families reproduces every value of the box (values not all numbers: only the families that copy values are searched)\n\
         at 3: value 2, outcome L (computed)\n"
    );
}

#[test]
fn bad_replies_name_the_position() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("partizan-bad");
    for (reply, part) in
        [("0 ; 0\n", "no '|'"), ("| 0 | 0\n", "2 '|'"), ("x | \n", "'x' is not a whole number")]
    {
        let file = dir.join("b.txt");
        std::fs::write(&file, format!(" | \n{reply}")).unwrap();
        let out =
            games(&["explore", "--partizan", "--moves", &program(&file), "--box", "0..1"], b"");
        assert_eq!(out.status.code(), Some(1));
        let err = text(&out.stderr);
        assert!(err.contains("reply to position '1'") && err.contains(part), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // a game that does not end
    let file = dir.join("loop.txt");
    std::fs::write(&file, "1 | \n0 | \n").unwrap();
    let out = games(&["explore", "--partizan", "--moves", &program(&file), "--box", "0..1"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("does not end"));
}

/// A chain leading out of the box one position at a time stops at `--max-starts` with one
/// line, and a reply's control bytes are escaped in the error (no ESC reaches the terminal).
#[test]
fn chains_are_bounded_and_replies_escaped() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("partizan-chain");
    let chain = dir.join("chain.py");
    std::fs::write(
        &chain,
        "import sys\nfor line in sys.stdin:\n    n = int(line)\n    print(f'{n + 1} | ' if n < 100000 else ' | ', flush=True)\n",
    )
    .unwrap();
    let cmd = format!("python3 {}", chain.display());
    let args = ["explore", "--partizan", "--moves", &cmd, "--box", "0..0", "--max-starts", "20"];
    let out = games(&args, b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("started 20 times (--max-starts)"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let file = dir.join("esc.txt");
    std::fs::write(&file, " | \n\x1b[31mx | \n").unwrap();
    let out = games(&["explore", "--partizan", "--moves", &program(&file), "--box", "0..1"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(!err.contains('\x1b') && err.contains("\\u001b"), "{err}");
}
