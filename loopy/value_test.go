package loopy

import (
	"encoding/json"
	"testing"

	"github.com/nimbers/grundy/outcome"
)

// TestValueText checks String and MarshalJSON on values worked by hand.
func TestValueText(t *testing.T) {
	for _, c := range []struct {
		v          Value
		text, json string
	}{
		{Value{outcome.P, 0, 0, nil}, "loss 0 0", `{"outcome":"loss","remoteness":0,"value":0,"infinity":null}`},
		{Value{outcome.N, 3, 2, nil}, "win 3 2", `{"outcome":"win","remoteness":3,"value":2,"infinity":null}`},
		{Value{outcome.D, -1, -1, []int{0, 2}}, "draw - ∞{0,2}", `{"outcome":"draw","remoteness":null,"value":null,"infinity":[0,2]}`},
		{Value{outcome.N, 1, -1, []int{0}}, "win 1 ∞{0}", `{"outcome":"win","remoteness":1,"value":null,"infinity":[0]}`},
	} {
		b, err := json.Marshal(c.v)
		if c.v.String() != c.text || err != nil || string(b) != c.json {
			t.Errorf("%+v: %q, %s (%v); want %q, %s", c.v, c.v.String(), b, err, c.text, c.json)
		}
	}
}
