//! One `games sg --misere` run, I/O-free: the genus table with tameness, the quotient heap by
//! heap (with `--quotient`) and its presentation, and the outcome of each sum asked with `--at`,
//! each with its basis. [`run`] computes a [`Report`]; [`text`] and [`super::json::json`] print it.

use super::Heaps;
use super::genus::{Genera, Genus, tame_p};
use super::presentation::{self, Presentation};
use super::quotient::{self, Added, Budget, Quotient, Work};
use super::search::{Search, Stopped};
use crate::sg::rule::{Rule, name_of};
use std::fmt::Write as _;

/// Positions the genus search may examine in one run.
pub const GENUS_BUDGET: u64 = 3_000_000;
/// Positions the exhaustive search of one run's sums may examine.
pub const SEARCH_BUDGET: u64 = 4_000_000;
/// Why a sum a signal stopped is unknown.
pub const INTERRUPTED: &str = "interrupted by a signal before its search ended";

/// What was asked.
pub struct Ask<'a> {
    pub rule: &'a Rule,
    /// The largest heap of the table (and of the quotient).
    pub top: u32,
    pub quotient: bool,
    /// Sums asked, each a list of heaps.
    pub sums: &'a [Vec<u64>],
    /// The quotient engine's limits.
    pub budget: Budget,
}

/// Everything one run found.
pub struct Report {
    pub rule: String,
    pub name: Option<&'static str>,
    /// The largest heap asked.
    pub top: u32,
    /// The genus of heaps 0.. (as far as the genus budget went).
    pub genera: Vec<Genus>,
    /// The heap whose genus the budget stopped, and the positions examined.
    pub genus_stopped: Option<(u32, u64)>,
    /// A signal stopped the genus search (`genus_stopped` then says where), not its budget.
    pub genus_interrupted: bool,
    /// The last heap up to which every heap is tame.
    pub tame_top: Option<u32>,
    pub quotient: Option<QuotientReport>,
    pub sums: Vec<SumAnswer>,
}

/// The quotient part of a report.
pub struct QuotientReport {
    /// The proved quotient of heaps 0..=phi.len()-1.
    pub q: Quotient,
    /// (heap, |Q|, |P|) at each heap where the quotient grew.
    pub growth: Vec<(u32, usize, usize)>,
    /// Why the quotient stopped before the top heap, if it did.
    pub stopped: Option<String>,
    /// Its presentation, checked against the table (or why none).
    pub presentation: Result<Presentation, String>,
    /// The engine's work.
    pub work: Work,
}

impl QuotientReport {
    /// The largest heap the quotient covers.
    pub fn top(&self) -> u32 {
        self.q.phi.len().saturating_sub(1) as u32
    }
}

/// One sum's answer.
pub struct SumAnswer {
    pub heaps: Vec<u64>,
    /// `Some(true)`: P.
    pub outcome: Option<bool>,
    /// "quotient", "tame", "search" or "unknown".
    pub basis: &'static str,
    /// The basis in words (or why unknown).
    pub detail: String,
    /// Positions examined, for "search".
    pub positions: Option<u64>,
}

impl Report {
    /// Whether some sum's answer is unknown.
    pub fn unknown(&self) -> bool {
        self.sums.iter().any(|s| s.outcome.is_none())
    }
}

/// Runs it; `progress(heap)` after each heap of the quotient, `stop()` asked between heaps.
pub fn run(
    ask: &Ask,
    progress: &mut dyn FnMut(u32, &Quotient),
    stop: &dyn Fn() -> bool,
) -> Result<Report, String> {
    run_watched(ask, progress, stop, &|_, _| {})
}

/// [`run`], with `searching(Some(sum), positions)` called while the exhaustive search of the
/// sum numbered `sum` (from 0) runs, every [`super::search::WATCH_EVERY`] positions
/// (`searching(None, positions)` while the genus table is searched), and `stop()` asked there
/// too: when it says stop, that search ends (the genus table there, the heaps before it kept),
/// that sum and every later one searched are `unknown` (interrupted), the sums before them keep
/// their answers.
pub fn run_watched(
    ask: &Ask,
    progress: &mut dyn FnMut(u32, &Quotient),
    stop: &dyn Fn() -> bool,
    searching: &dyn Fn(Option<usize>, u64),
) -> Result<Report, String> {
    let heaps = Heaps::new(ask.rule, ask.top)?;
    let name = ask.rule.code().and_then(|c| name_of(&c));
    let genus_watch = |n: u64| {
        searching(None, n);
        stop()
    };
    let (genera, genus_stopped, tame_top, genus_interrupted) = genus_table(&heaps, &genus_watch);
    let quotient = ask.quotient.then(|| quotient_part(&heaps, &ask.budget, progress, stop));
    let mut search_heaps: Option<(Heaps, u32)> = None;
    let sums = ask
        .sums
        .iter()
        .enumerate()
        .map(|(i, sum)| {
            let q = quotient.as_ref().map(|q| &q.q);
            let watch = |n: u64| {
                searching(Some(i), n);
                stop()
            };
            let search = (&mut search_heaps, &watch as &dyn Fn(u64) -> bool);
            answer(sum, q, (&genera, tame_top), ask.rule, search)
        })
        .collect();
    Ok(Report {
        rule: ask.rule.to_string(),
        name,
        top: ask.top,
        genera,
        genus_stopped,
        genus_interrupted,
        tame_top,
        quotient,
        sums,
    })
}

/// The genera found, where their search stopped (heap, positions), the last heap up to which
/// every heap is tame, and whether a signal stopped the search.
type GenusTable = (Vec<Genus>, Option<(u32, u64)>, Option<u32>, bool);

/// The genus of each heap (as far as the budget goes), where the budget (or `watch`: a signal)
/// stopped, the last heap up to which every heap is tame, and whether `watch` stopped it.
fn genus_table(heaps: &Heaps, watch: &dyn Fn(u64) -> bool) -> GenusTable {
    let mut g = Genera::new(heaps, GENUS_BUDGET).watched(Some(watch));
    let mut out: Vec<Genus> = Vec::new();
    let mut tame_top: Option<u32> = None;
    for n in 0..=heaps.top() {
        let Ok(genus) = g.heap(n) else {
            return (out, Some((n, g.examined())), tame_top, g.interrupted());
        };
        if genus.tame() && out.iter().all(Genus::tame) {
            tame_top = Some(n);
        }
        out.push(genus);
    }
    (out, None, tame_top, false)
}

/// The quotient heap by heap, and its presentation.
fn quotient_part(
    heaps: &Heaps,
    budget: &Budget,
    progress: &mut dyn FnMut(u32, &Quotient),
    stop: &dyn Fn() -> bool,
) -> QuotientReport {
    let mut growth = Vec::new();
    let mut each = |n: u32, q: &Quotient, a: &Added| {
        if let Added::Grew { order, p } = a {
            growth.push((n, *order, *p));
        }
        progress(n, q);
    };
    let (q, stopped) = quotient::build(heaps, budget, &mut each, stop);
    let presentation = presentation::present(&q)
        .and_then(|p| presentation::check(&q, &p).map(|()| p))
        .map_err(|e| format!("no presentation: {e}"));
    QuotientReport { q, growth, stopped, presentation, work: budget.work.clone() }
}

/// One sum's outcome and its basis: the quotient, the tame rule, or exhaustive search.
fn answer(
    sum: &[u64],
    q: Option<&Quotient>,
    (genera, tame_top): (&[Genus], Option<u32>),
    rule: &Rule,
    search: Searching,
) -> SumAnswer {
    let top = sum.iter().copied().max().unwrap_or(0);
    let mut out = SumAnswer {
        heaps: sum.to_vec(),
        outcome: None,
        basis: "unknown",
        detail: String::new(),
        positions: None,
    };
    if let Some(q) = q
        && top < q.phi.len() as u64
        && let Some(x) = q.image(&sum.iter().map(|&h| h as u32).collect::<Vec<_>>())
    {
        out.outcome = Some(q.monoid.p[x as usize]);
        out.basis = "quotient";
        out.detail = format!("misère quotient of heaps 0..{}, proved", q.phi.len() - 1);
        return out;
    }
    if let Some(t) = tame_top
        && top <= u64::from(t)
    {
        let parts: Vec<(u32, u32)> =
            sum.iter().map(|&h| (genera[h as usize].plus, genera[h as usize].minus())).collect();
        out.outcome = Some(tame_p(&parts));
        out.basis = "tame";
        out.detail = format!("misère-Nim rule, heaps 0..{t} proved tame");
        return out;
    }
    match searched(sum, top, rule, search) {
        Ok((p, examined)) => {
            out.outcome = Some(p);
            out.basis = "search";
            out.detail = format!("exhaustive search, {examined} positions");
            out.positions = Some(examined);
        }
        Err(why) => out.detail = why,
    }
    out
}

/// The search's heaps (built for the largest heap searched so far, with that heap), kept from
/// sum to sum, and the watcher of one search (`true`: stop).
type Searching<'a> = (&'a mut Option<(Heaps, u32)>, &'a dyn Fn(u64) -> bool);

/// A sum by exhaustive search: (P?, positions examined), or why not (past the budget, or
/// stopped by `watch`: interrupted).
fn searched(
    sum: &[u64],
    top: u64,
    rule: &Rule,
    (search, watch): Searching,
) -> Result<(bool, u64), String> {
    if top > u64::from(super::MAX_HEAP) {
        return Err(format!("heap {top} is beyond the search's limit {}", super::MAX_HEAP));
    }
    if search.as_ref().is_none_or(|(_, t)| u64::from(*t) < top) {
        *search = Some((Heaps::new(rule, top as u32)?, top as u32));
    }
    let Some((heaps, _)) = search.as_ref() else { return Err("no search".into()) };
    if watch(0) {
        return Err(INTERRUPTED.to_string());
    }
    let mut s = Search::new(heaps, SEARCH_BUDGET).watched(Some(watch));
    let h: Vec<u32> = sum.iter().map(|&x| x as u32).collect();
    match s.p_position(&h) {
        Ok(p) => Ok((p, s.examined())),
        Err(Stopped::Interrupted) => {
            Err(format!("{INTERRUPTED} ({} positions searched)", s.examined()))
        }
        Err(Stopped::OverBudget) => Err(format!(
            "not covered by a quotient or the tame rule, and the search ran past its budget of {SEARCH_BUDGET} positions"
        )),
    }
}

/// The text report.
pub fn text(r: &Report) -> String {
    let mut text = String::new();
    let name = r.name.map(|n| format!(" ({n})")).unwrap_or_default();
    let _ = writeln!(
        text,
        "rule {}{name}, misère play (the last player to move loses), heaps 0..{}",
        r.rule, r.top
    );
    genus_text(r, &mut text);
    if let Some(q) = &r.quotient {
        quotient_text(q, &mut text);
    }
    if !r.sums.is_empty() {
        let _ = writeln!(text, "\nsums (P: the player to move loses):");
    }
    for s in &r.sums {
        let spelled: Vec<String> = s.heaps.iter().map(u64::to_string).collect();
        let _ = writeln!(text, "{}: {} ({})", spelled.join("+"), outcome_word(s.outcome), s.detail);
    }
    text
}

/// "P", "N" or "unknown".
pub fn outcome_word(o: Option<bool>) -> &'static str {
    match o {
        Some(true) => "P",
        Some(false) => "N",
        None => "unknown",
    }
}

/// The genus table and the tameness line.
fn genus_text(r: &Report, text: &mut String) {
    let _ = writeln!(text, "\n{:>5} {:>4} {:>4}  {:<16} tame", "n", "g+", "g-", "genus");
    for (n, genus) in r.genera.iter().enumerate() {
        let _ = writeln!(
            text,
            "{n:>5} {:>4} {:>4}  {:<16} {}",
            genus.plus,
            genus.minus(),
            genus.symbol(),
            if genus.tame() { "yes" } else { "no (wild)" }
        );
    }
    if let Some((n, examined)) = r.genus_stopped {
        let why = match r.genus_interrupted {
            true => "interrupted by a signal",
            false => "its budget",
        };
        let _ = writeln!(
            text,
            "heap {n}: genus unknown (the search examined {examined} positions, {why})"
        );
    }
    match r.tame_top {
        Some(t) if t == r.top => {
            let _ = writeln!(
                text,
                "tame up to heap {t}: every sum of heaps 0..{t} plays like misère Nim (proved: Conway, ONAG ch. 12, each heap and all its positions checked tame); heaps beyond {t} are not checked"
            );
        }
        Some(t) if (t as usize) + 1 < r.genera.len() => {
            let _ = writeln!(
                text,
                "tame up to heap {t} (proved for sums of heaps 0..{t}, Conway, ONAG ch. 12); heap {} is wild: the misère-Nim rule does not apply to sums with it",
                t + 1
            );
        }
        Some(t) => {
            let _ = writeln!(
                text,
                "tame up to heap {t} (proved for sums of heaps 0..{t}, Conway, ONAG ch. 12); heap {} is not known",
                t + 1
            );
        }
        None => {}
    }
}

/// Φ's period as observed, said to be a conjecture (or that none was seen).
pub fn period_text(phi: &[u32]) -> String {
    let top = phi.len().saturating_sub(1);
    match quotient::observed_period(phi) {
        Some(o) => format!(
            "phi period (conjecture: observed on heaps 0..{top}, not proved): preperiod {}, period {}: phi(n + {}) = phi(n) for {} <= n <= {}",
            o.preperiod,
            o.period,
            o.period,
            o.preperiod,
            top as u32 - o.period
        ),
        None => format!(
            "phi period: none seen in heaps 0..{top} (a period needs two whole repetitions)"
        ),
    }
}

/// The quotient: growth, order, Φ, P-portion, presentation and (when small) the table.
fn quotient_text(r: &QuotientReport, text: &mut String) {
    let q = &r.q;
    let _ = writeln!(
        text,
        "\nmisère quotient, heap by heap (Plambeck–Siegel; each step proved by the outcome check):"
    );
    let _ = writeln!(text, "{:>5} {:>6} {:>6}", "heap", "|Q|", "|P|");
    for (n, order, p) in &r.growth {
        let _ = writeln!(text, "{n:>5} {order:>6} {p:>6}");
    }
    let top = r.top();
    let _ = writeln!(
        text,
        "quotient of heaps 0..{top}: |Q| = {}, |P| = {}",
        q.monoid.order,
        q.p_count()
    );
    if let Some(why) = &r.stopped {
        let _ = writeln!(text, "stopped: {why}");
    }
    let w = &r.work;
    let _ = writeln!(
        text,
        "engine work: {} candidates built ({} elements marked), {} checks ({} states)",
        w.candidates.get(),
        w.marked.get(),
        w.checks.get(),
        w.states.get()
    );
    let phi: Vec<String> = q.phi.iter().map(u32::to_string).collect();
    let _ = writeln!(text, "phi(0..{top}): {}", phi.join(" "));
    let _ = writeln!(text, "{}", period_text(&q.phi));
    let p: Vec<String> =
        (0..q.monoid.order).filter(|&x| q.monoid.p[x]).map(|x| x.to_string()).collect();
    let _ = writeln!(text, "P-portion: {}", p.join(" "));
    match &r.presentation {
        Ok(pr) => presentation_text(q, pr, text),
        Err(e) => {
            let _ = writeln!(text, "{e}");
        }
    }
    if q.monoid.order <= 24 {
        let _ = writeln!(text, "table (row x, column y: x·y; 0 is the identity):");
        for row in q.monoid.table.chunks(q.monoid.order) {
            let r: Vec<String> = row.iter().map(|v| format!("{v:>2}")).collect();
            let _ = writeln!(text, "  {}", r.join(" "));
        }
    } else {
        let _ = writeln!(
            text,
            "table: {} x {} (written by --certificate and --json)",
            q.monoid.order, q.monoid.order
        );
    }
}

/// The presentation, Φ and the P-portion as words.
fn presentation_text(q: &Quotient, pr: &Presentation, text: &mut String) {
    let _ = writeln!(
        text,
        "presentation (checked against the table: its {} normal forms are the elements): Q = {}",
        q.monoid.order,
        pr.text()
    );
    let g: Vec<String> = pr
        .generators
        .iter()
        .enumerate()
        .map(|(i, (h, _))| format!("{} = heap {h}", Presentation::letter(i)))
        .collect();
    let _ = writeln!(text, "generators: {}", g.join(", "));
    let words: Vec<String> = q.phi.iter().map(|&x| pr.element(x)).collect();
    let _ = writeln!(text, "phi(0..{}) as words: {}", r_top(q), words.join(" "));
    let p: Vec<String> = pr.p_portion(q).iter().map(|w| pr.word(w)).collect();
    let _ = writeln!(text, "P = {{{}}}", p.join(", "));
}

fn r_top(q: &Quotient) -> usize {
    q.phi.len().saturating_sub(1)
}
