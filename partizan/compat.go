package partizan

// The old names below remain only for games/engine.go and games/value.go
// until they call Game.Outcome; then this file goes.

// Outcome is the old name of Relation.
type Outcome = Relation

// Zeroish, Positive and Negative are the old names of Equal, Greater and
// Less.
const (
	Zeroish  = Equal
	Positive = Greater
	Negative = Less
)

// OutcomeOf returns the relation of g to 0, as Compare(g, Zero) does.
func OutcomeOf(g *Game) Relation { return Compare(g, Zero) }
