//! Reading the whole input into memory, by the cheapest means the source allows.
//!
//! Every solver parses one contiguous byte slice (see [`crate::scanner`]). A regular file of at
//! least [`MMAP_MIN`] bytes, named on the command line or redirected to standard input, is
//! memory-mapped with its pages populated up front (`MAP_POPULATE`): the kernel maps the page
//! cache into our address space in one call instead of copying every byte into a fresh buffer
//! and taking a page fault per 4 KiB of it, which on the bench inputs costs about as much as
//! parsing them. Anything else (a pipe, a terminal, a small file, a file that cannot be mapped)
//! is read with `read(2)` into a buffer. This is the decision ripgrep makes (memory maps for a
//! few explicitly named regular files, reads otherwise, and reading again if mapping fails),
//! with one trade-off accepted the same way: a file truncated by another process while we read
//! it would end the process with SIGBUS rather than an error message.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::mem::ManuallyDrop;
use std::ops::Deref;
use std::path::Path;

/// Files shorter than this are read: below it a mapping's set-up and tear-down cost more than
/// the copy they save (measured on the bench inputs; see `scripts/bench.py`).
pub const MMAP_MIN: u64 = 64 * 1024;

/// The whole input: a buffer or a read-only memory map, either way a `[u8]`.
pub enum Input {
    Read(Vec<u8>),
    Mapped(memmap2::Mmap),
}

impl Deref for Input {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Input::Read(v) => v,
            Input::Mapped(m) => m,
        }
    }
}

/// Reads the file at `path`, or standard input when `path` is `None` or `-`.
pub fn read_input(path: Option<&Path>) -> io::Result<Input> {
    match path {
        Some(path) if path.as_os_str() != "-" => read_file(&mut File::open(path)?),
        _ => read_stdin(),
    }
}

/// Standard input: mapped when it is a redirected regular file, read otherwise.
#[cfg(unix)]
fn read_stdin() -> io::Result<Input> {
    use std::os::fd::{AsRawFd, FromRawFd};
    let stdin = io::stdin().lock();
    // SAFETY: the descriptor is standard input's, open for the whole run; `ManuallyDrop` keeps
    // this `File` from closing it.
    let mut file = ManuallyDrop::new(unsafe { File::from_raw_fd(stdin.as_raw_fd()) });
    read_file(&mut file)
}

#[cfg(not(unix))]
fn read_stdin() -> io::Result<Input> {
    let mut buf = Vec::new();
    io::stdin().lock().read_to_end(&mut buf)?;
    Ok(Input::Read(buf))
}

/// The rest of `file` from its current position: mapped when it is a regular file of at least
/// [`MMAP_MIN`] bytes and the mapping succeeds, read otherwise.
fn read_file(file: &mut File) -> io::Result<Input> {
    if let Some(map) = try_map(file) {
        return Ok(Input::Mapped(map));
    }
    let mut buf = Vec::new();
    if let Ok(meta) = file.metadata()
        && meta.is_file()
    {
        buf.reserve_exact(usize::try_from(meta.len()).unwrap_or(0).saturating_add(1));
    }
    file.read_to_end(&mut buf)?;
    Ok(Input::Read(buf))
}

/// A populated read-only map of the rest of `file`, with the file position moved to its end
/// (as reading it would), or `None` when it is not a large enough regular file or cannot be
/// mapped.
fn try_map(file: &mut File) -> Option<memmap2::Mmap> {
    let meta = file.metadata().ok()?;
    if !meta.is_file() {
        return None;
    }
    let start = file.stream_position().ok()?;
    let len = meta.len().checked_sub(start)?;
    if len < MMAP_MIN {
        return None;
    }
    let len = usize::try_from(len).ok()?;
    // SAFETY: the map is read-only and private to this process. Its bytes could still change
    // (or vanish, raising SIGBUS) if another process rewrote or truncated the file while we
    // run; the module doc states that trade-off, which ripgrep makes as well.
    let map = unsafe { memmap2::MmapOptions::new().offset(start).len(len).populate().map(&*file) }
        .ok()?;
    file.seek(SeekFrom::End(0)).ok()?;
    Some(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("games-input-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn small_and_large_files_read_back_exactly() {
        for (name, len) in [("empty", 0usize), ("small", 100), ("large", MMAP_MIN as usize + 7)] {
            let bytes: Vec<u8> = (0..len).map(|i| b'0' + (i % 10) as u8).collect();
            let path = temp_file(name, &bytes);
            let input = read_input(Some(&path)).unwrap();
            assert_eq!(&input[..], &bytes[..], "{name}");
            assert_eq!(matches!(input, Input::Mapped(_)), len as u64 >= MMAP_MIN, "{name}");
            std::fs::remove_file(&path).unwrap();
        }
    }

    #[test]
    fn a_file_is_mapped_from_its_current_position() {
        let bytes: Vec<u8> = (0..MMAP_MIN as usize * 2).map(|i| (i % 251) as u8).collect();
        let path = temp_file("offset", &bytes);
        let mut file = File::open(&path).unwrap();
        file.seek(SeekFrom::Start(5000)).unwrap();
        let input = read_file(&mut file).unwrap();
        assert_eq!(&input[..], &bytes[5000..]);
        assert_eq!(file.stream_position().unwrap(), bytes.len() as u64);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_missing_file_is_an_error() {
        assert!(read_input(Some(Path::new("/nonexistent/games-input"))).is_err());
    }
}
