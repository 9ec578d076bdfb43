package nimfield

// sieveLimit bounds the primes the package knows by index: far beyond any
// prime whose excess is within reach.
const sieveLimit = 1 << 14

// oddPrimes lists the odd primes below sieveLimit; oddIndex maps each to
// its index k (3 ↦ 0), which is the power of ω in the exponents it
// governs: κ_p = ω^(ω^k).
var oddPrimes, oddIndex = sieve()

func sieve() ([]int, map[int]int) {
	comp := make([]bool, sieveLimit)
	var ps []int
	idx := map[int]int{}
	for i := 3; i < sieveLimit; i += 2 {
		if comp[i] {
			continue
		}
		idx[i] = len(ps)
		ps = append(ps, i)
		for j := i * i; j < sieveLimit; j += 2 * i {
			comp[j] = true
		}
	}
	return ps, idx
}

// oddPrimeIndex returns k with p the k-th odd prime counting 3 as 0.
func oddPrimeIndex(p int) int { return oddIndex[p] }

// oddPrime returns the odd prime governing the power ω^k in exponents: 3
// for k = 0, 5 for k = 1, and so on; κ_p = ω^(ω^k). It returns 0 beyond
// the primes below 2^14.
func oddPrime(k int) int {
	if k < 0 || k >= len(oddPrimes) {
		return 0
	}
	return oddPrimes[k]
}

// primePower returns (p, n) with q = p^n, n ≥ 1, or (0, 0) if q is not a
// prime power.
func primePower(q int) (int, int) {
	if q < 2 {
		return 0, 0
	}
	p := 2
	for p*p <= q && q%p != 0 {
		p++
	}
	if q%p != 0 {
		p = q
	}
	n := 0
	for q%p == 0 {
		q /= p
		n++
	}
	if q != 1 {
		return 0, 0
	}
	return p, n
}

// order2 returns f(p), the multiplicative order of 2 modulo the odd p.
func order2(p int) int {
	r, t := 1, 2%p
	for t != 1 {
		t = t * 2 % p
		r++
	}
	return r
}

// factor returns the prime powers exactly dividing h, smallest prime
// first.
func factor(h int) []int {
	var qs []int
	for p := 2; h > 1; p++ {
		if p*p > h {
			p = h
		}
		if h%p != 0 {
			continue
		}
		q := 1
		for h%p == 0 {
			h /= p
			q *= p
		}
		qs = append(qs, q)
	}
	return qs
}
