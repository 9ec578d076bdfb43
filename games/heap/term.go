package heap

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/sg"
)

// maxTermHeap bounds the heaps of a term of a sum (games.SumTerms).
const maxTermHeap = 100000

func init() {
	for _, name := range []string{"nim", "grundys-game", "octal", "subtraction"} {
		games.RegisterTerm(name, readTerm, splitJSON)
	}
}

// splitJSON gives the JSON fields of a move of a heap in a sum: the heap
// and the heaps it leaves.
func splitJSON(m sg.Move) any {
	s := m.(Split)
	return struct {
		Heap int   `json:"heap"`
		To   []int `json:"to"`
	}{s.Heap, append([]int{}, s.Parts...)}
}

// readTerm reads "nim H…", "grundys-game H…", "octal CODE H…" or
// "subtraction SET H…": one component a heap.
func readTerm(ctx context.Context, f []string) ([]sg.Component, error) {
	rule, rest := f[0], f[1:]
	if rule == "octal" || rule == "subtraction" {
		if len(f) < 2 {
			return nil, fmt.Errorf("%s needs its rule before the heaps", f[0])
		}
		rule, rest = f[0]+" "+f[1], f[2:]
	}
	g, err := ParseGame(rule)
	if err != nil {
		return nil, err
	}
	if len(rest) == 0 {
		return nil, fmt.Errorf("no heaps")
	}
	sizes := make([]int, len(rest))
	for i, h := range rest {
		v, err := scan.Int(h)
		if err != nil || v < 0 || v > maxTermHeap {
			return nil, fmt.Errorf("heap %q is not a size from 0 to %d", h, maxTermHeap)
		}
		sizes[i] = v
	}
	hs, err := g.Heaps(ctx, sizes...)
	if err != nil {
		return nil, err
	}
	units := make([]sg.Component, len(hs))
	for i, h := range hs {
		units[i] = h
	}
	return units, nil
}
