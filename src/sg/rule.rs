//! The rule language of `games sg`: what one heap may do, written as text, read into a [`Rule`]
//! and printed back in a normalised spelling.
//!
//! **Take-and-break codes** follow Winning Ways (ch. 4) and CGSuite's `TakeAndBreak`: an
//! optional digit before the point (digit 0: split a heap without taking anything), a point,
//! then digits 1, 2, 3, ... (digit k: the moves that remove k tokens). A digit is `0-9` or a
//! hexadecimal `A-F` (lower case too; bit j set = the move may leave exactly j nonempty heaps,
//! so octal `7` = leave 0, 1 or 2 heaps and hexadecimal `F` also 3); `G-V` (16 to 31) only in
//! a code that says its base, `b32:0.G`, since a letter O, I or L typed for 0 or 1 would
//! otherwise run another game; `u` is the modifier `!`. Or `&N;` for larger masks, or
//! `{2,3}` listing heap counts (`{2+}`: two or more heaps, `*` = any number, zero included).
//! A digit may be followed by one modifier on the sizes it leaves: `!` pairwise unequal (`4!.0`
//! is Grundy's game; Czajka's `u` is read as `!`), `?` not all equal, `=` all equal. A repeating
//! tail `[..]` may close the code (`0.[3]` is Nim). The leading `0` is optional (`.07`).
//! Digits before the point that *add* tokens (CGSuite's `14.0`) and loops (digit 0 leaving 0 or 1
//! heap) are refused.
//!
//! **Subtraction games** `sub:1,3,4`, `allbut:2,3,7`, `bash:M` list amounts from 1 to 2^63 - 1,
//! each an amount or a range `L..R` (`sub:1,2,10..20`, `allbut:5..9`); runs of three or more
//! amounts are printed as ranges. A set of at most [`MAX_LISTED`] amounts, none above
//! [`MAX_AMOUNT`], is a code too (digit `3` at each amount that may be taken: [`Rule::Sub`],
//! [`Rule::AllBut`]); larger sets are kept as ranges ([`Rule::SubRanges`], [`Rule::AllButRanges`])
//! and computed by the range engine of `values`. **Named rules** of this project's problems:
//! `split-nim`, `multi-sg:F`, `hdu6892` (alias `lunch`), `hdu1848` (alias `fibonacci`); and the
//! classic codes by name ([`NAMES`]: `kayles` is `0.77`, `grundy` is `4!.0`, ...).

use super::code::{Code, Digit, Equality};
use std::fmt;

/// The largest amount a set kept as a code ([`Rule::Sub`], [`Rule::AllBut`]) may name (the code
/// has one digit per amount, so this bounds its memory); larger sets are kept as ranges.
pub const MAX_AMOUNT: u64 = 1_000_000;

/// The most amounts a set kept as a code may have (more: kept as ranges).
pub const MAX_LISTED: u64 = 1024;

/// The largest amount a set may name at all: 2^63 - 1.
pub const MAX_SET_AMOUNT: u64 = i64::MAX as u64;

/// The classic take-and-break games by name (Winning Ways; Flammenkamp's tables).
pub const NAMES: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawson", "0.07"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("grundy", "4!.0"),
    ("officers", "0.6"),
    ("treblecross", "0.007"),
    ("guiles", "0.15"),
    ("nim", "0.[3]"),
    ("lasker", "4.[3]"),
];

/// The classic name of a code, if it has one (the first in [`NAMES`]).
pub fn name_of(code: &Code) -> Option<&'static str> {
    let spelled = code_to_string(code);
    NAMES.iter().find(|(_, c)| *c == spelled).map(|(n, _)| *n)
}

/// A rule for one heap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// A take-and-break code as written in code notation.
    Code(Code),
    /// Take exactly s tokens for some s in the (sorted, distinct, positive) set.
    Sub(Vec<u64>),
    /// Take any positive amount except these (sorted, distinct, positive).
    AllBut(Vec<u64>),
    /// Take 1..=M tokens.
    Bash(u64),
    /// Take s tokens for s in one of these ranges (inclusive, sorted, disjoint, not adjacent):
    /// a set too large for a code (more than [`MAX_LISTED`] amounts or one above
    /// [`MAX_AMOUNT`]).
    SubRanges(Vec<(u64, u64)>),
    /// Take any positive amount except those in these ranges (as for [`Rule::SubRanges`]).
    AllButRanges(Vec<(u64, u64)>),
    /// AcWing 894: replace a heap of x by two heaps, each smaller than x (0 allowed).
    SplitNim,
    /// HNOI2014 江南乐: split a heap of x >= F into M >= 2 heaps as evenly as possible.
    MultiSg(u64),
    /// HDU 6892: cut a piece of length l into k >= 2 equal pieces, k dividing l.
    Lunch,
    /// HDU 1848: take a Fibonacci number (1, 2, 3, 5, 8, ...) of tokens.
    Fibonacci,
}

/// A rule that could not be read: where (a byte offset into the text) and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError {
    /// The rule as given.
    pub text: String,
    /// Byte offset of the offending character (`text.len()` for "ended too early").
    pub at: usize,
    /// What was expected there, in words.
    pub expected: String,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let found = match self.text[self.at..].chars().next() {
            Some(c) => format!("{c:?}"),
            None => "the end of the rule".to_string(),
        };
        let column = self.text[..self.at].chars().count();
        write!(
            f,
            "bad rule, column {}: expected {}, found {}\n  {}\n  {}^",
            column + 1,
            self.expected,
            found,
            self.text,
            " ".repeat(column)
        )
    }
}

impl std::error::Error for RuleError {}

impl Rule {
    /// Reads a rule (see the module doc for the notation).
    ///
    /// ```
    /// use games::sg::rule::Rule;
    /// assert_eq!(Rule::parse(".77").unwrap().to_string(), "0.77");
    /// assert_eq!(Rule::parse("4u.0").unwrap().to_string(), "4!.0");
    /// assert_eq!(Rule::parse("sub:4,1,3").unwrap().to_string(), "sub:1,3,4");
    /// let e = Rule::parse("0.7x").unwrap_err();
    /// assert_eq!(e.at, 3);
    /// ```
    pub fn parse(text: &str) -> Result<Rule, RuleError> {
        let err = |at: usize, expected: &str| RuleError {
            text: text.to_string(),
            at,
            expected: expected.to_string(),
        };
        if let Some(rest) = text.strip_prefix("sub:") {
            let set = parse_amounts(text, 4, rest, false)?;
            return Ok(amounts_rule(set, false));
        }
        if let Some(rest) = text.strip_prefix("allbut:") {
            let set = parse_amounts(text, 7, rest, true)?;
            return Ok(amounts_rule(set, true));
        }
        if let Some(rest) = text.strip_prefix("bash:") {
            return match parse_number(text, 5, rest)? {
                (0, _) => Err(err(5, "an amount from 1 to 2^63 - 1")),
                (m, _) if m > MAX_SET_AMOUNT => Err(err(5, "an amount from 1 to 2^63 - 1")),
                (m, end) if end == text.len() => Ok(Rule::Bash(m)),
                (_, end) => Err(err(end, "one amount M (bash:M)")),
            };
        }
        if let Some(&(_, code)) = NAMES.iter().find(|(n, _)| *n == text) {
            return parse_code(code, 0, Base::Hex).map(Rule::Code);
        }
        if let Some(rest) = text.strip_prefix("multi-sg:") {
            return match parse_number(text, 9, rest)? {
                (f, end) if end == text.len() => Ok(Rule::MultiSg(f)),
                (_, end) => Err(err(end, "the end of the rule after multi-sg:F")),
            };
        }
        match text {
            "split-nim" => return Ok(Rule::SplitNim),
            "hdu6892" | "lunch" => return Ok(Rule::Lunch),
            "hdu1848" | "fibonacci" => return Ok(Rule::Fibonacci),
            "multi-sg" => return Err(err(text.len(), "':F' with the threshold F (multi-sg:F)")),
            _ => {}
        }
        let first = text.chars().next();
        if !matches!(first, Some(c) if c == '.' || c.is_ascii_alphanumeric() || c == '{' || c == '&' || c == '*')
        {
            return Err(err(
                0,
                "a take-and-break code (0.77), a name (kayles), sub:, allbut:, bash:, split-nim, multi-sg:F, hdu6892 or hdu1848",
            ));
        }
        match text.strip_prefix("b32:") {
            Some(_) => parse_code(text, 4, Base::B32).map(Rule::Code),
            None => parse_code(text, 0, Base::Hex).map(Rule::Code),
        }
    }

    /// The rule as a take-and-break code, where it is one (codes and subtraction games).
    pub fn code(&self) -> Option<Code> {
        let three = Digit { heaps: 0b11, at_least: None, equality: Equality::Any };
        let from_amounts = |set: &[u64], allbut: bool| {
            let max = set.last().copied().unwrap_or(0) as usize;
            let mut digits = vec![Digit::ZERO; max + 1];
            for (k, d) in digits.iter_mut().enumerate().skip(1) {
                if set.binary_search(&(k as u64)).is_ok() != allbut {
                    *d = three;
                }
            }
            let tail = if allbut { vec![three] } else { Vec::new() };
            normalise(Code { digits, tail })
        };
        match self {
            Rule::Code(c) => Some(c.clone()),
            Rule::Sub(set) => Some(from_amounts(set, false)),
            Rule::AllBut(set) => Some(from_amounts(set, true)),
            Rule::Bash(m) if *m <= MAX_LISTED => {
                let set: Vec<u64> = (1..=*m).collect();
                Some(from_amounts(&set, false))
            }
            _ => None,
        }
    }

    /// The amounts a one-heap subtraction rule may take, as inclusive ranges (sorted,
    /// disjoint; `u64::MAX` closes an open-ended range: every larger amount): `None` for rules
    /// that are not subtraction games written as sets (codes, named rules).
    pub fn amount_ranges(&self) -> Option<Vec<(u64, u64)>> {
        let of_set = |set: &[u64]| {
            let mut out: Vec<(u64, u64)> = Vec::new();
            for &a in set {
                match out.last_mut() {
                    Some(last) if last.1 + 1 == a => last.1 = a,
                    _ => out.push((a, a)),
                }
            }
            out
        };
        match self {
            Rule::Sub(set) => Some(of_set(set)),
            Rule::AllBut(set) => Some(complement(&of_set(set))),
            Rule::Bash(m) => Some(vec![(1, *m)]),
            Rule::SubRanges(r) => Some(r.clone()),
            Rule::AllButRanges(r) => Some(complement(r)),
            _ => None,
        }
    }

    /// Is this a named rule whose option depends on n / k (no period theorem applies)?
    pub fn is_divisive(&self) -> bool {
        matches!(self, Rule::MultiSg(_) | Rule::Lunch)
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |set: &[u64]| {
            let mut r: Vec<(u64, u64)> = Vec::new();
            for &a in set {
                match r.last_mut() {
                    Some(last) if last.1 + 1 == a => last.1 = a,
                    _ => r.push((a, a)),
                }
            }
            ranges_to_string(&r)
        };
        match self {
            Rule::Code(c) => write!(f, "{}", code_to_string(c)),
            Rule::Sub(set) => write!(f, "sub:{}", list(set)),
            Rule::AllBut(set) => write!(f, "allbut:{}", list(set)),
            Rule::SubRanges(r) => write!(f, "sub:{}", ranges_to_string(r)),
            Rule::AllButRanges(r) => write!(f, "allbut:{}", ranges_to_string(r)),
            Rule::Bash(m) => write!(f, "bash:{m}"),
            Rule::SplitNim => write!(f, "split-nim"),
            Rule::MultiSg(x) => write!(f, "multi-sg:{x}"),
            Rule::Lunch => write!(f, "hdu6892"),
            Rule::Fibonacci => write!(f, "hdu1848"),
        }
    }
}

/// Reads a decimal number starting at byte `at` of `text` (`rest` = `&text[at..]`); returns
/// the number and the offset just past it.
fn parse_number(text: &str, at: usize, rest: &str) -> Result<(u64, usize), RuleError> {
    let len = rest.bytes().take_while(u8::is_ascii_digit).count();
    let err =
        |expected: &str| RuleError { text: text.to_string(), at, expected: expected.to_string() };
    if len == 0 {
        return Err(err("a decimal number"));
    }
    match rest[..len].parse::<u64>() {
        Ok(v) => Ok((v, at + len)),
        Err(_) => Err(err("a number below 2^64")),
    }
}

/// The ranges `(a, b)` in words: `1,3..7` (a run of two is written as two amounts).
fn ranges_to_string(r: &[(u64, u64)]) -> String {
    let mut parts = Vec::new();
    for &(a, b) in r {
        match b - a {
            0 => parts.push(a.to_string()),
            1 => {
                parts.push(a.to_string());
                parts.push(b.to_string());
            }
            _ => parts.push(format!("{a}..{b}")),
        }
    }
    parts.join(",")
}

/// The amounts from 1 not in `r` (sorted, disjoint ranges), the last range open-ended
/// (`u64::MAX`).
fn complement(r: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut next = 1u64;
    for &(a, b) in r {
        if a > next {
            out.push((next, a - 1));
        }
        next = b + 1;
    }
    out.push((next, u64::MAX));
    out
}

/// A set of amounts as a rule: a code when it is small ([`MAX_LISTED`] amounts, none above
/// [`MAX_AMOUNT`]), ranges otherwise.
fn amounts_rule(ranges: Vec<(u64, u64)>, allbut: bool) -> Rule {
    let count = ranges.iter().fold(0u64, |c, &(a, b)| c.saturating_add(b - a + 1));
    let top = ranges.last().map_or(0, |r| r.1);
    if count <= MAX_LISTED && top <= MAX_AMOUNT {
        let set: Vec<u64> = ranges.iter().flat_map(|&(a, b)| a..=b).collect();
        if allbut { Rule::AllBut(set) } else { Rule::Sub(set) }
    } else if allbut {
        Rule::AllButRanges(ranges)
    } else {
        Rule::SubRanges(ranges)
    }
}

/// A comma-separated list of amounts `a` or ranges `a..b`, each from 1 to [`MAX_SET_AMOUNT`]:
/// sorted, merged ranges (overlapping and adjacent ones joined).
fn parse_amounts(
    text: &str,
    start: usize,
    rest: &str,
    may_be_empty: bool,
) -> Result<Vec<(u64, u64)>, RuleError> {
    let mut set = Vec::new();
    let mut at = start;
    if rest.is_empty() && may_be_empty {
        return Ok(set);
    }
    let bad = |at: usize, expected: &str| RuleError {
        text: text.to_string(),
        at,
        expected: expected.to_string(),
    };
    loop {
        let (a, mut end) = parse_number(text, at, &text[at..])?;
        if a == 0 || a > MAX_SET_AMOUNT {
            return Err(bad(at, "an amount from 1 to 2^63 - 1"));
        }
        let mut b = a;
        if text[end..].starts_with("..") {
            let from = end + 2;
            let (v, e) = parse_number(text, from, &text[from..])?;
            if v > MAX_SET_AMOUNT {
                return Err(bad(from, "an amount from 1 to 2^63 - 1"));
            }
            if v < a {
                return Err(bad(from, &format!("the end of a range, at least its start {a}")));
            }
            b = v;
            end = e;
        }
        set.push((a, b));
        match text.as_bytes().get(end) {
            None => break,
            Some(b',') => at = end + 1,
            Some(_) => return Err(bad(end, "',', '..' or the end of the rule")),
        }
    }
    set.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::with_capacity(set.len());
    for (a, b) in set {
        match merged.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    Ok(merged)
}

const BASE32: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";

/// The letters a code's digits may use: hexadecimal A-F always; G-V (digits 16 to 31, where O,
/// I and L pass for 0 and 1) only in a code that says so with `b32:` before it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Base {
    Hex,
    B32,
}

/// Reads one digit (with its modifier) at byte `i`; returns it and the offset past it.
fn parse_digit(text: &str, i: usize, hex: Base) -> Result<(Digit, usize), RuleError> {
    let b = text.as_bytes();
    let err = |at: usize, expected: &str| RuleError {
        text: text.to_string(),
        at,
        expected: expected.to_string(),
    };
    let (mut digit, mut j) = match b[i] {
        b'&' => {
            let (v, end) = parse_number(text, i + 1, &text[i + 1..])?;
            if b.get(end) != Some(&b';') {
                return Err(err(end, "';' closing the digit &N;"));
            }
            (Digit { heaps: v, at_least: None, equality: Equality::Any }, end + 1)
        }
        b'*' => (Digit { heaps: 0, at_least: Some(0), equality: Equality::Any }, i + 1),
        b'{' => {
            let mut heaps = 0u64;
            let mut at_least = None;
            let mut at = i + 1;
            loop {
                let (v, end) = parse_number(text, at, &text[at..])?;
                if v > 63 {
                    return Err(err(at, "a heap count from 0 to 63"));
                }
                match b.get(end) {
                    Some(b'+') => {
                        at_least = Some(v as u32);
                        if b.get(end + 1) != Some(&b'}') {
                            return Err(err(end + 1, "'}' after the open-ended count N+"));
                        }
                        at = end + 2;
                        break;
                    }
                    Some(b',') => {
                        heaps |= 1 << v;
                        at = end + 1;
                    }
                    Some(b'}') => {
                        heaps |= 1 << v;
                        at = end + 1;
                        break;
                    }
                    _ => return Err(err(end, "',', '+' or '}' in a heap-count list")),
                }
            }
            (Digit { heaps, at_least, equality: Equality::Any }, at)
        }
        c => match BASE32.iter().position(|&d| d == c.to_ascii_uppercase()) {
            Some(v) if v < 16 => {
                (Digit { heaps: v as u64, at_least: None, equality: Equality::Any }, i + 1)
            }
            Some(v) if c != b'u' && hex == Base::B32 => {
                (Digit { heaps: v as u64, at_least: None, equality: Equality::Any }, i + 1)
            }
            Some(v) if c != b'u' => {
                let hint = match c.to_ascii_uppercase() {
                    b'O' => " (the letter O: did you mean the digit 0?)",
                    b'I' | b'L' => " (did you mean the digit 1?)",
                    _ => "",
                };
                return Err(err(
                    i,
                    &format!(
                        "a code digit (0-9, hexadecimal A-F, &N;, {{..}} or *); a letter past F is digit {v} only in a code that says its base, `b32:` before it{hint}"
                    ),
                ));
            }
            _ => return Err(err(i, "a code digit (0-9, A-F, &N;, {..} or *)")),
        },
    };
    match b.get(j) {
        Some(b'!') | Some(b'u') => digit.equality = Equality::Unequal,
        Some(b'?') => digit.equality = Equality::NotAllEqual,
        Some(b'=') => digit.equality = Equality::AllEqual,
        _ => j -= 1,
    }
    Ok((digit, j + 1))
}

/// Reads a whole take-and-break code and normalises it.
fn parse_code(text: &str, start: usize, base: Base) -> Result<Code, RuleError> {
    let b = text.as_bytes();
    let err = |at: usize, expected: &str| RuleError {
        text: text.to_string(),
        at,
        expected: expected.to_string(),
    };
    let mut i = start;
    let mut before: Vec<(Digit, usize)> = Vec::new();
    while i < b.len() && b[i] != b'.' {
        let (d, next) = parse_digit(text, i, base)?;
        before.push((d, i));
        i = next;
    }
    if i == b.len() {
        return Err(err(i, "'.' (a code is written like 0.77 or .77)"));
    }
    if before.len() > 1 {
        return Err(err(
            before[0].1,
            "one digit before the point (digits that add tokens are not supported)",
        ));
    }
    let zero = before.first().map_or(Digit::ZERO, |d| d.0);
    if zero.heaps & 0b11 != 0 || matches!(zero.at_least, Some(0) | Some(1)) {
        return Err(err(
            before[0].1,
            "a digit 0 that leaves 2 or more heaps (leaving 0 or 1 heap without taking a token is a loop)",
        ));
    }
    i += 1;
    let mut digits = vec![zero];
    let mut tail = Vec::new();
    let mut in_tail = false;
    while i < b.len() {
        match b[i] {
            b'[' if !in_tail => {
                in_tail = true;
                i += 1;
            }
            b']' if in_tail => {
                if tail.is_empty() {
                    return Err(err(i, "at least one digit inside [..]"));
                }
                if i + 1 != b.len() {
                    return Err(err(i + 1, "the end of the code after the repeating tail [..]"));
                }
                in_tail = false;
                i += 1;
            }
            _ => {
                let (d, next) = parse_digit(text, i, base)?;
                if in_tail {
                    tail.push(d)
                } else {
                    digits.push(d)
                }
                i = next;
            }
        }
    }
    if in_tail {
        return Err(err(i, "']' closing the repeating tail"));
    }
    Ok(normalise(Code { digits, tail }))
}

/// One spelling per game: modifiers only where they matter, redundant heap counts dropped,
/// the shortest repeating tail, trailing zero digits dropped.
pub fn normalise(code: Code) -> Code {
    let fix = |mut d: Digit| {
        if let Some(j) = d.at_least {
            d.heaps &= (1u64 << j) - 1;
        }
        let most = if d.at_least.is_some() { u32::MAX } else { 64 - d.heaps.leading_zeros() };
        if most <= 2 || (d.heaps == 0 && d.at_least.is_none()) {
            // At most one heap left: no condition on sizes means anything.
            d.equality = Equality::Any;
        }
        d
    };
    let mut digits: Vec<Digit> = code.digits.into_iter().map(fix).collect();
    let mut tail: Vec<Digit> = code.tail.into_iter().map(fix).collect();
    if tail.iter().all(|d| *d == Digit::ZERO) {
        tail.clear();
    }
    // The shortest period of the tail.
    if let Some(p) = (1..=tail.len())
        .find(|&p| tail.len().is_multiple_of(p) && (p..tail.len()).all(|i| tail[i] == tail[i - p]))
    {
        tail.truncate(p);
    }
    if tail.is_empty() {
        while digits.len() > 1 && digits.last() == Some(&Digit::ZERO) {
            digits.pop();
        }
    } else {
        // Fold written digits into the tail: 0.3[3] is 0.[3].
        while digits.len() > 1 && digits.last() == tail.last() {
            digits.pop();
            tail.rotate_right(1);
        }
    }
    Code { digits, tail }
}

fn digit_to_string(d: &Digit) -> String {
    let mut s = match d.at_least {
        None if d.heaps < 32 => (BASE32[d.heaps as usize] as char).to_string(),
        None => format!("&{};", d.heaps),
        Some(0) if d.heaps == 0 => "*".to_string(),
        Some(j) => {
            let mut parts: Vec<String> =
                (0..64).filter(|b| d.heaps >> b & 1 == 1).map(|b: u32| b.to_string()).collect();
            parts.push(format!("{j}+"));
            format!("{{{}}}", parts.join(","))
        }
    };
    match d.equality {
        Equality::Any => {}
        Equality::Unequal => s.push('!'),
        Equality::NotAllEqual => s.push('?'),
        Equality::AllEqual => s.push('='),
    }
    s
}

/// Each nonzero digit of a code in words, as the echo line of `games sg` gives it:
/// `digit 1 = 3: take 1, leaving 0 or 1 heaps; digit 2 = 7: take 2, leaving 0, 1 or 2 heaps`
/// (at most 8 digits, then how many more; a repeating tail says from which digit on).
pub fn spelled_out(code: &Code) -> String {
    let mut parts = Vec::new();
    let written = code.digits.iter().enumerate().map(|(k, d)| (k, d, false));
    let tail = code.tail.iter().enumerate().map(|(j, d)| (code.digits.len() + j, d, true));
    let nonzero: Vec<_> =
        written.chain(tail).filter(|(_, d, _)| d.heaps != 0 || d.at_least.is_some()).collect();
    for &(k, d, repeats) in nonzero.iter().take(8) {
        let mut counts: Vec<String> =
            (0..64).filter(|b| d.heaps >> b & 1 == 1).map(|b: u32| b.to_string()).collect();
        if let Some(j) = d.at_least {
            counts.push(format!("{j} or more"));
        }
        let last = counts.pop().unwrap_or_default();
        let counts =
            if counts.is_empty() { last } else { format!("{} or {last}", counts.join(", ")) };
        let what = if k == 0 { "split, taking none".to_string() } else { format!("take {k}") };
        let sizes = match d.equality {
            Equality::Any => "",
            Equality::Unequal => " of unequal sizes",
            Equality::NotAllEqual => " not all equal",
            Equality::AllEqual => " all equal",
        };
        let again = match code.tail.len() {
            _ if !repeats => String::new(),
            1 => ", and so every later digit".to_string(),
            p => format!(", and every {p}th digit after it"),
        };
        let heaps = if counts == "1" { "heap" } else { "heaps" };
        let d_text = digit_to_string(d);
        parts.push(format!("digit {k} = {d_text}: {what}, leaving {counts} {heaps}{sizes}{again}"));
    }
    if nonzero.len() > 8 {
        parts.push(format!("{} more", nonzero.len() - 8));
    }
    parts.join("; ")
}

/// The normalised spelling of a code: `0.77`, `4!.0`, `0.[3]`.
pub fn code_to_string(code: &Code) -> String {
    let past_f = |d: &Digit| d.at_least.is_none() && (16..32).contains(&d.heaps);
    let mut s = if code.digits.iter().chain(&code.tail).any(past_f) {
        "b32:".to_string()
    } else {
        String::new()
    };
    s.push_str(&digit_to_string(&code.digits[0]));
    s.push('.');
    for d in &code.digits[1..] {
        s.push_str(&digit_to_string(d));
    }
    if code.digits.len() == 1 && code.tail.is_empty() {
        s.push('0');
    }
    if !code.tail.is_empty() {
        s.push('[');
        for d in &code.tail {
            s.push_str(&digit_to_string(d));
        }
        s.push(']');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(s: &str) -> String {
        Rule::parse(s).map(|r| r.to_string()).unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn spellings() {
        assert_eq!(norm("0.77"), "0.77");
        assert_eq!(norm("b32:0.G"), "b32:0.G");
        assert_eq!(norm("b32:0.7"), "0.7");
        assert_eq!(norm("0.&16;"), "b32:0.G");
        assert!(norm("4.3O33").contains("did you mean the digit 0?"));
        assert!(norm("0.3g").contains("only in a code that says its base"));
        assert_eq!(norm(".07"), "0.07");
        assert_eq!(norm("0.070"), "0.07");
        assert_eq!(norm("4.07"), "4.07");
        assert_eq!(norm("0.3f"), "0.3F");
        assert_eq!(norm("4!.0"), "4!.0");
        assert_eq!(norm("4u.0"), "4!.0");
        assert_eq!(norm("4.0"), "4.0");
        assert_eq!(norm("8.0"), "8.0");
        assert_eq!(norm("0.[3]"), "0.[3]");
        assert_eq!(norm("0.3[33]"), "0.[3]");
        assert_eq!(norm("0.1[0]"), "0.1");
        assert_eq!(norm("0.7!"), "0.7!");
        assert_eq!(norm("0.3!"), "0.3");
        assert_eq!(norm("0.{2+}"), "0.{2+}");
        assert_eq!(norm("0.{1,2,3+}"), "0.{1,2,3+}");
        assert_eq!(norm("0.{1,4,3+}"), "0.{1,3+}");
        assert_eq!(norm("0.&64;"), "0.&64;");
        assert_eq!(norm("0.*"), "0.*");
        assert_eq!(norm("allbut:7,2,3"), "allbut:2,3,7");
        assert_eq!(norm("bash:3"), "bash:3");
        assert_eq!(norm("lunch"), "hdu6892");
        assert_eq!(norm("multi-sg:5"), "multi-sg:5");
    }

    #[test]
    fn the_digits_spelled_out() {
        let code = |s: &str| Rule::parse(s).unwrap().code().unwrap();
        assert_eq!(
            spelled_out(&code("4.3033")),
            "digit 0 = 4: split, taking none, leaving 2 heaps; digit 1 = 3: take 1, leaving 0 or 1 heaps; \
             digit 3 = 3: take 3, leaving 0 or 1 heaps; digit 4 = 3: take 4, leaving 0 or 1 heaps"
        );
        assert_eq!(spelled_out(&code("0.2!")), "digit 1 = 2: take 1, leaving 1 heap");
        assert!(spelled_out(&code("0.[3]")).ends_with("and so every later digit"));
    }

    #[test]
    fn subtraction_codes() {
        let c = |s: &str| code_to_string(&Rule::parse(s).unwrap().code().unwrap());
        assert_eq!(c("sub:1,3,4"), "0.3033");
        assert_eq!(c("allbut:2,3,7"), "0.3003330[3]");
        assert_eq!(c("allbut:"), "0.[3]");
        assert_eq!(c("bash:3"), "0.333");
    }

    #[test]
    fn errors_point_at_the_character() {
        let at = |s: &str| Rule::parse(s).unwrap_err().at;
        assert_eq!(at("0.7x"), 3);
        assert_eq!(at("077"), 3);
        assert_eq!(at("14.0"), 0);
        assert_eq!(at("1.0"), 0);
        assert_eq!(at("0.[3]1"), 5);
        assert_eq!(at("0.[3"), 4);
        assert_eq!(at("sub:1,,3"), 6);
        assert_eq!(at("sub:0"), 4);
        assert_eq!(at("sub:1;"), 5);
        assert_eq!(at("bash:1,2"), 6);
        assert_eq!(at("0.{2,x}"), 5);
        assert_eq!(at("0.{99}"), 3);
        assert_eq!(at("multi-sg"), 8);
        assert_eq!(at("%"), 0);
        assert_eq!(at(""), 0);
        let e = Rule::parse("0.7x").unwrap_err().to_string();
        assert_eq!(
            e,
            "bad rule, column 4: expected a code digit (0-9, A-F, &N;, {..} or *), found 'x'\n  0.7x\n     ^"
        );
    }
}
