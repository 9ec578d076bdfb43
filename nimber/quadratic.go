package nimber

// Trace returns the absolute trace of a from GF(2^64) to GF(2):
// a ⊕ a² ⊕ a⁴ ⊕ … ⊕ a^(2^63), which is 0 or 1. In the nimber basis the trace
// is simply the top bit, bit 63, of a (the tests check this against the
// defining sum). So every nimber below 2^63 has trace 0 in GF(2^64). In the
// same way the trace of a from a subfield GF(2^k) holding it is bit k−1.
func (a Nimber) Trace() Nimber { return a >> 63 }

// SolveQuadratic returns every root of x² ⊕ b⊗x ⊕ c = 0 in GF(2^64), in
// increasing order: none, one (a double root, when b = 0) or two.
//
// With b = 0 the root is √c. Otherwise x = b⊗y turns the equation into the
// Artin–Schreier form y² ⊕ y = c/b², which has the two solutions y and y⊕1
// exactly when c/b² has trace 0.
func SolveQuadratic(b, c Nimber) []Nimber {
	if b == 0 {
		return []Nimber{c.Sqrt()}
	}
	d := c.Mul(b.Square().Inv())
	if d.Trace() != 0 {
		return nil
	}
	y := Nimber(asMap.apply(uint64(d)))
	r0, r1 := b.Mul(y), b.Mul(y^1)
	if r0 > r1 {
		r0, r1 = r1, r0
	}
	return []Nimber{r0, r1}
}
