package partizan

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// formOf returns the raw tree g as a form, kept as played.
func rawForm(g *raw) *Form {
	var l, r []*Form
	for _, x := range g.l {
		l = append(l, rawForm(x))
	}
	for _, x := range g.r {
		r = append(r, rawForm(x))
	}
	return newForm(l, r)
}

// TestSensibleLinesByDefinition checks the lines of random forms against
// the definition (CGSuite's Game.cgs, SensibleLines): one line for each
// option of the canonical form K; moves alternate, each move of the
// player worth at least (Left) or at most (Right) that option K^L, each
// reply at most (at least) K, the last move equal to K^L, and each
// position an option of the one before it in the form.
func TestSensibleLinesByDefinition(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(55, 3))
	k := NewCalculator(nil)
	for range 300 {
		tree := randomRaw(r, 4)
		f := rawForm(tree)
		g := canonical(tree)
		left, right, err := k.SensibleLines(ctx, f)
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		for _, side := range []struct {
			lines [][]*Form
			canon []*Game
			right bool
		}{{left, g.Left(), false}, {right, g.Right(), true}} {
			if len(side.lines) != len(side.canon) {
				t.Fatalf("%v: %d lines for %d options of %v", f, len(side.lines), len(side.canon), g)
			}
			for i, line := range side.lines {
				c := side.canon[i]
				at := f
				for j, x := range line {
					mover := side.right == (j%2 == 0) // Right moves first on Right's lines
					opts := at.Left()
					if mover {
						opts = at.Right()
					}
					found := false
					for _, o := range opts {
						found = found || o == x
					}
					if !found {
						t.Fatalf("%v: %v is no option of %v", f, x, at)
					}
					v, _ := k.Canonical(ctx, x)
					var ok bool
					switch rel := compare(v, c); {
					case j%2 == 0 && !side.right:
						ok = rel == Greater || rel == Equal
					case j%2 == 0:
						ok = rel == Less || rel == Equal
					case !side.right:
						ok = lessEq(v, g)
					default:
						ok = lessEq(g, v)
					}
					if !ok {
						t.Fatalf("%v: line %v: position %d, %v, breaks the rule for %v", f, line, j, v, c)
					}
					at = x
				}
				if len(line)%2 == 0 {
					t.Fatalf("%v: line %v ends on a reply", f, line)
				}
				if v, _ := k.Canonical(ctx, line[len(line)-1]); !v.Equal(c) {
					t.Fatalf("%v: line %v ends at %v, not %v", f, line, v, c)
				}
			}
		}
	}
}

// TestSensibleLinesByHand checks lines worked by hand.
func TestSensibleLinesByHand(t *testing.T) {
	ctx := context.Background()
	k := NewCalculator(nil)
	for _, c := range []struct{ form, left, right string }{
		// {0|*} is ^: its options are kept.
		{"'{0|*}'", "0", "*"},
		// {{3|{1|1}}|}: {3|1*} reverses through 1* ≤ G to 1, so G = {1|}
		// = 2, and the line to its option 1 is {3|1*}, 1*, 1.
		{"'{{3|{1|1}}|}'", "{3|{1|1}} {1|1} 1", ""},
		// {{*|*}, 1 | -1, {*|*}} is +-1: 1 and -1 are kept, {*|*} = 0 is
		// dominated.
		{"'{{*|*},1|-1,{*|*}}'", "1", "-1"},
	} {
		f, err := k.ParseForm(ctx, c.form)
		if err != nil {
			t.Fatal(err)
		}
		l, r, err := k.SensibleLines(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		texts := func(lines [][]*Form) string {
			var s []string
			for _, line := range lines {
				for _, x := range line {
					s = append(s, x.text())
				}
			}
			return strings.Join(s, " ")
		}
		if texts(l) != c.left || texts(r) != c.right {
			t.Errorf("%s: lines %q | %q, want %q | %q", c.form, texts(l), texts(r), c.left, c.right)
		}
	}
}
