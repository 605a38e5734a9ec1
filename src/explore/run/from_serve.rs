//! `games explore --from START --serve`: the perfect player on positions as text. The `--from`
//! positions are explored first; then each request line is answered (one line, flushed):
//! `POSITION` → the best move (win fast, lose slow, keep a draw; `none` without a move),
//! `POSITION ?` → `N 5`, `P 4` or `D` (outcome and remoteness).
//!
//! Every exploration solves every position it meets, and each is remembered: a request for a
//! position met before is answered without asking the program again. In a game played from
//! START, every later position is met by START's exploration, so the moves program runs once.
//! A position not met before is explored from where it is. Whatever cannot be answered (a text
//! that is not a position, a program that fails, a budget) is answered `unknown` and said on
//! standard error.

use super::{Request, from::search};
use crate::explore::program::Program;
use crate::explore::remoteness::{self, outcome_of};
use crate::explore::serve::Oracle;
use crate::explore::space::Space;
use crate::explore::text::{self, TextPositions};
use crate::theory::remoteness::DRAW;
use anyhow::Result;
use std::cell::RefCell;
use std::collections::HashMap;
use std::process::ExitCode;
use std::sync::Arc;

/// What is known of a position: its remoteness and its best option (`None`: no move;
/// `Some(None)`: the move to the empty game).
#[derive(Clone, Copy)]
struct Known {
    remoteness: u32,
    best: Option<Option<u64>>,
}

/// The player: the positions' texts, the program, and every position solved so far.
struct TextPlayer<'a> {
    req: &'a Request,
    positions: Arc<TextPositions>,
    program: Program,
    known: RefCell<HashMap<u64, Known>>,
}

impl TextPlayer<'_> {
    /// Explores from position `id` and remembers every position met.
    fn explore(&self, id: u64) -> Result<(), String> {
        let space = Space::from_ranges(&[(id, id)]);
        let reach = match search(self.req, &space, &self.program, true) {
            Ok(r) => r?,
            Err(e) => return Err(format!("interrupted: {e}")),
        };
        let solved = remoteness::from_reach(&space, &reach, self.req.misere)?;
        let mut known = self.known.borrow_mut();
        for v in 0..solved.len() {
            if Some(v) == solved.empty {
                continue;
            }
            let best =
                solved.best(v).map(|u| (Some(u) != solved.empty).then(|| solved.coords(u)[0]));
            known.insert(solved.coords(v)[0], Known { remoteness: solved.remoteness[v], best });
        }
        Ok(())
    }

    /// What is known of the position written `text`, exploring from it when it is new.
    fn find(&self, text: &str) -> Result<Known, String> {
        let t = text.trim().as_bytes();
        text::check(t)?;
        let id = self.positions.intern(t)?;
        if let Some(&k) = self.known.borrow().get(&id) {
            return Ok(k);
        }
        self.explore(id)?;
        self.known.borrow().get(&id).copied().ok_or_else(|| "not solved".to_string())
    }
}

impl Oracle for TextPlayer<'_> {
    fn best(&self, text: &str) -> Result<Option<String>, String> {
        if text.trim() == "()" {
            return Ok(None);
        }
        Ok(self.find(text)?.best.map(|b| b.map_or("()".to_string(), |id| self.positions.show(id))))
    }

    fn value(&self, text: &str) -> Result<String, String> {
        if text.trim() == "()" {
            return Ok(format!("{} 0", outcome_of(0, self.req.misere) as char));
        }
        Ok(match self.find(text)?.remoteness {
            DRAW => "D".to_string(),
            r => format!("{} {r}", outcome_of(r, self.req.misere) as char),
        })
    }
}

/// Explores the `--from` positions (`ids`), then serves standard input until its end.
pub fn serve(
    req: &Request,
    positions: Arc<TextPositions>,
    program: Program,
    ids: &[u64],
) -> Result<ExitCode> {
    crate::harness::process::Supervisor::install();
    let player = TextPlayer { req, positions, program, known: RefCell::new(HashMap::new()) };
    for &id in ids {
        if !player.known.borrow().contains_key(&id) {
            player.explore(id).map_err(|e| anyhow::anyhow!("explore: {e}"))?;
        }
    }
    super::remoteness::serve_stdin(&player)
}
