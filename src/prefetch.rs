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
