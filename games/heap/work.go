package heap

// workBound returns the option evaluations of G(0), …, G(n−1) computed heap
// by heap from the rules, in closed form: what Values spends at most
// (it stops sooner once a period is proven, and sparse space spends
// less), so that a caller can bound a batch of games before it starts.
func (g *Game) workBound(n int) float64 { return g.totalWork(n) }
