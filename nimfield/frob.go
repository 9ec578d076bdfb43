package nimfield

import (
	"math/big"

	"github.com/nimbers/grundy/nimber"
)

// Frobenius powers by substitution. x ↦ x^(2^k) is a field automorphism,
// so it maps Σ c_a·x_L^a (c_a of level L−1) to Σ c_a^(2^k)·(x_L^(2^k))^a,
// and x_L^(2^k) = x_L^s·γ with s = 2^k mod r_L and γ = β_L^((2^k − s)/r_L)
// in level L−1. The image of x_L^a is x_L^(a·s mod r_L) times the level
// L−1 element γ^a·β_L^⌊a·s/r_L⌋, so a Frobenius power costs r_L products
// in level L−1 per level, however large k is, where k squarings cost k
// squarings of the whole element.

// frobSquarings is the largest k for which frob squares k times.
const frobSquarings = 16

// A frobPlan holds, for one k, each level's shift s and multipliers.
type frobPlan struct {
	base  int          // k mod 2^j: squarings of a base-field word
	shift []int        // shift[L] = 2^k mod r_L
	mult  [][][]uint64 // mult[L][a]: the level L−1 multiplier of x_L^a
	tmp   [][]uint64   // scratch, one element of each level
}

// plan returns the plan of the Frobenius power k.
func (t *tower) plan(k int) *frobPlan {
	if p, ok := t.plans[k]; ok {
		return p
	}
	top := t.top()
	p := &frobPlan{base: k % (1 << t.j), shift: make([]int, top+1), mult: make([][][]uint64, top+1), tmp: make([][]uint64, top+1)}
	two := big.NewInt(2)
	for L := 1; L <= top; L++ {
		r, s := t.r[L], t.size[L-1]
		p.tmp[L-1] = make([]uint64, s)
		one := make([]uint64, s)
		one[0] = 1
		if r == 1 {
			p.mult[L] = [][]uint64{one}
			continue
		}
		br := big.NewInt(int64(r))
		sh := int(new(big.Int).Exp(two, big.NewInt(int64(k)), br).Int64())
		p.shift[L] = sh
		// (2^k − s)/r modulo the order 2^E − 1 of level L−1's group.
		order := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(s<<t.j)), big.NewInt(1))
		n := new(big.Int).Mul(order, br)
		e := new(big.Int).Exp(two, big.NewInt(int64(k)), n)
		e.Sub(e, big.NewInt(int64(sh))).Quo(e, br)
		beta := make([]uint64, s)
		beta[0] = t.beta[L].c
		for _, g := range t.beta[L].gens {
			beta[t.size[g-1]] ^= 1
		}
		gamma := t.powAt(beta, e, L-1)
		betaPow := [][]uint64{one} // β^i for i < r
		for i := 1; i < r; i++ {
			betaPow = append(betaPow, t.mulAt(betaPow[i-1], beta, L-1))
		}
		ms := make([][]uint64, r)
		g := one
		for a := range r {
			ms[a] = t.mulAt(g, betaPow[a*sh/r], L-1)
			g = t.mulAt(g, gamma, L-1)
		}
		p.mult[L] = ms
	}
	p.tmp[top] = make([]uint64, t.size[top])
	if t.plans == nil {
		t.plans = map[int]*frobPlan{}
	}
	t.plans[k] = p
	return p
}

// mulAt returns a·b at level L.
func (t *tower) mulAt(a, b []uint64, L int) []uint64 {
	v := make([]uint64, t.size[L])
	t.mulAcc(v, a, b, L)
	return v
}

// powAt returns a^e at level L.
func (t *tower) powAt(a []uint64, e *big.Int, L int) []uint64 {
	r := make([]uint64, t.size[L])
	r[0] = 1
	w := make([]uint64, t.size[L])
	for i := e.BitLen() - 1; i >= 0; i-- {
		t.sq(w, r, L)
		r, w = w, r
		if e.Bit(i) == 1 {
			r = t.mulAt(r, a, L)
		}
	}
	return r
}

// frobAt sets dst = a^(2^k) at level L for the plan p of k; dst is
// cleared first and must not overlap a.
func (t *tower) frobAt(dst, a []uint64, L int, p *frobPlan) {
	if L == 0 {
		v := nimber.Nimber(a[0])
		for range p.base {
			v = v.Square()
		}
		dst[0] = uint64(v)
		return
	}
	r, s := t.r[L], t.size[L-1]
	clear(dst[:r*s])
	tmp := p.tmp[L-1]
	for i := range r {
		ai := a[i*s : (i+1)*s]
		if isZero(ai) {
			continue
		}
		t.frobAt(tmp, ai, L-1, p)
		j := i * p.shift[L] % r
		if i == 0 {
			copy(dst[:s], tmp) // the multiplier of x^0 is 1
			continue
		}
		t.mulAcc(dst[j*s:(j+1)*s], tmp, p.mult[L][i], L-1)
	}
}
