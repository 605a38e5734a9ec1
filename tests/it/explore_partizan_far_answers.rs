//! `games explore --partizan` at far positions that could not be explored (issue 43, items 3
//! and 5):
//! - `--winning` at a far position answers from the box's patterns, the position's options
//!   listed by the moves program and each valued where the partizan rule confirms it: every
//!   move listed (Left to `GL >= 0`, Right to `GR <= 0`) is the set an exhaustive evaluation
//!   written here gives, and the value is the position's canonical form;
//! - a far position that spends its `--far-starts` and that no pattern answers is `unknown`
//!   naming the budget, exit 0, and the other positions of the run are answered as if it had
//!   not been asked; with `--stream` one batch explores all it reaches.
//!
//! The oracle is the canonical-form evaluation of `explore_partizan_far_checks` (Conway's
//! definitions, written in the tests). Without python3 the tests fail, unless
//! `GAMES_TEST_NO_PYTHON=1`.

use crate::common;
use crate::explore_partizan_far_checks::{Forms, Subtraction, subset};
use crate::explore_partizan_grammar::script;

use common::{games, temp_dir, text};
use games::rng::Rng;

/// The positions `n` moves to, listed in a `--winning` answer's `left` or `right`.
fn moves_of(side: &serde_json::Value) -> Vec<u64> {
    let mut out: Vec<u64> = side
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            let parts = m["option"].as_array().expect("option");
            assert_eq!(parts.len(), 1, "{m}");
            parts[0][0].as_u64().expect("a coordinate")
        })
        .collect();
    out.sort_unstable();
    out
}

#[test]
fn far_winning_moves_are_the_exhaustive_ones() {
    if !common::have_python("the partizan far-answer tests") {
        return;
    }
    let dir = temp_dir("far_winning");
    let mut rng = Rng::new(4343);
    let mut f = Forms::new();
    let zero = f.number(0, 0);
    let (mut asked, mut from_pattern, mut moves_judged) = (0, 0, 0);
    for i in 0..8 {
        let (game, values) = loop {
            let game = Subtraction { left: subset(&mut rng), right: subset(&mut rng), extra: None };
            if let Some(values) = game.values(&mut f, 400) {
                break (game, values);
            }
        };
        let cmd = script(&dir, &format!("w{i}.py"), &game.program());
        let ns: Vec<u64> = (0..6).map(|_| 100 + rng.below(290)).collect();
        let mut args = vec!["explore", "--partizan", "--json", "--no-table", "--moves", &cmd];
        args.extend(["--box", "0..59", "--far-starts", "1", "--max-starts", "1"]);
        let texts: Vec<String> = ns.iter().map(u64::to_string).collect();
        for t in &texts {
            args.extend(["--winning", t.as_str()]);
        }
        let out = games(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        for (w, &n) in doc["winning"].as_array().expect("winning").iter().zip(&ns) {
            asked += 1;
            let basis = w["basis"].as_str().unwrap_or_default();
            assert!(w.get("error").is_none(), "{w}");
            if basis.starts_with("unknown: ") {
                continue;
            }
            let g = f.parse(w["value"].as_str().expect("value"));
            assert_eq!(g, values[n as usize], "{game:?} at {n}: {w}");
            let wins = |f: &mut Forms, left: bool| -> Vec<u64> {
                let mut ms: Vec<u64> = game
                    .options(n, left)
                    .into_iter()
                    .filter(|&m| {
                        let v = values[m as usize];
                        if left { f.le(zero, v) } else { f.le(v, zero) }
                    })
                    .collect();
                ms.sort_unstable();
                ms
            };
            assert_eq!(moves_of(&w["left"]), wins(&mut f, true), "{game:?} at {n}: {w}");
            assert_eq!(moves_of(&w["right"]), wins(&mut f, false), "{game:?} at {n}: {w}");
            moves_judged += game.options(n, true).len() + game.options(n, false).len();
            if basis == "conjecture" {
                from_pattern += 1;
                let label = w["label"].as_str().unwrap_or_default();
                assert!(label.contains("partizan rule holds here"), "{w}");
            }
        }
    }
    eprintln!(
        "{from_pattern} of {asked} far --winning answered from a pattern, {moves_judged} options judged"
    );
    assert!(from_pattern >= asked / 2, "{from_pattern} of {asked} from a pattern");
}
/// Left moves n -> n-1 or n-2, Right n -> n-1: the values (`0`, `*`, `^`, `{0|^}`, ...) are
/// no numbers and follow no pattern the box 0..3 shows, so a far position is answered only by
/// exploring it.
const CHAIN: &str = "import sys
for line in sys.stdin:
    n = int(line)
    left = ';'.join(str(k) for k in range(max(0, n - 2), n))
    print(left + ' | ' + (str(n - 1) if n > 0 else ''), flush=True)
";

#[test]
fn a_far_position_out_of_its_budget_is_unknown_and_spoils_nothing() {
    if !common::have_python("the partizan far-answer tests") {
        return;
    }
    let dir = temp_dir("far_unknown");
    let cmd = script(&dir, "chain.py", CHAIN);
    let mut f = Forms::new();
    let mut values: Vec<usize> = Vec::new();
    for n in 0..=40usize {
        let left = values[n.saturating_sub(2)..n].to_vec();
        let right = if n > 0 { vec![values[n - 1]] } else { Vec::new() };
        let g = f.make(left, right);
        values.push(g);
    }
    let sum = f.add(values[9], values[3]);
    let ask = |extra: &[&str]| {
        let mut args = vec!["explore", "--partizan", "--json", "--no-table", "--moves", &cmd];
        args.extend(["--box", "0..3", "--at", "40", "--at", "2", "--at", "9 + 3"]);
        args.extend_from_slice(extra);
        let out = games(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{extra:?}: {}", text(&out.stderr));
        assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        doc["at"].as_array().expect("at").clone()
    };
    let form = |f: &mut Forms, a: &serde_json::Value| f.parse(a["value"].as_str().expect("value"));
    // The default 64 batches reach 40 from the box; so does one `--stream` batch.
    for extra in [&[][..], &["--far-starts", "1", "--stream"][..]] {
        let at = ask(extra);
        assert_eq!(at[0]["basis"], "computed", "{extra:?}: {:?}", at[0]);
        assert_eq!(form(&mut f, &at[0]), values[40]);
        assert_eq!(form(&mut f, &at[1]), values[2]);
        assert_eq!(form(&mut f, &at[2]), sum, "{:?}", at[2]);
    }
    // Eight batches: 40 is unknown, naming its budget; the others answered as before.
    let at = ask(&["--far-starts", "8"]);
    let basis = at[0]["basis"].as_str().unwrap_or_default();
    assert!(basis.starts_with("unknown: ") && basis.contains("--far-starts"), "{:?}", at[0]);
    assert_eq!(form(&mut f, &at[1]), values[2]);
    assert_eq!(form(&mut f, &at[2]), sum, "{:?}", at[2]);
}
