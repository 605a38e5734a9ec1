//! Shrinking: a failing multi-case input becomes the single failing case, then the smallest
//! judge-valid input that still fails, within a bounded number of predicate calls.

use games::harness::shrink::Budget;
use games::harness::stress::shrink_input;
use games::judge::Domain;
use games::registry::{Problem, Size, find, run};
use games::rng::Rng;

/// The first generated input (tiny, then small, in `domain`) on which `fails` holds.
fn failing_input(p: &Problem, domain: Domain, fails: &dyn Fn(&[u8]) -> bool) -> Vec<u8> {
    // As stress does: tiny inputs first, then small ones.
    [Size::Tiny, Size::Small]
        .into_iter()
        .flat_map(|size| (0..500).map(move |s| (size, s)))
        .map(|(size, s)| (p.generate)(&mut Rng::new(s), size, domain))
        .find(|i| fails(i))
        .expect("some generated input fails")
}

fn tokens(input: &[u8]) -> usize {
    input.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty()).count()
}

/// Shrinks with `wrong` as the solution under test; returns the shrunk input and checks that it
/// is judge-valid (in the judge's domain), still fails, and that the budget held.
fn shrink_against(
    name: &str,
    domain: Domain,
    wrong: &dyn Fn(&[u8]) -> Vec<u8>,
) -> (Vec<u8>, usize) {
    let p = find(name).unwrap();
    let fails = |i: &[u8]| wrong(i) != run(p, i).0;
    let input = failing_input(p, domain, &fails);
    let mut calls = 0;
    let mut pred = |i: &[u8]| {
        calls += 1;
        fails(i)
    };
    let shrunk = shrink_input(p, domain, &input, &mut pred, Budget::runs(300));
    assert!(calls <= 300 && shrunk.calls == calls, "{name}: {calls} calls");
    assert!(fails(&shrunk.input), "{name}: the shrunk input passes");
    if domain == Domain::Judge {
        p.judge.validate(&shrunk.input).unwrap();
    }
    (shrunk.input, input.len())
}

/// Per-line answers of `p` with the answer of every case whose line satisfies `bad` replaced.
fn hdu1846_off_by_one(input: &[u8]) -> Vec<u8> {
    // The judge's smallest legal n is 1: a first-player win, answered "second" here.
    let text = String::from_utf8_lossy(input);
    let mut out = String::new();
    for line in text.lines().skip(1) {
        let v: Vec<u64> = line.split_whitespace().map(|t| t.parse().unwrap()).collect();
        let (n, m) = (v[0], v[1]);
        out.push_str(if n <= 1 || n % (m + 1) == 0 { "second\n" } else { "first\n" });
    }
    out.into_bytes()
}

#[test]
fn an_off_by_one_on_the_smallest_legal_value_shrinks_to_one_tiny_case() {
    let (shrunk, before) = shrink_against("hdu1846", Domain::Judge, &hdu1846_off_by_one);
    assert_eq!(shrunk, b"1\n1 1\n", "from {before} bytes");
    // From judge-size inputs too (100 cases), within the stress budget.
    let p = find("hdu1846").unwrap();
    let fails = |i: &[u8]| hdu1846_off_by_one(i) != run(p, i).0;
    let mut shrunk = 0;
    for seed in 0..20 {
        let input = (p.generate)(&mut Rng::new(seed), Size::Judge, Domain::Judge);
        if !fails(&input) {
            continue;
        }
        shrunk += 1;
        let s = shrink_input(
            p,
            Domain::Judge,
            &input,
            &mut |i| fails(i),
            games::harness::stress::SHRINK,
        );
        assert_eq!(s.input, b"1\n1 1\n", "seed {seed}, from {} bytes", input.len());
    }
    assert!(shrunk >= 5, "only {shrunk} judge-size inputs failed");
}

#[test]
fn sentinel_inputs_shrink_to_one_line_and_the_sentinel() {
    // hdu2516 answered by "n is a power of two" instead of "n is a Fibonacci number".
    let wrong = |input: &[u8]| -> Vec<u8> {
        let text = String::from_utf8_lossy(input);
        let mut out = String::new();
        for t in text.split_whitespace() {
            let n: u64 = t.parse().unwrap();
            if n == 0 {
                break;
            }
            out.push_str(if n.is_power_of_two() { "Second win\n" } else { "First win\n" });
        }
        out.into_bytes()
    };
    let (shrunk, _) = shrink_against("hdu2516", Domain::Judge, &wrong);
    assert_eq!(shrunk, b"3\n0\n");
}

#[test]
fn lists_lose_items_and_numbers_get_small() {
    // Staircase Nim solved as plain Nim (XOR of every stair): a classic wrong solution.
    let wrong = |input: &[u8]| -> Vec<u8> {
        let text = String::from_utf8_lossy(input);
        let x = text.split_whitespace().skip(1).fold(0u64, |x, t| x ^ t.parse::<u64>().unwrap());
        if x == 0 { b"No\n".to_vec() } else { b"Yes\n".to_vec() }
    };
    let (shrunk, _) = shrink_against("staircase-nim", Domain::Judge, &wrong);
    assert_eq!(shrunk, b"2\n1 1\n");
}

#[test]
fn graphs_lose_arcs_and_vertices() {
    // A game-draw "solution" that forgets loops: wrong whenever an arc a -> a exists (checked by
    // treating every loop as absent).
    let p = find("game-draw").unwrap();
    let wrong = |input: &[u8]| -> Vec<u8> {
        let text = String::from_utf8_lossy(input);
        let mut lines = text.lines();
        let head = lines.next().unwrap_or_default().to_string();
        let arcs: Vec<&str> = lines
            .filter(|l| {
                let v: Vec<&str> = l.split_whitespace().collect();
                v.len() == 2 && v[0] != v[1]
            })
            .collect();
        let n = head.split_whitespace().next().unwrap_or("0");
        let rewritten = format!(
            "{n} {}\n{}",
            arcs.len(),
            arcs.iter().map(|a| format!("{a}\n")).collect::<String>()
        );
        run(p, rewritten.as_bytes()).0
    };
    let (shrunk, _) = shrink_against("game-draw", Domain::Judge, &wrong);
    assert!(tokens(&shrunk) <= 4, "{:?}", String::from_utf8_lossy(&shrunk));
}

#[test]
fn beyond_the_judge_shrinks_under_our_own_limits() {
    // A nim solution that crashes (prints nothing) on an empty pile: beyond the judge only.
    let p = find("nim").unwrap();
    let wrong = |input: &[u8]| -> Vec<u8> {
        let text = String::from_utf8_lossy(input);
        if text.split_whitespace().skip(1).any(|t| t == "0") { Vec::new() } else { run(p, input).0 }
    };
    let (shrunk, _) = shrink_against("nim", Domain::Beyond, &wrong);
    assert_eq!(shrunk, b"1\n0\n");
}

#[test]
fn an_input_the_model_cannot_read_is_kept_and_the_budget_holds() {
    let p = find("nim").unwrap();
    let mut calls = 0;
    let odd = b"2\n1  2\n"; // two spaces: not the judge's layout
    let s = shrink_input(
        p,
        Domain::Judge,
        odd,
        &mut |_| {
            calls += 1;
            true
        },
        Budget::runs(10),
    );
    assert_eq!((s.input.as_slice(), calls), (&odd[..], 0));
    // A predicate that always fails (everything "fails"): the search stops at its budget.
    let input = (p.generate)(&mut Rng::new(3), Size::Judge, Domain::Judge);
    let mut calls = 0;
    let s = shrink_input(
        p,
        Domain::Judge,
        &input,
        &mut |_| {
            calls += 1;
            true
        },
        Budget::runs(50),
    );
    assert!(calls <= 50 && s.calls == calls);
    assert!(s.input.len() < input.len());
    // And no call starts after the time budget (each call sleeps at least 20 ms, on any
    // machine: at most 100 / 20 + 1 calls).
    let s = shrink_input(
        p,
        Domain::Judge,
        &input,
        &mut |_| {
            std::thread::sleep(std::time::Duration::from_millis(20));
            false
        },
        Budget { runs: 1000, time: std::time::Duration::from_millis(100) },
    );
    assert!(s.calls <= 6, "{} calls", s.calls);
}

/// Shrinks the first generated small input of `name` (judge's domain) on which `fails` holds.
fn shrink_by(name: &str, fails: &dyn Fn(&[u8]) -> bool) -> (Vec<u8>, usize) {
    let p = find(name).unwrap();
    let input = (0..500)
        .map(|s| (p.generate)(&mut Rng::new(s), Size::Small, Domain::Judge))
        .find(|i| fails(i))
        .expect("some generated input fails");
    let s =
        shrink_input(p, Domain::Judge, &input, &mut |i| fails(i), games::harness::stress::SHRINK);
    p.judge.validate(&s.input).unwrap();
    assert!(fails(&s.input));
    (s.input, input.len())
}

fn numbers(input: &[u8]) -> Vec<u64> {
    String::from_utf8_lossy(input).split_ascii_whitespace().filter_map(|t| t.parse().ok()).collect()
}

#[test]
fn vertices_go_and_the_others_are_renumbered() {
    // "Fails" whenever the graph has a 2-cycle a -> b -> a (a != b): the smallest such input has
    // two vertices, which needs vertices in the middle removed, not just the top one.
    let two_cycle = |input: &[u8]| {
        let v = numbers(input);
        let arcs: std::collections::HashSet<(u64, u64)> =
            v[2..].chunks(2).map(|a| (a[0], a[1])).collect();
        arcs.iter().any(|&(a, b)| a != b && arcs.contains(&(b, a)))
    };
    let (shrunk, before) = shrink_by("game-draw", &two_cycle);
    assert!(
        shrunk == b"2 2\n1 2\n2 1\n" || shrunk == b"2 2\n2 1\n1 2\n",
        "{:?} from {before} bytes",
        String::from_utf8_lossy(&shrunk)
    );
    // A tree node with two children: the smallest is a root with two leaves (weights 1).
    let branching = |input: &[u8]| {
        let v = numbers(input);
        let (mut at, mut found) = (1, false);
        for _ in 0..v[0] {
            let n = v[at] as usize;
            let parents: Vec<u64> =
                v[at + 1..at + 1 + 2 * (n - 1)].iter().step_by(2).copied().collect();
            found |= parents.iter().any(|p| parents.iter().filter(|q| *q == p).count() >= 2);
            at += 1 + 2 * (n - 1);
        }
        found
    };
    let (shrunk, before) = shrink_by("hackenbush", &branching);
    assert_eq!(shrunk, b"1\n3\n1 1\n1 1\n", "from {before} bytes");
}

#[test]
fn removing_a_vertex_renumbers_and_stays_valid() {
    let drop = |name: &str, input: &[u8], v: u64| -> Option<Vec<u8>> {
        let j = find(name).unwrap().judge;
        let m = j.parse(input, Domain::Judge).unwrap();
        (j.drop_vertex.unwrap())(&m, 0, v).map(|m| (j.write)(&m))
    };
    // Vertex 2 goes with its arcs; 3 and 4 become 2 and 3.
    let graph = b"4 4\n1 2\n2 3\n3 4\n4 1\n";
    assert_eq!(drop("game-draw", graph, 2).unwrap(), b"3 2\n2 3\n3 1\n");
    assert_eq!(drop("game-draw", graph, 5), None);
    // Node 2's children (3 and 4) hang on its parent 1; node 5 becomes 4, its parent 3 becomes 2.
    let tree = b"1\n5\n1 7\n2 1\n2 2\n3 3\n";
    let dropped = drop("hackenbush", tree, 2).unwrap();
    assert_eq!(dropped, b"1\n4\n1 1\n1 2\n2 3\n");
    assert!(find("hackenbush").unwrap().judge.validate(&dropped).is_ok());
    assert_eq!(drop("hackenbush", tree, 1), None);
    assert_eq!(drop("hackenbush", tree, 6), None);
    assert!(find("nim").unwrap().judge.drop_vertex.is_none());
}

#[test]
fn hackenbush_nodes_are_dropped_too() {
    // A node other than the root with two children: the smallest is 1 - 2, with 3 and 4 under
    // 2 (nodes in the middle must go, or be rehung on the root and then dropped from the end).
    let inner_branching = |input: &[u8]| {
        let v = numbers(input);
        let (mut at, mut found) = (1, false);
        for _ in 0..v[0] {
            let n = v[at] as usize;
            let parents: Vec<u64> =
                v[at + 1..at + 1 + 2 * (n - 1)].iter().step_by(2).copied().collect();
            found |=
                parents.iter().any(|&p| p > 1 && parents.iter().filter(|&&q| q == p).count() >= 2);
            at += 1 + 2 * (n - 1);
        }
        found
    };
    let (shrunk, before) = shrink_by("hackenbush", &inner_branching);
    assert_eq!(shrunk, b"1\n4\n1 1\n2 1\n2 1\n", "from {before} bytes");
}

#[test]
fn a_judge_size_dag_shrinks_to_one_position() {
    // Fails whenever there is a query (as a program that garbles its first answer line does):
    // the smallest is one position with no arc and one query of one chess on it,
    // `1\n0\n1 0\n0\n` (chesses inside a query are dropped one by one; before, the search
    // stopped at `1\n0\n2 0 0\n0\n`). A judge-size test has about 1000 positions; dropping
    // them one at a time used to run out of the budget at 250 kB.
    let p = find("hdu1524").unwrap();
    let has_query = |input: &[u8]| {
        let m = p.judge.parse(input, Domain::Judge).unwrap();
        m.cases.iter().any(|c| c.lists.get(1).is_some_and(|q| !q.is_empty()))
    };
    let input = (p.generate)(&mut Rng::new(1), Size::Judge, Domain::Judge);
    assert!(has_query(&input));
    let s = shrink_input(
        p,
        Domain::Judge,
        &input,
        &mut |i| has_query(i),
        games::harness::stress::SHRINK,
    );
    let shown = String::from_utf8_lossy(&s.input[..s.input.len().min(200)]).into_owned();
    assert_eq!(s.input, b"1\n0\n1 0\n0\n", "{shown:?}... from {} bytes", input.len());
}
