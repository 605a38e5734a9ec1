//! The golden samples compiled into the binary (`build.rs` reads `samples/` at build time), so
//! that `games test PROBLEM` judges against them from any folder, with nothing installed but
//! the binary. [`unpack`] writes one problem's samples into a fresh temporary folder, which the
//! runner then reads like any folder of `.in`/`.out` files.

use std::path::PathBuf;

include!(concat!(env!("OUT_DIR"), "/samples.rs"));

/// The samples of `problem` (its registry name): (file name, bytes), in name order.
pub fn of(problem: &str) -> impl Iterator<Item = (&'static str, &'static [u8])> + '_ {
    SAMPLES.iter().filter(move |s| s.0 == problem).map(|s| (s.1, s.2))
}

/// A temporary folder holding the built-in samples of one problem; removed when dropped.
pub struct Unpacked {
    pub dir: PathBuf,
}

impl Drop for Unpacked {
    fn drop(&mut self) {
        if let Some(parent) = self.dir.parent() {
            let _ = std::fs::remove_dir_all(parent);
        }
    }
}

/// Writes the samples of `problem` into `<temp>/games-samples-<pid>-<n>/<problem>/` (a folder
/// created new: an existing one is never reused).
pub fn unpack(problem: &str) -> std::io::Result<Unpacked> {
    let base = std::env::temp_dir();
    let mut n = 0u32;
    let parent = loop {
        let candidate = base.join(format!("games-samples-{}-{n}", std::process::id()));
        match std::fs::create_dir(&candidate) {
            Ok(()) => break candidate,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    };
    let unpacked = Unpacked { dir: parent.join(problem) };
    std::fs::create_dir(&unpacked.dir)?;
    for (name, bytes) in of(problem) {
        std::fs::write(unpacked.dir.join(name), bytes)?;
    }
    Ok(unpacked)
}
