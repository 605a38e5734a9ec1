//! Checkpoints of `games sg --save FILE` / `--resume FILE`: a table of Grundy values G(0..len)
//! with the rule it belongs to, so that a long run can stop (at its end, at `--max`, on Ctrl-C)
//! and go on later from where it was.
//!
//! **Format** (all integers little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GAMESSG\0` |
//! | 4 | version, 1 |
//! | 4 | length r of the rule's text |
//! | r | the rule as `games sg` prints it (UTF-8) |
//! | 1 | width w of a value: 2 or 4 bytes |
//! | 8 | count c of values |
//! | 8 | FNV-1a 64 hash of the value bytes |
//! | c * w | G(0), ..., G(c - 1) |
//!
//! **Reading** checks, before anything is allocated by a number the file states, that the rule's
//! length and c * w are exactly what the file's size leaves; then the magic, the version, the
//! width, the rule (the same text, or the same take-and-break code: `kayles` and `0.77` are one
//! rule) and the hash. Every refusal is one [`CheckpointError`] line; none panics.

use super::rule::Rule;
use super::table::Values;
use std::fmt;
use std::io::{Read, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"GAMESSG\0";
const VERSION: u32 = 1;
/// Magic, version, rule length.
const HEAD: u64 = 16;
/// Width, count, hash.
const TAIL: u64 = 17;

/// Why a checkpoint cannot be read or written.
#[derive(Debug)]
pub enum CheckpointError {
    /// The file could not be opened, read or written.
    Io(std::io::Error),
    /// Not a checkpoint of this format (or a damaged one): what is wrong.
    Format(String),
    /// A checkpoint of another rule.
    OtherRule(String),
    /// The path names something other than a regular file (a FIFO, a device, a folder): never
    /// replaced nor opened (a FIFO would block the open).
    NotRegular,
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Io(e) => write!(f, "{e}"),
            CheckpointError::Format(why) => write!(f, "not a games sg checkpoint: {why}"),
            CheckpointError::OtherRule(r) => {
                write!(f, "it holds the values of another rule ({r})")
            }
            CheckpointError::NotRegular => {
                f.write_str("not a regular file (a FIFO, a device or a folder is never used)")
            }
        }
    }
}

impl std::error::Error for CheckpointError {}

impl From<std::io::Error> for CheckpointError {
    fn from(e: std::io::Error) -> Self {
        CheckpointError::Io(e)
    }
}

/// FNV-1a, 64 bits, continued from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The value bytes of `values`, little-endian, in blocks of at most `block` values.
fn each_block(
    values: &Values,
    block: usize,
    mut f: impl FnMut(&[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(block * 4);
    match values {
        Values::Narrow(v) => {
            for chunk in v.chunks(block) {
                buf.clear();
                chunk.iter().for_each(|x| buf.extend_from_slice(&x.to_le_bytes()));
                f(&buf)?;
            }
        }
        Values::Wide(v) => {
            for chunk in v.chunks(block) {
                buf.clear();
                chunk.iter().for_each(|x| buf.extend_from_slice(&x.to_le_bytes()));
                f(&buf)?;
            }
        }
    }
    Ok(())
}

/// Refuses a `--save` path that exists and is not a regular file (a symbolic link to a regular
/// file is taken). Checked before a run starts, and again by [`save`].
pub fn check_save_path(path: &Path) -> Result<(), CheckpointError> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(CheckpointError::NotRegular),
        _ => Ok(()),
    }
}

/// A new temporary file beside `path` (the same folder, so the rename stays on one file
/// system), created with `O_EXCL`: nothing already there, a symbolic link included, is ever
/// written through. Its name and the open file.
fn new_temporary(path: &Path) -> std::io::Result<(std::path::PathBuf, std::fs::File)> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut last = None;
    for attempt in 0..100u32 {
        let tmp = path.with_file_name(format!(".{name}.{}-{attempt}.tmp", std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// Writes `values` of `rule` to `path`: into a new temporary file beside it first, then
/// renamed over `path`, so a failed or interrupted write leaves an older checkpoint whole. A
/// path that is not a regular file is refused ([`check_save_path`]).
pub fn save(path: &Path, rule: &Rule, values: &Values) -> Result<(), CheckpointError> {
    check_save_path(path)?;
    let text = rule.to_string();
    let mut hash = FNV_START;
    each_block(values, 1 << 16, |b| {
        hash = fnv(hash, b);
        Ok(())
    })?;
    let (tmp, file) = new_temporary(path)?;
    let write = || -> std::io::Result<()> {
        let mut w = std::io::BufWriter::with_capacity(1 << 20, file);
        w.write_all(MAGIC)?;
        w.write_all(&VERSION.to_le_bytes())?;
        w.write_all(&(text.len() as u32).to_le_bytes())?;
        w.write_all(text.as_bytes())?;
        w.write_all(&[values.width() as u8])?;
        w.write_all(&(values.len() as u64).to_le_bytes())?;
        w.write_all(&hash.to_le_bytes())?;
        each_block(values, 1 << 16, |b| w.write_all(b))?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        CheckpointError::Io(e)
    })
}

fn u32_at(b: &[u8]) -> u32 {
    let mut a = [0u8; 4];
    a.copy_from_slice(&b[..4]);
    u32::from_le_bytes(a)
}

fn u64_at(b: &[u8]) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[..8]);
    u64::from_le_bytes(a)
}

/// Is the rule spelt `saved` the rule `rule`? The same text, or the same code.
fn same_rule(saved: &str, rule: &Rule) -> bool {
    if saved == rule.to_string() {
        return true;
    }
    match (Rule::parse(saved), rule.code()) {
        (Ok(r), Some(c)) => r
            .code()
            .is_some_and(|d| super::rule::code_to_string(&d) == super::rule::code_to_string(&c)),
        _ => false,
    }
}

/// Opens `path` for reading only if it is a regular file: checked before the open, and the open
/// is non-blocking (a FIFO swapped in meanwhile does not hang it), then checked again on the
/// open file.
fn open_regular(path: &Path) -> Result<std::fs::File, CheckpointError> {
    if !std::fs::metadata(path)?.is_file() {
        return Err(CheckpointError::NotRegular);
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(all(
        target_os = "linux",
        any(
            target_arch = "x86_64",
            target_arch = "aarch64",
            target_arch = "x86",
            target_arch = "arm"
        )
    ))]
    {
        use std::os::unix::fs::OpenOptionsExt;
        const O_NONBLOCK: i32 = 0o4000;
        options.custom_flags(O_NONBLOCK);
    }
    let f = options.open(path)?;
    if !f.metadata()?.is_file() {
        return Err(CheckpointError::NotRegular);
    }
    Ok(f)
}

/// Reads the checkpoint at `path` for `rule`.
pub fn load(path: &Path, rule: &Rule) -> Result<Values, CheckpointError> {
    let bad = |why: &str| CheckpointError::Format(why.to_string());
    let mut f = open_regular(path)?;
    let size = f.metadata()?.len();
    if size < HEAD + TAIL {
        return Err(bad(&format!("{size} bytes, shorter than a header")));
    }
    let mut head = [0u8; HEAD as usize];
    f.read_exact(&mut head)?;
    if &head[..8] != MAGIC {
        return Err(bad("wrong magic bytes"));
    }
    let version = u32_at(&head[8..]);
    if version != VERSION {
        return Err(bad(&format!("format version {version}, this games reads {VERSION}")));
    }
    let rule_len = u32_at(&head[12..]) as u64;
    if rule_len > size - HEAD - TAIL {
        return Err(bad("truncated (the rule's text is longer than the file)"));
    }
    let mut text = vec![0u8; rule_len as usize];
    f.read_exact(&mut text)?;
    let mut tail = [0u8; TAIL as usize];
    f.read_exact(&mut tail)?;
    let width = tail[0] as u64;
    if width != 2 && width != 4 {
        return Err(bad(&format!("value width {width} (2 or 4 expected)")));
    }
    let count = u64_at(&tail[1..]);
    let hash = u64_at(&tail[9..]);
    let body = size - HEAD - TAIL - rule_len;
    match count.checked_mul(width) {
        Some(b) if b == body => {}
        Some(b) if b > body => {
            return Err(bad(&format!(
                "truncated ({count} values of {width} bytes stated, {body} bytes present)"
            )));
        }
        _ => {
            return Err(bad(&format!(
                "{count} values of {width} bytes stated, {body} bytes present"
            )));
        }
    }
    let text = String::from_utf8(text).map_err(|_| bad("the rule's text is not UTF-8"))?;
    if !same_rule(&text, rule) {
        return Err(CheckpointError::OtherRule(text));
    }
    // The count is now bounded by the file's size.
    let count = count as usize;
    let mut values = if width == 2 { Values::Narrow(Vec::new()) } else { Values::Wide(Vec::new()) };
    values.try_reserve(count).map_err(|_| {
        bad(&format!("cannot allocate {} bytes for its values", count as u64 * width))
    })?;
    let mut h = FNV_START;
    let mut buf = vec![0u8; (1 << 16) * width as usize];
    let mut left = count;
    while left > 0 {
        let k = left.min(1 << 16);
        let bytes = &mut buf[..k * width as usize];
        f.read_exact(bytes)?;
        h = fnv(h, bytes);
        match &mut values {
            Values::Narrow(v) => {
                v.extend(bytes.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])))
            }
            Values::Wide(v) => v.extend(bytes.chunks_exact(4).map(u32_at)),
        }
        left -= k;
    }
    if h != hash {
        return Err(bad("its values do not match their hash (the file is damaged)"));
    }
    Ok(values)
}

/// After `--resume`, before a proof is claimed: recomputes from the rule alone the values the
/// proof read (G(0..read)) that came from the file (the first `from_file`) and compares them
/// with `values`. Values past the file's were computed from these, so a forged or damaged
/// checkpoint (a valid hash over wrong values) cannot make a false proof. The first value that
/// differs is the error.
pub fn recheck(
    rule: &Rule,
    values: &Values,
    read: usize,
    from_file: usize,
) -> Result<(), CheckpointError> {
    let len = read.min(from_file).min(values.len());
    if len == 0 {
        return Ok(());
    }
    let mut engine = super::values::Engine::new(rule);
    engine
        .extend_to(len as u64 - 1)
        .map_err(|e| CheckpointError::Format(format!("its values could not be rechecked ({e})")))?;
    for n in 0..len {
        let (file, ours) = (values.get(n), engine.values.get(n));
        if file != ours {
            return Err(CheckpointError::Format(format!(
                "its value G({n}) = {} is not the rule's ({}): a forged or damaged file, not used for a proof",
                file.unwrap_or(0),
                ours.map_or("unknown".to_string(), |g| g.to_string())
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        let dir = std::env::temp_dir().join(format!("games-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("k.sgv");
        let kayles = Rule::parse("0.77").unwrap();
        let mut v = Values::new();
        for g in [0u32, 1, 2, 3, 1, 4] {
            v.push(g);
        }
        save(&p, &kayles, &v).unwrap();
        assert_eq!(load(&p, &kayles).unwrap(), v);
        assert_eq!(load(&p, &Rule::parse("kayles").unwrap()).unwrap(), v);
        assert!(matches!(
            load(&p, &Rule::parse("0.07").unwrap()),
            Err(CheckpointError::OtherRule(_))
        ));
        let bytes = std::fs::read(&p).unwrap();
        // Truncated anywhere: refused.
        for cut in 0..bytes.len() {
            std::fs::write(&p, &bytes[..cut]).unwrap();
            assert!(matches!(load(&p, &kayles), Err(CheckpointError::Format(_))), "cut {cut}");
        }
        // One byte changed anywhere: refused (or, in the rule's text, another rule).
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x41;
            std::fs::write(&p, &b).unwrap();
            assert!(load(&p, &kayles).is_err(), "byte {i}");
        }
        // A huge count in the header: refused before any allocation.
        let mut b = bytes.clone();
        let at = (HEAD as usize) + 4 + 1;
        b[at..at + 8].copy_from_slice(&(u64::MAX / 2).to_le_bytes());
        std::fs::write(&p, &b).unwrap();
        assert!(matches!(load(&p, &kayles), Err(CheckpointError::Format(_))));
        // Wide values.
        v.push(70000);
        save(&p, &kayles, &v).unwrap();
        assert_eq!(load(&p, &kayles).unwrap(), v);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
