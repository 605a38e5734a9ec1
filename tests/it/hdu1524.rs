//! `hdu1524` (A Chess Game): a cycle refused at the arc that closes it, the limits, long paths
//! and wide fans with values known by hand, and agreement on random DAGs with `games graph` and
//! with a Grundy recursion over the arcs written here (mex of the successors, XOR of the
//! chessmen), which shares nothing with `games`.

use games::judge::Domain;
use games::registry::{find, run};
use games::rng::Rng;

fn solve(input: &str) -> (String, Option<(usize, String)>) {
    let p = find("hdu1524").unwrap();
    let (out, fault) = run(p, input.as_bytes());
    let fault = fault.map(|e| (e.offset, e.render(p.name, input.as_bytes())));
    (String::from_utf8(out).unwrap(), fault)
}

fn fails_at(input: &str, offset: usize, part: &str) -> String {
    let (out, fault) = solve(input);
    let (at, message) = fault.unwrap_or_else(|| panic!("accepted {input:?}"));
    assert_eq!(at, offset, "{input:?}: {message}");
    assert!(message.contains(part), "{message:?} should mention {part:?}");
    out
}

#[test]
fn a_cycle_is_refused_at_the_arc_that_closes_it() {
    // 0 -> 1, 1 -> 2, 2 -> 0: the third arc closes the cycle (the "0" on line 4).
    let input = "3\n1 1\n1 2\n1 0\n1 0\n0\n";
    fails_at(input, 12, "closes no cycle");
    // A loop.
    fails_at("2\n0\n2 0 1\n0\n", 8, "closes no cycle");
    // The closing arc is the first one, in input order, after which a cycle exists: 0 -> 2
    // listed before 2 -> 0 (which closes it), and a later loop 2 -> 2 that would too.
    fails_at("3\n1 2\n0\n2 0 2\n", 10, "closes no cycle");
    // Answers of earlier cases survive.
    let out = fails_at("2\n1 1\n0\n1 0\n0\n2\n1 1\n1 0\n1 0\n0\n", 22, "closes no cycle");
    assert_eq!(out, "WIN\n");
}

#[test]
fn limits_and_values() {
    fails_at("0\n", 0, "position count N in 1..=100000000");
    fails_at("2\n1 2\n0\n", 4, "out-position of at most 1");
    fails_at("2\n1 1\n0\n1 2\n0\n", 10, "position of at most 1");
    fails_at("1\n18446744073709551615\n", 2, "out-degree");
    // Missing sentinel at the end, blank lines, a repeated arc.
    assert_eq!(solve("2\n2 1 1\n0\n\n1 0\n2 0 1").0, "WIN\nWIN\n");
}

#[test]
fn long_path_and_wide_fan() {
    // A path of 10^6 positions 0 -> 1 -> ... -> n-1: value (n - 1 - i) mod 2, so a chess at 0
    // wins (n is even) and one at 1 loses; a fan where position i reaches every j > i (values n - 1 - i).
    let n = 1_000_000;
    let mut input = format!("{n}\n");
    for i in 0..n - 1 {
        input += &format!("1 {}\n", i + 1);
    }
    input += "0\n1 0\n2 0 1\n1 1\n0\n";
    assert_eq!(solve(&input).0, "WIN\nWIN\nLOSE\n");
    let n = 300;
    let mut input = format!("{n}\n");
    for i in 0..n {
        input += &(n - 1 - i).to_string();
        for j in i + 1..n {
            input += &format!(" {j}");
        }
        input += "\n";
    }
    // Values 299 and 299 XOR 0 ... : (0, 0) loses, (0, 1) is 299 ^ 298 = 1 wins, (44, 299 - 255 ... )
    input += "2 0 0\n2 0 1\n2 44 299\n3 1 2 3\n0\n";
    let want = |vals: &[usize]| if vals.iter().fold(0, |x, v| x ^ v) != 0 { "WIN" } else { "LOSE" };
    let expect = [want(&[299, 299]), want(&[299, 298]), want(&[255, 0]), want(&[298, 297, 296])]
        .join("\n")
        + "\n";
    assert_eq!(solve(&input).0, expect);
}

#[test]
fn agrees_with_games_graph_on_random_dags() {
    // The same DAG through `games graph` (1-based, a position per query): WIN iff not P.
    let p = find("hdu1524").unwrap();
    for seed in 0..200 {
        let domain = if seed % 2 == 0 { Domain::Judge } else { Domain::Beyond };
        let input = (p.generate)(&mut Rng::new(seed), games::Size::Small, domain);
        let (answers, fault) = run(p, &input);
        assert!(fault.is_none());
        let text = String::from_utf8(input).unwrap();
        let mut tokens = text.split_ascii_whitespace().map(|t| t.parse::<usize>().unwrap());
        let n = tokens.next().unwrap();
        let mut arcs = Vec::new();
        for i in 0..n {
            let x = tokens.next().unwrap();
            for _ in 0..x {
                arcs.push((i, tokens.next().unwrap()));
            }
        }
        let mut graph = format!("{n} {}\n", arcs.len());
        for (a, b) in &arcs {
            graph += &format!("{} {}\n", a + 1, b + 1);
        }
        let mut queries = Vec::new();
        while let Some(m) = tokens.next() {
            if m == 0 {
                break;
            }
            let q: Vec<String> = (0..m).map(|_| (tokens.next().unwrap() + 1).to_string()).collect();
            queries.push(format!("{m} {}", q.join(" ")));
        }
        graph += &format!("{}\n{}\n", queries.len(), queries.join("\n"));
        let (out, fault) = games::graph::run(graph.as_bytes(), Default::default());
        assert!(fault.is_none());
        let out = String::from_utf8(out).unwrap();
        let from_graph: Vec<&str> = out
            .lines()
            .skip_while(|l| !l.starts_with("position"))
            .skip(1)
            .map(|l| if l.split(' ').nth(2) == Some("P") { "LOSE" } else { "WIN" })
            .collect();
        let ours: Vec<&str> = std::str::from_utf8(&answers).unwrap().lines().collect();
        assert_eq!(ours[..from_graph.len()], from_graph[..], "seed {seed}");
        assert_eq!(ours, own_answers(&text), "seed {seed} (the recursion written here)");
    }
}

/// Every answer of an input of any number of cases (a graph, then chessmen lists ended by 0),
/// by [`dag_grundy`].
fn own_answers(input: &str) -> Vec<&'static str> {
    let mut tokens = input.split_ascii_whitespace().map(|t| t.parse::<usize>().unwrap());
    let mut out = Vec::new();
    while let Some(n) = tokens.next() {
        let mut arcs = Vec::new();
        for i in 0..n {
            let x = tokens.next().unwrap();
            for _ in 0..x {
                arcs.push((i, tokens.next().unwrap()));
            }
        }
        let mut grundy = vec![None; n];
        while let Some(m) = tokens.next() {
            if m == 0 {
                break;
            }
            let at: Vec<usize> = (0..m).map(|_| tokens.next().unwrap()).collect();
            let x = at.iter().fold(0, |x, &v| x ^ dag_grundy(v, &arcs, &mut grundy));
            out.push(if x != 0 { "WIN" } else { "LOSE" });
        }
    }
    out
}

/// The Grundy value of vertex `v` of a DAG given by its arcs: the mex of its successors'.
fn dag_grundy(v: usize, arcs: &[(usize, usize)], memo: &mut [Option<usize>]) -> usize {
    if let Some(g) = memo[v] {
        return g;
    }
    let next: Vec<usize> = arcs.iter().filter(|a| a.0 == v).map(|a| a.1).collect();
    let seen: Vec<usize> = next.into_iter().map(|w| dag_grundy(w, arcs, memo)).collect();
    let g = (0..).find(|g| !seen.contains(g)).unwrap();
    memo[v] = Some(g);
    g
}
