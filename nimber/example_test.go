package nimber_test

import (
	"fmt"

	"github.com/nimbers/grundy/nimber"
)

func ExampleNimber_Mul() {
	// The Fermat 2-powers 2, 4, 16, 256, … square to 3/2 of themselves;
	// smaller nimbers multiply by them as integers do.
	fmt.Println(nimber.Nimber(2).Mul(2), nimber.Nimber(16).Mul(16), nimber.Nimber(16).Mul(5))
	fmt.Println(nimber.Nimber(8).Mul(8), nimber.Nimber(13).Mul(14))
	// Output:
	// 3 24 80
	// 13 1
}

func ExampleNimber_Inv() {
	a := nimber.Nimber(0xdeadbeef)
	inv := a.Inv()
	fmt.Println(a.Mul(inv))
	q, err := nimber.Nimber(7).Div(0)
	fmt.Println(q, err)
	// Output:
	// 1
	// 0 division by zero
}

func ExampleNimber_Sqrt() {
	// 2 ⊗ 2 = 3, so √3 = 2.
	fmt.Println(nimber.Nimber(3).Sqrt())
	// Output: 2
}

func ExampleNimber_Log() {
	x, err := nimber.Nimber(123456789).Log(nimber.PrimitiveRoot)
	fmt.Println(err, nimber.PrimitiveRoot.Pow(x))
	// 2 has order 3: 2, 3, 1. Nothing else is a power of 2.
	_, err = nimber.Nimber(5).Log(2)
	fmt.Println(err)
	// Output:
	// <nil> 123456789
	// no discrete logarithm: the target is not a power of the base
}

func ExampleSolveQuadratic() {
	// x² + x + 1 has no root in GF(2) but two in GF(4): 2 and 3.
	fmt.Println(nimber.SolveQuadratic(1, 1))
	// x² = 3 has the double root 2.
	fmt.Println(nimber.SolveQuadratic(0, 3))
	// Output:
	// [2 3]
	// [2]
}

func ExampleParse() {
	a, _ := nimber.Parse("0xff")
	_, err := nimber.Parse("18446744073709551616")
	fmt.Println(a)
	fmt.Println(err)
	// Output:
	// 255
	// "18446744073709551616" is too large: nimbers here are below 2^64
}

func ExampleBig_Mul() {
	// 2^128 is a Fermat 2-power: its square is 3/2 of it, 2^128 + 2^127.
	f, _ := nimber.ParseBig("0x100000000000000000000000000000000")
	fmt.Printf("%#x\n", f.Mul(f).Int())
	// Output:
	// 0x180000000000000000000000000000000
}
