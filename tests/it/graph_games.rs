//! `game-draw` and `game-teams` (one retrograde engine, `theory::retrograde`): the limits and
//! token errors, the engine against an independent value iteration on random rules the judge
//! problems never use, large structured graphs with answers known by hand, and invariances.

use games::registry::{find, run};
use games::rng::Rng;
use games::theory::retrograde::{ReverseGraph, Rules, outcomes};

fn solve(problem: &str, input: &str) -> (String, Option<(usize, String)>) {
    let p = find(problem).unwrap();
    let (out, fault) = run(p, input.as_bytes());
    let fault = fault.map(|e| (e.offset, e.render(p.name, input.as_bytes())));
    (String::from_utf8(out).unwrap(), fault)
}

fn fails_at(problem: &str, input: &str, token: &str, message_part: &str) {
    let (_, fault) = solve(problem, input);
    let (offset, message) = fault.unwrap_or_else(|| panic!("{problem}: accepted {input:?}"));
    let at = input.rfind(token).expect("the token is in the input");
    assert_eq!(offset, at, "{problem}: {input:?}: {message}");
    assert!(
        message.contains(message_part),
        "{problem}: {message:?} should mention {message_part:?}"
    );
}

#[test]
fn game_draw_refuses_beyond_its_limits_at_the_token() {
    fails_at("game-draw", "100000001 0\n", "100000001", "at most 100000000");
    fails_at("game-draw", "3 4000000001\n1 2\n", "4000000001", "at most 4000000000");
    fails_at("game-draw", "3 2\n1 2\n0 3\n", "0 3", "vertex in 1..=3");
    fails_at("game-draw", "3 2\n1 2\n3 4\n", "4\n", "vertex in 1..=3");
    // At the limits themselves: accepted (n = 10^8 would allocate gigabytes; 10^6 isolated
    // vertices and a vertex index equal to n stand in for it).
    let (out, fault) = solve("game-draw", "1000000 1\n1000000 1000000\n");
    assert!(fault.is_none());
    assert_eq!(out.len(), 2 * 1_000_001);
}

#[test]
fn game_teams_refuses_bad_teams_and_limits_at_the_token() {
    let ok = "1\n2 1\n1 2\nABABAB\n000000\n";
    assert_eq!(solve("game-teams", ok), ("AB\n".to_string(), None));
    fails_at("game-teams", "1\n2 1\n1 2\nABABA\n000000\n", "ABABA", "6 team letters");
    fails_at("game-teams", "1\n2 1\n1 2\nABABAC\n000000\n", "ABABAC", "6 team letters");
    fails_at("game-teams", "1\n2 1\n1 2\nababab\n000000\n", "ababab", "6 team letters");
    fails_at("game-teams", "1\n2 1\n1 2\nABABAB\n0000002\n", "0000002", "6 actor flags");
    fails_at("game-teams", "1\n2 1\n1 2\nABABAB\nAB\n", "AB\n", "6 actor flags");
    fails_at("game-teams", "1\n10000001 0\nAAAAAA\n000000\n", "10000001", "at most 10000000");
    fails_at("game-teams", "1\n2 1\n1 3\nABABAB\n000000\n", "3\nAB", "vertex in 1..=2");
    // A fault in the second test keeps the first test's answer.
    let (out, fault) = solve("game-teams", "2\n1 0\nAAAAAA\n000000\n1 0\nAAAAAA\n0x0000\n");
    assert_eq!(out, "B\n");
    assert!(fault.is_some());
}

/// The value of every position by the definition (the game cut off after h moves, h growing,
/// a cut-off game counting as infinite play), for any rules: no attractor, no queue.
fn by_value_iteration<const K: usize>(n: usize, arcs: &[(u32, u32)], rules: &Rules<K>) -> Vec<u8> {
    let mut next = vec![Vec::new(); n];
    for &(a, b) in arcs {
        next[a as usize].push(b as usize);
    }
    let mut value = vec![rules.infinite; n * K];
    for step in 0.. {
        assert!(step <= n * K + 1);
        let mut new = value.clone();
        for v in 0..n {
            for t in 0..K {
                let succ = next[v].iter().map(|&w| value[w * K + (t + 1) % K]);
                new[v * K + t] = if next[v].is_empty() {
                    rules.stuck[t]
                } else if rules.maximiser[t] {
                    succ.max().unwrap()
                } else {
                    succ.min().unwrap()
                };
            }
        }
        if new == value {
            return value;
        }
        value = new;
    }
    unreachable!()
}

fn random_arcs(rng: &mut Rng, n: usize) -> Vec<(u32, u32)> {
    let m = rng.range(0, 3 * n as u64) as usize;
    (0..m).map(|_| (rng.index(n) as u32, rng.index(n) as u32)).collect()
}

fn check_engine<const K: usize>(rng: &mut Rng) {
    let n = rng.range(1, 12) as usize;
    let arcs = random_arcs(rng, n);
    let outcomes_count = rng.range(1, 5) as u8;
    let rules = Rules::<K> {
        maximiser: std::array::from_fn(|_| rng.chance(1, 2)),
        stuck: std::array::from_fn(|_| rng.below(outcomes_count as u64) as u8),
        infinite: rng.below(outcomes_count as u64) as u8,
        outcomes: outcomes_count,
    };
    let want = by_value_iteration(n, &arcs, &rules);
    let got = outcomes(&ReverseGraph::from_arcs(n, &arcs), &rules);
    for v in 0..n {
        for t in 0..K {
            assert_eq!(
                got.get(v, t),
                want[v * K + t],
                "{rules:?} n={n} arcs={arcs:?} at ({v}, {t})"
            );
        }
    }
}

#[test]
fn engine_matches_value_iteration_for_any_turn_cycle_and_outcome_order() {
    // Up to five outcomes, infinite play anywhere in the order, 1 to 6 players: far more than
    // the two judge problems need (3 outcomes, draw on top or in the middle).
    let mut rng = Rng::new(2016);
    for _ in 0..600 {
        check_engine::<1>(&mut rng);
        check_engine::<2>(&mut rng);
        check_engine::<3>(&mut rng);
        check_engine::<6>(&mut rng);
    }
}

#[test]
fn game_draw_matches_brute_force_on_denser_and_larger_graphs() {
    // Beyond the tiny differential inputs: up to 40 vertices, dense cycles and many loops.
    let p = find("game-draw").unwrap();
    let mut rng = Rng::new(7);
    for _ in 0..300 {
        let n = rng.range(1, 40);
        let m = rng.range(0, 4 * n);
        let mut input = format!("{n} {m}\n");
        for _ in 0..m {
            let a = rng.range(1, n);
            let b = if rng.chance(1, 8) { a } else { rng.range(1, n) };
            input.push_str(&format!("{a} {b}\n"));
        }
        let (fast, fault) = run(p, input.as_bytes());
        assert!(fault.is_none());
        assert_eq!(Some(fast), (p.brute)(input.as_bytes()), "{input}");
    }
}

#[test]
fn game_teams_matches_brute_force_on_larger_graphs() {
    let p = find("game-teams").unwrap();
    let mut rng = Rng::new(8);
    for _ in 0..100 {
        let tests = rng.range(1, 3);
        let mut input = format!("{tests}\n");
        for _ in 0..tests {
            let n = rng.range(1, 30);
            let m = rng.range(0, 3 * n);
            input.push_str(&format!("{n} {m}\n"));
            for _ in 0..m {
                input.push_str(&format!("{} {}\n", rng.range(1, n), rng.range(1, n)));
            }
            let team: String = (0..6).map(|_| if rng.chance(1, 2) { 'A' } else { 'B' }).collect();
            let actor: String = (0..6).map(|_| if rng.chance(1, 3) { '1' } else { '0' }).collect();
            input.push_str(&format!("{team}\n{actor}\n"));
        }
        let (fast, fault) = run(p, input.as_bytes());
        assert!(fault.is_none());
        assert_eq!(Some(fast), (p.brute)(input.as_bytes()), "{input}");
    }
}

#[test]
fn game_draw_long_path_alternates_by_parity() {
    // 1 -> 2 -> ... -> n: from vertex i, n - i moves are forced, then the player to move is
    // stuck. Deep attractor chains, no recursion anywhere.
    let n = 1_000_000usize;
    let mut input = format!("{n} {}\n", n - 1);
    for i in 1..n {
        input.push_str(&format!("{i} {}\n", i + 1));
    }
    let (out, fault) = solve("game-draw", &input);
    assert!(fault.is_none());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        for (i, c) in line.bytes().enumerate() {
            // The starter is stuck after an even number of moves.
            let want = if (n - 1 - i).is_multiple_of(2) { b'L' } else { b'W' };
            assert_eq!(c, want, "vertex {}", i + 1);
        }
    }
}

#[test]
fn game_draw_cycle_with_an_exit_everywhere() {
    // A cycle 1 -> 2 -> ... -> n -> 1, plus an arc from every cycle vertex to the sink n + 1.
    // Whoever moves first goes to the sink and wins (Gennady too: staying on the cycle lets
    // Georgiy go to the sink and win, and a draw is only Gennady's if Georgiy allows it). Without
    // the exits, every start is a draw.
    let n = 200_000usize;
    let mut input = format!("{} {}\n", n + 1, 2 * n);
    for i in 1..=n {
        input.push_str(&format!("{i} {}\n{i} {}\n", i % n + 1, n + 1));
    }
    let (out, _) = solve("game-draw", &input);
    let want = format!("{}L\n", "W".repeat(n));
    assert_eq!(out, format!("{want}{want}"));
    let mut input = format!("{n} {n}\n");
    for i in 1..=n {
        input.push_str(&format!("{i} {}\n", i % n + 1));
    }
    let (out, _) = solve("game-draw", &input);
    let want = format!("{}\n", "D".repeat(n));
    assert_eq!(out, format!("{want}{want}"));
}

#[test]
fn game_draw_gennady_takes_a_draw_over_a_win_and_georgiy_a_loss_over_a_draw() {
    // 1 -> 2 (sink) and 1 -> 3 -> 3 (a loop). Gennady at 1 could win by moving to 2, but he
    // moves to 3 and the game never ends. Georgiy at 1 moves to 2 and wins.
    assert_eq!(solve("game-draw", "3 3\n1 2\n1 3\n3 3\n").0, "DLD\nWLD\n");
    // 1 -> 3 -> 3 and 1 -> 2 -> 4 (sink): Georgiy at 1 goes to 2 and loses (Gennady moves to
    // 4, Georgiy is stuck) rather than draw.
    let (out, _) = solve("game-draw", "4 4\n1 2\n2 4\n1 3\n3 3\n");
    assert_eq!(out.lines().nth(1).unwrap().as_bytes()[0], b'L');
}

#[test]
fn game_teams_long_path_is_decided_by_the_stuck_player() {
    // On the path 1 -> ... -> n every move is forced: from vertex i the player at turn
    // (n - i) mod 6 is stuck and his team loses, whoever is an actor.
    let n = 600_000usize;
    let mut rng = Rng::new(6);
    let team: Vec<u8> = (0..6).map(|_| if rng.chance(1, 2) { b'A' } else { b'B' }).collect();
    let actor: Vec<u8> = (0..6).map(|_| if rng.chance(1, 2) { b'1' } else { b'0' }).collect();
    let mut input = format!("1\n{n} {}\n", n - 1);
    for i in 1..n {
        input.push_str(&format!("{i} {}\n", i + 1));
    }
    input.push_str(&format!(
        "{}\n{}\n",
        String::from_utf8_lossy(&team),
        String::from_utf8_lossy(&actor)
    ));
    let (out, fault) = solve("game-teams", &input);
    assert!(fault.is_none());
    let line = out.strip_suffix('\n').unwrap();
    for (i, c) in line.bytes().enumerate() {
        let stuck = (n - 1 - i) % 6;
        let want = if team[stuck] == b'A' { b'B' } else { b'A' };
        assert_eq!(c, want, "vertex {}", i + 1);
    }
}

#[test]
fn repeated_arcs_and_arc_order_change_nothing() {
    let mut rng = Rng::new(99);
    for _ in 0..200 {
        let n = rng.range(1, 15);
        let m = rng.range(0, 3 * n);
        let arcs: Vec<(u64, u64)> = (0..m).map(|_| (rng.range(1, n), rng.range(1, n))).collect();
        let tail = format!("{}\n{}\n", "ABBABA", "010001");
        let text = |arcs: &[(u64, u64)]| {
            let body: String = arcs.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
            (format!("{n} {}\n{body}", arcs.len()), format!("1\n{n} {}\n{body}{tail}", arcs.len()))
        };
        let mut doubled = arcs.clone();
        doubled.extend_from_slice(&arcs);
        let mut shuffled = arcs.clone();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, rng.index(i + 1));
        }
        let (draw, teams) = text(&arcs);
        for other in [text(&doubled), text(&shuffled)] {
            assert_eq!(solve("game-draw", &draw).0, solve("game-draw", &other.0).0);
            assert_eq!(solve("game-teams", &teams).0, solve("game-teams", &other.1).0);
        }
    }
}

#[test]
fn game_teams_swapping_the_teams_swaps_the_answer() {
    // Renaming team A as B everywhere (and vice versa) must swap A and B in every result.
    let mut rng = Rng::new(5);
    for _ in 0..300 {
        let n = rng.range(1, 12);
        let m = rng.range(0, 3 * n);
        let mut graph = format!("{n} {m}\n");
        for _ in 0..m {
            graph.push_str(&format!("{} {}\n", rng.range(1, n), rng.range(1, n)));
        }
        let team: String = (0..6).map(|_| if rng.chance(1, 2) { 'A' } else { 'B' }).collect();
        let swapped: String = team.chars().map(|c| if c == 'A' { 'B' } else { 'A' }).collect();
        let actor: String = (0..6).map(|_| if rng.chance(1, 2) { '1' } else { '0' }).collect();
        let a = solve("game-teams", &format!("1\n{graph}{team}\n{actor}\n")).0;
        let b = solve("game-teams", &format!("1\n{graph}{swapped}\n{actor}\n")).0;
        let mirrored: String = a
            .chars()
            .map(|c| match c {
                'A' => 'B',
                'B' => 'A',
                c => c,
            })
            .collect();
        assert_eq!(b, mirrored);
    }
}

#[test]
fn game_teams_refuses_a_sum_of_n_past_its_cap_at_that_n_keeping_earlier_answers() {
    use games::problems::game_teams::solve_with_cap;
    let input = b"3\n4 0\nAAAAAA\n000000\n4 0\nBBBBBB\n000000\n4 0\nAAAAAA\n000000\n";
    let mut sc = games::Scanner::new(input);
    let mut out = games::Out::new();
    let fault = solve_with_cap(&mut sc, &mut out, 10).expect_err("4 + 4 + 4 > 10");
    // Stuck players lose for their own team: A moves first and is stuck, so B wins; and back.
    assert_eq!(out.as_bytes(), b"BBBB\nAAAA\n");
    let msg = fault.render("game-teams", input);
    assert!(
        msg.starts_with("games game-teams: line 8, column 1: expected vertex count n"),
        "{msg}"
    );
    // The real cap is 10^8 vertices summed over the tests.
    assert_eq!(games::problems::game_teams::MAX_TOTAL_VERTICES, 100_000_000);
}
