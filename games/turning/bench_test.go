package turning

import "testing"

func BenchmarkMogulValues(b *testing.B) {
	r := mustRule("mogul")
	for b.Loop() {
		if _, err := r.Values(150); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMoebiusValues(b *testing.B) {
	r := mustRule("moebius")
	for b.Loop() {
		if _, err := r.Values(400); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPE459 counts the winning first moves on the all-heads 10^6 ×
// 10^6 board of Project Euler 459 (square widths, triangular heights).
func BenchmarkPE459(b *testing.B) {
	t, _ := Tartan(mustRule("runs:squares"), mustRule("runs:triangular"))
	for b.Loop() {
		w, err := t.CountWinning(1000000)
		if err != nil || w.String() != "3996390106631" {
			b.Fatal(w, err)
		}
	}
}
