package partizan_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/partizan"
)

func ExampleCalculator_Parse() {
	k := partizan.NewCalculator(nil)
	g, _ := k.Parse(context.Background(), "{0 | *}")
	h, _ := k.Parse(context.Background(), "^ + ^ + *")
	fmt.Println(g, h, h.Outcome())
	// Output: ^ ^^* L
}

func ExampleCalculator_Compare() {
	k := partizan.NewCalculator(nil)
	up, _ := k.Parse(context.Background(), "^")
	star, _ := k.Parse(context.Background(), "*")
	rel, _ := k.Compare(context.Background(), up, star)
	fmt.Println(rel)
	// Output: ||
}

func ExampleCalculator_Thermograph() {
	k := partizan.NewCalculator(nil)
	g, _ := k.Parse(context.Background(), "{4 | {2 | 0}}")
	th, _ := k.Thermograph(context.Background(), partizan.RationalOf(g))
	fmt.Println(th)
	// Output:
	// mean 5/2
	// temperature 3/2
	// left stop 4
	// right stop 2
	// left wall -1:5 3/2:5/2
	// right wall -1:2 1:2 3/2:5/2
}

func ExampleCalculator_Sum() {
	k := partizan.NewCalculator(nil)
	a, _ := k.Parse(context.Background(), "1/2")
	b, _ := k.Parse(context.Background(), "*")
	s, _ := k.Sum(context.Background(), a, b, a)
	fmt.Println(s)
	// Output: 1*
}

// Heating ↑ by 2 and cooling a switch by 1, as CGSuite's Heat and Cool
// do.
func ExampleCalculator_Heat() {
	k := partizan.NewCalculator(nil)
	up, _ := k.Parse(context.Background(), "^")
	two, _ := k.Parse(context.Background(), "2")
	hot, _ := k.Heat(context.Background(), up, two)
	fmt.Println(hot)
	sw, _ := k.Parse(context.Background(), "{2|-1}")
	one := partizan.Int(1)
	cold, _ := k.Cool(context.Background(), sw, one)
	fmt.Println(cold)
	// Output:
	// {2||0|-4}
	// {1|0}
}
