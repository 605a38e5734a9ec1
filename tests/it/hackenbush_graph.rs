//! `games hackenbush-graph` against exhaustive play of whole pictures
//! (`games::brute::hackenbush_graph`): for thousands of small random pictures in every colour
//! case (all green with cycles and loops, blue-red trees, blue-red with cycles, mixed), the
//! outcome class, the value (the picture minus the claimed value, played out, is a second-player
//! win) and the winning moves; then large pictures with known values, and the command line.

use crate::common;

use games::brute::hackenbush_graph as brute;
use games::rng::Rng;
use games::theory::canonical::{GameId, Games, Outcome};
use games::theory::hackenbush_graph::{self as hg, Colour, Edge, Limits, Value};
use std::collections::HashMap;

#[derive(Clone, Copy)]
enum Kind {
    Green,
    BlueRedTree,
    BlueRed,
    Mixed,
}

/// A random picture: `n` vertices, `m` edges, in text form.
fn random_picture(rng: &mut Rng, kind: Kind) -> String {
    let n = 2 + rng.index(6);
    let mut lines = Vec::new();
    let colour = |rng: &mut Rng| match kind {
        Kind::Green => 'g',
        Kind::BlueRedTree | Kind::BlueRed => *rng.pick(&['b', 'r']),
        Kind::Mixed => *rng.pick(&['g', 'b', 'r']),
    };
    match kind {
        Kind::BlueRedTree => {
            for v in 1..n {
                let p = rng.index(v);
                let c = colour(rng);
                lines.push(format!("{p} {v} {c}"));
            }
        }
        _ => {
            let m = 1 + rng.index(9);
            for _ in 0..m {
                let u = rng.index(n);
                let v = if rng.chance(1, 8) { u } else { rng.index(n) };
                let c = colour(rng);
                // sometimes leave the colour out (green)
                if c == 'g' && rng.chance(1, 2) {
                    lines.push(format!("{u} {v}"));
                } else {
                    lines.push(format!("{u} {v} {c}"));
                }
            }
        }
    }
    format!("{n} {}\n{}\n", lines.len(), lines.join("\n"))
}

fn parse(text: &str) -> (usize, Vec<Edge>) {
    let mut sc = games::Scanner::new(text.as_bytes());
    games::hackenbush_graph::read(&mut sc).unwrap()
}

/// The explicit game tree of a canonical form (numbers expanded by their canonical options).
fn tree_of(
    games: &mut Games,
    g: GameId,
    tree: &mut brute::Tree,
    index: &mut HashMap<GameId, usize>,
) -> usize {
    if let Some(&i) = index.get(&g) {
        return i;
    }
    let (l, r) = games.options(g).unwrap();
    let l: Vec<usize> = l.into_iter().map(|o| tree_of(games, o, tree, index)).collect();
    let r: Vec<usize> = r.into_iter().map(|o| tree_of(games, o, tree, index)).collect();
    tree.left.push(l);
    tree.right.push(r);
    let i = tree.left.len() - 1;
    index.insert(g, i);
    i
}

/// The canonical form of a whole value.
fn form_of(games: &mut Games, v: &Value) -> GameId {
    match v.total(games).unwrap() {
        Some(t) => t,
        None => {
            let x = games.number(v.number.clone()).unwrap();
            let s = games.star(v.nimber as u32).unwrap();
            games.add(x, s).unwrap()
        }
    }
}

fn check(text: &str, games: &mut Games) {
    let (n, edges) = parse(text);
    let value = hg::picture_value(n, &edges, games, Limits::default()).unwrap();
    let p = brute::parse(text.as_bytes());
    // the outcome class
    let (lw, rw) = brute::first_player_wins(&p);
    assert_eq!(value.outcome(games).unwrap(), Outcome::from_first(lw, rw), "{text}");
    // the value: G - v is 0 by exhaustive play
    let g = form_of(games, &value);
    let neg = games.neg(g).unwrap();
    let mut tree = brute::Tree::default();
    let root = tree_of(games, neg, &mut tree, &mut HashMap::new());
    assert!(brute::sum_is_zero(&p, &tree, root), "{text}: value {}", value.show(games).unwrap());
    // the winning moves
    let a = games::hackenbush_graph::answer(n, &edges, true, Limits::default()).unwrap();
    let (bl, br) = brute::winning_moves(&p);
    assert_eq!(a.left_moves.unwrap(), bl, "{text}");
    assert_eq!(a.right_moves.unwrap(), br, "{text}");
    assert_eq!(a.value, value.show(games).unwrap());
}

fn random_round(kind: Kind, seed: u64, count: usize) {
    let mut rng = Rng::new(seed);
    let mut games = Games::new(1_000_000);
    for _ in 0..count {
        let text = random_picture(&mut rng, kind);
        check(&text, &mut games);
    }
}

#[test]
fn green_graphs_against_exhaustive_play() {
    random_round(Kind::Green, 1, 1500);
}

#[test]
fn blue_red_trees_against_exhaustive_play() {
    random_round(Kind::BlueRedTree, 2, 1500);
}

#[test]
fn blue_red_graphs_against_exhaustive_play() {
    random_round(Kind::BlueRed, 3, 1000);
}

#[test]
fn mixed_pictures_against_exhaustive_play() {
    random_round(Kind::Mixed, 4, 1500);
}

#[test]
fn sums_of_pictures_against_exhaustive_play() {
    // two random pictures side by side on one ground: the value is the sum of the values
    let mut rng = Rng::new(5);
    let mut games = Games::new(1_000_000);
    let kinds = [Kind::Green, Kind::BlueRedTree, Kind::BlueRed, Kind::Mixed];
    for _ in 0..400 {
        let (ka, kb) = (*rng.pick(&kinds), *rng.pick(&kinds));
        let a = random_picture(&mut rng, ka);
        let b = random_picture(&mut rng, kb);
        let (na, ea) = parse(&a);
        let (nb, eb) = parse(&b);
        if ea.len() + eb.len() > 14 {
            continue;
        }
        let shift = |v: u32| if v == 0 { 0 } else { v + na as u32 - 1 };
        let mut lines: Vec<String> =
            ea.iter().map(|e| format!("{} {} {}", e.u, e.v, e.colour.letter())).collect();
        lines.extend(
            eb.iter().map(|e| format!("{} {} {}", shift(e.u), shift(e.v), e.colour.letter())),
        );
        let text = format!("{} {}\n{}\n", na + nb - 1, lines.len(), lines.join("\n"));
        check(&text, &mut games);
        let va = hg::picture_value(na, &ea, &mut games, Limits::default()).unwrap();
        let vb = hg::picture_value(nb, &eb, &mut games, Limits::default()).unwrap();
        let (n, e) = parse(&text);
        let vs = hg::picture_value(n, &e, &mut games, Limits::default()).unwrap();
        let (fa, fb, fs) =
            (form_of(&mut games, &va), form_of(&mut games, &vb), form_of(&mut games, &vs));
        assert_eq!(games.add(fa, fb).unwrap(), fs);
    }
}

#[test]
fn published_values() {
    let mut games = Games::new(10_000);
    let value = |text: &str, games: &mut Games| {
        let (n, e) = parse(text);
        let v = hg::picture_value(n, &e, games, Limits::default()).unwrap();
        v.show(games).unwrap()
    };
    // WW ch. 2: strings by the sign expansion
    assert_eq!(value("4 3\n0 1 b\n1 2 r\n2 3 b\n", &mut games), "3/4");
    assert_eq!(value("4 3\n0 1 r\n1 2 b\n2 3 b\n", &mut games), "-1/4");
    // a blue and a red edge side by side: 0; a green edge: *
    assert_eq!(value("2 2\n0 1 b\n0 1 r\n", &mut games), "0");
    assert_eq!(value("2 1\n0 1\n", &mut games), "*");
    // a green edge on a blue one: {0, 1 | 1} = 1*; a blue edge on a green one: {0, * | 0}
    // (WW ch. 2's up is the latter's relative: checked by play in `check`)
    let text = "3 2\n0 1 b\n1 2 g\n";
    check(text, &mut games);
    assert_eq!(value(text, &mut games), "1*");
    let text = "3 2\n0 1 g\n1 2 b\n";
    check(text, &mut games);
    assert_eq!(value(text, &mut games), "^*");
    // WW ch. 7: a ring of odd length on the ground is *1, of even length 0
    assert_eq!(value("4 3\n0 1\n1 2\n2 0\n", &mut games), "*");
    assert_eq!(value("4 4\n0 1\n1 2\n2 3\n3 0\n", &mut games), "0");
    // unattached edges fall at once
    assert_eq!(value("4 2\n1 2 b\n2 3 b\n", &mut games), "0");
}

#[test]
fn big_pictures() {
    // a blue-red string of 10^5 edges: b then r^(k): 2^-k, exact
    let k = 100_000u32;
    let mut edges = vec![Edge { u: 0, v: 1, colour: Colour::Blue }];
    for i in 1..=k {
        edges.push(Edge { u: i, v: i + 1, colour: Colour::Red });
    }
    let mut games = Games::new(10);
    let v = hg::picture_value(k as usize + 2, &edges, &mut games, Limits::default()).unwrap();
    assert_eq!(v.number, games::theory::dyadic::Dyadic::from_ratio(1, k as u64));
    // a green path with a ring on every vertex, 3 * 10^5 edges, hung from the ground: each
    // ring of 2 parallel edges fuses to 2 loops (0), so the path is a stalk of 10^5 edges:
    // *(10^5)? A stalk of length L is *L.
    let len = 100_000u32;
    let mut edges = Vec::new();
    for i in 0..len {
        edges.push(Edge { u: i, v: i + 1, colour: Colour::Green });
        edges.push(Edge { u: i + 1, v: i + 1, colour: Colour::Green });
        edges.push(Edge { u: i + 1, v: i + 1, colour: Colour::Green });
    }
    let ends: Vec<(u32, u32)> = edges.iter().map(|e| (e.u, e.v)).collect();
    assert_eq!(hg::green_value(len as usize + 1, &ends), len as u64);
    // a triangle on each vertex instead (odd: *1 at each vertex): bottom up v_k = 1, then
    // v_i = 1 XOR (v_{i+1} + 1), checked against the plain recurrence
    let mut edges = Vec::new();
    let mut n = len + 1;
    for i in 0..len {
        edges.push((i, i + 1));
        edges.push((i + 1, n));
        edges.push((n, n + 1));
        edges.push((n + 1, i + 1));
        n += 2;
    }
    let mut want = 1u64;
    for _ in 1..len {
        want = 1 ^ (want + 1);
    }
    want += 1;
    assert_eq!(hg::green_value(n as usize, &edges), want);
}

#[test]
fn the_command_line() {
    let run = common::games_text;
    let (code, out, _) = run(&["hackenbush-graph"], "4 3\n0 1 b\n1 2 r\n2 3 b\n");
    assert_eq!((code, out.as_str()), (Some(0), "value 3/4\noutcome L\n"));
    let (code, out, _) = run(&["hackenbush-graph", "--json", "--moves"], "3 3\n0 1\n1 2\n2 0\n");
    assert_eq!(code, Some(0));
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["value"], "*");
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["left_moves"], serde_json::json!([2]));
    let (code, out, err) = run(&["hackenbush-graph"], "3 2\n0 1 b\n1 3\n");
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert_eq!(
        err,
        "games hackenbush-graph: line 3, column 3: expected vertex of at most 2, found \"3\"\n"
    );
    let (code, _, err) = run(&["hackenbush-graph"], "2 1\n0 1 y\n");
    assert_eq!(code, Some(1));
    assert!(err.contains("colour g, b or r"), "{err}");
    // past the search: a mixed component of 70 edges
    let mut text = String::from("71 70\n");
    for i in 0..70 {
        text.push_str(&format!("{i} {} {}\n", i + 1, if i % 2 == 0 { 'g' } else { 'b' }));
    }
    let (code, out, err) = run(&["hackenbush-graph"], &text);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(err.starts_with("games hackenbush-graph: cannot value the picture:"), "{err}");
    let (code, out, _) = run(&["hackenbush-graph", "--help"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("fusion"));
    let (code, _, _) = run(&["hackenbush-graph", "--bogus"], "");
    assert_eq!(code, Some(2));
}

#[test]
fn samples_match_and_are_vouched_for_by_play() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/hackenbush-graph");
    let mut seen = 0;
    let mut games = Games::new(100_000);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let want = std::fs::read_to_string(path.with_extension("out")).unwrap();
        let (n, edges) = parse(&text);
        let a = games::hackenbush_graph::answer(n, &edges, false, Limits::default()).unwrap();
        assert_eq!(
            format!("value {}\noutcome {}\n", a.value, a.outcome.letter()),
            want,
            "{path:?}"
        );
        check(&text, &mut games);
        seen += 1;
    }
    assert!(seen >= 6);
}
