package graph

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/internal/scan"
	"github.com/nimbers/grundy/loopy"
	"github.com/nimbers/grundy/sg"
)

// leafDeletionLimit is the positions a term "leafdel FILE" of a sum may
// store to find its value (games.SumTerms): 2^20, about a second.
const leafDeletionLimit = 1 << 20

func init() {
	for _, name := range []string{"hackenbush", "cointree", "leafdel"} {
		games.RegisterTerm(name, readFileTerm, moveJSON)
	}
	games.RegisterTerm("loopy", readLoopyTerm, moveJSON)
}

// moveJSON gives the JSON fields of a move of this package's games in a
// sum: the edge a Cut cuts, the head and descendants a CoinMove turns,
// the leaves a Deletion deletes, the vertex a Slide moves to.
func moveJSON(m sg.Move) any {
	type fields struct {
		Cut    *int  `json:"cut,omitempty"`
		Turn   []int `json:"turn,omitempty"`
		Delete []int `json:"delete,omitempty"`
		Slide  *int  `json:"slide,omitempty"`
	}
	switch m := m.(type) {
	case Cut:
		return fields{Cut: new(int(m))}
	case CoinMove:
		return fields{Turn: append([]int{m.Node}, m.Flip...)}
	case Deletion:
		return fields{Delete: m}
	case Slide:
		return fields{Slide: new(int(m))}
	}
	return fields{}
}

// open opens a file, its errors worded "FILE: what went wrong".
func open(name string) (*os.File, error) {
	f, err := os.Open(name)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, fmt.Errorf("%s: %v", pe.Path, pe.Err)
	}
	return f, err
}

// readFileTerm reads "hackenbush FILE", "cointree FILE" or "leafdel
// FILE": a game read from a file.
func readFileTerm(ctx context.Context, f []string) ([]sg.Component, error) {
	if len(f) != 2 {
		return nil, fmt.Errorf("%s needs exactly one file", f[0])
	}
	file, err := open(f[1])
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var u sg.Component
	switch f[0] {
	case "hackenbush":
		g, err := ReadGraph(file, f[1])
		if err != nil {
			return nil, err
		}
		u, err = g.Component(ctx)
		return []sg.Component{u}, err
	case "leafdel":
		t, err := ReadTree(file, f[1])
		if err != nil {
			return nil, err
		}
		if u, err = LeafDeletion(ctx, t, &budget.Options{Limit: leafDeletionLimit}); err != nil {
			return nil, fmt.Errorf("%w (a sum needs the Grundy value)", err)
		}
		return []sg.Component{u}, nil
	}
	ct, err := ReadCoinTree(file, f[1])
	if err != nil {
		return nil, err
	}
	u, err = ct.component()
	return []sg.Component{u}, err
}

// readLoopyTerm reads "loopy FILE [START]", a game graph with its token
// on START or on the file's start vertex, or "loopy subtraction TAKE ADD
// N H", heap H of heap.LoopySubtraction.
func readLoopyTerm(ctx context.Context, f []string) ([]sg.Component, error) {
	opt := &budget.Options{Limit: LoopyLimit, Memory: DefaultMemory}
	var d loopy.Digraph
	var start int
	if len(f) > 1 && f[1] == "subtraction" {
		if len(f) != 6 {
			return nil, errors.New("loopy subtraction takes the sizes to take, the sizes to add, the bound N and a heap")
		}
		n, err1 := scan.Int(f[4])
		h, err2 := scan.Int(f[5])
		if err1 != nil || err2 != nil || n < 0 || n >= MaxVertices || h < 0 || h > n {
			return nil, fmt.Errorf("want a bound N and a heap from 0 to N, got %q and %q", f[4], f[5])
		}
		if d, err1 = heap.LoopySubtraction(f[2], f[3], n, opt); err1 != nil {
			return nil, err1
		}
		start = h
	} else {
		if len(f) != 2 && len(f) != 3 {
			return nil, errors.New("loopy takes a file and, unless the file gives one, a start vertex")
		}
		file, err := open(f[1])
		if err != nil {
			return nil, err
		}
		defer file.Close()
		if d, start, err = ReadDigraph(file, f[1], nil); err != nil {
			return nil, err
		}
		if len(f) == 3 {
			if start, err = scan.Int(f[2]); err != nil {
				return nil, fmt.Errorf("start vertex %q is not a number", f[2])
			}
		} else if start < 0 {
			return nil, fmt.Errorf("%s gives no start vertex: add one after the file", f[1])
		}
	}
	u, err := digraphTerm(ctx, d, start, opt)
	if err != nil {
		return nil, err
	}
	return []sg.Component{u}, nil
}
