package loopy_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/partizan/loopy"
)

func ExampleSides_stopper() {
	g, _ := loopy.Parse(context.Background(), "{0|pass} + *", nil)
	s, _, _ := loopy.Sides(context.Background(), g, nil)
	fmt.Println(s)
	// Output: over
}

func ExampleCompare() {
	over, _ := loopy.Parse(context.Background(), "over", nil)
	up, _ := loopy.Parse(context.Background(), "^", nil)
	r, _ := loopy.Compare(context.Background(), over, up, nil)
	fmt.Println("over", r, "^")
	// Output: over > ^
}

func ExamplePlay() {
	g, _ := loopy.Parse(context.Background(), "on + off", nil)
	c, _ := loopy.Play(g)
	fmt.Println(c, c.LeftFirst(), c.RightFirst())
	// Output: D draw draw
}

func ExampleSides() {
	// Right may pass, or move to 0; Left may only pass.
	g, _ := loopy.Parse(context.Background(), "{pass|pass,0}", nil)
	on, off, _ := loopy.Sides(context.Background(), g, nil)
	s, _ := loopy.SidedText(on, off, 100)
	fmt.Println(s)
	// Output: under & off
}

func ExampleCompare_notStoppers() {
	dud, _ := loopy.Parse(context.Background(), "dud", nil)
	r, _ := loopy.Compare(context.Background(), dud, loopy.Game{}, nil)
	fmt.Println("dud", r, "0")
	// Output: dud || 0
}
