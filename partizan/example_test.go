package partizan_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/partizan"
)

func ExampleParse() {
	g, _ := partizan.Parse("{0 | *}")
	h, _ := partizan.Parse("^ + ^ + *")
	fmt.Println(g, h, h.Outcome())
	// Output: ^ ^^* L
}

func ExampleCalculator_Compare() {
	up, _ := partizan.Parse("^")
	star, _ := partizan.Parse("*")
	rel, _ := partizan.NewCalculator(nil).Compare(context.Background(), up, star)
	fmt.Println(rel)
	// Output: ||
}

func ExampleCalculator_Thermograph() {
	g, _ := partizan.Parse("{4 | {2 | 0}}")
	th, _ := partizan.NewCalculator(nil).Thermograph(context.Background(), partizan.RationalOf(g))
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
	a, _ := partizan.Parse("1/2")
	b, _ := partizan.Parse("*")
	s, _ := partizan.NewCalculator(nil).Sum(context.Background(), a, b, a)
	fmt.Println(s)
	// Output: 1*
}

// Heating ↑ by 2 and cooling a switch by 1, as CGSuite's Heat and Cool
// do.
func ExampleCalculator_Heat() {
	k := partizan.NewCalculator(nil)
	up, _ := partizan.Parse("^")
	two, _ := partizan.Parse("2")
	hot, _ := k.Heat(context.Background(), up, two)
	fmt.Println(hot)
	sw, _ := partizan.Parse("{2|-1}")
	one := partizan.Int(1)
	cold, _ := k.Cool(context.Background(), sw, one)
	fmt.Println(cold)
	// Output:
	// {2||0|-4}
	// {1|0}
}
