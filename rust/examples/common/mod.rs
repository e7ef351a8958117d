//! What the examples share: the same random hands for every kind.

/// `n` hands of `width` distinct cards each (0 to 51), from a xorshift stream seeded by
/// `seed`: the same hands on every run.
pub fn deal(n: usize, width: usize, seed: u64) -> Vec<u8> {
    let mut s = seed;
    let mut out = Vec::with_capacity(n * width);
    for _ in 0..n {
        let mut deck: Vec<u8> = (0..52).collect();
        for i in 0..width {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let j = i + (s % (52 - i as u64)) as usize;
            deck.swap(i, j);
        }
        out.extend_from_slice(&deck[..width]);
    }
    out
}
