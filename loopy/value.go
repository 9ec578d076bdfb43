package loopy

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/outcome"
)

// word names an outcome for the player to move.
func (l Value) word() string {
	switch l.Outcome {
	case outcome.N:
		return "win"
	case outcome.P:
		return "loss"
	}
	return "draw"
}

// String returns "win", "loss" or "draw" for the player to move, the
// remoteness ("-" for a draw) and the value, a number or ∞ with the
// finite values of the options: "win 1 1", "draw - ∞{0,2}".
func (l Value) String() string {
	rem := "-"
	if l.Remoteness >= 0 {
		rem = strconv.Itoa(l.Remoteness)
	}
	val := strconv.Itoa(l.Value)
	if l.Infinite() {
		ks := make([]string, len(l.Infinity))
		for i, k := range l.Infinity {
			ks[i] = strconv.Itoa(k)
		}
		val = "∞{" + strings.Join(ks, ",") + "}"
	}
	return l.word() + " " + rem + " " + val
}

// MarshalJSON writes l as {"outcome": "win", "remoteness": 1, "value":
// 1, "infinity": null}, with null for the remoteness of a draw and the
// value ∞.
func (l Value) MarshalJSON() ([]byte, error) {
	var rem, val *int
	if l.Remoteness >= 0 {
		rem = &l.Remoteness
	}
	if l.Value >= 0 {
		val = &l.Value
	}
	return json.Marshal(struct {
		Outcome    string `json:"outcome"`
		Remoteness *int   `json:"remoteness"`
		Value      *int   `json:"value"`
		Infinity   []int  `json:"infinity"`
	}{l.word(), rem, val, l.Infinity})
}
