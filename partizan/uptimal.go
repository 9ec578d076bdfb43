package partizan

import (
	"strconv"
	"strings"
)

// Uptimals (Siegel, Combinatorial Game Theory, II.7): the games
//
//	x + *m + a_1·↑ + a_2·↑² + … + a_n·↑^n
//
// for a number x, m ≥ 0 and integers a_i, written x*m.a_1a_2…a_n, their
// uptimal expansion. An uptimal's incentives are ↑[j] + * for some j, so
// a game whose only Right option G^R is an uptimal is one exactly when
// G = G^R + ↑[j] + * for a j; readUptimal tries the j that can fit, from
// the lengths of the options' expansions, and checks each by the sum.
// A game whose expansion ends in a negative coefficient is read as the
// negative of one that ends in a positive one.

// An uptimal is the uptimal expansion of a game: X + *Star +
// Coef[0]·↑ + Coef[1]·↑² + …, with no zero at the end of Coef.
type uptimal struct {
	X    Dyadic
	Star int
	Coef []int
}

// uptimalOf reports whether g is an uptimal, and returns its expansion.
// Every x + k·↑ + *m is one, with Coef empty or [k].
func (g *Game) uptimalOf() (uptimal, bool) {
	return newUptimalReader().read(g)
}

// String returns the expansion as CGSuite writes it: the number (left
// out when there is a star and the number is 0), the star, a point, and
// the coefficients, each a digit (A for 10, … Z for 35, else in
// parentheses) followed by - when negative: "0.0", "*.1-", "73/16*8.9-",
// "*4.0202".
func (u uptimal) String() string {
	var b strings.Builder
	if u.Star == 0 || u.X.Sign() != 0 {
		b.WriteString(u.X.String())
	}
	if u.Star > 0 {
		b.WriteString("*")
		if u.Star > 1 {
			b.WriteString(strconv.Itoa(u.Star))
		}
	}
	b.WriteString(".")
	if len(u.Coef) == 0 {
		b.WriteString("0")
	}
	for _, a := range u.Coef {
		d := max(a, -a)
		switch {
		case d < 10:
			b.WriteByte(byte('0' + d))
		case d < 36:
			b.WriteByte(byte('A' + d - 10))
		default:
			b.WriteString("(" + strconv.Itoa(d) + ")")
		}
		if a < 0 {
			b.WriteString("-")
		}
	}
	return b.String()
}

// game returns the game of the expansion u: the sum of its terms.
func (u uptimal) game() *Game {
	a := newAdder()
	g := newNumberStar(u.X, u.Star)
	for i, c := range u.Coef {
		if c == 0 {
			continue
		}
		t, err := a.times(Int(int64(c)), a.upPower(i+1))
		if err == nil {
			g, err = a.add(g, t)
		}
		if err != nil {
			panic(err) // unreachable: the number part is only translated
		}
	}
	return g
}

// neg returns the expansion of the negative.
func (u uptimal) neg() uptimal {
	c := make([]int, len(u.Coef))
	for i, a := range u.Coef {
		c[i] = -a
	}
	return uptimal{X: u.X.Neg(), Star: u.Star, Coef: c}
}

// plusUpTo returns u + ↑[n] + *: 1 added to the first n coefficients.
func (u uptimal) plusUpTo(n int) uptimal {
	c := make([]int, max(n, len(u.Coef)))
	copy(c, u.Coef)
	for i := range n {
		c[i]++
	}
	for len(c) > 0 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	return uptimal{X: u.X, Star: u.Star ^ 1, Coef: c}
}

// unit reports whether u has one coefficient ±1 and no other, or all of
// them equal to 1 or all to −1 (sum = true): the expansions CGSuite
// names ^<n> and ^[n].
func (u uptimal) unit() (sum, ok bool) {
	nonzero := 0
	for _, a := range u.Coef {
		if a != 0 {
			nonzero++
		}
		if a != 1 && a != -1 && a != 0 {
			return false, false
		}
	}
	if nonzero == 1 {
		return false, true
	}
	for _, a := range u.Coef {
		if a != u.Coef[0] {
			return false, false
		}
	}
	return true, true
}

// name returns u written as CGSuite writes it, when it names it: x, *m,
// x + k·↑ + *m as "6^*", and the powers of ↑ and their sums as
// "3/4v[3]*", "^<4>". Other uptimals are written by their options.
func (u uptimal) name() (string, bool) {
	if len(u.Coef) <= 1 {
		k := 0
		if len(u.Coef) == 1 {
			k = u.Coef[0]
		}
		return upStarForm{x: u.X, k: k, m: u.Star}.String(), true
	}
	sum, ok := u.unit()
	if !ok {
		return "", false
	}
	var b strings.Builder
	if u.X.Sign() != 0 {
		b.WriteString(u.X.String())
	}
	if u.Coef[len(u.Coef)-1] > 0 {
		b.WriteString("^")
	} else {
		b.WriteString("v")
	}
	n := strconv.Itoa(len(u.Coef))
	if sum {
		b.WriteString("[" + n + "]")
	} else {
		b.WriteString("<" + n + ">")
	}
	if u.Star > 0 {
		b.WriteString("*")
		if u.Star > 1 {
			b.WriteString(strconv.Itoa(u.Star))
		}
	}
	return b.String(), true
}

// compact reports whether the name of u is a single symbol group, which
// needs no parentheses after ±: a number, a nimber, or a named
// infinitesimal without a star.
func (u uptimal) compact() bool {
	if len(u.Coef) == 0 {
		return u.Star == 0 || u.X.Sign() == 0
	}
	return u.X.Sign() == 0 && u.Star == 0
}

// uptimalReader reads games as uptimals, remembering what it has read.
type uptimalReader struct {
	a    *adder
	memo map[key]*uptimal // nil: not an uptimal
	ups  map[key]upStarForm
	sums map[int]*Game // ↑[n] + *
}

func newUptimalReader() *uptimalReader {
	return &uptimalReader{memo: map[key]*uptimal{}, ups: map[key]upStarForm{}, sums: map[int]*Game{}}
}

// read reports whether g is an uptimal, and which.
func (r *uptimalReader) read(g *Game) (uptimal, bool) {
	if d, m, ok := g.numberStar(); ok {
		return uptimal{X: d, Star: m}, true
	}
	if f, ok := upStar(g, r.ups); ok {
		u := uptimal{X: f.x, Star: f.m}
		if f.k != 0 {
			u.Coef = []int{f.k}
		}
		return u, true
	}
	if u, ok := r.memo[g.key]; ok {
		if u == nil {
			return uptimal{}, false
		}
		return *u, true
	}
	u, ok := r.readSigned(g, false)
	if !ok {
		u, ok = r.readSigned(g, true)
	}
	if ok {
		r.memo[g.key] = &u
	}
	return u, ok
}

// readSigned reads g as an uptimal whose last coefficient is positive
// (negative, when neg): one Right option, an uptimal G^R with
// G = G^R + ↑[n] + * for n the length of G^R's expansion (when it ends
// above 0) or one past the longest of the options' expansions. For neg
// it reads −g so, without building it: one Left option, and
// G = G^L − ↑[n] − *.
func (r *uptimalReader) readSigned(g *Game, neg bool) (uptimal, bool) {
	near, others := g.right, g.left
	if neg {
		near, others = g.left, g.right
	}
	if len(near) != 1 {
		return uptimal{}, false
	}
	// read returns the expansion of an option of −g when neg.
	read := func(o *Game) (uptimal, bool) {
		u, ok := r.read(o)
		if neg {
			u = u.neg()
		}
		return u, ok
	}
	gr := near[0]
	ru, ok := read(gr)
	if !ok {
		return uptimal{}, false
	}
	longest := len(ru.Coef)
	for _, gl := range others {
		lu, ok := read(gl)
		if !ok || lu.X.Cmp(ru.X) != 0 {
			return uptimal{}, false
		}
		longest = max(longest, len(lu.Coef))
	}
	var tries []int
	if n := len(ru.Coef); n > 0 && ru.Coef[n-1] > 0 {
		tries = append(tries, n)
	}
	tries = append(tries, longest+1)
	for _, n := range tries {
		if r.a == nil {
			r.a = newAdder()
		}
		s, ok := r.sums[n]
		if !ok {
			_, s = r.a.upSums(n)
			r.sums[n] = s
		}
		if neg {
			s = s.Neg()
		}
		sum, err := r.a.add(gr, s)
		if err == nil && sum.Equal(g) {
			u := ru.plusUpTo(n)
			if neg {
				u = u.neg()
			}
			return u, true
		}
	}
	return uptimal{}, false
}
