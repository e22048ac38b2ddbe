//! The finite field GF(q) for a prime power q below a few thousand, and the cyclic group Z_m: the arithmetic
//! the design constructions develop their base blocks in.
//!
//! Hand-written on purpose: the crates for finite fields fix the field at compile time (a const modulus, or
//! only GF(2⁸)), while the constructions choose q from the player count at run time; exp/log tables of q
//! entries are all that is needed.

/// GF(q), q = p^k: an element is the integer whose base-p digits are its polynomial's coefficients.
#[derive(Clone, Debug)]
pub struct Field {
    prime: usize,
    order: usize,
    /// `exp[i]` = ω^i for the primitive element ω (the class of x modulo a primitive polynomial).
    exp: Vec<usize>,
    /// `log[a]` = i with ω^i = a, for a ≠ 0.
    log: Vec<usize>,
}

impl Field {
    /// GF(q), or `None` when q is not a prime power (or is 1, or too large to tabulate).
    pub fn new(order: usize) -> Option<Field> {
        if !(2..=1 << 16).contains(&order) {
            return None;
        }
        let prime = (2..=order).find(|p| order % p == 0)?;
        let mut degree = 0;
        let mut rest = order;
        while rest % prime == 0 {
            rest /= prime;
            degree += 1;
        }
        if rest != 1 {
            return None;
        }
        // Monic polynomials of the degree, by their low coefficients as a base-p number: the first primitive
        // one makes x a generator of the multiplicative group (it exists for every prime power).
        (1..order).find_map(|low| Field::with_polynomial(prime, degree, low))
    }

    /// The field built on x^degree + low (low's base-p digits being the lower coefficients), if x has order
    /// q − 1 modulo that polynomial.
    fn with_polynomial(prime: usize, degree: usize, low: usize) -> Option<Field> {
        let order = prime.pow(degree as u32);
        let mut exp = Vec::with_capacity(order - 1);
        let mut log = vec![usize::MAX; order];
        let mut power = 1; // x^0
        for i in 0..order - 1 {
            if log[power] != usize::MAX {
                return None; // x's order is below q − 1
            }
            log[power] = i;
            exp.push(power);
            power = times_x(power, prime, degree, low);
        }
        (power == 1).then_some(Field { prime, order, exp, log })
    }

    /// q.
    pub fn order(&self) -> usize {
        self.order
    }

    /// a + b.
    pub fn add(&self, a: usize, b: usize) -> usize {
        digitwise(a, b, self.prime, |x, y| (x + y) % self.prime)
    }

    /// −a.
    pub fn neg(&self, a: usize) -> usize {
        digitwise(a, 0, self.prime, |x, _| (self.prime - x) % self.prime)
    }

    /// a · b.
    pub fn mul(&self, a: usize, b: usize) -> usize {
        if a == 0 || b == 0 {
            return 0;
        }
        self.exp[(self.log[a] + self.log[b]) % (self.order - 1)]
    }

    /// ω^i for the field's primitive element ω (i taken modulo q − 1).
    pub fn power(&self, i: usize) -> usize {
        self.exp[i % (self.order - 1)]
    }
}

/// x · (a polynomial), reduced modulo x^degree + low.
fn times_x(poly: usize, prime: usize, degree: usize, low: usize) -> usize {
    let top_place = prime.pow(degree as u32 - 1);
    let top = poly / top_place;
    let shifted = (poly % top_place) * prime;
    // x^degree ≡ −low: subtract top × low digit by digit.
    digitwise(shifted, low, prime, |s, l| (s + prime * prime - top * l % prime) % prime)
}

/// Applies `f` to the base-p digits of `a` and `b` pairwise.
fn digitwise(mut a: usize, mut b: usize, prime: usize, f: impl Fn(usize, usize) -> usize) -> usize {
    let (mut result, mut place) = (0, 1);
    while a > 0 || b > 0 || place == 1 {
        result += f(a % prime, b % prime) * place;
        a /= prime;
        b /= prime;
        place *= prime;
    }
    result
}

/// The additive group a base block is developed in: a field's, or the integers modulo m.
#[derive(Clone, Debug)]
pub enum Additive {
    /// GF(q)'s addition.
    Field(Field),
    /// Z_m.
    Cyclic(usize),
}

impl Additive {
    /// The number of elements.
    pub fn order(&self) -> usize {
        match self {
            Additive::Field(f) => f.order(),
            Additive::Cyclic(m) => *m,
        }
    }

    /// a + b.
    pub fn add(&self, a: usize, b: usize) -> usize {
        match self {
            Additive::Field(f) => f.add(a, b),
            Additive::Cyclic(m) => (a + b) % m,
        }
    }

    /// −a.
    pub fn neg(&self, a: usize) -> usize {
        match self {
            Additive::Field(f) => f.neg(a),
            Additive::Cyclic(m) => (m - a % m) % m,
        }
    }
}

/// q's factorization into prime powers (ascending primes), e.g. 40 → [8, 5].
pub fn prime_powers(mut n: usize) -> Vec<usize> {
    let mut powers = Vec::new();
    let mut p = 2;
    while n > 1 {
        if p * p > n {
            powers.push(n);
            break;
        }
        let mut power = 1;
        while n % p == 0 {
            n /= p;
            power *= p;
        }
        if power > 1 {
            powers.push(power);
        }
        p += 1;
    }
    powers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prime_power_below_a_thousand_is_a_field() {
        for q in 2..1000 {
            let prime_power = prime_powers(q).len() == 1;
            let Some(f) = Field::new(q) else {
                assert!(!prime_power, "{q} is a prime power");
                continue;
            };
            assert!(prime_power, "{q} is not a prime power");
            // ω generates every non-zero element once; multiplication distributes over addition.
            let mut seen: Vec<usize> = (0..q - 1).map(|i| f.power(i)).collect();
            seen.sort_unstable();
            assert_eq!(seen, (1..q).collect::<Vec<_>>(), "GF({q})");
            for (a, b, c) in [(1, 2, 3), (q - 1, q / 2, 1), (q / 3, q - 2, q / 5)] {
                let (a, b, c) = (a % q, b % q, c % q);
                assert_eq!(f.mul(a, f.add(b, c)), f.add(f.mul(a, b), f.mul(a, c)), "GF({q})");
                assert_eq!(f.add(a, f.neg(a)), 0);
            }
        }
    }

    #[test]
    fn gf9_has_a_square_root_of_minus_one() {
        // q ≡ 1 (mod 4): ω^((q−1)/4) squares to −1, which the construction for tables of four uses.
        let f = Field::new(9).expect("GF(9)");
        let i = f.power(2);
        assert_eq!(f.mul(i, i), f.neg(1));
        assert_ne!(i, f.neg(1));
    }

    #[test]
    fn factorization_into_prime_powers() {
        assert_eq!(prime_powers(40), [8, 5]);
        assert_eq!(prime_powers(1000), [8, 125]);
        assert_eq!(prime_powers(97), [97]);
        assert_eq!(prime_powers(1), Vec::<usize>::new());
    }
}
