package grid

import (
	"context"
	"fmt"
	"testing"

	"github.com/nimbers/grundy/partizan/loopy"
)

// BenchmarkDomineering values empty rectangles from scratch.
func BenchmarkDomineering(b *testing.B) {
	for _, size := range [][2]int{{4, 4}, {3, 7}, {5, 5}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			board, _ := Rect(size[0], size[1])
			for b.Loop() {
				d := &Domineering{}
				if _, err := d.Value(b.Context(), board); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCutcake values a 100 × 100 cake.
func BenchmarkCutcake(b *testing.B) {
	for b.Loop() {
		if _, err := Cutcake(100, 100); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFoxAndGeese builds and simplifies the value of the geese on
// row 4 against the fox in the corner (7258 positions), as CGSuite's
// FoxAndGeese(...).GameValue does.
func BenchmarkFoxAndGeese(b *testing.B) {
	geese := []Square{{4, 2}, {4, 4}, {4, 6}, {4, 8}}
	for _, c := range []struct {
		name string
		r    FoxAndGeese
	}{{"classic", ClassicFoxAndGeese}, {"ceylonese", CeyloneseFoxAndGeese}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				g, err := c.r.Game(context.Background(), geese, Square{1, 1}, nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := loopy.Simplify(context.Background(), g, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
