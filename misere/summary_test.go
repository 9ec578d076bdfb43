package misere

import (
	"context"
	"slices"
	"strings"
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

// TestSummaryText checks the text of *2 + *2's summary against Winning
// Ways: in misère play *2 + *2 is no simpler (birthday 4), the second
// player wins it (misère Nim: nim-sum 0 with a heap above 1), and its
// genus is 0^02.
func TestSummaryText(t *testing.T) {
	g, err := Parse(context.Background(), "*2+*2", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Summary()
	s.Game = g.String()
	var b strings.Builder
	if _, err := s.WriteTo(&b); err != nil || b.String() != "*[2[2]]\nbirthday 4, second player wins, genus 0^02, hereditarily tame\n" {
		t.Errorf("got %q, %v", b.String(), err)
	}
}
