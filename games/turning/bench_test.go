package turning

import "testing"

func BenchmarkMogulValues(b *testing.B) {
	r := mustRule("mogul")
	for b.Loop() {
		if _, err := r.Values(b.Context(), 150, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMoebiusValues(b *testing.B) {
	r := mustRule("moebius")
	for b.Loop() {
		if _, err := r.Values(b.Context(), 400, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPE459 counts the winning first moves on the all-heads 10^6 ×
// 10^6 board of Project Euler 459 (square widths, triangular heights).
func BenchmarkPE459(b *testing.B) {
	t, _ := Tartan(mustRule("runs:squares"), mustRule("runs:triangular"))
	for b.Loop() {
		w, err := t.CountWinning(b.Context(), 1000000, nil)
		if err != nil || w.String() != "3996390106631" {
			b.Fatal(w, err)
		}
	}
}

// BenchmarkProgressions3000 is the contest problem on arithmetic progressions: the values of 3000
// coins under arithmetic progressions and the winning moves of a position
// with every third coin heads.
func BenchmarkProgressions3000(b *testing.B) {
	r := mustRule("ap")
	heads := make([]bool, 3000)
	for i := range heads {
		heads[i] = i%3 == 0
	}
	for b.Loop() {
		g, err := r.Values(b.Context(), 3000, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := collect(r.movesTo(b.Context(), g, heads, 0)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMogulValues330 takes Mogul to its last coin below 2^31.
func BenchmarkMogulValues330(b *testing.B) {
	r := mustRule("mogul")
	for b.Loop() {
		if _, err := r.Values(b.Context(), 330, nil); err != nil {
			b.Fatal(err)
		}
	}
}
