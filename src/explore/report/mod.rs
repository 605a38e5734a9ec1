//! Printing a table the way contestants print one: 1-D in rows of 20 like `games sg`, 2-D as a
//! grid with both axes labelled and P-positions marked `*` (and coloured on a terminal), 3-D
//! and 4-D as 2-D slices; the patterns with their status; answers; JSON; an SVG heat map.
pub mod entries;
pub mod partizan;

use crate::explore::answer::AtAnswer;
use crate::explore::pattern::{Basis, Covers, Pattern, var};
use crate::explore::table::{LOOPY, NO_VALUE, Table};
use crate::out::Out;

/// How to print the table.
#[derive(Debug, Clone, Default)]
pub struct Style {
    /// Outcome letters instead of values.
    pub outcomes: bool,
    /// ANSI colour for P-positions.
    pub color: bool,
    /// Fixed coordinates for slicing a 3-D or 4-D box: (axis, value).
    pub slices: Vec<(usize, u64)>,
}

fn cell_text(t: &Table, cell: usize, style: &Style) -> String {
    if style.outcomes || t.misere {
        (t.outcome[cell] as char).to_string()
    } else {
        t.value_text(cell)
    }
}

fn paint(out: &mut Out, text: &str, width: usize, p: bool, style: &Style) {
    for _ in text.len() + usize::from(p)..width {
        out.byte(b' ');
    }
    if p && style.color {
        out.str("\x1b[1;32m").str(text).str("*\x1b[0m");
    } else {
        out.str(text);
        if p {
            out.byte(b'*');
        }
    }
}

/// Writes the table.
pub fn table(out: &mut Out, t: &Table, style: &Style) {
    let free = t.space.free_axes();
    let arity = t.space.arity();
    let marks = !(style.outcomes || t.misere);
    let width = (0..t.cells())
        .map(|c| cell_text(t, c, style).len() + usize::from(marks && t.outcome[c] == b'P'))
        .max()
        .unwrap_or(1);
    if free.len() <= 1 {
        line_table(out, t, style, free.first().copied().unwrap_or(0), width);
        return;
    }
    let (ra, ca) = grid_axes(&free, style);
    let outer: Vec<usize> = free.iter().copied().filter(|&a| a != ra && a != ca).collect();
    let rlabel =
        t.space.hi[ra].to_string().len().max(var(arity, ra).len() + 1 + var(arity, ca).len());
    let mut cells_by_slice: std::collections::BTreeMap<Vec<u64>, Vec<usize>> = Default::default();
    for c in 0..t.cells() {
        let p = t.position(c);
        if style.slices.iter().any(|&(a, v)| a < arity && p[a] != v) {
            continue;
        }
        cells_by_slice.entry(outer.iter().map(|&a| p[a]).collect()).or_default().push(c);
    }
    let shape = GridShape { ra, ca, width, rlabel, marks };
    for (key, cells) in cells_by_slice {
        if !outer.is_empty() {
            let parts: Vec<String> =
                outer.iter().zip(&key).map(|(&a, v)| format!("{} = {v}", var(arity, a))).collect();
            out.str(&format!("slice {}:\n", parts.join(", ")));
        }
        grid(out, t, style, &shape, &cells);
    }
}

/// A box with one free coordinate: its values in rows of 20, each row labelled by its first
/// coordinate, P-positions marked.
fn line_table(out: &mut Out, t: &Table, style: &Style, axis: usize, width: usize) {
    let marks = !(style.outcomes || t.misere);
    let x = var(t.space.arity(), axis);
    let label = t.space.hi[axis].to_string().len();
    out.str(&format!(
        "{x} from {}: G{}\n",
        t.space.lo[axis],
        if marks { " (P-positions marked *)" } else { "" }
    ));
    for (row, chunk) in (0..t.cells()).collect::<Vec<_>>().chunks(20).enumerate() {
        let n = t.space.lo[axis] + row as u64 * 20;
        let ns = n.to_string();
        for _ in ns.len()..label {
            out.byte(b' ');
        }
        out.str(&ns).byte(b':');
        for &c in chunk {
            out.byte(b' ');
            paint(out, &cell_text(t, c, style), width, marks && t.outcome[c] == b'P', style);
        }
        out.nl();
    }
}

/// The grid's row and column coordinates: the last two free coordinates that --slice does not
/// fix (the others are sliced, one grid per value; those fixed by --slice shown at their value
/// only).
fn grid_axes(free: &[usize], style: &Style) -> (usize, usize) {
    let sliced = |a: usize| style.slices.iter().any(|&(s, _)| s == a);
    let shown: Vec<usize> = free.iter().copied().filter(|&a| !sliced(a)).collect();
    match shown.len() {
        0 => (free[free.len() - 2], free[free.len() - 1]),
        1 => {
            let other = free.iter().copied().rfind(|&a| a != shown[0]).unwrap_or(shown[0]);
            (other.min(shown[0]), other.max(shown[0]))
        }
        n => (shown[n - 2], shown[n - 1]),
    }
}

/// How one grid of the table is laid out: its row and column coordinates, the width of a
/// cell and of the row labels, and whether P-positions are marked.
struct GridShape {
    ra: usize,
    ca: usize,
    width: usize,
    rlabel: usize,
    marks: bool,
}

/// One grid: the header of column coordinates, then a row per value of the row coordinate.
fn grid(out: &mut Out, t: &Table, style: &Style, shape: &GridShape, cells: &[usize]) {
    let GridShape { ra, ca, width, rlabel, marks } = *shape;
    let arity = t.space.arity();
    let head = format!("{}\\{}", var(arity, ra), var(arity, ca));
    for _ in head.len()..rlabel {
        out.byte(b' ');
    }
    out.str(&head);
    let cols: Vec<u64> = (t.space.lo[ca]..=t.space.hi[ca])
        .filter(|&v| style.slices.iter().all(|&(a, x)| a != ca || x == v))
        .collect();
    for b in cols {
        out.byte(b' ');
        let s = b.to_string();
        for _ in s.len()..width {
            out.byte(b' ');
        }
        out.str(&s);
    }
    out.nl();
    let mut rows: std::collections::BTreeMap<u64, Vec<usize>> = Default::default();
    for &c in cells {
        rows.entry(t.position(c)[ra]).or_default().push(c);
    }
    for row in rows.values() {
        let a = t.position(row[0])[ra].to_string();
        for _ in a.len()..rlabel {
            out.byte(b' ');
        }
        out.str(&a);
        for &c in row {
            out.byte(b' ');
            paint(out, &cell_text(t, c, style), width, marks && t.outcome[c] == b'P', style);
        }
        out.nl();
    }
}

/// How many patterns to print in full: `count` of the whole table's; the patterns of single
/// lines (rows, columns) are folded into one summary line unless `lines`.
#[derive(Debug, Clone, Copy)]
pub struct Shown {
    pub count: usize,
    pub lines: bool,
}

impl Shown {
    /// `--patterns N` (N in full, lines folded) or `--patterns all`.
    pub fn parse(text: &str) -> Result<Shown, String> {
        if text.trim() == "all" {
            return Ok(Shown { count: usize::MAX, lines: true });
        }
        match text.trim().parse::<usize>() {
            Ok(count) => Ok(Shown { count, lines: false }),
            Err(_) => Err(format!("--patterns '{text}': expected a number or 'all'")),
        }
    }
}

fn write_pattern(out: &mut Out, i: usize, p: &Pattern, code: bool) {
    let what = match p.formula.covers() {
        Covers::Values => "values",
        Covers::Outcomes => "outcomes",
    };
    out.str(&format!("{}. [{}, {what}] {}\n", i + 1, p.formula.family(), p.formula.words()));
    let status = match &p.basis {
        Basis::Proved(th) => format!("proved ({th})"),
        Basis::Observed { entries } => format!(
            "observed on the box: {entries} entries checked, none beyond it (a conjecture outside the box)"
        ),
    };
    out.str(&format!("   status: {status}\n"));
    if let Some(why) = &p.edge {
        out.str(&format!("   edge rule: {why}\n"));
    }
    if !code {
        return;
    }
    out.str("   C++:\n");
    for l in p.formula.cpp().lines() {
        out.str("     ").str(l).nl();
    }
    out.str("   Python:\n");
    for l in p.formula.python().lines() {
        out.str("     ").str(l).nl();
    }
}

/// Writes the patterns (or that none was found) with their status and code: the whole
/// table's first, then (with `shown.lines`) those of single lines, else one line saying how
/// many of those there are; then hints (only outcomes found, a wider box to try).
pub fn patterns(out: &mut Out, t: &Table, found: &[Pattern], shown: Shown, dropped: usize) {
    for hint in crate::explore::pattern::hints(t, found) {
        out.str("hint: ").str(&hint).nl();
    }
    if found.is_empty() && dropped > 0 {
        out.str("no pattern kept: every pattern that reproduces the box was refuted beyond it\n");
        return;
    }
    if found.is_empty() && !super::pattern::search_on() {
        out.str("no pattern searched (--patterns 0)\n");
        return;
    }
    if found.is_empty() {
        out.str("no pattern found: none of the families reproduces every entry of the table\n");
        return;
    }
    let (whole, lines): (Vec<&Pattern>, Vec<&Pattern>) = found.iter().partition(|p| !p.is_line());
    out.str(&format!(
        "patterns (each reproduces every decided entry it covers; {} of the whole table, {} of single lines):\n",
        whole.len(),
        lines.len()
    ));
    let mut i = 0;
    for p in whole.iter().take(shown.count) {
        write_pattern(out, i, p, i < 3);
        i += 1;
    }
    if whole.len() > shown.count {
        out.str(&format!(
            "({} more patterns of the whole table; --patterns all or --json lists them)\n",
            whole.len() - shown.count
        ));
    }
    if shown.lines {
        for p in &lines {
            write_pattern(out, i, p, i < 3);
            i += 1;
        }
    } else if !lines.is_empty() {
        let edge = lines.iter().filter(|p| p.edge.is_some()).count();
        let edge = if edge > 0 {
            format!(", {edge} of them on the box's boundary and not used beyond it")
        } else {
            String::new()
        };
        out.str(&format!(
            "+ {} patterns of single rows or columns ({}{edge}; --patterns all prints them)\n",
            lines.len(),
            line_summary(t, &lines)
        ));
    }
}

/// `rows a = 0..9 (10), columns b = 0..3 (4)`: which lines have patterns of their own.
fn line_summary(t: &Table, lines: &[&Pattern]) -> String {
    let arity = t.space.arity();
    let mut by_axis: std::collections::BTreeMap<usize, Vec<u64>> = Default::default();
    for p in lines {
        if let crate::explore::pattern::Domain::Line { axis, base } = p.formula.domain() {
            // The line along `axis` is named by the other free coordinate.
            if let Some(&o) = t.space.free_axes().iter().find(|&&o| o != axis) {
                by_axis.entry(o).or_default().push(base[o]);
            }
        }
    }
    let parts: Vec<String> = by_axis
        .into_iter()
        .map(|(o, mut xs)| {
            xs.sort_unstable();
            xs.dedup();
            let (first, last) = (xs[0], xs[xs.len() - 1]);
            let range = if first == last { first.to_string() } else { format!("{first}..{last}") };
            format!("{} of the lines {} = {range}", xs.len(), var(arity, o))
        })
        .collect();
    parts.join(", ")
}

/// Writes `--at` answers.
pub fn answers(out: &mut Out, at: &[AtAnswer]) {
    for a in at {
        let show = |p: &[u64]| p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
        let pos = if a.position.is_empty() {
            "()".to_string()
        } else if a.parts.is_empty() {
            show(&a.position)
        } else {
            a.parts.iter().map(|p| show(p)).collect::<Vec<_>>().join(" + ")
        };
        out.str(&format!(
            "at {}: value {}, outcome {} ({})\n",
            pos,
            a.value.as_deref().unwrap_or("unknown"),
            a.outcome as char,
            a.basis
        ));
    }
}

struct PatternJson {
    family: &'static str,
    covers: &'static str,
    words: String,
    cpp: String,
    python: String,
    status: &'static str,
    theorem: Option<String>,
    entries: Option<usize>,
    edge: Option<String>,
}
crate::json_object!(PatternJson { "family" => family, "covers" => covers, "words" => words, "cpp" => cpp, "python" => python, "status" => status, "theorem" => theorem unless Option::is_none, "entries" => entries unless Option::is_none, "edge" => edge unless Option::is_none });

struct AtJson {
    position: serde_json::Value,
    value: serde_json::Value,
    outcome: String,
    basis: String,
    checked: bool,
}
crate::json_object!(AtJson { "position" => position, "value" => value, "outcome" => outcome, "basis" => basis, "checked" => checked });

/// A pattern the guard dropped ([`crate::explore::guard`]).
struct RefutedJson {
    pattern: String,
    family: String,
    check: String,
    position: Vec<u64>,
    said: String,
    rule: String,
}
crate::json_object!(RefutedJson { "pattern" => pattern, "family" => family, "check" => check, "position" => position, "said" => said, "rule" => rule });

/// The patterns the guard refuted, as JSON.
fn refuted_json(dropped: &[Dropped]) -> Vec<RefutedJson> {
    dropped
        .iter()
        .map(|(p, r)| RefutedJson {
            pattern: p.formula.words(),
            family: p.formula.family().to_string(),
            check: r.check.to_string(),
            position: r.position.clone(),
            said: r.said.clone(),
            rule: r.rule.clone(),
        })
        .collect()
}

/// A pattern the guard dropped, and why.
pub type Dropped = (Pattern, crate::explore::guard::Refutation);

/// What the guard checked, in one line, after the patterns.
pub fn guarded(out: &mut Out, g: &crate::explore::guard::Guard) {
    let band = if g.band_cells > 0 {
        format!(
            "the patterns that answer beyond the box reproduce the {} positions computed there (to {})",
            g.band_cells,
            g.computed.spec()
        )
    } else {
        "no position beyond the box was computed".to_string()
    };
    out.str(&format!(
        "checked beyond the box: {band}; each far answer below is checked against the game's rule where it is asked\n"
    ));
}

/// The patterns the guard refuted beyond the box, one line each, after the patterns.
pub fn refuted(out: &mut Out, t: &Table, dropped: &[Dropped]) {
    if dropped.is_empty() {
        return;
    }
    out.str(&format!(
        "refuted beyond the box ({} {} that reproduce{} the box; not used for any answer):\n",
        dropped.len(),
        if dropped.len() == 1 { "pattern" } else { "patterns" },
        if dropped.len() == 1 { "s" } else { "" }
    ));
    for (p, r) in dropped {
        out.str(&format!(
            "  [{}] {}: {}\n",
            p.formula.family(),
            p.formula.words(),
            crate::explore::guard::refutation_text(r, t.space.arity())
        ));
    }
}

struct ReportJson {
    game: String,
    r#box: Vec<[u64; 2]>,
    misere: bool,
    explored: usize,
    values: Vec<serde_json::Value>,
    outcomes: String,
    notes: Vec<String>,
    patterns: Vec<PatternJson>,
    at: Vec<AtJson>,
    winning: Vec<WinningJson>,
    refuted: Vec<RefutedJson>,
}
crate::json_object!(ReportJson { "game" => game, "box" => r#box, "misere" => misere, "explored" => explored, "values" => values, "outcomes" => outcomes, "notes" => notes, "patterns" => patterns, "at" => at, "winning" => winning unless Vec::is_empty, "refuted" => refuted });

struct WinningJson {
    position: Vec<u64>,
    parts: Vec<Vec<u64>>,
    moves: Vec<Vec<Vec<u64>>>,
    basis: String,
}
crate::json_object!(WinningJson { "position" => position, "parts" => parts unless Vec::is_empty, "moves" => moves, "basis" => basis });

/// Writes `--winning` answers: each winning option as a sum of positions.
pub fn winning(out: &mut Out, ws: &[crate::explore::winning::Winning], target: u64) {
    for w in ws {
        let words = |p: &[u64]| p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
        let pos = match w.parts.is_empty() {
            true => words(&w.position),
            false => w.parts.iter().map(|p| words(p)).collect::<Vec<_>>().join(" + "),
        };
        let moves: Vec<String> = w
            .moves
            .iter()
            .map(|m| {
                let parts: Vec<String> = m
                    .iter()
                    .map(|p| p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" "))
                    .collect();
                if parts.is_empty() { "(nothing)".to_string() } else { parts.join(" + ") }
            })
            .collect();
        let to = if target == 0 { "a P-position".to_string() } else { format!("value {target}") };
        out.str(&format!(
            "winning moves from {} to {to}: {} ({})\n",
            if pos.is_empty() { "()" } else { pos.as_str() },
            match (moves.is_empty(), w.basis.starts_with("unknown")) {
                (true, true) => "unknown".to_string(),
                (true, false) => "none".to_string(),
                _ => moves.join("; "),
            },
            w.basis
        ));
    }
}

/// The JSON report. Values in cell order (the last coordinate fastest): an integer, `{"inf":
/// [K]}` for ∞(K), or `null`; outcomes one letter a cell.
pub fn json(
    out: &mut Out,
    game: &str,
    t: &Table,
    found: &[Pattern],
    at: &[AtAnswer],
    winning: &[crate::explore::winning::Winning],
    dropped: &[Dropped],
) {
    let values = (0..t.cells())
        .map(|c| match t.grundy[c] {
            NO_VALUE => serde_json::Value::Null,
            LOOPY => serde_json::json!({ "inf": t.loopy.get(&c).cloned().unwrap_or_default() }),
            g => serde_json::Value::from(g),
        })
        .collect();
    let report = ReportJson {
        game: game.to_string(),
        r#box: (0..t.space.arity()).map(|a| [t.space.lo[a], t.space.hi[a]]).collect(),
        misere: t.misere,
        explored: t.explored,
        values,
        outcomes: t.outcome.iter().map(|&c| c as char).collect(),
        notes: t.notes.clone(),
        patterns: found.iter().map(pattern_json).collect(),
        at: at.iter().map(at_json).collect(),
        winning: winning.iter().map(winning_json).collect(),
        refuted: refuted_json(dropped),
    };
    if serde_json::to_writer(&mut *out, &report).is_ok() {
        out.nl();
    }
}

fn pattern_json(p: &Pattern) -> PatternJson {
    PatternJson {
        family: p.formula.family(),
        covers: match p.formula.covers() {
            Covers::Values => "values",
            Covers::Outcomes => "outcomes",
        },
        words: p.formula.words(),
        cpp: p.formula.cpp(),
        python: p.formula.python(),
        status: if matches!(p.basis, Basis::Proved(_)) { "proved" } else { "observed" },
        theorem: match &p.basis {
            Basis::Proved(t) => Some(t.clone()),
            _ => None,
        },
        entries: match p.basis {
            Basis::Observed { entries } => Some(entries),
            _ => None,
        },
        edge: p.edge.clone(),
    }
}

fn at_json(a: &AtAnswer) -> AtJson {
    AtJson {
        // A sum: the list of its parts' positions.
        position: if a.parts.is_empty() {
            serde_json::Value::from(a.position.clone())
        } else {
            serde_json::Value::from(a.parts.clone())
        },
        value: match (a.grundy, &a.value) {
            (Some(g), _) => serde_json::Value::from(g),
            (None, Some(text)) => serde_json::Value::from(text.clone()),
            _ => serde_json::Value::Null,
        },
        outcome: (a.outcome as char).to_string(),
        basis: a.basis.clone(),
        checked: a.checked,
    }
}

fn winning_json(w: &crate::explore::winning::Winning) -> WinningJson {
    WinningJson {
        position: w.position.clone(),
        parts: w.parts.clone(),
        moves: w.moves.clone(),
        basis: w.basis.clone(),
    }
}

/// An SVG heat map of a 2-D table (the last two free coordinates; the first slice of a larger
/// box): P-positions black, other values shaded by size, loopy and undecided cells grey. Boxes
/// wider than 400 cells are drawn in blocks (a block with a P-position is black, so rays stay
/// visible); equal neighbours in a row are merged into one rectangle.
pub fn svg(t: &Table) -> Option<String> {
    let top = (0..t.cells()).filter_map(|c| t.value(c)).max().unwrap_or(1).max(1) as u64;
    let shade = |c: usize| match t.outcome[c] {
        b'P' => 0,
        _ if t.misere => 9,
        _ => match t.value(c) {
            Some(g) => 1 + (g as u64 * 15 / top) as u8,
            None => 17,
        },
    };
    svg_of(&t.space, &shade, "P black")
}

/// The drawing of [`svg`] for the box of any kind ([`entries::Outcomes`]): the outcome in
/// which the player to move loses black (remoteness and partizan: `P`; scores: `loss`), each
/// other outcome its own shade (in the order of the kind's names), undecided cells grey.
pub fn svg_of_outcomes(b: &dyn entries::Outcomes) -> Option<String> {
    let names = b.names();
    let shade = |c: usize| match b.outcome(c) {
        None => 17,
        Some(o) if o == b.lost() => 0,
        Some(o) => 1 + 5 * names.iter().position(|&n| n == o).unwrap_or(0).min(3) as u8,
    };
    svg_of(b.space(), &shade, b.lost_words())
}

/// The heat map of `space` (see [`svg`]) with cell `c` of shade `shade(c)`: 0 black, 1..=16
/// from light to dark red, 17 grey; `caption` says what is black.
pub fn svg_of(
    space: &crate::explore::space::Space,
    shade: &dyn Fn(usize) -> u8,
    caption: &str,
) -> Option<String> {
    let free = space.free_axes();
    if free.len() < 2 {
        return None;
    }
    let arity = space.arity();
    let (ra, ca) = (free[free.len() - 2], free[free.len() - 1]);
    let (h, w) = (space.width(ra) as usize, space.width(ca) as usize);
    let step = |n: usize| n.div_ceil(400).max(1);
    let (sr, sc) = (step(h), step(w));
    let (bh, bw) = (h.div_ceil(sr), w.div_ceil(sc));
    let block = shade_blocks(shade, (h, w), (sr, sc));
    let cell = (800 / bw.max(bh)).clamp(1, 24);
    let margin = 40;
    let (width, height) = (margin + bw * cell + 10, margin + bh * cell + 10);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"monospace\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    let color = |v: u8| match v {
        0 => "#000000".to_string(),
        17 => "#bbbbbb".to_string(),
        v => {
            let k = 255 - (v as u32 - 1) * 10;
            format!("#ff{:02x}{:02x}", k.min(255), (k / 2).min(255))
        }
    };
    for i in 0..bh {
        let mut j = 0;
        while j < bw {
            let v = block[i * bw + j];
            let mut k = j + 1;
            while k < bw && block[i * bw + k] == v {
                k += 1;
            }
            s.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{cell}\" fill=\"{}\"/>\n",
                margin + j * cell,
                margin + i * cell,
                (k - j) * cell,
                color(v)
            ));
            j = k;
        }
    }
    // Axes: the column coordinate along the top, the row coordinate down the left.
    let ticks = 8usize;
    for k in 0..=ticks {
        let j = (bw - 1) * k / ticks;
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
            margin + j * cell + cell / 2,
            margin - 6,
            space.lo[ca] + (j * sc) as u64
        ));
        let i = (bh - 1) * k / ticks;
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
            margin - 4,
            margin + i * cell + cell / 2 + 4,
            space.lo[ra] + (i * sr) as u64
        ));
    }
    s.push_str(&format!(
        "<text x=\"4\" y=\"14\">{}\\{} ({caption})</text>\n</svg>\n",
        var(arity, ra),
        var(arity, ca)
    ));
    Some(s)
}

/// The drawing's blocks of `sr` by `sc` cells of the first slice (the cells of the other
/// coordinates at their low ends), row by row: the least shade of their cells (0 where a
/// P-position is, so that rays stay visible).
fn shade_blocks(
    shade: &dyn Fn(usize) -> u8,
    (h, w): (usize, usize),
    (sr, sc): (usize, usize),
) -> Vec<u8> {
    let bw = w.div_ceil(sc);
    let mut block = vec![u8::MAX; h.div_ceil(sr) * bw];
    for i in 0..h {
        for j in 0..w {
            let b = (i / sr) * bw + j / sc;
            block[b] = block[b].min(shade(i * w + j));
        }
    }
    block
}

/// What the outcome-bit path of a box too large for a table ([`crate::explore::big`]) reports.
pub struct BigReport<'a> {
    pub game: &'a str,
    pub space: &'a crate::explore::space::Space,
    pub misere: bool,
    /// Positions computed (the hull).
    pub explored: u64,
    /// P-positions in the box.
    pub p_count: u64,
    /// The first of them, in box order.
    pub first: &'a [Vec<u64>],
    pub notes: &'a [String],
    /// The plane searched for patterns, as an outcome table.
    pub slice: &'a Table,
    pub found: &'a [Pattern],
}

/// The text report of a large box: the header, the notes, the P-positions counted and the
/// first ones listed, the patterns of the plane searched (answers follow separately).
pub fn big_text(out: &mut Out, r: &BigReport, shown: Shown) {
    let play = if r.misere { "misère play" } else { "normal play" };
    out.str(&format!(
        "game: {}, box {} ({} positions; {} explored), {play}\n",
        r.game,
        r.space.spec(),
        r.space.count_text(),
        r.explored
    ));
    for note in r.notes {
        out.str("note: ").str(note).nl();
    }
    out.str(&format!("P-positions in the box: {}\n", r.p_count));
    if !r.first.is_empty() {
        out.str(&format!(
            "the first {} of them (the last coordinate varying fastest):\n",
            r.first.len()
        ));
        for p in r.first {
            out.str(" ");
            for x in p {
                out.str(" ").int(*x);
            }
            out.nl();
        }
        let more = r.p_count - r.first.len() as u64;
        if more > 0 {
            out.str(&format!("  ... and {more} more\n"));
        }
    }
    out.str(&format!(
        "patterns of the plane {} ({} positions; the pattern search never runs on the whole of a box this large):\n",
        r.slice.space.spec(),
        r.slice.cells()
    ));
    patterns(out, r.slice, r.found, shown, 0);
}

struct BigJson {
    game: String,
    r#box: Vec<[u64; 2]>,
    misere: bool,
    explored: u64,
    positions: u64,
    p: u64,
    first_p: Vec<Vec<u64>>,
    notes: Vec<String>,
    plane: Vec<[u64; 2]>,
    patterns: Vec<PatternJson>,
    at: Vec<AtJson>,
    winning: Vec<WinningJson>,
}
crate::json_object!(BigJson { "game" => game, "box" => r#box, "misere" => misere, "explored" => explored, "positions" => positions, "P" => p, "first_P" => first_p, "notes" => notes, "plane" => plane, "patterns" => patterns, "at" => at, "winning" => winning unless Vec::is_empty });

/// The JSON report of a large box: counts, the first P-positions, the plane's patterns, the
/// answers (no per-position arrays).
pub fn big_json(
    out: &mut Out,
    r: &BigReport,
    at: &[AtAnswer],
    winning: &[crate::explore::winning::Winning],
) {
    let ranges =
        |s: &crate::explore::space::Space| (0..s.arity()).map(|a| [s.lo[a], s.hi[a]]).collect();
    let report = BigJson {
        game: r.game.to_string(),
        r#box: ranges(r.space),
        misere: r.misere,
        explored: r.explored,
        positions: r.space.cells_u128().min(u64::MAX as u128) as u64,
        p: r.p_count,
        first_p: r.first.to_vec(),
        notes: r.notes.to_vec(),
        plane: ranges(&r.slice.space),
        patterns: r.found.iter().map(pattern_json).collect(),
        at: at.iter().map(at_json).collect(),
        winning: winning.iter().map(winning_json).collect(),
    };
    if serde_json::to_writer(&mut *out, &report).is_ok() {
        out.nl();
    }
}
