package web

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// hoverCharts points at the product table and the Grundy sequence and
// checks the values written: x ⊗ y against the mex table, and Kayles's
// G(n) (octal 0.77, the page's default) against its values by the rules.
func hoverCharts(ctx context.Context, t *testing.T) {
	var cells, ticks []string
	var point string
	err := chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const s = document.getElementById("table-bits"); s.value = "4"; s.dispatchEvent(new Event("change")); })()`, nil),
		// 16 cells of 16 pixels: the middle of cell (x, y) for a few cells.
		chromedp.Evaluate(`[[2, 2], [3, 7], [15, 15], [9, 12]].map(([x, y]) => {
			const img = document.getElementById("table-img");
			img.dispatchEvent(new MouseEvent("mousemove", {clientX: img.getBoundingClientRect().left + 16 * x + 8 + 1, clientY: img.getBoundingClientRect().top + 16 * y + 8 + 1}));
			return document.getElementById("table-out").textContent;
		})`, &cells),
		chromedp.Evaluate(`[...document.querySelectorAll("#table-ticks-x span")].map(s => s.textContent)`, &ticks),
		chromedp.Poll(`document.getElementById("seq-out").textContent.includes("period")`, nil),
		chromedp.Evaluate(`(() => {
			const c = document.getElementById("seq-plot"), r = c.getBoundingClientRect();
			// Term 30 of 200: the plot starts 44 canvas pixels in and is 746 wide.
			const x = 44 + (30 + 0.5) * 746 / 200;
			c.dispatchEvent(new MouseEvent("mousemove", {clientX: r.left + x * r.width / c.width, clientY: r.top + 50}));
			return document.getElementById("seq-hover").textContent;
		})()`, &point),
	)
	if err != nil {
		t.Fatalf("hovering over the charts: %v", err)
	}
	prod := cornersProducts()
	for i, xy := range [][2]int{{2, 2}, {3, 7}, {15, 15}, {9, 12}} {
		if want := fmt.Sprintf("%d ⊗ %d = %d", xy[0], xy[1], prod[xy[0]][xy[1]]); i >= len(cells) || cells[i] != want {
			t.Errorf("table cell %v: %q, want %q", xy, cells, want)
		}
	}
	if fmt.Sprint(ticks) != "[0 4 8 12]" {
		t.Errorf("table ticks %v", ticks)
	}
	if want := fmt.Sprintf("G(30) = %d", kaylesByRules(30)); point != want {
		t.Errorf("sequence at 30: %q, want %q", point, want)
	}
}

// kaylesByRules is the Grundy value of a row of n pins by the mex of
// its options: knock down one or two adjacent pins.
func kaylesByRules(n int) int {
	g := make([]int, n+1)
	for m := 1; m <= n; m++ {
		seen := map[int]bool{}
		for take := 1; take <= 2 && take <= m; take++ {
			for a := 0; a+take <= m; a++ {
				seen[g[a]^g[m-take-a]] = true
			}
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g[n]
}
