package plot_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/plot"
)

// The picture of the 256 × 256 nim-product table, and the chart of
// Kayles' Grundy values with its period of 12 from 71 marked.
func Example() {
	table, err := plot.ProductTable(256)
	if err != nil {
		panic(err)
	}
	fmt.Println(table.Bounds().Size())

	g, _ := heap.ParseCode("0.77")
	v, _ := g.Values(context.Background(), 300, nil)
	p, _ := g.Period(v)
	chart := plot.Sequence(g.Name(), v, &p) // titled "0.77, 300 terms: period 12 from 71 (proven)"
	fmt.Println(chart.Bounds().Size())
	// Output:
	// (256,256)
	// (1016,270)
}
