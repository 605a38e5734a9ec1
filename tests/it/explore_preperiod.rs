//! Issue 44, item 4: a preperiod and a period found jointly from a modest box, and a far
//! answer's label that counts only the patterns agreeing on what it answers.
//!
//! - Random subtraction games whose Grundy sequence has a long preperiod (n0 >= p, n0 >= 30):
//!   on a box of 1.5 x (n0 + 2p) entries and on one of 2 x (n0 + 2p), every far answer (up to
//!   2^62) is right or `unknown`, never wrong, and the period is found (every far answer right)
//!   in at least 95% of the games. The truth is the test's own mex loop and the periodicity
//!   theorem of subtraction games, proved below: no production code decides it.
//! - The same on a plane, G(a, b) = g(a) XOR h(b) for two such games (a line of a plane).
//! - The same through the command line with a Python moves program (the guard checks the
//!   game's rule far away): FAILS when python3 is missing, unless `GAMES_TEST_NO_PYTHON=1`.
//! - Far answers' labels: "N other independent patterns agree" counts only patterns that give
//!   the same value where a value is answered; one that gives only the same outcome is named
//!   apart, one that gives another outcome makes the answer `unknown`.

use crate::common;

use common::{games, have_python, temp_dir, text};
use games::explore::answer;
use games::explore::pattern::{self, Answer, Basis, Covers, Formula, Pattern, period};
use games::explore::space::{Coords, MAX_ARITY, Space};
use games::explore::table::Table;
use games::rng::Rng;

fn at(xs: &[u64]) -> Coords {
    let mut p: Coords = [0; MAX_ARITY];
    p[..xs.len()].copy_from_slice(xs);
    p
}

/// A subtraction game (a heap; take any amount of `moves`), its values by the mex loop, and
/// its preperiod and period, proved.
struct Sub {
    moves: Vec<u64>,
    g: Vec<u32>,
    n0: u64,
    p: u64,
}

/// The Grundy values of heaps 0..len by the definition: the mex of the values of n - s.
fn mex_loop(moves: &[u64], len: usize) -> Vec<u32> {
    let mut g = vec![0u32; len];
    for n in 0..len {
        let mut seen = [false; 16];
        for &s in moves {
            if s as usize <= n {
                seen[g[n - s as usize] as usize] = true;
            }
        }
        g[n] = seen.iter().position(|&x| !x).unwrap() as u32;
    }
    g
}

impl Sub {
    /// The periodicity theorem of subtraction games (finite set S, largest move m): if
    /// G(n + p) = G(n) for every n in [n0, n0 + m), then for every n >= n0. Proof: for
    /// n >= n0 + m, every move s is legal from n and from n + p, and n - s >= n0, so by
    /// induction G(n + p) = mex G(n + p - s) = mex G(n - s) = G(n).
    /// So the least p whose window is seen on the values computed is the least period (a
    /// smaller one seen on its window would be a period for ever), and n0 the least start
    /// of its repetition (G(n0 - 1 + p) differs from G(n0 - 1)).
    fn of(moves: Vec<u64>, len: usize) -> Option<Sub> {
        let g = mex_loop(&moves, len);
        let m = *moves.iter().max()? as usize;
        for p in 1..len / 4 {
            let mut n0 = len - p;
            while n0 > 0 && g[n0 - 1] == g[n0 - 1 + p] {
                n0 -= 1;
            }
            if n0 + m + p <= len {
                return Some(Sub { moves, g, n0: n0 as u64, p: p as u64 });
            }
        }
        None
    }

    /// The game in words, for a failure's message.
    fn name(&self) -> String {
        format!("subtraction {:?} (n0 {}, p {})", self.moves, self.n0, self.p)
    }

    /// G(n) for any n: computed below the computed length, else by the theorem.
    fn at(&self, n: u64) -> u64 {
        if (n as usize) < self.g.len() {
            return self.g[n as usize] as u64;
        }
        self.g[(self.n0 + (n - self.n0) % self.p) as usize] as u64
    }

    /// A random game with a long preperiod (n0 >= p, n0 >= 30) and a box 2 x (n0 + 2p) of at
    /// most `most` entries.
    fn random(rng: &mut Rng, most: u64) -> Sub {
        loop {
            let k = 2 + rng.below(3) as usize;
            let mut moves: Vec<u64> = Vec::new();
            while moves.len() < k {
                let s = 1 + rng.below(40);
                if !moves.contains(&s) {
                    moves.push(s);
                }
            }
            moves.sort_unstable();
            let Some(sub) = Sub::of(moves, 8000) else { continue };
            if sub.n0 >= sub.p && sub.n0 >= 30 && 2 * (sub.n0 + 2 * sub.p) <= most {
                return sub;
            }
        }
    }

    /// Entries in a box of `num/den` x (n0 + 2p), rounded up.
    fn box_len(&self, num: u64, den: u64) -> u64 {
        (num * (self.n0 + 2 * self.p)).div_ceil(den)
    }
}

/// Far positions on a line: just past the box to 2^62.
fn far(rng: &mut Rng, hi: u64) -> Vec<u64> {
    (0..12).map(|i| hi + 1 + rng.below(1u64 << (6 + 5 * i))).collect()
}

/// Long preperiods on a line: found from 1.5 x (n0 + 2p) and from 2 x (n0 + 2p), never wrong.
#[test]
fn a_long_preperiod_and_its_period_are_found_from_a_modest_box() {
    let mut rng = Rng::new(4441);
    let (mut cases, mut found, mut misses) = (0, 0, Vec::new());
    while cases < 60 {
        let sub = Sub::random(&mut rng, 1200);
        let (num, den) = if cases % 2 == 0 { (3, 2) } else { (2, 1) };
        let len = sub.box_len(num, den);
        let t =
            Table::from_grundy(Space::from_ranges(&[(0, len - 1)]), sub.g[..len as usize].to_vec());
        let seq = &sub.g[..len as usize];
        assert_eq!(period::find_period(seq), Some((sub.n0, sub.p, 0)), "{} on {len}", sub.name());
        let pats = pattern::find(&t, Vec::new());
        let mut right = true;
        for n in far(&mut rng, len - 1) {
            let a = answer::answer(&t, &pats, &at(&[n]));
            match a.grundy {
                Some(v) => assert_eq!(
                    v,
                    sub.at(n),
                    "{:?} (n0 {}, p {}) on 0..{}: wrong at {n}: {}",
                    sub.moves,
                    sub.n0,
                    sub.p,
                    len - 1,
                    a.basis
                ),
                None => {
                    assert_eq!(a.outcome, b'?', "{a:?}");
                    right = false;
                    if misses.len() < 10 {
                        misses.push(format!("{:?} at {n}: {}", sub.moves, a.basis));
                    }
                }
            }
        }
        cases += 1;
        found += usize::from(right);
    }
    eprintln!("long preperiods: {found} of {cases} found; misses: {misses:#?}");
    assert!(found * 100 >= cases * 95, "only {found} of {cases} found: {misses:#?}");
}

/// The evidence rule is what it says, no weaker: on a line shorter than 3 n0 / 2 + 3 p the
/// period is not proposed from n0 (nothing answered far away is wrong), from that length on
/// it is, with exactly the preperiod and period proved here.
#[test]
fn the_period_is_proposed_from_exactly_the_length_the_rule_says() {
    let mut rng = Rng::new(4442);
    for _ in 0..30 {
        let sub = Sub::random(&mut rng, 1200);
        let need = (3 * sub.n0 + 6 * sub.p).div_ceil(2);
        let truth = Some((sub.n0, sub.p, 0));
        assert_eq!(period::find_period(&sub.g[..need as usize]), truth, "{}", sub.name());
        let len = sub.n0 + 2 * sub.p + rng.below(need - sub.n0 - 2 * sub.p);
        let seq = &sub.g[..len as usize];
        assert_ne!(period::find_period(seq), truth, "{:?} on 0..{}", sub.moves, len - 1);
        let t = Table::from_grundy(Space::from_ranges(&[(0, len - 1)]), seq.to_vec());
        let pats = pattern::find(&t, Vec::new());
        for n in far(&mut rng, len - 1) {
            let a = answer::answer(&t, &pats, &at(&[n]));
            if let Some(v) = a.grundy {
                let m = &sub.moves;
                assert_eq!(v, sub.at(n), "{m:?} on 0..{}: wrong at {n}: {}", len - 1, a.basis);
            }
        }
    }
}

/// A line of a plane: G(a, b) = g(a) XOR h(b), two games with long preperiods, on a box of
/// 1.5 x (n0 + 2p) in each coordinate: the nim-sum with both parts periodic answers far away.
#[test]
fn each_line_of_a_plane_finds_its_preperiod_from_a_modest_box() {
    let mut rng = Rng::new(4443);
    let (mut cases, mut found) = (0, 0);
    while cases < 8 {
        let (g, h) = (Sub::random(&mut rng, 320), Sub::random(&mut rng, 320));
        let (la, lb) = (g.box_len(3, 2), h.box_len(3, 2));
        if la * lb > 40_000 {
            continue;
        }
        let values: Vec<u32> = (0..la)
            .flat_map(|a| (0..lb).map(move |b| (a, b)))
            .map(|(a, b)| (g.at(a) ^ h.at(b)) as u32)
            .collect();
        let t = Table::from_grundy(Space::from_ranges(&[(0, la - 1), (0, lb - 1)]), values);
        let pats = pattern::find(&t, Vec::new());
        let mut right = true;
        for i in 0..12 {
            let (a, b) = (la + rng.below(1u64 << (6 + 5 * i)), lb + rng.below(1u64 << (6 + 5 * i)));
            let ans = answer::answer(&t, &pats, &at(&[a, b]));
            match ans.grundy {
                Some(v) => assert_eq!(
                    v,
                    g.at(a) ^ h.at(b),
                    "{:?} x {:?}: wrong at ({a}, {b}): {}",
                    g.moves,
                    h.moves,
                    ans.basis
                ),
                None => right = false,
            }
        }
        cases += 1;
        found += usize::from(right);
    }
    eprintln!("planes of two long preperiods: {found} of {cases} found");
    assert!(found * 100 >= cases * 95, "only {found} of {cases} found");
}

/// A subtraction game as a moves program: take any amount of `argv[1]` (comma-separated).
const SUB: &str = "import sys
s = [int(x) for x in sys.argv[1].split(',')]
for line in sys.stdin:
    n = int(line)
    print(';'.join(str(n - k) for k in s if k <= n))
";

/// Through the command line, with the guard: a random game with a long preperiod on a box
/// of 1.5 x (n0 + 2p) answers far heaps with their values, judged by the mex loop.
#[test]
fn a_moves_program_with_a_long_preperiod_is_answered_far_away() {
    if !have_python("the moves program of a subtraction game") {
        return;
    }
    let dir = temp_dir("explore-preperiod");
    let prog = dir.join("sub.py");
    std::fs::write(&prog, SUB).unwrap();
    let mut rng = Rng::new(4444);
    let mut right = 0;
    for _ in 0..3 {
        let sub = Sub::random(&mut rng, 1200);
        let len = sub.box_len(3, 2);
        let set: Vec<String> = sub.moves.iter().map(|s| s.to_string()).collect();
        let cmd = format!("python3 {} {}", prog.display(), set.join(","));
        let box_spec = format!("0..{}", len - 1);
        let far: Vec<u64> = far(&mut rng, 4 * len);
        let mut args = vec!["explore", "--moves", &cmd, "--box", &box_spec, "--json", "--no-table"];
        let asked: Vec<String> = far.iter().map(|n| n.to_string()).collect();
        for a in &asked {
            args.push("--at");
            args.push(a);
        }
        let out = games(&args, b"");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        let answers = v["at"].as_array().expect("at");
        assert_eq!(answers.len(), far.len());
        let mut all = true;
        for (a, &n) in answers.iter().zip(&far) {
            match a["value"].as_u64() {
                Some(x) => assert_eq!(x, sub.at(n), "{cmd} at {n}: {a}"),
                None => {
                    assert_eq!(a["outcome"], "?", "{cmd} at {n}: {a}");
                    all = false;
                }
            }
        }
        right += usize::from(all);
    }
    assert!(right >= 2, "only {right} of 3 games answered far away");
}

/// A planted formula of a line: `n mod m` (plus one from `part` on), values or outcomes only.
struct Planted {
    m: u64,
    part: u64,
    outcomes: bool,
    cost: u64,
}

impl Formula for Planted {
    fn family(&self) -> &'static str {
        if self.outcomes { "outcomes" } else { "values" }
    }
    fn words(&self) -> String {
        format!("{} {} {} {}", self.m, self.part, self.outcomes, self.cost)
    }
    fn cpp(&self) -> String {
        String::new()
    }
    fn python(&self) -> String {
        String::new()
    }
    fn covers(&self) -> Covers {
        if self.outcomes { Covers::Outcomes } else { Covers::Values }
    }
    fn at(&self, p: &[u64]) -> Option<Answer> {
        let v = p[0] % self.m + u64::from(p[0] >= self.part);
        Some(if self.outcomes { Answer::of_p(v == 0, false) } else { Answer::of_value(v) })
    }
    fn cost(&self) -> u64 {
        self.cost
    }
}

/// The label of a far value counts only the patterns that give that value: an outcome-only
/// pattern with the same outcome is named apart ("give only the outcome"), never counted as
/// agreeing; one with another outcome makes the answer `unknown`.
#[test]
fn agreement_is_counted_only_on_what_is_answered() {
    let mut rng = Rng::new(4445);
    for _ in 0..200 {
        let m = 2 + rng.below(6);
        let hi = 40 + rng.below(40);
        let t = Table::from_grundy(
            Space::from_ranges(&[(0, hi)]),
            (0..=hi).map(|n| (n % m) as u32).collect(),
        );
        let part = hi + 1 + rng.below(1000);
        let observed = Basis::Observed { entries: hi as usize + 1 };
        let pat = |m, part, outcomes, cost| Pattern {
            formula: Box::new(Planted { m, part, outcomes, cost }),
            basis: observed.clone(),
            edge: None,
        };
        let values = 1 + rng.below(3) as usize;
        let outcome_only = rng.below(3) as usize;
        let mut pats: Vec<Pattern> =
            (0..values).map(|i| pat(m, u64::MAX, false, 3 + i as u64)).collect();
        pats.extend((0..outcome_only).map(|i| pat(m, u64::MAX, true, 20 + i as u64)));
        // An outcome-only pattern that parts (P becomes N) at `part`.
        pats.push(pat(m, part, true, 40));
        // Before `part`: every pattern agrees on the outcome.
        let n = hi + 1 + rng.below(part - hi);
        let a = answer::answer(&t, &pats, &at(&[n]));
        if n < part {
            assert_eq!(a.grundy, Some(n % m), "{a:?}");
            // At a P-position an outcome says the value too (0, normal play).
            let p_position = n.is_multiple_of(m);
            let counted = if p_position { values + outcome_only } else { values - 1 };
            let said = |k: usize, one: &str, many: &str| match k {
                1 => format!("1 other {one}"),
                k => format!("{k} other{many}"),
            };
            match counted {
                0 => assert!(!a.basis.contains("independent"), "{}", a.basis),
                k => {
                    let s = said(k, "independent pattern agrees", " independent patterns agree");
                    assert!(a.basis.contains(&s), "{}", a.basis);
                }
            }
            if p_position {
                assert!(!a.basis.contains("only the outcome"), "{}", a.basis);
            } else {
                let s = said(outcome_only + 1, "gives only the outcome", "s give only the outcome");
                assert!(a.basis.contains(&s), "{}", a.basis);
            }
        }
        // Past `part`, at a P-position of the others: the parting pattern says N.
        let n = (part + rng.below(1 << 30)) / m * m + m;
        let a = answer::answer(&t, &pats, &at(&[n]));
        assert_eq!((a.outcome, a.grundy), (b'?', None), "{a:?}");
        assert!(a.basis.contains("disagree") && a.basis.contains("says outcome N"), "{}", a.basis);
        // Where the chosen answer is an outcome only, an outcome-only pattern that agrees is
        // counted: it agrees on all that is answered.
        let only: Vec<Pattern> = vec![pat(m, u64::MAX, true, 3), pat(m, u64::MAX, true, 4)];
        let a = answer::answer(&t, &only, &at(&[hi + 1]));
        assert!(a.basis.contains("1 other independent pattern agrees"), "{}", a.basis);
    }
}
