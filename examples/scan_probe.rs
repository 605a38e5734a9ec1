//! Per-class CPU cost: `scan_probe CLASS KERNEL REPS` computes odd Omega of 1000 lengths of the
//! class REPS times; run under `perf stat -e task-clock` with REPS = 0 and REPS = r and subtract.
use games::problems::hdu6892::prime_in;
use games::rng::Rng;
use games::theory::factor::{Kernel, odd_omega_with};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kernel = match args[2].as_str() {
        "scalar" => Kernel::Scalar,
        "avx2" => Kernel::Avx2,
        _ => Kernel::Avx512,
    };
    let reps: usize = args[3].parse().unwrap();
    let mut rng = Rng::new(7);
    let bal = |rng: &mut Rng, b: u32| {
        prime_in(rng, 1 << (b - 1), 1 << b) * prime_in(rng, 1 << (b - 1), 1 << b)
    };
    let ns: Vec<u64> = (0..1000)
        .map(|_| match args[1].as_str() {
            "bal64" => bal(&mut rng, 32),
            "bal58" => bal(&mut rng, 29),
            "bal52" => bal(&mut rng, 26),
            "bal42" => bal(&mut rng, 21),
            "near32" => {
                prime_in(&mut rng, (1 << 32) - (1 << 18), 1 << 32)
                    * prime_in(&mut rng, (1 << 32) - (1 << 18), 1 << 32)
            }
            "three21" => (0..3).map(|_| prime_in(&mut rng, 1 << 20, 1 << 21)).product(),
            "square32" => {
                let p = prime_in(&mut rng, 1 << 31, 1 << 32);
                p * p
            }
            "cube21" => {
                let p = prime_in(&mut rng, 1 << 20, 1 << 21);
                p * p * p
            }
            "unbal" => prime_in(&mut rng, 1 << 22, 1 << 26) * prime_in(&mut rng, 1 << 37, 1 << 38),
            "rand64" => rng.next_u64() | 1,
            "prime64" => prime_in(&mut rng, 1 << 63, u64::MAX - 1000),
            "judge" => rng.range(1, 1_000_000_000),
            c => panic!("class {c}"),
        })
        .collect();
    let mut s = 0u64;
    for _ in 0..reps {
        for &n in &ns {
            s += odd_omega_with(n, kernel) as u64;
        }
    }
    println!("{s}");
}
