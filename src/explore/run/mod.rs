//! One `games explore` request, from the options to the report: the command line reads the
//! options into a [`Request`] (and nothing else), and [`run`] takes it through the stages of
//! [`crate::explore`] for the kind of value asked, writing the report to standard output.
//!
//! The kinds of value share one rule for the options ([`options`]): each option either works
//! in a kind or is refused, before anything runs, with one message that names the option, the
//! kind and why. Then each kind has its runner: [`impartial`] (Grundy values and outcomes,
//! normal and misère play, with [`big`] for the take games' boxes too large for a table),
//! [`remoteness`] (and `--serve` of impartial games; of games that split, `grundy_serve`
//! and, in misère play, `misere_play`), [`score`] and [`partizan`]; [`output`]
//! writes what replaces a report (`--count`, `--list`); [`from`] answers positions given as
//! text (`--from`), explored from where the game starts, in every kind.
pub mod big;
pub mod from;
pub mod from_serve;
mod grundy_serve;
pub mod impartial;
mod misere_play;
pub mod options;
pub mod output;
pub mod partizan;
mod partizan_serve;
pub mod remoteness;
pub mod score;

use anyhow::Result;
use std::process::ExitCode;
use std::time::Duration;

/// The kind of value a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Grundy values and outcomes (P, N, D) in normal play.
    Values,
    /// Outcomes in misère play (the player who cannot move wins).
    Misere,
    /// Outcomes with remoteness (`--remoteness`).
    Remoteness,
    /// Scoring games (`--score`).
    Score,
    /// Partizan values (`--partizan`).
    Partizan,
}

impl Kind {
    /// Every kind, in the order the matrix of options lists them.
    pub const ALL: [Kind; 5] =
        [Kind::Values, Kind::Misere, Kind::Remoteness, Kind::Score, Kind::Partizan];

    /// The kind as the options name it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Values => "Grundy values (the default)",
            Kind::Misere => "--misere",
            Kind::Remoteness => "--remoteness",
            Kind::Score => "--score",
            Kind::Partizan => "--partizan",
        }
    }
}

/// Everything the options of `games explore` say, read but not yet interpreted (the runners
/// parse positions, which need the box's arity, and refuse what does not fit).
#[derive(Clone, Debug, Default)]
pub struct Request {
    pub box_spec: String,
    pub moves: Option<String>,
    pub game: Option<String>,
    pub misere: bool,
    pub remoteness: bool,
    pub score: bool,
    pub partizan: bool,
    pub serve: bool,
    pub outcomes: bool,
    pub slices: Vec<String>,
    pub at: Vec<String>,
    pub at_file: Option<String>,
    /// `--from`: positions as text, explored by reach.
    pub from: Vec<String>,
    pub from_file: Option<String>,
    pub winning: Vec<String>,
    pub to: Option<u64>,
    pub max_options: Option<u64>,
    pub stream: bool,
    pub multiset: bool,
    pub check: Option<String>,
    pub json: bool,
    pub svg: Option<String>,
    pub no_table: bool,
    pub list: Option<String>,
    pub count: bool,
    pub patterns: String,
    pub big_from: Option<u64>,
    pub max_positions: u64,
    pub max_starts: u64,
    pub timeout: Duration,
    pub search_budget: u64,
    pub search_time: f64,
    pub far_starts: u64,
    pub far_checks: u64,
    pub far_check_time: f64,
    /// The options given on the command line (clap's ids), defaults left out.
    pub given: Vec<String>,
}

impl Request {
    /// Was this option given on the command line (not left to its default)?
    pub fn given(&self, id: &str) -> bool {
        self.given.iter().any(|g| g == id)
    }

    /// The texts of a repeated option: `--at` or `--winning` (`-` reads standard input).
    pub fn list_of(&self, id: &str) -> &[String] {
        match id {
            "at" => &self.at,
            "winning" => &self.winning,
            "slice" => &self.slices,
            _ => &[],
        }
    }

    /// Positions as text (`--from`, `--from-file`)?
    pub fn text_positions(&self) -> bool {
        !self.from.is_empty() || self.from_file.is_some()
    }

    /// The kind of value asked.
    pub fn kind(&self) -> Kind {
        if self.partizan {
            Kind::Partizan
        } else if self.score {
            Kind::Score
        } else if self.remoteness {
            Kind::Remoteness
        } else if self.misere {
            Kind::Misere
        } else {
            Kind::Values
        }
    }

    /// The moves program of the request (`arity` coordinates a position).
    pub fn program(&self, arity: usize) -> crate::explore::program::Program {
        crate::explore::program::Program {
            cmd: self.moves.clone().unwrap_or_default(),
            arity,
            timeout: self.timeout,
            output_cap: 1 << 30,
            multiset: self.multiset,
            stream: self.stream,
            text: None,
        }
    }
}

/// Runs one request: the options' rule for its kind first, then the kind's runner.
pub fn run(req: &Request) -> Result<ExitCode> {
    options::check(req)?;
    // Until a program runs (each runner switches to recording signals around its programs),
    // a signal ends `games` at once with its line.
    crate::harness::process::exit_on_signal();
    if req.text_positions() {
        return from::run(req);
    }
    match req.kind() {
        Kind::Partizan => partizan::run(req),
        Kind::Score => score::run(req),
        Kind::Remoteness => remoteness::run(req),
        // `--serve` of an impartial game plays by remoteness (win fast, lose slow), except a
        // game whose moves split positions: remoteness does not add up over sums, Grundy
        // values do (a moves program's splits are seen once it is explored).
        Kind::Values if req.serve && grundy_serve::builtin_splits(req) => impartial::run(req),
        // In misère play neither adds up over sums: such a game is played through its sums
        // (`misere_play`).
        Kind::Misere if req.serve && misere_play::serves(req) => impartial::run(req),
        Kind::Values | Kind::Misere if req.serve => remoteness::run(req),
        Kind::Values | Kind::Misere => impartial::run(req),
    }
}

/// `--patterns 0`, `--search-budget` and `--search-time` for every later pattern search of this
/// run (every kind): the grammar's work budget, and its wall-clock safety cap (0: no grammar).
pub(crate) fn search_settings(req: &Request) {
    crate::explore::pattern::set_search(req.patterns.trim() != "0");
    let cap = req.search_time;
    let candidates = if cap == 0.0 { 0 } else { req.search_budget };
    let cap = Duration::from_secs_f64(cap);
    crate::explore::pattern::grammar::search::set_budget(candidates, Some(cap));
}

/// The notes of the pattern search: turned off, or cut by the grammar's safety cap.
pub(crate) fn search_notes() -> Vec<String> {
    let pattern = crate::explore::pattern::search_on;
    let off = (!pattern()).then(|| crate::explore::pattern::SEARCH_OFF.to_string());
    off.into_iter().chain(crate::explore::pattern::grammar::search::take_cap_note()).collect()
}

/// A built-in game computes its box without a search, so `--max-positions`, when given, bounds
/// the box itself: a box of more positions is refused with the message a moves program's search
/// gives when it passes the budget (never silently ignored).
pub(crate) fn builtin_within_budget(
    req: &Request,
    space: &crate::explore::space::Space,
) -> Result<()> {
    let cells = space.cells_u128();
    if req.given("max-positions") && cells > u128::from(req.max_positions) {
        anyhow::bail!(
            "explore: the box {} has {cells} positions, more than --max-positions {}; raise --max-positions or use a smaller box",
            space.spec(),
            req.max_positions
        );
    }
    Ok(())
}

/// A usage error (exit 2).
pub(crate) fn usage(msg: String) -> anyhow::Error {
    anyhow::Error::new(crate::console::UsageError(msg))
}

/// The bytes of FILE, or of standard input when FILE is absent (memory-mapped when it is a
/// large regular file: [`crate::input`]).
pub(crate) fn read_input(path: Option<&str>) -> Result<crate::input::Input> {
    use anyhow::Context;
    crate::input::read_input(path.map(std::path::Path::new)).with_context(|| match path {
        Some(path) if path != "-" => {
            crate::error::escape(path.as_bytes(), crate::error::Lines::Escape)
        }
        _ => "standard input".to_string(),
    })
}

/// The exit of an interrupted run (or a program that could not be started).
pub(crate) fn interrupted(e: std::io::Error) -> ExitCode {
    crate::console::interrupted("explore", e)
}

/// `GAMES_EXPLORE_TIMING=1`: where explore's time goes, one line per phase on standard error
/// (for measurements; the report is unchanged).
pub(crate) fn timing(phase: &str, since: std::time::Instant) {
    if std::env::var_os("GAMES_EXPLORE_TIMING").is_some() {
        eprintln!("explore timing: {phase}: {:.2} ms", since.elapsed().as_secs_f64() * 1e3);
    }
}
