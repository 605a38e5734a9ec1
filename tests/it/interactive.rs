//! `games test --interactor`: the example take-away interactor (whose jury is `games explore
//! --remoteness --serve`) against a correct solution (AC on every start), the weak example
//! (WA, with a transcript), and wrong solutions written here: a wrong move (WA), too slow (TLE),
//! a protocol error (PE), one that stops reading and exits (the interactor's verdict, PE), one
//! that waits to read instead of answering (IL, idleness), one that sleeps instead (TLE: not
//! blocked reading), one that crashes (RE). Without python3 they fail, unless
//! `GAMES_TEST_NO_PYTHON=1`.

use crate::common;

use common::{GAMES, games, temp_dir, text};

fn have_python() -> bool {
    common::have_python("the interactive tests")
}

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn interactor() -> String {
    let p = root().join("examples/interactive/interactor.py");
    format!("GAMES={GAMES} python3 {}", p.display())
}

/// Runs `games test --interactor` with `solution` on `cases`: exit code and report.
fn judge(solution: &str, cases: &[&std::path::Path], timeout: &str) -> (Option<i32>, String) {
    let inter = interactor();
    let mut args =
        vec!["test", "--interactor", &inter, "--against", solution, "--timeout", timeout];
    let shown: Vec<String> = cases.iter().map(|c| c.display().to_string()).collect();
    args.extend(shown.iter().map(String::as_str));
    let out = games(&args, b"");
    (out.status.code(), text(&out.stdout) + &text(&out.stderr))
}

#[test]
fn the_examples_good_and_weak() {
    if !have_python() {
        return;
    }
    let dir = root().join("examples/interactive");
    let good = format!("python3 {}", dir.join("good.py").display());
    let (code, report) = judge(&good, &[&dir], "20");
    assert_eq!(code, Some(0), "{report}");
    assert!(report.contains("8 of 8 cases AC"), "{report}");
    let weak = format!("python3 {}", dir.join("weak.py").display());
    let (code, report) = judge(&weak, &[&dir], "20");
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("AC   ") && report.contains("WA   "), "{report}");
    assert!(report.contains("the jury took the last stone"), "{report}");
    assert!(
        report.contains("transcript") && report.contains("> 5") && report.contains("< 4"),
        "{report}"
    );
}

#[test]
fn wrong_solutions_get_their_verdicts() {
    if !have_python() {
        return;
    }
    let dir = temp_dir("wrong");
    let case = dir.join("start-13.in");
    std::fs::write(&case, "13\n").unwrap();
    let write = |name: &str, src: &str| {
        let p = dir.join(name);
        std::fs::write(&p, src).unwrap();
        format!("python3 {}", p.display())
    };
    let first = "import sys, time\nn = int(sys.stdin.readline())\n";
    let cases: [(&str, String, &str, &str); 7] = [
        (
            "wrong-move",
            format!("{first}print(2, flush=True)\nsys.stdin.readline()\n"),
            "WA",
            "illegal move",
        ),
        ("slow", format!("{first}while True:\n    pass\n"), "TLE", ""),
        (
            "protocol",
            format!("{first}print('hello', flush=True)\nsys.stdin.readline()\n"),
            "PE",
            "expected a number",
        ),
        ("exits", format!("{first}print(1, flush=True)\n"), "PE", "the solution stopped"),
        ("waits", format!("{first}sys.stdin.readline()\n"), "IL", ""),
        ("sleeps", format!("{first}time.sleep(60)\n"), "TLE", ""),
        ("crash", format!("{first}sys.exit(3)\n"), "RE", "exit status: 3"),
    ];
    for (name, src, want, said) in cases {
        let cmd = write(&format!("{name}.py"), &src);
        // The time limit is 3 s only where the verdict is TLE (a loaded machine only makes it
        // surer); elsewhere a generous one, so that a slow start of python3 on a busy machine
        // is never judged (it was: FAIL, the interactor timed out; and IL, which needs both
        // programs quiet for a while, could come after a short deadline: TLE).
        let limit = if want == "TLE" { "3" } else { "120" };
        let (code, report) = judge(&cmd, &[&case], limit);
        assert_eq!(code, Some(1), "{name}: {report}");
        assert!(report.starts_with(&format!("{want:<4} ")), "{name}: {report}");
        assert!(report.contains(said), "{name}: {report}");
    }
}

#[test]
fn stress_finds_the_weak_solution_out() {
    if !have_python() {
        return;
    }
    let dir = root().join("examples/interactive");
    let gen_cmd = format!("python3 {}", dir.join("gen.py").display());
    let inter = interactor();
    let scratch = temp_dir("stress");
    let save = scratch.join("failing.in");
    let save_text = save.display().to_string();
    let run = |solution: &str| {
        let cmd = format!("python3 {}", dir.join(solution).display());
        let args = [
            "stress",
            "--interactor",
            &inter,
            "--gen",
            &gen_cmd,
            "--against",
            &cmd,
            "--cases",
            "6",
            "--save",
            &save_text,
            "--timeout",
            "20",
        ];
        let out = games(&args, b"");
        (out.status.code(), text(&out.stdout) + &text(&out.stderr))
    };
    let (code, report) = run("good.py");
    assert_eq!(code, Some(0), "{report}");
    assert!(report.contains("6 of 6 cases AC"), "{report}");
    let (code, report) = run("weak.py");
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains(": WA") && report.contains("transcript"), "{report}");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.trim().parse::<u64>().is_ok_and(|n| n % 7 != 0 && n % 7 != 2), "{saved}");
}
