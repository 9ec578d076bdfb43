package turning

import (
	"context"

	"github.com/nimbers/grundy/games"
	"github.com/nimbers/grundy/sg"
)

func init() { games.RegisterTerm("turning", readTerm, turnJSON) }

// turnJSON gives the JSON fields of a move of a row in a sum: the coins
// turned.
func turnJSON(m sg.Move) any {
	return struct {
		Coins Turn `json:"coins,omitempty"`
	}{m.(Turn)}
}

// readTerm reads "turning RULE HTTH": a row of coins under a rule.
func readTerm(ctx context.Context, f []string) ([]sg.Component, error) {
	if len(f) != 3 {
		return nil, games.InputErrorf("turning takes a rule and a row of coins, as \"turning ruler HTTH\"")
	}
	r, err := Parse(f[1])
	if err != nil {
		return nil, err
	}
	heads, err := parseRow(f[2])
	if err != nil {
		return nil, err
	}
	u, err := r.rowComponent(ctx, heads)
	if err != nil {
		return nil, err
	}
	return []sg.Component{u}, nil
}
