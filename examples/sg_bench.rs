//! Benchmark of the sparse Grundy engine (`games::sg::sparse`) and the long-run certificate.
//!
//! `cargo run --release --example sg_bench -- CODE N [certify] [bounded PREFIX RING] [threads T] [blocks auto|L] [print] [rare]`:
//! computes `G(0..N)` of the octal code CODE (`.156`, `4.07`, `4!.0`: digits 0-7, a leading
//! digit before the point, `!` for unequal splits) and prints one line: values, seconds,
//! values per second, largest value, rare heaps, the engine's counters and an FNV-1a checksum
//! of the values. With `certify` it stops at the Guy-Smith certificate (N is then the bound) and
//! prints it; `bounded` keeps only a prefix and a ring of values; `blocks` turns on block verification
//! (`auto`: the prefix length chosen as it goes, or a fixed length); `print` writes the values;
//! `rare` the rare heaps of each class of the rare/common split at the end.

use games::sg::code::{Code, Digit, Equality};
use games::sg::long_run::{self, Memory};
use games::sg::parallel;
use games::sg::sparse::{BlockMode, Engine};
use std::process::ExitCode;
use std::time::Instant;

fn parse(text: &str) -> Option<Code> {
    let (lead, rest) = text.split_once('.')?;
    let (lead, equality) = match lead.strip_suffix('!') {
        Some(l) => (l, Equality::Unequal),
        None => (lead, Equality::Any),
    };
    let lead: u64 = if lead.is_empty() { 0 } else { lead.parse().ok()? };
    let mut digits = vec![Digit { heaps: lead, at_least: None, equality }];
    for b in rest.bytes() {
        if !(b'0'..=b'7').contains(&b) {
            return None;
        }
        digits.push(Digit { heaps: (b - b'0') as u64, at_least: None, equality });
    }
    Some(Code { digits, tail: Vec::new() })
}

fn fnv(values: &[u16]) -> u64 {
    values
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &v| (h ^ v as u64).wrapping_mul(0x100_0000_01b3))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        eprintln!(
            "usage: sg_bench CODE N [certify] [bounded PREFIX RING] [threads T] [blocks auto|L] [print] [rare]"
        );
        ExitCode::from(2)
    };
    if args.len() < 2 {
        return usage();
    }
    let Some(code) = parse(&args[0]) else { return usage() };
    let Ok(n) = args[1].parse::<usize>() else { return usage() };
    let certify = args.iter().any(|a| a == "certify");
    let print = args.iter().any(|a| a == "print");
    let memory = match args.iter().position(|a| a == "bounded") {
        Some(i) => {
            let (Some(p), Some(r)) = (args.get(i + 1), args.get(i + 2)) else { return usage() };
            let (Ok(prefix), Ok(ring)) = (p.parse(), r.parse()) else { return usage() };
            Memory::Bounded { prefix, ring }
        }
        None => Memory::Full,
    };
    let start = Instant::now();
    if certify || memory != Memory::Full {
        let run = match long_run::run(&code, n, memory) {
            None => {
                eprintln!("sg_bench: {} is not an octal code the engine handles", args[0]);
                return ExitCode::from(2);
            }
            Some(Err(e)) => {
                eprintln!("sg_bench: {e}");
                return ExitCode::from(1);
            }
            Some(Ok(run)) => run,
        };
        let secs = start.elapsed().as_secs_f64();
        let verdict = match run.certificate {
            Some(c) => format!(
                "n0 = {} period = {} checked = {} {}",
                c.n0,
                c.period,
                c.checked,
                if c.proved { "proved" } else { "observed" }
            ),
            None => "no certificate".to_string(),
        };
        println!(
            "{} values={} secs={:.6} values/s={:.0} max={} rare={} {}",
            args[0],
            run.computed,
            secs,
            run.computed as f64 / secs,
            run.max_value,
            run.rare_heaps,
            verdict
        );
        return ExitCode::SUCCESS;
    }
    let Some(mut engine) = Engine::new(&code) else {
        eprintln!("sg_bench: {} is not an octal code the engine handles", args[0]);
        return ExitCode::from(2);
    };
    let threads = match args.iter().position(|a| a == "threads") {
        Some(i) => match args.get(i + 1).map(|t| t.parse::<usize>()) {
            Some(Ok(t)) => t,
            _ => return usage(),
        },
        None => 1,
    };
    if let Some(i) = args.iter().position(|a| a == "blocks") {
        // Block verification: `auto` (prefix chosen as it goes) or a fixed prefix length.
        let mode = match args.get(i + 1).map(|t| (t.as_str(), t.parse::<usize>())) {
            Some(("auto", _)) => BlockMode::Adaptive,
            Some((_, Ok(len))) => BlockMode::Fixed(len),
            _ => return usage(),
        };
        engine.set_blocks(mode);
    }
    let res = if threads > 1 {
        parallel::extend(&mut engine, n, threads, &mut |_, _, _| parallel::Flow::Go)
    } else {
        engine.extend_to(n)
    };
    if let Err(e) = res {
        eprintln!("sg_bench: {e}");
        return ExitCode::from(1);
    }
    let secs = start.elapsed().as_secs_f64();
    let s = engine.stats();
    println!(
        "{} values={} secs={:.6} values/s={:.0} max={} rare={} sparse={} plain={} full_scans={} scanned={} verify={} rebuilds={} pre_misses={} blocks={:?} fnv={:016x}",
        args[0],
        n,
        secs,
        n as f64 / secs,
        engine.max_value(),
        engine.rare_heaps(),
        s.sparse_steps,
        s.plain_steps,
        s.full_scans,
        s.scanned_pairs,
        s.verify_pairs,
        s.rebuilds,
        s.pre_misses,
        engine.block_stats(),
        fnv(engine.values())
    );
    if args.iter().any(|a| a == "rare") {
        for (class, pos) in engine.rare_positions().iter().enumerate() {
            println!("class {class}: rare heaps {pos:?}");
        }
    }
    if print {
        let text: Vec<String> = engine.values().iter().map(|v| v.to_string()).collect();
        println!("{}", text.join(" "));
    }
    ExitCode::SUCCESS
}
