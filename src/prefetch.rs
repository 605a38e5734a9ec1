//! A memory prefetch hint, for the graph and tree passes whose time goes to scattered reads.

/// Asks the processor to fetch `p`'s cache line (a hint: no effect on the result).
#[inline(always)]
pub fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and reads nothing; `p` need not even be valid.
    unsafe {
        std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Asks the kernel to back the room of `v` (its whole capacity, in whole 2 MiB blocks) with
/// huge pages when it is next touched (a hint: no effect on the contents). Where transparent
/// huge pages are enabled on request (`madvise`), a pass that reads a large array at random
/// then misses the translation buffer far less often. Small vectors are left alone.
pub fn ask_huge_pages<T>(v: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        let end = start + v.capacity() * std::mem::size_of::<T>();
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if to >= from + 2 * HUGE {
            unsafe extern "C" {
                fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
            }
            const MADV_HUGEPAGE: i32 = 14;
            // SAFETY: madvise(MADV_HUGEPAGE) only changes how the kernel backs these pages
            // (all inside the vector's own allocation); their contents stay as they are, and a
            // failure (an error code, ignored) leaves everything as it was.
            unsafe { madvise(from as *mut std::ffi::c_void, to - from, MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}
