//! `games explore --remoteness` (and `--serve` for impartial games): options in, the report of
//! `games::explore::remoteness` out (a table of outcomes with remotenesses, `--at` answers,
//! conjunctive compounds `A & B`), or the perfect player of `games::explore::serve`.

use super::UsageError;
use anyhow::Result;
use clap::ArgMatches;
use games::explore::program::Program;
use games::explore::reach;
use games::explore::remoteness::{self, Solved, outcome_of};
use games::explore::serve::{self, Oracle};
use games::explore::space::{Coords, Space, parse_position};
use games::harness::process;
use games::out::Out;
use games::theory::remoteness::DRAW;
use std::process::ExitCode;
use std::time::Duration;

fn usage(msg: String) -> anyhow::Error {
    anyhow::Error::new(UsageError(msg))
}

/// Runs `games explore --remoteness` or `--serve` on an impartial game.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let spec = args.get_one::<String>("box").map(String::as_str).unwrap_or_default();
    let space = Space::parse(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    space.check_cells().map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    if args.get_flag("multiset") {
        return Err(usage("--remoteness and --serve take plain positions, not --multiset".into()));
    }
    let misere = args.get_flag("misere");
    let at: Vec<(String, Vec<Coords>)> = args
        .get_many::<String>("at")
        .into_iter()
        .flatten()
        .map(|s| compound(s, space.arity()).map(|c| (s.clone(), c)))
        .collect::<Result<_>>()?;
    let (solved, game) = match args.get_one::<String>("game") {
        Some(name) => {
            let g =
                games::explore::builtin::parse(name).map_err(|e| usage(format!("--game: {e}")))?;
            if games::explore::builtin::arity(&g) != space.arity() {
                return Err(usage(format!("--game {name} does not have the box's arity")));
            }
            let s = remoteness::from_builtin(&g, &space, misere)
                .map_err(|e| anyhow::anyhow!("explore: {e}"))?;
            (s, format!("built-in game {name}"))
        }
        None => match from_program(args, &space, misere)? {
            Ok(s) => s,
            Err(code) => return Ok(code),
        },
    };
    if args.get_flag("serve") {
        return serve_stdin(&Player { solved: &solved });
    }
    let mut out = Out::new();
    if args.get_flag("json") {
        json(&mut out, &game, &space, &solved, &at)?;
    } else {
        let play = if misere { "misère play" } else { "normal play" };
        out.str(&format!(
            "game: {game}, box {} ({} positions; {} explored), {play}, remoteness (win fast, lose slow)\n",
            space.spec(),
            space.cells(),
            solved.len()
        ));
        if !args.get_flag("no-table") {
            table(&mut out, &space, &solved);
        }
        for (text, parts) in &at {
            out.str(&at_line(&solved, text, parts)).nl();
        }
    }
    super::io::write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `A & B & C`: the parts of a conjunctive compound (one part: a plain position).
fn compound(text: &str, arity: usize) -> Result<Vec<Coords>> {
    text.split('&')
        .map(|p| parse_position(p.trim(), arity).map_err(|e| usage(format!("--at: {e}"))))
        .collect()
}

/// The moves program's graph from the box, every option kept. `Err` holds the exit status of
/// an interrupted run.
fn from_program(
    args: &ArgMatches,
    space: &Space,
    misere: bool,
) -> Result<Result<(Solved, String), ExitCode>> {
    let cmd = args.get_one::<String>("moves").cloned().unwrap_or_default();
    let program = Program {
        cmd: cmd.clone(),
        arity: space.arity(),
        timeout: Duration::from_secs_f64(*args.get_one::<f64>("timeout").unwrap_or(&60.0)),
        output_cap: 1 << 30,
        multiset: false,
        stream: args.get_flag("stream"),
    };
    let limits = reach::Limits {
        max_positions: *args.get_one::<u64>("max-positions").unwrap_or(&1_000_000) as usize,
        max_starts: *args.get_one::<u64>("max-starts").unwrap_or(&1000) as usize,
        keep_options: true,
    };
    process::Supervisor::install();
    let result = reach::explore(space, &program, limits, |_| {});
    process::sweep_orphans();
    let reach = match result {
        Ok(r) => r,
        Err(reach::ReachError::Io(e)) => return Ok(Err(interrupted(e))),
        Err(reach::ReachError::Protocol(e)) => anyhow::bail!("explore: {e}"),
        Err(reach::ReachError::Budget(e)) => anyhow::bail!("explore: {e}"),
        Err(reach::ReachError::Alloc(e)) => anyhow::bail!("explore: {e}"),
    };
    process::exit_on_signal();
    let solved = remoteness::from_reach(space, &reach, misere)
        .map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    Ok(Ok((solved, format!("moves program '{cmd}'"))))
}

/// The exit of an interrupted run (or a program that could not be started).
fn interrupted(e: std::io::Error) -> ExitCode {
    super::io::interrupted("explore", e)
}

/// An entry of the table: `N3`, `P0`, `D`.
fn entry(r: u32, misere: bool) -> String {
    match r {
        DRAW => "D".to_string(),
        r => format!("{}{r}", outcome_of(r, misere) as char),
    }
}

/// A 2-D box as a grid (rows: the first coordinate), any other as one line a position.
fn table(out: &mut Out, space: &Space, s: &Solved) {
    let at = |c: usize| {
        let p = space.position(c);
        let v = s.find(&p[..space.arity()]).unwrap_or(0);
        entry(s.remoteness[v], s.misere)
    };
    if space.arity() == 2 {
        let cols = space.width(1) as usize;
        let cells: Vec<String> = (0..space.cells()).map(at).collect();
        let w = cells.iter().map(String::len).max().unwrap_or(1).max(space.hi[1].to_string().len());
        out.str(&format!("{:>w$}", "a\\b", w = space.hi[0].to_string().len().max(3)));
        for b in space.lo[1]..=space.hi[1] {
            out.str(&format!(" {b:>w$}"));
        }
        out.nl();
        for (row, chunk) in cells.chunks(cols).enumerate() {
            let a = space.lo[0] + row as u64;
            out.str(&format!("{a:>w0$}", w0 = space.hi[0].to_string().len().max(3)));
            for c in chunk {
                out.str(&format!(" {c:>w$}"));
            }
            out.nl();
        }
        return;
    }
    for c in 0..space.cells() {
        let p = space.position(c);
        out.str(&games::explore::space::format_position(&p, space.arity()));
        out.str(" ").str(&at(c)).nl();
    }
}

/// `at A & B: outcome N, remoteness 3 (conjunctive compound: the least remoteness)`.
fn at_line(s: &Solved, text: &str, parts: &[Coords]) -> String {
    match remoteness::at(s, parts) {
        Err(i) => format!(
            "at {text}: unknown: '{}' was not explored (widen --box)",
            games::explore::space::format_position(&parts[i], s.arity)
        ),
        Ok(r) => {
            let how = if parts.len() > 1 {
                " (conjunctive compound: the least remoteness of its parts, Smith's rule)"
            } else {
                ""
            };
            match r {
                DRAW => format!("at {text}: outcome D, no remoteness (a draw){how}"),
                r => format!(
                    "at {text}: outcome {}, remoteness {r}{how}",
                    outcome_of(r, s.misere) as char
                ),
            }
        }
    }
}

/// One JSON object: the game, every box position, the `--at` answers.
fn json(
    out: &mut Out,
    game: &str,
    space: &Space,
    s: &Solved,
    at: &[(String, Vec<Coords>)],
) -> Result<()> {
    use serde_json::{Value, json};
    let entry = |pos: Vec<u64>, r: Option<u32>| {
        let mut o = serde_json::Map::new();
        o.insert("position".into(), json!(pos));
        let outcome = r.map_or("?".to_string(), |r| (outcome_of(r, s.misere) as char).to_string());
        o.insert("outcome".into(), json!(outcome));
        if let Some(r) = r.filter(|&r| r != DRAW) {
            o.insert("remoteness".into(), json!(r));
        }
        Value::Object(o)
    };
    let cells: Vec<Value> = (0..space.cells())
        .map(|c| {
            let p = space.position(c)[..space.arity()].to_vec();
            let r = s.find(&p).map(|v| s.remoteness[v]);
            entry(p, r)
        })
        .collect();
    let ats: Vec<Value> = at
        .iter()
        .map(|(text, parts)| {
            let mut e = entry(
                parts.iter().flat_map(|p| p[..s.arity].to_vec()).collect(),
                remoteness::at(s, parts).ok(),
            );
            e["text"] = json!(text);
            e
        })
        .collect();
    let doc = json!({
        "game": game,
        "box": space.spec(),
        "play": if s.misere { "misere" } else { "normal" },
        "explored": s.len(),
        "positions": cells,
        "at": ats,
    });
    out.str(&serde_json::to_string(&doc)?).nl();
    Ok(())
}

/// The perfect player of an impartial game: best moves by remoteness.
struct Player<'a> {
    solved: &'a Solved,
}

impl Player<'_> {
    fn find(&self, text: &str) -> Result<usize, String> {
        let p = parse_position(text, self.solved.arity)?;
        self.solved
            .find(&p[..self.solved.arity])
            .ok_or_else(|| "not among the explored positions (widen --box)".to_string())
    }
}

impl Oracle for Player<'_> {
    fn best(&self, text: &str) -> Result<Option<String>, String> {
        let v = self.find(text)?;
        Ok(self.solved.best(v).map(|u| self.solved.show(u)))
    }
    fn value(&self, text: &str) -> Result<String, String> {
        let v = self.find(text)?;
        let r = self.solved.remoteness[v];
        Ok(match r {
            DRAW => "D".to_string(),
            r => format!("{} {r}", outcome_of(r, self.solved.misere) as char),
        })
    }
}

/// Serves requests from standard input until its end.
pub(super) fn serve_stdin(oracle: &dyn Oracle) -> Result<ExitCode> {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match serve::serve(oracle, stdin, stdout, super::io::error_line) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(anyhow::anyhow!("explore --serve: {e}")),
    }
}
