package heap

import (
	"context"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"github.com/nimbers/grundy/budget"
)

// A Sequence holds G(0), G(1), … of a heap game for a long run, in about
// 2 bytes a value: values below 2^16 − 1 in 16 bits, the rare larger ones
// aside. Run returns one, and Values copies a stretch of it out. The zero Sequence
// is empty and ready to use.
type Sequence struct {
	lo []uint16
	hi map[int]uint64 // the values of escape16 and more, by heap
	// wide, when isWide, holds every value instead.
	wide   []uint64
	isWide bool
	top    uint64 // the largest value
}

// escape16 stands in lo for a value of 2^16 − 1 or more, kept in hi.
const escape16 = 1<<16 - 1

// wideSequence returns the Sequence of the values v, sharing them.
func wideSequence(v []uint64) *Sequence {
	s := &Sequence{wide: v, isWide: true}
	if len(v) > 0 {
		s.top = slices.Max(v)
	}
	return s
}

// compactSequence returns the values v in 16 bits, with room for n.
func compactSequence(v []uint64, n int) *Sequence {
	s := &Sequence{lo: make([]uint16, 0, max(n, len(v)))}
	for _, x := range v {
		s.push(x)
	}
	return s
}

// Len returns the number of values.
func (s *Sequence) Len() int {
	if s.isWide {
		return len(s.wide)
	}
	return len(s.lo)
}

// At returns G(h), for h below Len.
func (s *Sequence) At(h int) uint64 {
	if s.isWide {
		return s.wide[h]
	}
	if x := s.lo[h]; x != escape16 {
		return uint64(x)
	}
	return s.hi[h]
}

// Max returns the largest value, or 0 if there is none.
func (s *Sequence) Max() uint64 { return s.top }

// push appends x as G(Len()).
func (s *Sequence) push(x uint64) {
	s.top = max(s.top, x)
	if s.isWide {
		s.wide = append(s.wide, x)
		return
	}
	if x >= escape16 {
		if s.hi == nil {
			s.hi = map[int]uint64{}
		}
		s.hi[len(s.lo)] = x
		x = escape16
	}
	s.lo = append(s.lo, uint16(x))
}

// copyValues appends G(from), …, G(to−1) to dst and returns it.
func (s *Sequence) copyValues(dst []uint64, from, to int) []uint64 {
	if s.isWide {
		return append(dst, s.wide[from:to]...)
	}
	for h, x := range s.lo[from:to] {
		if x == escape16 {
			dst = append(dst, s.hi[from+h])
		} else {
			dst = append(dst, uint64(x))
		}
	}
	return dst
}

// Slice returns the values as one slice, turning s to 8 bytes a value
// (without a copy if it holds them so already).
func (s *Sequence) Slice() []uint64 { return s.widen(0) }

// widen turns s to 8 bytes a value, with room for n, and returns the
// values.
func (s *Sequence) widen(n int) []uint64 {
	if !s.isWide {
		v := make([]uint64, 0, max(n, len(s.lo)))
		s.wide, s.isWide = s.copyValues(v, 0, len(s.lo)), true
		s.lo, s.hi = nil, nil
	}
	return s.wide
}

// chunks calls f with the values in order, a few thousand at a time.
func (s *Sequence) chunks(f func(v []uint64)) {
	if s.isWide {
		f(s.wide)
		return
	}
	buf := make([]uint64, 0, 1<<12)
	for from := 0; from < len(s.lo); from += cap(buf) {
		f(s.copyValues(buf[:0], from, min(len(s.lo), from+cap(buf))))
	}
}

// extendSaving extends s to n values, keeping them compact: the
// sparse-space method runs on the 16-bit values themselves, so a run of
// a game it takes (Grundy's game, octal games that split heaps in two)
// needs SequenceMemory(n) bytes. A long s (resumed from a checkpoint)
// goes on by sparse space at once. The other methods work on 8 bytes a
// value, as extend does (for the few thousand values before sparse space
// starts, for games it does not take, and when it hands a run back
// because the heaps stop being sparse or the values pass 2047); s is
// compact again when extendSaving returns. save, if not nil, is given s
// every interval, when the run ends and when it is stopped; a save error
// ends the run. When ctx is cancelled or the budget runs out, s holds
// the values found so far.
func (g *Game) extendSaving(ctx context.Context, s *Sequence, n int, opt *budget.Options, every time.Duration, save func(s *Sequence) error) error {
	var sv *saving
	if save != nil {
		sv = &saving{every: every, last: time.Now(), save: save}
	}
	err := g.extendSequence(ctx, s, n, opt, sv)
	if sv != nil {
		if sv.err != nil {
			return sv.err
		}
		if serr := save(s); serr != nil {
			return serr
		}
	}
	return err
}

// extendSequence is extendSaving without the last save.
func (g *Game) extendSequence(ctx context.Context, s *Sequence, n int, opt *budget.Options, sv *saving) error {
	if s.Len() >= n {
		s.truncate(n)
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	rules, sparse := g.sparseRules()
	if !s.isWide && sparse && s.Len() >= sparseDirect {
		// A resumed run goes on where it was: by sparse space, unless a
		// period is proven already.
		if p, ok := g.provenPeriodSeq(s); ok {
			for s.Len() < n {
				s.push(s.At(s.Len() - p.Period))
			}
			opt.Report(n, n)
			return nil
		}
		var stop atomic.Bool
		defer context.AfterFunc(ctx, func() { stop.Store(true) })()
		if sv != nil {
			sv.stop = &stop
		}
		left := opt.Max(DefaultLimit)
		if math.IsInf(left, 1) {
			left = -1
		}
		back, err := g.sparseSequence(s, n, opt, &left, rules, handBackLoops, &stop, sv)
		if s.isWide && !back {
			// The general loop took values past 2047.
			*s = *compactSequence(s.wide, n)
		}
		if stop.Load() {
			return ctx.Err()
		}
		if err != nil || !back {
			if err == nil {
				opt.Report(n, n)
			}
			return err
		}
	}
	var into *Sequence
	if !s.isWide && sparse {
		into = new(Sequence)
	}
	// Room for n values only if they stay wide.
	v := s.widen(0)
	if into == nil {
		v = slices.Grow(v, n-len(v))
	}
	v, err := g.extend(ctx, v, n, opt, sv, into)
	switch {
	case v == nil && into != nil && into.Len() > 0:
		*s = *into
	default:
		// Saves made now on see the compact values.
		*s = *compactSequence(v, n)
	}
	return err
}

// truncate drops the values from heap n on.
func (s *Sequence) truncate(n int) {
	if s.isWide {
		s.wide = s.wide[:n]
	} else {
		s.lo = s.lo[:n]
	}
}

// SequenceMemory returns the bytes a Run that saves keeps live for n values
// of g: 2 a heap for a game sparse space takes, plus 32 MiB for the rest
// (the latest values kept in reverse among them); valuesMemory(n) for others.
func (g *Game) SequenceMemory(n int) float64 {
	if _, ok := g.sparseRules(); ok {
		return 2*float64(n) + 32<<20
	}
	return valuesMemory(n)
}
