//! `games explore --serve`: the one player (issue 43, item 1), played in every kind it serves
//! against a checker written here. For random games of each kind (a moves program in python:
//! octal games whose moves split a heap, played by Grundy values over sums; partizan
//! subtraction games with different sets for Left and Right; subtraction games played by
//! remoteness; take-away games with a random gain for each take, played by score), the test
//! starts the server, then walks the game from random starts (in the box, past it, and for
//! remoteness and scores a heap near 10^18): at each server turn `POS ?` must be what the
//! test's exhaustive search says, and the move must be legal and best by that search; then every
//! reply of the opponent is played in turn (depth first, within a budget of requests per start,
//! past which one random reply is played). The searches share nothing with `games`: Grundy values
//! by the mex of the options' XORs, partizan outcomes by minimax over sums, remoteness by
//! retrograde analysis, scores by minimax (a heap near 10^18 by the period the test finds and
//! proves: two windows of the longest take equal up to a constant the rule keeps). A reply `unknown` is no wrong move but is counted: each kind must have its
//! moves judged. Without python3 the test fails, unless `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use crate::explore_serve_split::read_sum;
use common::temp_dir;
use games::rng::Rng;
use std::collections::HashMap;

/// A game as the checker sees it: positions are sums of heaps (sorted), `left` the player to
/// move (Left, or the only player of an impartial game).
trait Judge {
    /// Every position one move of `left` from `sum`.
    fn options(&self, sum: &[u64], left: bool) -> Vec<Vec<u64>>;
    /// What `POS ?` must answer (the part of it [`Judge::heard`] keeps).
    fn said(&mut self, sum: &[u64]) -> String;
    /// The part of the server's `POS ?` answer the test checks (all of it but for partizan).
    fn heard<'s>(&self, said: &'s str) -> &'s str {
        said
    }
    /// Is the move from `from` to `to` of `left` best?
    fn good(&mut self, from: &[u64], to: &[u64], left: bool) -> bool;
    /// Must `left` move from `sum` (`none` is then wrong)?
    fn must_move(&mut self, sum: &[u64], left: bool) -> bool;
    /// The request prefix of `left` (`L `, `R `, or nothing).
    fn side(&self, _left: bool) -> &'static str {
        ""
    }
}

fn written(sum: &[u64]) -> String {
    match sum.is_empty() {
        true => "()".to_string(),
        false => sum.iter().map(u64::to_string).collect::<Vec<_>>().join(" + "),
    }
}

/// Every position one move from `sum`, a heap replaced by one of `of(heap)`'s options.
pub fn sum_options(sum: &[u64], of: impl Fn(u64) -> Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..sum.len() {
        for o in of(sum[i]) {
            let mut s: Vec<u64> =
                sum.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            s.extend(o);
            s.sort_unstable();
            out.push(s);
        }
    }
    out
}

/// What a walk judged: (server turns judged, turns answered `unknown`).
type Tally = (usize, usize);

/// Walks the games from `starts` (the server plays `left`), each within `budget` requests:
/// every reply while half of it is left, then one random reply.
fn walk(
    j: &mut dyn Judge,
    server: &mut common::Server,
    starts: &[(Vec<u64>, bool)],
    budget: usize,
    rng: &mut Rng,
) -> Tally {
    let (mut judged, mut unknown) = (0, 0);
    for (start, left) in starts {
        let left = *left;
        let mut stack = vec![start.clone()];
        let mut asked = 0;
        while let Some(sum) = stack.pop() {
            if asked >= budget {
                break;
            }
            asked += 2;
            let said = server.ask(&format!("{} ?", written(&sum)));
            let reply = server.ask(&format!("{}{}", j.side(left), written(&sum)));
            if said == "unknown" || reply == "unknown" {
                unknown += 1;
                continue;
            }
            assert_eq!(j.heard(&said), j.said(&sum), "the value of {sum:?} ('{said}')");
            judged += 1;
            if reply == "none" {
                assert!(!j.must_move(&sum, left), "'none' at {sum:?} (left: {left})");
                continue;
            }
            let next = read_sum(&reply);
            let legal = j.options(&sum, left);
            assert!(legal.contains(&next), "{sum:?} -> '{reply}' is no move (left: {left})");
            assert!(j.good(&sum, &next, left), "{sum:?} -> {next:?} is not best (left: {left})");
            let mut replies = j.options(&next, !left);
            if asked >= budget / 2 && !replies.is_empty() {
                let one = replies.swap_remove(rng.below(replies.len() as u64) as usize);
                replies = vec![one];
            }
            stack.extend(replies);
        }
    }
    (judged, unknown)
}

fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("import sys\n{body}")).unwrap();
    format!("python3 {}", path.display())
}

/// An octal game (`digits[k]` for taking k: bit 1 the whole heap, 2 leaving one heap, 4 two).
struct Octal {
    digits: Vec<u8>,
    grundy: Vec<u64>,
}

impl Octal {
    fn heap(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (k, &d) in self.digits.iter().enumerate().skip(1) {
            let Some(left) = n.checked_sub(k as u64) else { break };
            if d & 1 != 0 && left == 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && left > 0 {
                out.push(vec![left]);
            }
            if d & 4 != 0 && left >= 2 {
                out.extend((1..=left / 2).map(|a| vec![a, left - a]));
            }
        }
        out
    }
    fn new(digits: Vec<u8>, top: u64) -> Octal {
        let mut o = Octal { digits, grundy: Vec::new() };
        for h in 0..=top {
            let seen: Vec<u64> = o
                .heap(h)
                .iter()
                .map(|s| s.iter().fold(0, |x, &q| x ^ o.grundy[q as usize]))
                .collect();
            o.grundy.push((0..).find(|m| !seen.contains(m)).unwrap());
        }
        o
    }
    fn xor(&self, sum: &[u64]) -> u64 {
        sum.iter().fold(0, |x, &h| x ^ self.grundy[h as usize])
    }
    fn program(&self) -> String {
        let d: Vec<String> = self.digits.iter().map(u8::to_string).collect();
        format!(
            "D = [{}]\nfor line in sys.stdin:\n    n = int(line.split()[0]); out = []\n    for k in range(1, len(D)):\n        if k > n: break\n        left = n - k\n        if D[k] & 1 and left == 0: out.append('()')\n        if D[k] & 2 and left > 0: out.append(str(left))\n        if D[k] & 4 and left >= 2: out += ['%d + %d' % (a, left - a) for a in range(1, left // 2 + 1)]\n    print(' ; '.join(out), flush=True)\n",
            d.join(", ")
        )
    }
}

impl Judge for Octal {
    fn options(&self, sum: &[u64], _left: bool) -> Vec<Vec<u64>> {
        sum_options(sum, |h| self.heap(h))
    }
    fn said(&mut self, sum: &[u64]) -> String {
        match self.xor(sum) {
            0 => "P 0".to_string(),
            x => format!("N *{x}"),
        }
    }
    fn good(&mut self, from: &[u64], to: &[u64], _left: bool) -> bool {
        self.xor(from) == 0 || self.xor(to) == 0
    }
    fn must_move(&mut self, sum: &[u64], _left: bool) -> bool {
        !self.options(sum, true).is_empty()
    }
}

/// A partizan subtraction game: Left takes a number of `sets.0` from one heap, Right of
/// `sets.1`.
struct Partizan {
    sets: (Vec<u64>, Vec<u64>),
    /// Does the player (Left, Right) moving first win the sum? By minimax.
    wins: HashMap<(Vec<u64>, bool), bool>,
}

impl Partizan {
    fn new(sets: (Vec<u64>, Vec<u64>)) -> Partizan {
        Partizan { sets, wins: HashMap::new() }
    }
    fn heap(&self, n: u64, left: bool) -> Vec<Vec<u64>> {
        let set = if left { &self.sets.0 } else { &self.sets.1 };
        set.iter()
            .filter(|&&s| s <= n)
            .map(|&s| if s == n { vec![] } else { vec![n - s] })
            .collect()
    }
    fn first_wins(&mut self, sum: &[u64], left: bool) -> bool {
        if let Some(&w) = self.wins.get(&(sum.to_vec(), left)) {
            return w;
        }
        let w = self.options(sum, left).iter().any(|o| !self.first_wins(o, !left));
        self.wins.insert((sum.to_vec(), left), w);
        w
    }
}

impl Judge for Partizan {
    fn options(&self, sum: &[u64], left: bool) -> Vec<Vec<u64>> {
        let mut out = sum_options(sum, |h| self.heap(h, left));
        out.iter_mut().for_each(|s| s.retain(|&h| h > 0));
        out
    }
    /// The outcome class only (the last word of `VALUE OUTCOME`): the test checks no value.
    fn said(&mut self, sum: &[u64]) -> String {
        match (self.first_wins(sum, true), self.first_wins(sum, false)) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        }
        .to_string()
    }
    fn good(&mut self, _from: &[u64], to: &[u64], left: bool) -> bool {
        !self.first_wins(to, !left)
    }
    fn must_move(&mut self, sum: &[u64], left: bool) -> bool {
        self.first_wins(sum, left)
    }
    fn side(&self, left: bool) -> &'static str {
        if left { "L " } else { "R " }
    }
    fn heard<'s>(&self, said: &'s str) -> &'s str {
        said.rsplit(' ').next().unwrap_or(said)
    }
}

/// A subtraction game by remoteness (retrograde analysis) or by score (a gain for each take).
struct Take {
    takes: Vec<(u64, i64)>,
    /// Remoteness, or score, of heaps 0..
    value: Vec<i64>,
    scored: bool,
    /// `(a, p, d)`: the value of `n + p` is the value of `n` plus `d` from heap `a` on.
    period: Option<(u64, u64, i64)>,
}

impl Take {
    fn new(takes: Vec<(u64, i64)>, scored: bool, top: u64) -> Take {
        let mut t = Take { takes, value: Vec::new(), scored, period: None };
        for n in 0..=top {
            let opts: Vec<(i64, i64)> = t
                .takes
                .iter()
                .filter(|x| x.0 <= n)
                .map(|&(s, g)| (t.value[(n - s) as usize], g))
                .collect();
            let v = match scored {
                true => opts.iter().map(|&(v, g)| g - v).max().unwrap_or(0),
                // Smith: a fastest win to a lost option, else a slowest loss.
                false => match opts.iter().filter(|o| o.0 % 2 == 0).map(|o| o.0).min() {
                    Some(r) => r + 1,
                    None => opts.iter().map(|o| o.0 + 1).max().unwrap_or(0),
                },
            };
            t.value.push(v);
        }
        t.period = t.periodic();
        t
    }

    /// The rule reads the values of the `m` heaps below (`m` the longest take). Remoteness: the
    /// rule commutes with adding an even number to every option (the parities, so the min and
    /// max, are kept) and scores with adding 0 only, so two windows of `m` heaps equal up to
    /// such a `d` make `value(n + p) = value(n) + d` for every `n` from the first window on.
    fn periodic(&self) -> Option<(u64, u64, i64)> {
        let m = self.takes.iter().map(|x| x.0).max()? as usize;
        let v = &self.value;
        for a in 0..v.len() / 2 {
            for p in 1..(v.len() - a - m) / 2 {
                let d = v[a + p] - v[a];
                let ok = (0..m).all(|i| v[a + p + i] - v[a + i] == d);
                if ok && if self.scored { d == 0 } else { d % 2 == 0 } {
                    return Some((a as u64, p as u64, d));
                }
            }
        }
        None
    }

    /// The value of heap `n`: the table's, else by the period (big values exact in i128).
    fn of(&self, n: u64) -> i128 {
        match (self.value.get(n as usize), self.period) {
            (Some(&v), _) => i128::from(v),
            (None, Some((a, p, d))) => {
                i128::from(self.value[(a + (n - a) % p) as usize])
                    + i128::from(d) * i128::from((n - a) / p)
            }
            (None, None) => panic!("heap {n} past the table and no period"),
        }
    }
    fn program(&self) -> String {
        let t: Vec<String> = self.takes.iter().map(|(s, g)| format!("({s}, {g})")).collect();
        let opt = if self.scored { "f'{n - s} @ {g}'" } else { "str(n - s)" };
        format!(
            "T = [{}]\nfor line in sys.stdin:\n    n = int(line.split()[0])\n    print(';'.join({opt} for s, g in T if s <= n), flush=True)\n",
            t.join(", ")
        )
    }
}

impl Judge for Take {
    fn options(&self, sum: &[u64], _left: bool) -> Vec<Vec<u64>> {
        let [n] = sum else { return Vec::new() };
        self.takes.iter().filter(|x| x.0 <= *n).map(|x| vec![n - x.0]).collect()
    }
    fn said(&mut self, sum: &[u64]) -> String {
        let v = self.of(sum[0]);
        match self.scored {
            true => v.to_string(),
            false => format!("{} {v}", if v % 2 == 1 { 'N' } else { 'P' }),
        }
    }
    fn good(&mut self, from: &[u64], to: &[u64], _left: bool) -> bool {
        let (v, u) = (self.of(from[0]), self.of(to[0]));
        match self.scored {
            true => self.takes.iter().any(|&(s, g)| from[0] - to[0] == s && i128::from(g) - u == v),
            false => u == v - 1 && (v % 2 == 1) == (u % 2 == 0),
        }
    }
    fn must_move(&mut self, sum: &[u64], _left: bool) -> bool {
        !self.options(sum, true).is_empty()
    }
}

fn start(args: &[&str]) -> common::Server {
    common::Server::start(args)
}

#[test]
fn one_player_in_every_kind_against_exhaustive_searches() {
    if !common::have_python("the one-player --serve tests") {
        return;
    }
    let dir = temp_dir("one_player");
    let mut rng = Rng::new(0x0431);
    let mut tally = [(0usize, 0usize); 4];
    let mut far = [0usize; 2];
    for g in 0..3 {
        let t = grundy_walks(&dir, g, &mut rng);
        tally[0] = (tally[0].0 + t.0, tally[0].1 + t.1);
        let t = partizan_walks(&dir, g, &mut rng);
        tally[1] = (tally[1].0 + t.0, tally[1].1 + t.1);
        for (k, scored) in [false, true].into_iter().enumerate() {
            let (got, near) = take_walks(&dir, (g, k, scored), &mut rng);
            tally[2 + k] = (tally[2 + k].0 + got.0, tally[2 + k].1 + got.1);
            far[k] += near;
        }
    }
    eprintln!("(turns judged, unknown) by kind (Grundy, partizan, remoteness, score): {tally:?}");
    eprintln!("turns judged near 10^18 (remoteness, score): {far:?}");
    assert!(far[0] + far[1] > 0, "no turn near 10^18 was answered");
    for (kind, (judged, unknown)) in ["Grundy", "partizan", "remoteness", "score"].iter().zip(tally)
    {
        assert!(judged >= 20, "{kind}: only {judged} moves judged ({unknown} unknown)");
    }
}

/// Grundy values of sums: an octal game that splits a heap (Kayles-type), box 0..70, walked
/// from sums in the box and one heap past it.
fn grundy_walks(dir: &std::path::Path, g: usize, rng: &mut Rng) -> (usize, usize) {
    let mut digits = vec![0u8; 3 + rng.below(2) as usize];
    digits.iter_mut().skip(1).for_each(|d| *d = rng.below(8) as u8);
    let split = 1 + rng.below(digits.len() as u64 - 1) as usize;
    digits[split] |= 4;
    digits[1] |= 3;
    let mut o = Octal::new(digits, 200);
    let cmd = script(dir, &format!("octal{g}.py"), &o.program());
    let mut server = start(&["explore", "--serve", "--moves", &cmd, "--box", "0..70"]);
    let starts: Vec<(Vec<u64>, bool)> = (0..4)
        .map(|i| {
            let far = if i == 3 { 71 + rng.below(30) } else { rng.below(30) };
            let mut s = vec![far, rng.below(12)];
            s.sort_unstable();
            (s, true)
        })
        .collect();
    let t = walk(&mut o, &mut server, &starts, 30, rng);
    assert!(server.finish().success());
    t
}

/// Partizan: Left and Right take from different sets; sums in the box and past it.
fn partizan_walks(dir: &std::path::Path, g: usize, rng: &mut Rng) -> (usize, usize) {
    let set = |rng: &mut Rng| {
        let mut s: Vec<u64> = (0..1 + rng.below(3)).map(|_| 1 + rng.below(5)).collect();
        s.sort_unstable();
        s.dedup();
        s
    };
    let sets = (set(rng), set(rng));
    let prog = format!(
        "L = {:?}\nR = {:?}\ndef o(n, S):\n    return ';'.join('()' if s == n else str(n - s) for s in S if s <= n)\nfor line in sys.stdin:\n    n = int(line.split()[0])\n    print(o(n, L) + ' | ' + o(n, R), flush=True)\n",
        sets.0, sets.1
    );
    let mut p = Partizan::new(sets);
    let cmd = script(dir, &format!("partizan{g}.py"), &prog);
    let mut server = start(&[
        "explore",
        "--partizan",
        "--serve",
        "--moves",
        &cmd,
        "--box",
        "0..40",
        "--max-starts",
        "30",
    ]);
    let mut starts: Vec<(Vec<u64>, bool)> = (0..4)
        .map(|i| {
            let mut s: Vec<u64> = (0..1 + rng.below(2)).map(|_| 1 + rng.below(14)).collect();
            s.sort_unstable();
            (s, i % 2 == 0)
        })
        .collect();
    // Past the box: explored there, within its own --max-starts.
    starts.push((vec![45 + rng.below(15)], g.is_multiple_of(2)));
    let t = walk(&mut p, &mut server, &starts, 30, rng);
    assert!(server.finish().success());
    t
}

/// Remoteness (or, `scored`, scores): single heaps in the box and past it, and near 10^18
/// where the test's own period gives the values. Returns the walk's tally and the turns judged
/// near 10^18.
fn take_walks(
    dir: &std::path::Path,
    (g, k, scored): (usize, usize, bool),
    rng: &mut Rng,
) -> ((usize, usize), usize) {
    let mut near = 0;
    let takes: Vec<(u64, i64)> = {
        let mut s: Vec<u64> = (0..2 + rng.below(2)).map(|_| 1 + rng.below(6)).collect();
        s.sort_unstable();
        s.dedup();
        s.into_iter().map(|s| (s, rng.below(9) as i64 - 3)).collect()
    };
    let mut t = Take::new(takes, scored, 200);
    let cmd = script(dir, &format!("take{g}{k}.py"), &t.program());
    let kind = if scored { "--score" } else { "--remoteness" };
    let mut server = start(&["explore", kind, "--serve", "--moves", &cmd, "--box", "0..60"]);
    let starts: Vec<(Vec<u64>, bool)> = (0..3)
        .map(|i| (vec![if i == 2 { 61 + rng.below(40) } else { rng.below(60) }], true))
        .collect();
    let got = walk(&mut t, &mut server, &starts, 24, rng);
    // Near 10^18, where the test's own period gives the values.
    if t.period.is_some() {
        let huge = vec![(vec![1_000_000_000_000_000_000 - rng.below(1000)], true)];
        let (j, _) = walk(&mut t, &mut server, &huge, 16, rng);
        near += j;
    }
    assert!(server.finish().success());
    (got, near)
}
