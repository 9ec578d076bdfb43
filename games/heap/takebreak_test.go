package heap

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games"
)

// cgsuiteCodes are the take-and-break games of CGSuite's test suite
// (GameHeapTest.scala): the code, the number of moves from a heap of 20,
// and G(0), …, G(20).
var cgsuiteCodes = []struct {
	code  string
	moves int
	vals  string
}{
	{"0.[3]", 20, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
	{"4!.0", 9, "0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0"},
	{"0.77", 20, "0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1"},
	{"0.07", 10, "0,0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3"},
	{"0.0330003", 3, "0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0"},
	{"0.3003330[3]", 17, "0,1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10"},
	{"0.3F", 38, "0,1,2,0,1,2,3,4,5,3,4,5,6,7,8,6,7,8,9,10,11"},
}

// generic returns the ruleset of code valued by the definition, never by
// the heap engine.
func generic(t *testing.T, code string) *codeRuleset {
	t.Helper()
	c, err := parseTakeAndBreak(code)
	if err != nil {
		t.Fatal(err)
	}
	return &codeRuleset{code: c}
}

func TestTakeAndBreakCGSuite(t *testing.T) {
	ctx := context.Background()
	for _, tc := range cgsuiteCodes {
		for _, via := range []string{"registry", "definition"} {
			var r *codeRuleset
			if via == "registry" {
				rs, err := games.Lookup("take-and-break:" + tc.code)
				if err != nil {
					t.Fatal(err)
				}
				r = rs.(*codeRuleset)
			} else {
				r = generic(t, tc.code)
			}
			var got []string
			for n := range 21 {
				v, err := r.value(ctx, n, nil)
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprint(v))
			}
			if s := strings.Join(got, ","); s != tc.vals {
				t.Errorf("%s by the %s: %s, want %s", tc.code, via, s, tc.vals)
			}
			moves := 0
			for range r.moves(20) {
				moves++
			}
			if moves != tc.moves {
				t.Errorf("%s by the %s: %d moves from 20, want %d", tc.code, via, moves, tc.moves)
			}
		}
	}
}

// plainMoves lists the moves of a heap of n by the definition: every
// multiset of positive sizes adding up to n − r, for every r, kept when
// digit r allows its number of heaps and their sizes meet the condition.
func plainMoves(c *tbCode, n int) []string {
	var out []string
	var all func(m, low int, parts []int)
	var r int
	all = func(m, low int, parts []int) {
		if m == 0 {
			j := len(parts)
			rule := c.digit(r).rule(j)
			ok := rule != banned
			if j >= 2 {
				distinct := len(slices.Compact(slices.Clone(parts))) == j
				equal := parts[0] == parts[j-1]
				switch rule {
				case allDifferent:
					ok = distinct
				case allEqual:
					ok = equal
				case notAllEqual:
					ok = !equal
				}
			}
			if ok {
				out = append(out, fmt.Sprint(parts))
			}
			return
		}
		for a := low; a <= m; a++ {
			all(m-a, a, append(parts, a))
		}
	}
	for r = -len(c.additive); r <= n; r++ {
		if n > 0 {
			all(n-r, 1, nil)
		}
	}
	slices.Sort(out)
	return out
}

// randomCode writes a random code: digits of each form, with conditions,
// additive digits that keep play finite, and sometimes a period.
func randomCode(rng *rand.Rand) string {
	cond := func() string { return []string{"", "", "!", "?", "="}[rng.IntN(5)] }
	digit := func(least int) string {
		switch rng.IntN(5) {
		case 0:
			return "{" + fmt.Sprint(least+rng.IntN(3)) + "," + fmt.Sprint(least+1+rng.IntN(3)) + []string{"", "+"}[rng.IntN(2)] + "}" + cond()
		case 1:
			if least == 0 {
				return "*" + cond()
			}
		case 2:
			return fmt.Sprintf("&%d;", uint64(rng.IntN(64))<<least) + cond()
		}
		return string("0123456789ABCDEFGHIJKLMNOPQRSTUV"[rng.IntN(32)>>least<<least]) + cond()
	}
	var b strings.Builder
	for k := rng.IntN(3); k >= 1; k-- {
		b.WriteString(digit(k + 2))
	}
	b.WriteString(digit(2))
	b.WriteByte('.')
	n := 1 + rng.IntN(4)
	p := -1
	if rng.IntN(3) == 0 {
		p = rng.IntN(n)
	}
	for i := range n {
		if i == p {
			b.WriteByte('[')
		}
		b.WriteString(digit(0))
	}
	if p >= 0 {
		b.WriteByte(']')
	}
	return b.String()
}

// TestTakeAndBreakAgainstDefinition checks the moves of random codes
// against plainMoves, and the values against the mex of those moves.
func TestTakeAndBreakAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 1))
	ctx := context.Background()
	for range 300 {
		code := randomCode(rng)
		c, err := parseTakeAndBreak(code)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		r := &codeRuleset{code: c}
		var plainVals []uint64
		for n := range 13 {
			var got []string
			for parts := range c.Moves(n) {
				got = append(got, fmt.Sprint(parts))
			}
			slices.Sort(got)
			want := plainMoves(c, n)
			if !slices.Equal(got, want) {
				t.Fatalf("%s, heap %d: moves %v, want %v", code, n, got, want)
			}
			seen := map[uint64]bool{}
			for _, w := range want {
				var x uint64
				for _, f := range strings.Fields(strings.Trim(w, "[]")) {
					var p int
					fmt.Sscan(f, &p)
					x ^= plainVals[p]
				}
				seen[x] = true
			}
			g := uint64(0)
			for seen[g] {
				g++
			}
			plainVals = append(plainVals, g)
			if v, err := r.value(ctx, n, nil); err != nil || v != g {
				t.Fatalf("%s: G(%d) = %d %v, want %d", code, n, v, err, g)
			}
		}
	}
}

// TestTakeAndBreakFast checks that the codes the heap engine takes over
// are valued as by the definition.
func TestTakeAndBreakFast(t *testing.T) {
	ctx := context.Background()
	for _, code := range []string{"0.77", "4!.0", "0.[3]", "0.3003330[3]", "8.0", "0.137", "4.7", "0.FF", "0.0330003", "0.3[03]"} {
		c, err := parseTakeAndBreak(code)
		if err != nil {
			t.Fatal(err)
		}
		fast := newCodeRuleset(c)
		if (fast.fast != nil) != (code != "0.3[03]") {
			t.Errorf("%s: heap engine %v", code, fast.fast != nil)
		}
		slow := &codeRuleset{code: c}
		for n := range 80 {
			a, err1 := fast.value(ctx, n, nil)
			b, err2 := slow.value(ctx, n, nil)
			if err1 != nil || err2 != nil || a != b {
				t.Fatalf("%s: G(%d) = %d by the heap engine, %d by the definition (%v %v)", code, n, a, b, err1, err2)
			}
		}
	}
}

func TestTakeAndBreakErrors(t *testing.T) {
	for _, code := range []string{"", "0", "0.7.7", "0.[3", "0.3]", "0.[]", "0.[3]3", "[3].0", "2.0", "0.W",
		"0.{64}", "0.{1", "0.{1!}!", "0.&17", "0.&x;", "6.0", "4.0.", "2.4.0", "*.0", strings.Repeat("7", 300) + ".0"} {
		if _, err := parseTakeAndBreak(code); !errors.Is(err, games.ErrInput) {
			t.Errorf("%q: %v, want an input error", code, err)
		}
	}
	for _, code := range []string{"4!.0", ".77", "0.[3]", "{2+}=.0", "0.&17;", "8.0", "0.{1,2!}", "0.*?", "C.0"} {
		if _, err := parseTakeAndBreak(code); err != nil {
			t.Errorf("%q: %v", code, err)
		}
	}
}

// TestTakeAndBreakRefuses checks that a code whose moves explode is
// refused at once by its estimate.
func TestTakeAndBreakRefuses(t *testing.T) {
	r := generic(t, "0.*")
	_, err := r.value(context.Background(), 200, nil)
	if err == nil || !strings.Contains(err.Error(), "moves") {
		t.Fatalf("0.* at 200: %v, want a refusal", err)
	}
	if len(r.vals) != 0 {
		t.Errorf("values computed before the refusal: %d", len(r.vals))
	}
}

func FuzzParseTakeAndBreak(f *testing.F) {
	for _, s := range []string{"4!.0", "0.[3]", "{2+}=.0", "0.&17;", "12.0", "0.{1,2!}", "0.*?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseTakeAndBreak(s)
		if err != nil {
			if !errors.Is(err, games.ErrInput) || strings.ContainsAny(err.Error(), "\n") {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		// Every move leaves smaller heaps, in increasing order.
		for n := range 9 {
			k := 0
			for parts := range c.Moves(n) {
				if !slices.IsSorted(parts) || len(parts) > 0 && (parts[0] < 1 || parts[len(parts)-1] >= n) {
					t.Fatalf("%q: a move %v from %d", s, parts, n)
				}
				if k++; k > 1<<12 {
					break
				}
			}
		}
	})
}

// TestParseCodeCGSuite checks that ParseCode takes the CGSuite codes the
// heap engine reads, with CGSuite's values, and refuses the others.
func TestParseCodeCGSuite(t *testing.T) {
	for _, c := range cgsuiteCodes {
		g, err := ParseCode(c.code)
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		v, err := g.Values(context.Background(), 21, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Trim(strings.ReplaceAll(fmt.Sprint(v), " ", ","), "[]"); got != c.vals {
			t.Errorf("%s: %s, want %s", c.code, got, c.vals)
		}
	}
	for _, code := range []string{"{2+}=.0", "0.*", "4?.0"} {
		if _, err := ParseCode(code); !errors.Is(err, games.ErrInput) {
			t.Errorf("%s: %v, want an input error", code, err)
		}
	}
}
