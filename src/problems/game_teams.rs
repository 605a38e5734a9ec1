//! `game-teams`: two teams, six players in a fixed cyclic order move one token on a directed
//! graph; actors play for their own team's loss. The outcome (A, B or D) of every start.

use super::game_draw::{random_graph, read_arcs_into, write_arcs};
use super::generate::by_size;
use super::generate::effective;
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::retrograde::{Buffers, ReverseGraph, Rules, outcomes_in};

pub static PROBLEM: Problem = Problem {
    name: "game-teams",
    aliases: &[],
    source: "unknown contest (format fixed in the catalogue)",
    summary: "Six players of teams A/B (some actors) move one token: A/B/D per start",
    statement: include_str!("../../problems/game-teams.md"),
    judge_limits: "unknown",
    our_limits: "n <= 1e7 and m <= 4e9 per test, sum of n <= 1e8, linear time in the sum of n + m",
    solve,
    brute: crate::brute::game_teams::answer,
    generate,
    judge: &crate::judge::problems::game_teams::JUDGE,
};

/// The most vertices in one test: `6 n` positions with a counter and an outcome each are
/// allocated from `n` alone (about 60 bytes a vertex).
pub const MAX_VERTICES: u64 = 10_000_000;
/// The most vertices over all tests of one input: `n` is not followed by per-vertex data, so
/// without this a few bytes per test could ask for unbounded work and output (n bytes a test).
pub const MAX_TOTAL_VERTICES: u64 = 100_000_000;
pub const MAX_ARCS: u64 = crate::theory::retrograde::MAX_ARCS as u64;

/// Outcome ranks: the players who want team B to win are the maximisers.
const A_WINS: u8 = 0;
const DRAW: u8 = 1;
const B_WINS: u8 = 2;

/// The rules for the six players, from their teams (`true` = team B) and whether each is an
/// actor. A normal player ranks his team's win > draw > its loss, an actor his team's loss >
/// draw > its win, so each ranks B wins > draw > A wins or exactly the reverse.
pub fn rules(team_b: [bool; 6], actor: [bool; 6]) -> Rules<6> {
    Rules {
        maximiser: std::array::from_fn(|t| team_b[t] != actor[t]),
        stuck: std::array::from_fn(|t| if team_b[t] { A_WINS } else { B_WINS }),
        infinite: DRAW,
        outcomes: 3,
    }
}

fn six(
    sc: &mut Scanner<'_>,
    what: &'static str,
    letters: [u8; 2],
) -> Result<[bool; 6], InputError> {
    let at = sc.peek_start();
    let word = sc.word(what)?;
    if word.len() != 6 || !word.iter().all(|b| letters.contains(b)) {
        return Err(InputError::new(at, what));
    }
    Ok(std::array::from_fn(|i| word[i] == letters[1]))
}

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    solve_with_cap(sc, out, MAX_TOTAL_VERTICES)
}

/// The solver with the cap on the sum of n as a parameter (the tests use a small one).
pub fn solve_with_cap(sc: &mut Scanner<'_>, out: &mut Out, cap: u64) -> Result<(), InputError> {
    let tests = sc.u64("test count T")?;
    let mut total: u64 = 0;
    // One set of buffers for all the tests: the pages of one test's graph serve the next.
    let (mut arcs, mut buffers) = (Vec::<(u32, u32)>::new(), Buffers::default());
    for _ in 0..tests {
        let at = sc.peek_start();
        let n = sc.u64_in("vertex count n", 0, MAX_VERTICES)?;
        total += n;
        if total > cap {
            let what = format!("vertex count n keeping the sum of n over all tests at most {cap}");
            return Err(InputError::new(at, what));
        }
        let m = sc.u64_in("arc count m", 0, MAX_ARCS)?;
        read_arcs_into(sc, n, m, &mut arcs)?;
        let team_b = six(sc, "6 team letters A/B", [b'A', b'B'])?;
        let actor = six(sc, "6 actor flags 0/1", [b'0', b'1'])?;
        let graph = ReverseGraph::from_arcs_in(n as usize, &arcs, &mut buffers);
        let value = outcomes_in(&graph, &rules(team_b, actor), &mut buffers);
        graph.recycle(&mut buffers);
        out.reserve(n as usize + 1);
        let name = |v| match v {
            A_WINS => b'A',
            B_WINS => b'B',
            _ => b'D',
        };
        value.name_turn(0, name, |block| {
            out.bytes(block);
        });
        out.nl();
        value.recycle(&mut buffers);
    }
    sc.expect_eof()
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    // Below `huge` every size already keeps the judge's constraints: the domain only decides
    // what `huge` means (see `effective`).
    let tests = by_size(size, rng.range(1, 3), rng.range(1, 5), 10, 10);
    let total_n = by_size(size, 0, 0, 100_000, 1_000_000);
    let mut out = Out::new();
    out.int(tests).nl();
    for _ in 0..tests {
        let n = by_size(size, rng.range(1, 5), rng.range(1, 200), total_n / tests, total_n / tests);
        let max_m = by_size(size, (n * n).min(9), 3 * n, 4 * n, 4 * n);
        let m = if size >= Size::Judge { max_m } else { rng.range(0, max_m) };
        // Repeated arcs are allowed here; the tiny sizes use them now and then.
        let distinct = size >= Size::Judge || rng.chance(3, 4);
        let arcs = random_graph(rng, n, m, distinct);
        out.int(n).byte(b' ').int(arcs.len()).nl();
        write_arcs(&mut out, &arcs);
        // Teams: often all six on one team, or alternating, else random; actors likewise.
        let team: Vec<u8> = match rng.below(4) {
            0 => vec![*rng.pick(b"AB"); 6],
            1 => b"ABABAB".to_vec(),
            _ => (0..6).map(|_| *rng.pick(b"AB")).collect(),
        };
        let actor: Vec<u8> = match rng.below(4) {
            0 => b"000000".to_vec(),
            _ => (0..6).map(|_| *rng.pick(b"01")).collect(),
        };
        out.bytes(&team).nl().bytes(&actor).nl();
    }
    out.into_bytes()
}
