package heap

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestWythoffRecurrenceMatchesBeatty(t *testing.T) {
	for k := range 6 {
		w := Wythoff{K: k}
		ps := w.PPositions(20000).Pairs
		for i, p := range ps {
			if b := w.beatty(int64(i)); b != p {
				t.Fatalf("k=%d, i=%d: recurrence %v, Beatty %v", k, i, p, b)
			}
		}
	}
	// Wythoff's game (k = 0): (0,0), (1,2), (3,5), (4,7), (6,10), (8,13).
	want := [][2]int64{{0, 0}, {1, 2}, {3, 5}, {4, 7}, {6, 10}, {8, 13}}
	for i, p := range (Wythoff{}).PPositions(6).Pairs {
		if p != want[i] {
			t.Errorf("P-position %d: %v", i, p)
		}
	}
	// Far out, the closed form alone (checked against the recurrence
	// at 20000 above).
	if b := (Wythoff{}).beatty(1_000_000_000); b[0] != 1618033988 {
		t.Errorf("⌊10^9 φ⌋ = %d", b[0])
	}
}

func TestWythoffSearch(t *testing.T) {
	for k := range 4 {
		w := Wythoff{K: k}
		p := map[[2]int]bool{}
		for _, q := range w.PPositions(30).Pairs {
			p[[2]int{int(q[0]), int(q[1])}] = true
			p[[2]int{int(q[1]), int(q[0])}] = true
		}
		for x := range 25 {
			for y := range 25 {
				v, err := w.value(t.Context(), x, y, nil)
				if err != nil {
					t.Fatal(err)
				}
				if (v == 0) != p[[2]int{x, y}] {
					t.Fatalf("k=%d: (%d,%d) has value %d but P-position list says %v", k, x, y, v, p[[2]int{x, y}])
				}
			}
		}
	}
}

// TestWythoffIsP checks IsP and WinningMoves against the P-positions of the
// mex recurrence, mirrored, for K = 0 … 3.
func TestWythoffIsP(t *testing.T) {
	for k := 0; k <= 3; k++ {
		w := Wythoff{K: k}
		isP := map[[2]int]bool{}
		for _, p := range w.PPositions(60).Pairs {
			isP[[2]int{int(p[0]), int(p[1])}], isP[[2]int{int(p[1]), int(p[0])}] = true, true
		}
		for x := 0; x < 60; x++ {
			for y := 0; y < 60; y++ {
				if w.isP(x, y) != isP[[2]int{x, y}] {
					t.Fatalf("k=%d (%d, %d): IsP %v, recurrence %v", k, x, y, w.isP(x, y), isP[[2]int{x, y}])
				}
				moves := w.winningMoves(x, y)
				if (len(moves) == 0) != isP[[2]int{x, y}] {
					t.Fatalf("k=%d (%d, %d): %d winning moves, P-position %v", k, x, y, len(moves), isP[[2]int{x, y}])
				}
				for _, m := range moves {
					if !isP[m] {
						t.Fatalf("k=%d (%d, %d): move to %v is not a P-position", k, x, y, m)
					}
				}
			}
		}
	}
}

// TestPPositionsText checks the text and JSON of Wythoff's first
// P-positions against the published pairs (0, 0), (1, 2), (3, 5), (4, 7).
func TestPPositionsText(t *testing.T) {
	ps := (Wythoff{}).PPositions(4)
	var b strings.Builder
	if n, err := ps.WriteTo(&b); err != nil || b.String() != "0 0\n1 2\n3 5\n4 7\n" || n != int64(b.Len()) {
		t.Errorf("text %q, %d bytes, %v", b.String(), n, err)
	}
	if j, err := json.Marshal(ps); err != nil || string(j) != `{"p_positions":[[0,0],[1,2],[3,5],[4,7]]}` {
		t.Errorf("JSON %s, %v", j, err)
	}
}
