//! Combinations without allocation: every `k` of `n` indices, in lexicographic order.

/// Call `f` with each sorted choice of `k` (at most 8) of the indices `0..n`.
pub fn each(n: usize, k: usize, mut f: impl FnMut(&[usize])) {
    if k > n || k > 8 {
        return;
    }
    let mut idx = [0usize; 8];
    for (i, slot) in idx.iter_mut().enumerate().take(k) {
        *slot = i;
    }
    loop {
        f(&idx[..k]);
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if idx[i] != i + n - k {
                break;
            }
            if i == 0 {
                return;
            }
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_counts_binomials() {
        for (n, k, want) in [
            (5, 5, 1),
            (7, 5, 21),
            (52, 5, 2_598_960),
            (4, 0, 1),
            (3, 4, 0),
        ] {
            let mut count = 0;
            super::each(n, k, |_| count += 1);
            assert_eq!(count, want, "C({n}, {k})");
        }
    }
}
