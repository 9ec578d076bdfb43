package grid

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/gametest"
	"github.com/nimbers/grundy/outcome"
)

// plainWins reports whether the player to move (Left when left is set)
// wins the board b of rule g moving first, by a minimax of its rules
// written out square by square: no components, no symmetry, no values.
// For Cram both players place a domino either way.
func plainWins(b *cells, g rule) [2]bool {
	type state struct {
		x, o, e uint64
		left    bool
	}
	memo := map[state]bool{}
	rows, cols := int(b.rows), int(b.cols)
	var wins func(s state) bool
	wins = func(s state) bool {
		if w, ok := memo[s]; ok {
			return w
		}
		w := false
	search:
		for r := range rows {
			for c := range cols {
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if !at(b, ^uint64(0), r+d[0], c+d[1]) {
						continue
					}
					from := uint64(1) << (r*cols + c)
					to := uint64(1) << ((r+d[0])*cols + c + d[1])
					next := s
					next.left = !s.left
					switch {
					case g == clobber && s.left && s.x&from != 0 && s.o&to != 0:
						next.x, next.o = s.x&^from|to, s.o&^to
					case g == clobber && !s.left && s.o&from != 0 && s.x&to != 0:
						next.o, next.x = s.o&^from|to, s.x&^to
					case g == domineering && s.left != (d[0] != 0):
						continue
					case g != clobber && d[0] >= 0 && d[1] >= 0 && s.e&from != 0 && s.e&to != 0:
						next.e = s.e &^ (from | to)
					default:
						continue
					}
					if !wins(next) {
						w = true
						break search
					}
				}
			}
		}
		memo[s] = w
		return w
	}
	return [2]bool{wins(state{b.black, b.white, b.empty, true}), wins(state{b.black, b.white, b.empty, false})}
}

// plainClass is the outcome class of who wins moving first.
func plainClass(w [2]bool) outcome.Class {
	switch {
	case w[0] && w[1]:
		return outcome.N
	case w[0]:
		return outcome.L
	case w[1]:
		return outcome.R
	}
	return outcome.P
}

// TestOutcomeAgainstMinimax checks the engine's outcome search on random
// boards of Clobber, Cram and Domineering, too large for the canonical
// forms the other tests compare, against plainWins; one engine per rule
// and a fresh one with a small memory, so that the table is emptied in
// the middle of a search.
func TestOutcomeAgainstMinimax(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 1))
	for _, c := range []struct {
		g     rule
		r     Rules
		count int
	}{{clobber, ClobberRules, 200}, {cram, CramRules, 150}, {domineering, DomineeringRules, 100}} {
		shared := games.NewEngine(c.r, &budget.Options{Limit: -1})
		answered := 0
		for i := 0; i < c.count; {
			rows, cols := 1+rng.IntN(5), 2+rng.IntN(7)
			b := randomBoard(rng, c.g, rows, cols)
			n := bits.OnesCount64(b.live(c.g))
			if n < 8 || n > 18 {
				continue
			}
			i++
			want := plainClass(plainWins(b, c.g))
			p := gametest.Parse(t, c.r, b.String())
			small := games.NewEngine(c.r, &budget.Options{Limit: -1, Memory: 1 << 20})
			for _, e := range []*games.Engine{shared, small} {
				got, err := e.Outcome(ctx, p)
				if e == small && errors.Is(err, budget.ErrTooLarge) {
					continue // the memory bounds the calculator's steps too
				}
				if err != nil || got != want {
					t.Fatalf("%s %s: %v %v, minimax gives %v", c.r.Name(), b, got, err, want)
				}
				if e == small {
					answered++
				}
			}
		}
		if answered < c.count/2 {
			t.Errorf("%s: the engine with a small memory answered %d of %d", c.r.Name(), answered, c.count)
		}
	}
}

// TestClobberNeg checks Neg against the canonical forms (the value of the
// board with its colours swapped is the negative) and the outcome search's
// cancellation of a component against its negative: G + (−G) is a
// second-player win, and G + (−G) + H has H's outcome.
func TestClobberNeg(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(53, 2))
	e := games.NewEngine(ClobberRules, nil)
	for range 200 {
		rows, cols := 1+rng.IntN(3), 2+rng.IntN(5)
		b := randomBoard(rng, clobber, rows, cols)
		if bits.OnesCount64(b.black|b.white) > 10 {
			continue
		}
		p := (*clobberPos)(b)
		n := p.Neg()
		g, err := e.Canonical(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		h, err := e.Canonical(ctx, n)
		if err != nil || !h.Equal(g.Neg()) {
			t.Fatalf("%s: the negative %s is %v %v, want %v", p, n, h, err, g.Neg())
		}
		if o, err := e.Outcome(ctx, games.Sum(p, n)); err != nil || o != outcome.P {
			t.Fatalf("%s + %s: %v %v", p, n, o, err)
		}
		q := randomBoard(rng, clobber, rows, cols)
		want := plainClass(plainWins(q, clobber))
		if o, err := e.Outcome(ctx, games.Sum(p, (*clobberPos)(q), n)); err != nil || o != want {
			t.Fatalf("%s + %s + %s: %v %v, want %v", p, q, n, o, err, want)
		}
	}
}
