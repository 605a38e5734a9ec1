//! The moves to a P-position in misère play when a move may leave a sum (a heap split in two
//! by a `games sg` rule such as Kayles `0.77`, a moves program's reply `A + B`), or when the
//! position is itself a sum (`--winning '3 + 5 + 8'`, a `--serve` request): what `--winning`
//! lists and what the misère player of `--serve` plays.
//!
//! Misère play does not decompose: a sum's outcome is no function of its parts' outcomes
//! (Conway, ONAG ch. 12). So every option is valued as a whole: a single position the table
//! computed by its outcome there; any other option (a sum, the empty game, a heap beyond the
//! table) by [`MisereSums`], on the basis the sums use (the misère-Nim rule where every heap is
//! checked tame, else the exhaustive misère search under its budget); a single position neither
//! knows, by a pattern the guard kept. The empty game is N in misère play (the player to move
//! cannot: the one who moved there made the last move and lost). The list names its weakest
//! basis (computed, then proved, then a conjecture) and counts the options of unknown value.
//!
//! The options of a sum G1 + ... + Gk are the sums with one part Gi replaced by one of its
//! options (the parts of that option, in its place); a part equal to an earlier part gives the
//! same sums and is skipped.

use crate::explore::misere_sums::MisereSums;
use crate::explore::pattern::Pattern;
use crate::explore::space::{Coords, MAX_ARITY};
use crate::explore::winning::{Known, Sums, Winning, value_of};

/// One move of a sum: the part moved (its index) and what it becomes (an option's parts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub part: usize,
    pub to: Vec<Vec<u64>>,
}

/// Every move of the sum `parts`; `options_of(part)` lists one part's options, each a sum of
/// positions, or says why not (then the sum's moves are not known either).
pub fn moves_of_sum(
    parts: &[Vec<u64>],
    options_of: &mut dyn FnMut(&[u64]) -> Result<Sums, String>,
) -> Result<Vec<Move>, String> {
    let mut out = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        if parts[..i].contains(part) {
            continue;
        }
        out.extend(options_of(part)?.into_iter().map(|to| Move { part: i, to }));
    }
    Ok(out)
}

/// The sum after move `m`: the parts before the one moved, its option's parts, the parts after.
pub fn after(parts: &[Vec<u64>], m: &Move) -> Vec<Vec<u64>> {
    let mut s = Vec::with_capacity(parts.len() + m.to.len());
    s.extend_from_slice(&parts[..m.part]);
    s.extend(m.to.iter().cloned());
    s.extend_from_slice(&parts[m.part + 1..]);
    s
}

/// A sum's misère outcome and its basis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Valued {
    /// A P-position (the player to move loses).
    pub p: bool,
    /// 0 computed, 1 proved by a theorem, 2 a conjecture (an observed pattern).
    pub rank: u8,
    /// The basis in words (`computed...`, `proved: ...`, `conjecture: ...`).
    pub basis: String,
}

/// The misère outcome of the sum `parts` (one part: a position; none: the empty game), or why
/// it is unknown (see the module documentation for the order of the bases).
pub fn outcome(
    sums: Result<&MisereSums, &str>,
    t: &dyn Known,
    found: &[Pattern],
    parts: &[Vec<u64>],
) -> Result<Valued, String> {
    let computed = |p: bool| Ok(Valued { p, rank: 0, basis: "computed".to_string() });
    let k = t.arity();
    match parts {
        [] => return computed(false),
        [one] if one.len() == k => {
            let mut p: Coords = [0; MAX_ARITY];
            p[..k].copy_from_slice(one);
            if let Some((_, o @ (b'P' | b'N'))) = t.known(&p) {
                return computed(o == b'P');
            }
        }
        _ => {}
    }
    let refs: Vec<&[u64]> = parts.iter().map(Vec::as_slice).collect();
    let why = match sums.map_err(|e| format!("unknown: {e}")).and_then(|s| s.outcome(&refs)) {
        Ok((p, basis)) => {
            return Ok(Valued { p, rank: u8::from(basis.starts_with("proved")), basis });
        }
        Err(why) => why,
    };
    // A single position past the sums' reach: a pattern kept by the guard, if one covers it.
    let Some((p, rank, th)) = value_of(t, found, parts, 0).filter(|_| parts.len() == 1) else {
        return Err(why);
    };
    let basis = match rank {
        0 => "computed".to_string(),
        1 => format!("proved: {th}"),
        _ => format!("conjecture: {th}"),
    };
    Ok(Valued { p, rank, basis })
}

/// The moves of the sum `parts` (one part: a position) to a P-position, each option valued by
/// [`outcome`], with the weakest basis among them; `moves`: the sum's moves, or why they are not
/// known.
pub fn winning(
    sums: Result<&MisereSums, &str>,
    t: &dyn Known,
    found: &[Pattern],
    parts: &[Vec<u64>],
    moves: Result<Vec<Move>, String>,
) -> Winning {
    let position = parts.concat();
    let shown = if parts.len() == 1 { Vec::new() } else { parts.to_vec() };
    let moves = match moves {
        Ok(m) => m,
        Err(why) => return Winning { position, parts: shown, moves: Vec::new(), basis: why },
    };
    let mut listed: Vec<Vec<Vec<u64>>> = Vec::new();
    let (mut worst, mut basis, mut searched) = (0u8, "computed".to_string(), false);
    let (mut unknown, mut first_why) = (0usize, None);
    for m in &moves {
        let s = after(parts, m);
        match outcome(sums, t, found, &s) {
            Ok(v) => {
                searched |= v.basis.starts_with("computed: exhaustive");
                if v.rank > worst {
                    (worst, basis) = (v.rank, v.basis);
                }
                if v.p {
                    listed.push(s);
                }
            }
            Err(why) => {
                unknown += 1;
                first_why.get_or_insert(why);
            }
        }
    }
    if worst == 0
        && searched
        && let Ok(s) = sums
    {
        basis = format!(
            "computed: exhaustive misère search of the options' sums ({} positions)",
            s.examined()
        );
    }
    if let Some(why) = first_why {
        basis =
            format!("{basis}; incomplete: {unknown} options of unknown value not listed ({why})");
    }
    Winning { position, parts: shown, moves: listed, basis }
}
