// Package budget is how the module's long computations report that they
// are too large. A computation that can be large estimates its cost from
// its input before it starts (positions to search, option evaluations,
// bytes) and, past its limit, fails at once with a *TooLargeError that
// names the estimate and the limit; a search whose size cannot be known in
// advance fails with one as soon as it passes the limit. Callers match
// them with errors.Is(err, budget.ErrTooLarge) or errors.As.
package budget

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// ErrTooLarge is matched by errors.Is for every *TooLargeError.
var ErrTooLarge = errors.New("too large")

// A TooLargeError reports a computation whose cost passes its limit.
type TooLargeError struct {
	// What names the computation in the user's terms, e.g. "1000000
	// terms of 0.004" or "the misère search".
	What string
	// Unit names what is counted: "option evaluations", "positions",
	// "moves", "bytes".
	Unit string
	// Estimate is the cost estimated before the work, or 0 when the
	// limit was found passed while working.
	Estimate float64
	// Limit is the bound the cost passes.
	Limit float64
	// Fixed is set when no Options raise the limit: it bounds the method
	// or the representation (values of 64 bits, a table's extent).
	Fixed bool
}

// Error returns "WHAT needs about ESTIMATE UNIT, more than the limit of
// LIMIT", or "WHAT needs more than LIMIT UNIT" without an estimate.
func (e *TooLargeError) Error() string {
	if e.Estimate > 0 {
		est, lim := Format(e.Estimate), Format(e.Limit)
		for digits := 3; est == lim && digits <= 6; digits++ {
			est, lim = formatDigits(e.Estimate, digits), formatDigits(e.Limit, digits)
		}
		return fmt.Sprintf("%s needs about %s %s, more than the limit of %s", e.What, est, e.Unit, lim)
	}
	return fmt.Sprintf("%s needs more than %s %s", e.What, Format(e.Limit), e.Unit)
}

// Is reports whether target is ErrTooLarge.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// Format writes a count as an integer below 10^7, else as 1.2e+09.
func Format(x float64) string { return formatDigits(x, 2) }

// formatDigits writes a count as an integer below 10^7, else with the
// given significant digits.
func formatDigits(x float64, digits int) string {
	if x < 1e7 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', digits, 64)
}

// Options bounds a long computation and follows its progress; every
// computation of the module that can be long takes a *Options, and nil
// means its defaults. The unit of Limit is the computation's own, named in
// its documentation and in the TooLargeError it returns: positions
// stored, option evaluations, bytes.
type Options struct {
	// Limit bounds the cost: 0 means the computation's default, a
	// negative value no bound (the work then runs as long as it takes).
	Limit float64
	// Memory bounds the bytes of a computation that counts them besides
	// its own unit, as a misère quotient counts its steps and the bytes
	// of its tables: 0 means the computation's default, a negative value
	// no bound.
	Memory float64
	// Progress, when set, is called now and then with the work done and
	// the work expected, or 0 for the latter when it is not known.
	Progress func(done, total int)
}

// Max returns the limit o sets, def when o is nil or sets none, and +Inf
// when o lifts the bound.
func (o *Options) Max(def float64) float64 {
	if o == nil {
		return def
	}
	return bound(o.Limit, def)
}

// MaxMemory returns the bytes o allows, def when o is nil or sets none,
// and +Inf when o lifts the bound.
func (o *Options) MaxMemory(def float64) float64 {
	if o == nil {
		return def
	}
	return bound(o.Memory, def)
}

// bound reads a limit: def for 0, +Inf for a negative value.
func bound(v, def float64) float64 {
	switch {
	case v == 0:
		return def
	case v < 0:
		return math.Inf(1)
	}
	return v
}

// Report calls o's Progress function, if there is one.
func (o *Options) Report(done, total int) {
	if o != nil && o.Progress != nil {
		o.Progress(done, total)
	}
}

// DefaultMemory is the bytes a long run whose memory grows with the
// length asked for (a sequence of values, a series) may allocate unless
// its Options say otherwise: 4 GiB. Searches whose memory grows faster
// than their input have smaller defaults of their own.
const DefaultMemory = 4 << 30
