//! Block verification: the verifying scans of 64 consecutive heaps share one pass over a prefix
//! of their pairs.
//!
//! The verifying scan of heap `n` (see [`super::Engine`]) reads the pairs `(a, m - a)`,
//! `m = n - k`, from `a = 1` up until its candidate settles. For the heaps `n0..n0 + 64` of one
//! block (`n0` a multiple of 64) and `a >= 64`, the partner `n0 + j - k - a` of every heap of the
//! block is below `n0`: known before the block starts, and for a fixed `a` the partners of the
//! 64 heaps are 64 consecutive values in memory. So the pairs `64 <= a < upto` of every split
//! are read once for the whole block into a transposed table: for each value `v`, a 64-bit mask
//! of the heaps `j` of the block that have an option of value `v` among those pairs. A heap then
//!
//! 1. reads its first pairs `1 <= a < 64` one by one (their partners may lie in the block),
//!    stopping as soon as its candidate settles (most candidates of `.106` and `.454` do);
//! 2. takes the mex over its options so far and bit `j` of the table (the pairs `64..upto`);
//!    when that candidate settles it is the value;
//! 3. otherwise reads the pairs `a >= upto` one by one as before.
//!
//! The value is the same whatever order the pairs are met in: a candidate that is the mex of
//! a set of options containing every one-heap option and every rare pair, and whose key is common
//! (or new and free to join), is reached by no pair of common heaps, so it is the mex of all
//! options (the module doc of [`super`]). The table is built lazily, at the first heap of the
//! block that reaches step 2, and only where the store holds every value (the default store;
//! bounded memory and the parallel engine keep the scan of [`super::Engine::verify`]).
//!
//! **The prefix length** `upto - 64` is chosen from where the scans end. One block in
//! [`SAMPLE_EVERY`] is a *sample*: its heaps skip step 2 and scan one by one from `a = 64`,
//! recording how many pairs each read until it settled. Every [`RETUNE_SAMPLES`] samples the
//! length `L` that minimises the modelled work is taken: `L` pairs per split for each block that
//! needs the table (64 heaps at [`BLOCK_COST`] of a one-by-one pair each), plus the pairs each
//! sampled heap would still read one by one past the prefix. `L = 0` turns step 2 off (the
//! start, and games whose scans end within the first 64 pairs).

use super::{Engine, EngineError, Store};

/// Heaps per block (the bits of a mask).
pub(super) const BLOCK: usize = 64;

/// One block in this many is a sample (scanned one by one, to measure where scans end).
const SAMPLE_EVERY: usize = 16;

/// Samples between two choices of the prefix length.
const RETUNE_SAMPLES: usize = 2048;

/// Cost of one pair of the table for the 64 heaps of a block, in units of one pair read one by
/// one: measured on `.6` to 10^6 (`docs/sg.md`), a table entry costs about 1.2 pairs of the scan
/// (a read-modify-write per heap either way; the scan's compare and branch are cheap).
const BLOCK_COST: u64 = 64 * 6 / 5;

/// Values above this many leave the table off (its masks would not stay in cache).
const MAX_TABLE_VALUES: usize = 4096;

/// Whether and how the verifying scans run by blocks ([`Engine::set_blocks`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum BlockMode {
    /// One heap at a time (`Engine::verify`): the default (the faster one measured so far,
    /// `docs/sg.md`).
    #[default]
    Off,
    /// By blocks, the prefix length chosen from the sampled scans.
    Adaptive,
    /// By blocks with this prefix length (pairs per split; 0: the tables off, the first 64
    /// pairs and the samples as with blocks).
    Fixed(usize),
}

/// One sampled scan: the pairs read past `a = 64`, and the split it settled in.
#[derive(Debug, Clone, Copy)]
struct Sample {
    read: u64,
    split: u32,
    /// `a - 64` of the pair that settled it (`u64::MAX`: it did not settle).
    end: u64,
}

/// The state of block verification (part of the engine's state).
#[derive(Debug, Clone, Default)]
pub(crate) struct Blocks {
    /// The prefix length `L` (pairs `64..64 + L` of each split go to the table; 0: off).
    len: usize,
    /// The first heap of the block whose table is built (`usize::MAX`: none).
    start: usize,
    /// Whether blocks are used, and how `len` is chosen.
    mode: BlockMode,
    /// The table's pairs end here (`upto`).
    upto: usize,
    /// Per value: the heaps of the block that have an option of that value among the pairs.
    table: Vec<u64>,
    /// Four tables filled in turn while building (independent read-modify-write chains).
    build: Vec<[u64; 4]>,
    samples: Vec<Sample>,
    /// Sample blocks seen, and those with a heap past its first 64 pairs.
    sample_blocks: u64,
    sample_needy: u64,
    /// The last sample block counted.
    last_sample: usize,
    /// Blocks whose table was built, and heaps settled by it (statistics).
    tables: u64,
    settled: u64,
}

impl Blocks {
    pub(super) fn new() -> Self {
        Blocks { start: usize::MAX, last_sample: usize::MAX, ..Blocks::default() }
    }

    /// Drop the table (the values it was built from are being undone).
    pub(super) fn forget(&mut self) {
        self.start = usize::MAX;
    }

    /// Tables built, heaps settled by one, and the prefix length now chosen.
    pub(super) fn stats(&self) -> (u64, u64, usize) {
        (self.tables, self.settled, self.len)
    }

    /// The candidate prefix lengths.
    fn lengths() -> impl Iterator<Item = usize> {
        (0..16).map(|i| i * 64).chain((4..32).map(|i| i * 256)).chain((8..64).map(|i| i * 1024))
    }

    /// The prefix length with the least modelled work over the samples, then a fresh window.
    fn retune(&mut self, splits: u64) {
        let mut best = (u64::MAX, 0);
        for len in Self::lengths() {
            let l = len as u64;
            let mut cost = self.sample_needy * l * splits * BLOCK_COST;
            for s in &self.samples {
                if s.end >= l || l == 0 {
                    cost += s.read.saturating_sub(l * (s.split as u64 + 1));
                }
            }
            if cost < best.0 {
                best = (cost, len);
            }
        }
        if self.mode == BlockMode::Adaptive {
            self.len = best.1;
        }
        self.samples.clear();
        self.sample_blocks = 0;
        self.sample_needy = 0;
    }
}

impl<S: Store> Engine<S> {
    /// How the verifying scans run: one heap at a time (the default), by blocks with the prefix
    /// length chosen from the samples, or by blocks with a fixed length (tests, measurements).
    /// The values are the same in every mode.
    pub fn set_blocks(&mut self, mode: BlockMode) {
        self.blocks.mode = mode;
        self.blocks.len = match mode {
            BlockMode::Fixed(len) => len,
            BlockMode::Off | BlockMode::Adaptive => 0,
        };
    }

    /// The verifying scan of heap `n` with candidate `g` (not settled by the one-heap options and
    /// the rare pairs) by blocks (see the module doc); `None` where blocks do not apply (the
    /// caller then runs [`Engine::verify`]).
    pub(super) fn verify_block(
        &mut self,
        n: usize,
        g: usize,
    ) -> Option<Result<usize, EngineError>> {
        if self.blocks.mode == BlockMode::Off {
            return None;
        }
        let n0 = n - n % BLOCK;
        let kmax = self.moves.split.last().map_or(0, |s| s.0);
        let limit = n0.checked_sub(kmax)? / 2;
        let values = self.words * 64;
        if limit < 2 * BLOCK || values > MAX_TABLE_VALUES || !self.store.complete() {
            return None;
        }
        self.stats.full_scans += 1;
        Some(self.verify_in_block(n, n0, g, limit))
    }

    fn verify_in_block(
        &mut self,
        n: usize,
        n0: usize,
        g: usize,
        limit: usize,
    ) -> Result<usize, EngineError> {
        // 1. The first pairs one by one.
        let g = match self.head(n, g, BLOCK)? {
            Head::Settled(g) => return Ok(g),
            Head::Open(g) => g,
        };
        let block = n0 / BLOCK;
        let sample = block.is_multiple_of(SAMPLE_EVERY);
        if sample {
            // Measure: one by one from 64, the end recorded.
            if self.blocks.last_sample != block {
                self.blocks.last_sample = block;
                self.blocks.sample_blocks += 1;
                self.blocks.sample_needy += 1;
            }
            let (g, split, read) = self.scan_from(n, g, None, BLOCK)?;
            let end = if split < self.moves.split.len() {
                let before: u64 = self.moves.split[..split]
                    .iter()
                    .map(|&(k, u)| top(n - k, u).saturating_sub(BLOCK) as u64)
                    .sum();
                read - before
            } else {
                u64::MAX
            };
            self.blocks.samples.push(Sample { read, split: split as u32, end });
            if self.blocks.samples.len() >= RETUNE_SAMPLES {
                self.blocks.retune(self.moves.split.len() as u64);
            }
            return Ok(g);
        }
        let upto = (BLOCK + self.blocks.len).min(limit);
        if self.blocks.len == 0 || upto <= BLOCK {
            return Ok(self.scan_from(n, g, None, BLOCK)?.0);
        }
        // 2. The table of the block.
        if self.blocks.start != n0 {
            self.build_table(n0, upto);
        }
        let j = n - n0;
        let upto = self.blocks.upto;
        let table = &self.blocks.table;
        let mut g = g;
        while self.opts[g >> 6] >> (g & 63) & 1 != 0
            || table.get(g).is_some_and(|&t| t >> j & 1 != 0)
        {
            g += 1;
        }
        if g > u16::MAX as usize {
            return Err(EngineError::ValueTooLarge { n });
        }
        if self.settled(n, g) {
            self.blocks.settled += 1;
            self.stats.scanned_pairs += upto as u64;
            return Ok(g);
        }
        // 3. The rest one by one, the table's options of this heap in `opts`.
        for (v, &t) in self.blocks.table.iter().enumerate() {
            if t >> j & 1 != 0 {
                self.opts[v >> 6] |= 1 << (v & 63);
            }
        }
        Ok(self.scan_from(n, g, None, upto)?.0)
    }

    /// Step 1: the pairs `1 <= a < upto` of every split (`upto <= m / 2` for each), one by one
    /// into `opts`, until the candidate settles. Also the first step of [`Engine::verify`]: the
    /// first pairs of every split before the rest of any (a candidate that only the second
    /// split's first pairs settle, as in Kayles, is then not scanned past every pair of the
    /// first split).
    pub(super) fn head(
        &mut self,
        n: usize,
        mut g: usize,
        upto: usize,
    ) -> Result<Head, EngineError> {
        for si in 0..self.moves.split.len() {
            let (k, _) = self.moves.split[si];
            let m = n - k;
            let mut a = 1;
            // (The store holds every value: nothing is missing.)
            while let Some(i) = self.one_by_one(m, (a, upto), g, &mut None) {
                self.stats.scanned_pairs += i as u64;
                self.banks.merge(&mut self.opts, self.words);
                g = self.mex();
                if g > u16::MAX as usize {
                    return Err(EngineError::ValueTooLarge { n });
                }
                if self.settled(n, g) {
                    return Ok(Head::Settled(g));
                }
                a = i + 1;
            }
        }
        self.banks.merge(&mut self.opts, self.words);
        Ok(Head::Open(self.mex()))
    }

    /// Build the table of the block `n0..n0 + 64` over the pairs `64 <= a < upto` of every split
    /// (every partner is below `n0`).
    fn build_table(&mut self, n0: usize, upto: usize) {
        let values = self.words * 64;
        let b = &mut self.blocks;
        b.build.clear();
        b.build.resize(values, [0; 4]);
        let mask = values - 1;
        for &(k, _) in &self.moves.split {
            for a in BLOCK..upto {
                let ga = self.store.get(a) as usize;
                let base = n0 - k - a;
                match self.store.window(base, base + BLOCK) {
                    Some(w) => add_row(&mut b.build, ga, w, mask),
                    None => {
                        for j in 0..BLOCK {
                            let v = (ga ^ self.store.get(base + j) as usize) & mask;
                            b.build[v][j & 3] |= 1 << j;
                        }
                    }
                }
            }
        }
        b.table.clear();
        b.table.extend(b.build.iter().map(|t| t[0] | t[1] | t[2] | t[3]));
        b.start = n0;
        b.upto = upto;
        b.tables += 1;
    }
}

/// Where step 1 left the candidate.
pub(super) enum Head {
    Settled(usize),
    Open(usize),
}

/// One row of the table: the pairs `(a, base + j)` of value `ga ^ w[j]` for the 64 heaps `j`.
#[inline(never)]
fn add_row(build: &mut [[u64; 4]], ga: usize, w: &[u16], mask: usize) {
    for (c, chunk) in w.chunks_exact(4).enumerate() {
        for (t, &x) in chunk.iter().enumerate() {
            let v = (ga ^ x as usize) & mask;
            if let Some(row) = build.get_mut(v) {
                row[t] |= 1 << (c * 4 + t);
            }
        }
    }
}

/// Where the pairs `(a, m - a)` of a split end (exclusive): `m / 2 + 1`, or `m / 2` for an
/// unequal split of an even `m` (the forbidden equal split).
fn top(m: usize, unequal: bool) -> usize {
    if unequal && m.is_multiple_of(2) { m / 2 } else { m / 2 + 1 }
}
