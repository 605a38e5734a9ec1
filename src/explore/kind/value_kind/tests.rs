//! Each kind's rule against play searched in full on random small games (never the rule
//! itself as the oracle), and a toy kind run through the far search and guard.

use super::*;
use crate::explore::far::{self, FarOptions};
use crate::explore::kind::partizan::value_kind::Partizan;
use crate::explore::space::{Coords, MAX_ARITY, Space};
use crate::rng::Rng;

/// A random game on positions `0..n`: each option of `v` lower than `v` (`loopy`: any).
fn random_game(rng: &mut Rng, n: usize, loopy: bool) -> Vec<Vec<usize>> {
    (0..n)
        .map(|v| {
            let reach = if loopy { n } else { v };
            let k = if reach == 0 { 0 } else { rng.below(4) as usize };
            let mut o: Vec<usize> = (0..k).map(|_| rng.below(reach as u64) as usize).collect();
            o.sort_unstable();
            o.dedup();
            o
        })
        .collect()
}

/// Values by the kind's rule, lowest position first (options are lower).
fn by_rule(kind: &dyn ValueKind, game: &[Vec<usize>]) -> Vec<i128> {
    let mut val: Vec<i128> = Vec::with_capacity(game.len());
    for opts in game {
        let o: Vec<(i128, i64)> = opts.iter().map(|&u| (val[u], 0)).collect();
        val.push(kind.of_options(&Options::of(&o)).expect("a value"));
    }
    val
}

/// Whether the mover wins `(a, b)` of a sum (`both`: a move in every part, else in one),
/// by search over the pairs (`misere`: the player who cannot move wins).
fn pair_wins(g: &[Vec<usize>], h: &[Vec<usize>], both: bool, misere: bool) -> Vec<Vec<bool>> {
    let mut w = vec![vec![false; h.len()]; g.len()];
    for a in 0..g.len() {
        for b in 0..h.len() {
            let moves: Vec<(usize, usize)> = if both {
                g[a].iter().flat_map(|&x| h[b].iter().map(move |&y| (x, y))).collect()
            } else {
                g[a].iter().map(|&x| (x, b)).chain(h[b].iter().map(|&y| (a, y))).collect()
            };
            w[a][b] = if moves.is_empty() { misere } else { moves.iter().any(|&(x, y)| !w[x][y]) };
        }
    }
    w
}

#[test]
fn grundy_values_decide_sums_as_play_does() {
    let mut rng = Rng::new(43);
    for _ in 0..300 {
        let (n, m) = (1 + rng.below(9) as usize, 1 + rng.below(9) as usize);
        let (g, h) = (random_game(&mut rng, n, false), random_game(&mut rng, m, false));
        let (gv, hv) = (by_rule(&Grundy, &g), by_rule(&Grundy, &h));
        let wins = pair_wins(&g, &h, false, false);
        for a in 0..n {
            for b in 0..m {
                let sum = Grundy.combine(Compound::Disjunctive, &[gv[a], hv[b]]).unwrap();
                assert_eq!(wins[a][b], sum != 0, "{g:?} {h:?} at ({a}, {b})");
                // A best move is one to a lost sum.
                for &x in &g[a] {
                    let to = Grundy.combine(Compound::Disjunctive, &[gv[x], hv[b]]).unwrap();
                    assert_eq!(Grundy.best(sum, to, 0, false), !wins[x][b]);
                }
            }
        }
    }
}

/// Outcomes of a loopy game by rounds (won in at most `k` moves, lost in at most `k`), the
/// rest drawn: `P`, `N` or `D` as [`P`], [`N`], [`D`].
fn outcomes_by_rounds(game: &[Vec<usize>], misere: bool) -> Vec<i128> {
    let n = game.len();
    let mut out: Vec<Option<i128>> = vec![None; n];
    for _ in 0..=2 * n + 1 {
        let before = out.clone();
        for v in 0..n {
            if before[v].is_some() {
                continue;
            }
            if game[v].is_empty() {
                out[v] = Some(if misere { N } else { P });
            } else if game[v].iter().any(|&u| before[u] == Some(P)) {
                out[v] = Some(N);
            } else if game[v].iter().all(|&u| before[u] == Some(N)) {
                out[v] = Some(P);
            }
        }
    }
    out.into_iter().map(|o| o.unwrap_or(D)).collect()
}

#[test]
fn misere_outcomes_follow_the_rule_on_loopy_games() {
    let mut rng = Rng::new(4343);
    let mut drawn = 0;
    for _ in 0..500 {
        let n = 1 + rng.below(9) as usize;
        let g = random_game(&mut rng, n, true);
        let o = outcomes_by_rounds(&g, true);
        drawn += o.iter().filter(|&&x| x == D).count();
        for v in 0..n {
            let opts: Vec<(i128, i64)> = g[v].iter().map(|&u| (o[u], 0)).collect();
            assert_eq!(MisereOutcome.of_options(&Options::of(&opts)), Ok(o[v]), "{g:?} at {v}");
            let best: Vec<usize> = g[v]
                .iter()
                .copied()
                .filter(|&u| MisereOutcome.best(o[v], o[u], 0, false))
                .collect();
            // From a won position a best move leaves the opponent lost; from a drawn one, drawn.
            assert_eq!(best.is_empty(), o[v] == P || (o[v] == N && g[v].is_empty()));
            assert_eq!(MisereOutcome.read(&MisereOutcome.show(o[v])), Ok(o[v]));
        }
    }
    assert!(drawn > 100, "too few draws to test: {drawn}");
}

#[test]
fn normal_outcomes_follow_the_rule_on_loopy_games() {
    let mut rng = Rng::new(4344);
    let mut drawn = 0;
    for _ in 0..500 {
        let n = 1 + rng.below(9) as usize;
        let loopy = rng.below(2) == 0;
        let g = random_game(&mut rng, n, loopy);
        let o = outcomes_by_rounds(&g, false);
        drawn += o.iter().filter(|&&x| x == D).count();
        if !loopy {
            // A finite game: P exactly where the Grundy value is 0.
            let gv = by_rule(&Grundy, &g);
            assert!((0..n).all(|v| (o[v] == P) == (gv[v] == 0)), "{g:?}");
        }
        for v in 0..n {
            let opts: Vec<(i128, i64)> = g[v].iter().map(|&u| (o[u], 0)).collect();
            assert_eq!(NormalOutcome.of_options(&Options::of(&opts)), Ok(o[v]), "{g:?} at {v}");
            assert_eq!(NormalOutcome.read(&NormalOutcome.show(o[v])), Ok(o[v]));
        }
    }
    assert!(drawn > 50, "too few draws to test: {drawn}");
}

/// The remoteness by search over plays: the winner (by plain search) hurries, the loser delays.
fn remoteness_by_play(game: &[Vec<usize>], misere: bool) -> Vec<i128> {
    let won = outcomes_by_rounds(game, misere);
    let mut r: Vec<i128> = Vec::with_capacity(game.len());
    for (v, opts) in game.iter().enumerate() {
        let x = match won[v] {
            _ if opts.is_empty() => 0,
            N => 1 + opts.iter().filter(|&&u| won[u] == P).map(|&u| r[u]).min().unwrap(),
            _ => 1 + opts.iter().map(|&u| r[u]).max().unwrap(),
        };
        r.push(x);
    }
    r
}

#[test]
fn remoteness_matches_play_and_smiths_rule_for_conjunctive_compounds() {
    let mut rng = Rng::new(430);
    for misere in [false, true] {
        let kind = Remoteness { misere };
        for _ in 0..300 {
            let (n, m) = (1 + rng.below(8) as usize, 1 + rng.below(8) as usize);
            let (g, h) = (random_game(&mut rng, n, false), random_game(&mut rng, m, false));
            let (gr, hr) = (by_rule(&kind, &g), by_rule(&kind, &h));
            assert_eq!(gr, remoteness_by_play(&g, misere), "{g:?}");
            let wins = pair_wins(&g, &h, true, misere);
            for a in 0..n {
                assert_eq!(kind.read(&kind.show(gr[a])), Ok(gr[a]));
                for b in 0..m {
                    let r = kind.combine(Compound::Conjunctive, &[gr[a], hr[b]]).unwrap();
                    assert_eq!(kind.wins(r), wins[a][b], "{g:?} {h:?} ({a}, {b}) misère {misere}");
                }
            }
        }
    }
    assert!(Remoteness { misere: false }.combine(Compound::Disjunctive, &[1, 2]).is_err());
}

/// The score of play from `v`, the first player maximizing the difference of the two
/// totals and the second minimizing it (`gains[v][i]`: the gain of option `i`; `end[v]`:
/// the final gain of a position that ends the game).
fn score_by_play(
    game: &[Vec<usize>],
    gains: &[Vec<i64>],
    end: &[Option<i64>],
    v: usize,
    first: bool,
) -> i128 {
    let sign = if first { 1 } else { -1 };
    if let Some(g) = end[v] {
        return sign * i128::from(g);
    }
    let lines = game[v]
        .iter()
        .zip(&gains[v])
        .map(|(&u, &g)| sign * i128::from(g) + score_by_play(game, gains, end, u, !first));
    if first { lines.max().unwrap_or(0) } else { lines.min().unwrap_or(0) }
}

#[test]
fn scores_match_minimax_over_plays() {
    let mut rng = Rng::new(4300);
    for _ in 0..300 {
        let n = 1 + rng.below(9) as usize;
        let g = random_game(&mut rng, n, false);
        let gains: Vec<Vec<i64>> =
            g.iter().map(|o| o.iter().map(|_| rng.below(11) as i64 - 5).collect()).collect();
        let end: Vec<Option<i64>> =
            (0..n).map(|_| (rng.below(4) == 0).then(|| rng.below(21) as i64 - 10)).collect();
        let mut val: Vec<i128> = Vec::with_capacity(n);
        for v in 0..n {
            let o: Vec<(i128, i64)> =
                g[v].iter().zip(&gains[v]).map(|(&u, &x)| (val[u], x)).collect();
            let opts = Options { options: &o, right: None, terminal: end[v] };
            val.push(Score.of_options(&opts).unwrap());
        }
        for v in 0..n {
            assert_eq!(val[v], score_by_play(&g, &gains, &end, v, true), "{g:?} {gains:?} {end:?}");
            assert_eq!(Score.read(&Score.show(val[v])), Ok(val[v]));
            for (&u, &x) in g[v].iter().zip(&gains[v]) {
                let line = i128::from(x) - score_by_play(&g, &gains, &end, u, true);
                assert_eq!(
                    Score.best(val[v], val[u], x, end[v].is_some()),
                    end[v].is_none() && line == val[v]
                );
            }
        }
    }
}

/// The numbers born by day `days`, each with its birthday: `(n, e, day)` for `n / 2^e`.
fn numbers_by_birthday(days: u32) -> Vec<(i128, u32, u32)> {
    // Kept as multiples of 2^-days, sorted: day d+1 adds one below, one above, and the
    // midpoint of each pair of neighbours.
    let unit = 1i128 << days;
    let mut born: Vec<(i128, u32)> = vec![(0, 0)];
    for d in 1..=days {
        let mut next = Vec::new();
        next.push((born[0].0 - unit, d));
        for w in born.windows(2) {
            next.push(w[0]);
            next.push(((w[0].0 + w[1].0) / 2, d));
        }
        next.push(*born.last().unwrap());
        next.push((born.last().unwrap().0 + unit, d));
        born = next;
    }
    born.into_iter()
        .map(|(x, d)| {
            let e = days - days.min(x.trailing_zeros());
            (x >> (days - e), e, d)
        })
        .collect()
}

#[test]
fn partizan_numbers_are_the_simplest_between_by_birthday() {
    let days = 7;
    let born = numbers_by_birthday(days);
    let mut rng = Rng::new(43_000);
    for exponent in [0u32, 1, 3] {
        let kind = Partizan { exponent };
        let scaled = |&(n, e, _): &(i128, u32, u32)| (e <= exponent).then(|| n << (exponent - e));
        let pool: Vec<i128> = born.iter().filter(|x| x.2 <= 4).filter_map(scaled).collect();
        for _ in 0..2000 {
            let mut side = |k: u64| -> Vec<i128> {
                (0..rng.below(k)).map(|_| pool[rng.below(pool.len() as u64) as usize]).collect()
            };
            let (left, right) = (side(4), side(4));
            let l: Vec<(i128, i64)> = left.iter().map(|&v| (v, 0)).collect();
            let got =
                kind.of_options(&Options { options: &l, right: Some(&right), terminal: None });
            let (lo, hi) = (left.iter().max().copied(), right.iter().min().copied());
            // The earliest born strictly between, compared as multiples of 2^-days.
            let at = |v: i128| v << (days - exponent);
            let between = |&&(n, e, _): &&(i128, u32, u32)| {
                let x = n << (days - e);
                lo.is_none_or(|l| at(l) < x) && hi.is_none_or(|h| x < at(h))
            };
            let want = born.iter().filter(between).min_by_key(|b| b.2);
            match (lo, hi) {
                (Some(l), Some(h)) if l >= h => assert!(got.is_err(), "{left:?} {right:?}"),
                _ => {
                    let &(n, e, _) = want.expect("a number between");
                    if e <= exponent {
                        assert_eq!(
                            got,
                            Ok(n << (exponent - e)),
                            "{left:?} | {right:?}, E {exponent}"
                        );
                    } else {
                        assert!(got.is_err(), "{left:?} | {right:?}, E {exponent}");
                    }
                }
            }
        }
        for v in [-9i128, -1, 0, 1, 3, 8, 13] {
            assert_eq!(kind.read(&kind.show(v)), Ok(v), "{v} at E {exponent}");
        }
        assert_eq!(kind.combine(Compound::Disjunctive, &[3, -5, 4]), Ok(2));
    }
}

/// A toy kind: the length of the longest play (both players make the game long). Its rule is
/// 1 + the greatest option's (0 with none); a sum's longest play is the sum of its parts'.
struct Longest;

impl ValueKind for Longest {
    fn noun(&self) -> &'static str {
        "length"
    }
    fn nouns(&self) -> &'static str {
        "lengths"
    }
    fn of_options(&self, options: &Options) -> Result<i128, String> {
        Ok(options.values().max().map_or(0, |m| m + 1))
    }
    fn show(&self, v: i128) -> String {
        v.to_string()
    }
    fn read(&self, text: &str) -> Result<i128, String> {
        text.parse().map_err(|_| format!("'{text}' is not a length"))
    }
    fn combine(&self, how: Compound, parts: &[i128]) -> Result<i128, String> {
        match how {
            Compound::Disjunctive => Ok(parts.iter().sum()),
            _ => Err("not a sum".to_string()),
        }
    }
    fn best(&self, value: i128, option: i128, _gain: i64, _ends: bool) -> bool {
        option + 1 == value
    }
}

/// The subtraction game that takes 1 or 2 below `change` and only 2 from there on.
fn takes(n: u64, change: u64) -> Vec<u64> {
    let ts: &[u64] = if n < change { &[1, 2] } else { &[2] };
    ts.iter().filter(|&&t| t <= n).map(|&t| n - t).collect()
}

/// The longest play from every position `0..=top`, by search over the positions.
fn longest_by_search(top: u64, change: u64) -> Vec<i128> {
    let mut len = vec![0i128; top as usize + 1];
    for n in 0..=top {
        len[n as usize] = takes(n, change).iter().map(|&q| len[q as usize] + 1).max().unwrap_or(0);
    }
    len
}

fn coords(n: u64) -> Coords {
    let mut c: Coords = [0; MAX_ARITY];
    c[0] = n;
    c
}

fn listing(n: u64, change: u64) -> far::Listing {
    let options = takes(n, change).into_iter().map(|q| (Some(coords(q)), 0)).collect();
    Ok(FarOptions { options, terminal: None })
}

#[test]
fn a_toy_kind_runs_through_the_far_search_and_guard() {
    let (top, far_at) = (3000u64, 2500u64);
    // The box 0..=99 of a game that never changes: the pattern "n" answers far, checked.
    let truth = longest_by_search(top, u64::MAX);
    let space = Space::from_ranges(&[(0, 99)]);
    let values: Vec<Option<i128>> = (0..100).map(|n| Some(truth[n])).collect();
    let mut f = far::find(Longest, &space, &values, &[]);
    assert!(!f.patterns.is_empty(), "{:?}", f.lines());
    let a = f.answer(&coords(far_at), &listing(far_at, u64::MAX), &|_| None);
    assert_eq!(a.value, Some(truth[far_at as usize]), "{}", a.label);
    assert!(a.checked && a.label.starts_with("conjecture"), "{}", a.label);
    let (_, moves) = f.far_moves(&coords(far_at), &listing(far_at, u64::MAX), &|_| None);
    let shown: Vec<u64> = moves.iter().filter_map(|m| m.option.map(|c| c[0])).collect();
    assert_eq!(shown, vec![far_at - 1], "the longest play's move");
    // The same box, but the game changes at 200: the rule refutes the pattern at 2500.
    let truth = longest_by_search(top, 200);
    let values: Vec<Option<i128>> = (0..100).map(|n| Some(truth[n])).collect();
    let mut f = far::find(Longest, &space, &values, &[]);
    let a = f.answer(&coords(far_at), &listing(far_at, 200), &|_| None);
    assert_ne!(Some(far_at as i128), Some(truth[far_at as usize]));
    assert_eq!(a.value, None, "{}", a.label);
    assert!(
        a.label.starts_with("unknown") && a.label.contains("the game's rule gives"),
        "{}",
        a.label
    );
    assert!(f.lines().iter().any(|l| l.contains("pattern dropped")), "{:?}", f.lines());
}

#[test]
fn the_toy_kinds_sum_is_the_longest_play_of_the_sum() {
    let mut rng = Rng::new(4_300);
    for _ in 0..200 {
        let (n, m) = (1 + rng.below(8) as usize, 1 + rng.below(8) as usize);
        let (g, h) = (random_game(&mut rng, n, false), random_game(&mut rng, m, false));
        let (gl, hl) = (by_rule(&Longest, &g), by_rule(&Longest, &h));
        // Longest plays of the sum, by search over its pairs.
        let mut sum = vec![vec![0i128; m]; n];
        for a in 0..n {
            for b in 0..m {
                let via_g = g[a].iter().map(|&x| sum[x][b] + 1);
                let via_h = h[b].iter().map(|&y| sum[a][y] + 1);
                sum[a][b] = via_g.chain(via_h).max().unwrap_or(0);
                assert_eq!(Longest.combine(Compound::Disjunctive, &[gl[a], hl[b]]), Ok(sum[a][b]));
            }
        }
    }
}
