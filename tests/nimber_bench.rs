use games::theory::nimber::*;
use std::time::Instant;
#[test]
#[ignore]
fn bench() {
    let n = 4_000_000usize;
    let mut x: u64 = 1;
    let pairs: Vec<[u64; 2]> = (0..n).map(|_| { x = games::rng::mix64(x); [x, games::rng::mix64(x ^ 7)] }).collect();
    let t = Instant::now();
    let mut acc = 0u64;
    for p in &pairs { acc ^= p[0].wrapping_mul(p[1]); }
    println!("baseline {:.2} ns ({acc})", t.elapsed().as_nanos() as f64 / n as f64);
    let pt = PolyTables::get();
    let t = Instant::now();
    let mut acc = 0u64;
    for p in &pairs { acc ^= pt.to_poly(p[0]) ^ pt.to_poly(p[1]); }
    println!("two to_poly {:.2} ns ({acc})", t.elapsed().as_nanos() as f64 / n as f64);
    let t = Instant::now();
    let mut acc = 0u64;
    for p in &pairs { acc ^= pt.from_poly(p[0], p[1]); }
    println!("from_poly {:.2} ns ({acc})", t.elapsed().as_nanos() as f64 / n as f64);
    for m in [Some(Multiplier::portable()), Multiplier::clmul()].into_iter().flatten() {
        let t = Instant::now();
        let mut acc = 0u64;
        for p in &pairs { acc ^= m.product(p[0], p[1]); }
        let single = t.elapsed().as_nanos() as f64 / n as f64;
        let t = Instant::now();
        let mut dst = Vec::with_capacity(n);
        m.products(&pairs, &mut dst);
        let batch = t.elapsed().as_nanos() as f64 / n as f64;
        // dependent chain: latency
        let t = Instant::now();
        let mut c = 1u64;
        for p in &pairs { c = m.product(c ^ p[0], p[1]); }
        let lat = t.elapsed().as_nanos() as f64 / n as f64;
        println!("{}: {single:.2} ns/mul single, {batch:.2} batch, {lat:.2} latency ({acc} {c} {})", m.name(), dst[0]);
    }
    let t = Instant::now();
    let mut acc = 0u64;
    for p in &pairs[..20000] { acc ^= nim_product_reference(p[0], p[1]); }
    println!("reference: {:.1} ns/mul ({acc})", t.elapsed().as_nanos() as f64 / 20000.0);
}
