//! Positions as text (`games explore --from`): a position is any line the moves program
//! understands — a list of any length, a set, a tree as a parent array, a board — and the
//! engine numbers each distinct text once, in the order met.
//!
//! The engine itself works on integer positions; with `--from` every position is one
//! coordinate, its number here, and [`crate::explore::program::Program`] translates at the
//! border: a number is written to the program as its text, and every part of a reply is read as
//! text and numbered ([`TextPositions::intern`]). Everything after the border (the search that
//! reaches every position from the asked ones, Grundy values, Smith's loopy values, misère
//! outcomes, remoteness, scores, partizan values) is the engine unchanged.
//!
//! **The text of a position.** Blanks at its ends are not part of it; inside, it is kept byte
//! for byte, so two spellings of one position are two positions unless the program prints one
//! canonical spelling (sorted heaps, a tree's canonical string): that is how symmetric
//! positions become one. It is never empty and never holds `;`, `+`, `|` or `@` (they separate
//! options, parts of a sum, Left from Right, an option from its gain) or a control byte; `()`
//! is the empty game, as in the integer protocol.

use std::sync::Mutex;

/// The characters a position's text may not hold, besides control bytes.
pub const RESERVED: &[u8] = b";+|@";

/// Every position met, numbered in the order met (the asked ones first).
#[derive(Debug)]
pub struct TextPositions {
    inner: Mutex<Inner>,
    /// The most positions (`--max-positions`).
    most: usize,
}

#[derive(Debug, Default)]
struct Inner {
    /// The texts, one after the other.
    bytes: Vec<u8>,
    /// `ends[v]`: the end of position v's text in `bytes`.
    ends: Vec<usize>,
    /// Open addressing over the numbers (`u32::MAX`: empty).
    slots: Vec<u32>,
}

const EMPTY: u32 = u32::MAX;

fn hash(text: &[u8]) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    for chunk in text.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31);
    }
    (h ^ text.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Inner {
    fn text(&self, v: usize) -> &[u8] {
        let start = if v == 0 { 0 } else { self.ends[v - 1] };
        &self.bytes[start..self.ends[v]]
    }

    fn slot(&self, text: &[u8]) -> (usize, Option<u32>) {
        let mask = self.slots.len() - 1;
        let mut i = (hash(text) >> 17) as usize & mask;
        loop {
            match self.slots[i] {
                EMPTY => return (i, None),
                v if self.text(v as usize) == text => return (i, Some(v)),
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        self.slots = vec![EMPTY; size];
        for v in 0..self.ends.len() {
            let (i, _) = self.slot(self.text(v));
            self.slots[i] = v as u32;
        }
    }
}

/// Why a part of a line is not a position.
pub fn check(text: &[u8]) -> Result<(), String> {
    if text.is_empty() {
        return Err(
            "an empty position (two separators in a row, or one at an end; the empty game is written ())"
                .into(),
        );
    }
    if let Some(&b) = text.iter().find(|&&b| RESERVED.contains(&b) || (b < 0x20 && b != b'\t')) {
        let what =
            if b < 0x20 { "a control character".to_string() } else { format!("'{}'", b as char) };
        return Err(format!(
            "'{}' holds {what}, which a position's text may not (; + | @ separate options, parts, sides and gains)",
            crate::error::excerpt(text)
        ));
    }
    Ok(())
}

impl TextPositions {
    /// No position yet; at most `most` of them.
    pub fn new(most: usize) -> TextPositions {
        TextPositions { inner: Mutex::default(), most }
    }

    /// The number of `text` (trimmed by the caller, checked by [`check`]), numbering it when new.
    /// `Err` past the most positions.
    pub fn intern(&self, text: &[u8]) -> Result<u64, String> {
        let most = self.most;
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if (inner.ends.len() + 1) * 2 > inner.slots.len() {
            inner.grow();
        }
        let (slot, found) = inner.slot(text);
        if let Some(v) = found {
            return Ok(v as u64);
        }
        let v = inner.ends.len();
        if v >= most || v >= EMPTY as usize - 1 {
            return Err(format!(
                "the game reaches more than {most} positions from the ones asked (--max-positions)"
            ));
        }
        inner.bytes.extend_from_slice(text);
        let end = inner.bytes.len();
        inner.ends.push(end);
        inner.slots[slot] = v as u32;
        Ok(v as u64)
    }

    /// Appends the text of position `v` (nothing for a number never given out).
    pub fn write(&self, v: u64, out: &mut Vec<u8>) {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = usize::try_from(v).ok().filter(|&v| v < inner.ends.len()) {
            out.extend_from_slice(inner.text(v));
        }
    }

    /// The text of position `v`, for reports.
    pub fn show(&self, v: u64) -> String {
        let mut out = Vec::new();
        self.write(v, &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// How many positions have a number.
    pub fn len(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).ends.len()
    }

    /// No position yet?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_text_is_numbered_once_in_the_order_met() {
        let t = TextPositions::new(usize::MAX);
        let texts: Vec<String> = (0..5000).map(|i| format!("{} {}", i % 1700, i % 3)).collect();
        let mut first = std::collections::HashMap::new();
        for s in &texts {
            let v = t.intern(s.as_bytes()).unwrap();
            let n = first.len() as u64;
            assert_eq!(*first.entry(s.clone()).or_insert(n), v);
        }
        for (s, &v) in &first {
            assert_eq!(&t.show(v), s);
        }
        assert_eq!(t.len(), first.len());
    }

    #[test]
    fn the_budget_and_the_reserved_characters() {
        let t = TextPositions::new(2);
        t.intern(b"a").unwrap();
        t.intern(b"b").unwrap();
        assert_eq!(t.intern(b"a"), Ok(0));
        assert!(t.intern(b"c").unwrap_err().contains("--max-positions"));
        assert!(check(b"1;2").is_err());
        assert!(check(b"x|y").is_err());
        assert!(check(b"a\x1bb").is_err());
        assert!(check(b"").is_err());
        assert!(check(b"0 1 1 2").is_ok());
        assert!(check(b"#..#/.##.").is_ok());
    }
}
