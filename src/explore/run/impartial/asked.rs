//! The positions a request asks, read from its options: the box (and whether it takes the
//! outcome-bit path of a huge take game), `--slice`, the `--at` and `--at-file` positions
//! (kept flat; an empty line is an error naming it), the `--winning` positions and `--to`'s
//! target, and which of them lie beyond the box, where the moves program's box grows down to
//! them and the guard checks them.

use crate::explore::run::{self, Request, usage};
use crate::explore::space::{Coords, Space, parse_position};
use crate::explore::{at, guard, pattern};
use anyhow::Result;

/// `--slice 2=5` values.
pub(super) fn slices(req: &Request, arity: usize) -> Result<Vec<(usize, u64)>> {
    let mut out = Vec::new();
    for s in req.slices.iter() {
        let (a, v) = s
            .split_once('=')
            .ok_or_else(|| usage(format!("--slice '{s}': expected AXIS=VALUE, as 3=5")))?;
        let axis: usize = a
            .trim()
            .parse()
            .ok()
            .filter(|&a: &usize| a >= 1 && a <= arity)
            .ok_or_else(|| usage(format!("--slice '{s}': the axis must be 1 to {arity}")))?;
        let value: u64 = v
            .trim()
            .parse()
            .map_err(|_| usage(format!("--slice '{s}': '{v}' is not a whole number")))?;
        out.push((axis - 1, value));
    }
    Ok(out)
}

/// The box, and whether it takes the outcome-bit path of a take game's box too large for a
/// table (`explore::big`); any other box must fit a table.
pub(super) fn box_of(req: &Request) -> Result<(Space, bool)> {
    let spec = req.box_spec.as_str();
    let space = Space::parse_any(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    let big = run::big::wanted(req, &space);
    if !big {
        space.check_cells().map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    }
    Ok((space, big))
}

/// `--winning` positions (each as its parts: one, but for a sum `A + B` or `()` in misère
/// play) and `--to`'s target value.
pub(super) fn winning_asked(
    req: &Request,
    space: &Space,
    misere: bool,
) -> Result<(Vec<Vec<Coords>>, u64)> {
    let k = space.arity();
    let read = |text: &str| match misere {
        true => run::misere_play::asked(text, k),
        false => parse_position(text, k).map(|p| vec![p]),
    };
    let mut winning_at: Vec<Vec<Coords>> = Vec::new();
    for s in req.winning.iter() {
        if s != "-" {
            winning_at.push(read(s).map_err(|e| usage(format!("--winning: {e}")))?);
            continue;
        }
        if req.at.iter().any(|a| a == "-") {
            return Err(usage("--winning - and --at - both read standard input".to_string()));
        }
        let input = run::read_input(None)?;
        refuse_empty_line(&input, "--winning -: line ")?;
        let text = String::from_utf8_lossy(&input);
        for (i, line) in text.lines().enumerate() {
            let p = read(line.trim())
                .map_err(|e| anyhow::anyhow!("explore: --winning -: line {}: {e}", i + 1))?;
            winning_at.push(p);
        }
    }
    let target = req.to.unwrap_or(0);
    if misere && target != 0 {
        return Err(usage("--to: misère play has outcomes only, no values".to_string()));
    }
    Ok((winning_at, target))
}

/// `--at` positions (`-`: standard input) and `--at-file` positions, in that order, kept flat
/// (two words a line, taken fallibly: a file too large for memory is one line, exit 1).
pub(super) fn positions_asked(req: &Request, reading: at::Reading) -> Result<at::AskedList> {
    let mut out = at::AskedList::default();
    let lines_of = |input: &[u8], whence: &str, out: &mut at::AskedList| -> Result<()> {
        reading.lines(input, out).map_err(|e| match e {
            at::LinesError::Line(e) => anyhow::anyhow!("explore: {whence}{e}"),
            at::LinesError::Alloc(e) => anyhow::anyhow!("explore: {e}"),
        })
    };
    for s in req.at.iter() {
        if s == "-" {
            let input = run::read_input(None)?;
            refuse_empty_line(&input, "--at -: line ")?;
            lines_of(&input, "--at -: line ", &mut out)?;
            continue;
        }
        let p = reading.position(s).map_err(|(_, e)| usage(format!("--at '{}': {e}", shown(s))))?;
        out.push(&p).map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    }
    if let Some(path) = req.at_file.as_ref() {
        let input = run::read_input(Some(path))?;
        refuse_empty_line(&input, &format!("{}:", shown(path)))?;
        lines_of(&input, &format!("{}:", shown(path)), &mut out)?;
    }
    Ok(out)
}

/// An empty line among the positions read (`--at -`, `--at-file`) would shift every later
/// answer against its input line: it is an error naming its line (the end of the input, after
/// the last newline, is not a line).
fn refuse_empty_line(input: &[u8], at: &str) -> Result<()> {
    let body = input.strip_suffix(b"\n").unwrap_or(input);
    if body.is_empty() {
        return Ok(());
    }
    match body.split(|&b| b == b'\n').position(|l| l.iter().all(u8::is_ascii_whitespace)) {
        Some(i) => Err(anyhow::anyhow!(
            "explore: {at}{}:1: an empty line (a position is its coordinates, or a sum `3 + 5`; one a line)",
            i + 1
        )),
        None => Ok(()),
    }
}

/// An argument echoed in a message, escaped ([`crate::error::escape`]).
fn shown(arg: &str) -> String {
    crate::error::escape(arg.as_bytes(), crate::error::Lines::Escape)
}

/// Does any position asked lie outside the box (a part of a sum, a `--winning` position)?
pub(super) fn asks_beyond(space: &Space, at: &at::AskedList, winning_at: &[Coords]) -> bool {
    let k = space.arity();
    at.iter().any(|a| a.chunks(k).any(|p| !space.contains(p)))
        || winning_at.iter().any(|p| !space.contains(&p[..k]))
}

/// Every position asked: the parts of the `--at` sums, the `--winning` positions; at most
/// [`guard::MAX_CHECKED`] (the guard checks those; later ones are answered unchecked, and say so).
pub(super) fn asked_parts(space: &Space, at: &at::AskedList, winning_at: &[Coords]) -> Vec<Coords> {
    let k = space.arity();
    let mut asked: Vec<Coords> = winning_at.to_vec();
    for a in at.iter() {
        if asked.len() >= guard::MAX_CHECKED {
            break;
        }
        for part in a.chunks(k) {
            let mut p: Coords = [0; crate::explore::space::MAX_ARITY];
            p[..k].copy_from_slice(part);
            asked.push(p);
        }
    }
    asked.truncate(guard::MAX_CHECKED);
    asked
}

/// Asked below the box: a moves program's box grows down to the asked coordinates, so no
/// pattern answers from a side of the box where it was not observed (the note says so).
pub(super) fn grown_down(
    req: &Request,
    space: Space,
    far: bool,
    at: &at::AskedList,
    winning_at: &[Coords],
) -> (Space, Option<String>) {
    let moves_far = far && req.game.is_none() && !req.multiset;
    let below = moves_far.then(|| asked_parts(&space, at, winning_at));
    pattern::floor::grow_down(space, below.as_deref(), req.max_positions)
}
