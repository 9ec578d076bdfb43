package heap

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
	"strconv"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/sg"
)

// Wythoff is generalized Wythoff's game with parameter K (Fraenkel 1982): two
// heaps; a move takes any positive number of tokens from one heap, or x
// from one and y from the other with x, y ≥ 1 and |x − y| ≤ K. K = 0 is
// Wythoff's game.
type Wythoff struct{ K int }

// MaxWythoffK bounds the parameter.
const MaxWythoffK = 1 << 20

// PPositions is the first P-positions of a Wythoff game, in order. Its
// JSON is {"p_positions": [[a, b], …]}; its text is a line "a b" each.
type PPositions struct {
	Pairs [][2]int64 `json:"p_positions"`
}

// WriteTo writes the P-positions, a line "a b" each.
func (p *PPositions) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	var b []byte
	for _, q := range p.Pairs {
		b = strconv.AppendInt(b[:0], q[0], 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, q[1], 10)
		bw.Write(append(b, '\n'))
	}
	return int64(bw.Buffered()), bw.Flush()
}

// PPositions returns the first n P-positions (a_i, b_i), a_i ≤ b_i, by the
// mex recurrence: a_i is the least number not among the earlier a_j, b_j,
// and b_i = a_i + (K+1)·i. Both sequences increase, so the earlier b_j a
// candidate may meet are found by one pointer moving up with it: linear
// time, and no memory beyond the answer.
func (w Wythoff) PPositions(n int) *PPositions {
	out := make([][2]int64, n)
	next, j := int64(0), 0 // out[j] is the first earlier pair with b ≥ next
	for i := range out {
		for {
			for j < i && out[j][1] < next {
				j++
			}
			if j < i && out[j][1] == next {
				next++
				continue
			}
			break
		}
		out[i] = [2]int64{next, next + int64(w.K+1)*int64(i)}
		next++
	}
	return &PPositions{out}
}

// beatty returns the n-th P-position (n ≥ 0) by the closed form: the two
// sequences ⌊nα⌋ and ⌊nβ⌋ with 1/α + 1/β = 1 and β = α + K + 1 partition
// the positive integers (Beatty's theorem), so
// α = (1 − K + √(K² + 2K + 5))/2 and a_n = ⌊nα⌋, computed exactly with an
// integer square root: ⌊nα⌋ = ⌊(n(1 − K) + ⌊n√(K² + 2K + 5)⌋)/2⌋.
func (w Wythoff) beatty(n int64) [2]int64 {
	k := big.NewInt(int64(w.K))
	d := new(big.Int).Mul(k, k)
	d.Add(d, new(big.Int).Mul(big.NewInt(2), k))
	d.Add(d, big.NewInt(5))
	nn := big.NewInt(n)
	s := new(big.Int).Mul(nn, nn)
	s.Mul(s, d)
	s.Sqrt(s) // ⌊n√D⌋
	t := new(big.Int).Mul(nn, new(big.Int).Sub(big.NewInt(1), k))
	t.Add(t, s)
	t.Div(t, big.NewInt(2)) // floor division: t ≥ 0 here
	a := t.Int64()
	return [2]int64{a, a + int64(w.K+1)*n}
}

// isP reports whether heaps (x, y) are a P-position, a loss for the player
// to move: with a ≤ b the smaller and larger heap, exactly when b − a is
// (K+1)·n and a is the Beatty number a_n.
func (w Wythoff) isP(x, y int) bool {
	a, b := min(x, y), max(x, y)
	if a < 0 || (b-a)%(w.K+1) != 0 {
		return false
	}
	return w.beatty(int64((b - a) / (w.K + 1)))[0] == int64(a)
}

// winningMoves returns the options of heaps (x, y) that are P-positions:
// none when (x, y) is one.
func (w Wythoff) winningMoves(x, y int) [][2]int {
	var out [][2]int
	for _, o := range w.Options([2]int{x, y}, nil) {
		if w.isP(o[0], o[1]) {
			out = append(out, o)
		}
	}
	return out
}

// Options appends the positions reachable from heaps p = (x, y).
func (w Wythoff) Options(p [2]int, buf [][2]int) [][2]int {
	x, y := p[0], p[1]
	for i := 1; i <= x; i++ {
		buf = append(buf, [2]int{x - i, y})
	}
	for j := 1; j <= y; j++ {
		buf = append(buf, [2]int{x, y - j})
	}
	for i := 1; i <= x; i++ {
		for j := max(1, i-w.K); j <= min(y, i+w.K); j++ {
			buf = append(buf, [2]int{x - i, y - j})
		}
	}
	return buf
}

// value returns the Grundy value of heaps (x, y) by a search of the
// positions below them; opt's Limit bounds the positions stored (no bound
// by default), past which Value returns a *budget.TooLargeError. It stops
// with ctx's error soon after ctx is cancelled.
func (w Wythoff) value(ctx context.Context, x, y int, opt *budget.Options) (uint64, error) {
	if x < 0 || y < 0 {
		return 0, fmt.Errorf("negative heap")
	}
	return sg.NewSolver[[2]int](w, opt).Value(ctx, [2]int{x, y})
}

// delayingMove returns a move for the player who is losing at heaps
// (x, y): one token from the larger heap, which keeps the most in play.
// It returns false at (0, 0), where no move is left.
func (w Wythoff) delayingMove(x, y int) ([2]int, bool) {
	switch {
	case x <= 0 && y <= 0:
		return [2]int{}, false
	case x >= y:
		return [2]int{x - 1, y}, true
	}
	return [2]int{x, y - 1}, true
}
