package loopy

import (
	"context"
	"math"

	"github.com/nimbers/grundy/budget"
)

// DefaultLimit is the steps an operation of the package takes unless its
// Options say otherwise: a few seconds of work. A step is a state of a
// comparison (a pair of positions with a player to move) built or
// examined once; a state of the simplest form's comparisons counts 1.5, and a
// position of a game graph built counts positionSteps.
const DefaultLimit = 1e8

// positionSteps is the steps a position of a game graph costs when it
// is built: storing it and, later, simplifying and playing it.
const positionSteps = 256

// DefaultMemory is the bytes an operation of the package holds unless
// its Options say otherwise: 192 MiB, for the graphs it works on and its
// largest table at once. A comparison's states take stateBytes each
// (onsideBytes where endless play is decided too) and a graph's
// positions positionBytes; the garbage of the tables before comes on top.
const DefaultMemory = 192 << 20

// The bytes counted for each state of a comparison (its count, its mark
// and its place in the queue; Left's moves and a second mark where
// endless play is decided) and for each position of a graph (its
// options, its place in the tables that built it and its short value),
// as measured in resident memory.
const (
	stateBytes    = 16
	onsideBytes   = 24
	positionBytes = 768
)

// maxCount bounds the states and positions of one table, whose numbers
// are held in 32 bits.
const maxCount = math.MaxInt32

// A meter counts the steps of one operation against its Options, and
// stops the operation when its context is cancelled.
type meter struct {
	ctx        context.Context
	opt        *budget.Options
	limit, mem float64
	used       float64
	held       float64 // the bytes of the graphs the operation works on
}

// newMeter returns a meter for an operation with options opt (nil for
// the defaults).
func newMeter(ctx context.Context, opt *budget.Options) *meter {
	return &meter{ctx: ctx, opt: opt, limit: opt.Max(DefaultLimit), mem: opt.MaxMemory(DefaultMemory)}
}

// need checks, before the work, what what needs, as fits does, and
// then counts the steps as taken.
func (m *meter) need(what, unit string, n, steps, bytes float64) error {
	if err := m.fits(what, unit, n, steps, bytes); err != nil {
		return err
	}
	m.used += steps
	m.opt.Report(int(min(m.used, math.MaxInt32)), int(min(m.limit, math.MaxInt32)))
	return nil
}

// fits checks what what needs: a table of n states or positions (unit),
// which must fit in 32 bits, bytes of memory, and steps, which with
// those already taken must stay within the limit.
func (m *meter) fits(what, unit string, n, steps, bytes float64) error {
	if err := m.ctx.Err(); err != nil {
		return err
	}
	if n > maxCount {
		return &budget.TooLargeError{What: what, Unit: unit, Estimate: n, Limit: maxCount, Fixed: true}
	}
	if s := m.used + steps; s > m.limit {
		return &budget.TooLargeError{What: what, Unit: "steps", Estimate: s, Limit: m.limit}
	}
	if b := m.held + bytes; b > m.mem {
		return &budget.TooLargeError{What: what, Unit: "bytes", Estimate: b, Limit: m.mem}
	}
	return nil
}

// positions checks a graph of n positions before it is built.
func (m *meter) positions(what string, n float64) error {
	return m.need(what, "positions", n, n*positionSteps, n*positionBytes)
}

// graph counts the steps and the bytes of the positions of a graph
// already built, which an operation then reads, simplifies and plays: a
// graph built within a budget leaves to the operation on it what its
// positions did not take, and its bytes are held while the operation
// makes its tables.
func (m *meter) graph(what string, x Game) error {
	n := float64(x.len())
	if err := m.need(what, "positions", n, n*positionSteps, n*positionBytes); err != nil {
		return err
	}
	m.held += n * positionBytes
	return nil
}

// spend counts n steps found while working, and fails once they pass
// the limit; what names the work.
func (m *meter) spend(what string, n float64) error {
	if err := m.ctx.Err(); err != nil {
		return err
	}
	if m.used += n; m.used > m.limit {
		return &budget.TooLargeError{What: what, Unit: "steps", Limit: m.limit}
	}
	return nil
}

// CheckPositions checks, before a game graph of n positions is built,
// that it fits opt's limits (DefaultLimit steps, positionSteps a
// position, and DefaultMemory bytes when opt is nil or sets none): it
// returns nil, or a *budget.TooLargeError naming what.
func CheckPositions(what string, n float64, opt *budget.Options) error {
	return newMeter(context.Background(), opt).positions(what, n)
}
