package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// playToEnd plays Kayles from a row of 3 pins to its end (the computer
// knocks down the last two), types a start that is not heaps, and starts
// Nim with a heap of 100 000, checking the page: the end said in the
// losing colour, the bad start refused in the error colour, and a few
// boxes for the big heap instead of a button per size.
func playToEnd(ctx context.Context, t *testing.T) {
	start := func(name, text string) chromedp.Tasks {
		return chromedp.Tasks{
			chromedp.Evaluate(`(() => { const s = document.getElementById("play-game"); s.value = "`+name+`"; s.dispatchEvent(new Event("change")); })()`, nil),
			chromedp.Poll(`document.getElementById("play-status").textContent.includes("your move")`, nil),
			chromedp.SetValue(`#play-start`, text),
			chromedp.Click(`#play-new`),
		}
	}
	var end, endClass, bad, badClass, big string
	var buttons int
	err := chromedp.Run(ctx,
		start("kayles", "3"),
		chromedp.Poll(`document.getElementById("play-status").textContent.includes("value 3")`, nil),
		// Knock down an end pin, leaving 2: the computer takes both.
		chromedp.Click(`#board .heap[data-heap="0"]`),
		chromedp.Click(`#board .sizes button.move`),
		chromedp.Poll(`document.getElementById("play-status").textContent.includes("no move left")`, nil),
		chromedp.Text(`#play-status`, &end),
		chromedp.Evaluate(`document.getElementById("play-status").className`, &endClass),
		start("nim", "3 x 7"),
		chromedp.Poll(`document.getElementById("play-status").textContent.includes("error")`, nil),
		chromedp.Text(`#play-status`, &bad),
		chromedp.Evaluate(`document.getElementById("play-status").className`, &badClass),
		chromedp.SetValue(`#play-start`, "100000 5"),
		chromedp.Click(`#play-new`),
		chromedp.Poll(`document.getElementById("play-status").textContent.includes("value 100005")`, nil),
		chromedp.Click(`#board .heap[data-heap="0"]`),
		chromedp.Evaluate(`document.querySelectorAll("#board button").length`, &buttons),
		chromedp.SetValue(`#board .sizes input.take`, "5"),
		chromedp.Click(`#board .sizes button.move`),
		chromedp.Poll(`document.getElementById("play-status").textContent.includes("the computer played")`, nil),
		chromedp.Text(`#play-status`, &big),
	)
	if err != nil {
		t.Fatalf("kayles to its end, a bad start, a big heap: %v", err)
	}
	if !strings.Contains(end, "the computer played") || !strings.Contains(end, "the computer wins") || endClass != "lose" {
		t.Errorf("kayles 3 after taking an end pin: %q (class %q)", end, endClass)
	}
	if !strings.Contains(bad, `"x"`) || badClass != "error" {
		t.Errorf("start 3 x 7: %q (class %q)", bad, badClass)
	}
	if buttons > 5 {
		t.Errorf("a heap of 100000 has %d buttons", buttons)
	}
	if !strings.Contains(big, "you can win") {
		t.Errorf("after leaving 5 of 100000 beside 5: %q", big)
	}
}
