package loopy

import (
	"context"
	"errors"
	"github.com/nimbers/grundy/partizan"
	"testing"
)

// TestDegreeCGSuite checks degrees, idempotence and varieties against
// CanonicalStopperTestCase.scala and the upsums and downsums against
// GameTest.scala (github.com/aaron-siegel/cgsuite), their strings
// copied here; each answer is compared by play with CGSuite's string
// read back, and its text with CGSuite's.
func TestDegreeCGSuite(t *testing.T) {
	ctx := context.Background()
	read := func(s string) Game {
		t.Helper()
		g, err := Parse(context.Background(), s, nil)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return g
	}
	check := func(what, in string, got Game, err error, want string) {
		t.Helper()
		switch want {
		case "!idempotent":
			if !errors.Is(err, errNotIdempotent) {
				t.Errorf("%s of %s: %v, %v; CGSuite: degree not idempotent", what, in, got, err)
			}
			return
		case "!stable":
			if !errors.Is(err, errNotStable) {
				t.Errorf("%s of %s: %v, %v; CGSuite: not stable", what, in, got, err)
			}
			return
		}
		if err != nil {
			t.Errorf("%s of %s: %v", what, in, err)
			return
		}
		if rel, err := Compare(ctx, got, read(want), nil); err != nil || rel != partizan.Equal {
			t.Errorf("%s of %s = %v, CGSuite %s (%v %v)", what, in, got, want, rel, err)
		} else if got.String() != want {
			t.Errorf("%s of %s prints %s, CGSuite %s", what, in, got, want)
		}
	}
	for _, c := range []struct {
		in, degree string
		idempotent bool
		variety    string
	}{
		{"on", "on", true, "on"},
		{"off", "on", true, "off"},
		{"over", "over", true, "over"},
		{"{pass|3/2}", "over", false, "under"},
		{"{-1/4+*|pass}", "^<on>", false, "^<on>"},
		// CGSuite writes {^[on]*,^<on>||v<on>|0}: it orders loopy options
		// by their hash codes, grundy by their text.
		{"{0|{0||0|0,pass}||-{0||0|0,pass}}", "^<on>", false, "{^<on>,^[on]*||v<on>|0}"},
		{"{0|||0||0|off}", "{0||||0|||Miny(on)|0||off}", false, "!idempotent"},
		{"{on|0||0}", "Tiny(on)", true, "Miny(on)"},
		{"{0||0|under}", "Tiny(over)", true, "Tiny(over)"},
		{"+-{0|pass}", "over", false, "+-over"},
		{"+-{5|pass}", "over", false, "+-{10over|over}"},
		{"a{0||||0|||a|*||*}", "{0|a{0|0,{0|||a|0||0}}}", false, "{a{0,{0||0|a|||0}|0}|0}"},
		{"a{0|{0||||0,*2|||a|0||0}||0}", "a{0||0|{0|a||0,*2|||0||||0}}", false, "!stable"},
	} {
		x := read(c.in)
		d, err := Degree(ctx, x, nil)
		check("Degree", c.in, d, err, c.degree)
		if ok, err := isIdempotent(ctx, x, nil); err != nil || ok != c.idempotent {
			t.Errorf("%s: idempotent %v (%v), CGSuite %v", c.in, ok, err, c.idempotent)
		}
		v, err := Variety(ctx, x, nil)
		check("Variety", c.in, v, err, c.variety)
	}
	upon, uponth := read("upon"), read("^<on>")
	for _, c := range []struct {
		what string
		f    func() (Game, error)
		want string
	}{
		{"Downsum", func() (Game, error) { return Downsum(ctx, upon, uponth, nil) }, "^[on]"},
		{"downsumVariety", func() (Game, error) { return downsumVariety(ctx, upon, uponth, nil) }, "v<on>"},
		{"Upsum", func() (Game, error) { return Upsum(ctx, upon, uponth, nil) }, "{0|^<on>*}"},
		{"upsumVariety", func() (Game, error) { return upsumVariety(ctx, upon, uponth, nil) }, "v<on>"},
	} {
		g, err := c.f()
		check(c.what, "upon, ^<on>", g, err, c.want)
	}
}
