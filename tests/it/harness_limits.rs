//! The harness under hostile limits (issue 29, faults 3, 4, 9, 10, 12): `-j 1024` under a
//! small address space, a program escaping with `setsid` into a deep process tree, a 16 MB
//! failing input shrunk in bounded memory, large generated inputs on many jobs, and a default
//! save name that is a dangling symbolic link.

use crate::common;
use common::{GAMES, alive, temp_dir, text};
use std::path::Path;
use std::process::{Command, Output};

/// Runs `sh -c SCRIPT` in `dir` (GAMES names the binary).
fn shell(dir: &Path, script: &str) -> Output {
    Command::new("sh").arg("-c").arg(script).env("GAMES", GAMES).current_dir(dir).output().unwrap()
}

#[test]
fn a_thousand_jobs_in_a_small_address_space_do_not_abort() {
    let dir = temp_dir("jobs");
    // 1024 threads of 2 MiB stacks do not fit in 1 GB: fewer jobs run, the report is the same.
    for (form, want) in [
        ("stress nim --against \"$GAMES nim\" --cases 200", 0),
        ("stress --gen 'echo 1; echo' --reference 'echo 1' --against 'echo 1' --cases 200", 0),
        ("stress --gen 'echo 1; echo' --reference 'echo 1' --against 'echo 2' --cases 200", 1),
    ] {
        let out = shell(&dir, &format!("ulimit -v 1000000; \"$GAMES\" {form} -j 1024"));
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(want), "{form}: {}{err}", text(&out.stdout));
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn an_escape_into_a_deep_process_tree_is_swept_to_the_last_level() {
    let dir = temp_dir("deep");
    let pidfile = dir.join("pid");
    // Each level detaches the next with setsid, 12 levels deep; the last records its pid.
    let deep = dir.join("deep.sh");
    std::fs::write(
        &deep,
        format!(
            "if [ \"$1\" -ge 12 ]; then echo $$ > {p}.tmp; mv {p}.tmp {p}; exec sleep 30; fi\n\
             setsid sh {d} $(($1 + 1)) &\nexec sleep 30\n",
            p = pidfile.display(),
            d = deep.display()
        ),
    )
    .unwrap();
    let against = format!(
        "sh {} 0 & while [ ! -s {p} ]; do sleep 0.01; done; {GAMES} nim",
        deep.display(),
        p = pidfile.display()
    );
    let out = Command::new(GAMES)
        .args(["stress", "nim", "--against", &against, "--cases", "1"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    let pid: u32 = std::fs::read_to_string(&pidfile).unwrap().trim().parse().unwrap();
    assert!(!alive(pid), "the 12th level was left running");
}

#[test]
fn a_large_failing_input_is_saved_then_shrunk_in_bounded_memory() {
    let dir = temp_dir("large");
    // 16 MB: `n` then n numbers (all 1, one 3 near the end); the wrong solution fails on a 3.
    // The shrinker once took 114 times the input; here the whole run has 1 GB of address space.
    let n = 8_000_000;
    std::fs::write(
        dir.join("gen.sh"),
        format!(
            "echo {n}; {{ yes 1 | head -n {}; echo 3; echo 1; }} | tr '\\n' ' '; echo\n",
            n - 2
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("ref.sh"),
        "tail -n +2 | tr ' ' '\\n' | awk '{ s += $1 } END { print s }'\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("wrong.sh"),
        "tail -n +2 | tr ' ' '\\n' | awk '{ s += $1; if ($1 == 3) s++ } END { print s }'\n",
    )
    .unwrap();
    // The validator streams: the count must be the number of items.
    std::fs::write(
        dir.join("val.sh"),
        "read n; c=$(tr ' ' '\\n' | grep -c .); [ \"$c\" = \"$n\" ]\n",
    )
    .unwrap();
    let out = shell(
        &dir,
        "ulimit -v 1000000; \"$GAMES\" stress --gen 'sh gen.sh' --reference 'sh ref.sh' \
         --against 'sh wrong.sh' --validate 'sh val.sh' --cases 1 --save f.in",
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("input saved to f.in (16000009 bytes); shrinking it"), "{stderr}");
    assert!(stdout.contains("shrunk from 16000009 bytes"), "{stdout}");
    let saved = std::fs::read(dir.join("f.in")).unwrap();
    assert_eq!(saved, b"1\n3\n", "{stdout}");
}

#[test]
fn many_jobs_with_large_inputs_hold_a_bounded_amount() {
    let dir = temp_dir("wide");
    // 24 MB inputs on 16 jobs: held all at once, 16 x 24 MB and their copies; bounded now.
    let out = shell(
        &dir,
        "ulimit -v 600000; \"$GAMES\" stress --gen 'head -c 24000000 /dev/zero | tr \"\\0\" 7; echo' \
         --reference 'wc -c' --against 'wc -c' --cases 24 -j 16",
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("24 cases passed"), "{stdout}");
}

#[test]
fn a_dangling_link_at_the_default_save_name_is_not_followed() {
    let dir = temp_dir("dangling");
    let outside = dir.join("outside");
    std::fs::create_dir(&outside).unwrap();
    for (name, form) in [
        ("stress-1-1.in", "stress --gen 'echo 1' --reference 'echo 1' --against 'echo 2'"),
        ("stress-nim-1-1.in", "stress nim --against 'echo nonsense'"),
    ] {
        let target = outside.join(name);
        std::os::unix::fs::symlink(&target, dir.join(name)).unwrap();
        let out = shell(&dir, &format!("\"$GAMES\" {form}"));
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
        assert!(!target.exists(), "{name}: a file was created through the link");
        assert!(stderr.contains("cannot save") && stderr.contains("symbolic link"), "{stderr}");
        assert!(stdout.contains("--- input ---"), "the report is kept: {stdout}");
        // An earlier regular file of that name is ours: replaced.
        std::fs::remove_file(dir.join(name)).unwrap();
        std::fs::write(dir.join(name), "old").unwrap();
        let out = shell(&dir, &format!("\"$GAMES\" {form}"));
        assert_eq!(out.status.code(), Some(1));
        assert_ne!(std::fs::read(dir.join(name)).unwrap(), b"old");
    }
}
