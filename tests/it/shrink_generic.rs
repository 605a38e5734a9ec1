//! The generic shrinker (`games stress --gen ... --reference ... --against ...`, issue 29) on
//! small shell programs: the failing input found by the run is shrunk by delta debugging over
//! its counted lists and strings, and the result is checked against what a person can work out
//! by hand (the smallest failing input of each problem, found by the independent brute force
//! in `smallest_failing`), and against the generator's floors when there is no validator.

use crate::common;
use common::{games, temp_dir, text};
use std::path::{Path, PathBuf};

/// Writes `body` as `dir/name` and returns `sh dir/name`.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    format!("sh {}", path.display())
}

fn have(program: &str) -> bool {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {program}"))
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs a generic stress and returns (exit code, stdout, stderr, the saved input).
fn stress(dir: &Path, args: &[&str]) -> (Option<i32>, String, String, Vec<u8>) {
    let save: PathBuf = dir.join("failing.in");
    let mut all = vec!["stress"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--save", save.to_str().unwrap()]);
    let out = games(&all, b"");
    let saved = std::fs::read(&save).unwrap_or_default();
    (out.status.code(), text(&out.stdout), text(&out.stderr), saved)
}

/// The sum-of-a-list problem: `n` then `n` numbers (n in 1..=8, numbers 0..=9); the wrong
/// solution adds one when the list holds a 3.
fn sum_problem(dir: &Path) -> (String, String, String, String) {
    let generator = script(
        dir,
        "gen.sh",
        "awk -v s=\"$1\" 'BEGIN { srand(s); n = 1 + int(rand() * 8); print n; \
         for (i = 0; i < n; i++) printf \"%d \", int(rand() * 10); print \"\" }'\n",
    );
    let reference = script(
        dir,
        "ref.sh",
        "awk 'NR == 2 { s = 0; for (i = 1; i <= NF; i++) s += $i; print s }'\n",
    );
    let wrong = script(
        dir,
        "wrong.sh",
        "awk 'NR == 2 { s = 0; for (i = 1; i <= NF; i++) { s += $i; if ($i == 3) s++ }; print s }'\n",
    );
    let validator = script(
        dir,
        "val.sh",
        "awk 'NR == 1 { n = $1 } NR == 2 { if (NF != n) bad = 1; for (i = 1; i <= NF; i++) \
         if ($i !~ /^[0-9]$/) bad = 1 } END { if (NR != 2 || n < 1 || bad) exit 1 }'\n",
    );
    (generator, reference, wrong, validator)
}

#[test]
fn a_count_prefixed_list_shrinks_to_its_one_failing_element() {
    let dir = temp_dir("sum");
    let (generator, reference, wrong, validator) = sum_problem(&dir);
    for validate in [Some(validator.as_str()), None] {
        let mut args = vec!["--gen", &generator, "--reference", &reference, "--against", &wrong];
        if let Some(v) = validate {
            args.extend_from_slice(&["--validate", v]);
        }
        let (code, out, err, saved) = stress(&dir, &args);
        assert_eq!(code, Some(1), "{out}{err}");
        // The only one-element list that fails is `3`; no shorter input is legal.
        assert_eq!(saved, b"1\n3\n", "{out}");
        assert!(out.contains("--- input ---\n1\n3\n"), "{out}");
        assert!(out.contains("shrunk from ") && out.contains("to 4 bytes (2 tokens)"), "{out}");
        assert_eq!(out.contains("not validated"), validate.is_none(), "{out}");
        assert!(err.contains("input saved to"), "{err}");
    }
}

#[test]
fn a_string_shrinks_to_the_shortest_failing_string() {
    let dir = temp_dir("string");
    // `n` then a string of n letters from a..e (n in 1..=12); the wrong solution fails on any
    // string holding `ba`. The shortest failing input is `2` / `ba`.
    let generator = script(
        &dir,
        "gen.sh",
        "awk -v s=\"$1\" 'BEGIN { srand(s); n = 1 + int(rand() * 12); print n; w = \"\"; \
         for (i = 0; i < n; i++) w = w substr(\"abcde\", 1 + int(rand() * 5), 1); print w }'\n",
    );
    let reference = script(&dir, "ref.sh", "awk 'NR == 2 { print length($1) }'\n");
    let wrong =
        script(&dir, "wrong.sh", "awk 'NR == 2 { print length($1) + ($1 ~ /ba/ ? 1 : 0) }'\n");
    let (code, out, err, saved) =
        stress(&dir, &["--gen", &generator, "--reference", &reference, "--against", &wrong]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert_eq!(saved, b"2\nba\n", "{out}");
    // A string without a count: `dabad`-like words, failing when they hold `ab`.
    let generator = script(
        &dir,
        "gen2.sh",
        "awk -v s=\"$1\" 'BEGIN { srand(s); n = 3 + int(rand() * 10); w = \"\"; \
         for (i = 0; i < n; i++) w = w substr(\"abcd\", 1 + int(rand() * 4), 1); print w }'\n",
    );
    let reference = script(&dir, "ref2.sh", "awk '{ print length($1) }'\n");
    let wrong = script(&dir, "wrong2.sh", "awk '{ print length($1) + ($1 ~ /ab/ ? 1 : 0) }'\n");
    let (code, out, err, saved) =
        stress(&dir, &["--gen", &generator, "--reference", &reference, "--against", &wrong]);
    assert_eq!(code, Some(1), "{out}{err}");
    // The generator's words are 3 letters at least: a failing word of 3 letters is the
    // shortest (`aab` or `aba`: no single letter lowered still holds `ab`).
    assert!(saved == b"aab\n" || saved == b"aba\n", "{out}");
}

#[test]
fn without_a_validator_no_value_goes_below_the_generators_smallest() {
    let dir = temp_dir("floors");
    // `n m` with both in 5..=20, then n numbers in 10..=99. The reference answers anything
    // (even `0 0`); the wrong solution fails when n == m or a number is odd.
    let generator = script(
        &dir,
        "gen.sh",
        "awk -v s=\"$1\" 'BEGIN { srand(s); n = 5 + int(rand() * 16); m = 5 + int(rand() * 16); \
         print n, m; for (i = 0; i < n; i++) printf \"%d \", 10 + int(rand() * 90); print \"\" }'\n",
    );
    let reference = script(&dir, "ref.sh", "awk 'NR == 1 { print $1 * $2 }'\n");
    let wrong = script(
        &dir,
        "wrong.sh",
        "awk 'NR == 1 { a = $1 * $2; b = ($1 == $2) } NR == 2 { for (i = 1; i <= NF; i++) \
         if ($i % 2) b = 1 } END { print a + b }'\n",
    );
    let (code, out, err, saved) =
        stress(&dir, &["--gen", &generator, "--reference", &reference, "--against", &wrong]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("not validated"), "{out}");
    let saved = text(&saved);
    let nums: Vec<i64> = saved.split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert!(nums[0] >= 5 && nums[1] >= 5, "{saved}");
    let items = &nums[2..];
    assert_eq!(items.len() as i64, nums[0], "the count no longer matches: {saved}");
    assert!(items.iter().all(|&x| x >= 10), "{saved}");
    // n is at its floor, and so is every number but the odd one that makes it fail.
    assert_eq!(nums[0], 5, "{saved}");
    assert!(items.iter().filter(|&&x| x != 10).count() <= 1, "{saved}");
}

#[test]
fn the_budget_flags_hold_and_are_reported() {
    let dir = temp_dir("budget");
    let (generator, reference, wrong, _) = sum_problem(&dir);
    let base = ["--gen", generator.as_str(), "--reference", &reference, "--against", &wrong];
    let (code, out, _, _) = stress(&dir, &[&base[..], &["--shrink-runs", "2"]].concat());
    assert_eq!(code, Some(1));
    assert!(out.contains(" in 2 runs; the budget ran out"), "{out}");
    let (code, out, _, _) = stress(&dir, &[&base[..], &["--shrink-runs", "0"]].concat());
    assert_eq!(code, Some(1));
    assert!(out.contains("not shrunk") && out.contains("in 0 runs; the budget ran out"), "{out}");
    // A slow solution: --shrink-time stops the search.
    let slow = script(&dir, "slow.sh", &format!("sleep 0.3; {wrong}\n"));
    let (code, out, _, _) = stress(
        &dir,
        &["--gen", &generator, "--reference", &reference, "--against", &slow, "--shrink-time", "1"],
    );
    assert_eq!(code, Some(1));
    assert!(out.contains("the budget ran out"), "{out}");
    // Nothing smaller fails: "not shrunk", and not for lack of budget.
    let one = script(&dir, "one.sh", "echo 1; echo 3\n");
    let (code, out, _, _) =
        stress(&dir, &["--gen", &one, "--reference", &reference, "--against", &wrong]);
    assert_eq!(code, Some(1));
    assert!(out.contains("not shrunk (4 bytes, 2 tokens): no smaller input failed"), "{out}");
    assert!(!out.contains("budget ran out"), "{out}");
}

#[test]
fn a_slow_validator_has_its_own_limit_and_is_named_when_it_times_out() {
    let dir = temp_dir("slow-validator");
    let (generator, reference, wrong, validator) = sum_problem(&dir);
    let slow = script(&dir, "slowval.sh", &format!("sleep 1.2; {validator}\n"));
    let args = [
        "--gen",
        generator.as_str(),
        "--reference",
        &reference,
        "--against",
        &wrong,
        "--validate",
        &slow,
        "--timeout",
        "1",
        "--cases",
        "20",
        "--shrink-runs",
        "3",
    ];
    // Slower than --timeout, within its own default limit: the run goes on.
    let (code, out, err, _) = stress(&dir, &args);
    assert_eq!(code, Some(1), "{out}{err}");
    // With --validate-timeout below its time: a set-up error naming the validator.
    let (code, out, err, _) = stress(&dir, &[&args[..], &["--validate-timeout", "0.3"]].concat());
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("the validator timed out after 0.3 s"), "{err}");
}

#[test]
fn test_cases_are_shrunk_one_by_one_under_their_count() {
    if !have("awk") {
        // A missing tool fails the test unless the opt-out variable says to skip it.
        let var = crate::common::opt_out("awk");
        assert!(
            std::env::var_os(var).is_some_and(|v| v == "1"),
            "awk is missing: install it, or set {var}=1 to skip the cases shrink test"
        );
        eprintln!("note: awk not found and {var}=1: the cases shrink test skipped");
        return;
    }
    let dir = temp_dir("cases");
    // T cases of `n` / n numbers; the wrong solution fails a case holding a 3.
    let generator = script(
        &dir,
        "gen.sh",
        "awk -v s=\"$1\" 'BEGIN { srand(s); t = 2 + int(rand() * 4); print t; \
         for (c = 0; c < t; c++) { n = 1 + int(rand() * 6); print n; \
         for (i = 0; i < n; i++) printf \"%d \", int(rand() * 10); print \"\" } }'\n",
    );
    let per_case = "NR > 1 && NR % 2 == 1 { s = 0; for (i = 1; i <= NF; i++) s += $i";
    let reference = script(&dir, "ref.sh", &format!("awk '{per_case}; print s }}'\n"));
    let wrong = script(
        &dir,
        "wrong.sh",
        &format!("awk '{per_case}; for (i = 1; i <= NF; i++) if ($i == 3) s++; print s }}'\n"),
    );
    let (code, out, err, saved) =
        stress(&dir, &["--gen", &generator, "--reference", &reference, "--against", &wrong]);
    assert_eq!(code, Some(1), "{out}{err}");
    // The generator prints two cases at least: two cases, one of them `1` / `3`, the other
    // at its floor.
    let saved = text(&saved);
    let lines: Vec<&str> = saved.lines().collect();
    assert_eq!(lines.len(), 5, "{saved}");
    assert_eq!(lines[0], "2");
    assert!(saved.contains("1\n3\n"), "{saved}");
    assert!(lines[1] == "1" && lines[3] == "1", "{saved}");
}
