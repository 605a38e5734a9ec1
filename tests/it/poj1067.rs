//! Wythoff's game beyond the generic tests: every pair up to 60 against the search, the fast
//! integer test against an independent characterisation of Wythoff pairs in the Fibonacci
//! numeration system on thousands of random large pairs and on the hard cases (k near a
//! Fibonacci number), the square-root method against both, a legal judge input on which the
//! usual `double` program is wrong, and the 2^63 limit.

use games::registry::{find, run};
use games::rng::Rng;
use games::theory::wythoff::{lower, p_position, pair};

fn solve(input: &str) -> (String, Option<games::InputError>) {
    let p = find("poj1067").unwrap();
    let (out, fault) = run(p, input.as_bytes());
    (String::from_utf8(out).unwrap(), fault)
}

/// The independent oracle (R. Silber, "A Fibonacci property of Wythoff pairs", Fibonacci
/// Quarterly 14, 1976): write a >= 1 in Zeckendorf form over 1, 2, 3, 5, 8, ... (F_2, F_3, ... in
/// the usual numbering). a is a first coordinate floor(k phi) exactly when its smallest term has
/// an even index (1, 3, 8, 21, ...), and then its partner floor(k phi^2) is the left shift (each
/// term replaced by the next Fibonacci number). Other positive integers are second coordinates,
/// and shifting right gives their partner.
struct Zeckendorf {
    fib: Vec<u128>, // 1, 2, 3, 5, ... past 2^65
}

impl Zeckendorf {
    fn new() -> Self {
        let mut fib: Vec<u128> = vec![1, 2];
        while *fib.last().unwrap() < 1 << 66 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        Zeckendorf { fib }
    }

    /// Indices (into `fib`, index 0 = F_2 = 1) of the greedy representation, decreasing.
    fn digits(&self, mut n: u128) -> Vec<usize> {
        let mut v = Vec::new();
        while n > 0 {
            let i = self.fib.iter().rposition(|&f| f <= n).unwrap();
            v.push(i);
            n -= self.fib[i];
        }
        v
    }

    fn is_first_coordinate(&self, a: u64) -> bool {
        a >= 1 && self.digits(a as u128).last().unwrap().is_multiple_of(2)
    }

    fn shift_left(&self, a: u64) -> u128 {
        self.digits(a as u128).iter().map(|&i| self.fib[i + 1]).sum()
    }

    fn shift_right(&self, b: u64) -> u128 {
        self.digits(b as u128).iter().map(|&i| self.fib[i - 1]).sum()
    }

    /// Is (a, b) a losing position, by the characterisation alone?
    fn p_position(&self, a: u64, b: u64) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        if a == 0 {
            return b == 0;
        }
        self.is_first_coordinate(a) && self.shift_left(a) == b as u128
    }
}

const LIMIT: u64 = 1 << 63;

#[test]
fn every_pair_up_to_60_matches_the_search_and_the_oracle() {
    let z = Zeckendorf::new();
    let mut input = String::new();
    let mut want = String::new();
    for a in 0..=60u64 {
        for b in 0..=60u64 {
            input.push_str(&format!("{a} {b}\n"));
            want.push_str(if z.p_position(a, b) { "0\n" } else { "1\n" });
        }
    }
    let (fast, fault) = solve(&input);
    assert!(fault.is_none());
    let slow = games::brute::poj1067::answer(input.as_bytes()).expect("within the budget");
    assert_eq!(fast, String::from_utf8(slow).unwrap(), "fast vs search");
    assert_eq!(fast, want, "fast vs the Zeckendorf characterisation");
}

/// Checks the pair (a, b) = the k-th Wythoff pair three ways, and its neighbours.
fn check_pair(z: &Zeckendorf, k: u64) {
    let Some((a, b)) = pair(k) else { return };
    if b >= LIMIT {
        return;
    }
    assert!(k == 0 || z.is_first_coordinate(a), "k = {k}: {a} is not a first coordinate");
    assert!(k == 0 || z.shift_left(a) == b as u128, "k = {k}: partner of {a} is not {b}");
    assert!(p_position(a, b) && p_position(b, a), "k = {k}: ({a}, {b})");
    for (x, y) in
        [(a + 1, b), (a, b + 1), (a + 1, b + 1), (a.wrapping_sub(1), b), (a, b.wrapping_sub(1))]
    {
        if x < LIMIT && y < LIMIT && (x, y) != (a, b) && !(k == 0 && (x, y) == (0, 0)) {
            assert!(!p_position(x, y), "k = {k}: ({x}, {y}) is next to a P-position");
            assert!(!z.p_position(x, y), "oracle: ({x}, {y})");
        }
    }
}

#[test]
fn large_pairs_agree_with_the_fibonacci_numeration_characterisation() {
    let z = Zeckendorf::new();
    let mut rng = Rng::new(1067);
    // k up to 2^63 / phi (beyond it b_k >= 2^63): random, and all the hard ones, where k phi is
    // closest to an integer (k a Fibonacci number, or next to one).
    let k_max = (LIMIT as f64 / 1.618) as u64;
    for _ in 0..5000 {
        check_pair(&z, rng.range(0, k_max));
    }
    for &f in &z.fib {
        if f < LIMIT as u128 {
            for k in [f - 1, f, f + 1] {
                check_pair(&z, k as u64);
            }
        }
    }
    // Random first piles, with the partner the characterisation gives.
    let mut seen_p = 0;
    for _ in 0..5000 {
        let a = (rng.range(1, LIMIT - 1) >> rng.below(62)).max(1);
        if z.is_first_coordinate(a) {
            let b = z.shift_left(a);
            if b < LIMIT as u128 {
                let b = b as u64;
                assert!(p_position(a, b), "({a}, {b})");
                assert_eq!(lower(b - a), Some(a), "floor(({b} - {a}) phi)");
                seen_p += 1;
            }
        } else {
            let partner = z.shift_right(a) as u64;
            assert!(p_position(partner, a), "({partner}, {a})");
            assert!(
                !p_position(partner + 1, a) && !p_position(partner - 1, a),
                "near ({partner}, {a})"
            );
        }
        // And a random second pile, mostly a win for the mover.
        let b = rng.range(0, LIMIT - 1) >> rng.below(63);
        assert_eq!(p_position(a, b), z.p_position(a, b), "({a}, {b})");
    }
    assert!(seen_p > 1000, "{seen_p}");
}

#[test]
fn the_largest_pairs_below_the_limit() {
    let z = Zeckendorf::new();
    // The last k whose pair fits below 2^63, found by bisection on the square-root method.
    let (mut lo, mut hi) = (0u64, LIMIT);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if pair(mid).is_some_and(|(_, b)| b < LIMIT) { lo = mid } else { hi = mid }
    }
    let (a, b) = pair(lo).unwrap();
    assert!(b < LIMIT && pair(lo + 1).unwrap().1 >= LIMIT);
    assert!(z.p_position(a, b));
    let (out, fault) = solve(&format!("{a} {b}\n{b} {a}\n{} {b}\n{a} {}\n", a + 1, b - 1));
    assert_eq!((out.as_str(), fault), ("0\n0\n1\n1\n", None));
}

#[test]
fn the_double_program_is_wrong_on_a_legal_judge_input() {
    let z = Zeckendorf::new();
    // k = 102334155 is a Fibonacci number; (a, b) are within the judge's 10^9.
    let (a, b) = (165_580_140u64, 267_914_295u64);
    let k = b - a;
    assert!(b <= 1_000_000_000);
    assert!(z.p_position(a, b), "independently: a losing position");
    // The usual C++: `int t = (int)(k * (1 + sqrt(5.0)) / 2); puts(t == a ? "0" : "1");`
    let t = (k as f64 * (1.0 + 5f64.sqrt()) / 2.0) as u64;
    assert_ne!(t, a, "double happens to be right here");
    assert_eq!(t, a + 1);
    // So the double program answers 1 on (a, b) and 0 on (a + 1, b + 1); we get both right.
    assert!(!z.p_position(a + 1, b + 1));
    assert_eq!(solve(&format!("{a} {b}\n{} {}\n", a + 1, b + 1)), ("0\n1\n".to_string(), None));
}

#[test]
fn piles_from_2_pow_63_are_refused() {
    let input = "9223372036854775807 9223372036854775807\n1 9223372036854775808\n";
    let (out, fault) = solve(input);
    assert_eq!(out, "1\n");
    let fault = fault.expect("refused");
    assert_eq!(fault.offset, input.find("9223372036854775808").unwrap());
    let msg = fault.render("poj1067", input.as_bytes());
    assert!(msg.contains("at most 9223372036854775807"), "{msg}");
    assert_eq!(solve(""), (String::new(), None));
    assert!(solve("1 2\n3").1.is_some(), "a case cut short");
}
