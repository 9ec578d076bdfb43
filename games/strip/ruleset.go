package strip

import (
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

func init() {
	games.Register(games.Entry{
		Name:     "toads-frogs",
		Param:    "RULE",
		Optional: true,
		Kind:     games.Loopy,
		Summary:  "Left's toads move right, Right's frogs left, one square into an empty one or jumping an opponent; backsliding: also one square back",
		Notation: "a strip of 't' (toad), 'f' (frog) and '.' (empty), at most 64 squares: \"ttt..fff\"; RULE is backsliding, jump=N (the most opponents jumped, 1 by default) or both, separated by a comma",
		Example:  []string{"toads-frogs", "ttt..fff"},
		New:      newRules,
	})
}

// maxJump bounds a ruleset's jump: a creature never jumps more than the
// strip holds.
const maxJump = MaxCells

// newRules reads the parameter: "backsliding", "jump=N", both separated
// by a comma, or nothing for Toads and Frogs.
func newRules(param string) (games.Ruleset, error) {
	r := classic
	if param == "" {
		return r.Rules(), nil
	}
	seen := map[string]bool{}
	for _, f := range strings.Split(param, ",") {
		word, val, hasVal := strings.Cut(f, "=")
		if seen[word] {
			return nil, games.InputErrorf("toads-frogs: %s given twice in %q", word, param)
		}
		seen[word] = true
		switch {
		case word == "backsliding" && !hasVal:
			r.Backsliding = true
		case word == "jump" && hasVal:
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 || n > maxJump {
				return nil, games.InputErrorf("toads-frogs: jump=%s is not a count from 0 to %d", val, maxJump)
			}
			r.Jump = n
		default:
			return nil, games.InputErrorf("toads-frogs takes backsliding and jump=N, separated by a comma, got %q", f)
		}
	}
	return r.Rules(), nil
}

// Rules returns r as a loopy ruleset whose positions are strips as Parse
// reads them. Engine.Graph of a position gives the graph game builds.
func (r toadsAndFrogs) Rules() games.Ruleset { return rules{r} }

type rules struct{ r toadsAndFrogs }

// Name returns "toads-frogs", with the parameter that gives r:
// "toads-frogs:backsliding,jump=2".
func (r rules) Name() string {
	var params []string
	if r.r.Backsliding {
		params = append(params, "backsliding")
	}
	if r.r.Jump != 1 {
		params = append(params, "jump="+strconv.Itoa(r.r.Jump))
	}
	if len(params) == 0 {
		return "toads-frogs"
	}
	return "toads-frogs:" + strings.Join(params, ",")
}

// Kind returns games.Loopy.
func (rules) Kind() games.Kind { return games.Loopy }

// Parse returns the strip s, checked as Parse checks it.
func (r rules) Parse(s string) (games.Position, error) {
	if err := parseStrip(s); err != nil {
		return nil, err
	}
	if r.r.Jump < 0 {
		return nil, games.InputErrorf("a jump over %d creatures", r.r.Jump)
	}
	return &position{r.r, s}, nil
}

// A position is a strip of a ruleset of the family. It is an Estimator.
type position struct {
	r toadsAndFrogs
	s string
}

// String returns the strip.
func (p *position) String() string { return p.s }

// Options returns the toads' moves (Left) or the frogs' (Right).
func (p *position) Options(who games.Player) []games.Position {
	moves := p.r.Moves(p.s, who == games.Left)
	out := make([]games.Position, len(moves))
	for i, m := range moves {
		out[i] = &position{p.r, m}
	}
	return out
}

// AppendKey appends the strip.
func (p *position) AppendKey(b []byte) []byte { return append(b, p.s...) }

// Estimate bounds the positions reachable, as game does before it
// builds them.
func (p *position) Estimate() float64 { return p.r.bound(p.s) }
