package nimfield

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/nimbers/grundy/ordinal"
)

func TestParseString(t *testing.T) {
	w := ordinal.Term(1, 1)
	for _, c := range []struct {
		in   string
		want Ordinal
		out  string
	}{
		{"0", Ordinal{}, "0"},
		{"7", Nat(7), "7"},
		{"w", omega, "ω"},
		{"w^w", monomial(w, 1), "ω^ω"},
		{"w^(w*4)+3", monomial(ordinal.New(0, 4), 1).Add(Nat(3)), "ω^(ω·4) + 3"},
		{"ω^ω^2·5 + ω^3", monomial(ordinal.Term(2, 1), 5).Add(monomial(ordinal.New(3), 1)), "ω^(ω^2)·5 + ω^3"},
		{"ω^(ω^2+1)+ω^ω^2", monomial(ordinal.New(1, 0, 1), 1).Add(monomial(ordinal.Term(2, 1), 1)), "ω^(ω^2 + 1) + ω^(ω^2)"},
		{"ω^5×2", monomial(ordinal.New(5), 2), "ω^5·2"},
		{"3*w + w*2 + 1", monomial(ordinal.New(1), 5).Add(Nat(1)), "ω·5 + 1"},
		{"1 + w", omega.Add(Nat(1)), "ω + 1"},
		{"0*w^w", Ordinal{}, "0"},
		{"w^0*9", Nat(9), "9"},
		{"0xff", Nat(255), "255"},
		{"0xFFFFFFFFFFFFFFFF", Nat(1<<64 - 1), "18446744073709551615"},
	} {
		got, err := Parse(c.in)
		if err != nil || !got.Equal(c.want) || got.String() != c.out {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.in, got, err, c.out)
			continue
		}
		back, err := Parse(got.String())
		if err != nil || !back.Equal(got) {
			t.Errorf("Parse(%q) = %v, %v", got.String(), back, err)
		}
	}
	for _, bad := range []string{"", "+", "w^", "w^(w", "ww", "2*3", "w*", "x", "w^w^", "18446744073709551616", "w^(1+)", "w^w^2000000", "0x", "0x1+w", "w+0x1"} {
		if _, err := Parse(bad); !errors.Is(err, ordinal.ErrSyntax) {
			t.Errorf("Parse(%q): %v, want a syntax error", bad, err)
		}
	}
}

func TestCmp(t *testing.T) {
	// An increasing list.
	list := []string{"0", "1", "2", "w", "w+1", "w*2", "w^2", "w^2*3+w", "w^w", "w^w*2", "w^(w+1)", "w^(w*2)", "w^(w^2)", "w^(w^2)+w^w", "w^(w^3*2)"}
	for i, s := range list {
		for j, u := range list {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := mustParse(t, s).cmp(mustParse(t, u)); got != want {
				t.Errorf("Cmp(%s, %s) = %d, want %d", s, u, got, want)
			}
		}
	}
}

func TestJSON(t *testing.T) {
	a := mustParse(t, "w^(w*4)+3")
	b, err := json.Marshal([]Ordinal{a, Nat(2)})
	if err != nil || string(b) != `["ω^(ω·4) + 3","2"]` {
		t.Fatalf("json: %s, %v", b, err)
	}
	var back []Ordinal
	if err := json.Unmarshal(b, &back); err != nil || !back[0].Equal(a) || !back[1].Equal(Nat(2)) {
		t.Fatalf("unmarshal: %v, %v", back, err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "w", "w^w", "w^(w*4)+3", "ω^ω^2·5 + ω^3", "ω^5×2", "3*w+w*2", "w^(w^2+1)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ordinal.ErrSyntax) {
				t.Fatalf("Parse(%q): %v does not wrap ordinal.ErrSyntax", s, err)
			}
			return
		}
		b, err := Parse(a.String())
		if err != nil || !b.Equal(a) {
			t.Fatalf("Parse(%q) = %v, which reads back as %v, %v", s, a, b, err)
		}
		if !a.Add(a).IsZero() || a.cmp(a) != 0 {
			t.Fatalf("%v ⊕ itself or Cmp with itself", a)
		}
	})
}

// omega is ω.
var omega = monomial(ordinal.New(1), 1)
