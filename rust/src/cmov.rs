//! A maximum and a compare-exchange by conditional moves that stay conditional moves.
//!
//! LLVM's x86 "cmov conversion" turns a conditional move on a loop's critical path into a
//! branch, betting that the branch predicts well. In a running maximum over table reads (Omaha's
//! pairs of hole cards) and in a sorting network (Badugi's cards) the condition is close to a
//! coin flip, and each mispredicted branch costs 15 cycles or so: the Omaha 5 + 5 batch ran
//! 36M hands/s with the branches and 49M with conditional moves (the compiler's pass turned off
//! for a test). On x86-64 these are two instructions of inline assembly the pass cannot touch;
//! elsewhere plain `max` / `min`.

/// The larger of `a` and `b`.
#[inline(always)]
pub fn max(a: u32, b: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut a = a;
        // SAFETY: a compare and a conditional move between registers: no memory, no stack, only
        // the flags (which `asm!` assumes clobbered) change.
        unsafe {
            std::arch::asm!(
                "cmp {a:e}, {b:e}",
                "cmovb {a:e}, {b:e}",
                a = inout(reg) a,
                b = in(reg) b,
                options(pure, nomem, nostack),
            );
        }
        a
    }
    #[cfg(not(target_arch = "x86_64"))]
    a.max(b)
}

/// `(a.min(b), a.max(b))`.
#[inline(always)]
pub fn sorted(a: u64, b: u64) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let (mut low, mut high) = (a, b);
        // SAFETY: as in `max`: register moves and compares only.
        unsafe {
            std::arch::asm!(
                "mov {t}, {low}",
                "cmp {low}, {high}",
                "cmova {low}, {high}",
                "cmova {high}, {t}",
                low = inout(reg) low,
                high = inout(reg) high,
                t = out(reg) _,
                options(pure, nomem, nostack),
            );
        }
        (low, high)
    }
    #[cfg(not(target_arch = "x86_64"))]
    (a.min(b), a.max(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_and_sorted_agree_with_the_plain_forms() {
        let values = [
            0u64,
            1,
            2,
            7,
            6176,
            u64::from(u32::MAX) - 1,
            u64::from(u32::MAX),
        ];
        for &a in &values {
            for &b in &values {
                assert_eq!(u64::from(max(a as u32, b as u32)), a.max(b));
                assert_eq!(sorted(a, b), (a.min(b), a.max(b)));
                assert_eq!(sorted(a << 32, b), ((a << 32).min(b), (a << 32).max(b)));
            }
        }
    }
}
