package heap

import (
	"io"
	"runtime"
	"testing"
)

// The measurements behind the tuning constants of the octal engine
// (DefaultLimit's unit, denseWorkWeight, enterRareShare, surveyGameCost):
//
//	go test -run '^$' -bench Calibrate -count 3 ./games/heap
//
// Figures are in docs/performance.md, "Tuning constants of the octal
// engine".

// BenchmarkCalibrateMex reports the time of an option evaluation of the
// direct mex (calc.next), the unit of DefaultLimit, on 0.004 to 30 000
// heaps.
func BenchmarkCalibrateMex(b *testing.B) {
	g, _ := ParseCode("0.004")
	n := 30000
	for b.Loop() {
		directValues(g, n)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/g.totalWork(n), "ns/option")
}

// BenchmarkCalibrateDense reports the time of an option evaluation (a
// split) of denseCalc on the same heaps, on as many cores as there are
// up to two: its ratio to BenchmarkCalibrateMex's is denseWorkWeight.
func BenchmarkCalibrateDense(b *testing.B) {
	g, _ := ParseCode("0.004")
	rules, _ := g.sparseRules()
	n := 30000
	first := directValues(g, denseFrom)
	for b.Loop() {
		d := newDenseCalc(rules, n, bestDenseScanner, runtime.GOMAXPROCS(0) > 1)
		v := append(make([]uint64, 0, n), first...)
		for h, x := range v {
			d.push(h, x)
		}
		for len(v) < n {
			var ok bool
			if v, ok = d.run(len(v), min(n, len(v)+denseChunk), v); !ok {
				b.Fatal("a value past denseMax")
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(g.totalWork(n)-g.totalWork(denseFrom)), "ns/option")
}

// BenchmarkCalibrateSparse reports the time sparse space spends on a
// heap for each sparse heap below it (a flag), on Grundy's game to 2^18
// heaps: with BenchmarkCalibrateDense's time a split, it sets
// enterRareShare and quitRareShare.
func BenchmarkCalibrateSparse(b *testing.B) {
	n := 1 << 18
	var flags float64
	for b.Loop() {
		_, info, err := grundySparse(b.Context(), n, nil, defaultLoops)
		if err != nil {
			b.Fatal(err)
		}
		flags = 0
		for _, r := range info.Rare {
			flags += float64(n - r)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/flags, "ns/flag")
}

// BenchmarkCalibrateSurveyGame reports the time a survey spends on a game
// besides its values (parsing, the run's set-up, the census, the
// result): with BenchmarkCalibrateMex's time an option, it sets
// surveyGameCost.
func BenchmarkCalibrateSurveyGame(b *testing.B) {
	names := []string{"0.77", "0.6", "0.137", "grundys-game"}
	for b.Loop() {
		s, err := NewSurvey(names, 1, SurveyOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Run(b.Context(), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(names))/1e3, "µs/game")
}
