package graph

import (
	"encoding/json"
	"testing"
)

// TestCoinMoveJSON checks the JSON of coin-tree moves written by hand.
func TestCoinMoveJSON(t *testing.T) {
	for _, c := range []struct {
		m    CoinMove
		want string
	}{
		{CoinMove{Node: 4, Flip: []int{7, 9}}, `{"head":4,"turn":[7,9]}`},
		{CoinMove{Node: 0}, `{"head":0,"turn":[]}`},
	} {
		if b, err := json.Marshal(c.m); err != nil || string(b) != c.want {
			t.Errorf("%v: %s (%v), want %s", c.m, b, err, c.want)
		}
	}
}
