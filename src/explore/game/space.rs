//! The box: the positions whose values the user asked for, one inclusive range per coordinate
//! (`0..30,0..30`; `0..10^3` repeats a range three times), with 1 to 16 coordinates. A coordinate whose range is a single number is
//! *fixed*: the box is then a table of fewer dimensions, and its patterns answer positions on
//! the same line (or plane). Cells are numbered row-major, the last coordinate fastest, so a 2-D
//! box prints as rows of the first coordinate.

/// The most coordinates a position may have.
pub const MAX_ARITY: usize = 16;
/// The largest coordinate anywhere (positions, boxes, `--at`): 2^63 - 1, so that `n + 1` and
/// sums of two coordinates never overflow a `u64`.
pub const MAX_COORD: u64 = i64::MAX as u64;
/// The most cells a box may have (its tables take a few bytes a cell).
pub const MAX_CELLS: u64 = 1 << 28;

/// A position: `arity` coordinates, the rest zero.
pub type Coords = [u64; MAX_ARITY];

/// An inclusive box of positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Space {
    /// The lowest value of each coordinate.
    pub lo: Vec<u64>,
    /// The highest value of each coordinate (`hi[i] >= lo[i]`).
    pub hi: Vec<u64>,
}

impl Space {
    /// Reads `A..B,C..D` (a single number `A` means `A..A`; `A..B^K` is K copies of `A..B`).
    /// The error says what is wrong.
    ///
    /// ```
    /// use games::explore::space::Space;
    /// let s = Space::parse("0..3,5").unwrap();
    /// assert_eq!((s.arity(), s.cells()), (2, 4));
    /// assert_eq!(s.free_axes(), vec![0]);
    /// assert!(Space::parse("3..1").is_err());
    /// assert_eq!(Space::parse("0..4^3").unwrap().cells(), 125);
    /// ```
    pub fn parse(spec: &str) -> Result<Space, String> {
        let space = Space::parse_any(spec)?;
        space.check_cells()?;
        Ok(space)
    }

    /// [`Space::parse`] without the limit of [`MAX_CELLS`] positions: for the paths that keep
    /// less than a table a position (the take families' outcome bits, `crate::explore::big`), which
    /// check their own limits; the others call [`Space::check_cells`].
    pub fn parse_any(spec: &str) -> Result<Space, String> {
        let (mut lo, mut hi) = (Vec::new(), Vec::new());
        for (i, part) in spec.split(',').enumerate() {
            let (part, copies) = match part.trim().split_once('^') {
                Some((range, k)) => {
                    let k = k.trim().parse::<usize>().ok().filter(|k| (1..=MAX_ARITY).contains(k));
                    let k = k.ok_or_else(|| {
                        format!("'{}': the count after ^ must be 1 to {MAX_ARITY}", part.trim())
                    })?;
                    (range.trim(), k)
                }
                None => (part.trim(), 1),
            };
            let (a, b) = match part.split_once("..") {
                Some((a, b)) => (a.trim(), b.trim().trim_start_matches('=')),
                None => (part, part),
            };
            let num = |t: &str| -> Result<u64, String> {
                parse_coord(t.as_bytes()).ok_or_else(|| {
                    format!(
                        "coordinate {} of the box: '{t}' is not a whole number from 0 to 2^63 - 1",
                        i + 1
                    )
                })
            };
            let (a, b) = (num(a)?, num(b)?);
            if a > b {
                return Err(format!(
                    "coordinate {} of the box: the range {a}..{b} is empty",
                    i + 1
                ));
            }
            for _ in 0..copies {
                lo.push(a);
                hi.push(b);
            }
            if lo.len() > MAX_ARITY {
                break;
            }
        }
        if lo.len() > MAX_ARITY {
            return Err(format!("the box has {} coordinates; at most {MAX_ARITY}", lo.len()));
        }
        Ok(Space { lo, hi })
    }

    /// The box's limit for a table: at most [`MAX_CELLS`] positions.
    pub fn check_cells(&self) -> Result<(), String> {
        if self.cells_u128() > MAX_CELLS as u128 {
            return Err(format!(
                "the box has {} positions; at most {MAX_CELLS}",
                self.count_text()
            ));
        }
        Ok(())
    }

    /// The number of positions as text (`more than 2^128 - 1` where it does not fit 128 bits).
    pub fn count_text(&self) -> String {
        let n = (0..self.arity()).try_fold(1u128, |n, i| n.checked_mul(self.width(i) as u128));
        n.map_or_else(|| "more than 2^128 - 1".to_string(), |n| n.to_string())
    }

    /// A box from explicit ranges (for built-in games and tests).
    pub fn from_ranges(ranges: &[(u64, u64)]) -> Space {
        Space { lo: ranges.iter().map(|r| r.0).collect(), hi: ranges.iter().map(|r| r.1).collect() }
    }

    /// The number of coordinates.
    pub fn arity(&self) -> usize {
        self.lo.len()
    }

    /// The width of coordinate `axis`.
    pub fn width(&self, axis: usize) -> u64 {
        self.hi[axis] - self.lo[axis] + 1
    }

    /// The number of positions in the box, without overflow (`u128::MAX` where it does not fit:
    /// 16 coordinates of width 2^63 are 2^1008 positions).
    pub fn cells_u128(&self) -> u128 {
        (0..self.arity()).fold(1u128, |n, i| n.saturating_mul(self.width(i) as u128))
    }

    /// The number of positions from 0 to the box's upper ends (the hull that games whose moves
    /// only lower coordinates need), saturating like [`Space::cells_u128`].
    pub fn hull_u128(&self) -> u128 {
        self.hi.iter().fold(1u128, |n, &h| n.saturating_mul(h as u128 + 1))
    }

    /// The number of positions in the box.
    pub fn cells(&self) -> usize {
        self.cells_u128() as usize
    }

    /// The coordinates that vary (`lo < hi`).
    pub fn free_axes(&self) -> Vec<usize> {
        (0..self.arity()).filter(|&i| self.lo[i] < self.hi[i]).collect()
    }

    /// Is the position in the box?
    pub fn contains(&self, p: &[u64]) -> bool {
        p.len() >= self.arity()
            && (0..self.arity()).all(|i| self.lo[i] <= p[i] && p[i] <= self.hi[i])
    }

    /// The cell number of a position in the box.
    pub fn index(&self, p: &[u64]) -> Option<usize> {
        if !self.contains(p) {
            return None;
        }
        let mut i = 0usize;
        for (a, &x) in p.iter().enumerate().take(self.arity()) {
            i = i * self.width(a) as usize + (x - self.lo[a]) as usize;
        }
        Some(i)
    }

    /// The position of a cell number.
    pub fn position(&self, mut i: usize) -> Coords {
        let mut p = [0u64; MAX_ARITY];
        for a in (0..self.arity()).rev() {
            let w = self.width(a) as usize;
            p[a] = self.lo[a] + (i % w) as u64;
            i /= w;
        }
        p
    }

    /// Does a position lie on the box's line or plane (every fixed coordinate equal)?
    pub fn on_fixed(&self, p: &[u64]) -> bool {
        (0..self.arity()).all(|a| self.lo[a] < self.hi[a] || p[a] == self.lo[a])
    }

    /// The box as written on the command line (`0..30,5`).
    pub fn spec(&self) -> String {
        let parts: Vec<String> = (0..self.arity())
            .map(|a| {
                if self.lo[a] == self.hi[a] {
                    self.lo[a].to_string()
                } else {
                    format!("{}..{}", self.lo[a], self.hi[a])
                }
            })
            .collect();
        parts.join(",")
    }

    /// With `--multiset`, the cells of the box are multisets of heaps, and several cells may
    /// hold the same one (`0 3` and `3 0`): is `p` the first of them in box order, the one
    /// that `--count` and `--list` count? In a box of equal ranges, the cells whose coordinates
    /// do not decrease; in any box, the cell whose coordinates are the lexicographically
    /// smallest arrangement of `p`'s heaps that lies in the box.
    pub fn first_of_multiset(&self, p: &[u64]) -> bool {
        let k = self.arity();
        let p = &p[..k];
        let same =
            self.lo.iter().all(|&l| l == self.lo[0]) && self.hi.iter().all(|&h| h == self.hi[0]);
        if same {
            return p.windows(2).all(|w| w[0] <= w[1]);
        }
        // Position i takes p[i] while no smaller heap left can stand there with the heaps
        // after it still placeable in their ranges.
        let mut left: Vec<u64> = p.to_vec();
        left.sort_unstable();
        for (i, &heap) in p.iter().enumerate() {
            if self.smaller_fits(&left, i, heap) {
                return false;
            }
            match left.iter().position(|&v| v == heap) {
                Some(j) => {
                    left.remove(j);
                }
                None => return false,
            }
        }
        true
    }

    /// Can a heap of `left` (sorted) smaller than `heap` stand at coordinate `i`, the other
    /// heaps of `left` then standing at the coordinates after it?
    fn smaller_fits(&self, left: &[u64], i: usize, heap: u64) -> bool {
        let mut tried = None;
        for (j, &v) in left.iter().enumerate().take_while(|&(_, &v)| v < heap) {
            if tried == Some(v) || v < self.lo[i] || v > self.hi[i] {
                continue;
            }
            tried = Some(v);
            let mut rest = left.to_vec();
            rest.remove(j);
            if self.placeable(&rest, i + 1) {
                return true;
            }
        }
        false
    }

    /// Can the heaps `values` (sorted) stand at the coordinates `from..` each within its range?
    /// Smallest heap first, each to the free coordinate whose range ends first (the greedy
    /// matching of points to intervals, optimal by exchange).
    fn placeable(&self, values: &[u64], from: usize) -> bool {
        let mut free: Vec<usize> = (from..self.arity()).collect();
        for &v in values {
            let best = free
                .iter()
                .enumerate()
                .filter(|&(_, &a)| self.lo[a] <= v && v <= self.hi[a])
                .min_by_key(|&(_, &a)| self.hi[a]);
            match best {
                Some((i, _)) => {
                    free.swap_remove(i);
                }
                None => return false,
            }
        }
        true
    }
}

/// One position: `arity` whole numbers separated by blanks or commas (multisets: 0 to 16 heaps,
/// `()` for none). Errors name the column (1-based, in bytes) of the fault within `text`.
pub fn parse_part(
    text: &str,
    arity: usize,
    multiset: bool,
    offset: usize,
) -> Result<Coords, (usize, String)> {
    let mut p = [0u64; MAX_ARITY];
    let mut k = 0;
    let most = if multiset { MAX_ARITY } else { arity };
    if text.trim() == "()" && multiset {
        return Ok(p);
    }
    let mut at = 0;
    for token in text.split(|c: char| c == ',' || c.is_ascii_whitespace()) {
        let col = offset + at;
        at += token.len() + 1;
        if token.is_empty() {
            continue;
        }
        if k == most {
            let what = if multiset { "heaps" } else { "coordinates" };
            return Err((col, format!("more than {most} {what}")));
        }
        p[k] = parse_coord(token.as_bytes()).ok_or_else(|| {
            let token = crate::error::excerpt(token.as_bytes());
            (col, format!("'{token}' is not a whole number from 0 to 2^63 - 1"))
        })?;
        k += 1;
    }
    if multiset {
        let nonzero = p.iter().filter(|&&x| x != 0).count();
        if nonzero > arity {
            return Err((
                offset,
                format!("{nonzero} heaps; the box has {arity} (a sum 'A + B' splits it)"),
            ));
        }
        p.sort_unstable();
        let mut q = [0u64; MAX_ARITY];
        q[..arity].copy_from_slice(&p[MAX_ARITY - arity..]);
        return Ok(q);
    }
    if k != arity {
        return Err((offset, format!("{k} coordinates, the game has {arity}")));
    }
    Ok(p)
}

/// A position of `arity` coordinates (blanks or commas between them), for options such as
/// `--winning`: [`parse_part`], its error prefixed with the text.
pub fn parse_position(text: &str, arity: usize) -> Result<Coords, String> {
    parse_part(text, arity, false, 1)
        .map_err(|(_, e)| format!("position '{}': {e}", crate::error::excerpt(text.as_bytes())))
}

/// Writes a position as its coordinates separated by single spaces.
pub fn format_position(p: &[u64], arity: usize) -> String {
    let parts: Vec<String> = p[..arity].iter().map(|x| x.to_string()).collect();
    parts.join(" ")
}

/// A coordinate: decimal digits (an optional `+`, any number of leading zeros), at most
/// 2^63 - 1.
pub fn parse_coord(t: &[u8]) -> Option<u64> {
    let t = t.strip_prefix(b"+").unwrap_or(t);
    if t.is_empty() || !t.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let digits = &t[t.iter().position(|&d| d != b'0').unwrap_or(t.len() - 1)..];
    if digits.len() > 19 {
        return None;
    }
    let v = digits.iter().fold(0u64, |v, &d| v * 10 + (d - b'0') as u64);
    (v <= MAX_COORD).then_some(v)
}
