package partizan

import (
	"strings"
	"testing"
)

// BenchmarkParse reads sums whose canonical forms take real work.
func BenchmarkParse(b *testing.B) {
	for _, s := range []string{"1000000+*9+^", strings.Repeat("^+", 7) + "*7", "{3|{2|0}}+{4||3|1}+{5|1}+Tiny(1)+^*"} {
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				if _, err := parseGame(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkThermograph computes the thermograph of a sum of switches.
func BenchmarkThermograph(b *testing.B) {
	g, err := parseGame("{3|{2|0}}+{4||3|1}+{5|1}+{7/2|{1|-2}}")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		thermographOf(g)
	}
}
