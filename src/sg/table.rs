//! A table of Grundy values G(0), G(1), ... as wide as its values: 2 bytes a value while every
//! value fits 16 bits, 4 bytes from the first value above 65535 on (one conversion of the
//! table, then it goes on). [`Values`] is that table; [`Table`] is what its readers (the
//! certificate, the printers) ask of it, also implemented by plain slices of `u16` and `u32`.

/// Read access to G(0..len): the interface of every consumer of a table.
pub trait Table {
    /// How many values (G(0..len)).
    fn len(&self) -> usize;
    /// G(i), for i < len.
    fn at(&self, i: usize) -> u32;
    /// No values.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The smallest period of every suffix ([`suffix_periods`]).
    fn suffix_periods(&self) -> Option<Vec<u32>>;
}

impl Table for [u16] {
    fn len(&self) -> usize {
        <[u16]>::len(self)
    }
    fn at(&self, i: usize) -> u32 {
        self[i] as u32
    }
    fn suffix_periods(&self) -> Option<Vec<u32>> {
        suffix_periods(self)
    }
}

impl Table for [u32] {
    fn len(&self) -> usize {
        <[u32]>::len(self)
    }
    fn at(&self, i: usize) -> u32 {
        self[i]
    }
    fn suffix_periods(&self) -> Option<Vec<u32>> {
        suffix_periods(self)
    }
}

impl Table for Vec<u16> {
    fn len(&self) -> usize {
        self.as_slice().len()
    }
    fn at(&self, i: usize) -> u32 {
        self[i] as u32
    }
    fn suffix_periods(&self) -> Option<Vec<u32>> {
        suffix_periods(self)
    }
}

impl Table for Vec<u32> {
    fn len(&self) -> usize {
        self.as_slice().len()
    }
    fn at(&self, i: usize) -> u32 {
        self[i]
    }
    fn suffix_periods(&self) -> Option<Vec<u32>> {
        suffix_periods(self)
    }
}

/// G(0..len), 16-bit until a value needs more.
///
/// ```
/// use games::sg::table::{Table, Values};
/// let mut v = Values::new();
/// v.push(65535);
/// assert!(v.is_narrow());
/// v.push(65536);
/// assert!(!v.is_narrow());
/// assert_eq!((v.len(), v.at(0), v.at(1)), (2, 65535, 65536));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Values {
    /// Every value below 65536.
    Narrow(Vec<u16>),
    /// Some value above 65535.
    Wide(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::new()
    }
}

impl From<Vec<u16>> for Values {
    fn from(v: Vec<u16>) -> Self {
        Values::Narrow(v)
    }
}

impl Values {
    /// An empty, narrow table.
    pub fn new() -> Values {
        Values::Narrow(Vec::new())
    }

    /// How many values.
    pub fn len(&self) -> usize {
        Table::len(self)
    }

    /// No values.
    pub fn is_empty(&self) -> bool {
        Table::len(self) == 0
    }

    /// G(i), for i < len.
    pub fn at(&self, i: usize) -> u32 {
        Table::at(self, i)
    }

    /// Whether every value is kept in 16 bits.
    pub fn is_narrow(&self) -> bool {
        matches!(self, Values::Narrow(_))
    }

    /// Bytes a value takes (2 or 4).
    pub fn width(&self) -> usize {
        if self.is_narrow() { 2 } else { 4 }
    }

    /// Appends G(len) = `g`, widening the table (once) at the first value above 65535.
    pub fn push(&mut self, g: u32) {
        match self {
            Values::Narrow(v) => match u16::try_from(g) {
                Ok(x) => v.push(x),
                Err(_) => {
                    self.widen();
                    if let Values::Wide(w) = self {
                        w.push(g);
                    }
                }
            },
            Values::Wide(w) => w.push(g),
        }
    }

    /// Converts to 32-bit values (no-op when wide already).
    pub fn widen(&mut self) {
        if let Values::Narrow(v) = self {
            let mut w = Vec::with_capacity(v.capacity().max(v.len() + 1));
            w.extend(v.iter().map(|&x| x as u32));
            *self = Values::Wide(w);
        }
    }

    /// Keeps G(0..len).
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::Narrow(v) => v.truncate(len),
            Values::Wide(v) => v.truncate(len),
        }
    }

    /// Reserves room for `more` values (fallibly).
    pub fn try_reserve(&mut self, more: usize) -> Result<(), std::collections::TryReserveError> {
        match self {
            Values::Narrow(v) => v.try_reserve(more),
            Values::Wide(v) => v.try_reserve(more),
        }
    }

    /// The values in order.
    pub fn iter(&self) -> Iter<'_> {
        match self {
            Values::Narrow(v) => Iter::Narrow(v.iter()),
            Values::Wide(v) => Iter::Wide(v.iter()),
        }
    }

    /// G(n), `None` past the table.
    pub fn get(&self, n: usize) -> Option<u32> {
        match self {
            Values::Narrow(v) => v.get(n).map(|&x| x as u32),
            Values::Wide(v) => v.get(n).copied(),
        }
    }

    /// The largest value (0 for an empty table).
    pub fn max_value(&self) -> u32 {
        match self {
            Values::Narrow(v) => v.iter().copied().max().unwrap_or(0) as u32,
            Values::Wide(v) => v.iter().copied().max().unwrap_or(0),
        }
    }

    /// G(0..len) as `u64`s.
    pub fn to_u64(&self) -> Vec<u64> {
        self.iter().map(u64::from).collect()
    }
}

impl Table for Values {
    fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }
    fn at(&self, i: usize) -> u32 {
        match self {
            Values::Narrow(v) => v[i] as u32,
            Values::Wide(v) => v[i],
        }
    }
    fn suffix_periods(&self) -> Option<Vec<u32>> {
        match self {
            Values::Narrow(v) => suffix_periods(v),
            Values::Wide(v) => suffix_periods(v),
        }
    }
}

/// The values of a [`Values`] in order, as `u32` ([`Values::iter`]).
#[derive(Debug, Clone)]
pub enum Iter<'a> {
    /// Over 16-bit values.
    Narrow(std::slice::Iter<'a, u16>),
    /// Over 32-bit values.
    Wide(std::slice::Iter<'a, u32>),
}

impl Iterator for Iter<'_> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        match self {
            Iter::Narrow(i) => i.next().map(|&x| x as u32),
            Iter::Wide(i) => i.next().copied(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Iter::Narrow(i) => i.size_hint(),
            Iter::Wide(i) => i.size_hint(),
        }
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// The first values of a [`Values`] ([`Values::prefix`]).
#[derive(Debug, Clone, Copy)]
pub enum Slice<'a> {
    /// 16-bit values.
    Narrow(&'a [u16]),
    /// 32-bit values.
    Wide(&'a [u32]),
}

impl Values {
    /// G(0..len) (all of them when there are fewer).
    pub fn prefix(&self, len: usize) -> Slice<'_> {
        match self {
            Values::Narrow(v) => Slice::Narrow(&v[..len.min(v.len())]),
            Values::Wide(v) => Slice::Wide(&v[..len.min(v.len())]),
        }
    }
}

impl Table for Slice<'_> {
    fn len(&self) -> usize {
        match self {
            Slice::Narrow(v) => v.len(),
            Slice::Wide(v) => v.len(),
        }
    }
    fn at(&self, i: usize) -> u32 {
        match self {
            Slice::Narrow(v) => v[i] as u32,
            Slice::Wide(v) => v[i],
        }
    }
    fn suffix_periods(&self) -> Option<Vec<u32>> {
        match self {
            Slice::Narrow(v) => suffix_periods(v),
            Slice::Wide(v) => suffix_periods(v),
        }
    }
}

/// Serialises as a JSON array of numbers.
impl serde::Serialize for Values {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Values::Narrow(v) => v.serialize(s),
            Values::Wide(v) => v.serialize(s),
        }
    }
}

/// The smallest period of every suffix: `out[s]` for the suffix starting at s (`out[L] = 0`).
/// One buffer of 4 bytes per value (the prefix function, turned into periods in place); `None`
/// past 2^32 - 2 values.
pub fn suffix_periods<T: PartialEq>(seq: &[T]) -> Option<Vec<u32>> {
    let l = seq.len();
    if l >= u32::MAX as usize {
        return None;
    }
    let r = |i: usize| &seq[l - 1 - i];
    let mut pi: Vec<u32> = Vec::with_capacity(l + 1);
    pi.resize(l, 0);
    for i in 1..l {
        let mut k = pi[i - 1] as usize;
        while k > 0 && r(i) != r(k) {
            k = pi[k - 1] as usize;
        }
        if r(i) == r(k) {
            k += 1;
        }
        pi[i] = k as u32;
    }
    // pi[i] is the border of the reversed prefix of length i + 1, the suffix from l - 1 - i.
    for (i, v) in pi.iter_mut().enumerate() {
        *v = (i as u32 + 1) - *v;
    }
    pi.reverse();
    pi.push(0);
    Some(pi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_keeps_every_value() {
        let mut v = Values::new();
        for g in [0u32, 7, 65535, 65536, 3, 1 << 31] {
            v.push(g);
        }
        assert!(!v.is_narrow());
        assert_eq!(v.to_u64(), vec![0, 7, 65535, 65536, 3, 1 << 31]);
        assert_eq!(v.max_value(), 1 << 31);
        let mut n = Values::new();
        n.push(5);
        n.push(65535);
        assert!(n.is_narrow());
        assert_eq!(n.width(), 2);
        assert_eq!(n.suffix_periods(), vec![5u16, 65535].suffix_periods());
    }
}
