package grundy_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/nimber"
)

// Example is the README's library snippet: a nim product, a discrete
// logarithm, and Kayles' Grundy values with their period.
func Example() {
	ctx := context.Background()       // long work stops when ctx is cancelled
	p := nimber.Nimber(8).Mul(8)      // 13
	x, err := nimber.Nimber(3).Log(2) // 2, since 2 ⊗ 2 = 3
	if err != nil {
		log.Fatal(err)
	}
	kayles, err := heap.ParseCode("0.77")
	if err != nil {
		log.Fatal(err)
	}
	g, err := kayles.Values(ctx, 1000, nil) // G(0), …, G(999); nil: default limits
	if err != nil {
		log.Fatal(err)
	}
	per, _ := kayles.Period(g) // period 12 from heap 71, proven
	fmt.Println(p, x, g[:12], per.Period, per.Preperiod, per.Proven)
	// Output: 13 2 [0 1 2 3 1 4 3 2 1 4 2 6] 12 71 true
}

// TestReadmeExample checks that the README shows Example's body as it
// is here, so that the snippet a newcomer copies compiles.
func TestReadmeExample(t *testing.T) {
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(src), "func Example() {\n")
	body, _, _ = strings.Cut(body, "\t// Output:")
	var want strings.Builder
	for line := range strings.Lines(body) {
		want.WriteString(strings.TrimPrefix(line, "\t"))
	}
	if !strings.Contains(string(readme), want.String()) {
		t.Errorf("README.md does not show Example's body:\n%s", want.String())
	}
}
