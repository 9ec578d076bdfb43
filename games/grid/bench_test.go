package grid

import (
	"fmt"
	"testing"
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
