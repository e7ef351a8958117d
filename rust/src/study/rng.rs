//! Counter-based random numbers for Monte Carlo: SplitMix64 streams.
//!
//! Sample `i` of a run seeded `seed` draws from its own stream, [`Stream::start`]`(seed, i)`:
//! its runout depends on the seed and its number only, never on which thread runs it or how
//! many threads there are. Threads take samples in chunks of [`CHUNK`]. Bit for bit the
//! streams of the numba engine this replaced (so seeded results stay the same).

/// Samples per chunk: the unit of work given to a thread.
pub const CHUNK: u64 = 1024;

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
const M1: u64 = 0xBF58_476D_1CE4_E5B9;
const M2: u64 = 0x94D0_49BB_1331_11EB;
const LOW32: u64 = 0xFFFF_FFFF;

/// Any seed (an integer of any size, as Python's `seed % 2**64`) is already a `u64` here.
#[inline(always)]
fn mix(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(M1);
    let z = (z ^ (z >> 27)).wrapping_mul(M2);
    z ^ (z >> 31)
}

/// One SplitMix64 stream.
#[derive(Clone, Copy, Debug)]
pub struct Stream(u64);

impl Stream {
    /// The start of stream `index` of `seed`.
    #[inline]
    pub fn start(seed: u64, index: u64) -> Self {
        Stream(mix(
            seed ^ mix(index.wrapping_mul(GOLDEN).wrapping_add(GOLDEN))
        ))
    }

    #[inline(always)]
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }

    /// A uniform int in `[0, n)` for `0 < n < 2**32` (Lemire's method, no bias).
    #[inline(always)]
    pub fn below(&mut self, n: u64) -> u64 {
        let mut m = (self.next() >> 32).wrapping_mul(n);
        let mut low = m & LOW32;
        if low < n {
            let floor = ((1u64 << 32) - n) % n;
            while low < floor {
                m = (self.next() >> 32).wrapping_mul(n);
                low = m & LOW32;
            }
        }
        m >> 32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_give_the_numba_engines_numbers() {
        // known outputs of splitpot.equity.rng (numba) for seed 0 and seed 2**64 - 1
        let mut s = Stream::start(0, 0);
        let got: Vec<u64> = (0..6).map(|_| s.below(52)).collect();
        assert_eq!(got, KNOWN_0_0.to_vec());
        let mut s = Stream::start(u64::MAX, 12345);
        let got: Vec<u64> = (0..6).map(|_| s.below(1000)).collect();
        assert_eq!(got, KNOWN_MAX.to_vec());
    }

    #[test]
    fn below_stays_below() {
        let mut s = Stream::start(7, 3);
        for n in 1..200u64 {
            assert!(s.below(n) < n);
        }
    }

    const KNOWN_0_0: [u64; 6] = [17, 13, 14, 24, 31, 22];
    const KNOWN_MAX: [u64; 6] = [669, 408, 948, 612, 830, 686];
}
