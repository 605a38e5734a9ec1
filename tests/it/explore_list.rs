//! `games explore --list P|N|D|all`: on random take games (`same:K:J`, `moore:K:M`) and random
//! boxes, both plays, the list of the outcome-bit path (forced with the hidden `--big-from`)
//! equals the list of the table path, and both equal the positions of the table's `--json`
//! outcomes in box order; `all` lists the table's values; `--json` holds the whole list. The
//! table's outcomes themselves are checked against a plain recursion over the game's moves
//! written here ([`Take`], both plays), sharing nothing with `games`.

use crate::common;

use common::{games, text};
use games::rng::Rng;

fn run(args: &[&str]) -> String {
    let out = games(args, b"");
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// The table's outcomes and values, in box order, with their positions.
fn table(name: &str, spec: &str, misere: bool) -> Vec<(Vec<u64>, String, String)> {
    let mut args = vec!["explore", "--game", name, "--box", spec, "--json"];
    if misere {
        args.push("--misere");
    }
    let doc: serde_json::Value = serde_json::from_str(&run(&args)).unwrap();
    let ranges: Vec<(u64, u64)> = spec
        .split(',')
        .map(|r| {
            let (a, b) = r.split_once("..").unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    let mut p: Vec<u64> = ranges.iter().map(|r| r.0).collect();
    let mut out = Vec::new();
    let outcomes = doc["outcomes"].as_str().unwrap().to_string();
    for (i, o) in outcomes.chars().enumerate() {
        let v = &doc["values"][i];
        let v = if v.is_null() { "-".to_string() } else { v.to_string() };
        out.push((p.clone(), v, o.to_string()));
        for d in (0..p.len()).rev() {
            if p[d] < ranges[d].1 {
                p[d] += 1;
                break;
            }
            p[d] = ranges[d].0;
        }
    }
    out
}

/// The take games by their rules: `moore:K:M` (positive amounts from 1 to M heaps) and
/// `same:K:1,J` (any amount from one heap, or the same amount from each of J heaps).
enum Take {
    Moore(usize),
    Same(usize),
}

impl Take {
    /// Every option of `p`.
    fn options(&self, p: &[u64]) -> Vec<Vec<u64>> {
        let k = p.len();
        let mut out = Vec::new();
        for set in 1usize..1 << k {
            let heaps: Vec<usize> = (0..k).filter(|&i| set >> i & 1 == 1).collect();
            if heaps.iter().any(|&i| p[i] == 0) {
                continue;
            }
            match *self {
                Take::Moore(m) if heaps.len() <= m => {
                    // Every vector of positive amounts on these heaps.
                    let mut take = vec![1u64; heaps.len()];
                    loop {
                        let mut q = p.to_vec();
                        heaps.iter().zip(&take).for_each(|(&i, &t)| q[i] -= t);
                        out.push(q);
                        let Some(d) = (0..heaps.len()).find(|&d| take[d] < p[heaps[d]]) else {
                            break;
                        };
                        take[d] += 1;
                        take[..d].iter_mut().for_each(|t| *t = 1);
                    }
                }
                Take::Same(j) if heaps.len() == 1 || heaps.len() == j => {
                    let most = heaps.iter().map(|&i| p[i]).min().unwrap();
                    for t in 1..=most {
                        let mut q = p.to_vec();
                        heaps.iter().for_each(|&i| q[i] -= t);
                        out.push(q);
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// Is `p` a P-position? (Misère: a position with no move is won by the player to move.)
    fn p(
        &self,
        p: &[u64],
        misere: bool,
        memo: &mut std::collections::HashMap<Vec<u64>, bool>,
    ) -> bool {
        if let Some(&x) = memo.get(p) {
            return x;
        }
        let options = self.options(p);
        let x = if options.is_empty() {
            !misere
        } else {
            options.iter().all(|q| !self.p(q, misere, memo))
        };
        memo.insert(p.to_vec(), x);
        x
    }
}

fn join(p: &[u64], sep: &str) -> String {
    p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(sep)
}

#[test]
fn lists_of_both_paths_equal_the_table_on_random_boxes() {
    let mut rng = Rng::new(37);
    for round in 0..40 {
        let k = 1 + round % 3;
        let name = if rng.range(0, 1) == 0 {
            format!("moore:{k}:{}", rng.range(1, k as u64))
        } else {
            format!("same:{k}:1,{}", rng.range(1, k as u64))
        };
        let top = [70, 20, 8][k - 1];
        let spec: Vec<String> = (0..k)
            .map(|_| {
                let (a, b) = (rng.range(0, top), rng.range(0, top));
                format!("{}..{}", a.min(b), a.max(b))
            })
            .collect();
        let spec = spec.join(",");
        let misere = round % 4 == 3;
        let rows = table(&name, &spec, misere);
        let (kind, j): (&str, usize) = {
            let mut parts = name.split(':');
            let kind = parts.next().unwrap();
            let last = parts.nth(1).unwrap();
            (kind, last.rsplit(',').next().unwrap().parse().unwrap())
        };
        let rule = if kind == "moore" { Take::Moore(j) } else { Take::Same(j) };
        let mut memo = std::collections::HashMap::new();
        for (p, _, o) in &rows {
            let want = if rule.p(p, misere, &mut memo) { "P" } else { "N" };
            assert_eq!(o, want, "{name} {spec} misere {misere}: position {p:?}");
        }
        for which in ["P", "N"] {
            let want: String =
                rows.iter().filter(|r| r.2 == which).map(|r| join(&r.0, " ") + "\n").collect();
            let mut args = vec!["explore", "--game", &name, "--box", &spec, "--list", which];
            if misere {
                args.push("--misere");
            }
            assert_eq!(run(&args), want, "{args:?} (table)");
            args.extend(["--big-from", "1"]);
            assert_eq!(run(&args), want, "{args:?} (bits)");
            args.push("--json");
            let doc: serde_json::Value = serde_json::from_str(&run(&args)).unwrap();
            let listed: Vec<Vec<u64>> = serde_json::from_value(doc["positions"].clone()).unwrap();
            let expected: Vec<Vec<u64>> =
                rows.iter().filter(|r| r.2 == which).map(|r| r.0.clone()).collect();
            assert_eq!(listed, expected, "{args:?}");
            assert_eq!(doc["count"], expected.len());
            assert_eq!(doc["list"], which);
        }
        if !misere {
            let all = run(&["explore", "--game", &name, "--box", &spec, "--list", "all"]);
            let want: String =
                rows.iter().map(|r| format!("{} {} {}\n", join(&r.0, " "), r.1, r.2)).collect();
            assert_eq!(all, want, "{name} {spec} --list all");
        }
    }
}

#[test]
fn a_moves_program_lists_its_p_positions_and_refusals_are_usage_errors() {
    let dir = common::temp_dir("list");
    let prog = dir.join("take12.sh");
    std::fs::write(
        &prog,
        "while read n; do s=''; for k in 1 2; do m=$((n-k)); [ $m -ge 0 ] && s=\"$s${s:+;}$m\"; done; echo \"$s\"; done\n",
    )
    .unwrap();
    let cmd = format!("sh {}", prog.display());
    let out = run(&["explore", "--moves", &cmd, "--box", "0..10", "--list", "p"]);
    assert_eq!(out, "0\n3\n6\n9\n");
    let out = run(&["explore", "--moves", &cmd, "--box", "0..4", "--list", "all", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["positions"][4]["value"], 1);
    assert_eq!(doc["positions"][3]["outcome"], "P");
    for bad in [&["--list", "X"][..], &["--list", "P", "--count"], &["--list", "P", "--at", "5"]] {
        let mut args = vec!["explore", "--game", "nim:1", "--box", "0..9"];
        args.extend(bad);
        assert_eq!(games(&args, b"").status.code(), Some(2), "{args:?}");
    }
}
