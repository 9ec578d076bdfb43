package misere

import (
	"slices"
	"testing"
)

// TestSummary checks the summaries of nim heaps against Conway's genera
// (On Numbers and Games, ch. 12: 0 is 0^120, * is 1^031, *2 is 2^20)
// and misère play by hand: with no move the player to move wins.
func TestSummary(t *testing.T) {
	for _, c := range []struct {
		game, outcome, genus string
		birthday, g          int
		gamma                []int
	}{
		{"0", "first", "0^120", 0, 0, []int{1, 2, 0}},
		{"*", "second", "1^031", 1, 1, []int{0, 3, 1}},
		{"*2", "first", "2^20", 2, 2, []int{2, 0}},
	} {
		x, err := Parse(t.Context(), c.game, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := x.Summary()
		if s.Outcome != c.outcome || s.Genus != c.genus || s.Birthday != c.birthday || s.G != c.g || !slices.Equal(s.Gamma, c.gamma) || s.Phylum != "nim heap" || s.Class != "tame" {
			t.Errorf("%s: %+v", c.game, s)
		}
	}
}
