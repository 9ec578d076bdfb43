package misere_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/sg"
)

// Two Kayles rows in misère play, where the player who cannot move wins:
// Kayles is not a Nim heap, so the Anti-SG rule does not decide it.
func ExampleSumWinningMoves() {
	kayles, _ := heap.ParseCode("0.77")
	rows, _ := kayles.Heaps(context.Background(), 4, 7)
	sum := []sg.Component{rows[0], rows[1]}

	wins, moves, _ := misere.SumWinningMoves(context.Background(), sum, nil)
	fmt.Println("first player wins:", wins, "by", moves[0].Move)
	// Output:
	// first player wins: true by 4 -> 2
}
