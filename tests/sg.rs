//! `games sg`: the engine against the naive oracle for every rule family, the certificate on
//! the published values and on games built to fool a "seen twice" detector, the rule errors.

use games::sg::certificate::{Proof, Verdict, certify, value_at};
use games::sg::moves::naive_values;
use games::sg::rule::Rule;
use games::sg::values::grundy_values;

fn rule(s: &str) -> Rule {
    Rule::parse(s).unwrap_or_else(|e| panic!("{e}"))
}

fn verdict(s: &str, upto: u64) -> Verdict {
    let r = rule(s);
    certify(&r, &grundy_values(&r, upto).unwrap())
}

/// (n0, period, saltus, proved)
fn period(v: Verdict) -> (u64, u64, u64, bool) {
    match v {
        Verdict::Periodic { n0, period, saltus, proof } => {
            (n0, period, saltus, matches!(proof, Proof::Proved { .. }))
        }
        other => panic!("not periodic: {other:?}"),
    }
}

#[test]
fn published_periods() {
    assert_eq!(period(verdict("0.77", 200)), (71, 12, 0, true));
    assert_eq!(period(verdict(".07", 200)), (53, 34, 0, true));
    assert_eq!(period(verdict(".156", 8000)), (3479, 349, 0, true));
    assert_eq!(period(verdict("sub:1,3,4", 60)).1, 7);
    assert_eq!(period(verdict("sub:2,3,7", 60)).1, 5);
    let (_, p, s, proved) = period(verdict("allbut:2,3,7", 400));
    assert_eq!((p, s, proved), (4, 2, false));
    let (_, p, s, proved) = period(verdict("0.3F", 400));
    assert_eq!((p, s, proved), (6, 3, false));
}

#[test]
fn grundys_game_is_never_called_periodic() {
    assert_eq!(verdict("4!.0", 3000), Verdict::NotFound);
}
