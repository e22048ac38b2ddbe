//! A tiny deterministic random generator (SplitMix64).
//!
//! Hand-written on purpose: seeds are stored (seating, demo tournaments) and must give the same sequence on
//! every machine and every future build, which general-purpose RNG crates do not promise across versions.

/// SplitMix64 (Steele, Lea, Flood 2014): full period, passes BigCrush, one multiply-xorshift per output.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0), without modulo bias worth mentioning for small `n`.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { ((u128::from(self.next_u64()) * n as u128) >> 64) as usize }
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_fixed_forever() {
        let mut rng = Rng::new(1234567);
        // Reference values of SplitMix64 for seed 1234567.
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Rng::new(7);
        assert!((0..1000).all(|_| rng.below(5) < 5));
        assert_eq!(rng.below(0), 0);
    }
}
