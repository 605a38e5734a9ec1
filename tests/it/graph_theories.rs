//! `games graph --staircase`, `--every-root` and `--geography` against searches written here,
//! over the real positions of each game (never the theorems the tool uses):
//! - staircase Nim: the stone vectors, a move takes 1..=a_v stones from v to one successor;
//! - every root: the same search on the tree with every edge pointed at the root;
//! - Geography: (token, visited set) positions, a move to an unvisited neighbour.
//!
//! Each on thousands of random small graphs; the N answers' moves are checked to be legal
//! and to lead to a position the search calls P. Then large inputs (10^5 vertices) answered.

use crate::common;

use games::graph::{Mode, run_mode};
use games::out::Out;
use games::rng::Rng;
use games::scanner::Scanner;
use std::collections::HashMap;

fn answer(input: &str, mode: Mode) -> String {
    let mut sc = Scanner::new(input.as_bytes());
    let mut out = Out::new();
    run_mode(&mut sc, &mut out, mode).unwrap_or_else(|e| panic!("{input}: {e:?}"));
    String::from_utf8(out.into_bytes()).unwrap()
}

/// Does the player to move win staircase Nim at `pos` (`succ[v]`: the successors)?
fn stairs_win(succ: &[Vec<usize>], pos: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(&pos) {
        return w;
    }
    let mut win = false;
    'all: for v in 0..pos.len() {
        for &w in &succ[v] {
            for k in 1..=pos[v] {
                let mut q = pos.clone();
                q[v] -= k;
                q[w] += k;
                if !stairs_win(succ, q, memo) {
                    win = true;
                    break 'all;
                }
            }
        }
    }
    memo.insert(pos, win);
    win
}

/// Checks one verdict ("outcome X" then "move from to k" for N) against the search.
fn check_stairs(text: &str, succ: &[Vec<usize>], stones: &[u64], what: &str) {
    let mut memo = HashMap::new();
    let win = stairs_win(succ, stones.to_vec(), &mut memo);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1] == if win { "outcome N" } else { "outcome P" }, "{what}\n{text}");
    if win {
        let f: Vec<u64> = lines[2].split(' ').skip(1).map(|x| x.parse().unwrap()).collect();
        let (from, to, k) = (f[0] as usize - 1, f[1] as usize - 1, f[2]);
        assert!(succ[from].contains(&to) && (1..=stones[from]).contains(&k), "{what}\n{text}");
        let mut q = stones.to_vec();
        q[from] -= k;
        q[to] += k;
        assert!(!stairs_win(succ, q, &mut memo), "{what}: the move is not winning\n{text}");
    }
}

#[test]
fn staircase_on_random_dags_agrees_with_a_search_of_the_stones() {
    let mut rng = Rng::new(0x57a1);
    let (mut proved, mut searched) = (0, 0);
    for round in 0..2500 {
        let n = rng.range(1, 6) as usize;
        // Arcs from higher to lower numbers: a DAG (sometimes a rooted tree or a path).
        let mut arcs = Vec::new();
        for u in 1..n {
            if round % 3 == 0 {
                arcs.push((u, rng.range(0, u as u64 - 1) as usize));
            } else {
                arcs.extend((0..u).filter(|_| rng.chance(1, 3)).map(|v| (u, v)));
            }
        }
        let total_cap = if n > 4 { 4 } else { 6 };
        let mut stones: Vec<u64> = (0..n).map(|_| rng.range(0, 3)).collect();
        while stones.iter().sum::<u64>() > total_cap {
            let i = rng.range(0, n as u64 - 1) as usize;
            stones[i] = stones[i].saturating_sub(1);
        }
        let mut succ = vec![Vec::new(); n];
        arcs.iter().for_each(|&(u, v)| succ[u].push(v));
        let mut input = format!("{n} {}\n", arcs.len());
        arcs.iter().for_each(|(u, v)| input += &format!("{} {}\n", u + 1, v + 1));
        input += &stones.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
        let text = answer(&input, Mode::Staircase);
        if text.starts_with("staircase: proved") {
            proved += 1;
        } else {
            assert!(text.starts_with("staircase: searched"), "{input}\n{text}");
            searched += 1;
        }
        check_stairs(&text, &succ, &stones, &input);
    }
    assert!(proved > 1000 && searched > 200, "proved {proved}, searched {searched}");
}

#[test]
fn staircase_says_unknown_where_a_cycle_is_reachable() {
    let text = answer("3 3\n1 2\n2 3\n3 2\n1 0 0\n", Mode::Staircase);
    assert!(text.starts_with("staircase: unknown (vertex 1 reaches a cycle"), "{text}");
    // Stones that reach no cycle are decided.
    let text = answer("4 3\n1 2\n2 1\n3 4\n0 0 5 0\n", Mode::Staircase);
    assert_eq!(text.lines().nth(1), Some("outcome N"), "{text}");
}

/// A random tree on n vertices: (edges, neighbours).
fn random_tree(rng: &mut Rng, n: usize) -> Vec<(usize, usize)> {
    (1..n).map(|v| (rng.range(0, v as u64 - 1) as usize, v)).collect()
}

#[test]
fn every_root_agrees_with_a_search_on_the_tree_pointed_at_each_root() {
    let mut rng = Rng::new(0x2007);
    for _ in 0..600 {
        let n = rng.range(1, 6) as usize;
        let mut edges = random_tree(&mut rng, n);
        // Shuffle the labels and the ends.
        let mut label: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            label.swap(i, rng.range(0, i as u64) as usize);
        }
        edges.iter_mut().for_each(|e| {
            *e = if rng.chance(1, 2) { (label[e.0], label[e.1]) } else { (label[e.1], label[e.0]) }
        });
        let mut stones: Vec<u64> = (0..n).map(|_| rng.range(0, 2)).collect();
        while stones.iter().sum::<u64>() > 5 {
            let i = rng.range(0, n as u64 - 1) as usize;
            stones[i] = stones[i].saturating_sub(1);
        }
        let mut input = format!("{n} {}\n", n - 1);
        edges.iter().for_each(|(u, v)| input += &format!("{} {}\n", u + 1, v + 1));
        input += &stones.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
        let text = answer(&input, Mode::EveryRoot);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), n + 2, "{input}\n{text}");
        for r in 0..n {
            // The tree pointed at r: each vertex's successor is its neighbour toward r.
            let mut succ = vec![Vec::new(); n];
            let mut seen = vec![false; n];
            let mut queue = vec![r];
            seen[r] = true;
            while let Some(v) = queue.pop() {
                for &(a, b) in &edges {
                    for (x, y) in [(a, b), (b, a)] {
                        if x == v && !seen[y] {
                            seen[y] = true;
                            succ[y].push(v);
                            queue.push(y);
                        }
                    }
                }
            }
            let row = lines[r + 2];
            let f: Vec<&str> = row.split(' ').collect();
            assert_eq!(f[0], (r + 1).to_string());
            let fake = if f[1] == "N" {
                format!("x\noutcome N\nmove {} {} {}\n", f[2], f[3], f[4])
            } else {
                assert_eq!(&f[2..], ["-", "-", "-"], "{input}\n{text}");
                "x\noutcome P\n".to_string()
            };
            check_stairs(&fake, &succ, &stones, &format!("{input}\nroot {}", r + 1));
        }
    }
}

#[test]
fn every_root_refuses_what_is_not_a_tree() {
    let mut sc = Scanner::new(b"3 2\n1 2\n2 1\n0 0 0\n");
    let e = run_mode(&mut sc, &mut Out::new(), Mode::EveryRoot).unwrap_err();
    assert!(e.expected.contains("no cycle"), "{e:?}");
    let mut sc = Scanner::new(b"3 3\n1 2\n2 3\n1 3\n0 0 0\n");
    let e = run_mode(&mut sc, &mut Out::new(), Mode::EveryRoot).unwrap_err();
    assert!(e.expected.contains("n - 1"), "{e:?}");
}

/// Does the player to move win Geography with the token on `v` and `visited` (a bitmask)?
fn geo_win(
    adj: &[Vec<usize>],
    v: usize,
    visited: u32,
    memo: &mut HashMap<(usize, u32), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(v, visited)) {
        return w;
    }
    let win =
        adj[v].iter().any(|&w| visited >> w & 1 == 0 && !geo_win(adj, w, visited | 1 << w, memo));
    memo.insert((v, visited), win);
    win
}

#[test]
fn geography_agrees_with_a_search_of_the_visited_sets() {
    let mut rng = Rng::new(0x9e0);
    for round in 0..3000 {
        let n = rng.range(1, 11) as usize;
        let density = rng.range(1, 6);
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u..n {
                if (u != v || rng.chance(1, 8)) && rng.chance(1, density + 1) {
                    edges.push(if rng.chance(1, 2) { (u, v) } else { (v, u) });
                    if rng.chance(1, 10) {
                        edges.push((u, v)); // a repeated edge
                    }
                }
            }
        }
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in &edges {
            if u != v {
                adj[u].push(v);
                adj[v].push(u);
            }
        }
        let mut input = format!("{n} {}\n", edges.len());
        edges.iter().for_each(|(u, v)| input += &format!("{} {}\n", u + 1, v + 1));
        let text = answer(&input, Mode::Geography);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("geography: proved"), "{text}");
        let mut memo = HashMap::new();
        for v in 0..n {
            let win = geo_win(&adj, v, 1 << v, &mut memo);
            let f: Vec<&str> = lines[v + 2].split(' ').collect();
            assert_eq!(
                f[1],
                if win { "N" } else { "P" },
                "round {round}, vertex {}\n{input}\n{text}",
                v + 1
            );
            if win {
                let to: usize = f[2].parse::<usize>().unwrap() - 1;
                assert!(adj[v].contains(&to), "{input}\n{text}");
                assert!(!geo_win(&adj, to, 1 << v | 1 << to, &mut memo), "{input}\n{text}");
            } else {
                assert_eq!(f[2], "-");
            }
        }
    }
}

/// The matching's size on random graphs against a plain search over edge subsets (tiny), so
/// the "a maximum matching has k edges" line is checked too.
#[test]
fn geography_names_the_size_of_a_maximum_matching() {
    let mut rng = Rng::new(0x3a7);
    for _ in 0..400 {
        let n = rng.range(1, 8) as usize;
        let edges: Vec<(usize, usize)> = (0..rng.range(0, 12))
            .map(|_| (rng.range(0, n as u64 - 1) as usize, rng.range(0, n as u64 - 1) as usize))
            .filter(|(a, b)| a != b)
            .collect();
        let mut best = 0;
        for set in 0u32..1 << edges.len() {
            let mut used = 0u32;
            let mut ok = true;
            for (i, &(a, b)) in edges.iter().enumerate() {
                if set >> i & 1 == 1 {
                    ok &= used >> a & 1 == 0 && used >> b & 1 == 0;
                    used |= 1 << a | 1 << b;
                }
            }
            if ok {
                best = best.max(set.count_ones());
            }
        }
        let mut input = format!("{n} {}\n", edges.len());
        edges.iter().for_each(|(u, v)| input += &format!("{} {}\n", u + 1, v + 1));
        let text = answer(&input, Mode::Geography);
        assert!(text.contains(&format!("a maximum matching has {best} edges")), "{input}\n{text}");
    }
}

#[test]
fn large_inputs_are_answered() {
    let mut rng = Rng::new(0x1e5);
    let n = 100_000;
    // A random tree with stones, every root.
    let edges = random_tree(&mut rng, n);
    let mut input = format!("{n} {}\n", n - 1);
    edges.iter().for_each(|(u, v)| input += &format!("{} {}\n", u + 1, v + 1));
    input += &(0..n).map(|_| rng.range(0, 1 << 40).to_string()).collect::<Vec<_>>().join(" ");
    let text = answer(&input, Mode::EveryRoot);
    assert_eq!(text.lines().count(), n + 2);
    // The same tree pointed at vertex 1: one staircase verdict, proved.
    let mut arcs = format!("{n} {}\n", n - 1);
    edges.iter().for_each(|(u, v)| arcs += &format!("{} {}\n", v + 1, u + 1));
    let stones: String = input.lines().last().unwrap().to_string();
    let text = answer(&(arcs + &stones), Mode::Staircase);
    assert!(text.starts_with("staircase: proved"), "{}", &text[..100.min(text.len())]);
    // The verdict for root 1 is the --every-root row of vertex 1.
    let root1 = answer(&input, Mode::EveryRoot).lines().nth(2).unwrap().to_string();
    assert_eq!(root1.split(' ').nth(1).unwrap(), &text.lines().nth(1).unwrap()[8..]);
    // Geography on 10^5 vertices: a disjoint union of random components of 1..8 vertices
    // (repeated edges allowed), each vertex's outcome by the search of the component.
    let (mut edges, mut want, mut base) = (Vec::new(), Vec::new(), 0usize);
    while base < n {
        let k = (rng.range(1, 8) as usize).min(n - base);
        let mut adj = vec![Vec::new(); k];
        for _ in 0..rng.range(0, 2 * k as u64) {
            let (a, b) = (rng.range(0, k as u64 - 1) as usize, rng.range(0, k as u64 - 1) as usize);
            if a != b {
                adj[a].push(b);
                adj[b].push(a);
                edges.push((base + a + 1, base + b + 1));
            }
        }
        let mut memo = HashMap::new();
        want.extend((0..k).map(|v| if geo_win(&adj, v, 1 << v, &mut memo) { "N" } else { "P" }));
        base += k;
    }
    let mut input = format!("{n} {}\n", edges.len());
    edges.iter().for_each(|(u, v)| input += &format!("{u} {v}\n"));
    let text = answer(&input, Mode::Geography);
    assert!(text.starts_with("geography: proved"));
    assert_eq!(text.lines().count(), n + 2);
    for (v, line) in text.lines().skip(2).enumerate() {
        assert_eq!(line.split(' ').nth(1), Some(want[v]), "vertex {}: {line}", v + 1);
    }
}

/// Nim on graphs by plain search: does the player to move win with the token on `t`?
fn edge_win(
    edges: &[(usize, usize)],
    t: usize,
    heaps: Vec<u64>,
    memo: &mut HashMap<(usize, Vec<u64>), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(t, heaps.clone())) {
        return w;
    }
    let mut win = false;
    'all: for (e, &(a, b)) in edges.iter().enumerate() {
        if a != t && b != t {
            continue;
        }
        let to = if a == t { b } else { a };
        for x in 0..heaps[e] {
            let mut h = heaps.clone();
            h[e] = x;
            if !edge_win(edges, to, h, memo) {
                win = true;
                break 'all;
            }
        }
    }
    memo.insert((t, heaps), win);
    win
}

#[test]
fn edge_heaps_agree_with_a_search_on_paths_rings_and_random_graphs() {
    let mut rng = Rng::new(0xed9e);
    let (mut path, mut ring, mut searched) = (0, 0, 0);
    for round in 0..3000 {
        let n = rng.range(1, 6) as usize;
        let mut edges: Vec<(usize, usize)> = match round % 3 {
            // A path 1 - 2 - ... - n.
            0 => (1..n).map(|v| (v - 1, v)).collect(),
            // A ring.
            1 if n >= 2 => (0..n).map(|v| (v, (v + 1) % n)).collect(),
            _ => (0..rng.range(0, 7))
                .map(|_| (rng.range(0, n as u64 - 1) as usize, rng.range(0, n as u64 - 1) as usize))
                .collect(),
        };
        for e in edges.iter_mut() {
            if rng.chance(1, 2) {
                *e = (e.1, e.0);
            }
        }
        let most = if edges.len() > 4 { 2 } else { 3 };
        let heaps: Vec<u64> = edges.iter().map(|_| rng.range(0, most)).collect();
        let token = rng.range(0, n as u64 - 1) as usize;
        let mut input = format!("{n} {}\n", edges.len());
        for (&(a, b), h) in edges.iter().zip(&heaps) {
            input += &format!("{} {} {h}\n", a + 1, b + 1);
        }
        input += &format!("{}\n", token + 1);
        let text = answer(&input, Mode::EdgeHeaps);
        let lines: Vec<&str> = text.lines().collect();
        if lines[0].starts_with("edge-heaps: proved") && lines[0].contains("form a path") {
            path += 1;
        } else if lines[0].starts_with("edge-heaps: proved") && lines[0].contains("odd length") {
            ring += 1;
        } else {
            assert!(lines[0].starts_with("edge-heaps: searched"), "{input}\n{text}");
            searched += 1;
        }
        let mut memo = HashMap::new();
        let win = edge_win(&edges, token, heaps.clone(), &mut memo);
        assert_eq!(lines[1], if win { "outcome N" } else { "outcome P" }, "{input}\n{text}");
        if win {
            let f: Vec<usize> = lines[2].split(' ').skip(1).map(|x| x.parse().unwrap()).collect();
            let (e, to, left) = (f[0] - 1, f[1] - 1, f[2] as u64);
            let (a, b) = edges[e];
            assert!((a == token && b == to) || (b == token && a == to), "{input}\n{text}");
            assert!(left < heaps[e], "{input}\n{text}");
            let mut h = heaps.clone();
            h[e] = left;
            assert!(!edge_win(&edges, to, h, &mut memo), "{input}\n{text}: not a winning move");
        }
    }
    assert!(path > 500 && ring > 100 && searched > 300, "{path} {ring} {searched}");
}

#[test]
fn edge_heaps_on_a_long_path_are_answered_by_the_theorem() {
    let n = 100_000;
    let mut input = format!("{n} {}\n", n - 1);
    for v in 1..n {
        input += &format!("{v} {} {}\n", v + 1, 1 + v % 7);
    }
    input += "50001\n";
    let text = answer(&input, Mode::EdgeHeaps);
    // 50000 edges on one side, 49999 on the other: the odd side wins.
    assert!(text.starts_with("edge-heaps: proved"), "{text}");
    assert_eq!(text.lines().nth(1), Some("outcome N"));
    assert_eq!(text.lines().nth(2), Some("move 50001 50002 0"));
}

/// A bad token stops each mode with the token's place; the command says it in one line with
/// exit 1.
#[test]
fn faults_are_located() {
    for (mode, input, at) in [
        (Mode::Staircase, "2 1\n1 2\n3 x\n", 10),
        (Mode::Staircase, "2 1\n1 3\n0 0\n", 6),
        (Mode::EveryRoot, "2 1\n1 2\n5\n", 10),
        (Mode::Geography, "2 1\n1 2\n7\n", 8),
        (Mode::EdgeHeaps, "2 1\n1 2 -1\n1\n", 8),
        (Mode::EdgeHeaps, "2 1\n1 2 4\n3\n", 10),
    ] {
        let mut sc = Scanner::new(input.as_bytes());
        let e = run_mode(&mut sc, &mut Out::new(), mode).unwrap_err();
        assert_eq!(e.offset, at, "{mode:?} {input:?}: {e:?}");
    }
    let dir = common::temp_dir("graph_theories_faults");
    let file = dir.join("bad.txt");
    std::fs::write(&file, "2 1\n1 2\n3 x\n").unwrap();
    let out = common::games(&["graph", "--staircase", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("games graph: line 3, column 3:") && err.lines().count() == 1, "{err}");
    let out = common::games(&["graph", "--staircase", "--json"], b"");
    assert_eq!(out.status.code(), Some(2));
}
