package nimpoly_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimpoly"
)

func ExamplePoly_Mul() {
	// (x + 2)(x + 3) = x² + (2 ⊕ 3)x + 2 ⊗ 3 = x² + x + 1.
	p := nimpoly.Poly{2, 1}.Mul(nimpoly.Poly{3, 1})
	fmt.Println(p)
	// Output: [1 1 1]
}

func ExampleRoots() {
	// x² + x + 1 has the roots 2 and 3, the elements of GF(4) outside GF(2).
	roots, _ := nimpoly.Roots(context.Background(), nimpoly.Poly{1, 1, 1})
	fmt.Println(roots)
	// Output: [2 3]
}

func ExampleInterpolate() {
	xs := []nimber.Nimber{0, 1, 2}
	p, _ := nimpoly.Interpolate(xs, []nimber.Nimber{5, 4, 7})
	fmt.Println(p, nimpoly.EvalMany(p, xs))
	// Output: [5 1] [5 4 7]
}
