package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// explorePlay plays games to their end in the explorer against the
// computer, always taking the first option offered:
//   - Clobber xoo = v (Winning Ways; Right wins whoever starts): as Left,
//     after .xo = * the computer (Right) has the winning move to .o. = 0 and
//     Left cannot move;
//   - the worksheet's own Hackenbush strings, BRB = 3/4 > 0: as Right,
//     cutting R leaves B = 1, and the computer (Left) cuts it;
//   - loopy Toads and Frogs t.f = *: as Left, moving to .tf = 0 wins, the
//     computer (Right) having no winning move.
func explorePlay(ctx context.Context, t *testing.T) {
	for _, c := range []struct {
		ruleset, param, position, you string
		end, said                     string // in the last message, in one of the computer's
		class                         string
	}{
		{"clobber", "", "xoo", "Left", "You (Left) cannot move: the computer (Right) won", "The computer (Right) moved to .o. (value 0): a winning move", "lose"},
		{sheetOption, "hb", `"BRB"`, "Right", "You (Right) cannot move: the computer (Left) won", `The computer (Left) moved to "" (value 0): a winning move`, "lose"},
		{"toads-frogs", "", "t.f", "Left", "The computer (Right) cannot move: you (Left) won", "it has no winning move", "win"},
	} {
		var said []string
		var end, class string
		err := chromedp.Run(ctx,
			chromedp.Evaluate(`(() => { const s = document.getElementById("ws-example"); s.value = "userdefined"; s.dispatchEvent(new Event("change")); })()`, nil),
			chromedp.Evaluate(`(() => { const s = document.getElementById("ex-you"); s.value = ""; s.dispatchEvent(new Event("change")); })()`, nil),
			chromedp.Poll(`document.getElementById("ex-status").textContent === ""`, nil),
			chromedp.Evaluate(`(() => { const s = document.getElementById("ex-ruleset"); s.value = `+quote(c.ruleset)+`; s.dispatchEvent(new Event("change")); })()`, nil),
			chromedp.Poll(`document.getElementById("ex-status").textContent === ""`, nil),
			chromedp.Evaluate(`document.getElementById("ex-param").value = `+quote(c.param)+`; document.getElementById("ex-position").value = `+quote(c.position), nil),
			chromedp.Click(`#ex-go`),
			chromedp.Poll(`(document.getElementById("ex-f-position") || {}).textContent === `+quote(c.position), nil),
			chromedp.Evaluate(`(() => { const s = document.getElementById("ex-you"); s.value = `+quote(c.you)+`; s.dispatchEvent(new Event("change")); })()`, nil),
		)
		for move := 0; err == nil && move < 12; move++ {
			var text string
			err = chromedp.Run(ctx,
				chromedp.Poll(`/Your move|won/.test(document.getElementById("ex-play").textContent) && document.getElementById("ex-status").textContent === ""`, nil),
				chromedp.Text(`#ex-play`, &text),
			)
			said = append(said, text)
			if err != nil || strings.Contains(text, "won") {
				break
			}
			err = chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector(".options button.option:not([disabled])").click()`, nil),
				chromedp.Poll(`!/Your move/.test(document.getElementById("ex-play").textContent) || document.getElementById("ex-status").textContent !== ""`, nil))
		}
		if err == nil {
			err = chromedp.Run(ctx, chromedp.Text(`#ex-play`, &end), chromedp.Evaluate(`document.getElementById("ex-play").className`, &class))
		}
		if err != nil {
			t.Fatalf("playing %s %s: %v (%q)", c.ruleset, c.position, err, said)
		}
		if !strings.Contains(end, c.end) || !strings.Contains(strings.Join(said, "\n"), c.said) || class != c.class {
			t.Errorf("%s %s as %s: the play said %q, ending %q (class %q); want %q, %q, class %q", c.ruleset, c.position, c.you, said, end, class, c.end, c.said, c.class)
		}
	}
	// Back to exploring, for the tests after.
	chromedp.Run(ctx, chromedp.Evaluate(`(() => { const s = document.getElementById("ex-you"); s.value = ""; s.dispatchEvent(new Event("change")); })()`, nil))
}

// sheetOption is the explorer's choice of a ruleset the worksheet defines.
const sheetOption = "(sheet)"

// quote writes s as a JavaScript string.
func quote(s string) string {
	return "`" + strings.NewReplacer("`", "\\`", "\\", "\\\\", "$", "\\$").Replace(s) + "`"
}
