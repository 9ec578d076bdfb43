package loopy

import (
	"context"
	"github.com/nimbers/grundy/partizan"
	"testing"
)

// TestExpr checks the operations on written games against values worked
// by CGSuite (those of docs/cli.md): a short game by its canonical form, a sum of
// stoppers term by term, a game that is not a stopper by its sides.
func TestExpr(t *testing.T) {
	ctx := context.Background()
	parse := func(s string) Expr {
		x, err := ParseExpr(ctx, s, nil)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return x
	}
	for _, c := range []struct{ op, in, want string }{
		{"canon", "-5/8", "-5/8\n5 positions; Left first: Right wins, Right first: Right wins"},
		{"canon", "{pass|}+5", "on\n1 position; Left first: Left wins, Right first: Left wins"},
		{"sides", "dud", "on & off\n1 position; Left first: draw, Right first: draw"},
		{"sides", "a{1||a|0}", "2 & +-1\n5 positions; Left first: Left wins, Right first: draw"},
		{"sides", "{pass|pass,0}", "under & off\n2 positions; Left first: Right wins, Right first: Right wins"},
	} {
		var v Value
		var err error
		if c.op == "canon" {
			v, err = parse(c.in).Canon(ctx, nil)
		} else {
			v, err = parse(c.in).Sides(ctx, nil)
		}
		if err != nil || v.String() != c.want {
			t.Errorf("%s %q = %q, %v; want %q", c.op, c.in, v.String(), err, c.want)
		}
	}
	if _, err := parse("dud").Canon(ctx, nil); err == nil {
		t.Errorf("canon dud: no error (dud is not a stopper)")
	}
	if r, err := CompareExprs(ctx, parse("{1|0}"), parse("1/2"), nil); err != nil || r != partizan.Fuzzy {
		t.Errorf("{1|0} vs 1/2: %v %v, want ||", r, err)
	}
	if r, err := CompareExprs(ctx, parse("{pass|pass,0}"), parse("under"), nil); err != nil || r != partizan.Less {
		t.Errorf("{pass|pass,0} vs under: %v %v, want <", r, err)
	}
	for in, want := range map[string]string{"2000+1999": "3999", "over+under": "over & under", "on+off": "on & off"} {
		var xs []Expr
		for _, s := range []string{in} {
			xs = append(xs, parse(s))
		}
		if got, err := SumExprs(ctx, xs, nil); err != nil || got != want {
			t.Errorf("sum %q = %q, %v; want %q", in, got, err, want)
		}
	}
	// Who wins, by the definitions: on + off never ends; from over =
	// {0|pass} Left moves to 0 whoever starts; in 0 the mover loses.
	for in, want := range map[string]string{
		"on+off": "Left first: draw, Right first: draw",
		"over":   "Left first: Left wins, Right first: Left wins",
		"0":      "Left first: Right wins, Right first: Left wins",
	} {
		if c, err := parse(in).Outcome(ctx, nil); err != nil || c.String() != want {
			t.Errorf("%s: %v %v, want %s", in, c, err, want)
		}
	}
}
