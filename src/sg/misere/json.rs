//! `games sg --misere --json`: one JSON object for a [`Report`], its schema in
//! `docs/misere.md` ("JSON"). Keys are only ever added, never renamed or removed.

use super::genus::Genus;
use super::presentation::Presentation;
use super::report::{QuotientReport, Report, SumAnswer, outcome_word};

struct ReportJson<'a> {
    rule: &'a str,
    name: Option<&'static str>,
    play: &'static str,
    heaps: u32,
    genus: Vec<GenusJson>,
    genus_stopped: Option<StoppedJson>,
    tame_up_to: Option<u32>,
    quotient: Option<QuotientJson>,
    sums: Vec<SumJson<'a>>,
}

crate::json_object!(ReportJson<'a> { "rule" => rule, "name" => name unless Option::is_none, "play" => play, "heaps" => heaps, "genus" => genus, "genus_stopped" => genus_stopped unless Option::is_none, "tame_up_to" => tame_up_to, "quotient" => quotient unless Option::is_none, "sums" => sums unless Vec::is_empty });

struct GenusJson {
    n: u32,
    g_plus: u32,
    g_minus: u32,
    gamma: Vec<u32>,
    genus: String,
    tame: bool,
}

crate::json_object!(GenusJson { "n" => n, "g_plus" => g_plus, "g_minus" => g_minus, "gamma" => gamma, "genus" => genus, "tame" => tame });

struct StoppedJson {
    heap: u32,
    examined: u64,
    interrupted: bool,
}

crate::json_object!(StoppedJson { "heap" => heap, "examined" => examined, "interrupted" => interrupted });

struct QuotientJson {
    heaps: u32,
    order: usize,
    p_count: usize,
    proved: bool,
    stopped: Option<String>,
    growth: Vec<GrowthJson>,
    phi: Vec<u32>,
    phi_period: Option<PeriodJson>,
    p: Vec<usize>,
    table: Vec<Vec<u32>>,
    presentation: Option<PresentationJson>,
    presentation_error: Option<String>,
    work: WorkJson,
}

/// Φ's period as observed (`status` is always "conjecture").
struct PeriodJson {
    preperiod: u32,
    period: u32,
    observed_to: u32,
    status: &'static str,
}

crate::json_object!(PeriodJson { "preperiod" => preperiod, "period" => period, "observed_to" => observed_to, "status" => status });

struct WorkJson {
    candidates: u64,
    marked: u64,
    checks: u64,
    states: u64,
}

crate::json_object!(WorkJson { "candidates" => candidates, "marked" => marked, "checks" => checks, "states" => states });

crate::json_object!(QuotientJson { "heaps" => heaps, "order" => order, "p_count" => p_count, "proved" => proved, "stopped" => stopped, "growth" => growth, "phi" => phi, "phi_period" => phi_period, "p" => p, "table" => table, "presentation" => presentation unless Option::is_none, "presentation_error" => presentation_error unless Option::is_none, "work" => work });

struct GrowthJson {
    heap: u32,
    order: usize,
    p_count: usize,
}

crate::json_object!(GrowthJson { "heap" => heap, "order" => order, "p_count" => p_count });

struct PresentationJson {
    text: String,
    generators: Vec<GeneratorJson>,
    relations: Vec<RelationJson>,
    elements: Vec<String>,
    phi: Vec<String>,
    p: Vec<String>,
    checked: bool,
}

crate::json_object!(PresentationJson { "text" => text, "generators" => generators, "relations" => relations, "elements" => elements, "phi" => phi, "p" => p, "checked" => checked });

struct GeneratorJson {
    name: String,
    heap: u32,
    element: u32,
}

crate::json_object!(GeneratorJson { "name" => name, "heap" => heap, "element" => element });

struct RelationJson {
    lhs: String,
    rhs: String,
}

crate::json_object!(RelationJson { "lhs" => lhs, "rhs" => rhs });

struct SumJson<'a> {
    heaps: &'a [u64],
    outcome: &'static str,
    basis: &'static str,
    detail: &'a str,
    positions: Option<u64>,
}

crate::json_object!(SumJson<'a> { "heaps" => heaps, "outcome" => outcome, "basis" => basis, "detail" => detail, "positions" => positions unless Option::is_none });

/// The report as one JSON object and a newline.
pub fn json(r: &Report) -> Result<String, serde_json::Error> {
    let doc = ReportJson {
        rule: &r.rule,
        name: r.name,
        play: "misere",
        heaps: r.top,
        genus: r.genera.iter().enumerate().map(|(n, g)| genus(n as u32, g)).collect(),
        genus_stopped: r.genus_stopped.map(|(heap, examined)| StoppedJson {
            heap,
            examined,
            interrupted: r.genus_interrupted,
        }),
        tame_up_to: r.tame_top,
        quotient: r.quotient.as_ref().map(quotient),
        sums: r.sums.iter().map(sum).collect(),
    };
    let mut s = serde_json::to_string(&doc)?;
    s.push('\n');
    Ok(s)
}

fn genus(n: u32, g: &Genus) -> GenusJson {
    GenusJson {
        n,
        g_plus: g.plus,
        g_minus: g.minus(),
        gamma: g.seq.clone(),
        genus: g.symbol(),
        tame: g.tame(),
    }
}

fn quotient(r: &QuotientReport) -> QuotientJson {
    let m = &r.q.monoid;
    QuotientJson {
        heaps: r.top(),
        order: m.order,
        p_count: r.q.p_count(),
        proved: true,
        stopped: r.stopped.clone(),
        growth: r
            .growth
            .iter()
            .map(|&(heap, order, p_count)| GrowthJson { heap, order, p_count })
            .collect(),
        phi: r.q.phi.clone(),
        phi_period: super::quotient::observed_period(&r.q.phi).map(|o| PeriodJson {
            preperiod: o.preperiod,
            period: o.period,
            observed_to: o.to,
            status: "conjecture",
        }),
        p: (0..m.order).filter(|&x| m.p[x]).collect(),
        table: m.table.chunks(m.order).map(<[u32]>::to_vec).collect(),
        presentation: r.presentation.as_ref().ok().map(|p| presentation(r, p)),
        presentation_error: r.presentation.as_ref().err().cloned(),
        work: WorkJson {
            candidates: r.work.candidates.get(),
            marked: r.work.marked.get(),
            checks: r.work.checks.get(),
            states: r.work.states.get(),
        },
    }
}

fn presentation(r: &QuotientReport, p: &Presentation) -> PresentationJson {
    PresentationJson {
        text: p.text(),
        generators: p
            .generators
            .iter()
            .enumerate()
            .map(|(i, &(heap, element))| GeneratorJson {
                name: Presentation::letter(i),
                heap,
                element,
            })
            .collect(),
        relations: p
            .relations
            .iter()
            .map(|(l, rhs)| RelationJson { lhs: p.word(l), rhs: p.word(rhs) })
            .collect(),
        elements: p.normal.iter().map(|w| p.word(w)).collect(),
        phi: r.q.phi.iter().map(|&x| p.element(x)).collect(),
        p: p.p_portion(&r.q).iter().map(|w| p.word(w)).collect(),
        checked: true,
    }
}

fn sum(s: &SumAnswer) -> SumJson<'_> {
    SumJson {
        heaps: &s.heaps,
        outcome: outcome_word(s.outcome),
        basis: s.basis,
        detail: &s.detail,
        positions: s.positions,
    }
}
