//! `games explore --score`: scoring games from a moves program. Both players maximise their
//! own total minus the opponent's (zero-sum), the mover scoring what its move gains.
//!
//! **Protocol.** The moves program is asked as for impartial games ([`crate::explore::program`]: one
//! position a line, batches or `--stream`), and replies with one line a position:
//! `OPTION @ GAIN; OPTION @ GAIN; ...` (moving to OPTION gains GAIN to the mover, an integer of
//! either sign that fits 64 bits; `()` as OPTION ends the game), an empty line (no move: the
//! game ends, no further gain), or `= GAIN` (the game ends with a final GAIN to the player to
//! move). No sums: scores of a sum are not a function of its parts' scores.
//!
//! **Value.** value(p) = the final gain of p (0 with no move) if p ends the game, otherwise
//! the maximum over the options of GAIN - value(OPTION): the mover's total minus the
//! opponent's under optimal play (backward induction, Zermelo; the game must end). The
//! outcome is the sign: positive a win for the mover, zero a draw, negative a loss. Values are
//! exact `i128`: a line of play has fewer than 2^32 moves (positions are numbered in `u32`),
//! each of at most 2^63 in size, so every total is below 2^96.
//!
//! **Cycles.** Scores on a game that can go on for ever are out of scope: a position that can
//! recur is refused, the cycle named. The values are found by one iterative depth-first
//! search over the graph (no recursion), which meets every cycle as a back arc.

use crate::explore::answers::player::Explored;
use crate::explore::kind::value_kind::{Score, ValueKind};
use crate::explore::program::{BATCH, Program, ProtocolError, Runner, Sink};
use crate::explore::space::{Coords, MAX_ARITY, Space, format_position};
use std::collections::HashMap;

/// The option `()`: the game ends.
pub const EMPTY: u32 = u32::MAX;

/// A scoring game explored from a box, with every value.
pub struct ScoreGame {
    pub arity: usize,
    /// The box: position `i < box.cells()` is box cell `i`.
    pub space: Space,
    /// Coordinates of the positions past the box, `arity` each.
    extra: Vec<u64>,
    index: HashMap<Coords, u32>,
    /// Options of position v: `opts[start[v]..start[v + 1]]` with their `gains`.
    pub start: Vec<u32>,
    pub opts: Vec<u32>,
    pub gains: Vec<i64>,
    /// Final gains of the positions answered `= GAIN`.
    pub terminal: HashMap<u32, i64>,
    /// Every position's value (after [`ScoreGame::solve`]).
    pub value: Vec<i128>,
    /// Starts of the program, batches, positions asked.
    pub starts: usize,
    pub batches: usize,
}

impl ScoreGame {
    /// Nothing met yet on the box `space`.
    pub fn new(space: Space) -> ScoreGame {
        ScoreGame {
            arity: space.arity(),
            space,
            extra: Vec::new(),
            index: HashMap::new(),
            start: vec![0],
            opts: Vec::new(),
            gains: Vec::new(),
            terminal: HashMap::new(),
            value: Vec::new(),
            starts: 0,
            batches: 0,
        }
    }

    /// The number of positions met.
    pub fn len(&self) -> usize {
        self.space.cells() + self.extra.len() / self.arity.max(1)
    }

    /// No position at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The coordinates of position `v`.
    pub fn position(&self, v: usize) -> Coords {
        let cells = self.space.cells();
        if v < cells {
            return self.space.position(v);
        }
        let mut c: Coords = [0; MAX_ARITY];
        let at = (v - cells) * self.arity;
        c[..self.arity].copy_from_slice(&self.extra[at..at + self.arity]);
        c
    }

    /// Position `v` as the moves program reads it (`()` for [`EMPTY`]).
    pub fn show(&self, v: u32) -> String {
        if v == EMPTY {
            return "()".to_string();
        }
        format_position(&self.position(v as usize), self.arity)
    }

    /// The number of a position met.
    pub fn find(&self, p: &[u64]) -> Option<usize> {
        if let Some(i) = self.space.index(p) {
            return Some(i);
        }
        let mut c: Coords = [0; MAX_ARITY];
        c[..self.arity].copy_from_slice(p.get(..self.arity)?);
        self.index.get(&c).map(|&v| v as usize)
    }

    /// The number of a position, new ones numbered next (`Err` past `most` positions).
    fn intern(&mut self, p: &[u64], most: usize) -> Result<u32, String> {
        if let Some(v) = self.find(p) {
            return Ok(v as u32);
        }
        let v = self.len();
        if v >= most {
            return Err(format!(
                "the game reaches more than {most} positions from the box (the last one met: '{}'); raise --max-positions or use a smaller box",
                format_position(p, self.arity)
            ));
        }
        let mut c: Coords = [0; MAX_ARITY];
        c[..self.arity].copy_from_slice(&p[..self.arity]);
        self.index.insert(c, v as u32);
        self.extra.extend_from_slice(&p[..self.arity]);
        Ok(v as u32)
    }

    /// The options of `v` with their gains.
    pub fn options(&self, v: usize) -> impl Iterator<Item = (u32, i64)> + '_ {
        let r = self.start[v] as usize..self.start[v + 1] as usize;
        self.opts[r.clone()].iter().copied().zip(self.gains[r].iter().copied())
    }

    /// The value of an option (0 for [`EMPTY`]).
    pub fn value_of(&self, u: u32) -> i128 {
        if u == EMPTY { 0 } else { self.value[u as usize] }
    }

    /// The best options of `v`: `(option, gain, gain - value(option))` of every option that
    /// reaches `v`'s value, in the program's order.
    pub fn best(&self, v: usize) -> Vec<(u32, i64, i128)> {
        self.options(v)
            .map(|(u, g)| (u, g, g as i128 - self.value_of(u)))
            .filter(|&(u, g, _)| Score.best(self.value[v], self.value_of(u), g, false))
            .collect()
    }
}

impl Explored for ScoreGame {
    fn arity(&self) -> usize {
        self.arity
    }
    fn find(&self, p: &[u64]) -> Option<usize> {
        ScoreGame::find(self, p)
    }
    fn coords(&self, v: usize) -> Coords {
        self.position(v)
    }
    fn value(&self, v: usize) -> i128 {
        self.value[v]
    }
    fn best(&self, v: usize) -> Option<Option<usize>> {
        let &(u, _, _) = ScoreGame::best(self, v).first()?;
        Some((u != EMPTY).then_some(u as usize))
    }
}

/// Receives the program's replies.
struct Collector<'a> {
    game: &'a mut ScoreGame,
    most: usize,
    /// Asked positions so far (the numbers `0..asked`).
    asked: usize,
    stream: bool,
}

impl Collector<'_> {
    /// Positions met and not asked yet, flat; marks them asked.
    fn next(&mut self, out: &mut Vec<u64>) {
        let n = self.game.len();
        for v in self.asked..n {
            out.extend_from_slice(&self.game.position(v)[..self.game.arity]);
        }
        self.asked = n;
    }
}

impl Sink for Collector<'_> {
    fn part(&mut self, p: Option<&[u64]>, _first: bool) -> Result<(), ProtocolError> {
        let v = match p {
            None => EMPTY,
            Some(p) => self.game.intern(p, self.most).map_err(ProtocolError)?,
        };
        self.game.opts.push(v);
        Ok(())
    }
    fn end(&mut self) -> Result<(), ProtocolError> {
        let n = u32::try_from(self.game.opts.len())
            .map_err(|_| ProtocolError("more than 2^32 - 1 options in all".into()))?;
        self.game.start.push(n);
        Ok(())
    }
    fn more(&mut self, out: &mut Vec<u64>) -> Result<(), ProtocolError> {
        if self.stream {
            self.next(out);
        }
        Ok(())
    }
    fn scores(&self) -> bool {
        true
    }
    fn gain(&mut self, text: &[u8], terminal: bool) -> Result<(), ProtocolError> {
        let g = parse_gain(text).ok_or_else(|| {
            ProtocolError(format!(
                "'{}' is not a gain (an integer from -2^63 to 2^63 - 1)",
                crate::explore::program::excerpt(text)
            ))
        })?;
        if terminal {
            let v = self.game.start.len() - 1;
            self.game.terminal.insert(v as u32, g);
        } else {
            self.game.gains.push(g);
        }
        Ok(())
    }
}

/// An integer gain: an optional sign, decimal digits, fitting an `i64`.
pub fn parse_gain(text: &[u8]) -> Option<i64> {
    let s = std::str::from_utf8(text).ok()?;
    if s.is_empty() || s.contains(|c: char| c.is_whitespace()) {
        return None;
    }
    s.parse::<i64>().ok()
}

/// The budget of an exploration.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_positions: usize,
    pub max_starts: usize,
}

/// Asks the program for every position reached from the box and from `at` (in that order).
pub fn explore(
    space: &Space,
    at: &[Coords],
    program: &Program,
    limits: Limits,
) -> Result<Result<ScoreGame, String>, std::io::Error> {
    let cells = space.cells();
    if cells > limits.max_positions {
        let most = limits.max_positions;
        return Ok(Err(format!("the box has {cells} positions, more than --max-positions {most}")));
    }
    let arity = space.arity();
    let mut game = ScoreGame::new(space.clone());
    for p in at {
        if let Err(e) = game.intern(&p[..arity], limits.max_positions) {
            return Ok(Err(e));
        }
    }
    let mut runner = Runner::new(program);
    let (most, stream) = (limits.max_positions, program.stream);
    let mut c = Collector { game: &mut game, most, asked: 0, stream };
    let mut batch = Vec::new();
    loop {
        batch.clear();
        let n = c.game.len();
        let upto = n.min(c.asked + BATCH);
        for v in c.asked..upto {
            batch.extend_from_slice(&c.game.position(v)[..arity]);
        }
        c.asked = upto;
        if batch.is_empty() {
            break;
        }
        if !stream && runner.starts >= limits.max_starts {
            let starts = limits.max_starts;
            return Ok(Err(format!("the moves program was started {starts} times (--max-starts)")));
        }
        if let Err(e) = runner.ask(&batch, &mut c)? {
            return Ok(Err(e.0));
        }
    }
    game.starts = runner.starts;
    game.batches = runner.batches;
    Ok(game.solve().map(|()| game))
}

impl ScoreGame {
    /// Every value, by an iterative depth-first search; `Err` names a cycle.
    pub fn solve(&mut self) -> Result<(), String> {
        let n = self.len();
        // 0: not seen, 1: on the path, 2: done.
        let mut state = vec![0u8; n];
        self.value = vec![0; n];
        let mut path: Vec<(u32, u32)> = Vec::new();
        for root in 0..n {
            if state[root] != 0 {
                continue;
            }
            state[root] = 1;
            path.push((root as u32, self.start[root]));
            while let Some(&(v, next)) = path.last() {
                let v = v as usize;
                if next < self.start[v + 1] {
                    let u = self.opts[next as usize];
                    let top = path.len() - 1;
                    path[top].1 += 1;
                    if u == EMPTY || state[u as usize] == 2 {
                        continue;
                    }
                    if state[u as usize] == 1 {
                        return Err(self.cycle(&path, u));
                    }
                    state[u as usize] = 1;
                    path.push((u, self.start[u as usize]));
                    continue;
                }
                let x = self.value_here(v);
                self.value[v] = x;
                state[v] = 2;
                path.pop();
            }
        }
        Ok(())
    }

    /// The value of `v`, every option's known.
    fn value_here(&self, v: usize) -> i128 {
        if let Some(&g) = self.terminal.get(&(v as u32)) {
            return g as i128;
        }
        self.options(v).map(|(u, g)| g as i128 - self.value_of(u)).max().unwrap_or(0)
    }

    /// `position 'a' can recur: a -> b -> a`.
    fn cycle(&self, path: &[(u32, u32)], back_to: u32) -> String {
        let from = path.iter().position(|&(v, _)| v == back_to).unwrap_or(0);
        let mut names: Vec<String> = path[from..].iter().map(|&(v, _)| self.show(v)).collect();
        let total = names.len();
        if total > 8 {
            names.drain(4..total - 3);
            names.insert(4, format!("... ({} positions in all)", total));
        }
        names.push(self.show(back_to));
        format!(
            "position '{}' can recur: {}; scores on games that can go on for ever are out of scope (--score needs a game that ends)",
            self.show(back_to),
            names.join(" -> ")
        )
    }
}

/// The outcome of a value: `win`, `draw` or `loss` for the player to move.
pub fn outcome(v: i128) -> &'static str {
    match v.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game built by hand: 0 -> 1 (gain 5), 0 -> 2 (gain -1); 1 -> 2 (gain 3); 2 = 4.
    fn small() -> ScoreGame {
        let mut g = ScoreGame::new(Space::from_ranges(&[(0, 2)]));
        (g.start, g.opts, g.gains) = (vec![0, 2, 3, 3], vec![1, 2, 2], vec![5, -1, 3]);
        g.terminal.insert(2, 4);
        g
    }

    #[test]
    fn values_by_hand() {
        let mut g = small();
        g.solve().unwrap();
        // value(2) = 4; value(1) = 3 - 4 = -1; value(0) = max(5 + 1, -1 - 4) = 6.
        assert_eq!(g.value, vec![6, -1, 4]);
        assert_eq!(g.best(0), vec![(1, 5, 6)]);
        assert_eq!((outcome(6), outcome(0), outcome(-1)), ("win", "draw", "loss"));
    }

    #[test]
    fn a_cycle_is_named() {
        let mut g = small();
        g.opts[2] = 0;
        let e = g.solve().unwrap_err();
        assert!(e.contains("'0' can recur: 0 -> 1 -> 0"), "{e}");
    }

    #[test]
    fn gains_are_integers_of_64_bits() {
        assert_eq!(parse_gain(b"-9223372036854775808"), Some(i64::MIN));
        assert_eq!(parse_gain(b"+7"), Some(7));
        assert_eq!(parse_gain(b"9223372036854775808"), None);
        assert_eq!(parse_gain(b"1 2"), None);
        assert_eq!(parse_gain(b""), None);
    }
}
