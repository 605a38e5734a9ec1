//! One-dimensional coin-turning games in CGSuite's `Turning` (spawning) notation, and their
//! values.
//!
//! **The games.** Coins in a row, numbered 1, 2, 3, ... from the left, each heads or tails. A
//! move turns over a set T of coins allowed by the rule, whose rightmost coin n goes from heads
//! to tails (the others may go either way). The rule depends only on n. A code is one or more
//! elements joined by `,` (a move may follow any element); an element is a count and modifiers:
//! - `a` exactly a coins, `a-b` from a to b coins, `a+` a or more (the count includes coin n);
//! - `C` consecutive coins; `E` equally spaced; `S` symmetric (T is its own mirror image about
//!   its centre); `C(m)` all coins within a span of m (n - m + 1 .. n); `F` the leftmost coin
//!   turned is coin 1.
//!
//! **The coin-turning theorem** (Winning Ways ch. 14, "Turn and Turn About"; H. W. Lenstra): a
//! row of coins is the sum of its heads, each head at n a game of its own, so the value of a row
//! is the XOR of the values G(n) of its heads, where G(n) = mex of XOR_{c in T, c != n} G(c)
//! over the moves T with rightmost coin n (the heap form, CGSuite's `Spawning`).
//!
//! **Closed forms** (Winning Ways ch. 14): Turning Turtles `1-2`: G(n) = n; Twins `2`:
//! G(n) = n - 1; Mock Turtles `1-3`: G(n) = the n-th odious number (1, 2, 4, 7, 8, 11, ...:
//! 2(n - 1) + [popcount(n - 1) even]); Ruler `1+C`: G(n) = the largest power of 2 dividing n.
//! Triplets `3`: G(1) = G(2) = 0 and G(n) = the (n - 2)-th odious number for n >= 3. Proof, by
//! induction on n: the moves of Triplets at coin n turn two coins a < b < n; read coins 1 and 2
//! as Mock Turtles' "no coin" (both worth 0) and coin c >= 3 as Mock Turtles' coin c - 2; the
//! pairs {1, 2}, {1 or 2, b} and {a, b} are then exactly Mock Turtles' moves at coin n - 2
//! turning none, one or two other coins, with the same XORs, so the mex is the same.
//!
//! **Computation without listing options one by one.** For an element with no spacing, span or
//! F constraint, the XORs of j distinct earlier coins form a set B_j kept as a bitset; when G(n)
//! = v is known, B_j gains B_{j-1} XOR v (a permutation of the bitset's indices: words move to
//! index w XOR (v >> 6), bits inside a word by six swap stages), from the largest j down. So a
//! coin costs (b - 1) bitset passes, not the O(n^(b-1)) moves. Consecutive moves use prefix
//! XORs, equally spaced ones walk each spacing, symmetric ones each centre; the rest is listed
//! within a work budget, and a rule beyond it is refused with a message.

use crate::error::AllocError;

/// Spacing constraint of an element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spacing {
    Any,
    Consecutive,
    Equal,
    Symmetric,
}

/// One element of a code: how many coins, where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    /// Fewest coins turned (including the rightmost), at least 1.
    pub lo: u64,
    /// Most coins turned; `u64::MAX` for no limit.
    pub hi: u64,
    /// Every coin turned within this many coins ending at n; `u64::MAX` for no limit.
    pub span: u64,
    pub spacing: Spacing,
    /// The leftmost coin turned is coin 1.
    pub first: bool,
}

/// A coin-turning rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The code as written (upper-case), or the game's name.
    pub text: String,
    pub elements: Vec<Element>,
}

/// The named games: (name, code), as CGSuite's `game.strip.Turning` documentation lists the
/// games of Winning Ways ch. 14 (`gold-moidores` is Winning Ways' name for `moidores`).
pub const NAMED: &[(&str, &str)] = &[
    ("turning-turtles", "1-2"),
    ("twins", "2"),
    ("mock-turtles", "1-3"),
    ("ruler", "1+C"),
    ("moebius", "1-5"),
    ("mogul", "1-7"),
    ("moidores", "1-9"),
    ("gold-moidores", "1-9"),
    ("motley", "1+"),
    ("triplets", "3"),
    ("mock-turtle-fives", "1-3C(5)"),
    ("triplet-fives", "3C(5)"),
    ("ruler-fives", "1-5C"),
    ("turnips", "3E"),
    ("grunt", "4SF"),
    ("sym", "1+S"),
    ("sympler", "1+FS"),
];

/// Reads a code (`1-3`, `1+C`, `2,4E`, `1-4C(6)`) or a name of [`NAMED`].
///
/// ```
/// use games::theory::turning::{parse, Spacing};
/// let r = parse("1-3").unwrap();
/// assert_eq!((r.elements[0].lo, r.elements[0].hi), (1, 3));
/// assert_eq!(parse("ruler").unwrap().elements[0].spacing, Spacing::Consecutive);
/// assert!(parse("0").is_err() && parse("3-1").is_err() && parse("1X").is_err());
/// ```
pub fn parse(code: &str) -> Result<Rule, String> {
    let lower = code.to_ascii_lowercase();
    let text =
        NAMED.iter().find(|(n, _)| *n == lower).map_or(code, |(_, c)| c).to_ascii_uppercase();
    let mut elements = Vec::new();
    for part in text.split(',') {
        elements.push(
            element(part.trim())
                .map_err(|e| format!("turning code '{code}': element '{part}': {e}"))?,
        );
    }
    // An element whose span is shorter than its fewest coins has no move (as in CGSuite).
    elements.retain(|e| e.span >= e.lo);
    Ok(Rule { text, elements })
}

fn element(s: &str) -> Result<Element, String> {
    let cut = s.find(|c: char| !(c.is_ascii_digit() || c == '+' || c == '-')).unwrap_or(s.len());
    let (count, mods) = s.split_at(cut);
    let num = |t: &str| -> Result<u64, String> {
        t.parse::<u64>()
            .ok()
            .filter(|&v| (1..=1 << 20).contains(&v))
            .ok_or_else(|| format!("'{t}' is not a count from 1 to 2^20"))
    };
    let (lo, hi) = if let Some(a) = count.strip_suffix('+') {
        (num(a)?, u64::MAX)
    } else if let Some((a, b)) = count.split_once('-') {
        (num(a)?, num(b)?)
    } else {
        let a = num(count)?;
        (a, a)
    };
    if lo > hi {
        return Err(format!("the range {lo}-{hi} is empty"));
    }
    let mut e = Element { lo, hi, span: u64::MAX, spacing: Spacing::Any, first: false };
    modifiers(mods, &mut e, num)?;
    e.hi = e.hi.min(e.span);
    Ok(e)
}

/// Reads the modifiers of an element into `e`. A second spacing (`C`, `E`, `S`) or a second
/// span (`C(m)`) is refused: one element has one of each (`2+CS` is not read as `2+S`).
fn modifiers(
    mods: &str,
    e: &mut Element,
    num: impl Fn(&str) -> Result<u64, String>,
) -> Result<(), String> {
    let (mut spacing, mut span) = (None::<char>, false);
    let mut rest = mods;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        if c == 'C' && rest.starts_with('(') {
            let close = rest.find(')').ok_or("'C(' without ')'")?;
            if span {
                return Err("two spans C(m): an element takes at most one".into());
            }
            span = true;
            e.span = num(&rest[1..close])?;
            rest = &rest[close + 1..];
            continue;
        }
        let s = match c {
            'C' => Spacing::Consecutive,
            'E' => Spacing::Equal,
            'S' => Spacing::Symmetric,
            'F' => {
                e.first = true;
                continue;
            }
            _ => return Err(format!("'{c}' is not a modifier (C, E, S, F, C(m))")),
        };
        if let Some(before) = spacing {
            return Err(format!(
                "two spacings '{before}' and '{c}': an element takes at most one of C, E, S"
            ));
        }
        spacing = Some(c);
        e.spacing = s;
    }
    Ok(())
}

/// Is the coin set `t` (sorted, increasing, nonempty) a move of `e`? The definition, word for
/// word (for checks and small cases).
pub fn allows(e: &Element, t: &[u64]) -> bool {
    let (a, n, j) = (t[0], t[t.len() - 1], t.len() as u64);
    if j < e.lo || j > e.hi || n - a + 1 > e.span || (e.first && a != 1) {
        return false;
    }
    match e.spacing {
        Spacing::Any => true,
        Spacing::Consecutive => n - a + 1 == j,
        Spacing::Equal => t.windows(2).all(|w| w[1] - w[0] == t[1] - t[0]),
        Spacing::Symmetric => t.iter().zip(t.iter().rev()).all(|(x, y)| x + y == a + n),
    }
}

/// The closed form of a rule, if it is one of the four of the module doc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    Identity,
    MinusOne,
    Odious,
    Ruler,
    /// Triplets: Mock Turtles two coins to the right.
    Triplets,
}

impl Closed {
    /// G(n) for n >= 1 (G(0) = 0: no coin).
    pub fn value(self, n: u64) -> Option<u64> {
        if n == 0 {
            return Some(0);
        }
        Some(match self {
            Closed::Identity => n,
            Closed::MinusOne => n - 1,
            Closed::Odious => {
                (n - 1).checked_mul(2)? + u64::from((n - 1).count_ones().is_multiple_of(2))
            }
            Closed::Ruler => 1 << n.trailing_zeros(),
            Closed::Triplets if n <= 2 => 0,
            Closed::Triplets => return Closed::Odious.value(n - 2),
        })
    }

    /// The theorem's name.
    pub fn theorem(self) -> &'static str {
        match self {
            Closed::Identity => "Turning Turtles is Nim: G(n) = n (Winning Ways ch. 14)",
            Closed::MinusOne => "Twins: G(n) = n - 1 (Winning Ways ch. 14)",
            Closed::Odious => "Mock Turtles: G(n) is the n-th odious number (Winning Ways ch. 14)",
            Closed::Ruler => {
                "Ruler: G(n) is the largest power of 2 dividing n (Winning Ways ch. 14)"
            }
            Closed::Triplets => {
                "Triplets is Mock Turtles shifted by two coins: G(n) = the (n - 2)-th odious number, 0 for n <= 2 (induction on n, see theory::turning)"
            }
        }
    }
}

/// The closed form of `rule`, when its code is exactly one of the known ones.
pub fn closed(rule: &Rule) -> Option<Closed> {
    let [e] = rule.elements.as_slice() else { return None };
    if e.first || e.span != u64::MAX {
        return None;
    }
    match (e.lo, e.hi, e.spacing) {
        (1, 2, Spacing::Any | Spacing::Equal | Spacing::Symmetric) => Some(Closed::Identity),
        (2, 2, Spacing::Any | Spacing::Equal | Spacing::Symmetric) => Some(Closed::MinusOne),
        (1, 3, Spacing::Any) => Some(Closed::Odious),
        (1, u64::MAX, Spacing::Consecutive) => Some(Closed::Ruler),
        (3, 3, Spacing::Any) => Some(Closed::Triplets),
        _ => None,
    }
}

/// Values stay below 2^24 (a larger one stops the computation with a message).
pub const MAX_VALUE: u64 = 1 << 24;
/// The most independent earlier values an unbounded rule (`1+`, `2+`) may have.
const MAX_RANK: usize = 20;

/// The most option XORs listed one by one before a rule is refused.
pub const WORK_BUDGET: u64 = 1 << 29;
/// The most bitset words the fast paths may pass over (a few seconds) before a box is refused.
pub const WORD_BUDGET: u64 = 1 << 32;

/// G(0..=top) of `rule` (G(0) = 0). `Err` when memory is refused or the rule needs more than
/// [`WORK_BUDGET`] listed moves for coins up to `top`.
pub fn values(rule: &Rule, top: u64) -> Result<Vec<u64>, String> {
    let n_all = usize::try_from(top).map_err(|_| "too many coins".to_string())? + 1;
    let mut g: Vec<u64> = crate::error::try_with_capacity(n_all, "the coin values")
        .map_err(|e: AllocError| e.to_string())?;
    g.push(0);
    let mut sets: Vec<Option<XorSets>> = rule.elements.iter().map(XorSets::new).collect();
    // Per lo of an unbounded consecutive element: the prefix XORs seen, and how many.
    let mut prefix_sets: std::collections::BTreeMap<u64, (Vec<u64>, u64)> = Default::default();
    let mut seen = Seen::default();
    let (mut work, mut words) = (0u64, 0u64);
    let mut prefix = vec![0u64]; // prefix[i] = G(1) ^ ... ^ G(i)
    for n in 1..n_all as u64 {
        seen.clear();
        for (e, fast) in rule.elements.iter().zip(sets.iter()) {
            match fast {
                Some(s) => s.mark(&mut seen),
                None if runs_of_any_length(e) => {
                    // Consecutive, no upper limit: the XORs prefix[n-1] ^ prefix[m] over every
                    // m <= n - lo, a translate of the bitset of those prefixes.
                    let m = n.checked_sub(e.lo);
                    let bits = prefix_sets.entry(e.lo).or_default();
                    if let Some(m) = m {
                        while bits.1 <= m {
                            let x = prefix[bits.1 as usize];
                            set_bit(&mut bits.0, x);
                            bits.1 += 1;
                        }
                        let c = prefix[n as usize - 1];
                        let size = bits
                            .0
                            .len()
                            .max(1)
                            .next_power_of_two()
                            .max(((c / 64) as usize + 1).next_power_of_two());
                        bits.0.resize(size, 0);
                        let mut out = vec![0u64; size];
                        xor_translate_or(&bits.0, c, &mut out);
                        if !e.first {
                            seen.or(&out);
                        }
                    }
                    work += 1;
                }
                None => list(e, n, &g, &prefix, &mut seen, &mut work)?,
            }
        }
        if sets.iter().flatten().any(|s| s.span.as_ref().is_some_and(|(b, _)| b.len() > MAX_RANK)) {
            return Err(format!("the values reach 2^{MAX_RANK} by coin {n}: too large to compute"));
        }
        words += seen.bits.len() as u64
            * (1 + sets.iter().flatten().map(|s| s.b.len() as u64).sum::<u64>())
            + prefix_sets.values().map(|b| b.0.len() as u64 * 2).sum::<u64>();
        if words > WORD_BUDGET {
            return Err(format!(
                "more than {WORD_BUDGET} bitset words to pass for coins up to {n}: lower the box"
            ));
        }
        let v = seen.mex();
        if v >= MAX_VALUE {
            return Err(format!(
                "the value of coin {n} is {v}, at least 2^24: too large to compute"
            ));
        }
        g.push(v);
        prefix.push(prefix[prefix.len() - 1] ^ v);
        for s in sets.iter_mut().flatten() {
            s.add(v);
        }
    }
    Ok(g)
}

/// Consecutive runs of any length from `lo` on, anywhere (the fast prefix path).
fn runs_of_any_length(e: &Element) -> bool {
    e.spacing == Spacing::Consecutive && e.hi == u64::MAX && e.span == u64::MAX && !e.first
}

fn set_bit(bits: &mut Vec<u64>, x: u64) {
    let w = (x / 64) as usize;
    if w >= bits.len() {
        bits.resize((w + 1).next_power_of_two(), 0);
    }
    bits[w] |= 1 << (x % 64);
}

/// The option XORs seen at one coin: a set of small integers with a mex.
#[derive(Default)]
struct Seen {
    bits: Vec<u64>,
}

impl Seen {
    fn clear(&mut self) {
        self.bits.iter_mut().for_each(|w| *w = 0);
    }
    fn insert(&mut self, v: u64) {
        let w = (v / 64) as usize;
        if w >= self.bits.len() {
            self.bits.resize((w + 1).next_power_of_two(), 0);
        }
        self.bits[w] |= 1 << (v % 64);
    }
    fn or(&mut self, other: &[u64]) {
        if other.len() > self.bits.len() {
            self.bits.resize(other.len(), 0);
        }
        for (a, b) in self.bits.iter_mut().zip(other) {
            *a |= b;
        }
    }
    fn mex(&self) -> u64 {
        for (w, &x) in self.bits.iter().enumerate() {
            if x != u64::MAX {
                return w as u64 * 64 + (!x).trailing_zeros() as u64;
            }
        }
        self.bits.len() as u64 * 64
    }
}

/// The fast path of an element with no spacing, span or F constraint: B_j, the XORs of j
/// distinct earlier coins, j = 0..=hi - 1 (or, with no upper limit and lo <= 2, the span of the
/// earlier values).
struct XorSets {
    lo: usize,
    /// B_0 .. B_{hi-1}, each `size` bits.
    b: Vec<Vec<u64>>,
    size: usize,
    /// Unbounded: the earlier values' linear span (a basis), and whether some nonempty set of
    /// earlier coins XORs to 0.
    span: Option<(Vec<u64>, bool)>,
}

impl XorSets {
    fn new(e: &Element) -> Option<XorSets> {
        if e.spacing != Spacing::Any || e.first || e.span != u64::MAX {
            return None;
        }
        if e.hi == u64::MAX {
            return (e.lo <= 2).then(|| XorSets {
                lo: e.lo as usize,
                b: Vec::new(),
                size: 0,
                span: Some((Vec::new(), false)),
            });
        }
        if e.hi > 64 {
            return None;
        }
        let mut b = vec![vec![0u64; 1]; e.hi as usize];
        b[0][0] = 1; // the empty set: XOR 0
        Some(XorSets { lo: e.lo as usize, b, size: 64, span: None })
    }

    fn mark(&self, seen: &mut Seen) {
        if let Some((basis, zero)) = &self.span {
            // Every XOR of a subset (lo = 1) or of a nonempty subset (lo = 2) of earlier coins.
            let mut all = vec![0u64];
            if basis.len() > MAX_RANK {
                return;
            }
            for &x in basis {
                let more: Vec<u64> = all.iter().map(|a| a ^ x).collect();
                all.extend(more);
            }
            for v in all {
                let _ = &v;
                if v != 0 || self.lo == 1 || *zero {
                    seen.insert(v);
                }
            }
            return;
        }
        for j in self.lo - 1..self.b.len() {
            seen.or(&self.b[j]);
        }
    }

    fn add(&mut self, v: u64) {
        if let Some((basis, zero)) = &mut self.span {
            let mut x = v;
            for &b in basis.iter() {
                x = x.min(x ^ b);
            }
            if x == 0 {
                *zero = true;
            } else {
                basis.push(x);
                basis.sort_unstable_by(|a, b| b.cmp(a));
            }
            return;
        }
        while v as usize >= self.size {
            self.size *= 2;
            for s in &mut self.b {
                s.resize(self.size / 64, 0);
            }
        }
        for j in (1..self.b.len()).rev() {
            let (low, high) = self.b.split_at_mut(j);
            xor_translate_or(&low[j - 1], v, &mut high[0]);
        }
    }
}

/// `dst |= { s ^ v : s in src }` (both `src.len()` words, a power of two).
fn xor_translate_or(src: &[u64], v: u64, dst: &mut [u64]) {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    let (hi, lo) = ((v >> 6) as usize, v & 63);
    for (w, &x) in src.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let mut y = x;
        for (k, m) in MASKS.iter().enumerate() {
            if lo >> k & 1 == 1 {
                let s = 1 << k;
                y = ((y & m) << s) | ((y >> s) & m);
            }
        }
        dst[w ^ hi] |= y;
    }
}

/// Lists the option XORs of element `e` at coin n into `seen` (the slow paths).
fn list(
    e: &Element,
    n: u64,
    g: &[u64],
    prefix: &[u64],
    seen: &mut Seen,
    work: &mut u64,
) -> Result<(), String> {
    let far = if e.span == u64::MAX { 1 } else { n.saturating_sub(e.span - 1).max(1) };
    let hi = e.hi.min(n - far + 1);
    let mut spend = |k: u64| -> Result<(), String> {
        *work += k;
        if *work > WORK_BUDGET {
            Err(format!("more than {WORK_BUDGET} moves to list for coins up to {n}: lower the box"))
        } else {
            Ok(())
        }
    };
    match e.spacing {
        Spacing::Consecutive => {
            spend(hi)?;
            for j in e.lo..=hi {
                let a = n + 1 - j;
                if !e.first || a == 1 {
                    seen.insert(prefix[n as usize - 1] ^ prefix[a as usize - 1]);
                }
            }
        }
        Spacing::Equal => equally_spaced(e, n, (far, hi), g, seen, &mut spend)?,
        Spacing::Symmetric => symmetric(e, n, far, g, seen, &mut spend)?,
        Spacing::Any => {
            let others: Vec<u64> = (far..n).collect();
            if e.first && far > 1 {
                return Ok(());
            }
            if e.first {
                if n == 1 {
                    if e.lo <= 1 {
                        seen.insert(0);
                    }
                    return Ok(());
                }
                // Coin 1 and j - 2 more of 2..n-1.
                let rest: Vec<u64> =
                    others.iter().copied().filter(|&c| c >= 2).map(|c| g[c as usize]).collect();
                choose(&rest, 1, 0, g[1], 2, e, seen, &mut spend)?;
            } else {
                let vals: Vec<u64> = others.iter().map(|&c| g[c as usize]).collect();
                choose(&vals, 1, 0, 0, 1, e, seen, &mut spend)?;
            }
        }
    }
    Ok(())
}

/// Equally spaced coins ending at coin n: every spacing d, the coins n, n - d, n - 2d, ...
/// down to `far`, at most `hi` of them (the XORs into `seen`).
fn equally_spaced(
    e: &Element,
    n: u64,
    (far, hi): (u64, u64),
    g: &[u64],
    seen: &mut Seen,
    spend: &mut dyn FnMut(u64) -> Result<(), String>,
) -> Result<(), String> {
    if e.lo <= 1 && (!e.first || n == 1) {
        seen.insert(0);
    }
    for d in 1..n {
        let (mut x, mut j, mut c) = (0u64, 1u64, n);
        while c > d && j < hi {
            c -= d;
            if c < far {
                break;
            }
            x ^= g[c as usize];
            j += 1;
            spend(1)?;
            if j >= e.lo && (!e.first || c == 1) {
                seen.insert(x);
            }
        }
    }
    Ok(())
}

/// Coin sets symmetric about their middle, from a left end `a` (at least `far`) to coin n:
/// {a, n} plus pairs (x, a + n - x), and the middle coin or not (the XORs into `seen`).
fn symmetric(
    e: &Element,
    n: u64,
    far: u64,
    g: &[u64],
    seen: &mut Seen,
    spend: &mut dyn FnMut(u64) -> Result<(), String>,
) -> Result<(), String> {
    if e.lo <= 1 && (!e.first || n == 1) {
        seen.insert(0);
    }
    let lefts = match (e.first, far) {
        (true, 1) => 1..2.min(n),
        (true, _) => 0..0,
        (false, _) => far..n,
    };
    for a in lefts {
        // T = {a, n} plus pairs (x, a + n - x), a < x < a + n - x, plus the middle.
        let pairs: Vec<u64> = (a + 1..)
            .take_while(|&x| 2 * x < a + n)
            .map(|x| g[x as usize] ^ g[(a + n - x) as usize])
            .collect();
        let middle = (a + n).is_multiple_of(2).then(|| g[((a + n) / 2) as usize]);
        let base = g[a as usize];
        for mid in [None, middle].into_iter().collect::<std::collections::BTreeSet<_>>() {
            let (x0, c0) = match mid {
                Some(m) => (base ^ m, 3),
                None => (base, 2),
            };
            choose(&pairs, 2, 0, x0, c0, e, seen, spend)?;
        }
    }
    Ok(())
}

/// Every XOR of `x` with a subset of `vals[from..]`, each item adding `step` coins to the count
/// (already `count`), the count ending in `e.lo..=e.hi`; an explicit stack, no recursion. With
/// `step` 2 the items are pairs of coins.
#[allow(clippy::too_many_arguments)]
fn choose(
    vals: &[u64],
    step: u64,
    from: usize,
    x: u64,
    count: u64,
    e: &Element,
    seen: &mut Seen,
    spend: &mut dyn FnMut(u64) -> Result<(), String>,
) -> Result<(), String> {
    let mut stack = vec![(from, x, count)];
    while let Some((i, x, c)) = stack.pop() {
        spend(1)?;
        if c >= e.lo && c <= e.hi {
            seen.insert(x);
        }
        if c + step <= e.hi {
            for (k, &v) in vals.iter().enumerate().skip(i) {
                stack.push((k + 1, x ^ v, c + step));
            }
        }
    }
    Ok(())
}

/// Every move of `rule` from a single head at n: the other coins turned (sorted), listed from
/// the definition ([`allows`]); `None` when the coins listed (each move counted by its coins
/// and its head) would pass `limit`. Consecutive and equally spaced moves are listed directly
/// (n and about n ln n of them); other elements walk the subsets of their window, whose number
/// (a binomial sum) is estimated before the walk starts and refused past four times `limit`.
pub fn moves(rule: &Rule, n: u64, limit: u64) -> Option<Vec<Vec<u64>>> {
    let mut out: Vec<Vec<u64>> = Vec::new();
    let mut listed = 0u64;
    for e in &rule.elements {
        let mut keep = |t: Vec<u64>| -> Option<()> {
            listed = listed.saturating_add(t.len() as u64 + 1);
            (listed <= limit).then(|| out.push(t))
        };
        let far = if e.span == u64::MAX { 1 } else { n.saturating_sub(e.span - 1).max(1) };
        // n = 0 (no coin) goes through the definition, as every small case may.
        let spacing = if n == 0 { Spacing::Any } else { e.spacing };
        match spacing {
            Spacing::Consecutive => {
                for j in e.lo..=e.hi.min(n + 1 - far) {
                    let a = n + 1 - j;
                    if !e.first || a == 1 {
                        keep((a..n).collect())?;
                    }
                }
            }
            Spacing::Equal => equal_moves(e, n, far, &mut keep)?,
            Spacing::Any | Spacing::Symmetric => {
                if subsets_below(n.saturating_sub(far), e.hi.saturating_sub(1))
                    > u128::from(limit) * 4
                {
                    return None;
                }
                walk_moves(e, n, far, &mut keep)?;
            }
        }
    }
    out.sort();
    out.dedup();
    Some(out)
}

/// The number of subsets of at most `most` of `w` coins: sum over s <= most of C(w, s),
/// saturating at 2^100.
fn subsets_below(w: u64, most: u64) -> u128 {
    const CAP: u128 = 1 << 100;
    let (mut term, mut sum) = (1u128, 1u128);
    for s in 1..=most.min(w) {
        // C(w, s) = C(w, s - 1) (w - s + 1) / s, exact at every step.
        term = term.saturating_mul(u128::from(w - s + 1)) / u128::from(s);
        sum = sum.saturating_add(term);
        if sum >= CAP || term >= CAP {
            return CAP;
        }
    }
    sum
}

/// The equally spaced moves of `e` at n: for each spacing d, the coins n - d, n - 2d, ...
fn equal_moves(
    e: &Element,
    n: u64,
    far: u64,
    keep: &mut impl FnMut(Vec<u64>) -> Option<()>,
) -> Option<()> {
    if e.lo <= 1 && (!e.first || n == 1) {
        keep(Vec::new())?;
    }
    for d in 1..n {
        let (mut t, mut c) = (Vec::new(), n);
        while c > d && (t.len() as u64 + 1) < e.hi {
            c -= d;
            if c < far {
                break;
            }
            t.push(c);
            if t.len() as u64 + 1 >= e.lo && (!e.first || c == 1) {
                let mut m = t.clone();
                m.reverse();
                keep(m)?;
            }
        }
    }
    Some(())
}

/// The moves of `e` at n among the subsets of coins `far..n`, depth first over increasing
/// coin lists (its size bounded by the caller's estimate).
fn walk_moves(
    e: &Element,
    n: u64,
    far: u64,
    keep: &mut impl FnMut(Vec<u64>) -> Option<()>,
) -> Option<()> {
    let mut stack: Vec<Vec<u64>> = vec![Vec::new()];
    while let Some(t) = stack.pop() {
        let mut full = t.clone();
        full.push(n);
        if (t.len() as u64 + 1) < e.hi {
            let start = t.last().map_or(far, |&c| c + 1);
            for c in start..n {
                let mut u = t.clone();
                u.push(c);
                stack.push(u);
            }
        }
        if allows(e, &full) {
            keep(t)?;
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_forms_hold_on_the_computed_values() {
        for (name, closed_form) in [
            ("turning-turtles", Closed::Identity),
            ("twins", Closed::MinusOne),
            ("mock-turtles", Closed::Odious),
            ("ruler", Closed::Ruler),
            ("triplets", Closed::Triplets),
        ] {
            let r = parse(name).unwrap();
            assert_eq!(closed(&r), Some(closed_form));
            let g = values(&r, 3000).unwrap();
            for (n, &v) in g.iter().enumerate() {
                assert_eq!(Some(v), closed_form.value(n as u64), "{name} at {n}");
            }
        }
    }
}
