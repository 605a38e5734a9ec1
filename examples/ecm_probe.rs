//! ECM curve counts and CPU cost per B1 on one class of composites: `ecm_probe CLASS B1,B1,.. [COUNT]`
//! (run under `perf stat -e task-clock` and subtract a run with B1 = 0: the wall clock of a shared
//! machine says little).
use games::problems::hdu6892::prime_in;
use games::rng::Rng;
use games::theory::ecm::probe;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let class = args[1].as_str();
    let b1s: Vec<u64> = args[2].split(',').map(|s| s.parse().unwrap()).collect();
    let count: usize = args.get(3).map_or(1000, |s| s.parse().unwrap());
    let mut rng = Rng::new(7);
    let ns: Vec<u64> = (0..count)
        .map(|_| match class {
            "bal64" => prime_in(&mut rng, 1 << 31, 1 << 32) * prime_in(&mut rng, 1 << 31, 1 << 32),
            "three21" => (0..3).map(|_| prime_in(&mut rng, 1 << 20, 1 << 21)).product(),
            "bal52" => prime_in(&mut rng, 1 << 25, 1 << 26) * prime_in(&mut rng, 1 << 25, 1 << 26),
            "bal42" => prime_in(&mut rng, 1 << 20, 1 << 21) * prime_in(&mut rng, 1 << 20, 1 << 21),
            "bal36" => prime_in(&mut rng, 1 << 17, 1 << 18) * prime_in(&mut rng, 1 << 17, 1 << 18),
            _ => panic!(),
        })
        .collect();
    for b1 in b1s {
        if b1 == 0 {
            continue;
        }
        let t = Instant::now();
        let (used, fails) = probe(&ns, b1, 200);
        let us = t.elapsed().as_secs_f64() * 1e6 / ns.len() as f64;
        println!(
            "{class} B1={b1}: {us:.2} us/n, {:.2} curves avg, {fails} fails",
            used as f64 / ns.len() as f64
        );
    }
}
