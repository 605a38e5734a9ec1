//! hdu6892 (Lunch): the Grundy formula against a mex over the real cuts, the factor counting
//! against independent slow references and the classic hard cases, the whole game against the
//! position search, and the limits.

use games::brute::hdu6892::wins;
use games::brute::search::mex_of;
use games::registry::{find, run};
use games::rng::Rng;
use games::theory::factor::{Kernel, is_prime, odd_omega, odd_omega_with, omega};
use games::theory::lunch::grundy;

/// Omega by plain trial division by every d up to the square root (the slow reference).
fn omega_by_trial_division(mut n: u64) -> u32 {
    let mut count = 0;
    let mut d = 2u64;
    while d * d <= n {
        while n.is_multiple_of(d) {
            n /= d;
            count += 1;
        }
        d += if d == 2 { 1 } else { 2 };
    }
    count + (n > 1) as u32
}

/// Omega(n) by the library with every kernel this processor runs, checked to agree.
fn omega_all_kernels(n: u64) -> u32 {
    let want = omega(n);
    for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
        assert_eq!(
            n.trailing_zeros() + odd_omega_with(n, kernel),
            want,
            "omega({n}) with {kernel:?}"
        );
    }
    want
}

fn is_prime_by_trial_division(n: u64) -> bool {
    n > 1 && omega_by_trial_division(n) == 1
}

/// An independent Miller-Rabin: 128-bit remainders instead of Montgomery, random bases.
fn probably_prime_u128(n: u64, rng: &mut Rng) -> bool {
    if n < 4 {
        return n >= 2;
    }
    if n.is_multiple_of(2) {
        return false;
    }
    let mul = |a: u64, b: u64| (a as u128 * b as u128 % n as u128) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut r = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        r
    };
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for _ in 0..24 {
        let a = rng.range(2, n - 2);
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

#[test]
fn grundy_formula_matches_a_mex_over_the_real_cuts() {
    const MAX: usize = 5_000;
    let mut sg = vec![0u64; MAX + 1];
    for l in 2..=MAX {
        // Cutting into k equal pieces: k copies of l / k, whose XOR is sg(l / k) or 0.
        let options: Vec<u64> = (2..=l)
            .filter(|k| l % k == 0)
            .map(|k| if k % 2 == 1 { sg[l / k] } else { 0 })
            .collect();
        sg[l] = mex_of(&options);
    }
    for (l, &want) in sg.iter().enumerate().skip(1) {
        assert_eq!(grundy(l as u64), want, "sg({l})");
    }
}

#[test]
fn whole_games_match_the_position_search() {
    for a in 1..=24u64 {
        for b in a..=24 {
            assert_eq!(wins(&[a, b]), grundy(a) != grundy(b), "pieces {a} {b}");
        }
    }
    for a in 1..=12u64 {
        for b in a..=12 {
            for c in b..=12 {
                assert_eq!(
                    wins(&[a, b, c]),
                    grundy(a) ^ grundy(b) ^ grundy(c) != 0,
                    "pieces {a} {b} {c}"
                );
            }
        }
    }
}

#[test]
fn omega_matches_trial_division() {
    for n in 1..300_000u64 {
        assert_eq!(omega_all_kernels(n), omega_by_trial_division(n), "omega({n})");
        assert_eq!(
            odd_omega(n),
            omega_by_trial_division(n >> n.trailing_zeros()),
            "odd_omega({n})"
        );
    }
    let mut rng = Rng::new(6892);
    for _ in 0..400 {
        let n = rng.range(1, 1 << 36);
        assert_eq!(omega_all_kernels(n), omega_by_trial_division(n), "omega({n})");
    }
    // Near 10^9, across 2^31 (where the vector Miller-Rabin hands over to the scalar one) and the
    // switch from the 32-bit to the 64-bit path, and up to 2^40.
    let windows =
        [1_000_000_000 - 3000, (1 << 31) - 3000, (1 << 32) - 3000].map(|lo: u64| lo..lo + 6000);
    for n in windows.into_iter().flatten().chain((0..60).map(|_| rng.range(1 << 36, 1 << 40))) {
        assert_eq!(omega_all_kernels(n), omega_by_trial_division(n), "omega({n})");
    }
}

#[test]
fn primality_matches_a_sieve_and_an_independent_test() {
    const N: usize = 2_000_000;
    let mut composite = vec![false; N];
    for i in 2..N {
        if !composite[i] {
            for j in (i * i..N).step_by(i) {
                composite[j] = true;
            }
        }
    }
    for (n, &c) in composite.iter().enumerate() {
        assert_eq!(is_prime(n as u64), n >= 2 && !c, "is_prime({n})");
    }
    let mut rng = Rng::new(64);
    let mut primes = 0;
    for _ in 0..20_000 {
        let n = rng.next_u64() | 1;
        let p = is_prime(n);
        primes += p as u32;
        assert_eq!(p, probably_prime_u128(n, &mut rng), "is_prime({n})");
    }
    assert!(primes > 300, "the random sample should hold primes: {primes}");
}

/// Random primes in lo..hi, certified by trial division.
fn primes_between(rng: &mut Rng, lo: u64, hi: u64, count: usize) -> Vec<u64> {
    let mut v = Vec::new();
    while v.len() < count {
        let p = rng.range(lo, hi) | 1;
        if is_prime_by_trial_division(p) {
            v.push(p);
        }
    }
    v
}

#[test]
fn semiprimes_prime_powers_and_products_near_2_64() {
    let mut rng = Rng::new(2_u64.pow(32));
    let big = primes_between(&mut rng, 1 << 31, 1 << 32, 40);
    for w in big.windows(2) {
        let (p, q) = (w[0], w[1]);
        assert_eq!(omega_all_kernels(p * q), 2, "{p} * {q}");
        assert_eq!(omega_all_kernels(p * p), 2, "{p}^2");
        assert!(!is_prime(p * q) && !is_prime(p * p) && is_prime(p));
    }
    // Three primes around 2^21 (all above the trial-division bound, product above its cube).
    let mid = primes_between(&mut rng, 1 << 20, 1 << 21, 60);
    for w in mid.chunks(3) {
        let n = w[0] * w[1] * w[2];
        assert_eq!(omega_all_kernels(n), 3, "{n} = {w:?}");
        assert_eq!(omega_all_kernels(w[0] * w[0] * w[1]), 3);
        assert_eq!(omega_all_kernels(w[0] * w[0] * w[0]), 3);
    }
    // A small prime times one or two big ones.
    let small = primes_between(&mut rng, 3, 2000, 20);
    for (i, &s) in small.iter().enumerate() {
        let (p, q) = (big[i], mid[i]);
        assert_eq!(omega_all_kernels(s * p), 2, "{s} * {p}");
        assert_eq!(omega_all_kernels(s * p * q), 3, "{s} * {p} * {q}");
        assert_eq!(omega_all_kernels(s * s * p * 4), 5, "4 * {s}^2 * {p}");
    }
    // Primes and products just below powers of two: 2^61 - 1 is prime, 2^64 - 59 the largest.
    assert!(is_prime((1 << 61) - 1));
    assert!(is_prime(18_446_744_073_709_551_557));
    assert_eq!(omega_all_kernels(u64::MAX), 7); // 3 * 5 * 17 * 257 * 641 * 65537 * 6700417
    assert_eq!(omega_all_kernels(1 << 63), 63);
    assert_eq!(odd_omega(1 << 63), 0);
    assert_eq!(omega_all_kernels(3u64.pow(40)), 40);
    assert_eq!(omega_all_kernels(4_294_967_291 * 4_294_967_279), 2);
    assert_eq!(omega_all_kernels(4_294_967_291 * 4_294_967_291), 2);
}

/// Omega of every n in `lo..lo + width` by a segmented sieve: each prime p up to the square root
/// of the window's end is divided out of its multiples in the window as often as it divides
/// them; what is left above 1 is one prime. Independent of the library's trial division,
/// Miller-Rabin and kernels.
fn omega_by_segmented_sieve(lo: u64, width: usize) -> Vec<u32> {
    let limit = ((lo + width as u64) as f64).sqrt() as usize + 2;
    let mut composite = vec![false; limit + 1];
    let mut rest: Vec<u64> = (lo..lo + width as u64).collect();
    let mut count = vec![0u32; width];
    for p in 2..=limit {
        if composite[p] {
            continue;
        }
        for j in (p * p..=limit).step_by(p) {
            composite[j] = true;
        }
        let p = p as u64;
        let mut power = p;
        loop {
            // Each multiple of p^k in the window loses one factor p.
            let mut m = lo.div_ceil(power) * power;
            while m < lo + width as u64 {
                let i = (m - lo) as usize;
                rest[i] /= p;
                count[i] += 1;
                m += power;
            }
            match power.checked_mul(p) {
                Some(next) if next < lo + width as u64 => power = next,
                _ => break,
            }
        }
    }
    count.iter().zip(&rest).map(|(&c, &r)| c + (r > 1) as u32).collect()
}

#[test]
fn omega_matches_a_segmented_sieve_above_the_small_tiers() {
    // Windows above 3,474,749,660,383 (the Miller-Rabin tier with the seven 64-bit bases) and
    // across 2^48, where cofactors above 2083^3 reach the large trial division.
    for (lo, width) in [(3_474_749_000_000u64, 1 << 16), ((1 << 48) - (1 << 15), 1 << 16)] {
        let want = omega_by_segmented_sieve(lo, width);
        for (i, &w) in want.iter().enumerate() {
            let n = lo + i as u64;
            assert_eq!(omega_all_kernels(n), w, "omega({n})");
            assert_eq!(is_prime(n), w == 1, "is_prime({n})");
        }
    }
}

/// A random prime in lo..hi too large for trial division, certified by the independent 128-bit
/// Miller-Rabin with 24 random bases (a composite slipping through would make the test fail, not
/// pass: its Omega would exceed the one expected).
fn big_prime_between(rng: &mut Rng, lo: u64, hi: u64) -> u64 {
    loop {
        let p = rng.range(lo, hi) | 1;
        if probably_prime_u128(p, rng) {
            return p;
        }
    }
}

#[test]
fn factors_at_the_ends_of_the_trial_division_tables() {
    let mut rng = Rng::new(2083);
    // The last odd prime of the small table, the first of the large one, the last prime below
    // the cube root of 2^64 (2_642_245.9...) and the first above it.
    let edges = [2_081u64, 2_083, 2_642_239, 2_642_257];
    for &p in &edges {
        assert!(is_prime_by_trial_division(p), "{p}");
    }
    for _ in 0..30 {
        for &p in &edges {
            // p times a prime as large as fits, and p^2 times one: the factor p sits at the end
            // (or just beyond) a table, right where trial division stops.
            let q = big_prime_between(&mut rng, (u64::MAX / p) / 2, u64::MAX / p);
            assert_eq!(omega_all_kernels(p * q), 2, "{p} * {q}");
            let r = big_prime_between(&mut rng, (u64::MAX / p / p) / 2, u64::MAX / p / p);
            assert_eq!(omega_all_kernels(p * p * r), 3, "{p}^2 * {r}");
            // Three primes whose smallest is just below the cube root of the product.
            let s = primes_between(&mut rng, p + 1, p + 5000, 1)[0];
            if let Some(n) = p
                .checked_mul(s)
                .and_then(|x| x.checked_mul(s + 2).filter(|_| is_prime_by_trial_division(s + 2)))
            {
                assert_eq!(omega_all_kernels(n), 3, "{p} * {s} * {}", s + 2);
            }
        }
    }
    // A semiprime of two primes just above the cube root of 2^64 and one just below 2^32 each.
    assert_eq!(omega_all_kernels(2_642_257 * 4_294_967_291), 2);
    assert_eq!(omega_all_kernels(2_642_239 * 2_642_257 * 2_081), 3);
}

#[test]
fn random_products_of_known_primes_on_every_path() {
    // Products of primes certified by trial division, from every size class the code paths
    // split on (small table, large table, beyond the cube root of 2^64), with known Omega. Every
    // kernel must agree (the scalar one runs ECM above 2^58, the vector ones the large scan).
    let mut rng = Rng::new(6892);
    let bands: [(u64, u64); 7] = [
        (3, 2_083),
        (2_083, 1 << 14),
        (1 << 14, 1 << 18),
        (1 << 18, 1 << 21),
        (1 << 21, 2_642_257),
        (2_642_257, 1 << 26),
        (1 << 26, 1 << 32),
    ];
    let mut by_path = [0usize; 2];
    for _ in 0..3_000 {
        let mut n = 1u64;
        let mut count = 0;
        loop {
            let (lo, hi) = bands[rng.below(bands.len() as u64) as usize];
            let p = primes_between(&mut rng, lo, hi, 1)[0];
            match n.checked_mul(p) {
                Some(m) => {
                    n = m;
                    count += 1;
                }
                None => break,
            }
            if rng.chance(1, 4) {
                break;
            }
        }
        by_path[(n >= 1 << 58) as usize] += 1;
        assert_eq!(omega_all_kernels(n), count, "{n}");
    }
    assert!(by_path.iter().all(|&c| c > 300), "both sides of 2^58 are covered: {by_path:?}");
}

#[test]
fn near_squares_cubes_and_balanced_semiprimes_near_2_64() {
    let mut rng = Rng::new(1 << 19);
    // Two primes just below 2^32, at distances from a few units (Fermat's method splits them)
    // to 2^24 (it does not; the scan or ECM does).
    for gap_bits in [4u32, 12, 16, 18, 19, 20, 21, 24] {
        for _ in 0..4 {
            let p = big_prime_between(&mut rng, (1 << 32) - (1 << gap_bits), 1 << 32);
            let q = big_prime_between(&mut rng, (1 << 32) - (1 << gap_bits), 1 << 32);
            assert_eq!(omega_all_kernels(p * q), 2, "{p} * {q}");
            // A prime just above 2^31 times one just below 2^32: ratio 2, far from a square.
            let r = big_prime_between(&mut rng, 1 << 31, (1 << 31) + (1 << gap_bits));
            assert_eq!(omega_all_kernels(r * q), 2, "{r} * {q}");
        }
    }
    // Prime cubes and fifth powers above the small table, and p^2 q, p q^2 with p, q close.
    for p in primes_between(&mut rng, 2_083, 2_642_245, 40) {
        assert_eq!(omega_all_kernels(p * p * p), 3, "{p}^3");
        if let Some(n) = p.checked_pow(5) {
            assert_eq!(omega_all_kernels(n), 5, "{p}^5");
        }
        if let Some(n) = p.checked_pow(4) {
            assert_eq!(omega_all_kernels(n), 4, "{p}^4");
        }
        let q = primes_between(&mut rng, p + 2, p + 3_000, 1)[0];
        if let Some(n) = (p * p).checked_mul(q) {
            assert_eq!(omega_all_kernels(n), 3, "{p}^2 * {q}");
            assert_eq!(omega_all_kernels(n / p * q), 3, "{p} * {q}^2");
        }
    }
    // Cubes of the largest primes whose cube fits, and squares of primes just below 2^32.
    assert_eq!(omega_all_kernels(2_642_239 * 2_642_239 * 2_642_239), 3);
    for p in [4_294_967_291u64, 4_294_967_279, 4_294_967_231] {
        assert_eq!(omega_all_kernels(p * p), 2, "{p}^2");
    }
}

#[test]
fn carmichael_numbers_and_strong_pseudoprimes() {
    // Small Carmichael numbers, against trial division.
    for n in [561u64, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825_265, 321_197_185] {
        assert!(!is_prime(n));
        assert_eq!(omega_all_kernels(n), omega_by_trial_division(n), "{n}");
    }
    // Chernick's Carmichael numbers (6k+1)(12k+1)(18k+1), the three factors prime, near 2^64.
    let mut found = 0;
    let mut k = 236_000u64;
    while found < 8 && k > 0 {
        let f = [6 * k + 1, 12 * k + 1, 18 * k + 1];
        if f.iter().all(|&p| is_prime_by_trial_division(p))
            && let Some(n) = f[0].checked_mul(f[1]).and_then(|x| x.checked_mul(f[2]))
        {
            assert!(!is_prime(n), "Carmichael {n}");
            assert_eq!(omega_all_kernels(n), 3, "Carmichael {n} = {f:?}");
            found += 1;
        }
        k -= 1;
    }
    assert_eq!(found, 8);
    // The least strong pseudoprimes to the bases 2; 2, 3; 2..5; 2..7; 2..11; 2..13; 2..17; 2..23
    // (the Miller-Rabin tier boundaries), with their factorisations.
    let spsp: [(u64, &[u64]); 8] = [
        (2_047, &[23, 89]),
        (1_373_653, &[829, 1657]),
        (25_326_001, &[2251, 11251]),
        (3_215_031_751, &[151, 751, 28351]),
        (2_152_302_898_747, &[6763, 10627, 29947]),
        (3_474_749_660_383, &[1303, 16927, 157543]),
        (341_550_071_728_321, &[10_670_053, 32_010_157]),
        (3_825_123_056_546_413_051, &[149_491, 747_451, 34_233_211]),
    ];
    for (n, factors) in spsp {
        assert_eq!(factors.iter().product::<u64>(), n);
        assert!(factors.iter().all(|&p| is_prime_by_trial_division(p)));
        assert!(!is_prime(n), "{n} is a strong pseudoprime, not a prime");
        assert_eq!(omega_all_kernels(n), factors.len() as u32, "{n}");
    }
}

#[test]
fn limits_are_enforced_at_the_token() {
    let p = find("lunch").unwrap();
    let (out, fault) = run(p, b"2\n1\n18446744073709551615\n2\n5 0\n");
    assert_eq!(out, b"W\n");
    let f = fault.expect("a length of 0 is refused");
    assert_eq!(f.offset, 29);
    assert!(
        f.render("hdu6892", b"2\n1\n18446744073709551615\n2\n5 0\n")
            .contains("piece length of at least 1")
    );
    // The largest lengths are accepted and exact: 2^64 - 1 has 7 odd prime factors, 2^63 none.
    let (out, fault) = run(p, b"1\n2\n18446744073709551615 9223372036854775808\n");
    assert!(fault.is_none());
    assert_eq!(out, b"W\n"); // 7 XOR 1 = 6
    let (out, _) = run(p, b"1\n2\n18446744073709551615 2187\n"); // 3^7: value 7
    assert_eq!(out, b"L\n");
}
