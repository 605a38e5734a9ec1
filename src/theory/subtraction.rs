//! Subtraction games: one pile, a move removes exactly s stones for some s in a fixed set S of
//! positive integers; the player with no move loses. A sum of such piles is decided by the XOR
//! of their Sprague-Grundy values (Sprague 1935, Grundy 1939; see Berlekamp, Conway, Guy,
//! *Winning Ways*, vol. 1, ch. 4 "Subtraction games").
//!
//! **Bash game** (S = {1, ..., m}, HDU 1846): the P-positions are exactly the multiples of m+1.
//! From n = q(m+1) every move leaves q(m+1) - t with 1 <= t <= m, not a multiple; from any other
//! n the move t = n mod (m+1) (between 1 and m) leaves a multiple, and 0 is one. For m = 2^64 - 1
//! the modulus 2^64 does not fit a `u64`: then every n < 2^64 is its own remainder, and only
//! n = 0 is a P-position ([`bash_p_position`]). For m = 0 there is no move at all and n mod 1 = 0
//! says so correctly.
//!
//! **General S** (AcWing 893, [`GrundyTable`]): sg(x) = mex{ sg(x - s) : s in S, s <= x }.
//! Three facts make this cheap enough:
//! - *Values are small.* sg(x) is the mex of at most u(x) = #{s in S : s <= x} values, so
//!   sg(x) <= u(x) <= |S|: a table of `u8` when at most 255 moves matter, `u16` up to 65535,
//!   else `u32`; the mex is found with a stamp array of |S| + 2 entries (no clearing per
//!   position).
//! - *Only moves up to the largest pile H matter*, and the table stops at H: the work is
//!   the sum over x <= H of u(x), at most (H+1)|S| but usually far less.
//! - *The sequence is ultimately periodic, and the period can be seen exactly.* Let m = max S
//!   (over the moves <= H). For x >= m every move is usable, so sg(x) is a function of the
//!   window sg(x-m..x) alone. Hence if two windows of length m agree, sg(c..c+m) = sg(c+p..c+p+m)
//!   with p >= 1, then by induction sg(y) = sg(y+p) for every y >= c (each next value on both
//!   sides is the same function of equal windows). With at most |S|+1 values there are finitely
//!   many windows, so such a repeat always exists (this is the classical periodicity theorem for
//!   finite subtraction games). Conversely, if sg(y) = sg(y+p) for every y >= y0, the windows
//!   at y0 and y0 + p agree, which the table shows once it holds y0 + p + m values (the window
//!   argument cannot prove the period with fewer). We stop within 1% of that point.
//!   Every window is watched as it completes: its polynomial hash modulo 2^61 - 1 is looked up
//!   among *checkpoints*, the earlier windows starting at the multiples of a spacing d (a power
//!   of two, doubled, dropping every other checkpoint, whenever 256 are kept, so d <= 2c/255 at
//!   window start c), and a hash match is confirmed by comparing the two windows value by value
//!   (a collision costs a comparison, never a wrong period). With the tail periodic from y0 with
//!   period p, the first checkpoint c' >= y0 comes back at c' + p <= y0 + d + p, so the table
//!   stops by position (y0 + p)(1 + 1/126) + m. From then on sg(x) = sg(c' + (x - c') mod p)
//!   for every x, so huge piles cost nothing. (Example: S = {s} has sg(x) = floor(x/s) mod 2,
//!   y0 = 0 and p = 2s: the table stops at exactly 3s values.)
//!
//! What cannot be made cheap is refused, never answered wrongly: [`Budget`] bounds the table's
//! bytes and the work (move checks, plus [`POSITION_UNITS`] per position for the bookkeeping
//! and the detector); [`GrundyTable::new`] returns [`Exceeded`] when the values have neither
//! covered the largest pile nor been seen periodic within it. The table cannot stop before
//! position min(H, m) (the largest pile, or the first possible repeat, of the windows at 0 and
//! 1), and the checks up to there are a closed sum: when that alone exceeds the budget, or when
//! position m is beyond the table budget and H too, the refusal is immediate.

/// Is a Bash-game pile of `n` stones (take 1..=m) a P-position? Exactly when (m+1) divides n.
///
/// ```
/// use games::theory::subtraction::bash_p_position;
/// assert!(!bash_p_position(23, 2)); // HDU 1846's sample: first
/// assert!(bash_p_position(4, 3));   // second
/// assert!(!bash_p_position(u64::MAX, u64::MAX));
/// assert!(bash_p_position(u64::MAX, u64::MAX - 1)); // 2^64 - 1 is a multiple of m + 1
/// assert!(bash_p_position(5, 0)); // no move at all
/// ```
#[inline]
pub fn bash_p_position(n: u64, m: u64) -> bool {
    match m.checked_add(1) {
        Some(modulus) => n.is_multiple_of(modulus),
        None => n == 0, // modulus 2^64 > n
    }
}

/// How much [`GrundyTable::new`] may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most bytes the table of values may take: positions 0, 1, ... at 1, 2 or 4 bytes each
    /// (the narrowest cell that holds every value, see [`GrundyTable::cell_bytes`]).
    pub table_bytes: u64,
    /// The most work units: one per move check (a usable move at a computed position),
    /// [`POSITION_UNITS`] per position computed (its bookkeeping and the period detector), and
    /// one per value compared when the detector verifies a possible repeat.
    pub work: u64,
}

impl Budget {
    /// What `games set-nim` allows: a table of 10^8 bytes (10^8 positions when at most 255
    /// moves are usable, 5 * 10^7 when at most 65535) and 2 * 10^9 work units (measured: 1.1 to 1.5 s).
    pub const DEFAULT: Budget = Budget { table_bytes: 100_000_000, work: 2_000_000_000 };

    /// How many positions a table of `cell_bytes`-byte values may hold.
    pub fn positions(&self, cell_bytes: usize) -> u64 {
        self.table_bytes / cell_bytes as u64
    }
}

/// The work units charged per position computed, besides its move checks: the mex's setup and
/// the period detector's rolling-hash update and checkpoint lookup take about as long as this
/// many move checks (measured: about 7 ns per position against 0.6 ns per check).
pub const POSITION_UNITS: u64 = 12;

/// Which part of the [`Budget`] ran out, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exceeded {
    /// The largest pile is beyond the positions the table budget holds (`positions`, i.e.
    /// 0..positions), and no period was detected within them (`at_once`: none could be, as the
    /// first repeat of windows as long as the largest usable move cannot show that early).
    Positions { positions: u64, at_once: bool },
    /// The work budget ran out before the table reached the largest pile and before a period
    /// was detected (`at_once`: the move checks the table needs before it could possibly stop,
    /// up to position min(H, m), exceed the budget by themselves; nothing was computed).
    Work { at_once: bool },
}

/// A value that fits the table: `u8`, `u16` or `u32`.
trait Cell: Copy + Eq + Default {
    fn from_index(v: usize) -> Self;
    fn index(self) -> usize;
}

macro_rules! cell {
    ($t:ty) => {
        impl Cell for $t {
            #[inline(always)]
            fn from_index(v: usize) -> Self {
                v as $t
            }
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
        }
    };
}
cell!(u8);
cell!(u16);
cell!(u32);

#[derive(Debug, Clone)]
enum Values {
    Byte(Vec<u8>),
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

/// The Sprague-Grundy values of a subtraction game for every pile up to a given largest one:
/// a table, and, when the values were seen to repeat, the period that extends it.
#[derive(Debug, Clone)]
pub struct GrundyTable {
    values: Values,
    /// (c, p): sg(x) = sg(c + (x - c) mod p) for every x >= c.
    period: Option<(u64, u64)>,
    largest: u64,
}

impl GrundyTable {
    /// The values for piles `0..=largest` of the game with these moves (any order; duplicates
    /// and moves larger than `largest` are harmless; a move of 0 is not allowed and is ignored,
    /// as it would make the game endless).
    ///
    /// ```
    /// use games::theory::subtraction::{Budget, GrundyTable};
    /// // AcWing 893's sample: S = {2, 5}, piles 2 4 7.
    /// let t = GrundyTable::new(&[2, 5], 7, Budget::DEFAULT).unwrap();
    /// assert_eq!((0..=7).map(|x| t.grundy(x)).collect::<Vec<_>>(), [0, 0, 1, 1, 0, 2, 1, 0]);
    /// // S = {1, 2}: values 0 1 2 0 1 2 ..., seen periodic long before 10^18.
    /// let t = GrundyTable::new(&[1, 2], 1_000_000_000_000_000_000, Budget::DEFAULT).unwrap();
    /// assert_eq!(t.period(), Some(3));
    /// assert_eq!(t.grundy(1_000_000_000_000_000_000), 1);
    /// // S = {10^7}: sg(x) = floor(x / 10^7) mod 2, period 2 * 10^7 from 0, detected when the
    /// // table holds 3 * 10^7 values (10^7 more than the period, the window that proves it).
    /// let t = GrundyTable::new(&[10_000_000], u64::MAX, Budget::DEFAULT).unwrap();
    /// assert_eq!((t.period(), t.computed()), (Some(20_000_000), 30_000_000));
    /// assert_eq!(t.grundy(u64::MAX), ((u64::MAX / 10_000_000) % 2) as u32);
    /// ```
    pub fn new(moves: &[u64], largest: u64, budget: Budget) -> Result<GrundyTable, Exceeded> {
        Self::build(moves, largest, budget, 1)
    }

    /// [`GrundyTable::new`] with cells of at least `min_cell_bytes` bytes (for tests: the same
    /// values in every width).
    fn build(
        moves: &[u64],
        largest: u64,
        budget: Budget,
        min_cell_bytes: usize,
    ) -> Result<GrundyTable, Exceeded> {
        let mut relevant: Vec<u64> =
            moves.iter().copied().filter(|&s| s >= 1 && s <= largest).collect();
        relevant.sort_unstable();
        relevant.dedup();
        let Some(&m) = relevant.last() else {
            // No move is ever usable: every value is 0.
            return Ok(GrundyTable {
                values: Values::Byte(vec![0]),
                period: Some((0, 1)),
                largest,
            });
        };
        // Every value is at most the number of usable moves.
        let cell_bytes = match relevant.len() {
            n if n <= u8::MAX as usize && min_cell_bytes <= 1 => 1,
            n if n <= u16::MAX as usize && min_cell_bytes <= 2 => 2,
            _ => 4,
        };
        // The positions the table may hold: 0..=last (below 2^32 - 1, so that the stamps, `u32`
        // positions, never meet their initial value).
        let positions = budget.positions(cell_bytes);
        let Some(last) = positions.min(u64::from(u32::MAX)).checked_sub(1) else {
            return Err(Exceeded::Positions { positions, at_once: true });
        };
        // The first repeat of two windows of length m (at 0 and 1) shows at position m: if the
        // table must stop before, it cannot stop early enough.
        if largest > last && m > last {
            return Err(Exceeded::Positions { positions, at_once: true });
        }
        // Refuse at once what cannot fit: the table must reach the largest pile or, at the
        // earliest, position m before it can stop, and the checks up to there are known.
        let reach = largest.min(m);
        let least: u64 =
            relevant.iter().map(|&s| (reach + 1).saturating_sub(s)).fold(0, u64::saturating_add);
        if least > budget.work {
            return Err(Exceeded::Work { at_once: true });
        }
        let relevant: Vec<usize> = relevant.into_iter().map(|s| s as usize).collect();
        let last = largest.min(last) as usize;
        let (values, period) = match cell_bytes {
            1 => {
                let (v, p) = compute::<u8>(&relevant, last, budget.work)?;
                (Values::Byte(v), p)
            }
            2 => {
                let (v, p) = compute::<u16>(&relevant, last, budget.work)?;
                (Values::Narrow(v), p)
            }
            _ => {
                let (v, p) = compute::<u32>(&relevant, last, budget.work)?;
                (Values::Wide(v), p)
            }
        };
        if period.is_none() && (last as u64) < largest {
            return Err(Exceeded::Positions { positions, at_once: false });
        }
        Ok(GrundyTable { values, period, largest })
    }

    /// The Sprague-Grundy value of a pile of `x <= largest` stones.
    pub fn grundy(&self, x: u64) -> u32 {
        debug_assert!(x <= self.largest, "pile beyond the table's largest");
        let len = self.computed() as u64;
        let i = if x < len {
            x
        } else {
            let (c, p) = self.period.expect("a table shorter than its largest pile has a period");
            c + (x - c) % p
        } as usize;
        match &self.values {
            Values::Byte(v) => u32::from(v[i]),
            Values::Narrow(v) => u32::from(v[i]),
            Values::Wide(v) => v[i],
        }
    }

    /// The period found, if the values were seen to repeat before the largest pile.
    pub fn period(&self) -> Option<u64> {
        self.period.map(|(_, p)| p)
    }

    /// How many positions were computed.
    pub fn computed(&self) -> usize {
        match &self.values {
            Values::Byte(v) => v.len(),
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    /// The bytes per table position: 1 when at most 255 moves are usable, 2 up to 65535, else 4.
    pub fn cell_bytes(&self) -> usize {
        match &self.values {
            Values::Byte(_) => 1,
            Values::Narrow(_) => 2,
            Values::Wide(_) => 4,
        }
    }
}

/// The Mersenne prime 2^61 - 1, modulus of the window hashes.
const P61: u64 = (1 << 61) - 1;
/// The hash base: any fixed value in 2..P61 (a collision only costs a comparison).
const BASE: u64 = 0x0a3c_5e7f_9b1d_2c4e;

/// a * b mod P61, for a, b < P61.
#[inline(always)]
fn mul_mod(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    let r = (p as u64 & P61) + (p >> 61) as u64;
    if r >= P61 { r - P61 } else { r }
}

fn pow_mod(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b);
        }
        b = mul_mod(b, b);
        e >>= 1;
    }
    r
}

/// The most checkpoints kept. The checkpoint table has buckets of 4 hashes, four times as many
/// lanes as checkpoints (8 KiB of hashes, 4 KiB of starts): a lookup nearly always reads one
/// bucket, and its 4 comparisons are predictable branches.
const CHECKPOINTS: usize = 256;
const BUCKETS: usize = CHECKPOINTS;
/// A free lane's hash (hashes are below P61). A bucket fills from lane 0, so it is full when
/// its lane 3 is taken; a full bucket spills into the next one.
const FREE: u64 = u64::MAX;

/// Watches every window of length m as it completes: its polynomial hash mod P61 is looked up
/// among the checkpoints (the windows starting at multiples of `spacing`, a power of two), a
/// hit is compared value by value, and the window is kept as a checkpoint when it starts at a
/// multiple of `spacing`. When CHECKPOINTS are kept, `spacing` doubles and every other one
/// goes: the checkpoints are always all the multiples of `spacing` below the current window's
/// start c, and `spacing` <= 2c / CHECKPOINTS (or 1).
struct Detector {
    m: usize,
    /// B^m mod P61: the weight, after the shift, of the value leaving the window.
    leaving: u64,
    /// The hash of the last window (while the values are fewer than m: of the values so far).
    hash: u64,
    spacing: usize,
    kept: usize,
    hashes: Vec<[u64; 4]>,
    starts: Vec<[u32; 4]>,
}

impl Detector {
    fn new(m: usize) -> Detector {
        Detector {
            m,
            leaving: pow_mod(BASE, m as u64),
            hash: 0,
            spacing: 1,
            kept: 0,
            hashes: vec![[FREE; 4]; BUCKETS],
            starts: vec![[0; 4]; BUCKETS],
        }
    }

    #[inline(always)]
    fn bucket(hash: u64) -> usize {
        (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as usize & (BUCKETS - 1)
    }

    /// Keeps (hash, start), in the first free lane from its bucket on.
    fn keep(&mut self, hash: u64, start: u32) {
        let mut b = Self::bucket(hash);
        while self.hashes[b][3] != FREE {
            b = (b + 1) & (BUCKETS - 1);
        }
        let lane = self.hashes[b].iter().position(|&h| h == FREE).expect("a bucket not full");
        self.hashes[b][lane] = hash;
        self.starts[b][lane] = start;
        self.kept += 1;
    }

    /// Takes g[x], the value just computed (x = g.len() - 1). Returns the start of an earlier
    /// window equal to the one ending at x, if there is one among the checkpoints. `work`
    /// counts the values compared.
    #[inline(always)]
    fn push<T: Cell>(&mut self, g: &[T], work: &mut u64) -> Option<usize> {
        let x = g.len() - 1;
        let m = self.m;
        // Values are below 2^32 < P61; each sum below is of two residues, reduced at once.
        let reduce = |r: u64| if r >= P61 { r - P61 } else { r };
        let shifted = mul_mod(self.hash, BASE);
        let incoming = g[x].index() as u64;
        if x < m {
            self.hash = reduce(shifted + incoming);
            if x + 1 < m {
                return None;
            }
        } else {
            // hash * B - g[x-m] * B^m + g[x]: the two products do not wait on each other.
            let outgoing = mul_mod(g[x - m].index() as u64, self.leaving);
            self.hash = reduce(reduce(shifted + (P61 - outgoing)) + incoming);
        }
        let c = x + 1 - m;
        let mut b = Self::bucket(self.hash);
        loop {
            let lanes = self.hashes[b];
            for (&h, &start) in lanes.iter().zip(&self.starts[b]) {
                if h == self.hash {
                    *work += m as u64;
                    let start = start as usize;
                    if g[start..start + m] == g[c..=x] {
                        return Some(start);
                    }
                }
            }
            if lanes[3] == FREE {
                break;
            }
            b = (b + 1) & (BUCKETS - 1);
        }
        if c & (self.spacing - 1) == 0 {
            self.keep(self.hash, c as u32);
            if self.kept == CHECKPOINTS {
                self.thin();
            }
        }
        None
    }

    /// Doubles the spacing and keeps only the checkpoints on it.
    #[cold]
    fn thin(&mut self) {
        self.spacing *= 2;
        let hashes = std::mem::replace(&mut self.hashes, vec![[FREE; 4]; BUCKETS]);
        let starts = std::mem::replace(&mut self.starts, vec![[0; 4]; BUCKETS]);
        self.kept = 0;
        for (h, start) in hashes.into_iter().flatten().zip(starts.into_iter().flatten()) {
            if h != FREE && (start as usize) & (self.spacing - 1) == 0 {
                self.keep(h, start);
            }
        }
    }
}

/// sg(x) for x = g.len(), from the values before it and the moves usable there: every option's
/// value is stamped with x in `stamp` (|S'| + 2 entries, initially `u32::MAX`), and the first
/// value not stamped is the mex. Kept apart from the table loop so that this loop, where the
/// time goes, has the registers to itself.
#[inline(never)]
fn mex_at<T: Cell>(g: &[T], usable: &[usize], stamp: &mut [u32]) -> usize {
    let x = g.len();
    let mark = x as u32;
    for &s in usable {
        stamp[g[x - s].index()] = mark;
    }
    let mut v = 0;
    while stamp[v] == mark {
        v += 1;
    }
    v
}

/// The values computed, and the period (c, p) if one was seen.
type Computed<T> = (Vec<T>, Option<(u64, u64)>);

/// The table loop: values for 0..=last, stopping early at an exact period.
fn compute<T: Cell>(moves: &[usize], last: usize, budget: u64) -> Result<Computed<T>, Exceeded> {
    let m = *moves.last().expect("non-empty");
    // One allocation for every position the table may hold: it never moves (no old and new
    // buffer at once), and the pages past the values written are never touched.
    let mut g: Vec<T> = Vec::with_capacity(last + 1);
    let mut stamp = vec![u32::MAX; moves.len() + 2];
    let mut usable = 0usize;
    let mut work: u64 = 0;
    let mut detector = Detector::new(m);
    for x in 0..=last {
        while usable < moves.len() && moves[usable] <= x {
            usable += 1;
        }
        work += usable as u64 + POSITION_UNITS;
        if work > budget {
            return Err(Exceeded::Work { at_once: false });
        }
        let v = mex_at(&g, &moves[..usable], &mut stamp);
        g.push(T::from_index(v));
        if let Some(start) = detector.push(&g, &mut work) {
            // The window at `start` and the one ending at x (starting at x + 1 - m) are equal.
            let p = x + 1 - m - start;
            return Ok((g, Some((start as u64, p as u64))));
        }
    }
    Ok((g, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition, by brute force: no period, no stamps.
    fn naive(moves: &[u64], n: usize) -> Vec<u32> {
        let options = |x: usize| -> Vec<usize> {
            moves.iter().filter(|&&s| s as usize <= x).map(|&s| x - s as usize).collect()
        };
        crate::brute::search::grundy_table(n, options).into_iter().map(|v| v as u32).collect()
    }

    #[test]
    fn periodic_shortcut_agrees_with_the_definition() {
        let mut rng = crate::rng::Rng::new(893);
        let mut periodic = 0;
        for round in 0..360 {
            let k = rng.range(1, 6) as usize;
            // Mostly small sets; then larger moves with long pre-periods and periods.
            let top = if round < 300 { 25 } else { 400 };
            let moves: Vec<u64> = (0..k).map(|_| rng.range(1, top)).collect();
            let n = if round < 300 { 3000 } else { 40_000 };
            let want = naive(&moves, n);
            let t = GrundyTable::new(&moves, n as u64, Budget::DEFAULT).unwrap();
            periodic += usize::from(t.period().is_some());
            for (x, &w) in want.iter().enumerate() {
                assert_eq!(t.grundy(x as u64), w, "moves {moves:?} x {x}");
            }
        }
        // The shortcut was really taken (and then checked) in most of the games.
        assert!(periodic > 250, "{periodic}");
    }

    #[test]
    fn every_cell_width_gives_the_same_values() {
        let mut rng = crate::rng::Rng::new(32);
        for _ in 0..50 {
            let moves: Vec<u64> = (0..rng.range(1, 8)).map(|_| rng.range(1, 40)).collect();
            let largest = rng.range(0, 5000);
            let byte = GrundyTable::new(&moves, largest, Budget::DEFAULT).unwrap();
            let narrow = GrundyTable::build(&moves, largest, Budget::DEFAULT, 2).unwrap();
            let wide = GrundyTable::build(&moves, largest, Budget::DEFAULT, 4).unwrap();
            assert_eq!((byte.cell_bytes(), narrow.cell_bytes(), wide.cell_bytes()), (1, 2, 4));
            assert_eq!(byte.period(), narrow.period());
            assert_eq!(byte.period(), wide.period());
            for x in (0..=largest).chain([largest]) {
                assert_eq!(byte.grundy(x), narrow.grundy(x));
                assert_eq!(byte.grundy(x), wide.grundy(x));
            }
        }
        // 255 usable moves still fit a byte (values <= 255), 256 need two.
        let moves: Vec<u64> = (1..=256).collect();
        assert_eq!(GrundyTable::new(&moves[..255], 1000, Budget::DEFAULT).unwrap().cell_bytes(), 1);
        assert_eq!(GrundyTable::new(&moves, 1000, Budget::DEFAULT).unwrap().cell_bytes(), 2);
        // Moves beyond the largest pile do not count.
        assert_eq!(GrundyTable::new(&moves, 200, Budget::DEFAULT).unwrap().cell_bytes(), 1);
    }

    /// The least y0 + p over the ultimate periods (y0, p) of `g` (g[y] = g[y + p] for every y >= y0
    /// with y + p < g.len()), trusting only periods seen over at least `m` further values.
    fn least_periodic_prefix(g: &[u32], m: usize) -> usize {
        let n = g.len();
        let mut best = usize::MAX;
        for p in 1..n / 2 {
            let mut y0 = n - p;
            while y0 > 0 && g[y0 - 1] == g[y0 - 1 + p] {
                y0 -= 1;
            }
            if n - p - y0 >= m {
                best = best.min(y0 + p);
            }
        }
        best
    }

    #[test]
    fn the_period_is_detected_as_soon_as_a_window_repeats() {
        // Single moves: sg(x) = floor(x / s) mod 2, period 2s from 0, first visible once the
        // window of s values at 0 reappears at 2s: exactly 3s values.
        for s in [1u64, 2, 3, 7, 255, 256, 1000, 65_537, 1_000_003] {
            let t = GrundyTable::new(&[s], u64::MAX, Budget::DEFAULT).unwrap();
            assert_eq!((t.period(), t.computed() as u64), (Some(2 * s), 3 * s), "s {s}");
            for x in [0, s - 1, s, 2 * s - 1, 2 * s, 5 * s + 3, u64::MAX] {
                assert_eq!(u64::from(t.grundy(x)), (x / s) % 2, "s {s} x {x}");
            }
        }
        // Random sets, with long pre-periods and periods, and windows so far apart that the
        // checkpoints are thinned many times: the table stops within 1% (the checkpoint
        // spacing) of the least y0 + p, plus the window m that proves it.
        let mut rng = crate::rng::Rng::new(1848);
        let mut bounded = 0;
        for _ in 0..120 {
            let moves: Vec<u64> = (0..rng.range(1, 5)).map(|_| rng.range(1, 300)).collect();
            let m = *moves.iter().max().unwrap() as usize;
            let want = naive(&moves, 60_000);
            let t = GrundyTable::new(&moves, u64::MAX, Budget::DEFAULT).unwrap();
            let (start, p) = t.period.expect("periodic");
            assert!(start as usize + p as usize + m <= t.computed(), "{moves:?}");
            let least = least_periodic_prefix(&want, m);
            if least < usize::MAX {
                assert!(
                    t.computed() <= least + least / 100 + m + 1,
                    "{moves:?}: {} vs {least}",
                    t.computed()
                );
                bounded += 1;
            }
            for (x, &w) in want.iter().enumerate() {
                assert_eq!(t.grundy(x as u64), w, "moves {moves:?} x {x}");
            }
        }
        // The periods were short enough to be seen in the naive table nearly always.
        assert!(bounded > 100, "{bounded}");
    }

    #[test]
    fn two_moves_a_b_repeat_with_period_a_plus_b_from_the_start() {
        // Known for every pair a < b (and checked here): sg(y + a + b) = sg(y) for every y >= 0,
        // so the table stops by (a + b)(1 + 1%) + b values, whatever the piles.
        for b in 2..=40u64 {
            for a in 1..b {
                let want = naive(&[a, b], (8 * (a + b)) as usize);
                assert!(
                    (0..want.len() - (a + b) as usize)
                        .all(|y| want[y] == want[y + (a + b) as usize])
                );
                let t = GrundyTable::new(&[b, a], u64::MAX, Budget::DEFAULT).unwrap();
                assert!(
                    t.computed() as u64 <= a + 2 * b + (a + b) / 100 + 1,
                    "{a} {b}: {}",
                    t.computed()
                );
                for (x, &w) in want.iter().enumerate() {
                    assert_eq!(t.grundy(x as u64), w, "{a} {b} x {x}");
                }
            }
        }
    }

    #[test]
    fn bash_game_is_the_set_one_to_m() {
        for m in 1..12u64 {
            let moves: Vec<u64> = (1..=m).collect();
            let t = GrundyTable::new(&moves, 500, Budget::DEFAULT).unwrap();
            for n in 0..=500 {
                assert_eq!(t.grundy(n) == 0, bash_p_position(n, m), "n {n} m {m}");
            }
            // sg(x) = x mod (m+1): the window 0..m-1 comes back first at m + 1.
            let t = GrundyTable::new(&moves, u64::MAX, Budget::DEFAULT).unwrap();
            assert_eq!((t.period(), t.computed() as u64), (Some(m + 1), 2 * m + 1));
        }
    }

    #[test]
    fn budgets_are_enforced() {
        // A table of 1000 one-byte positions, 0..=999.
        let tight = Budget { table_bytes: 1000, work: 1_000_000 };
        // A single move of 1000: no window can repeat before position 1000.
        let at_once = Exceeded::Positions { positions: 1000, at_once: true };
        assert_eq!(GrundyTable::new(&[1000], 5000, tight).unwrap_err(), at_once);
        // A single move of 333 repeats (period 666) when 999 values are known: just in.
        let t = GrundyTable::new(&[333], u64::MAX, tight).unwrap();
        assert_eq!((t.period(), t.computed()), (Some(666), 999));
        // One more and it shows only at 1002: refused after the whole table.
        let after = Exceeded::Positions { positions: 1000, at_once: false };
        assert_eq!(GrundyTable::new(&[334], u64::MAX, tight).unwrap_err(), after);
        // Without a period, a pile within the table is fine; one past it is not.
        assert!(GrundyTable::new(&[600], 999, tight).is_ok());
        assert_eq!(GrundyTable::new(&[600], 1000, tight).unwrap_err(), after);
        // Two-byte cells halve the positions.
        let moves: Vec<u64> = (1..=256).collect();
        let half = Exceeded::Positions { positions: 500, at_once: true };
        assert_eq!(
            GrundyTable::new(&[&moves[..], &[700]].concat(), 5000, tight).unwrap_err(),
            half
        );
        // Within the positions, the work runs out: at once when the checks up to the first
        // possible repeat (position m = 900) are already too many...
        let moves: Vec<u64> = (1..=900).collect();
        let few = Budget { table_bytes: 2000, work: 10_000 };
        assert_eq!(
            GrundyTable::new(&moves, 999, few).unwrap_err(),
            Exceeded::Work { at_once: true }
        );
        // ... else when it runs out: {1..=20, 900} costs 20 checks a position and more, the
        // first repeat of windows of 900 cannot show before position 900.
        let moves: Vec<u64> = (1..=20).chain([900]).collect();
        let some = Budget { table_bytes: 1000, work: 25_000 };
        assert_eq!(
            GrundyTable::new(&moves, 999, some).unwrap_err(),
            Exceeded::Work { at_once: false }
        );
        assert!(GrundyTable::new(&moves, 999, Budget { work: 40_000, ..some }).is_ok());
        // But a periodic game reaches any pile.
        let t = GrundyTable::new(&[3, 7], u64::MAX, tight).unwrap();
        assert!(t.period().is_some());
    }
}
