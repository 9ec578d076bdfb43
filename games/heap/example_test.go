package heap_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/heap"
)

// The moves of Kayles (0.77) from a row of five pins: knock down one pin
// or two adjacent ones, from the end or from the middle.
func ExampleGame_Moves() {
	kayles, _ := heap.ParseCode("0.77")
	for left := range kayles.Moves(5) {
		fmt.Print(left, " ")
	}
	fmt.Println()
	// Output: [4] [1 3] [2 2] [3] [1 2]
}

// The values of Dawson's Kayles (0.07) for heaps 0 to 19, as in OEIS
// A002187; they have period 34 from heap 53 on (Guy and Smith, 1956).
func ExampleGame_Values() {
	dawson, _ := heap.ParseCode("0.07")
	v, _ := dawson.Values(context.Background(), 20, nil)
	fmt.Println(v)
	// Output: [0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3]
}

// A values file written with a ValuesWriter is read back, by ranges of
// heaps, with OpenValuesRange.
func ExampleValuesWriter() {
	dir, _ := os.MkdirTemp("", "grundy")
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "g.values")
	file, _ := os.Create(name)
	w, _ := heap.NewValuesWriter(file, heap.GrundysGame())
	w.Write([]uint64{0, 0, 0, 1, 0, 2, 1, 0, 2, 1})
	w.Close()
	file.Close()

	r, _ := heap.OpenValuesRange(name, 3, 8, nil)
	defer r.Close()
	r.Each(func(v []uint64) { fmt.Println(r.Game(), v) })
	// Output: grundys-game [1 0 2 1 0]
}

// A long run of Grundy's game keeps its values in 2 bytes a heap and
// writes them to a values file as it goes; a checkpoint (RunOptions'
// Checkpoint) would let it be resumed after any stop. A run of 2^32
// heaps needs about 8.6 GB.
func ExampleGame_Run() {
	dir, _ := os.MkdirTemp("", "grundy")
	defer os.RemoveAll(dir)
	g := heap.GrundysGame()
	s, err := g.Run(context.Background(), 1<<16, heap.RunOptions{Out: filepath.Join(dir, "g.values"), Compact: true})
	fmt.Println(s.Len(), s.At(1000), s.Max(), err, g.SequenceMemory(1<<32)/1e9)
	// Output: 65536 17 230 <nil> 8.623489024
}

func Example_takeAndBreak() {
	// CGSuite writes Grundy's game as the code 4!.0: leave two heaps of
	// different sizes. G(20) = 0 (CGSuite's GameHeapTest).
	a, _ := games.Ask(context.Background(), games.Query{Ruleset: "take-and-break:4!.0", Positions: []string{"20"}}, nil)
	fmt.Println(a.Value, a.Winner)
	// Output: 0 second
}

func Example_eatcake() {
	// Eatcake on an 8×2 cake (CGSuite's GameHeapTest).
	a, _ := games.Ask(context.Background(), games.Query{Ruleset: "eatcake", Positions: []string{"8x2"}}, nil)
	fmt.Println(a.Value, a.Winner)
	// Output: {^|||^*|v||0} first
}

func Example_partizanEuclid() {
	// Partizan Euclid at (8, 7) is ^5, five ups (CGSuite's GameHeapTest).
	a, _ := games.Ask(context.Background(), games.Query{Ruleset: "partizan-euclid", Positions: []string{"8,7"}}, nil)
	fmt.Println(a.Value, a.Winner)
	// Output: ^5 Left
}

// Kayles is periodic with period 12 from heap 71 (Guy and Smith), proven
// once enough terms are known.
func ExamplePeriod_String() {
	kayles, _ := heap.ParseCode("0.77")
	v, _ := kayles.Values(context.Background(), 200, nil)
	p, _ := kayles.Period(v)
	fmt.Println(p)
	fmt.Println(heap.Period{Period: 2, Preperiod: 0, Saltus: 1})
	// Output:
	// period 12 preperiod 71 (proven by the periodicity theorem)
	// period 2 preperiod 0 saltus 1
}
