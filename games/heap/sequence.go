package heap

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/nimbers/grundy/budget"
)

// Period describes a sequence that repeats: for every n ≥ Preperiod,
// G(n + Period) = G(n) + Saltus (Saltus 0: plainly periodic; otherwise
// arithmetic-periodic).
type Period struct {
	Period    int    `json:"period"`
	Preperiod int    `json:"preperiod"`
	Saltus    uint64 `json:"saltus"`
	// Proven is true when the repetition is a theorem, not an
	// observation: for octal and subtraction games by the periodicity
	// theorem (Guy–Smith) once enough terms have been computed.
	Proven bool `json:"proven"`
}

// String writes p as "period 4 preperiod 3", with " saltus 2" for an
// arithmetic period and " (proven by the periodicity theorem)" when
// Proven.
func (p Period) String() string {
	s := "period " + strconv.Itoa(p.Period) + " preperiod " + strconv.Itoa(p.Preperiod)
	if p.Saltus != 0 {
		s += " saltus " + strconv.FormatUint(p.Saltus, 10)
	}
	if p.Proven {
		s += " (proven by the periodicity theorem)"
	}
	return s
}

// A PeriodFound is the period found in the first Terms values of a game,
// nil when none was (Game.Period); its JSON is that of grundy octal
// --period --json.
type PeriodFound struct {
	Terms  int     `json:"terms"`
	Period *Period `json:"period"`
}

// WriteTo writes f as grundy octal --period prints it: the period
// (Period.String), marked as observed when it is not proven, or that
// none was found. It returns the bytes written and the first error.
func (f *PeriodFound) WriteTo(w io.Writer) (int64, error) {
	var s string
	switch {
	case f.Period == nil:
		s = fmt.Sprintf("no period found below %d\n", f.Terms)
	case f.Period.Proven:
		s = f.Period.String() + "\n"
	default:
		s = fmt.Sprintf("%s (observed below %d, not proven)\n", f.Period, f.Terms)
	}
	n, err := io.WriteString(w, s)
	return int64(n), err
}

// PeriodFound returns the period Period finds in the values v of g, with
// their number, for grundy octal --period.
func (g *Game) PeriodFound(v []uint64) *PeriodFound {
	f := &PeriodFound{Terms: len(v)}
	if p, ok := g.Period(v); ok {
		f.Period = &p
	}
	return f
}

// DefaultLimit is the number of option evaluations Values spends
// before giving up on a game without a proven period (a few seconds).
const DefaultLimit = 2e9

// Values returns G(0), …, G(n−1). It computes values directly from the
// rules, and as soon as the periodicity theorem proves a period (octal and
// finite subtraction games), fills the rest from it. Take-and-break games
// that split heaps in two scan their splits many at a time for the mex
// (on two cores, alternate heaps), and when they show no period by a few
// thousand terms go on by the sparse-space method while few heaps are
// sparse (see SparseInfo), which is exact and much faster for long
// sequences.
//
// opt's Limit counts option evaluations (DefaultLimit by default),
// and its Progress is called with the values computed and n. Values
// returns a *budget.TooLargeError if the computation would pass the
// limit, and ctx's error soon after ctx is cancelled.
func (g *Game) Values(ctx context.Context, n int, opt *budget.Options) ([]uint64, error) {
	v, err := g.extend(ctx, nil, n, opt, nil, nil)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// extend returns G(0), …, G(n−1), given v = G(0), …, G(len(v)−1): it
// goes on from a run that was stopped, as Values would have. v must hold
// exact values; extend may append to it in place. The budget counts the
// work past v only. When ctx is cancelled, or the budget runs out while
// working, extend returns the values found so far (at least v) with the
// error; a run refused before it starts returns v unchanged.
//
// It gives the values to sv now and then if it is not
// nil; it stops when sv fails. If into is not nil, sparse space runs on
// a compact Sequence, which it leaves in into, returning nil values,
// unless it hands the run back to the other methods.
func (g *Game) extend(ctx context.Context, v []uint64, n int, opt *budget.Options, sv *saving, into *Sequence) ([]uint64, error) {
	if len(v) >= n {
		return v[:n], nil
	}
	if err := ctx.Err(); err != nil {
		return v, err
	}
	r := &extension{g: g, ctx: ctx, v: v, n: n, opt: opt, sv: sv, into: into}
	defer context.AfterFunc(ctx, func() { r.stop.Store(true) })()
	if sv != nil {
		sv.stop = &r.stop
	}
	if err := r.budget(); err != nil {
		return v, err
	}
	if into == nil {
		r.v = slices.Grow(r.v, n-len(r.v))
	}
	r.c = newCalc(g)
	r.c.prime(r.v)
	r.check = 256
	for r.check <= len(r.v) {
		r.check *= 2
	}
	if len(r.v) >= sparseDirect {
		if done, err := r.decide(); done || err != nil {
			return r.v, err
		}
	}
	if r.dense == nil && len(r.v) > denseFrom {
		r.startDense()
	}
	for len(r.v) < n {
		done, err := r.chunk()
		if done || err != nil {
			return r.v, err
		}
	}
	opt.Report(n, n)
	return r.v, nil
}

// An extension is the state of extend: the values so far and what
// computes the next ones.
type extension struct {
	g    *Game
	ctx  context.Context
	v    []uint64
	n    int
	opt  *budget.Options
	sv   *saving
	into *Sequence
	stop atomic.Bool // raised when ctx is cancelled
	// left is the option evaluations left to spend (−1: no bound), of
	// limit; bounded is false when there is no bound.
	left, limit float64
	bounded     bool
	c           *calc
	// check is the next length at which a period is looked for.
	check int
	// dense, when set, scans the splits of take-and-break games that
	// split heaps in two, from denseFrom on, while every value is below
	// denseMax.
	dense *denseCalc
}

// budget reads the limit, and refuses at once a run that no theorem can
// cut short, nor sparse space make much cheaper than the mex, if the
// whole of it is over the limit.
func (r *extension) budget() error {
	g := r.g
	r.left = r.opt.Max(DefaultLimit)
	r.bounded = !math.IsInf(r.left, 1)
	if !r.bounded {
		r.left = -1 // no bound, for valuesSparse
	}
	r.limit = r.left
	if _, sparse := g.sparseRules(); r.bounded && g.Reach() < 0 && !sparse {
		if total := g.totalWork(r.n) - g.totalWork(len(r.v)); total > r.left {
			return &budget.TooLargeError{What: fmt.Sprintf("%d terms of %s", r.n, g.name), Unit: "option evaluations", Estimate: total, Limit: r.left}
		}
	}
	return nil
}

// startDense starts a denseCalc on the values so far, if the game takes
// one and the values fit it.
func (r *extension) startDense() {
	rules, ok := r.g.sparseRules()
	if !ok || r.g.kind != famTakeBreak {
		return
	}
	r.dense = newDenseCalc(rules, r.n, bestDenseScanner, runtime.GOMAXPROCS(0) > 1)
	r.dense.stop = &r.stop
	for h, x := range r.v {
		if !r.dense.push(h, x) {
			r.dense = nil
			return
		}
	}
}

// decide fills the rest from a proven period, or goes on by sparse space
// when it pays; it reports whether the values are complete or the run
// stopped.
func (r *extension) decide() (bool, error) {
	g := r.g
	if p, ok := g.provenPeriod(r.v); ok {
		v := r.v // a local, kept in registers
		for len(v) < r.n {
			v = append(v, v[len(v)-p.Period])
		}
		r.v = v
		return true, nil
	}
	rules, ok := g.sparseRules()
	if !ok || len(r.v) < sparseDirect || len(r.v) >= r.n || !sparsePays(r.v, len(rules.split)) {
		return false, nil
	}
	var err error
	var back bool
	r.dense = nil // its copies of the values are not read by sparse space
	if r.into != nil {
		seq := compactSequence(r.v, r.n)
		r.v = nil
		back, err = g.sparseSequence(seq, r.n, r.opt, &r.left, rules, handBackLoops, &r.stop, r.sv)
		if back {
			r.v = seq.widen(r.n)
		} else {
			*r.into = *seq
		}
	} else {
		r.v, back, err = g.valuesSparse(r.v, r.n, r.opt, &r.left, rules, handBackLoops, &r.stop, r.sv)
	}
	if r.stop.Load() {
		return true, r.ctx.Err()
	}
	if err != nil || !back {
		return true, err
	}
	// The heaps stopped being sparse, or the values outgrew the fast
	// loops: on directly, without the stale per-heap state of the direct
	// loop.
	r.c = newCalc(g)
	r.startDense()
	for r.check <= len(r.v) {
		r.check *= 2
	}
	return false, nil
}

// chunk computes the next heaps: one at a time directly, a chunk up to
// the next check with a denseCalc (progress is reported after each
// chunk), and at a check looks for a period or goes over to sparse
// space. It reports whether the values are complete or the run stopped.
func (r *extension) chunk() (bool, error) {
	if r.stop.Load() {
		return true, r.ctx.Err()
	}
	m := len(r.v)
	if m == denseFrom {
		r.startDense()
	}
	end := m + 1
	if r.dense != nil {
		end = min(r.n, r.check, m+denseChunk)
	}
	if r.bounded {
		var err error
		if end, err = r.charge(m, end); err != nil {
			return true, err
		}
	}
	if r.dense != nil {
		var ok bool
		r.v, ok = r.dense.run(m, end, r.v)
		if r.stop.Load() {
			return true, r.ctx.Err()
		}
		if !ok {
			r.dense = nil // a value past denseMax: the rest directly
		}
	}
	v, c := r.v, r.c
	for len(v) < end {
		v = append(v, c.next(v))
	}
	r.v = v
	if r.dense != nil && len(r.v) < r.check {
		r.opt.Report(len(r.v), r.n)
		r.sv.tickWide(r.v)
	}
	if len(r.v) == r.check {
		r.check *= 2
		r.opt.Report(len(r.v), r.n)
		r.sv.tickWide(r.v)
		done, err := r.decide()
		if done && err == nil {
			r.opt.Report(r.n, r.n)
		}
		return done, err
	}
	return false, nil
}

// charge spends the budget on the heaps m … end−1, up to the first it
// cannot pay for, and returns the end of those it can; none is an error,
// with the heaps left estimated at the rate of heap m.
func (r *extension) charge(m, end int) (int, error) {
	g, left, dense := r.g, r.left, r.dense != nil
	defer func() { r.left = left }()
	for e := m; e < end; e++ {
		w := g.work(e)
		if dense {
			w *= denseWorkWeight
		}
		if w > left {
			if e == m {
				est := r.limit - left + (g.totalWork(r.n)-g.totalWork(m))*w/g.work(m)
				return m, &budget.TooLargeError{What: fmt.Sprintf("%d terms of %s (no period proven below %d)", r.n, g.name, m), Unit: "option evaluations", Estimate: est, Limit: r.limit}
			}
			return e, nil
		}
		left -= w
	}
	return end, nil
}

// valuesMemory returns the bytes Values keeps live for n values: 8 a
// heap for the values, 2 for the 16-bit copy the loops of sparse space
// read, and one more while one loop's copy is made from the last's;
// 32 MiB for the rest (the latest values kept in reverse among them).
// The garbage they leave may take more unless the Go runtime is given a
// memory limit (runtime/debug.SetMemoryLimit), as the command line does.
func valuesMemory(n int) float64 { return 11*float64(n) + 32<<20 }

// denseWorkWeight converts the splits denseCalc reads into the option
// evaluations of the limit of Values, in CPU time: a split read 64 at a
// time costs a fraction of an option of the plain mex
// (BenchmarkCalibrateDense against BenchmarkCalibrateMex; figures in
// docs/performance.md).
const denseWorkWeight = 1.0 / 16

// denseFrom is the first heap whose value Values computes with a
// denseCalc, when it can, and denseChunk the most heaps it computes with
// one before it reports progress.
const (
	denseFrom  = 512
	denseChunk = 1 << 15
)

// sparsePays reports whether Values goes on from v by sparse space, for
// a game with the given number of split sizes: if few heaps are sparse,
// and the values are below fastMax (the fast loops take them) or not below
// denseFastMax (denseCalc scans its splits slower past it, and sparse
// space may then pay even with no fast loop).
func sparsePays(v []uint64, splits int) bool {
	if top := slices.Max(v); top >= fastMax && top < denseFastMax {
		return false
	}
	info := chooseMask(v)
	return lastSparse(info, wideSequence(v)) <= maxSparseFraction && rareShare(info, v) <= enterRareShare*float64(splits)
}

// rareShare is the share of sparse heaps among all of v under info.
func rareShare(info SparseInfo, v []uint64) float64 {
	count := 0
	for h := 1; h < len(v); h++ {
		if info.class(h, v[h]) == 0 {
			count++
		}
	}
	return float64(count) / float64(len(v))
}

// The sparse-space loops spend on each heap h a flag for each sparse heap
// so far, where denseCalc reads its splits, h/2 for each split size; a
// flag costs about ten times a split (BenchmarkCalibrateSparse against
// BenchmarkCalibrateDense; figures in docs/performance.md), so sparse
// space is the faster while the sparse heaps are fewer than about an
// eighth of the heaps for each split size. Values goes over to it only while they are
// fewer than enterRareShare, back when they pass quitRareShare (each for
// each split size), and only while the last values have few sparse heaps
// under the best mask for them (maxSparseFraction).
const (
	enterRareShare    = 0.12
	quitRareShare     = 0.18
	maxSparseFraction = 0.125
)

// valuesSparse goes on from the directly computed values v by the
// sparse-space method with the given loops, still looking for a period at
// each doubling, and spends the budget (if positive; negative is no
// bound). If the heaps stop being sparse, or the loops hand back values
// they do not take, it returns the values so far and back = true.
func (g *Game) valuesSparse(v []uint64, n int, opt *budget.Options, left *float64, rules splitRules, loops sparseLoops, stop *atomic.Bool, sv *saving) (_ []uint64, back bool, _ error) {
	s := wideSequence(v)
	back, err := g.sparseSequence(s, n, opt, left, rules, loops, stop, sv)
	return s.wide, back, err
}

// sparseSequence is valuesSparse on a Sequence, compact or wide, which it
// extends in place.
func (g *Game) sparseSequence(s *Sequence, n int, opt *budget.Options, left *float64, rules splitRules, loops sparseLoops, stop *atomic.Bool, sv *saving) (back bool, _ error) {
	st := newSparseState(s, rules, n)
	st.stop, st.saver = stop, sv
	st.budget = 0 // no bound
	if *left >= 0 {
		st.budget = max(1, *left)
	}
	for s.Len() < n {
		target := min(n, 2*s.Len())
		from, spent := s.Len(), st.work
		st.extend(target, opt.Report, loops)
		if s.Len() < target && !st.exhausted() {
			// The values outgrew the fast loops.
			if *left >= 0 {
				*left = max(0, *left-st.work)
			}
			return true, nil
		}
		if !st.exhausted() && s.Len() < n {
			st = st.rechoose()
		}
		if st.exhausted() {
			if stop != nil && stop.Load() {
				return false, nil
			}
			// The heaps left cost at least what the last ones did: the
			// sparse heaps only grow in number.
			est := 0.0
			if done := s.Len() - from; done > 0 {
				est = st.work + float64(n-s.Len())*(st.work-spent)/float64(done)
			}
			return false, &budget.TooLargeError{What: fmt.Sprintf("%d terms of %s by sparse space (no period proven below %d; %s)", n, g.name, s.Len(), st.info), Unit: "option evaluations", Estimate: est, Limit: st.budget}
		}
		if p, ok := g.provenPeriodSeq(s); ok {
			for s.Len() < n {
				s.push(s.At(s.Len() - p.Period))
			}
		} else if s.Len() < n && float64(len(st.info.Rare)) > quitRareShare*float64(len(rules.split)*s.Len()) {
			if *left >= 0 {
				*left = max(0, *left-st.work)
			}
			return true, nil
		}
	}
	if s.isWide {
		s.wide = s.wide[:n]
	}
	return false, nil
}

// work estimates the option evaluations for heap m.
func (g *Game) work(m int) float64 {
	if g.kind == famAllBut {
		return float64(len(g.set) + 1)
	}
	w := float64(len(g.rules))
	for _, r := range g.rules {
		switch r.leave {
		case 2:
			w += float64(m) / 2
		case 3:
			w += float64(m) * float64(m) / 12
		}
	}
	return w
}

// totalWork returns the sum of work(m) for m < n, in closed form so that a
// refusal costs nothing: Σ m = n(n−1)/2 and Σ m² = (n−1)n(2n−1)/6.
func (g *Game) totalWork(n int) float64 {
	x := float64(n)
	s1, s2 := x*(x-1)/2, (x-1)*x*(2*x-1)/6
	if g.kind == famAllBut {
		return float64(len(g.set)+1) * x
	}
	w := float64(len(g.rules)) * x
	for _, r := range g.rules {
		switch r.leave {
		case 2:
			w += s1 / 2
		case 3:
			w += s2 / 12
		}
	}
	return w
}

// Reach returns t for the periodicity theorems (the most tokens a move
// removes), or −1 when no theorem applies: the octal theorem is not
// claimed for moves that leave three heaps, nor for Grundy's game or the
// all-but games, whose values are unbounded.
func (g *Game) Reach() int {
	if g.kind != famTakeBreak && g.kind != famSubtraction || g.maxLeave() > 2 {
		return -1
	}
	return g.maxRemove()
}

// calc computes the next value of a sequence.
type calc struct {
	g     *Game
	stamp []uint32
	cur   uint32
	// For all-but games: how often each value occurs so far, and the
	// least value that does not occur.
	count  []int
	absent uint64
	excl   map[uint64]int
}

func newCalc(g *Game) *calc { return &calc{g: g, excl: map[uint64]int{}} }

// prime records the values v computed before c, for the state that next
// keeps across heaps (the counts of an all-but game).
func (c *calc) prime(v []uint64) {
	if c.g.kind != famAllBut {
		return
	}
	for _, x := range v {
		for x >= uint64(len(c.count)) {
			c.count = append(c.count, make([]int, len(c.count)/2+64)...)
		}
		c.count[x]++
	}
	for c.absent < uint64(len(c.count)) && c.count[c.absent] > 0 {
		c.absent++
	}
	if c.absent == uint64(len(c.count)) {
		c.count = append(c.count, make([]int, len(c.count)/2+64)...)
	}
}

func (c *calc) mark(x uint64) {
	for x >= uint64(len(c.stamp)) {
		c.stamp = append(c.stamp, make([]uint32, len(c.stamp)+64)...)
	}
	c.stamp[x] = c.cur
}

func (c *calc) mex() uint64 {
	for x, s := range c.stamp {
		if s != c.cur {
			return uint64(x)
		}
	}
	return uint64(len(c.stamp))
}

// next returns G(len(v)) from the earlier values. It walks the rules as
// Moves does, but marks option values in place rather than calling a
// function per option: this is the hot loop of the direct computation.
func (c *calc) next(v []uint64) uint64 {
	n := len(v)
	if c.g.kind == famAllBut {
		return c.nextAllBut(v)
	}
	c.cur++
	for _, rl := range c.g.rules {
		r := n - rl.take
		switch {
		case r < 0:
		case rl.leave == 0:
			if r == 0 {
				c.mark(0)
			}
		case rl.leave == 1:
			if r >= 1 {
				c.mark(v[r])
			}
		case rl.leave == 2:
			for a := 1; a < r-a || a == r-a && !rl.unequal; a++ {
				c.mark(v[a] ^ v[r-a])
			}
		default:
			for a := 1; 3*a <= r; a++ {
				for b := a; a+2*b <= r; b++ {
					c.mark(v[a] ^ v[b] ^ v[r-a-b])
				}
			}
		}
	}
	return c.mex()
}

// nextAllBut: the options of heap n are the heaps 0 … n−1 except n − s for
// s in the set, so the option values are all earlier values except those
// that occur only at excluded heaps.
func (c *calc) nextAllBut(v []uint64) uint64 {
	n := len(v)
	clear(c.excl)
	for _, s := range c.g.set {
		if s <= n {
			c.excl[v[n-s]]++
		}
	}
	best := c.absent
	for x, k := range c.excl {
		if x < best && c.count[x] == k {
			best = x
		}
	}
	// Record G(n) for the heaps after it.
	for best >= uint64(len(c.count)) {
		c.count = append(c.count, make([]int, len(c.count)+64)...)
	}
	c.count[best]++
	for c.absent < uint64(len(c.count)) && c.count[c.absent] > 0 {
		c.absent++
	}
	if c.absent == uint64(len(c.count)) {
		// Grow by half again, not by a constant: Nim meets a new value at
		// every heap.
		c.count = append(c.count, make([]int, len(c.count)/2+64)...)
	}
	return best
}

// Period returns the period of g's values v (G(0), G(1), …), proven by
// the theorem that applies to g:
//   - a finite subtraction set S: each value depends on the max(S)
//     before it, so a period is proven as soon as max(S) consecutive
//     values repeat, and, the values being at most |S|, there is no
//     saltus;
//   - an octal game (splitting into at most two heaps): the Guy–Smith
//     periodicity theorem, with t the most tokens a move removes (Reach):
//     a plain period is proven once the terms reach 2·preperiod +
//     2·period + t, as G(n+p) = G(n) for preperiod ≤ n < 2·preperiod +
//     p + t implies it for every larger n;
//   - other games (all-but sets, Grundy's game, hexadecimal digits that
//     split into three heaps): none, so a period is only observed.
//
// It returns the shortest period it finds, with its least preperiod and
// saltus, or false when nothing repeats (a period not proven must repeat
// three times).
func (g *Game) Period(v []uint64) (Period, bool) { return findPeriod(v, g.periodRule()) }

// provenPeriod returns a period of v that the game's theorem proves, for
// Values to fill the rest from: only plain periods are looked for.
func (g *Game) provenPeriod(v []uint64) (Period, bool) {
	return g.provenPeriodSeq(wideSequence(v))
}

// provenPeriodSeq is provenPeriod on the values of s, widening s first
// if it holds escaped values.
func (g *Game) provenPeriodSeq(s *Sequence) (Period, bool) {
	rule := g.periodRule()
	if rule.reach < 0 {
		return Period{}, false
	}
	rule.saltus = false
	var p Period
	var ok bool
	if len(s.hi) > 0 {
		s.widen(0)
	}
	if s.isWide {
		p, ok = findPeriod(s.wide, rule)
	} else {
		p, ok = findPeriod(s.lo, rule)
	}
	return p, ok && p.Proven
}

// periodRule returns what proves a period of g (see Period).
func (g *Game) periodRule() periodRule {
	switch g.kind {
	case famSubtraction:
		return periodRule{reach: g.Reach(), window: true}
	case famTakeBreak:
		return periodRule{reach: g.Reach(), saltus: true}
	}
	return periodRule{reach: -1, saltus: true}
}

// periodRule says what proves a period: reach, the t of the theorem (−1:
// none); window, that a repeat of t consecutive values suffices (a
// recurrence on the t values before); saltus, whether the values may grow
// along a period.
type periodRule struct {
	reach  int
	window bool
	saltus bool
}

// An arithmetic period found first can be a mere run of a longer one:
// 0.3f's values 0 1 2 0 1 2 3 4 5 3 4 5 … end in a run of +1s, which
// reads as period 1, saltus 1 from a preperiod near the end. So a
// saltus found first is replaced by any later period, plain or not,
// that explains more of the values: with a smaller preperiod + period.
func findPeriod[T uint16 | uint64](v []T, rule periodRule) (Period, bool) {
	n := len(v)
	var best Period
	found := false
	for p := 1; p < n; p++ {
		if v[n-1] < v[n-1-p] {
			continue // values never decrease along a period here
		}
		s := uint64(v[n-1] - v[n-1-p])
		betterSaltus := found && best.Saltus != 0 && p < best.Preperiod+best.Period
		if s != 0 && (!rule.saltus || found && !betterSaltus) {
			continue // only a plain period can still be proven
		}
		i := n - 1 - p
		for i >= 0 && uint64(v[i+p]-v[i]) == s && v[i+p] >= v[i] {
			i--
		}
		pre := i + 1
		proven := s == 0 && rule.reach >= 0 && n >= 2*pre+2*p+rule.reach
		if rule.window {
			proven = s == 0 && rule.reach >= 0 && n >= pre+p+rule.reach
		}
		if proven {
			return Period{Period: p, Preperiod: pre, Proven: true}, true
		}
		// Unproven, a period is believed only if it repeats three times.
		if n-pre >= 3*p && (!found || betterSaltus && pre+p < best.Preperiod+best.Period) {
			best, found = Period{Period: p, Preperiod: pre, Saltus: s}, true
			if rule.reach < 0 && s == 0 {
				break // nothing can be proven: the shortest is the answer
			}
		}
		if rule.reach < 0 && found && best.Saltus != 0 && p >= best.Preperiod+best.Period {
			break // no later period explains more
		}
	}
	return best, found
}
