//! Seeded random deals for the Rust tests.

/// A small xorshift generator (tests only: the study engine has its own).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// `n` distinct cards.
    pub fn cards(&mut self, n: usize) -> Vec<u8> {
        let mut deck: Vec<u8> = (0..52).collect();
        for i in 0..n {
            let j = i + (self.next() % (52 - i as u64)) as usize;
            deck.swap(i, j);
        }
        deck.truncate(n);
        deck
    }
}
