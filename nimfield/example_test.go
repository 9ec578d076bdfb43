package nimfield_test

import (
	"fmt"

	"github.com/nimbers/grundy/nimfield"
)

func Example() {
	w, _ := nimfield.Parse("w")
	w2, _ := nimfield.Parse("w^2")
	p, _ := w.Mul(w2)
	fmt.Println("ω ⊗ ω² =", p)

	a, _ := nimfield.Parse("ω^ω")
	b, _ := nimfield.Parse("ω^(ω·4)")
	p, _ = a.Mul(b)
	fmt.Println("ω^ω ⊗ ω^(ω·4) =", p)

	inv, _ := w.Inv()
	fmt.Println("ω⁻¹ =", inv)

	v, _ := nimfield.Constants(11)
	fmt.Printf("p = %d: f(p) = %d, Q = %v, excess %d, α = %v\n", v.P, v.F, v.Q, v.Excess, v.Alpha)
	// Output:
	// ω ⊗ ω² = 2
	// ω^ω ⊗ ω^(ω·4) = 4
	// ω⁻¹ = ω^2·3
	// p = 11: f(p) = 10, Q = [5], excess 1, α = ω^ω + 1
}
