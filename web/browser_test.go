package web

import (
	"context"
	"github.com/nimbers/grundy/games"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/nimbers/grundy/games/graph"
)

// playOthers plays one move of Turning Corners and one of Green
// Hackenbush on the page, each a losing move, and checks that the
// computer's reply leaves a position of value 0 by the definitions: the
// nim-sum of r ⊗ c over the heads (from the mex table), and a game search
// over the edges left.
func playOthers(ctx context.Context, t *testing.T) {
	choose := func(name string) chromedp.Action {
		return chromedp.Evaluate(`(() => { const s = document.getElementById("play-game"); s.value = "`+name+`"; s.dispatchEvent(new Event("change")); })()`, nil)
	}
	computerPlayed := chromedp.Poll(`document.getElementById("play-status").textContent.includes("the computer played")`, nil)
	var board []string
	var edges, start [][2]int
	var good []int
	var status1, status2 string
	err := chromedp.Run(ctx,
		choose("corners"),
		chromedp.WaitVisible(`#board .coin`),
		chromedp.Poll(`document.getElementById("play-status").textContent.includes("value 9")`, nil),
		// Heads (1,1) with (0,0): the sum goes from 9 to 8.
		chromedp.Click(`#board .coin[data-r="1"][data-c="1"]`),
		chromedp.Click(`#board .coin.target[data-r="0"][data-c="0"]`),
		computerPlayed,
		chromedp.Text(`#play-status`, &status1),
		chromedp.Evaluate(`game.board`, &board),
		choose("hackenbush"),
		chromedp.WaitVisible(`#board svg path.edge`),
		chromedp.Poll(`document.getElementById("play-status").textContent.includes("value 4")`, nil),
		// "why?" marks the winning cuts.
		chromedp.Click(`#play-hint`),
		chromedp.Poll(`document.querySelectorAll("#board svg path.edge.good").length > 0`, nil),
		chromedp.Evaluate(`[...document.querySelectorAll("#board svg path.edge.good")].map(e => +e.dataset.edge)`, &good),
		chromedp.Evaluate(`game.edges`, &start),
		// Cut the triangle's top edge 5–6 (edge 5): the sum goes to 5.
		chromedp.Click(`#board svg path.edge[data-edge="5"]`),
		computerPlayed,
		chromedp.Text(`#play-status`, &status2),
		chromedp.Evaluate(`game.edges`, &edges),
	)
	if err != nil {
		t.Fatalf("corners and hackenbush: %v", err)
	}
	prod := cornersProducts()
	v := 0
	for r, row := range board {
		for c, ch := range row {
			if ch == 'H' {
				v ^= prod[r][c]
			}
		}
	}
	if v != 0 || !strings.Contains(status1, "every move loses") {
		t.Errorf("corners after the reply: %v (value %d), %q", board, v, status1)
	}
	g, _ := graph.NewGraph(maxVertex+1, start)
	rules, _ := games.Lookup("hackenbush")
	var wins []int
	moves, _ := games.NewEngine(rules, nil).WinningMoves(t.Context(), g.Position(), games.Left, false)
	for _, m := range moves {
		wins = append(wins, int(m.How.(graph.Cut)))
	}
	slices.Sort(wins)
	if !slices.Equal(good, wins) {
		t.Errorf("hackenbush %v: the page marks edges %v, the library's winning cuts are %v", start, good, wins)
	}
	left, err := graph.NewGraph(maxVertex+1, edges)
	if err == nil {
		_, err = left.Value(t.Context())
	}
	if len(edges) == 0 || err != nil || hackenbushValue(left) != 0 || !strings.Contains(status2, "every move loses") {
		t.Errorf("hackenbush after the reply: %v, %q", edges, status2)
	}
}

// cornersProducts is the nim-product table of 0..15 by the mex definition.
func cornersProducts() [16][16]int {
	var t [16][16]int
	for a := range 16 {
		for b := range 16 {
			seen := map[int]bool{}
			for x := range a {
				for y := range b {
					seen[t[x][b]^t[a][y]^t[x][y]] = true
				}
			}
			for seen[t[a][b]] {
				t[a][b]++
			}
		}
	}
	return t
}

// chromium finds a Chromium or Chrome to drive, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestBrowser loads the page in a real (headless) Chromium, makes a move
// in Nim against the computer, and checks the reply: the computer, given
// a winning position, must leave a nim-sum of 0. No console error or
// uncaught exception may occur. Set GRUNDY_SCREENSHOT to a file name to
// save a picture of the page. Skipped when no Chromium is installed,
// except under CI (the CI variable set), where it fails.
func TestBrowser(t *testing.T) {
	exe := chromium()
	if exe == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no Chromium on PATH: CI must run the browser test")
		}
		t.Skip("no Chromium on PATH")
	}
	srv := httptest.NewServer(Handler())
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Headless, chromedp.WindowSize(1280, 1000))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	var mu sync.Mutex
	var problems []string
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.APITypeError || ev.Type == runtime.APITypeAssert {
				problems = append(problems, "console error")
			}
		case *runtime.EventExceptionThrown:
			problems = append(problems, "exception: "+ev.ExceptionDetails.Text)
		}
	})

	var status, labels, calc string
	err := chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(`#board .heap`),
		chromedp.Poll(`document.getElementById("play-status").textContent.includes("your move")`, nil),
		chromedp.Poll(`document.getElementById("calc-out").textContent.length > 0`, nil),
		chromedp.Text(`#calc-out`, &calc),
		// Heaps 3 5 7: empty the first heap (a losing move: nim-sum 5 ⊕ 7 = 2).
		chromedp.Click(`#board .heap[data-heap="0"]`),
		chromedp.Click(`#board .sizes button.move`),
		chromedp.Poll(`document.getElementById("play-status").textContent.includes("the computer played")`, nil),
		chromedp.Text(`#play-status`, &status),
		chromedp.Evaluate(`[...document.querySelectorAll("#board .heap .label")].map(e => e.textContent).join(";")`, &labels),
		chromedp.Click(`#play-hint`),
		chromedp.Poll(`document.getElementById("play-why").textContent.includes("nim-sum")`, nil),
	)
	if err != nil {
		t.Fatalf("driving the page: %v", err)
	}
	if !strings.HasPrefix(calc, "3") {
		t.Errorf("the calculator shows %q for 2 ⊗ 2", calc)
	}
	// The labels read "heap i: h"; the computer's reply must leave nim-sum 0.
	sum := 0
	for _, l := range strings.Split(labels, ";") {
		_, h, _ := strings.Cut(l, ": ")
		v, err := strconv.Atoi(h)
		if err != nil {
			t.Fatalf("label %q", l)
		}
		sum ^= v
	}
	if sum != 0 || !strings.Contains(status, "every move loses") {
		t.Errorf("after the reply: heaps %q (nim-sum %d), status %q", labels, sum, status)
	}
	playOthers(ctx, t)
	playToEnd(ctx, t)
	hoverCharts(ctx, t)
	useSheet(ctx, t)
	exploreParam(ctx, t)
	explorePlay(ctx, t)
	if path := os.Getenv("GRUNDY_SCREENSHOT"); path != "" {
		var png []byte
		if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Error(p)
	}
}
