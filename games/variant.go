package games

import "strings"

// This file holds CGSuite's dicotic and twisted variants of a ruleset,
// beside ImpartialVariant in ruleset.go.

// DicoticVariant returns the dicotic (all-small) variant of r, as
// CGSuite's DicoticVariant: a player may move only while the opponent
// could move too, so d(G) = {d(G^L) | d(G^R)} when G has options for
// both players and 0 otherwise. Its name is "dicotic:" and r's name. The
// variant of an impartial ruleset is the ruleset itself, as both players
// of an impartial game always have options together.
//
// The variant's positions do not split into components: whether a
// player may move depends on the whole sum.
func DicoticVariant(r Ruleset) Ruleset {
	if r.Kind()&Impartial != 0 {
		return r
	}
	return dicoticRules{r}
}

type dicoticRules struct{ r Ruleset }

func (v dicoticRules) Name() string { return "dicotic:" + v.r.Name() }
func (v dicoticRules) Kind() Kind   { return v.r.Kind() }

func (v dicoticRules) Parse(s string) (Position, error) {
	p, err := v.r.Parse(s)
	if err != nil {
		return nil, err
	}
	return DicoticPosition(p), nil
}

// DicoticPosition returns p in the dicotic variant of its ruleset.
func DicoticPosition(p Position) Position {
	if q, ok := p.(dicotic); ok {
		return q
	}
	return dicotic{p}
}

type dicotic struct{ p Position }

func (q dicotic) String() string            { return q.p.String() }
func (q dicotic) AppendKey(b []byte) []byte { return q.p.AppendKey(b) }

// Options returns who's options in the variant, or none when the
// opponent has none.
func (q dicotic) Options(who Player) []Position {
	if len(q.p.Options(who.Other())) == 0 {
		return nil
	}
	opts := q.p.Options(who)
	out := make([]Position, len(opts))
	for i, o := range opts {
		out[i] = dicotic{o}
	}
	return out
}

// Estimate returns the estimate of the whole position: the product of
// its components' where it splits.
func (q dicotic) Estimate() float64 { return wholeEstimate(q.p) }

// wholeEstimate returns p's estimate as a search through its options
// sees it, not splitting: the product of its components' estimates.
func wholeEstimate(p Position) float64 {
	cs, ok := split(p)
	if !ok {
		return estimate(p)
	}
	n := 1.0
	for _, c := range cs {
		n *= estimate(c)
	}
	return n
}

// TwistedVariant returns the twisted variant of r, as CGSuite's
// TwistedVariant: the players swap roles after every move, so t(G) =
// {−t(G^L) | −t(G^R)}. Its name is "twisted:" and r's name. The variant
// of an impartial ruleset is the ruleset itself (by induction t(G) = G
// when G is impartial).
//
// The variant's positions do not split: a move in one component swaps
// the roles in all of them. A position is a Negator: −t(G) is the same
// board with the roles swapped.
func TwistedVariant(r Ruleset) Ruleset {
	if r.Kind()&Impartial != 0 {
		return r
	}
	return twistedRules{r}
}

type twistedRules struct{ r Ruleset }

func (v twistedRules) Name() string { return "twisted:" + v.r.Name() }
func (v twistedRules) Kind() Kind   { return v.r.Kind() }

// Parse reads a position of r, or "-(P)" for P with the roles swapped,
// as String writes an option.
func (v twistedRules) Parse(s string) (Position, error) {
	inner, neg := strings.CutPrefix(s, "-(")
	if neg {
		var ok bool
		if inner, ok = strings.CutSuffix(inner, ")"); !ok {
			return nil, InputErrorf("at offset %d: \"-(\" with no closing ')'", len(s))
		}
	}
	p, err := v.r.Parse(inner)
	if err != nil {
		return nil, err
	}
	return twisted{p, neg}, nil
}

// A twisted is t(p), or −t(p) when neg is set: the roles of Left and
// Right in p are then swapped.
type twisted struct {
	p   Position
	neg bool
}

// String writes p, after a '-' when the roles are swapped.
func (q twisted) String() string {
	if q.neg {
		return "-(" + q.p.String() + ")"
	}
	return q.p.String()
}

// AppendKey appends p's key and whether the roles are swapped.
func (q twisted) AppendKey(b []byte) []byte {
	b = q.p.AppendKey(b)
	if q.neg {
		return append(b, 1)
	}
	return append(b, 0)
}

// Options returns −t of p's options for who, or with the roles swapped
// t of p's options for the other player.
func (q twisted) Options(who Player) []Position {
	if q.neg {
		who = who.Other()
	}
	opts := q.p.Options(who)
	out := make([]Position, len(opts))
	for i, o := range opts {
		out[i] = twisted{o, !q.neg}
	}
	return out
}

// Neg returns the position with the roles swapped: its negative.
func (q twisted) Neg() Position { return twisted{q.p, !q.neg} }

// Estimate returns twice the estimate of the whole position.
func (q twisted) Estimate() float64 { return 2 * wholeEstimate(q.p) }

func init() {
	variant := func(name string, f func(Ruleset) Ruleset) func(string) (Ruleset, error) {
		return func(param string) (Ruleset, error) {
			r, err := Lookup(param)
			if err != nil {
				return nil, InputErrorf("%s:%s: %v", name, param, err)
			}
			return f(r), nil
		}
	}
	Register(Entry{Name: "dicotic", Param: "RULESET",
		Summary:  "CGSuite's dicotic (all-small) variant of a ruleset: a player may move only while the opponent could move too",
		Notation: "that of RULESET, any ruleset with its parameter (dicotic:clobber, dicotic:partizan-subtraction:1|2); the kind is RULESET's, and an impartial ruleset is its own variant",
		Example:  []string{"dicotic:domineering", "...|..."},
		New:      variant("dicotic", DicoticVariant)})
	Register(Entry{Name: "twisted", Param: "RULESET",
		Summary:  "CGSuite's twisted variant of a ruleset: the players swap roles after every move, t(G) = {-t(G^L) | -t(G^R)}",
		Notation: "that of RULESET, any ruleset with its parameter (twisted:domineering, twisted:partizan-subtraction:1|2); the kind is RULESET's, and an impartial ruleset is its own variant",
		Example:  []string{"twisted:domineering", "...|..."},
		New:      variant("twisted", TwistedVariant)})
}
