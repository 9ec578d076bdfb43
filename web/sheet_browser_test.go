package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// useSheet runs the worksheet's example of a ruleset of the sheet's own,
// Blue-Red Hackenbush strings, and checks the values it prints against
// Berlekamp's rule (Winning Ways), after a sheet with a syntax error,
// whose line the gutter must mark. Then it explores Clobber xoo, clicks
// down Left's option and back, and the game {2|-1}: temperature 3/2
// (Siegel, Combinatorial Game Theory, II.5), and its Left option 2.
func useSheet(ctx context.Context, t *testing.T) {
	var out, bad, errOut string
	err := chromedp.Run(ctx,
		chromedp.SetValue(`#ws-src`, "x = 1\nprint(x)\ny = (x +\n"),
		chromedp.Click(`#ws-run`),
		chromedp.Poll(`document.querySelector("#ws-lines .bad") !== null`, nil),
		chromedp.Text(`#ws-lines .bad`, &bad),
		chromedp.Text(`#ws-out`, &errOut),
		chromedp.Evaluate(`(() => { const s = document.getElementById("ws-example"); s.value = "userdefined"; s.dispatchEvent(new Event("change")); })()`, nil),
		chromedp.Click(`#ws-run`),
		chromedp.Poll(`document.getElementById("ws-status").textContent.startsWith("done")`, nil),
		chromedp.Text(`#ws-out`, &out),
	)
	if err != nil {
		t.Fatalf("worksheet: %v", err)
	}
	for _, want := range []string{"B = 1 ", "BR = 1/2 ", "BRR = 1/4 ", "BRB = 3/4 ", "RBBB = -1/8 ", "BBRRB = 11/8 "} {
		if !strings.Contains(out, want) {
			t.Errorf("the sheet's output %q lacks %q", out, want)
		}
	}
	if strings.TrimSpace(bad) != "4" || !strings.Contains(errOut, "error at line 4") {
		t.Errorf("the syntax error: line %q marked, %q", bad, errOut)
	}

	var value1, value2, value3, trail, temp, leftOpt string
	var svgs int
	err = chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const s = document.getElementById("ex-ruleset"); s.value = "clobber"; s.dispatchEvent(new Event("change")); })()`, nil),
		chromedp.SetValue(`#ex-position`, "xoo"),
		chromedp.Click(`#ex-go`),
		chromedp.Poll(`(document.getElementById("ex-f-position") || {}).textContent === "xoo"`, nil),
		chromedp.Text(`#ex-f-value`, &value1),
		chromedp.Text(`#ex-left button.option`, &leftOpt),
		chromedp.Click(`#ex-left button.option`),
		chromedp.Poll(`document.querySelectorAll("#ex-trail button").length === 2`, nil),
		chromedp.Text(`#ex-f-value`, &value2),
		chromedp.Text(`#ex-trail`, &trail),
		chromedp.Click(`#ex-trail button[data-depth="0"]`),
		chromedp.Poll(`document.querySelectorAll("#ex-trail button").length === 1`, nil),
		chromedp.Text(`#ex-f-value`, &value3),
		chromedp.Evaluate(`(() => { const s = document.getElementById("ex-ruleset"); s.value = ""; s.dispatchEvent(new Event("change")); })()`, nil),
		chromedp.Poll(`(document.getElementById("ex-f-temperature") || {}).textContent === "3/2"`, nil),
		chromedp.Text(`#ex-f-temperature`, &temp),
		chromedp.Evaluate(`document.querySelectorAll("#ex-thermo svg polyline.wall").length`, &svgs),
	)
	if err != nil {
		t.Fatalf("explorer: %v", err)
	}
	// xoo: Left's only move leaves xo, which is * (Clobber's xo = *);
	// Right's leave 0, so xoo = {*|0} = v.
	if value1 != "v" || !strings.HasPrefix(leftOpt, ".xo") || value2 != "*" || !strings.Contains(trail, "xoo") || value3 != "v" {
		t.Errorf("clobber xoo: value %q, Left's option %q to value %q, trail %q, back to %q", value1, leftOpt, value2, trail, value3)
	}
	if temp != "3/2" || svgs != 2 {
		t.Errorf("{2|-1}: temperature %q, %d walls drawn", temp, svgs)
	}
}

// exploreParam explores octal:0.07 (Dawson's Kayles) by the ruleset's
// parameter box: a heap of 4 has Grundy value 2 (the sequence from 0 is
// 0 0 1 1 2 0 3, Winning Ways).
func exploreParam(ctx context.Context, t *testing.T) {
	var value string
	err := chromedp.Run(ctx,
		chromedp.Evaluate(`(() => { const s = document.getElementById("ex-ruleset"); s.value = "octal:0.77"; s.dispatchEvent(new Event("change")); })()`, nil),
		chromedp.WaitVisible(`#ex-param`),
		chromedp.SetValue(`#ex-param`, "0.07"),
		chromedp.SetValue(`#ex-position`, "4"),
		chromedp.Click(`#ex-go`),
		chromedp.Poll(`(document.getElementById("ex-f-position") || {}).textContent === "4"`, nil),
		chromedp.Text(`#ex-f-value`, &value),
	)
	if err != nil {
		t.Fatalf("explorer with a parameter: %v", err)
	}
	if value != "*2" {
		t.Errorf("octal:0.07 heap 4: %q, want *2", value)
	}
}
