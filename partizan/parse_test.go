package partizan

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nimbers/grundy/internal/gametext"
)

// parseGame reads s with no limit.
func parseGame(s string) (*Game, error) {
	return parse(s, newAdder())
}

func mustParse(t *testing.T, s string) *Game {
	t.Helper()
	g, err := parseGame(s)
	if err != nil {
		t.Fatalf("parseGame(%q): %v", s, err)
	}
	return g
}

func TestParse(t *testing.T) {
	for in, want := range map[string]string{
		"{1|*}":        "{1|*}",
		"^*":           "^*",
		"3/4":          "3/4",
		"*2":           "*2",
		"{0|{0|-1}}":   "Tiny(1)",
		"{0||0|-1}":    "Tiny(1)",
		"tiny(1/2)":    "Tiny(1/2)",
		"{2|0||0}":     "Miny(2)",
		"{2||1|0}":     "{2||1|0}",
		"{1|0||-1|-2}": "{1|0||-1|-2}",
		"{0||1}":       "1/2",
		"1000+*9":      "1000*9",
		"1+^":          "1^",
		"1/2 + v*":     "1/2v*",
		"+-1":          "+-1",
		"±1/2":         "+-1/2",
		"^+^+*":        "^^*",
		"1/2+*":        "1/2*",
		"{^|v}":        "*",
		"* + *":        "0",
		"^ + v":        "0",
		"{0|}":         "1",
		"{|}":          "0",
		"{0,*|0,*}":    "*2",
		"2-1/2":        "3/2",
		"{-1|1}":       "0",
		"{ 1 | -1 }":   "+-1",
		"1+-1":         "{2|0}",
		"{0|^*}":       "^^",
		"vvv":          "v3",
		"-3/8 + 3/8":   "0",
		"{1/2|*, 1}":   "{1/2|*}",
		"-^":           "v",
		"-^^*":         "vv*",
		"- ^":          "v",
		"--^":          "^",
		"-{1|0}":       "{0|-1}",
		"{0|-*}":       "^",
		"-1^":          "-1^",
		"- 2":          "-2",
		"1-^":          "1v",
		"1 - -^":       "1^",
		"-+-1":         "+-1",
		"-Tiny(1)":     "Miny(1)",
		// Numbers have no size limit.
		"2147483648+1":    "2147483649",
		"{2147483648|}":   "2147483649",
		"1/4294967296":    "1/4294967296",
		"1000000000000+*": "1000000000000*",
		"{1/1267650600228229401496703205376|1/633825300114114700748351602688}": "3/2535301200456458802993406410752",
		"-99999999999999999999^*":                      "-99999999999999999999^*",
		"{99999999999999999999|-99999999999999999999}": "+-99999999999999999999",
		"3 * {1099511627776|0}":                        "{2199023255552|1099511627776}",
	} {
		g := mustParse(t, in)
		if g.String() != want {
			t.Errorf("parseGame(%q) = %s, want %s", in, g, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for in, want := range map[string]string{
		"":            "empty",
		"   ":         "empty",
		"{0|":         "offset 0: unbalanced",
		"{0|1}}":      "offset 5",
		"1/3":         "not a power of 2",
		"3/0":         "division by zero",
		"x":           "offset 0",
		"1 + y":       "offset 4",
		"{0|1|2}":     "offset 4: ambiguous",
		"{0||1||2|3}": "offset 5: ambiguous",
		"Tiny(1":      "offset 6: a ) is expected",
		"tin(1)":      "offset 0: unknown name",
		"Miny()":      "offset 5",
		"{,0|}":       "comma",
		"{0,|}":       "comma",
		"+-":          "after +-",
		"+--1":        "after +-",
		"*999":        "above",
		"{1}":         "before the |",
		"1/":          "denominator",
		"1+":          "ends",
	} {
		_, err := parseGame(in)
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), want) {
			t.Errorf("parseGame(%q): %v; want an error naming %q", in, err, want)
		}
	}
	if _, err := parseGame(strings.Repeat("-", 300) + "^"); !errors.Is(err, ErrSyntax) {
		t.Errorf("300 minus signs: %v", err)
	}
	deep := strings.Repeat("{", 300) + strings.Repeat("|}", 300)
	if _, err := parseGame(deep); !errors.Is(err, ErrSyntax) {
		t.Errorf("300 nested braces: %v", err)
	}
}

// TestStringParses: every printed game reads back as itself.
func TestStringParses(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for range 500 {
		g := canonical(randomRaw(r, 1+r.IntN(3)))
		for _, text := range []string{g.String(), gametext.Unicode(g.String())} {
			back, err := parseGame(text)
			if err != nil || !back.Equal(g) {
				t.Fatalf("%s reads back as %v, %v", text, back, err)
			}
		}
	}
}

// FuzzParse checks that whatever parses prints as something that parses
// to the same game.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"{1|*}", "^*", "3/4", "*2", "{0|{0|-1}}", "+-1", "^+^+*", "1/2+*", "{0|", "1/3", "-{1|0}", "-^*",
		"^3*2", "v[2]*", "^<2>", "+-{1,1*}", "+-(1,^*)", "{2|1}.Tiny", "3 * {1|0}", "5*^", "⇑*", "↓↓", "±1", "{5|4||3|2}", "2Miny(1)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 24 || strings.Count(s, "{") > 4 || strings.Count(s, "*") > 4 {
			return // keep the games small: canonical forms can take exponential time
		}
		g, err := parseGame(s)
		if err != nil {
			return
		}
		for _, text := range []string{g.String(), gametext.Unicode(g.String())} {
			back, err := parseGame(text)
			if err != nil || !back.Equal(g) {
				t.Fatalf("parseGame(%q) = %s, which reads back as %v, %v", s, text, back, err)
			}
		}
	})
}
