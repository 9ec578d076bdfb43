package outcome

import "testing"

// TestClasses checks each class against the definitions written out.
func TestClasses(t *testing.T) {
	want := []struct {
		c           Class
		left, right Result
		name, words string
	}{
		{P, RightWins, LeftWins, "P", "second"},
		{N, LeftWins, RightWins, "N", "first"},
		{L, LeftWins, LeftWins, "L", "Left"},
		{R, RightWins, RightWins, "R", "Right"},
		{D, Draw, Draw, "D", "draw"},
		{NHat, LeftWins, Draw, "N̂", "Left first: Left wins; Right first: draw"},
		{PCheck, RightWins, Draw, "P̌", "Left first: Right wins; Right first: draw"},
		{PHat, Draw, LeftWins, "P̂", "Left first: draw; Right first: Left wins"},
		{NCheck, Draw, RightWins, "N\u030c", "Left first: draw; Right first: Right wins"},
	}
	seen := map[Class]bool{}
	for _, w := range want {
		if got := Of(w.left, w.right); got != w.c {
			t.Errorf("Of(%v, %v) = %v, want %v", w.left, w.right, got, w.c)
		}
		if w.c.LeftFirst() != w.left || w.c.RightFirst() != w.right {
			t.Errorf("%v: results %v, %v", w.c, w.c.LeftFirst(), w.c.RightFirst())
		}
		if w.c.String() != w.name || w.c.Words() != w.words {
			t.Errorf("%d: %q %q, want %q %q", w.c, w.c.String(), w.c.Words(), w.name, w.words)
		}
		if (w.c <= R) != (w.left != Draw && w.right != Draw) {
			t.Errorf("%v: the short classes are the first four", w.c)
		}
		seen[w.c] = true
	}
	if len(seen) != 9 {
		t.Errorf("%d distinct classes, want 9", len(seen))
	}
	if Impartial(true) != N || Impartial(false) != P {
		t.Error("Impartial")
	}
}

// TestOrder checks the order: L above everything, R below, and P, N
// incomparable.
func TestOrder(t *testing.T) {
	for c := P; c <= NCheck; c++ {
		if !L.atLeast(c) || !c.atLeast(R) || !c.atLeast(c) {
			t.Errorf("%v out of order", c)
		}
	}
	if P.atLeast(N) || N.atLeast(P) || !NHat.atLeast(D) || D.atLeast(NHat) {
		t.Error("P, N, N̂, D ordered wrongly")
	}
}

// atLeast reports whether c is as good for Left as d: each of its
// results is as good for Left as d's (the partial order of CGSuite's
// outcome classes, in which L is the greatest and R the least).
func (c Class) atLeast(d Class) bool {
	return c.LeftFirst() >= d.LeftFirst() && c.RightFirst() >= d.RightFirst()
}
