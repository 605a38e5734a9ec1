//! Φ's preperiod and period in `games sg --misere --quotient` (text and `--json`): reported as
//! observed on the heaps computed, called a conjecture, and checked here against a naive search
//! written in the test (every period, every preperiod, every heap compared), on random
//! sequences and on the quotients of octal games.

use crate::common;
use games::rng::Rng;
use games::sg::misere::quotient::observed_period;

/// The naive answer: the least p, then the least n0, with phi[n + p] == phi[n] for every
/// n0 <= n <= N - p and N + 1 - n0 >= 2p.
fn naive(phi: &[u32]) -> Option<(u32, u32)> {
    let len = phi.len();
    for p in 1..=len {
        for n0 in 0..len {
            if len - n0 < 2 * p {
                break;
            }
            if (n0..len - p).all(|n| phi[n + p] == phi[n]) {
                return Some((n0 as u32, p as u32));
            }
        }
    }
    None
}

#[test]
fn observed_period_agrees_with_the_naive_search() {
    let mut rng = Rng::new(3);
    let mut found = 0;
    for _ in 0..5000 {
        let len = rng.range(0, 40) as usize;
        let alphabet = rng.range(1, 4) as u32;
        // A random head, then a random block repeated (sometimes cut short).
        let head = rng.range(0, 10) as usize;
        let block: Vec<u32> =
            (0..rng.range(1, 6)).map(|_| rng.below(u64::from(alphabet)) as u32).collect();
        let phi: Vec<u32> = (0..len)
            .map(|i| if i < head { rng.below(5) as u32 } else { block[(i - head) % block.len()] })
            .collect();
        let got = observed_period(&phi).map(|o| (o.preperiod, o.period));
        assert_eq!(got, naive(&phi), "{phi:?}");
        if let Some(o) = observed_period(&phi) {
            assert_eq!(o.to as usize, phi.len() - 1);
            found += 1;
        }
    }
    assert!(found > 1000, "{found}");
}

#[test]
fn quotient_reports_say_conjecture_and_match_their_phi() {
    for code in ["0.7", "0.77", "0.3", "0.51", "4.7", "0.137"] {
        let (status, out, err) = common::games_text(
            &["sg", code, "--misere", "--quotient", "--heaps", "26", "--json"],
            "",
        );
        assert_eq!(status, Some(0), "{code}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        let q = &v["quotient"];
        let phi: Vec<u32> =
            q["phi"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as u32).collect();
        let got = &q["phi_period"];
        match naive(&phi) {
            Some((n0, p)) => {
                assert_eq!(got["preperiod"].as_u64(), Some(u64::from(n0)), "{code}");
                assert_eq!(got["period"].as_u64(), Some(u64::from(p)), "{code}");
                assert_eq!(got["observed_to"].as_u64(), Some(phi.len() as u64 - 1), "{code}");
                assert_eq!(got["status"], "conjecture", "{code}");
            }
            None => assert!(got.is_null(), "{code}: {got}"),
        }
        let (_, text, _) =
            common::games_text(&["sg", code, "--misere", "--quotient", "--heaps", "26"], "");
        let line = text.lines().find(|l| l.starts_with("phi period")).expect("a period line");
        match naive(&phi) {
            Some((n0, p)) => {
                let want = format!(
                    "phi period (conjecture: observed on heaps 0..{}, not proved): preperiod {n0}, period {p}:",
                    phi.len() - 1
                );
                assert!(line.starts_with(&want), "{code}: {line}");
            }
            None => assert!(line.contains("none seen"), "{code}: {line}"),
        }
    }
}
