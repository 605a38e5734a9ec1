//! `games explore ... --count`: how many positions of the box are P, N and D (and undecided),
//! and how many have each Grundy value (∞(K) values together as "loopy"). A plain tally of the
//! explored table: every cell is one position of the box (with `--multiset`, each multiset once).

use crate::explore::table::{LOOPY, NO_VALUE, Table};
use crate::out::Out;

/// The tally of one box.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub positions: u64,
    pub p: u64,
    pub n: u64,
    pub d: u64,
    pub undecided: u64,
    /// (value, positions), values increasing (normal play only).
    pub values: Vec<(u32, u64)>,
    /// Positions whose value is ∞(K).
    pub loopy: u64,
}

crate::json_object!(Tally { "positions" => positions, "P" => p, "N" => n, "D" => d, "undecided" => undecided, "values" => values, "loopy" => loopy });

/// Counts the outcomes and values of every cell.
pub fn tally(t: &Table) -> Tally {
    tally_of(t, |_| true)
}

/// [`tally`] of a `--multiset` table: each multiset once, at its first cell in box order
/// ([`crate::explore::space::Space::first_of_multiset`]).
pub fn tally_multisets(t: &Table) -> Tally {
    let k = t.space.arity();
    tally_of(t, |cell| t.space.first_of_multiset(&t.position(cell)[..k]))
}

/// The tally of the cells `counted` keeps.
fn tally_of(t: &Table, counted: impl Fn(usize) -> bool) -> Tally {
    let mut out = Tally::default();
    let cells = || (0..t.cells()).filter(|&c| counted(c));
    for o in cells().map(|c| t.outcome[c]) {
        out.positions += 1;
        match o {
            b'P' => out.p += 1,
            b'N' => out.n += 1,
            b'D' => out.d += 1,
            _ => out.undecided += 1,
        }
    }
    if !t.misere {
        // Counted in place (small values in an array, the rest in a map): no copy of the
        // table's values, which may fill the memory already.
        const SMALL: usize = 1 << 12;
        let mut small = [0u64; SMALL];
        let mut large = std::collections::BTreeMap::<u32, u64>::new();
        for g in cells().map(|c| t.grundy[c]) {
            match g {
                LOOPY => out.loopy += 1,
                NO_VALUE => {}
                g if (g as usize) < SMALL => small[g as usize] += 1,
                g => *large.entry(g).or_insert(0) += 1,
            }
        }
        let small = small.iter().enumerate().filter(|&(_, &c)| c > 0);
        out.values = small.map(|(g, &c)| (g as u32, c)).chain(large).collect();
    }
    out
}

/// The tally as text: `P 12`, `N 30`, `D 0`, then `value 0: 12` lines.
pub fn write(out: &mut Out, t: &Tally) {
    out.str("positions ").int(t.positions).nl();
    out.str("P ").int(t.p).nl();
    out.str("N ").int(t.n).nl();
    out.str("D ").int(t.d).nl();
    if t.undecided > 0 {
        out.str("undecided ").int(t.undecided).nl();
    }
    for &(g, c) in &t.values {
        out.str("value ").int(g).str(" ").int(c).nl();
    }
    if t.loopy > 0 {
        out.str("value loopy ").int(t.loopy).nl();
    }
}
