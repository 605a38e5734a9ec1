//! k-heap take games: outcomes by a bitset retrograde over a box of heap sizes.
//!
//! **The games.** Positions are K heaps (h_1, ..., h_K).
//! - *Same-amount games* `same:K:J`: a move takes any positive amount from one heap, or the same
//!   positive amount t from every heap of a set D of heaps with |D| in J (Wythoff's game is
//!   K = 2, J = {2}; `wythoff:K` is J = {1..K}). The options of x are x - t·1_D, t >= 1.
//! - *Moore's Nim_M* `moore:K:M`: a move removes positive amounts (not necessarily equal) from
//!   at least one and at most M heaps. The options of x are the y <= x (coordinatewise), y != x,
//!   differing from x in at most M coordinates.
//!
//! **Moore's theorem** (E. H. Moore, "A generalization of the game called Nim", Annals of
//! Mathematics 11 (1910) 93-94; also Winning Ways ch. 15): in normal play a position of Nim_M is
//! P iff for every bit position the number of heaps having that bit set is divisible by M + 1.
//! [`moore_p`] tests it on any heap sizes.
//!
//! **The retrograde.** Cells are visited in row-major order (the last heap fastest); every option
//! comes earlier. For each move class D (a set of heaps) one bit per cell, *flag_D(x)*: "some
//! P-position is an option of x by a move of class D". For a same-amount class it is
//! flag_D(x) = (flag_D | P)(x - 1_D); for a Moore class S it is the OR over i in S of
//! (flag_S | P)(x - e_i) (a y < x on S has some coordinate below x's, so it lies under x - e_i).
//! A cell is P iff no flag is set (in misère play: and it is not the empty position, which is N
//! because the player to move cannot move and wins). Every class containing the last heap also
//! sees the P-positions earlier in the same row, and taking from the last heap alone is always a
//! move, so a row holds at most one P-position: the first cell whose flags from *other* rows are
//! all clear. So a whole row of 64 cells a word is decided with a few word operations per class:
//! the flags of previous rows are combined word-parallel (a shift by one cell for classes that
//! move along the row), and the row's P-position is the lowest set bit of the complement.
//! Flags are kept for two planes (the first heap fixed) only; outcomes are one bit a cell.
//! Memory: hull / 8 bytes plus 2 · classes · plane / 8 bytes; every buffer is allocated fallibly.
//! Time: about [`work`] word operations (rows times classes times words a row); callers refuse
//! a hull whose work passes [`MAX_WORK`] (16 heaps have 65,535 classes).

use crate::error::{AllocError, try_with_capacity};

/// How a move class acts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// The same amount from every heap of the class.
    Same,
    /// Any amounts from the heaps of the class (Moore).
    Moore,
}

/// A k-heap take game: K heaps and its move classes (bit i of a class: heap i).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeGame {
    pub heaps: usize,
    pub mode: Mode,
    /// The move classes, each a nonempty set of heaps; every single heap is one.
    pub classes: Vec<u32>,
}

impl TakeGame {
    /// `same:K:J`: singles and every set of heaps whose size is in `sizes`.
    pub fn same(heaps: usize, sizes: &[usize]) -> TakeGame {
        let classes = (1u32..1 << heaps)
            .filter(|d| d.count_ones() == 1 || sizes.contains(&(d.count_ones() as usize)))
            .collect();
        TakeGame { heaps, mode: Mode::Same, classes }
    }

    /// `moore:K:M`: every set of 1..=M heaps.
    pub fn moore(heaps: usize, most: usize) -> TakeGame {
        let classes = (1u32..1 << heaps).filter(|d| d.count_ones() as usize <= most).collect();
        TakeGame { heaps, mode: Mode::Moore, classes }
    }
}

/// The most word operations [`outcomes`] is asked to spend (about a minute).
pub const MAX_WORK: u128 = 1 << 33;

/// About how many word operations [`outcomes`] spends on the hull `dims`: per row, each stored
/// class reads a row of flags (once per other heap of a Moore class) and writes one.
pub fn work(game: &TakeGame, dims: &[usize]) -> u128 {
    let k = game.heaps;
    let rows = dims[..k - 1].iter().fold(1u128, |n, &d| n.saturating_mul(d as u128));
    let words = dims[k - 1].div_ceil(64) as u128;
    let per = match game.mode {
        Mode::Same => 1,
        Mode::Moore => (k as u128 - 1).max(1),
    };
    let classes = game.classes.len() as u128;
    rows.saturating_mul(classes * per * (words + 4) + words)
}

/// Moore's theorem: is `heaps` a P-position of Nim_M (normal play)?
///
/// ```
/// use games::theory::take_same::moore_p;
/// assert!(moore_p(&[1, 2, 3], 1) && !moore_p(&[1, 2, 4], 1)); // Nim: XOR 0
/// assert!(moore_p(&[5, 5, 5], 2) && !moore_p(&[5, 5, 4], 2));
/// ```
pub fn moore_p(heaps: &[u64], most: usize) -> bool {
    let m = most as u64 + 1;
    (0..64)
        .all(|bit| (heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64).is_multiple_of(m))
}

/// P-positions of a hull `0..dims[i]` per heap: one bit per cell, rows of `words` u64 (the last
/// heap along a row), rows in row-major order of the other heaps.
pub struct Outcomes {
    pub dims: Vec<usize>,
    pub words: usize,
    pub bits: Vec<u64>,
}

impl Outcomes {
    /// Is the position `p` (inside the hull) a P-position?
    pub fn is_p(&self, p: &[u64]) -> bool {
        let k = self.dims.len();
        let c = p[k - 1] as usize;
        self.row(self.row_of(&p[..k - 1]))[c / 64] >> (c % 64) & 1 == 1
    }

    /// Does the hull hold `p` (its first `dims.len()` coordinates)?
    pub fn holds(&self, p: &[u64]) -> bool {
        p.len() >= self.dims.len() && self.dims.iter().zip(p).all(|(&d, &x)| x < d as u64)
    }

    /// The number of the row of the first k - 1 heaps `head` (inside the hull).
    pub fn row_of(&self, head: &[u64]) -> usize {
        self.dims.iter().zip(head).fold(0usize, |row, (&d, &x)| row * d + x as usize)
    }

    /// The bits of one row (the last heap varying), `words` words.
    pub fn row(&self, row: usize) -> &[u64] {
        &self.bits[row * self.words..][..self.words]
    }
}

/// The P-positions of `game` on the hull `dims` (normal or misère play).
pub fn outcomes(game: &TakeGame, dims: &[usize], misere: bool) -> Result<Outcomes, AllocError> {
    let k = game.heaps;
    assert!(k >= 1 && dims.len() == k && dims.iter().all(|&d| d >= 1));
    let len = dims[k - 1];
    let words = len.div_ceil(64);
    // Products saturate: a hull past the address space fails its allocation, cleanly.
    let product = |ds: &[usize]| ds.iter().fold(1usize, |n, &d| n.saturating_mul(d));
    let rows = product(&dims[..k - 1]);
    let per_plane = if k >= 2 { product(&dims[1..k - 1]) } else { 1 };
    let last = 1u32 << (k - 1);
    // Classes whose flags other rows read (not the last heap alone).
    let stored: Vec<u32> = game.classes.iter().copied().filter(|&d| d != last).collect();
    let mut bits = zeroed(rows.saturating_mul(words), "the P-positions of the box")?;
    let plane_words = per_plane.saturating_mul(words);
    let flags = stored.len().saturating_mul(plane_words);
    let mut cur = zeroed(flags, "the retrograde's move flags")?;
    let mut prev = zeroed(flags, "the retrograde's move flags")?;
    // Row strides within a plane for heaps 1..k-1 (heap 0 selects the plane).
    let stride = plane_strides(dims);
    let mut ext = zeroed(words, "the retrograde's move flags")?;
    let mut tmp = zeroed(words, "the retrograde's move flags")?;
    let mut coord = vec![0usize; k.saturating_sub(1)];
    let tail_mask = if len.is_multiple_of(64) { u64::MAX } else { (1u64 << (len % 64)) - 1 };
    for row in 0..rows {
        let rp = row % per_plane;
        if k >= 2 && rp == 0 && row > 0 {
            std::mem::swap(&mut cur, &mut prev);
        }
        ext.iter_mut().for_each(|w| *w = 0);
        // External flags of each stored class for this row, written into `cur`.
        for (s, &d) in stored.iter().enumerate() {
            tmp.iter_mut().for_each(|w| *w = 0);
            let at = RowFlags {
                coord: &coord,
                row,
                rp,
                stride: &stride,
                dims,
                cur: &cur,
                prev: &prev,
                bits: &bits,
                words,
                plane_words,
            };
            match game.mode {
                Mode::Same => at.same(s, d & !last, d & last != 0, &mut tmp),
                Mode::Moore => at.moore(s, d & !last, &mut tmp),
            }
            for w in 0..words {
                ext[w] |= tmp[w];
            }
            cur[s * plane_words + rp * words..][..words].copy_from_slice(&tmp);
        }
        // The row's P-position: the first cell with no external flag (misère: not the empty
        // position).
        let p_at = first_free(&ext, tail_mask, misere && row == 0);
        if let Some(c) = p_at {
            bits[row * words + c / 64] |= 1 << (c % 64);
            // Moore classes along the row also see this P-position from every later cell.
            if game.mode == Mode::Moore {
                for (s, &d) in stored.iter().enumerate() {
                    if d & last != 0 {
                        or_above(&mut cur[s * plane_words + rp * words..][..words], c);
                    }
                }
            }
        }
        advance(&mut coord, &dims[..k - 1]);
    }
    Ok(Outcomes { dims: dims.to_vec(), words, bits })
}

/// Where one row reads its move flags from: its coordinates (heaps 0..k-1) and its place
/// within its plane, the flag buffers of this plane and the last, and the P-positions so far.
struct RowFlags<'a> {
    coord: &'a [usize],
    row: usize,
    rp: usize,
    stride: &'a [usize],
    dims: &'a [usize],
    cur: &'a [u64],
    prev: &'a [u64],
    bits: &'a [u64],
    words: usize,
    plane_words: usize,
}

impl RowFlags<'_> {
    /// The flags of class `s` and the P-positions at `row - 1_D` (`None` when no such move).
    fn back(&self, s: usize, d: u32) -> Option<(&[u64], &[u64])> {
        let (buf, src) = source(d, self.coord, self.rp, self.stride, self.cur, self.prev)?;
        let w = self.words;
        let f = &buf[s * self.plane_words + src * w..][..w];
        let p = &self.bits[(self.row - back(d, self.coord, self.dims)) * w..][..w];
        Some((f, p))
    }

    /// Take-the-same: the external flags of class `s` (the heaps `others` of the first k - 1,
    /// and the last heap too when `along`) into `tmp`.
    fn same(&self, s: usize, others: u32, along: bool, tmp: &mut [u64]) {
        if let Some((f, p)) = self.back(s, others) {
            if along {
                shift_up(f, p, tmp);
            } else {
                for w in 0..self.words {
                    tmp[w] = f[w] | p[w];
                }
            }
        }
    }

    /// Moore's game: the external flags of class `s`, one heap of `others` at a time, into
    /// `tmp`.
    fn moore(&self, s: usize, others: u32, tmp: &mut [u64]) {
        for i in 0..self.coord.len() {
            if others >> i & 1 == 0 {
                continue;
            }
            if let Some((f, p)) = self.back(s, 1u32 << i) {
                for w in 0..self.words {
                    tmp[w] |= f[w] | p[w];
                }
            }
        }
    }
}

/// Row strides within a plane for heaps 1..k-1 (heap 0 selects the plane; the last heap runs
/// along the row).
fn plane_strides(dims: &[usize]) -> Vec<usize> {
    let k = dims.len();
    let mut stride = vec![0usize; k];
    if k >= 2 {
        stride[k - 2] = 1;
        for i in (1..k - 2).rev() {
            stride[i] = stride[i + 1] * dims[i + 1];
        }
    }
    stride
}

/// The first cell of a row that no external flag reaches (`tail_mask` keeps the last word's
/// cells; `not_empty` skips cell 0, the empty position in misère play).
fn first_free(ext: &[u64], tail_mask: u64, not_empty: bool) -> Option<usize> {
    let words = ext.len();
    for (w, &e) in ext.iter().enumerate() {
        let mut free = !e;
        if w == words - 1 {
            free &= tail_mask;
        }
        if not_empty && w == 0 {
            free &= !1;
        }
        if free != 0 {
            return Some(w * 64 + free.trailing_zeros() as usize);
        }
    }
    None
}

fn zeroed(n: usize, what: &'static str) -> Result<Vec<u64>, AllocError> {
    let mut v = try_with_capacity(n, what)?;
    v.resize(n, 0);
    Ok(v)
}

/// The flag buffer and the row (within its plane) that `row - 1_D` lies in, for D a set of the
/// first k - 1 heaps; `None` when some heap of D is 0 there (no such move).
fn source<'a>(
    d: u32,
    coord: &[usize],
    rp: usize,
    stride: &[usize],
    cur: &'a [u64],
    prev: &'a [u64],
) -> Option<(&'a [u64], usize)> {
    if d == 0 {
        return Some((cur, rp));
    }
    let mut src = rp;
    for (i, &c) in coord.iter().enumerate() {
        if d >> i & 1 == 1 {
            if c == 0 {
                return None;
            }
            if i >= 1 {
                src -= stride[i];
            }
        }
    }
    Some((if d & 1 == 1 { prev } else { cur }, src))
}

/// How many rows back `row - 1_D` is (D a set of the first k - 1 heaps, all of them >= 1).
fn back(d: u32, coord: &[usize], dims: &[usize]) -> usize {
    let k1 = coord.len();
    let mut off = 0usize;
    let mut s = 1usize;
    for i in (0..k1).rev() {
        if d >> i & 1 == 1 {
            off += s;
        }
        s *= dims[i];
    }
    off
}

/// `out = (f | p)` shifted one cell along the row (cell c gets cell c - 1).
fn shift_up(f: &[u64], p: &[u64], out: &mut [u64]) {
    let mut carry = 0u64;
    for w in 0..f.len() {
        let x = f[w] | p[w];
        out[w] = x << 1 | carry;
        carry = x >> 63;
    }
}

/// Sets every cell after `c` in the row.
fn or_above(row: &mut [u64], c: usize) {
    let (w0, b) = (c / 64, c % 64);
    if b < 63 {
        row[w0] |= u64::MAX << (b + 1);
    }
    for w in row.iter_mut().skip(w0 + 1) {
        *w = u64::MAX;
    }
}

fn advance(c: &mut [usize], dims: &[usize]) {
    for i in (0..c.len()).rev() {
        c[i] += 1;
        if c[i] < dims[i] {
            return;
        }
        c[i] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wythoff_and_nim_outcomes() {
        let w = outcomes(&TakeGame::same(2, &[2]), &[30, 30], false).unwrap();
        for a in 0..30u64 {
            for b in 0..30u64 {
                assert_eq!(w.is_p(&[a, b]), crate::theory::wythoff::p_position(a, b), "{a} {b}");
            }
        }
        let n = outcomes(&TakeGame::moore(3, 1), &[9, 10, 70], false).unwrap();
        for a in 0..9u64 {
            for b in 0..10u64 {
                for c in 0..70u64 {
                    assert_eq!(n.is_p(&[a, b, c]), a ^ b ^ c == 0);
                }
            }
        }
    }
}
