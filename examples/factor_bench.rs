//! Benchmark of the factor counting behind `hdu6892` (not a test: it only prints times).
//!
//! `cargo run --release --example factor_bench [FILE]`: with FILE (an hdu6892 input), times the
//! Grundy values of all its lengths with `theory::factor` and, when every length is below 2^40,
//! with the slow reference (trial division by every prime up to the square root), and checks
//! that both agree. Without FILE, times classes of 64-bit lengths that matter. Both with every
//! kernel this processor runs (`KERNEL=scalar|avx2|avx512` picks one).
//!
//! `--gen CLASS COUNT [SEED]` instead writes an hdu6892 input of COUNT lengths of one worst-case
//! class (`two-primes-32`, `two-primes-near-32`, `three-primes-21`; see
//! `games::problems::hdu6892::HardClass`) to stdout, for `games hdu6892` and `make bench`.

use games::problems::hdu6892::prime_in;
use games::rng::Rng;
use games::theory::factor::{Kernel, isqrt, odd_omega, odd_omega_with};
use std::time::Instant;

/// The slow reference: trial division by every prime up to the square root of what is left.
fn odd_omega_by_primes(mut n: u64, primes: &[u32]) -> u32 {
    n >>= n.trailing_zeros();
    let mut count = 0;
    for &p in primes {
        let p = p as u64;
        if p * p > n {
            break;
        }
        while n.is_multiple_of(p) {
            n /= p;
            count += 1;
        }
    }
    count + (n > 1) as u32
}

fn odd_primes_up_to(limit: usize) -> Vec<u32> {
    let mut composite = vec![false; limit + 1];
    let mut v = Vec::new();
    for i in 2..=limit {
        if !composite[i] {
            if i > 2 {
                v.push(i as u32);
            }
            for j in (i * i..=limit).step_by(i) {
                composite[j] = true;
            }
        }
    }
    v
}

fn lengths_of(input: &[u8]) -> Vec<u64> {
    let nums = games::brute::numbers(input);
    let mut v = Vec::new();
    let mut i = 1;
    for _ in 0..nums[0] {
        let n = nums[i] as usize;
        v.extend_from_slice(&nums[i + 1..i + 1 + n]);
        i += 1 + n;
    }
    v
}

fn time<F: FnMut() -> u64>(what: &str, count: usize, mut f: F) -> f64 {
    // The best of five runs: the machine is shared, the minimum is the least disturbed.
    let mut secs = f64::INFINITY;
    let mut check = 0;
    for _ in 0..5 {
        let start = Instant::now();
        check = f();
        secs = secs.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{what:<48} {count:>8} lengths  {secs:>9.4} s  {:>9.3} us/length  (checksum {check})",
        secs * 1e6 / count as f64
    );
    secs
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--gen") {
        use games::problems::hdu6892::{HardClass, hard_input};
        let usage = "usage: factor_bench --gen CLASS COUNT [SEED]";
        let class = HardClass::ALL
            .into_iter()
            .find(|c| args.get(2).is_some_and(|a| a == c.name()))
            .expect(usage);
        let count = args.get(3).and_then(|a| a.parse().ok()).expect(usage);
        let seed = args.get(4).map_or(Some(1), |a| a.parse().ok()).expect(usage);
        let input = hard_input(&mut Rng::new(seed), class, count);
        std::io::Write::write_all(&mut std::io::stdout(), &input).expect("stdout");
        return;
    }
    let chosen = std::env::var("KERNEL").ok().map(|k| k.to_lowercase());
    let kernels: Vec<Kernel> = Kernel::ALL
        .into_iter()
        .rev()
        .filter(|k| {
            k.is_available()
                && chosen.as_ref().is_none_or(|c| *c == format!("{k:?}").to_lowercase())
        })
        .collect();
    if let Some(path) = std::env::args().nth(1) {
        let input = std::fs::read(&path).expect("readable FILE");
        let ls = lengths_of(&input);
        let mut fast = Vec::new();
        for &k in &kernels {
            let secs = time(&format!("theory::factor [{k:?}]"), ls.len(), || {
                ls.iter().map(|&l| odd_omega_with(l, k) as u64).sum()
            });
            fast.push((k, secs));
        }
        let max = ls.iter().copied().max().unwrap_or(1);
        if max < 1 << 40 && std::env::var_os("FAST_ONLY").is_none() {
            let primes = odd_primes_up_to(isqrt(max) as usize + 1);
            let slow = time("trial division by primes up to the square root", ls.len(), || {
                ls.iter().map(|&l| odd_omega_by_primes(l, &primes) as u64).sum()
            });
            for &l in &ls {
                assert_eq!(odd_omega(l), odd_omega_by_primes(l, &primes), "length {l}");
            }
            for (k, secs) in fast {
                println!("speed-up [{k:?}]: {:.1}x", slow / secs);
            }
        }
        return;
    }
    let mut rng = Rng::new(1);
    let n = 10_000;
    let classes: Vec<(&str, Vec<u64>)> = vec![
        ("random below 2^64", (0..n).map(|_| rng.next_u64() | 1).collect()),
        (
            "primes near 2^64",
            (0..n).map(|_| prime_in(&mut rng, 1 << 63, u64::MAX - 1000)).collect(),
        ),
        (
            "semiprimes p*q, p, q in (2^31, 2^32)",
            (0..n / 10)
                .map(|_| {
                    prime_in(&mut rng, 1 << 31, 1 << 32) * prime_in(&mut rng, 1 << 31, 1 << 32)
                })
                .collect(),
        ),
        (
            "semiprimes p*q, p, q in (2^32 - 2^18, 2^32)",
            (0..n / 10)
                .map(|_| games::problems::hdu6892::HardClass::TwoPrimesNear32.length(&mut rng))
                .collect(),
        ),
        (
            "prime squares p^2, p in (2^31, 2^32)",
            (0..n)
                .map(|_| {
                    let p = prime_in(&mut rng, 1 << 31, 1 << 32);
                    p * p
                })
                .collect(),
        ),
        (
            "p*q*r, primes in (2^20, 2^21)",
            (0..n)
                .map(|_| (0..3).map(|_| prime_in(&mut rng, 1 << 20, 1 << 21)).product())
                .collect(),
        ),
        ("uniform lengths below 1e9", (0..n * 10).map(|_| rng.range(1, 1_000_000_000)).collect()),
        (
            "primes in (5e8, 1e9)",
            (0..n * 10).map(|_| prime_in(&mut rng, 500_000_000, 999_999_000)).collect(),
        ),
        (
            "semiprimes p*q < 1e9, p, q in (15811, 31622)",
            (0..n * 10)
                .map(|_| prime_in(&mut rng, 15_811, 31_600) * prime_in(&mut rng, 15_811, 31_600))
                .collect(),
        ),
    ];
    let primes = odd_primes_up_to(1 << 16);
    for (name, ls) in &classes {
        let mut fast = f64::INFINITY;
        for &k in &kernels {
            let secs = time(&format!("{name} [{k:?}]"), ls.len(), || {
                ls.iter().map(|&l| odd_omega_with(l, k) as u64).sum()
            });
            fast = fast.min(secs);
        }
        if ls.iter().all(|&l| l < 1 << 32) {
            let slow = time("  ... by trial division up to the square root", ls.len(), || {
                ls.iter().map(|&l| odd_omega_by_primes(l, &primes) as u64).sum()
            });
            println!("  speed-up: {:.1}x", slow / fast);
        }
    }
}
