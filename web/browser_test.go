package web

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

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
// save a picture of the page. Skipped when no Chromium is installed
// (.ci/run installs one).
func TestBrowser(t *testing.T) {
	exe := chromium()
	if exe == "" {
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
