//! One `games sg --misere` run, I/O-free: the genus table with tameness, the quotient heap by
//! heap (with `--quotient`), and the outcome of each sum asked with `--at`, each with its basis.

use super::Heaps;
use super::genus::{Genera, Genus, tame_p};
use super::quotient::{self, Added, Budget, Quotient};
use super::search::Search;
use crate::sg::rule::{Rule, name_of};
use std::fmt::Write as _;

/// Positions the genus search may examine in one run.
pub const GENUS_BUDGET: u64 = 3_000_000;
/// Positions the exhaustive search of one run's sums may examine.
pub const SEARCH_BUDGET: u64 = 4_000_000;

/// What was asked.
pub struct Ask<'a> {
    pub rule: &'a Rule,
    /// The largest heap of the table (and of the quotient).
    pub top: u32,
    pub quotient: bool,
    /// Sums asked, each a list of heaps.
    pub sums: &'a [Vec<u64>],
}

/// The run's result: the text report, the quotient when one was asked and found, whether an
/// answer is `unknown`.
pub struct Run {
    pub text: String,
    pub quotient: Option<Quotient>,
    pub unknown: bool,
}

/// Runs it; `progress(heap)` after each heap of the quotient, `stop()` asked between heaps.
pub fn run(
    ask: &Ask,
    progress: &mut dyn FnMut(u32, &Quotient),
    stop: &dyn Fn() -> bool,
) -> Result<Run, String> {
    let heaps = Heaps::new(ask.rule, ask.top)?;
    let mut text = String::new();
    let name =
        ask.rule.code().and_then(|c| name_of(&c)).map(|n| format!(" ({n})")).unwrap_or_default();
    let _ = writeln!(
        text,
        "rule {}{name}, misère play (the last player to move loses), heaps 0..{}",
        ask.rule, ask.top
    );
    let (genera, tame_top) = genus_table(&heaps, &mut text);
    let q =
        if ask.quotient { Some(quotient_section(&heaps, progress, stop, &mut text)) } else { None };
    let mut unknown = false;
    if !ask.sums.is_empty() {
        let _ = writeln!(text, "\nsums (P: the player to move loses):");
    }
    let mut search_heaps: Option<(Heaps, u32)> = None;
    for sum in ask.sums {
        let spelled: Vec<String> = sum.iter().map(u64::to_string).collect();
        let (outcome, basis) =
            answer(sum, q.as_ref().map(|q| &q.0), &genera, tame_top, ask.rule, &mut search_heaps);
        unknown |= outcome.is_none();
        let o = match outcome {
            Some(true) => "P",
            Some(false) => "N",
            None => "unknown",
        };
        let _ = writeln!(text, "{}: {o} ({basis})", spelled.join("+"));
    }
    Ok(Run { text, quotient: q.map(|q| q.0), unknown })
}

/// The genus of each heap (as far as the budget goes), and the last heap up to which every
/// heap is tame.
fn genus_table(heaps: &Heaps, text: &mut String) -> (Vec<Genus>, Option<u32>) {
    let mut g = Genera::new(heaps, GENUS_BUDGET);
    let mut out = Vec::new();
    let mut tame_top: Option<u32> = None;
    let mut all_tame = true;
    let _ = writeln!(text, "\n{:>5} {:>4} {:>4}  {:<16} tame", "n", "g+", "g-", "genus");
    for n in 0..=heaps.top() {
        let Ok(genus) = g.heap(n) else {
            let _ = writeln!(
                text,
                "heap {n}: genus unknown (the search examined {} positions, its budget)",
                g.examined()
            );
            break;
        };
        let tame = genus.tame();
        all_tame &= tame;
        if all_tame {
            tame_top = Some(n);
        }
        let _ = writeln!(
            text,
            "{n:>5} {:>4} {:>4}  {:<16} {}",
            genus.plus,
            genus.minus(),
            genus.symbol(),
            if tame { "yes" } else { "no (wild)" }
        );
        out.push(genus);
    }
    match tame_top {
        Some(t) if t == heaps.top() => {
            let _ = writeln!(
                text,
                "tame up to heap {t}: every sum of heaps 0..{t} plays like misère Nim (proved: Conway, ONAG ch. 12, each heap and all its positions checked tame); heaps beyond {t} are not checked"
            );
        }
        Some(t) => {
            let _ = writeln!(
                text,
                "tame up to heap {t} (proved for sums of heaps 0..{t}, Conway, ONAG ch. 12); heap {} is wild: the misère-Nim rule does not apply to sums with it",
                t + 1
            );
        }
        None => {}
    }
    (out, tame_top)
}

/// The quotient heap by heap: the order and P count where they change, Φ, the P-portion and
/// (when small) the table.
fn quotient_section(
    heaps: &Heaps,
    progress: &mut dyn FnMut(u32, &Quotient),
    stop: &dyn Fn() -> bool,
    text: &mut String,
) -> (Quotient, u32) {
    let _ = writeln!(
        text,
        "\nmisère quotient, heap by heap (Plambeck–Siegel; each step proved by the outcome check):"
    );
    let _ = writeln!(text, "{:>5} {:>6} {:>6}", "heap", "|Q|", "|P|");
    let mut lines = String::new();
    let mut each = |n: u32, q: &Quotient, a: &Added| {
        if let Added::Grew { order, p } = a {
            let _ = writeln!(lines, "{n:>5} {order:>6} {p:>6}");
        }
        progress(n, q);
    };
    let (q, stop_reason) = quotient::build(heaps, &Budget::default(), &mut each, stop);
    text.push_str(&lines);
    let top = q.phi.len().saturating_sub(1) as u32;
    let _ = writeln!(
        text,
        "quotient of heaps 0..{top}: |Q| = {}, |P| = {}",
        q.monoid.order,
        q.p_count()
    );
    if let Some(why) = stop_reason {
        let _ = writeln!(text, "stopped: {why}");
    }
    let phi: Vec<String> = q.phi.iter().map(u32::to_string).collect();
    let _ = writeln!(text, "phi(0..{top}): {}", phi.join(" "));
    let p: Vec<String> =
        (0..q.monoid.order).filter(|&x| q.monoid.p[x]).map(|x| x.to_string()).collect();
    let _ = writeln!(text, "P-portion: {}", p.join(" "));
    let mut gens: Vec<(u32, u32)> = Vec::new();
    for (h, &x) in q.phi.iter().enumerate() {
        if x != 0 && !gens.iter().any(|&(_, y)| y == x) {
            gens.push((h as u32, x));
        }
    }
    let g: Vec<String> = gens.iter().map(|(h, x)| format!("heap {h} -> {x}")).collect();
    let _ = writeln!(text, "generators (first heap of each image): {}", g.join(", "));
    if q.monoid.order <= 24 {
        let _ = writeln!(text, "table (row x, column y: x·y; 0 is the identity):");
        for row in q.monoid.table.chunks(q.monoid.order) {
            let r: Vec<String> = row.iter().map(|v| format!("{v:>2}")).collect();
            let _ = writeln!(text, "  {}", r.join(" "));
        }
    } else {
        let _ = writeln!(
            text,
            "table: {} x {} (written by --certificate)",
            q.monoid.order, q.monoid.order
        );
    }
    (q, top)
}

/// One sum's outcome and its basis: the quotient, the tame rule, or exhaustive search.
fn answer(
    sum: &[u64],
    q: Option<&Quotient>,
    genera: &[Genus],
    tame_top: Option<u32>,
    rule: &Rule,
    search: &mut Option<(Heaps, u32)>,
) -> (Option<bool>, String) {
    let top = sum.iter().copied().max().unwrap_or(0);
    if let Some(q) = q {
        let covered = q.phi.len() as u64;
        if top < covered {
            let heaps: Vec<u32> = sum.iter().map(|&h| h as u32).collect();
            if let Some(x) = q.image(&heaps) {
                return (
                    Some(q.monoid.p[x as usize]),
                    format!("misère quotient of heaps 0..{}, proved", covered - 1),
                );
            }
        }
    }
    if let Some(t) = tame_top
        && top <= u64::from(t)
    {
        let parts: Vec<(u32, u32)> =
            sum.iter().map(|&h| (genera[h as usize].plus, genera[h as usize].minus())).collect();
        return (Some(tame_p(&parts)), format!("misère-Nim rule, heaps 0..{t} proved tame"));
    }
    if top > u64::from(super::MAX_HEAP) {
        return (None, format!("heap {top} is beyond the search's limit {}", super::MAX_HEAP));
    }
    if search.as_ref().is_none_or(|(_, t)| u64::from(*t) < top) {
        match Heaps::new(rule, top as u32) {
            Ok(h) => *search = Some((h, top as u32)),
            Err(e) => return (None, e),
        }
    }
    let Some((heaps, _)) = search.as_ref() else { return (None, "no search".into()) };
    let mut s = Search::new(heaps, SEARCH_BUDGET);
    let h: Vec<u32> = sum.iter().map(|&x| x as u32).collect();
    match s.p_position(&h) {
        Ok(p) => (Some(p), format!("exhaustive search, {} positions", s.examined())),
        Err(_) => (
            None,
            format!(
                "not covered by a quotient or the tame rule, and the search ran past its budget of {SEARCH_BUDGET} positions"
            ),
        ),
    }
}
