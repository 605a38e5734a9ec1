//! `games explore --partizan --serve`: the perfect player of a partizan game (issue 43). Planted
//! games with random parameters ([`super::explore_partizan_grammar`]) are played whole against
//! the server from random positions and sums, in the box and far past it, the server taking
//! Left in some games and Right in others and the test playing the other side at random. At
//! each server turn `POS ?` must give the oracle's value and outcome, and `L POS` / `R POS`
//! a legal move of that player to a position the oracle says that player wins moving second
//! (Left: value >= 0; Right: value <= 0), or `none` exactly when there is no such move. The
//! oracle is the exhaustive partizan evaluation written in the test. Without python3 the test
//! fails, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;
use crate::explore_partizan_grammar::{Oracle, Sum, outcome, planted, script, show, written};

use common::temp_dir;
use games::rng::Rng;

/// A reply position: parts `x y` joined by `+` (`()` nothing), sorted.
fn read_sum(reply: &str) -> Sum {
    let mut s: Sum = reply
        .split('+')
        .map(str::trim)
        .filter(|p| *p != "()")
        .map(|p| {
            let v: Vec<u64> = p
                .split_whitespace()
                .map(|x| x.parse().unwrap_or_else(|_| panic!("not a position: '{reply}'")))
                .collect();
            assert_eq!(v.len(), 2, "not a position: '{reply}'");
            (v[0], v[1])
        })
        .collect();
    s.sort_unstable();
    s
}

/// Every position one move of `left` (or Right) from `sum`.
fn moves(o: &Oracle, sum: &Sum, left: bool) -> Vec<Sum> {
    let mut out = Vec::new();
    for i in 0..sum.len() {
        for opt in o.game.options(sum[i], left) {
            let mut s: Sum =
                sum.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &p)| p).collect();
            s.extend(opt);
            s.sort_unstable();
            out.push(s);
        }
    }
    out
}

/// Does `left` (or Right) win after moving to a position of value `v` (the other to move)?
fn good(v: i128, left: bool) -> bool {
    if left { v >= 0 } else { v <= 0 }
}

/// Plays `n` games of `o` through one server (`stream`: one session of the program, which
/// explores far positions whole; else each far position has one start, and the patterns
/// answer); returns (games played to the end, server moves).
fn play(o: &Oracle, cmd: &str, n: usize, rng: &mut Rng, stream: bool) -> (usize, usize) {
    let mut args = vec!["explore", "--partizan", "--serve", "--moves", cmd];
    args.extend(["--box", o.game.boxed(), "--far-starts", "1"]);
    if stream {
        args.push("--stream");
    }
    let mut server = common::Server::start(&args);
    let mut ask = |line: &str| server.ask(line);
    let (mut finished, mut server_moves) = (0, 0);
    'games: for g in 0..n {
        let server_left = g % 2 == 0;
        let side = if server_left { "L" } else { "R" };
        let mut sum: Sum =
            vec![if rng.chance(1, 3) { (rng.below(16), rng.below(16)) } else { o.far(rng, 20) }];
        if rng.chance(1, 3) {
            sum.push(o.far(rng, 20));
        }
        sum.retain(|p| o.sum(&[*p]).is_some());
        sum.sort_unstable();
        let mut server_turn = rng.chance(1, 2);
        loop {
            let v = o.sum(&sum).expect("the oracle knows every position played");
            if !server_turn {
                let mine = moves(o, &sum, !server_left);
                if mine.is_empty() {
                    break;
                }
                sum = mine[rng.below(mine.len() as u64) as usize].clone();
                server_turn = true;
                continue;
            }
            let said = ask(&format!("{} ?", written(&sum)));
            if said == "unknown" {
                continue 'games;
            }
            assert_eq!(said, format!("{} {}", show(v), outcome(v)), "{:?} at {sum:?}", o.game);
            let options = moves(o, &sum, server_left);
            let winning = options.iter().any(|s| good(o.sum(s).unwrap(), server_left));
            let reply = ask(&format!("{side} {}", written(&sum)));
            if reply == "unknown" {
                continue 'games;
            }
            if reply == "none" {
                assert!(!winning, "{:?}: '{side}' said none at {sum:?}, which it wins", o.game);
                break;
            }
            let next = read_sum(&reply);
            assert!(
                options.contains(&next),
                "{:?}: {sum:?} -> '{reply}' is no move of {side}",
                o.game
            );
            let w = o.sum(&next).unwrap();
            assert!(
                good(w, server_left),
                "{:?}: {side} {sum:?} -> {next:?} of value {w} loses",
                o.game
            );
            sum = next;
            server_moves += 1;
            server_turn = false;
        }
        finished += 1;
    }
    server.finish();
    (finished, server_moves)
}

#[test]
fn whole_games_against_the_partizan_server_for_both_sides() {
    if !common::have_python("the partizan --serve tests") {
        return;
    }
    let dir = temp_dir("serve");
    let mut rng = Rng::new(4344);
    let (mut finished, mut server_moves, mut played) = (0, 0, 0);
    // One session of the program: far positions explored whole, up to x + y < 120.
    for i in 0..4 {
        let o = planted(&mut rng, 120, i % 2 == 1);
        let cmd = script(&dir, &format!("g{i}.py"), &o.game.program());
        let (f, m) = play(&o, &cmd, 6, &mut rng, true);
        eprintln!("{:?}: {f} of 6 games played to the end, {m} server moves", o.game);
        finished += f;
        server_moves += m;
        played += 6;
    }
    // One start a far position: past the box the checked patterns answer.
    for i in 0..2 {
        let o = planted(&mut rng, 46, i % 2 == 0);
        let cmd = script(&dir, &format!("p{i}.py"), &o.game.program());
        let (f, m) = play(&o, &cmd, 4, &mut rng, false);
        eprintln!("{:?}, patterns: {f} of 4 games played to the end, {m} server moves", o.game);
        finished += f;
        server_moves += m;
        played += 4;
    }
    assert!(finished * 2 >= played, "{finished} of {played} games played to the end");
    assert!(server_moves > 0);
}
