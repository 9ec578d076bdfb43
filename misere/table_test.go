package misere_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/misere"
)

// TestTableT2 checks the table of the closure of *2 against T2 of
// Plambeck and Siegel, <a, b | a^2 = 1, b^3 = b> with P-portion {a, b^2},
// multiplied here by exponents: a's modulo 2, b's brought below 3 by
// b^3 = b.
func TestTableT2(t *testing.T) {
	ctx := context.Background()
	g, err := misere.Parse(ctx, "*2", nil)
	if err != nil {
		t.Fatal(err)
	}
	q, _, err := misere.ClosureQuotient(ctx, g, nil)
	if err != nil {
		t.Fatal(err)
	}
	tb := q.Table()
	if tb.Order != 6 || tb.Identity != 0 || len(tb.Mul) != 6 {
		t.Fatalf("order %d identity %d, want T2 of order 6", tb.Order, tb.Identity)
	}
	type word struct{ a, b int }
	parse := func(name string) word {
		var w word
		if name == "1" {
			return w
		}
		for rest := name; rest != ""; {
			c := rest[0]
			rest = rest[1:]
			n := 1
			if strings.HasPrefix(rest, "^") {
				n = int(rest[1] - '0')
				rest = rest[2:]
			}
			if c == 'a' {
				w.a += n
			} else {
				w.b += n
			}
		}
		return w
	}
	mul := func(x, y word) word {
		w := word{(x.a + y.a) % 2, x.b + y.b}
		for w.b >= 3 {
			w.b -= 2
		}
		return w
	}
	seen := map[word]bool{}
	for x := range 6 {
		wx := parse(tb.Names[x])
		if seen[wx] {
			t.Fatalf("two elements named %s", tb.Names[x])
		}
		seen[wx] = true
		for y := range 6 {
			if got, want := parse(tb.Names[tb.Mul[x][y]]), mul(wx, parse(tb.Names[y])); got != want {
				t.Errorf("%s·%s = %s, want %v", tb.Names[x], tb.Names[y], tb.Names[tb.Mul[x][y]], want)
			}
		}
	}
	var p []string
	for _, x := range tb.P {
		p = append(p, tb.Names[x])
	}
	if strings.Join(p, " ") != "a b^2" {
		t.Errorf("P-portion %v, want a b^2", p)
	}
	b, _ := json.Marshal(tb)
	for _, key := range []string{`"period":null`, `"table":[[`, `"names":[`, `"generators":[`, `"expansions":[`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("JSON %s lacks %s", b, key)
		}
	}
}

// TestTableWriteTo checks the text of the quotient of *2's closure
// against T2 of Plambeck and Siegel written out by hand: generators *1
// and *2, a^2 = 1 and b^3 = b, P-portion {a, b^2}.
func TestTableWriteTo(t *testing.T) {
	ctx := context.Background()
	g, _ := misere.Parse(ctx, "*2", nil)
	q, fs, err := misere.ClosureQuotient(ctx, g, nil)
	if err != nil {
		t.Fatal(err)
	}
	tb := q.Table()
	if tb.Followers, err = fs.Notations(1 << 10); err != nil {
		t.Fatal(err)
	}
	if tb.Period != nil || tb.Preperiod != nil {
		t.Errorf("a closure's period %v, preperiod %v: want none", tb.Period, tb.Preperiod)
	}
	var b strings.Builder
	if _, err := tb.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	want := "closure of *[2], 3 followers: order 6, 2 in P\n" +
		"generators: a = *[1], b = *[2]\n" +
		"relations: a^2 = 1, b^3 = b\n" +
		"P: a, b^2\n" +
		"followers:\n1  *[0]\na  *[1]\nb  *[2]\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestNotationsLimit checks HeapForms.Notations against the followers of
// *2 written by hand, 0, *1 and *2 ("*[0]", "*[1]", "*[2]": 12 bytes),
// and that a limit of 11 bytes refuses them.
func TestNotationsLimit(t *testing.T) {
	g, _ := misere.Parse(t.Context(), "*2", nil)
	_, fs, err := misere.ClosureQuotient(t.Context(), g, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := fs.Notations(12)
	if err != nil || strings.Join(got, " ") != "*[0] *[1] *[2]" {
		t.Errorf("limit 12: %q, %v", got, err)
	}
	if _, err := fs.Notations(11); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("limit 11: %v, want too large", err)
	}
}
