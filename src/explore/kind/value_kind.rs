//! What a kind of value is, for the pieces of `games explore` that are written once over any
//! kind (the pattern search and the guard of [`crate::explore::far`], the best moves of
//! `--winning` and `--serve`, the sums of `--at`, the table's entries): the trait
//! [`ValueKind`], and its implementations for the impartial kinds, [`Grundy`] (normal play),
//! [`MisereOutcome`] (outcomes in misère play), [`Remoteness`] (normal and misère) and
//! [`Score`]; partizan numbers are [`crate::explore::kind::partizan::value_kind::Partizan`],
//! and partizan values that are not all numbers, as indices of their canonical forms,
//! [`crate::explore::kind::partizan::value_kind::Forms`].
//!
//! Every value is an `i128` (the far search's integers): a Grundy value, an outcome
//! ([`P`], [`N`], [`D`]), a remoteness ([`DRAWN`] for a draw), a score, a partizan number
//! times `2^E`. The rules, each the recursion of its theory:
//! - Grundy (the Sprague–Grundy theorem: Sprague 1935, Grundy 1939): the mex, the least
//!   value no option has; a sum's value is the nim-sum (exclusive or) of its parts';
//! - outcomes in misère play (Siegel, *Combinatorial Game Theory*, §V.1; with draws as in
//!   Smith, *Graphs and composite games*, 1966): a position with no option is won by its mover
//!   (N); else N when some option is P, else D when some option is drawn, else P; in normal
//!   play ([`NormalOutcome`], the guard's rule of outcomes) the same but a position with no
//!   option is lost by its mover (P);
//! - remoteness (Smith 1966; [`crate::theory::remoteness::of_options`]): 0 with no option;
//!   else 1 + the least remoteness of an option lost for its mover (win fast), else 1 + the
//!   greatest (lose slow); a conjunctive compound's remoteness is its parts' least (Smith's
//!   rule, [`crate::theory::remoteness`]);
//! - score (the mover's total minus the opponent's, [`crate::explore::score`]): the final gain
//!   of a position that ends the game, else the greatest `gain - value(option)` (0 with no
//!   option);
//! - partizan numbers (the simplicity theorem: Conway, *On Numbers and Games*, Theorem 11):
//!   the simplest number strictly between Left's best and Right's best option.
//!
//! **Adding a kind** means one implementation of [`ValueKind`]: its rule
//! ([`ValueKind::of_options`]), its text ([`ValueKind::show`], [`ValueKind::read`],
//! [`ValueKind::said`], [`ValueKind::json`]), its noun in the reports, how its values go into
//! the pattern search as nonnegative integers `G` ([`ValueKind::encoding`], by default the
//! shift of [`Encoding::of`]: "G: the value times 2^E plus c"), how the parts of a compound
//! combine ([`ValueKind::combine`], or why they do not) and which option is best to play
//! ([`ValueKind::best`]). The test module adds a toy kind, the length of the longest play
//! (both players make the game long), and runs it through the far search and guard (a
//! pattern found on a box answers far where the toy's rule holds, and is refuted where the
//! game changes), checked against a search over the game's positions.
//!
//! **Written once over the kind:** the far search and guard ([`crate::explore::far`]), the
//! one `--serve` player ([`crate::explore::answers::player`]: the request, the sum by
//! [`ValueKind::combine`], `POS ?` by [`ValueKind::said`], the move rule and the move written;
//! each kind's `Plays` says how a part's value is had), the best moves of explored and far
//! positions, the sums of `--at`, the tables of remotenesses and scores
//! ([`crate::explore::report::entries`]), and `--list`, `--count`, `--svg` and `--check` of
//! remoteness, scores and partizan values (over
//! [`crate::explore::report::entries::Outcomes`]). **Still per kind:** the computation of the
//! values on the game graph (`game::values`, `kind::remoteness`, `kind::score`,
//! `kind::partizan`), the Grundy tables, `--list`, `--check` and the partial table of the
//! impartial runner, the JSON entries and report lines of each runner, the guard of partizan
//! numbers over both players' options (`guard::partizan`), and how the player values far parts
//! (the guard of the Grundy table, the partizan exploration within each part's budget, the
//! misère sums).

use crate::explore::table::NO_VALUE;

/// An outcome as a value of [`MisereOutcome`]: the previous player (the one who just moved)
/// wins.
pub const P: i128 = 0;
/// The next player (the one to move) wins.
pub const N: i128 = 1;
/// Drawn: neither can force a win (loopy games).
pub const D: i128 = 2;
/// A drawn position's [`Remoteness`] value (it has no remoteness).
pub const DRAWN: i128 = -1;

/// The options of one position as a rule reads them: each option's value with the gain of the
/// move to it (scores; 0 for the other kinds), Right's options' values for a partizan kind
/// (`None`: an impartial listing), and the final gain when the position ends the game
/// (scores).
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// Every option (Left's, for a partizan kind): `(value, gain)`.
    pub options: &'a [(i128, i64)],
    /// Right's options' values (partizan kinds only).
    pub right: Option<&'a [i128]>,
    /// The position ends the game with this gain (`= GAIN`, scores only).
    pub terminal: Option<i64>,
}

impl<'a> Options<'a> {
    /// The options of an impartial position, each `(value, gain)`.
    pub fn of(options: &'a [(i128, i64)]) -> Self {
        Options { options, right: None, terminal: None }
    }

    /// The options' values, without the gains.
    pub fn values(&self) -> impl Iterator<Item = i128> + '_ {
        self.options.iter().map(|&(v, _)| v)
    }
}

/// How parts are played together in a compound (Conway, *On Numbers and Games*, ch. 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compound {
    /// A sum: a move in exactly one part (`A + B`).
    Disjunctive,
    /// A move in every part; it ends when one part ends (`A & B`).
    Conjunctive,
    /// A move in any nonempty set of parts (`A | B`).
    Selective,
}

/// How a box's values go into the pattern search, whose tables hold integers
/// `0 ..= 2^32 - 3`: the table holds `G = sign * value + offset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encoding {
    /// 1, or -1 when no value is positive (the values go in negated).
    pub sign: i128,
    /// The shift `K` that makes every value nonnegative (0 with sign -1).
    pub offset: i128,
}

impl Encoding {
    /// Values as they are.
    pub const PLAIN: Encoding = Encoding { sign: 1, offset: 0 };

    /// The encoding of `values` (the box's, `None` for no value): as they are when none is
    /// negative; negated when none is positive and some is negative; else shifted by the
    /// least `K` that makes every one nonnegative. `Err((lo, hi))`: the values span more than
    /// `2^32 - 3`, beyond the tables.
    pub fn of(values: &[Option<i128>]) -> Result<Encoding, (i128, i128)> {
        let lo = values.iter().flatten().copied().min().unwrap_or(0);
        let hi = values.iter().flatten().copied().max().unwrap_or(0);
        let sign = if hi <= 0 && lo < 0 { -1 } else { 1 };
        let offset = if sign < 0 { 0 } else { (-lo).max(0) };
        let top = if sign < 0 { -lo } else { hi + offset };
        if top > i128::from(NO_VALUE - 2) {
            return Err((lo, hi));
        }
        Ok(Encoding { sign, offset })
    }

    /// The table's integer for `v` (within the range [`Encoding::of`] accepted).
    pub fn encode(self, v: i128) -> u32 {
        (self.sign * v + self.offset) as u32
    }

    /// The value a table integer `g` (a pattern's `G`) stands for.
    pub fn decode(self, g: u64) -> i128 {
        self.sign * (i128::from(g) - self.offset)
    }

    /// The words of a pattern `words` found on the encoded values of `name` (e.g. `value`,
    /// `value times 2^3`): what `G` is.
    pub fn words(self, words: &str, name: &str) -> String {
        if self.sign < 0 {
            format!("{words} (G: minus the {name}, which is never positive on the box)")
        } else if self.offset == 0 {
            format!("{words} (G: the {name})")
        } else {
            let k = self.offset;
            format!("{words} (G: the {name} + {k}; the {name} is G - {k})")
        }
    }
}

/// A kind of value: see the module documentation for what each duty means.
pub trait ValueKind {
    /// The noun of one value in the reports (`remoteness`, `value`).
    fn noun(&self) -> &'static str;

    /// The noun of several values (`remotenesses`, `values`).
    fn nouns(&self) -> &'static str;

    /// What a pattern's integer `G` is before its shift (`value`, `value times 2^3`).
    fn scaled_noun(&self) -> String {
        self.noun().to_string()
    }

    /// The value the game's rule gives a position from its options' values; `Err(why)` when
    /// the rule cannot say (a drawn option, a partizan rule without Right's options, a value
    /// beyond the kind's integers).
    fn of_options(&self, options: &Options) -> Result<i128, String>;

    /// A value as the table writes it.
    fn show(&self, v: i128) -> String;

    /// A value read back from [`ValueKind::show`]'s text, or why not.
    fn read(&self, text: &str) -> Result<i128, String>;

    /// How the box's values go into the pattern search (`Err`: why none is searched).
    fn encoding(&self, values: &[Option<i128>]) -> Result<Encoding, String> {
        Encoding::of(values).map_err(|(lo, hi)| {
            format!(
                "no pattern searched: the {} of the box span {lo}..{hi}, more than 2^32 - 3 apart (the pattern families read 32-bit values)",
                self.nouns()
            )
        })
    }

    /// The value of a compound from its parts' values, or why the kind's values do not decide
    /// it.
    fn combine(&self, how: Compound, parts: &[i128]) -> Result<i128, String>;

    /// A value as `--serve` answers `POSITION ?` (by default as the table writes it).
    fn said(&self, v: i128) -> String {
        self.show(v)
    }

    /// The fields of a position's JSON entry for value `v` (beside `position`; an unknown
    /// value is `"outcome": "?"` for every kind, [`crate::explore::report::entries::json`]).
    fn json(&self, v: i128, entry: &mut serde_json::Map<String, serde_json::Value>) {
        entry.insert("value".into(), serde_json::Value::String(self.show(v)));
    }

    /// Whether moving to an option of value `option` with gain `gain` is a best move from a
    /// position of value `value` (`ends`: the position ends the game, which has no move).
    fn best(&self, value: i128, option: i128, gain: i64, ends: bool) -> bool;

    /// Are the kind's integers codes with no arithmetic meaning (indices of values), so that
    /// only the families that copy values are searched ([`crate::explore::far::COPYING`])?
    fn copies_only(&self) -> bool {
        false
    }
}

/// `Err`: the kind has no rule for this compound.
fn refuse(kind: &str, how: Compound) -> Result<i128, String> {
    let name = match how {
        Compound::Disjunctive => "a sum",
        Compound::Conjunctive => "a conjunctive compound",
        Compound::Selective => "a selective compound",
    };
    let kinds = if kind.ends_with('s') { format!("{kind}es") } else { format!("{kind}s") };
    Err(format!("the {kind} of {name} is not a function of its parts' {kinds}"))
}

/// Grundy values in normal play.
#[derive(Debug, Clone, Copy, Default)]
pub struct Grundy;

impl ValueKind for Grundy {
    fn noun(&self) -> &'static str {
        "Grundy value"
    }
    fn nouns(&self) -> &'static str {
        "Grundy values"
    }
    fn of_options(&self, options: &Options) -> Result<i128, String> {
        let mut seen: Vec<u64> = Vec::with_capacity(options.options.len());
        for v in options.values() {
            seen.push(
                u64::try_from(v).map_err(|_| format!("an option has no Grundy value ({v})"))?,
            );
        }
        seen.sort_unstable();
        seen.dedup();
        // The mex: the first gap in the sorted distinct values.
        let mex =
            seen.iter().enumerate().find(|&(i, &v)| v != i as u64).map_or(seen.len(), |x| x.0);
        Ok(mex as i128)
    }
    fn show(&self, v: i128) -> String {
        v.to_string()
    }
    fn read(&self, text: &str) -> Result<i128, String> {
        text.trim()
            .parse::<u64>()
            .map(i128::from)
            .map_err(|_| format!("'{text}' is not a Grundy value"))
    }
    fn combine(&self, how: Compound, parts: &[i128]) -> Result<i128, String> {
        match how {
            Compound::Disjunctive => Ok(parts.iter().fold(0, |a, &b| a ^ b)),
            _ => refuse("Grundy value", how),
        }
    }
    fn best(&self, value: i128, option: i128, _gain: i64, _ends: bool) -> bool {
        value != 0 && option == 0
    }
    /// `P 0`, or `N *3` (nimber notation, so that it never reads as a remoteness).
    fn said(&self, v: i128) -> String {
        match v {
            0 => "P 0".to_string(),
            g => format!("N *{g}"),
        }
    }
}

/// The outcome from the options' outcomes: `no_move` with no option (P in normal play, N in
/// misère play); else N when some option is P, else D when some option is drawn, else P.
fn outcome_of(options: &Options, no_move: i128) -> Result<i128, String> {
    let mut drawn = false;
    for v in options.values() {
        match v {
            P => return Ok(N),
            D => drawn = true,
            N => {}
            _ => return Err(format!("an option has no outcome ({v})")),
        }
    }
    Ok(match (options.options.is_empty(), drawn) {
        (true, _) => no_move,
        (false, true) => D,
        (false, false) => P,
    })
}

/// Outcomes in misère play ([`P`], [`N`], [`D`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct MisereOutcome;

impl ValueKind for MisereOutcome {
    fn noun(&self) -> &'static str {
        "outcome"
    }
    fn nouns(&self) -> &'static str {
        "outcomes"
    }
    fn of_options(&self, options: &Options) -> Result<i128, String> {
        outcome_of(options, N)
    }
    fn show(&self, v: i128) -> String {
        match v {
            P => "P",
            N => "N",
            D => "D",
            _ => "?",
        }
        .to_string()
    }
    fn read(&self, text: &str) -> Result<i128, String> {
        match text.trim() {
            "P" => Ok(P),
            "N" => Ok(N),
            "D" => Ok(D),
            _ => Err(format!("'{text}' is not an outcome (P, N or D)")),
        }
    }
    fn combine(&self, how: Compound, parts: &[i128]) -> Result<i128, String> {
        match how {
            // Smith: a conjunctive compound's outcome is its least remoteness part's; the
            // outcomes alone decide only the one-part case.
            _ if parts.len() == 1 => Ok(parts[0]),
            Compound::Disjunctive => {
                Err("misère outcomes do not add up over sums (the parts' misère quotient decides)"
                    .to_string())
            }
            _ => refuse("outcome", how),
        }
    }
    fn best(&self, value: i128, option: i128, _gain: i64, _ends: bool) -> bool {
        (value == N && option == P) || (value == D && option == D)
    }
}

/// Outcomes in normal play ([`P`], [`N`], [`D`]): those of [`MisereOutcome`] but for a position
/// with no option, lost by its mover (P). The guard's rule where a pattern gives outcomes only
/// or the game is loopy (a finite game's values in normal play are [`Grundy`]'s).
#[derive(Debug, Clone, Copy, Default)]
pub struct NormalOutcome;

impl ValueKind for NormalOutcome {
    fn noun(&self) -> &'static str {
        "outcome"
    }
    fn nouns(&self) -> &'static str {
        "outcomes"
    }
    fn of_options(&self, options: &Options) -> Result<i128, String> {
        outcome_of(options, P)
    }
    fn show(&self, v: i128) -> String {
        MisereOutcome.show(v)
    }
    fn read(&self, text: &str) -> Result<i128, String> {
        MisereOutcome.read(text)
    }
    fn combine(&self, how: Compound, parts: &[i128]) -> Result<i128, String> {
        match how {
            _ if parts.len() == 1 => Ok(parts[0]),
            Compound::Disjunctive => {
                Err("outcomes do not add up over sums (the parts' Grundy values decide)".into())
            }
            _ => refuse("outcome", how),
        }
    }
    fn best(&self, value: i128, option: i128, gain: i64, ends: bool) -> bool {
        MisereOutcome.best(value, option, gain, ends)
    }
}

/// Remotenesses (win fast, lose slow), normal or misère play; [`DRAWN`] for a draw.
#[derive(Debug, Clone, Copy, Default)]
pub struct Remoteness {
    pub misere: bool,
}

impl Remoteness {
    /// Does the player to move win a position of (finite) remoteness `r`? Normal play: `r`
    /// odd; misère: `r` even.
    pub fn wins(self, r: i128) -> bool {
        (r % 2 == 1) != self.misere
    }
}

impl ValueKind for Remoteness {
    fn noun(&self) -> &'static str {
        "remoteness"
    }
    fn nouns(&self) -> &'static str {
        "remotenesses"
    }
    fn of_options(&self, options: &Options) -> Result<i128, String> {
        if options.values().any(|v| v < 0) {
            return Err("an option is drawn (no remoteness)".to_string());
        }
        let fast = options.values().filter(|&v| !self.wins(v)).min();
        let slow = options.values().max();
        Ok(match (fast, slow) {
            (Some(f), _) => f + 1,
            (None, Some(s)) => s + 1,
            (None, None) => 0,
        })
    }
    fn show(&self, v: i128) -> String {
        match v {
            DRAWN => "D".to_string(),
            r => format!("{}{r}", if self.wins(r) { 'N' } else { 'P' }),
        }
    }
    fn read(&self, text: &str) -> Result<i128, String> {
        let t = text.trim();
        if t == "D" {
            return Ok(DRAWN);
        }
        let bad = || format!("'{text}' is not an outcome and remoteness (N5, P4, D)");
        let (o, r) = t.split_at_checked(1).ok_or_else(bad)?;
        let r: i128 = r.parse::<u64>().map(i128::from).map_err(|_| bad())?;
        let o_right = if self.wins(r) { "N" } else { "P" };
        if o != o_right {
            return Err(format!("'{text}': remoteness {r} is outcome {o_right}"));
        }
        Ok(r)
    }
    fn combine(&self, how: Compound, parts: &[i128]) -> Result<i128, String> {
        match how {
            // Smith's rule: the least remoteness (a drawn part counts as endless).
            Compound::Conjunctive => {
                Ok(parts.iter().copied().filter(|&r| r != DRAWN).min().unwrap_or(DRAWN))
            }
            _ if parts.len() == 1 => Ok(parts[0]),
            _ => refuse("remoteness", how),
        }
    }
    /// A fastest win (to a lost option of remoteness one less), a slowest loss (to an option of
    /// remoteness one less), or, from a draw, to a drawn option.
    fn best(&self, value: i128, option: i128, _gain: i64, _ends: bool) -> bool {
        match value {
            DRAWN => option == DRAWN,
            _ => value > 0 && option == value - 1 && (!self.wins(value) || !self.wins(option)),
        }
    }
    /// `"outcome"`: `P`, `N` or `D`; `"remoteness"` unless drawn.
    fn json(&self, v: i128, entry: &mut serde_json::Map<String, serde_json::Value>) {
        let o = match v {
            DRAWN => "D",
            r if self.wins(r) => "N",
            _ => "P",
        };
        entry.insert("outcome".into(), o.into());
        if let Ok(r) = u64::try_from(v) {
            entry.insert("remoteness".into(), r.into());
        }
    }
    fn said(&self, v: i128) -> String {
        match v {
            DRAWN => "D".to_string(),
            r => format!("{} {r}", if self.wins(r) { 'N' } else { 'P' }),
        }
    }
}

/// Scores: the mover's total minus the opponent's under best play by both.
#[derive(Debug, Clone, Copy, Default)]
pub struct Score;

impl ValueKind for Score {
    fn noun(&self) -> &'static str {
        "value"
    }
    fn nouns(&self) -> &'static str {
        "values"
    }
    fn of_options(&self, options: &Options) -> Result<i128, String> {
        Ok(match options.terminal {
            Some(g) => i128::from(g),
            None => options.options.iter().map(|&(v, g)| i128::from(g) - v).max().unwrap_or(0),
        })
    }
    fn show(&self, v: i128) -> String {
        v.to_string()
    }
    fn read(&self, text: &str) -> Result<i128, String> {
        text.trim().parse::<i128>().map_err(|_| format!("'{text}' is not a score"))
    }
    fn combine(&self, how: Compound, parts: &[i128]) -> Result<i128, String> {
        match parts {
            [one] => Ok(*one),
            _ => refuse("score", how),
        }
    }
    /// `"value"` (a string: scores pass 2^64) and `"outcome"`: `win`, `draw` or `loss`.
    fn json(&self, v: i128, entry: &mut serde_json::Map<String, serde_json::Value>) {
        entry.insert("value".into(), v.to_string().into());
        entry.insert("outcome".into(), crate::explore::score::outcome(v).into());
    }
    fn best(&self, value: i128, option: i128, gain: i64, ends: bool) -> bool {
        !ends && i128::from(gain) - option == value
    }
}

#[cfg(test)]
mod tests;
