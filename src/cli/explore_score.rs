//! `games explore --score`: options in, the values of `games::explore::score` out (a table,
//! `--at` values with their outcome, `--winning` best moves, JSON), or the perfect player of
//! `games::explore::serve` with `--serve`.

use super::UsageError;
use anyhow::Result;
use clap::ArgMatches;
use games::explore::program::Program;
use games::explore::score::{self, ScoreGame};
use games::explore::serve::Oracle;
use games::explore::space::{Coords, Space, format_position, parse_position};
use games::harness::process;
use games::out::Out;
use std::process::ExitCode;
use std::time::Duration;

fn usage(msg: String) -> anyhow::Error {
    anyhow::Error::new(UsageError(msg))
}

fn positions(args: &ArgMatches, id: &str, arity: usize) -> Result<Vec<Coords>> {
    args.get_many::<String>(id)
        .into_iter()
        .flatten()
        .map(|s| parse_position(s, arity).map_err(|e| usage(format!("--{id}: {e}"))))
        .collect()
}

/// Runs `games explore --score`.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let spec = args.get_one::<String>("box").map(String::as_str).unwrap_or_default();
    let space = Space::parse(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    space.check_cells().map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    let arity = space.arity();
    let at = positions(args, "at", arity)?;
    let winning = positions(args, "winning", arity)?;
    let cmd = args.get_one::<String>("moves").cloned().unwrap_or_default();
    let program = Program {
        cmd: cmd.clone(),
        arity,
        timeout: Duration::from_secs_f64(*args.get_one::<f64>("timeout").unwrap_or(&60.0)),
        output_cap: 1 << 30,
        multiset: false,
        stream: args.get_flag("stream"),
    };
    let limits = score::Limits {
        max_positions: *args.get_one::<u64>("max-positions").unwrap_or(&1_000_000) as usize,
        max_starts: *args.get_one::<u64>("max-starts").unwrap_or(&1000) as usize,
    };
    process::Supervisor::install();
    process::exit_on_signal();
    let asked: Vec<Coords> = at.iter().chain(&winning).copied().collect();
    let result = score::explore(&space, &asked, &program, limits);
    process::sweep_orphans();
    let game = match result {
        Ok(Ok(g)) => g,
        Ok(Err(e)) => anyhow::bail!("explore: {e}"),
        Err(e) => return Ok(interrupted(e)),
    };
    if args.get_flag("serve") {
        return super::explore_remoteness::serve_stdin(&Scorer { game: &game });
    }
    let mut out = Out::new();
    if args.get_flag("json") {
        json(&mut out, &cmd, &game, &at, &winning)?;
    } else {
        out.str(&format!(
            "game: moves program '{cmd}', box {} ({} positions; {} explored), scores (value: the mover's total minus the opponent's)\n",
            space.spec(),
            space.cells(),
            game.len()
        ));
        if !args.get_flag("no-table") {
            table(&mut out, &game);
        }
        for p in &at {
            let v = game.find(&p[..arity]).map_or(0, |v| game.value[v]);
            let pos = format_position(p, arity);
            out.str(&format!("at {pos}: value {v}, outcome {}\n", score::outcome(v)));
        }
        for p in &winning {
            out.str(&winning_line(&game, p)).nl();
        }
    }
    super::io::write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The exit of an interrupted run (or a program that could not be started).
fn interrupted(e: std::io::Error) -> ExitCode {
    super::io::interrupted("explore", e)
}

/// `winning 3 5: value 7: 2 5 (gain 4, option value -3); ...`.
fn winning_line(game: &ScoreGame, p: &Coords) -> String {
    let pos = format_position(p, game.arity);
    let Some(v) = game.find(&p[..game.arity]) else {
        return format!("winning {pos}: not explored");
    };
    let best = game.best(v);
    if best.is_empty() {
        return format!("winning {pos}: value {}, no move (the game ends here)", game.value[v]);
    }
    let moves: Vec<String> = best
        .iter()
        .map(|&(u, g, _)| format!("{} (gain {g}, option value {})", game.show(u), game.value_of(u)))
        .collect();
    format!("winning {pos}: value {}, best moves: {}", game.value[v], moves.join("; "))
}

/// The values of the box: a grid for two coordinates, one line a position otherwise.
fn table(out: &mut Out, game: &ScoreGame) {
    let space = &game.space;
    let cells: Vec<String> = game.value[..space.cells()].iter().map(|v| v.to_string()).collect();
    if space.arity() != 2 {
        for (c, v) in cells.iter().enumerate() {
            out.str(&format_position(&space.position(c), space.arity())).str(" ").str(v).nl();
        }
        return;
    }
    let w = cells.iter().map(String::len).max().unwrap_or(1).max(space.hi[1].to_string().len());
    let w0 = space.hi[0].to_string().len().max(3);
    out.str(&format!("{:>w0$}", "a\\b"));
    for b in space.lo[1]..=space.hi[1] {
        out.str(&format!(" {b:>w$}"));
    }
    out.nl();
    for (row, chunk) in cells.chunks(space.width(1) as usize).enumerate() {
        out.str(&format!("{:>w0$}", space.lo[0] + row as u64));
        for c in chunk {
            out.str(&format!(" {c:>w$}"));
        }
        out.nl();
    }
}

fn json(
    out: &mut Out,
    cmd: &str,
    game: &ScoreGame,
    at: &[Coords],
    winning: &[Coords],
) -> Result<()> {
    use serde_json::{Value, json};
    let arity = game.arity;
    let entry = |p: &[u64], v: i128| json!({ "position": p, "value": v.to_string(), "outcome": score::outcome(v) });
    let cells: Vec<Value> = (0..game.space.cells())
        .map(|c| entry(&game.space.position(c)[..arity], game.value[c]))
        .collect();
    let value_at = |p: &Coords| game.find(&p[..arity]).map(|v| game.value[v]).unwrap_or(0);
    let ats: Vec<Value> = at.iter().map(|p| entry(&p[..arity], value_at(p))).collect();
    let wins: Vec<Value> = winning
        .iter()
        .filter_map(|p| {
            let v = game.find(&p[..arity])?;
            let moves: Vec<Value> = game
                .best(v)
                .iter()
                .map(|&(u, g, _)| json!({ "option": game.show(u), "gain": g.to_string(), "value": game.value_of(u).to_string() }))
                .collect();
            Some(json!({ "position": &p[..arity], "value": game.value[v].to_string(), "moves": moves }))
        })
        .collect();
    let doc = json!({
        "game": format!("moves program '{cmd}'"),
        "box": game.space.spec(),
        "explored": game.len(),
        "positions": cells,
        "at": ats,
        "winning": wins,
    });
    out.str(&serde_json::to_string(&doc)?).nl();
    Ok(())
}

/// The perfect player of a scoring game: a move of the best value.
struct Scorer<'a> {
    game: &'a ScoreGame,
}

impl Scorer<'_> {
    fn find(&self, text: &str) -> Result<usize, String> {
        let p = parse_position(text, self.game.arity)?;
        self.game
            .find(&p[..self.game.arity])
            .ok_or_else(|| "not among the explored positions (widen --box)".to_string())
    }
}

impl Oracle for Scorer<'_> {
    fn best(&self, text: &str) -> Result<Option<String>, String> {
        let v = self.find(text)?;
        Ok(self.game.best(v).first().map(|&(u, _, _)| self.game.show(u)))
    }
    fn value(&self, text: &str) -> Result<String, String> {
        Ok(self.game.value[self.find(text)?].to_string())
    }
}
