//! The sg tool's report: what `games sg` prints. The verdict line (period and its proof, or
//! why none), the table of values in rows, the research statistics of `--stats` (the
//! rare/common split, frequencies, P-positions), the JSON document of `--json`, and the SVG
//! drawing of `--svg`. Nothing here computes a value: it reads [`Values`] and a [`Verdict`].

use super::certificate::{Proof, Verdict};
use super::drive::Computed;
use super::request::Request;
use super::rule::Rule;
use super::values::Values;

/// Everything the explorer learnt, as printed by `--json`.
pub struct Report {
    pub rule: String,
    pub name: Option<&'static str>,
    pub code: Option<String>,
    pub values: Values,
    pub verdict: VerdictJson,
    pub at: Vec<AtJson>,
    pub heaps: Option<HeapsJson>,
    pub stats: Option<StatsJson>,
}

crate::json_object!(Report { "rule" => rule, "name" => name unless Option::is_none, "code" => code, "values" => values, "verdict" => verdict, "at" => at unless Vec::is_empty, "heaps" => heaps unless Option::is_none, "stats" => stats unless Option::is_none });

pub struct VerdictJson {
    pub kind: &'static str,
    pub n0: Option<u64>,
    pub period: Option<u64>,
    pub saltus: Option<u64>,
    pub proved: bool,
    pub theorem: Option<String>,
    pub checked_to: Option<u64>,
    pub computed_to: u64,
    pub note: Option<String>,
    pub line: String,
}

crate::json_object!(VerdictJson { "kind" => kind, "n0" => n0, "period" => period, "saltus" => saltus, "proved" => proved, "theorem" => theorem, "checked_to" => checked_to, "computed_to" => computed_to, "note" => note, "line" => line });

pub struct AtJson {
    pub n: u64,
    /// A number (split-nim values pass 2^64: serde_json writes u128 as a number too).
    pub g: u128,
    /// How it is known: "table", "proved" or "conjecture".
    pub basis: &'static str,
    /// For a conjecture: what was observed.
    pub conjecture: Option<String>,
}

crate::json_object!(AtJson { "n" => n, "g" => g, "basis" => basis, "conjecture" => conjecture unless Option::is_none });

pub struct MoveJson {
    pub heap: usize,
    pub size: u64,
    pub leaves: Vec<u64>,
    pub words: String,
}

crate::json_object!(MoveJson { "heap" => heap, "size" => size, "leaves" => leaves, "words" => words });

pub struct HeapsJson {
    pub heaps: Vec<u64>,
    pub values: Vec<u128>,
    pub nim_sum: u128,
    pub winner: &'static str,
    pub winning_move: Option<String>,
    #[allow(dead_code)]
    pub r#move: Option<MoveJson>,
    pub conjecture: Option<String>,
}

crate::json_object!(HeapsJson { "heaps" => heaps, "values" => values, "nim_sum" => nim_sum, "winner" => winner, "winning_move" => winning_move, "move" => r#move, "conjecture" => conjecture unless Option::is_none });

/// A rule's spelling cut to one line: `0.33333...3333 (1000001 characters)`.
pub fn shortened(s: &str) -> String {
    const LINE: usize = 60;
    if s.len() <= LINE {
        return s.to_string();
    }
    // Codes and rules are ASCII.
    format!("{}...{} ({} characters)", &s[..LINE / 2], &s[s.len() - LINE / 4..], s.len())
}

pub fn verdict_line(v: &Verdict, values: &Values, upto: u64, note: Option<&str>) -> String {
    let mut line = match v {
        Verdict::Periodic { n0, period, saltus, proof } => {
            let head = if *saltus == 0 {
                format!("periodic from n0 = {n0} with period {period}")
            } else {
                format!(
                    "arithmetic-periodic from n0 = {n0} with period {period} and saltus {saltus}"
                )
            };
            match proof {
                Proof::Proved { theorem, checked_to } => {
                    format!("{head} (proved: {theorem}, values checked to n = {checked_to})")
                }
                Proof::Observed { why } => {
                    format!("{head} (observed to n = {upto}, not proved: {why})")
                }
            }
        }
        Verdict::ClosedForm { what } => format!("closed form: {what}"),
        Verdict::NoTheorem { why } => format!("{why}; {}", stats(values)),
        Verdict::NotFound => format!("no period found up to n = {upto} ({})", stats(values)),
    };
    if let Some(n) = note {
        line.push_str(&format!("; stopped: {n}"));
    }
    line
}

/// Largest value, the rare/common split, the P-positions.
pub fn stats(values: &Values) -> String {
    if values.is_empty() {
        return "no values".to_string();
    }
    let st = research_stats(values);
    let split = match st.mask {
        None => "rare/common: no split".to_string(),
        Some(m) => format!("rare/common by mask {m}: {} rare, {} common", st.rare, st.common),
    };
    format!(
        "largest value {} at n = {}; {split}; {} P-positions, the last at n = {}",
        st.largest,
        st.largest_at,
        st.p_positions,
        st.last_p.unwrap_or(0)
    )
}

/// The research statistics of `--stats`: the rare/common split (as in the verdict), the last
/// rare heap, every value's frequency, the P-positions.
pub struct StatsJson {
    pub count: u64,
    pub largest: u32,
    pub largest_at: u64,
    pub p_positions: u64,
    pub last_p: Option<u64>,
    pub mask: Option<u32>,
    pub rare: u64,
    pub common: u64,
    pub last_rare_n: Option<u64>,
    pub last_rare_value: Option<u32>,
    /// (value, how many heaps have it), by value.
    pub frequencies: Vec<(u32, u64)>,
}

crate::json_object!(StatsJson { "count" => count, "largest" => largest, "largest_at" => largest_at, "p_positions" => p_positions, "last_p" => last_p, "mask" => mask, "rare" => rare, "common" => common, "last_rare_n" => last_rare_n, "last_rare_value" => last_rare_value, "frequencies" => frequencies });

pub fn research_stats(values: &Values) -> StatsJson {
    match values {
        Values::Narrow(v) => stats_of(v),
        Values::Wide(v) => stats_of(v),
    }
}

fn stats_of<T: Copy + Into<u32>>(values: &[T]) -> StatsJson {
    let (largest_at, largest) = values
        .iter()
        .map(|&v| v.into())
        .enumerate()
        .max_by_key(|&(i, v)| (v, std::cmp::Reverse(i)))
        .map_or((0, 0), |(i, v)| (i as u64, v));
    let mut counts = vec![0u64; largest as usize + 1];
    for &v in values {
        counts[v.into() as usize] += 1;
    }
    // The rare mask: the bits (of the lowest ten) whose parity class of values is the smallest
    // (0 is always rare). A mask below 2^10 sees only a value's lowest ten bits: the counts are
    // summed by those first.
    let mut low = [0u64; 1024];
    for (v, &c) in counts.iter().enumerate() {
        low[v & 1023] += c;
    }
    let bits = 32 - largest.leading_zeros();
    let mut best = (u64::MAX, 0u32);
    for mask in 1..1u32 << bits.min(10) {
        let rare: u64 = low
            .iter()
            .enumerate()
            .filter(|&(v, &c)| c > 0 && (v as u32 & mask).count_ones().is_multiple_of(2))
            .map(|(_, &c)| c)
            .sum();
        if rare < best.0 {
            best = (rare, mask);
        }
    }
    let mask = (best.1 != 0).then_some(best.1);
    let is_rare = |v: u32| mask.is_some_and(|m| (v & m).count_ones().is_multiple_of(2));
    let len = values.len();
    let last_rare = (1..len).rev().map(|i| (i, values[i].into())).find(|&(_, v)| is_rare(v));
    StatsJson {
        count: len as u64,
        largest,
        largest_at,
        p_positions: counts[0],
        last_p: values.iter().rposition(|&v| v.into() == 0).map(|i| i as u64),
        mask,
        rare: if mask.is_some() { best.0 } else { 0 },
        common: if mask.is_some() { len as u64 - best.0 } else { 0 },
        last_rare_n: last_rare.map(|(i, _)| i as u64),
        last_rare_value: last_rare.map(|(_, v)| v),
        frequencies: counts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
            .collect(),
    }
}

pub fn stats_text(st: &StatsJson) -> String {
    let mut s = format!(
        "stats over G(0..={}): largest value {} at n = {}; ",
        st.count.saturating_sub(1),
        st.largest,
        st.largest_at
    );
    match st.last_p {
        Some(l) => s.push_str(&format!("{} P-positions, the last at n = {l}", st.p_positions)),
        None => s.push_str("no P-positions"),
    }
    match st.mask {
        Some(m) => {
            s.push_str(&format!(
                "; rare/common by mask {m}: {} rare, {} common",
                st.rare, st.common
            ));
            if let (Some(n), Some(v)) = (st.last_rare_n, st.last_rare_value) {
                s.push_str(&format!(", the last rare value {v} at n = {n}"));
            }
        }
        None => s.push_str("; rare/common: no split"),
    }
    s.push_str("\nfrequencies (value:count):");
    const SHOWN: usize = 100;
    for (v, c) in st.frequencies.iter().take(SHOWN) {
        s.push_str(&format!(" {v}:{c}"));
    }
    if st.frequencies.len() > SHOWN {
        s.push_str(&format!(
            " ... ({} more values; --json lists all)",
            st.frequencies.len() - SHOWN
        ));
    }
    s.push('\n');
    s
}

pub fn verdict_json(
    v: &Verdict,
    line: String,
    note: Option<String>,
    computed_to: u64,
) -> VerdictJson {
    let mut j = VerdictJson {
        computed_to,
        kind: "none",
        n0: None,
        period: None,
        saltus: None,
        proved: v.is_proved(),
        theorem: None,
        checked_to: None,
        note,
        line,
    };
    match v {
        Verdict::Periodic { n0, period, saltus, proof } => {
            j.kind = if *saltus == 0 { "periodic" } else { "arithmetic-periodic" };
            j.n0 = Some(*n0);
            j.period = Some(*period);
            j.saltus = Some(*saltus);
            if let Proof::Proved { theorem, checked_to } = proof {
                j.theorem = Some(theorem.clone());
                j.checked_to = Some(*checked_to);
            }
        }
        Verdict::ClosedForm { .. } => j.kind = "closed-form",
        Verdict::NoTheorem { .. } => j.kind = "no-theorem",
        Verdict::NotFound => {}
    }
    j
}

/// The values in rows: the period's width once known (up to 40), else 20. Past
/// [`FULL_TABLE`] values (and without `--upto`), only the first rows, the rows around n0 and
/// the rows around n0 + p (where the repetition starts), with a note.
pub fn table(values: &Values, v: &Verdict, all: bool) -> String {
    let width = match v {
        Verdict::Periodic { period, .. } if *period <= 40 => *period as usize,
        _ => 20,
    };
    let vw = values.max_value().to_string().len();
    let nw = values.len().saturating_sub(1).to_string().len();
    let rows = values.len().div_ceil(width);
    let mut shown = vec![all || values.len() <= FULL_TABLE; rows];
    for r in shown.iter_mut().take(5) {
        *r = true;
    }
    if let Verdict::Periodic { n0, period, .. } = v {
        for at in [*n0, n0 + period] {
            let r = (at / width as u64) as usize;
            let end = (r + 3).min(rows);
            for x in shown.iter_mut().take(end).skip(r.saturating_sub(2)) {
                *x = true;
            }
        }
    }
    let mut s = String::new();
    let mut gap = false;
    for (row, &show) in shown.iter().enumerate() {
        if !show {
            if !gap {
                s.push_str("...\n");
            }
            gap = true;
            continue;
        }
        gap = false;
        s.push_str(&format!("{:>nw$}:", row * width));
        for n in row * width..((row + 1) * width).min(values.len()) {
            s.push_str(&format!(" {:>vw$}", values.at(n)));
        }
        s.push('\n');
    }
    if shown.iter().any(|x| !x) {
        s.push_str(&format!(
            "(rows left out; --upto {} prints every value G(0..={}))\n",
            values.len() - 1,
            values.len() - 1
        ));
    }
    s
}

/// The most values printed in full by default.
pub const FULL_TABLE: usize = 2000;

/// The most columns an SVG draws: more values share a column (its lowest to highest value).
pub const SVG_COLUMNS: usize = 2000;

/// G(n) against n in the data's own coordinates (no rounding): one unit column per value, or
/// per block of values past [`SVG_COLUMNS`] (a bar from the block's least to its largest value),
/// so the file stays small whatever n. Columns holding a P-position (G = 0) are red; the
/// preperiod is shaded grey and one period blue; axes with the first and last n and value.
pub fn svg(rule: &Rule, values: &Values, v: &Verdict) -> String {
    let cols = Columns::of(values);
    let (len, top) = (cols.len, cols.top);
    let mut s = String::new();
    s.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"480\">\n");
    s.push_str("<rect width=\"900\" height=\"480\" fill=\"white\"/>\n");
    let n = cols.lo.len();
    let per = if n < len { format!(", {len} values in {n} columns") } else { String::new() };
    s.push_str(&format!(
        "<text x=\"50\" y=\"20\" font-family=\"sans-serif\" font-size=\"14\">G(n) of {} for n = 0..{}, values 0..{}{per}</text>\n",
        xml_escape(&shortened(&rule.to_string())),
        len - 1,
        top - 1
    ));
    // Axes: x along the bottom, y on the left, with their end labels.
    s.push_str("<g stroke=\"black\" stroke-width=\"1\"><line x1=\"49\" y1=\"431\" x2=\"850\" y2=\"431\"/><line x1=\"49\" y1=\"30\" x2=\"49\" y2=\"431\"/></g>\n");
    s.push_str(&format!(
        "<g font-family=\"sans-serif\" font-size=\"11\"><text x=\"50\" y=\"445\">0</text><text x=\"850\" y=\"445\" text-anchor=\"end\">n = {}</text><text x=\"45\" y=\"431\" text-anchor=\"end\">0</text><text x=\"45\" y=\"40\" text-anchor=\"end\">{}</text></g>\n",
        len - 1,
        top - 1
    ));
    s.push_str(&format!(
        "<svg x=\"50\" y=\"30\" width=\"800\" height=\"400\" viewBox=\"0 0 {n} {top}\" preserveAspectRatio=\"none\">\n"
    ));
    if let Verdict::Periodic { n0, period, .. } = v {
        let a = cols.col_of((*n0 as usize).min(len));
        let b =
            cols.col_of((*n0 as usize).saturating_add(*period as usize).min(len)).max(a + 1).min(n);
        s.push_str(&format!(
            "<rect x=\"0\" y=\"0\" width=\"{a}\" height=\"{top}\" fill=\"#dddddd\"/>\n"
        ));
        s.push_str(&format!(
            "<rect x=\"{a}\" y=\"0\" width=\"{}\" height=\"{top}\" fill=\"#cce0ff\"/>\n",
            b.saturating_sub(a)
        ));
    }
    let any_rare = cols.draw(&mut s);
    s.push_str("</svg>\n");
    let mut legend = match v {
        Verdict::Periodic { n0: 0, period, .. } => {
            format!("no preperiod; blue: one period of {period}; red: P-positions (G = 0)")
        }
        Verdict::Periodic { n0, period, .. } => format!(
            "grey: preperiod 0..{}; blue: one period of {period}; red: P-positions (G = 0)",
            n0 - 1
        ),
        _ => "no period marked; red: P-positions (G = 0)".to_string(),
    };
    if let (true, Some(m)) = (any_rare, cols.mask) {
        legend.push_str(&format!("; orange: rare values (even popcount of G & {m})"));
    }
    s.push_str(&format!(
        "<text x=\"50\" y=\"470\" font-family=\"sans-serif\" font-size=\"12\">{}</text>\n</svg>\n",
        xml_escape(&legend)
    ));
    s
}

/// The drawing's columns: each one's least and largest value, and the same for its rare
/// values above 0 (0 is drawn red), by the mask of `--stats`, when the split is a real one (at
/// most a quarter of the values rare).
struct Columns {
    /// Values drawn.
    len: usize,
    /// One more than the largest value: the drawing's height.
    top: usize,
    lo: Vec<u32>,
    hi: Vec<u32>,
    rare_lo: Vec<u32>,
    rare_hi: Vec<u32>,
    mask: Option<u32>,
}

impl Columns {
    fn of(values: &Values) -> Columns {
        let len = values.len().max(1);
        let cols = len.min(SVG_COLUMNS);
        let st = research_stats(values);
        let mask = st.mask.filter(|_| st.rare <= st.count / 4);
        let is_rare =
            |g: u32| g != 0 && mask.is_some_and(|m| (g & m).count_ones().is_multiple_of(2));
        let mut c = Columns {
            len,
            top: values.max_value() as usize + 1,
            lo: vec![u32::MAX; cols],
            hi: vec![0u32; cols],
            rare_lo: vec![u32::MAX; cols],
            rare_hi: vec![0u32; cols],
            mask,
        };
        for (n, g) in values.iter().enumerate() {
            let k = c.col_of(n);
            c.lo[k] = c.lo[k].min(g);
            c.hi[k] = c.hi[k].max(g);
            if is_rare(g) {
                c.rare_lo[k] = c.rare_lo[k].min(g);
                c.rare_hi[k] = c.rare_hi[k].max(g);
            }
        }
        c
    }

    /// Column of value n: the values n with n * cols / len = c share column c.
    fn col_of(&self, n: usize) -> usize {
        (n as u128 * self.lo.len() as u128 / self.len as u128) as usize
    }

    /// The bars (red where a column holds a P-position), then the rare values over them, at
    /// least 1/100 of the height so that one value shows. Whether any rare value was drawn.
    fn draw(&self, s: &mut String) -> bool {
        let top = self.top;
        s.push_str("<g fill=\"black\">\n");
        for c in 0..self.lo.len() {
            let (lo, hi) = (self.lo[c], self.hi[c]);
            if lo > hi {
                continue;
            }
            let fill = if lo == 0 { " fill=\"red\"" } else { "" };
            s.push_str(&format!(
                "<rect x=\"{c}\" y=\"{}\" width=\"1\" height=\"{}\"{fill}/>\n",
                top - 1 - hi as usize,
                (hi - lo) as usize + 1
            ));
        }
        s.push_str("</g>\n");
        let tall = (top / 100).max(1);
        let mut any_rare = false;
        for c in (0..self.lo.len()).filter(|&c| self.rare_lo[c] <= self.rare_hi[c]) {
            if !any_rare {
                s.push_str("<g fill=\"orange\">\n");
                any_rare = true;
            }
            let h = ((self.rare_hi[c] - self.rare_lo[c]) as usize + 1).max(tall);
            let y = (top - 1 - self.rare_hi[c] as usize).min(top - h);
            s.push_str(&format!("<rect x=\"{c}\" y=\"{y}\" width=\"1\" height=\"{h}\"/>\n"));
        }
        if any_rare {
            s.push_str("</g>\n");
        }
        any_rare
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The verdict line: a closed form's description, or the period and its proof (or why none).
pub fn run_line(req: &Request, c: &Computed, computed_to: u64) -> String {
    match (&c.verdict, req.closed) {
        (Verdict::ClosedForm { .. }, Some(closed)) => {
            let mut l = closed.describe();
            if let Some(n) = &c.note {
                l.push_str(&format!("; stopped: {n}"));
            }
            l
        }
        _ => verdict_line(&c.verdict, &c.values, computed_to, c.note.as_deref()),
    }
}

/// The `--json` document.
pub fn json_report(
    req: &Request,
    c: &Computed,
    at: Vec<AtJson>,
    heaps: Option<HeapsJson>,
    line: String,
    computed_to: u64,
) -> Result<String, serde_json::Error> {
    let rule = &req.rule;
    let report = Report {
        rule: rule.to_string(),
        name: rule.code().and_then(|c| super::rule::name_of(&c)),
        code: rule.code().map(|c| super::rule::code_to_string(&c)),
        values: c.values.clone(),
        verdict: verdict_json(&c.verdict, line, c.note.clone(), computed_to),
        at,
        heaps,
        stats: req.stats.then(|| research_stats(&c.values)),
    };
    let mut s = serde_json::to_string(&report)?;
    s.push('\n');
    Ok(s)
}

/// The text report: the rule, the table (without `--at`/`--heaps`), the answers, the verdict
/// line and `--stats`.
pub fn text_report(req: &Request, c: &Computed, answers: &str, line: &str) -> String {
    let rule = &req.rule;
    let mut text = format!("rule {}", shortened(&rule.to_string()));
    if let Some(code) = rule.code() {
        let spelled = super::rule::code_to_string(&code);
        if !matches!(rule, Rule::Code(_)) {
            text.push_str(&format!(" = {}", shortened(&spelled)));
        }
        match super::rule::name_of(&code) {
            Some(name) => text.push_str(&format!(" ({name})")),
            None if matches!(rule, Rule::Code(_)) => {
                text.push_str(&format!(": {}", super::rule::spelled_out(&code)));
            }
            None => {}
        }
    }
    text.push('\n');
    if !req.asks_positions() {
        text.push_str(&table(&c.values, &c.verdict, req.upto.is_some()));
    }
    text.push_str(answers);
    text.push_str(line);
    text.push('\n');
    if req.stats {
        text.push_str(&stats_text(&research_stats(&c.values)));
    }
    text
}
