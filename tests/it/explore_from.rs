//! `games explore --from` (issue 45): positions as lines of text, explored from the asked ones,
//! in every kind of value, against searches written here that share no code with `games`:
//! - forests of rooted trees, where a move deletes a vertex and its children's subtrees become
//!   separate trees (the program prints each option as a sum of trees): Grundy values against a
//!   search over whole forests (mex over every move of the forest, no Sprague-Grundy sums);
//! - lists of 100 heaps (take 1 or 2 from one heap; the program prints sorted lists, so the
//!   positions met are multisets) against a search over sorted lists, and the same game given
//!   three integer coordinates in a box against the same positions given as text, in Grundy
//!   values, misère outcomes and remoteness;
//! - a game that can go on for ever (draws and Smith's values) against the same graph in a box;
//! - the interval scoring game against a minimax written here; partizan strings of L and R
//!   against the same game counted in a box, with sums;
//! - faults: a reserved character in a reply, a bad line of --from-file (the lines before it
//!   answered), the position budget, and the options refused with --from.
//!
//! Without python3 they fail, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{games, temp_dir, text};
use games::rng::Rng;
use std::collections::HashMap;
use std::path::Path;

fn have_python() -> bool {
    common::have_python("the --from tests")
}

fn write(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    format!("python3 {}", path.display())
}

/// The answer lines of a report: `at TEXT: ...` -> (TEXT, the rest).
fn answers(out: &[u8]) -> Vec<(String, String)> {
    text(out)
        .lines()
        .filter_map(|l| l.strip_prefix("at "))
        .filter_map(|l| l.split_once(": "))
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// `value 3, ...` -> 3.
fn value_of(answer: &str) -> String {
    answer.strip_prefix("value ").and_then(|r| r.split(',').next()).unwrap_or("?").to_string()
}

// ---- forests of rooted trees ---------------------------------------------------------------

/// A rooted tree: its children.
#[derive(Clone, Debug)]
struct Tree(Vec<Tree>);

impl Tree {
    fn canon(&self) -> String {
        let mut kids: Vec<String> = self.0.iter().map(Tree::canon).collect();
        kids.sort();
        format!("[{}]", kids.concat())
    }

    /// Every move in this tree: what is left of it (None: nothing) and the freed subtrees.
    fn moves(&self) -> Vec<(Option<Tree>, Vec<Tree>)> {
        let mut out = vec![(None, self.0.clone())];
        for (i, child) in self.0.iter().enumerate() {
            for (rest, freed) in child.moves() {
                let mut kids = self.0.clone();
                match rest {
                    Some(r) => kids[i] = r,
                    None => {
                        kids.remove(i);
                    }
                }
                out.push((Some(Tree(kids)), freed));
            }
        }
        out
    }
}

fn random_tree(rng: &mut Rng, n: usize) -> Tree {
    // Parent array: vertex v > 0 hangs below a random earlier vertex.
    let parent: Vec<usize> = (1..n).map(|v| rng.below(v as u64) as usize).collect();
    fn build(v: usize, parent: &[usize]) -> Tree {
        let kids = (1..=parent.len()).filter(|&w| parent[w - 1] == v).map(|w| build(w, parent));
        Tree(kids.collect())
    }
    build(0, &parent)
}

/// The Grundy value of a forest by a search over whole forests (no sums).
fn forest_grundy(forest: &[Tree], memo: &mut HashMap<String, u32>) -> u32 {
    let mut key: Vec<String> = forest.iter().map(Tree::canon).collect();
    key.sort();
    let key = key.join(",");
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let mut seen = Vec::new();
    for (i, t) in forest.iter().enumerate() {
        for (rest, freed) in t.moves() {
            let mut next: Vec<Tree> = forest.to_vec();
            next.remove(i);
            next.extend(rest);
            next.extend(freed);
            seen.push(forest_grundy(&next, memo));
        }
    }
    let g = (0..).find(|g| !seen.contains(g)).unwrap();
    memo.insert(key, g);
    g
}

const FOREST: &str = r#"import sys
def parse(s, i=0):
    # s[i] == '[': returns (children, end)
    kids, i = [], i + 1
    while s[i] == '[':
        k, i = parse(s, i)
        kids.append(k)
    return kids, i + 1
def canon(kids):
    return "[" + "".join(sorted(canon(k) for k in kids)) + "]"
def moves(kids):
    out = [(None, kids)]
    for i, k in enumerate(kids):
        for rest, freed in moves(k):
            nk = kids[:i] + ([rest] if rest is not None else []) + kids[i + 1:]
            out.append((nk, freed))
    return out
for line in sys.stdin:
    kids, _ = parse(line.strip())
    opts = []
    for rest, freed in moves(kids):
        parts = ([canon(rest)] if rest is not None else []) + [canon(f) for f in freed]
        opts.append(" + ".join(parts) if parts else "()")
    print(";".join(opts), flush=True)
"#;

#[test]
fn forests_with_sums_agree_with_a_search_over_whole_forests() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-forest");
    let cmd = write(&dir, "forest.py", FOREST);
    let mut rng = Rng::new(4501);
    let mut memo = HashMap::new();
    let mut args: Vec<String> = vec!["explore".into(), "--stream".into(), "--moves".into(), cmd];
    let mut expected = Vec::new();
    for _ in 0..40 {
        let parts = 1 + rng.below(2) as usize;
        let forest: Vec<Tree> = (0..parts)
            .map(|_| {
                let n = 1 + rng.below(7) as usize;
                random_tree(&mut rng, n)
            })
            .collect();
        let asked: Vec<String> = forest.iter().map(Tree::canon).collect();
        let asked = asked.join(" + ");
        expected.push((asked.clone(), forest_grundy(&forest, &mut memo).to_string()));
        args.push("--from".into());
        args.push(asked);
    }
    assert!(memo.len() > 300, "the forests searched are too few to mean much: {}", memo.len());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = games(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got: Vec<(String, String)> =
        answers(&out.stdout).into_iter().map(|(a, r)| (a, value_of(&r))).collect();
    assert_eq!(got, expected);
    assert!(expected.iter().any(|(_, g)| g != "0") && expected.iter().any(|(_, g)| g == "0"));
    assert!(expected.iter().any(|(a, _)| a.contains(" + ")));
}

// ---- lists of heaps --------------------------------------------------------------------------

/// Take 1 or 2 from one heap of a list; `sorted` prints canonical (sorted, no zeros) lists, `box`
/// prints three coordinates as they are.
const LISTS: &str = r#"import sys
mode = sys.argv[1]
for line in sys.stdin:
    t = line.split()
    hs = [] if t == ["-"] else [int(x) for x in t]
    opts = {}
    for i, h in enumerate(hs):
        for k in (1, 2):
            if k <= h:
                n = hs[:i] + [h - k] + hs[i + 1:]
                if mode == "box":
                    opts[" ".join(map(str, n))] = 1
                else:
                    if mode == "sorted":
                        n = sorted(x for x in n if x > 0)
                    opts[" ".join(map(str, n)) if n else "-"] = 1
    print(";".join(opts), flush=True)
"#;

/// A list of heaps as a sorted list of its nonzero heaps (the canonical form).
fn sorted_list(hs: &[u8]) -> Vec<u8> {
    let mut key: Vec<u8> = hs.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    key
}

/// The options of a list (take 1 or 2 from one heap), each sorted.
fn list_options(hs: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for i in 0..hs.len() {
        for k in 1..=2u8.min(hs[i]) {
            let mut n = hs.to_vec();
            n[i] -= k;
            out.push(sorted_list(&n));
        }
    }
    out
}

/// The Grundy value of a list of heaps by a search over sorted lists.
fn list_grundy(hs: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    let key = sorted_list(hs);
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let seen: Vec<u32> = list_options(&key).iter().map(|n| list_grundy(n, memo)).collect();
    let g = (0..).find(|g| !seen.contains(g)).unwrap();
    memo.insert(key, g);
    g
}

#[test]
fn lists_of_a_hundred_heaps_agree_with_a_search_over_sorted_lists() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-lists");
    let cmd = write(&dir, "lists.py", LISTS);
    let mut rng = Rng::new(4502);
    let mut memo = HashMap::new();
    let mut args: Vec<String> =
        vec!["explore".into(), "--stream".into(), "--moves".into(), format!("{cmd} sorted")];
    let mut expected = Vec::new();
    for _ in 0..6 {
        let mut hs: Vec<u8> = (0..100).map(|_| 1 + rng.below(2) as u8).collect();
        hs.sort_unstable();
        let asked = hs.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        expected.push((asked.clone(), list_grundy(&hs, &mut memo).to_string()));
        args.extend(["--from".to_string(), asked]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = games(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got: Vec<(String, String)> =
        answers(&out.stdout).into_iter().map(|(a, r)| (a, value_of(&r))).collect();
    assert_eq!(got, expected);
    // The canonical lists are multisets: far fewer positions than lists.
    let head = text(&out.stdout);
    let met: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("# ")?.split_once(" positions reached"))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap();
    assert!(met <= 101 * 102 / 2, "{met} positions for multisets of 100 heaps of 0..2");
}

/// The same positions given as three integer coordinates in a box and as text: the same
/// answers, in Grundy values, misère outcomes and remoteness.
#[test]
fn text_positions_answer_as_the_box_does_in_every_impartial_kind() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-box");
    let cmd = write(&dir, "lists.py", LISTS);
    let mut rng = Rng::new(4503);
    let asked: Vec<[u64; 3]> =
        (0..25).map(|_| [rng.below(6), rng.below(6), rng.below(6)]).collect();
    for kind in [None, Some("--misere"), Some("--remoteness")] {
        let mut boxed = vec!["explore", "--box", "0..5^3", "--no-table", "--patterns", "0"];
        let bcmd = format!("{cmd} box");
        boxed.extend(["--moves", bcmd.as_str()]);
        let mut texted = vec!["explore"];
        let tcmd = format!("{cmd} plain");
        texted.extend(["--moves", tcmd.as_str()]);
        if let Some(k) = kind {
            boxed.push(k);
            texted.push(k);
        }
        let shown: Vec<(String, String)> = asked
            .iter()
            .map(|p| (format!("{},{},{}", p[0], p[1], p[2]), format!("{} {} {}", p[0], p[1], p[2])))
            .collect();
        for (comma, spaced) in &shown {
            boxed.extend(["--at", comma.as_str()]);
            texted.extend(["--from", spaced.as_str()]);
        }
        let b = games(&boxed, b"");
        let t = games(&texted, b"");
        assert!(b.status.success() && t.status.success(), "{}{}", text(&b.stderr), text(&t.stderr));
        let strip = |s: &str| s.replace(" (computed)", "");
        let from_box: Vec<String> =
            answers(&b.stdout).into_iter().map(|(_, r)| strip(&r)).collect();
        let from_text: Vec<String> =
            answers(&t.stdout).into_iter().map(|(_, r)| strip(&r)).collect();
        assert_eq!(from_box.len(), asked.len(), "{}", text(&b.stdout));
        // The box's remoteness lines put the outcome first, as the text ones do; misère box
        // answers say `value unknown` where the text ones print no value.
        let norm = |s: &String| s.replace("value unknown, ", "");
        let from_box: Vec<String> = from_box.iter().map(norm).collect();
        assert_eq!(from_box, from_text, "{kind:?}");
    }
}

// ---- loopy games ----------------------------------------------------------------------------

#[test]
fn a_game_that_can_go_on_for_ever_has_the_values_of_the_same_graph_in_a_box() {
    if !have_python() {
        return;
    }
    // Names for the text game, numbers for the box; the same arcs.
    let arcs: &[(usize, &[usize])] =
        &[(0, &[1]), (1, &[0, 2]), (2, &[]), (3, &[4]), (4, &[3]), (5, &[3, 2]), (6, &[5, 0, 2])];
    let names = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"];
    let dir = temp_dir("explore-from-loopy");
    let table: Vec<String> = arcs
        .iter()
        .map(|(v, to)| {
            let t: Vec<String> = to.iter().map(|&w| format!("\"{}\"", names[w])).collect();
            let n: Vec<String> = to.iter().map(|w| format!("\"{w}\"")).collect();
            format!("\"{}\": [{}], \"{v}\": [{}]", names[*v], t.join(","), n.join(","))
        })
        .collect();
    let body = format!(
        "import sys\nG = {{{}}}\nfor line in sys.stdin:\n    print(';'.join(G[line.strip()]), flush=True)\n",
        table.join(", ")
    );
    let cmd = write(&dir, "loopy.py", &body);
    let mut texted = vec!["explore", "--moves", cmd.as_str()];
    for n in names {
        texted.extend(["--from", n]);
    }
    let boxed =
        ["explore", "--moves", cmd.as_str(), "--box", "0..6", "--no-table", "--patterns", "0"];
    let mut boxed = boxed.to_vec();
    let at: Vec<String> = (0..names.len()).map(|v| v.to_string()).collect();
    for a in &at {
        boxed.extend(["--at", a.as_str()]);
    }
    let t = games(&texted, b"");
    let b = games(&boxed, b"");
    assert!(t.status.success() && b.status.success(), "{}{}", text(&t.stderr), text(&b.stderr));
    let from_text: Vec<String> = answers(&t.stdout).into_iter().map(|(_, r)| r).collect();
    let from_box: Vec<String> = answers(&b.stdout).into_iter().map(|(_, r)| r).collect();
    assert_eq!(from_text, from_box);
    // dee <-> eve only: a draw.
    assert!(from_text[3].contains("outcome D"), "{from_text:?}");
}

// ---- scores and partizan values -------------------------------------------------------------

const COINS: &str = r#"import sys
for line in sys.stdin:
    c = line.split()
    if c == ["-"]:
        print("= 0", flush=True)
        continue
    o = []
    for rest, g in ((c[1:], c[0]), (c[:-1], c[-1])):
        o.append((" ".join(rest) if rest else "-") + " @ " + g)
    print(";".join(o), flush=True)
"#;

fn interval(c: &[i64]) -> i64 {
    if c.is_empty() {
        return 0;
    }
    let n = c.len();
    (c[0] - interval(&c[1..])).max(c[n - 1] - interval(&c[..n - 1]))
}

#[test]
fn rows_of_coins_score_as_a_minimax_over_every_play() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-coins");
    let cmd = write(&dir, "coins.py", COINS);
    let mut rng = Rng::new(4504);
    let mut args = vec!["explore".to_string(), "--score".into(), "--moves".into(), cmd];
    let mut expected = Vec::new();
    for _ in 0..12 {
        let c: Vec<i64> = (0..1 + rng.below(10)).map(|_| rng.below(50) as i64).collect();
        let asked = c.iter().map(i64::to_string).collect::<Vec<_>>().join(" ");
        expected.push(format!("value {}", interval(&c)));
        args.extend(["--from".to_string(), asked]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = games(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got: Vec<String> = answers(&out.stdout)
        .into_iter()
        .map(|(_, r)| r.split(',').next().unwrap().to_string())
        .collect();
    assert_eq!(got, expected);
}

/// Strings of L and R: Left deletes an L, Right an R. As text, and counted (#L, #R) in a box.
const STRINGS: &str = r#"import sys
box = sys.argv[1] == "box"
for line in sys.stdin:
    s = line.strip()
    if box:
        a, b = map(int, s.split())
        l = f"{a - 1} {b}" if a else ""
        r = f"{a} {b - 1}" if b else ""
    else:
        s = "" if s == "e" else s
        l = ";".join(sorted({(s[:i] + s[i + 1:]) or "e" for i, c in enumerate(s) if c == "L"}))
        r = ";".join(sorted({(s[:i] + s[i + 1:]) or "e" for i, c in enumerate(s) if c == "R"}))
    print(l + " | " + r, flush=True)
"#;

#[test]
fn partizan_strings_and_their_sums_agree_with_the_counted_game_in_a_box() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-partizan");
    let cmd = write(&dir, "strings.py", STRINGS);
    let mut rng = Rng::new(4505);
    let word = |rng: &mut Rng| -> String {
        let n = 1 + rng.below(6);
        (0..n).map(|_| if rng.below(2) == 0 { 'L' } else { 'R' }).collect()
    };
    let count = |w: &str| (w.matches('L').count(), w.matches('R').count());
    let (tcmd, bcmd) = (format!("{cmd} text"), format!("{cmd} box"));
    let mut texted = vec!["explore".to_string(), "--partizan".into(), "--moves".into(), tcmd];
    let mut boxed = vec!["explore".to_string(), "--partizan".into(), "--moves".into(), bcmd];
    boxed.extend(["--box".into(), "0..6,0..6".into(), "--no-table".into()]);
    for _ in 0..15 {
        let (a, b) = (word(&mut rng), word(&mut rng));
        let ((la, ra), (lb, rb)) = (count(&a), count(&b));
        texted.extend(["--from".to_string(), format!("{a} + {b}")]);
        boxed.extend(["--at".to_string(), format!("{la},{ra} + {lb},{rb}")]);
    }
    let run = |args: &[String]| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = games(&args, b"");
        assert!(out.status.success(), "{}", text(&out.stderr));
        answers(&out.stdout).into_iter().map(|(_, r)| r).collect::<Vec<_>>()
    };
    assert_eq!(run(&texted), run(&boxed));
}

// ---- faults ---------------------------------------------------------------------------------

#[test]
fn faults_end_in_one_line_and_the_lines_before_a_bad_one_are_answered() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-faults");
    let cmd = write(&dir, "lists.py", LISTS);
    let plain = format!("{cmd} sorted");
    // A reserved character in a reply names the position asked.
    let bad = write(&dir, "bad.py", "import sys\nfor line in sys.stdin:\n    print('a;b|c')\n");
    let out = games(&["explore", "--moves", &bad, "--from", "x"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("position 'x'") && err.contains("'|'"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // A bad line of --from-file: line and column, the lines before it answered, exit 1.
    let file = dir.join("asked.txt");
    std::fs::write(&file, "1 2\n\n2 2 + 1\n3 3 + 1;2\n1\n").unwrap();
    let f = file.display().to_string();
    let out = games(&["explore", "--moves", &plain, "--from-file", &f], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(answers(&out.stdout).len(), 2, "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(err.contains("line 4, column 7"), "{err}");
    // The budget of positions.
    let out = games(
        &["explore", "--moves", &plain, "--from", "5 5 5 5 5 5", "--max-positions", "20"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--max-positions"), "{}", text(&out.stderr));
    // Refused with --from (exit 2, nothing on standard output).
    for extra in [&["--at", "3"][..], &["--box", "0..3"], &["--svg", "x.svg"], &["--multiset"]] {
        let mut args = vec!["explore", "--moves", &plain, "--from", "1 2"];
        args.extend_from_slice(extra);
        let out = games(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty());
    }
    let out = games(&["explore", "--remoteness", "--moves", &plain, "--from", "1 + 2"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("a sum of positions"));
}

#[test]
fn batches_and_stream_give_the_same_answers() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-stream");
    let cmd = write(&dir, "forest.py", FOREST);
    let asked = ["[[][[]]]", "[[[][]][]] + [[]]", "[]"];
    let mut a = vec!["explore", "--moves", cmd.as_str(), "--json"];
    for p in asked {
        a.extend(["--from", p]);
    }
    let batch = games(&a, b"");
    a.push("--stream");
    let stream = games(&a, b"");
    assert!(batch.status.success(), "{}", text(&batch.stderr));
    assert_eq!(text(&batch.stdout), text(&stream.stdout));
    let json: serde_json::Value = serde_json::from_slice(&batch.stdout).unwrap();
    assert_eq!(json["answers"].as_array().unwrap().len(), 3);
    assert_eq!(json["answers"][2]["value"], "1");
}

/// The moves of a set of parts, each option's parts sorted (the order a program prints the parts
/// of a sum in is its own).
fn move_set(moves: &str) -> std::collections::BTreeSet<String> {
    if moves == "none" {
        return Default::default();
    }
    moves
        .split("; ")
        .map(|m| {
            let mut parts: Vec<&str> = m.split(" + ").collect();
            parts.sort_unstable();
            parts.join(" + ")
        })
        .collect()
}

/// The `winning moves from POS to a P-position: MOVES (computed)` lines: (POS, the moves).
fn winning_lines(out: &[u8]) -> Vec<(String, std::collections::BTreeSet<String>)> {
    text(out)
        .lines()
        .filter_map(|l| l.strip_prefix("winning moves from "))
        .filter_map(|l| l.split_once(" to a P-position: "))
        .map(|(p, m)| (p.to_string(), move_set(m.trim_end_matches(" (computed)"))))
        .collect()
}

#[test]
fn winning_moves_of_trees_are_the_moves_to_forests_of_value_zero() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-winning");
    let cmd = write(&dir, "forest.py", FOREST);
    let mut rng = Rng::new(4506);
    let mut memo = HashMap::new();
    let mut args: Vec<String> = vec!["explore".into(), "--stream".into(), "--moves".into(), cmd];
    args.extend(["--from".into(), "[]".into()]);
    let mut expected = Vec::new();
    for _ in 0..30 {
        let n = 2 + rng.below(7) as usize;
        let tree = random_tree(&mut rng, n);
        let mut wins = std::collections::BTreeSet::new();
        for (rest, freed) in tree.moves() {
            let forest: Vec<Tree> = rest.into_iter().chain(freed).collect();
            if forest_grundy(&forest, &mut memo) == 0 {
                let mut parts: Vec<String> = forest.iter().map(Tree::canon).collect();
                parts.sort_unstable();
                wins.insert(if parts.is_empty() { "()".to_string() } else { parts.join(" + ") });
            }
        }
        expected.push((tree.canon(), wins));
        args.extend(["--winning".into(), tree.canon()]);
    }
    assert!(
        expected.iter().any(|(_, w)| w.len() > 1) && expected.iter().any(|(_, w)| w.is_empty())
    );
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = games(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got = winning_lines(&out.stdout);
    assert_eq!(got, expected);
}

/// Misère outcomes of sorted lists (take 1 or 2 from one heap): P when every option is N; no
/// move: N (the player who cannot move wins).
fn misere_p(hs: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    let key = sorted_list(hs);
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let options = list_options(&key);
    let p = !options.is_empty() && options.iter().all(|n| !misere_p(n, memo));
    memo.insert(key, p);
    p
}

#[test]
fn misere_winning_moves_of_lists_agree_with_a_search() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-misere-winning");
    let cmd = write(&dir, "lists.py", LISTS);
    let sorted = format!("{cmd} sorted");
    let mut rng = Rng::new(4507);
    let mut memo = HashMap::new();
    let mut args = vec!["explore", "--misere", "--moves", sorted.as_str(), "--from", "1"];
    let mut asked = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..20 {
        let mut hs: Vec<u8> = (0..1 + rng.below(5)).map(|_| 1 + rng.below(4) as u8).collect();
        hs.sort_unstable();
        let mut wins = std::collections::BTreeSet::new();
        if !misere_p(&hs, &mut memo) {
            for n in list_options(&hs) {
                if misere_p(&n, &mut memo) {
                    let t = n.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
                    wins.insert(if t.is_empty() { "-".to_string() } else { t });
                }
            }
        }
        let t = hs.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        expected.push((t.clone(), wins));
        asked.push(t);
    }
    for t in &asked {
        args.extend(["--winning", t.as_str()]);
    }
    let out = games(&args, b"");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got = winning_lines(&out.stdout);
    assert_eq!(got, expected);
    assert!(expected.iter().any(|(_, w)| !w.is_empty()));
}

/// Remoteness of sorted lists (take 1 or 2 from one heap), normal play: 0 without a move; a
/// won position wins as fast as it can, a lost one loses as slowly.
fn list_remoteness(hs: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    let key = sorted_list(hs);
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let rs: Vec<u32> = list_options(&key).iter().map(|n| list_remoteness(n, memo)).collect();
    let lost: Vec<u32> = rs.iter().copied().filter(|r| r % 2 == 0).collect();
    let r = match (rs.is_empty(), lost.iter().min()) {
        (true, _) => 0,
        (false, Some(&m)) => m + 1,
        (false, None) => rs.iter().max().unwrap() + 1,
    };
    memo.insert(key, r);
    r
}

#[test]
fn serve_plays_text_positions_perfectly_and_asks_the_program_once() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("explore-from-serve");
    let log = dir.join("starts.log");
    let body = LISTS.replacen(
        "mode = sys.argv[1]\n",
        &format!(
            "mode = sys.argv[1]\nopen({:?}, 'a').write('start\\n')\n",
            log.display().to_string()
        ),
        1,
    );
    let cmd = write(&dir, "lists.py", &body);
    let sorted = format!("{cmd} sorted");
    let start = "1 2 2 3 3 4";
    let mut memo = HashMap::new();
    // Positions reachable from the start, each asked for its value and its best move.
    let mut rng = Rng::new(4508);
    let mut requests = String::new();
    let mut asked = Vec::new();
    for _ in 0..40 {
        let hs: Vec<u8> =
            [1u8, 2, 2, 3, 3, 4].iter().map(|&h| rng.below(h as u64 + 1) as u8).collect();
        let mut hs: Vec<u8> = hs.into_iter().filter(|&h| h > 0).collect();
        hs.sort_unstable();
        if hs.is_empty() {
            continue;
        }
        let t = hs.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        requests.push_str(&format!("{t} ?\n{t}\n"));
        asked.push(hs);
    }
    let args = ["explore", "--serve", "--stream", "--moves", sorted.as_str(), "--from", start];
    let out = games(&args, requests.as_bytes());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let replies = text(&out.stdout);
    let lines: Vec<&str> = replies.lines().collect();
    assert_eq!(lines.len(), 2 * asked.len(), "{replies}");
    for (hs, pair) in asked.iter().zip(lines.chunks(2)) {
        let r = list_remoteness(hs, &mut memo);
        let want = format!("{} {r}", if r % 2 == 1 { 'N' } else { 'P' });
        assert_eq!(pair[0], want, "{hs:?}");
        if r == 0 {
            assert_eq!(pair[1], "none");
            continue;
        }
        // The best move: an option of remoteness r - 1 (a lost one when r is odd).
        let next: Vec<u8> = if pair[1] == "-" {
            Vec::new()
        } else {
            pair[1].split(' ').map(|x| x.parse().unwrap()).collect()
        };
        assert_eq!(list_remoteness(&next, &mut memo), r - 1, "{hs:?} -> {}", pair[1]);
        assert!(list_options(hs).contains(&next), "{hs:?} -> {} is not a move", pair[1]);
    }
    let starts = std::fs::read_to_string(&log).unwrap().lines().count();
    assert_eq!(starts, 1, "the program was started {starts} times");
}
