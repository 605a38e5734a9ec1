//! `--winning`: each position's moves to the target value (a P-position by default), from the
//! computed region and the trusted patterns, from the options the guard listed at a far
//! position, or, in misère play of sums and of games that split, through the misère sums of
//! [`crate::explore::run::misere_play`].

use crate::explore::builtin::Builtin;
use crate::explore::reach::Reach;
use crate::explore::run::{self, Request};
use crate::explore::space::Coords;
use crate::explore::table::Table;
use crate::explore::{answer, guard, misere_sums, pattern, values, winning};
use anyhow::Result;

use super::winning_budget;

/// What the answers read: the computed region, what the search met, the kept patterns and
/// the guard's checks beyond the box.
pub(super) struct Known<'a> {
    pub(super) full: &'a Table,
    pub(super) reach: Option<&'a Reach>,
    pub(super) trusted: &'a [pattern::Pattern],
    pub(super) guard: Option<&'a guard::Guard>,
}

/// Which `--winning` asks (their parts) are listed through misère sums: a sum, or any position
/// of a game whose moves leave sums, in misère play.
pub(super) fn misere_wins(
    req: &Request,
    builtin: Option<&Builtin>,
    reach: Option<&Reach>,
) -> impl Fn(&[Coords]) -> bool + use<> {
    let (misere, splits) = (req.misere, run::misere_play::splits(builtin, reach));
    move |ask: &[Coords]| misere && (ask.len() != 1 || splits)
}

/// `--winning` for every ask, in order: through misère sums ([`run::misere_play`]) where
/// `by_misere` says so, else [`winning_moves`].
pub(super) fn winning_all(
    req: &Request,
    builtin: Option<&Builtin>,
    known: &Known,
    (asks, target): (&[Vec<Coords>], u64),
    (sums, by_misere): (
        Option<&Result<misere_sums::MisereSums, String>>,
        impl Fn(&[Coords]) -> bool,
    ),
) -> Vec<winning::Winning> {
    let k = known.full.space.arity();
    let options = run::misere_play::PartOptions::new(builtin, known.reach, winning_budget(req), k);
    // A moves program's position the search did not meet: its options as the guard lists them.
    let by_misere = |a: &[Coords]| by_misere(a) && (a.len() != 1 || options.knows(&a[0][..k]));
    let plain: Vec<Coords> = asks.iter().filter(|a| !by_misere(a)).map(|a| a[0]).collect();
    let mut plain = winning_moves(req, builtin, known, &plain, target).into_iter();
    let sums = sums.map_or(Err("no misère sums"), |s| s.as_ref().map_err(String::as_str));
    asks.iter()
        .map(|ask| match by_misere(ask) {
            true => run::misere_play::winning_of(sums, known.full, known.trusted, &options, ask),
            false => plain.next().unwrap_or_else(|| winning::Winning {
                position: ask.first().map_or_else(Vec::new, |p| p[..k].to_vec()),
                parts: Vec::new(),
                moves: Vec::new(),
                basis: "unknown: not listed".to_string(),
            }),
        })
        .collect()
}

/// `--winning`: each position's moves to the target, from the computed region and the kept
/// patterns; a moves program's position outside everything the search met is answered from
/// the options the guard listed there.
fn winning_moves(
    req: &Request,
    builtin: Option<&Builtin>,
    known: &Known,
    winning_at: &[Coords],
    target: u64,
) -> Vec<winning::Winning> {
    let Known { full, reach, trusted, guard } = *known;
    match builtin {
        Some(g) => {
            let budget = winning_budget(req);
            winning_at
                .iter()
                .map(|p| winning::winning_within(g, full, trusted, p, target, budget))
                .collect()
        }
        None => {
            // The values of every position the search expanded, beyond the box too.
            let beyond = reach.filter(|_| !winning_at.is_empty()).map(values::terminating);
            let beyond = beyond.as_deref();
            let far = |p: &Coords| {
                let (k, g) = (full.space.arity(), guard?);
                let own = answer::answer_guarded(full, trusted, p, Some(g));
                Some(match g.options(&p[..k]) {
                    Some(listed) => winning::from_far_listing(full, trusted, listed, &own, target),
                    None => winning::Winning {
                        position: p[..k].to_vec(),
                        parts: Vec::new(),
                        moves: Vec::new(),
                        basis: format!("unknown: its options were not listed ({})", own.basis),
                    },
                })
            };
            winning_at
                .iter()
                .map(|p| {
                    let k = full.space.arity();
                    let met = reach
                        .is_some_and(|r| (0..r.expanded()).any(|v| r.position(v)[..k] == p[..k]));
                    match met || full.space.index(p).is_some() {
                        true => None,
                        false => far(p),
                    }
                    .unwrap_or_else(|| winning::from_table(full, reach, beyond, trusted, p, target))
                })
                .collect()
        }
    }
}
