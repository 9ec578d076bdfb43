package games

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/misere"
	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
	"github.com/nimbers/grundy/sg"
)

// DefaultLimit is the positions an Engine expands in one call unless its
// Options say otherwise: a few seconds of search.
const DefaultLimit = 1 << 20

// DefaultMemory is the bytes an Engine's tables may hold unless its
// Options say otherwise.
const DefaultMemory = 256 << 20

// specialCost is the positions a special engine's cheap value counts for
// in the outcome search: a Domineering component's search values tens of
// sub-components.
const specialCost = 32

// calcSteps is the steps of sums and comparisons of canonical forms
// (partizan.Calculator's) a call may take for each position of its limit.
const calcSteps = 8

// calcBytes is about what a step of the calculator keeps in memory.
const calcBytes = 64

// cheapLimit is the positions the outcome search spends on the canonical
// form of a component before it searches the component instead, in an
// impartial ruleset (whose values, nimbers, add at once) or through a
// special engine.
const cheapLimit = 1 << 10

// cheapLimiter is implemented by a position whose special engine the
// outcome search gives a limit of its own, CheapLimit's, in place of
// cheapLimit: one whose canonical forms cost more to add than its
// search costs.
type cheapLimiter interface{ CheapLimit() float64 }

// cheapPartizan is cheapLimit for the generic search of a partizan
// ruleset, where adding the components' canonical forms into the sum
// costs more than searching them (docs/performance.md, "Who wins,
// against MCGS", gives the figures).
const cheapPartizan = 64

// entryBytes is what a table entry costs besides its key: the map's
// slot and the value, a canonical form's own nodes counted at a few.
const entryBytes = 96

// A Valuer is a Position its ruleset values by an engine of its own (the
// Domineering search, Berlekamp's rule for Hackenbush strings): the
// Engine asks it rather than searching its options, passing its own
// Options on (their limits then count in the special engine's units, and
// its own defaults apply where they set none).
type Valuer interface {
	Position
	// Value returns the canonical form of the position, within opt.
	Value(ctx context.Context, opt *budget.Options) (*partizan.Game, error)
}

// A GrundyValuer is a Position of an impartial ruleset that finds its
// Grundy value by an engine of its own (the octal engine's sequences, the
// Tartan theorem).
type GrundyValuer interface {
	Position
	// Grundy returns the Grundy value of the position, within opt.
	Grundy(ctx context.Context, opt *budget.Options) (uint64, error)
}

// A GrundyMover is a GrundyValuer whose engine also finds the moves to
// options of a given Grundy value without valuing every option (the
// colon principle on a Hackenbush graph, the Tartan theorem on a board
// of coins): the Engine asks it for the winning moves of a sum.
type GrundyMover interface {
	GrundyValuer
	// MovesTo returns the moves to options of Grundy value target, each
	// with To and How set, within opt.
	MovesTo(ctx context.Context, target uint64, opt *budget.Options) ([]Move, error)
}

// A Negator is a position of a partizan ruleset that gives its negative,
// the position with the players' parts exchanged (Clobber's colours
// swapped): the outcome search cancels a component against its negative,
// as it cancels a pair of equal components in an impartial ruleset.
type Negator interface {
	Position
	// Neg returns the negative of the position.
	Neg() Position
}

// An Engine values the positions of one ruleset, whatever the ruleset:
// canonical forms, Grundy values, misère forms, who wins, and the graph of
// a loopy position. It remembers what it valued in tables shared by its
// calls and bounded in bytes. An Engine is not safe for concurrent use.
//
// A position's components (Splitter) are valued apart and summed; a
// position with an engine of its own (Valuer, GrundyValuer) is asked for
// its value, unless Generic is set.
type Engine struct {
	// Generic, when set, makes the engine search every position by its
	// options, never asking a Valuer or GrundyValuer: the reference the
	// special engines are tested against.
	Generic bool
	// Checkpoint, when set, is called every CheckpointEvery (a minute
	// when 0) of a call's search, between two positions, so that a long
	// search can save its tables (SaveTables); an error it returns ends
	// the call.
	Checkpoint      func() error
	CheckpointEvery time.Duration

	rules     Ruleset
	impartial bool
	opt       *budget.Options
	keys      []byte // the keys of the positions being valued, one after another

	canon  formTable
	recent recentTable               // forms of the boards met last, whole
	whole  wholeStats                // how the look-ups of whole positions fare
	sums   map[string]*partizan.Game // keyed by the terms' digests
	grundy map[string]uint64
	mis    map[string]misere.Game
	wins   map[string]bool
	signs  map[[16]byte]outcome.Class // outcomes of the outcome search's sums
	costly map[string]bool            // components too large for the outcome search to value
	bytes  float64

	ctx          context.Context
	calc         *partizan.Calculator // the call's sums and canonical forms
	pos          Position             // the call's position, named in its errors
	steps, limit float64
	local        float64 // steps left for a component the outcome search values
	saved        time.Time
}

// NewEngine returns an engine for the positions of r. opt's Limit bounds
// the positions one call expands (DefaultLimit when opt is nil or sets
// none), and 8 times as many steps of sums and comparisons of canonical
// forms; its Memory bounds the bytes of the tables (DefaultMemory), past
// which they are emptied and refilled as the search goes on, and apart
// those of the comparisons a call remembers. Its Progress is called with
// the positions expanded.
func NewEngine(r Ruleset, opt *budget.Options) *Engine {
	e := &Engine{rules: r, impartial: r.Kind()&Impartial != 0, opt: opt}
	e.clear()
	return e
}

// Ruleset returns the ruleset whose positions e values.
func (e *Engine) Ruleset() Ruleset { return e.rules }

// clear empties the tables.
func (e *Engine) clear() {
	e.canon = formTable{}
	e.recent = recentTable{}
	e.sums = map[string]*partizan.Game{}
	e.grundy = map[string]uint64{}
	e.mis = map[string]misere.Game{}
	e.wins = map[string]bool{}
	e.signs = map[[16]byte]outcome.Class{}
	e.costly = map[string]bool{}
	e.bytes = 0
}

// stored counts an entry of a table, emptying the tables when they pass
// their bound.
func (e *Engine) stored(key []byte) {
	e.bytes += float64(len(key)) + entryBytes
	if e.bytes > e.opt.MaxMemory(DefaultMemory) {
		e.clear()
	}
}

// begin starts a call on p: it refuses at once when p's estimate passes
// the limit.
func (e *Engine) begin(ctx context.Context, p Position, est float64) error {
	e.ctx, e.steps, e.local, e.saved = ctx, 0, -1, time.Now()
	e.limit = e.opt.Max(DefaultLimit)
	// The calculator remembers its comparisons: its steps are bounded by
	// the memory too.
	e.calc = partizan.NewCalculator(&budget.Options{Limit: min(calcSteps*e.limit, e.opt.MaxMemory(DefaultMemory)/calcBytes)})
	e.pos = p
	if est > e.limit {
		return &budget.TooLargeError{What: e.what(), Unit: "positions", Estimate: est, Limit: e.limit}
	}
	return ctx.Err()
}

// what names the call's position in a message.
func (e *Engine) what() string { return e.rules.Name() + " " + clip(e.pos.String()) }

// clip shortens a position's text for a message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// errCostly stops the valuation of a component the outcome search found
// too large to value.
var errCostly = fmt.Errorf("component too large to value")

// step counts a position expanded.
func (e *Engine) step() error {
	e.steps++
	if e.local >= 0 {
		if e.local == 0 {
			return errCostly
		}
		e.local--
	}
	if e.steps > e.limit {
		return &budget.TooLargeError{What: e.what(), Unit: "positions", Limit: e.limit}
	}
	if int64(e.steps)&255 == 0 {
		if err := e.ctx.Err(); err != nil {
			return err
		}
		if err := e.checkpoint(); err != nil {
			return err
		}
		e.opt.Report(int(e.steps), 0)
	}
	return nil
}

// options returns p's options for who (Left's for an impartial ruleset).
func (e *Engine) options(p Position, who Player) []Position {
	if e.impartial {
		who = Left
	}
	return p.Options(who)
}

// searchEstimate returns the sum of the estimates of p's components
// that the engine searches: those without a special engine (special
// reports whether a component has one), which count their own cost.
func (e *Engine) searchEstimate(p Position, special func(Position) bool) float64 {
	if !e.Generic && special != nil && special(p) {
		return 0
	}
	n := 0.0
	for _, c := range components(p) {
		if e.Generic || special == nil || !special(c) {
			n += estimate(c)
		}
	}
	return n
}

func isValuer(p Position) bool       { _, ok := p.(Valuer); return ok }
func isGrundyValuer(p Position) bool { _, ok := p.(GrundyValuer); return ok }

// Canonical returns the canonical form of p's value (for an impartial
// ruleset a nimber *n). It fails with a *budget.TooLargeError when p's
// estimate, or the positions it expands, pass the limit, and stops when
// ctx is cancelled.
func (e *Engine) Canonical(ctx context.Context, p Position) (*partizan.Game, error) {
	if err := e.short(); err != nil {
		return nil, err
	}
	if err := e.begin(ctx, p, e.searchEstimate(p, isValuer)); err != nil {
		return nil, err
	}
	g, err := e.canonical(p)
	return g, e.named(err)
}

// short fails for a loopy or transfinite ruleset.
func (e *Engine) short() error {
	if err := e.listable(); err != nil {
		return err
	}
	if e.rules.Kind()&Loopy != 0 {
		return InputErrorf("%s is loopy: its values are not short games", e.rules.Name())
	}
	return nil
}

func (e *Engine) canonical(p Position) (*partizan.Game, error) {
	// A position is looked up whole before it is split: the same board
	// is reached by many orders of moves, and its key costs less than
	// its components and their sum. A sum's key is its terms' keys.
	var key []byte
	if !isSum(p) && e.whole.worth() {
		start := len(e.keys)
		e.keys = p.AppendKey(e.keys)
		key = e.keys[start:]
		defer func() { e.keys = e.keys[:start] }()
		g, ok := e.recent.get(key)
		e.whole.count(ok, len(key))
		if ok {
			return g, nil
		}
	}
	return e.valued(p, key)
}

// canonicalAll sets gs[i] to the canonical form of ps[i], as canonical
// does, but looks every position up whole before valuing any: the
// look-ups miss the cache mostly, and made one after another, with
// nothing between them that waits for their answers, they wait for
// memory together.
func (e *Engine) canonicalAll(ps []Position, gs []*partizan.Game) error {
	if len(ps) < 2 || !e.whole.worth() {
		for i, p := range ps {
			g, err := e.canonical(p)
			if err != nil {
				return err
			}
			gs[i] = g
		}
		return nil
	}
	start := len(e.keys)
	defer func() { e.keys = e.keys[:start] }()
	// ends[i] is where ps[i]'s key ends in e.keys (a sum has none).
	var buf [64]int
	ends := buf[:0]
	for _, p := range ps {
		if !isSum(p) {
			e.keys = p.AppendKey(e.keys)
		}
		ends = append(ends, len(e.keys))
	}
	// The valuations below append to e.keys: keys keeps these.
	keys, from := e.keys, start
	for i, end := range ends {
		if end > from && e.whole.worth() {
			g, ok := e.recent.get(keys[from:end])
			e.whole.count(ok, end-from)
			gs[i] = g
			if !ok {
				gs[i] = nil
			}
		}
		from = end
	}
	from = start
	valued := false
	for i, p := range ps {
		end := ends[i]
		if gs[i] == nil {
			var key []byte
			if end > from {
				key = keys[from:end:end]
			}
			// An option valued before may have been this one's image.
			if valued && key != nil {
				if g, ok := e.recent.get(key); ok {
					gs[i], from = g, end
					continue
				}
			}
			valued = true
			g, err := e.valued(p, key)
			if err != nil {
				return err
			}
			gs[i] = g
		}
		from = end
	}
	return nil
}

// valued returns the canonical form of p, not found whole under its key
// (nil when p was not looked up whole).
func (e *Engine) valued(p Position, key []byte) (*partizan.Game, error) {
	if cs, ok := split(p); ok {
		gs := make([]*partizan.Game, len(cs))
		if err := e.canonicalAll(cs, gs); err != nil {
			return nil, err
		}
		g, err := e.sum(gs)
		if err == nil && key != nil {
			e.recent.put(key, g)
		}
		return g, err
	}
	if key == nil {
		key = p.AppendKey(nil)
	}
	if g, ok := e.canon.get(key); ok {
		e.recent.put(key, g)
		return g, nil
	}
	var g *partizan.Game
	var err error
	if v, ok := p.(Valuer); ok && !e.Generic {
		g, err = v.Value(e.ctx, e.special())
		if e.local >= 0 && isTooLarge(err) {
			err = errCostly
		}
	} else if g, err = e.negative(p); g == nil && err == nil {
		g, err = e.expand(p)
	}
	if err != nil {
		return nil, err
	}
	e.canon.put(key, g)
	e.recent.put(key, g)
	e.stored(key)
	return g, nil
}

// negative returns −G when p is a Negator whose negative's form G the
// engine holds (nil when it holds none): negating G costs less than
// valuing p's options, and in Clobber half the boards valued are the
// negatives of others.
func (e *Engine) negative(p Position) (*partizan.Game, error) {
	n, ok := p.(Negator)
	if !ok || e.impartial {
		return nil, nil
	}
	start := len(e.keys)
	e.keys = n.Neg().AppendKey(e.keys)
	g, ok := e.canon.get(e.keys[start:])
	e.keys = e.keys[:start]
	if !ok {
		return nil, nil
	}
	return e.calc.Neg(e.ctx, g)
}

// isSum reports whether p is one of the package's sums, whose key is
// made of its terms' keys.
func isSum(p Position) bool {
	switch p.(type) {
	case sum, replaced:
		return true
	}
	return false
}

// sum returns the sum of the games gs, through a table of the sums made
// so far keyed by the terms' digests: the components of one board recur
// in many of its positions, and adding canonical forms is the costly part
// of valuing them.
func (e *Engine) sum(gs []*partizan.Game) (*partizan.Game, error) {
	switch len(gs) {
	case 0:
		return partizan.Zero, nil
	case 1:
		return gs[0], nil
	}
	slices.SortFunc(gs, func(g, h *partizan.Game) int {
		dg, dh := g.Digest(), h.Digest()
		return bytes.Compare(dg[:], dh[:])
	})
	var buf [64]byte
	key := buf[:0]
	for _, g := range gs {
		d := g.Digest()
		key = append(key, d[:]...)
	}
	if g, ok := e.sums[string(key)]; ok {
		return g, nil
	}
	// The sum of all but the last term is often known already.
	rest, err := e.sum(gs[:len(gs)-1])
	if err != nil {
		return nil, err
	}
	g, err := e.calc.Sum(e.ctx, rest, gs[len(gs)-1])
	if err != nil {
		return nil, err
	}
	e.sums[string(key)] = g
	e.stored(key)
	return g, nil
}

// special returns the options a special engine gets: the caller's limit,
// in the special engine's units, or its own default when the caller set
// none; or the steps left for a component the outcome search values
// cheaply.
func (e *Engine) special() *budget.Options {
	opt := &budget.Options{Memory: e.opt.MaxMemory(DefaultMemory)}
	switch {
	case e.local >= 0:
		opt.Limit = max(e.local, 1)
	case e.opt != nil:
		opt.Limit = e.opt.Limit
	}
	return opt
}

// expand values p from its options.
func (e *Engine) expand(p Position) (*partizan.Game, error) {
	if err := e.step(); err != nil {
		return nil, err
	}
	var sides [2][]*partizan.Game
	for who := Left; who <= Right; who++ {
		if who == Right && e.impartial {
			sides[Right] = sides[Left]
			break
		}
		opts := p.Options(who)
		sides[who] = make([]*partizan.Game, len(opts))
		if err := e.canonicalAll(opts, sides[who]); err != nil {
			return nil, err
		}
	}
	return e.calc.New(e.ctx, sides[Left], sides[Right])
}

// Grundy returns the Grundy value of p, a position of an impartial
// ruleset. It fails with a *budget.TooLargeError when p's estimate, or the
// positions it expands, pass the limit, and stops when ctx is cancelled.
func (e *Engine) Grundy(ctx context.Context, p Position) (uint64, error) {
	if !e.impartial {
		return 0, InputErrorf("%s is partizan: its positions have no Grundy value (take its impartial variant)", e.rules.Name())
	}
	if e.rules.Kind()&Transfinite != 0 {
		a, err := e.Nimber(ctx, p)
		if err == nil && !a.IsFinite() {
			err = InputErrorf("%s: the value *%s is transfinite, not a Grundy value below 2^64", e.rules.Name(), a)
		}
		return a.Coeff(0), err
	}
	if err := e.short(); err != nil {
		return 0, err
	}
	if err := e.begin(ctx, p, e.searchEstimate(p, isGrundyValuer)); err != nil {
		return 0, err
	}
	return e.nimValue(p)
}

func (e *Engine) nimValue(p Position) (uint64, error) {
	if gv, ok := p.(GrundyValuer); ok && !e.Generic {
		// Its engine values it whole, knowing its parts better than a
		// split and a table would.
		return gv.Grundy(e.ctx, e.special())
	}
	if cs, ok := split(p); ok {
		var v uint64
		for _, c := range cs {
			g, err := e.nimValue(c)
			if err != nil {
				return 0, err
			}
			v ^= g
		}
		return v, nil
	}
	var buf [64]byte
	key := p.AppendKey(buf[:0])
	if v, ok := e.grundy[string(key)]; ok {
		return v, nil
	}
	if err := e.step(); err != nil {
		return 0, err
	}
	opts := p.Options(Left)
	vals := make([]uint64, len(opts))
	for i, o := range opts {
		g, err := e.nimValue(o)
		if err != nil {
			return 0, err
		}
		vals[i] = g
	}
	v := sg.Mex(vals)
	e.grundy[string(key)] = v
	e.stored(key)
	return v, nil
}

// Misere returns the misère canonical form of p, a position of an
// impartial ruleset (Conway, On Numbers and Games, ch. 12). It fails with
// a *budget.TooLargeError when p's estimate, or the positions it expands,
// pass the limit, and stops when ctx is cancelled.
func (e *Engine) Misere(ctx context.Context, p Position) (misere.Game, error) {
	if !e.impartial {
		return misere.Game{}, InputErrorf("%s is partizan: misère canonical forms are of impartial games (take its impartial variant)", e.rules.Name())
	}
	if err := e.short(); err != nil {
		return misere.Game{}, err
	}
	if err := e.begin(ctx, p, e.searchEstimate(p, nil)); err != nil {
		return misere.Game{}, err
	}
	return e.misereForm(p)
}

func (e *Engine) misereForm(p Position) (misere.Game, error) {
	if cs, ok := split(p); ok {
		forms := make([]misere.Game, len(cs))
		for i, c := range cs {
			g, err := e.misereForm(c)
			if err != nil {
				return misere.Game{}, err
			}
			forms[i] = g
		}
		return misere.Sum(e.ctx, e.special(), forms...)
	}
	var buf [64]byte
	key := p.AppendKey(buf[:0])
	if g, ok := e.mis[string(key)]; ok {
		return g, nil
	}
	if err := e.step(); err != nil {
		return misere.Game{}, err
	}
	opts := p.Options(Left)
	forms := make([]misere.Game, len(opts))
	for i, o := range opts {
		g, err := e.misereForm(o)
		if err != nil {
			return misere.Game{}, err
		}
		forms[i] = g
	}
	g := misere.FromOptions(forms...)
	e.mis[string(key)] = g
	e.stored(key)
	return g, nil
}

// Outcome returns who wins p under normal play (the last player to move
// wins), by a search of who wins that needs no canonical form: the search
// values the components it can value cheaply and sums them, and plays
// through the others (as MCGS does). Positions far too large for
// canonical forms are decided this way. For a loopy ruleset it finds the
// outcome on the graph of the positions reachable from p. It fails with a
// *budget.TooLargeError when the positions it expands pass the limit, and
// stops when ctx is cancelled.
func (e *Engine) Outcome(ctx context.Context, p Position) (outcome.Class, error) {
	if e.rules.Kind()&Transfinite != 0 {
		a, err := e.Nimber(ctx, p)
		return outcome.Impartial(!a.IsZero()), err
	}
	if e.rules.Kind()&Loopy != 0 {
		return e.loopyOutcome(ctx, p)
	}
	// A position that does not split is searched whole: its estimate
	// bounds the search.
	est := 0.0
	if _, splits := p.(Splitter); !splits {
		est = estimate(p)
	}
	if err := e.begin(ctx, p, est); err != nil {
		return 0, err
	}
	parts, s, err := e.absorb(nil, partizan.Zero, components(p))
	if err != nil {
		return 0, e.named(err)
	}
	var res [2]outcome.Result
	for who := Left; who <= Right; who++ {
		w, err := e.win(parts, s, who)
		if err != nil {
			return 0, e.named(err)
		}
		res[who] = outcome.RightWins
		if w == (who == Left) {
			res[who] = outcome.LeftWins
		}
	}
	return outcome.Of(res[Left], res[Right]), nil
}

// A part is a component the outcome search plays through, with its key.
type part struct {
	p   Position
	key string
	est float64 // its estimate
}

// absorb adds the components cs to the search state (parts, s): those
// valued cheaply into the sum s, the others into parts, kept sorted by key.
func (e *Engine) absorb(parts []part, s *partizan.Game, cs []Position) ([]part, *partizan.Game, error) {
	out, vals, err := e.classify(parts, cs)
	if err != nil {
		return nil, nil, err
	}
	s, err = e.fold(s, vals)
	return out, s, err
}

// classify adds the components cs to parts, kept sorted by key, but for
// those valued cheaply, whose values it returns.
func (e *Engine) classify(parts []part, cs []Position) ([]part, []*partizan.Game, error) {
	out := parts
	cloned := false
	var vals []*partizan.Game
	for _, c := range cs {
		g, ok, err := e.cheap(c)
		if err != nil {
			return nil, nil, err
		}
		if ok {
			if !g.Equal(partizan.Zero) {
				vals = append(vals, g)
			}
			continue
		}
		if !cloned {
			out, cloned = slices.Clone(parts), true
		}
		key := string(c.AppendKey(nil))
		i, found := slices.BinarySearchFunc(out, key, func(x part, k string) int { return strings.Compare(x.key, k) })
		if found && e.impartial {
			// G + G = 0 in an impartial game: a pair cancels.
			out = slices.Delete(out, i, i+1)
			continue
		}
		if n, ok := c.(Negator); ok && !e.impartial {
			// G + (−G) = 0.
			nk := string(n.Neg().AppendKey(nil))
			if j, found := slices.BinarySearchFunc(out, nk, func(x part, k string) int { return strings.Compare(x.key, k) }); found {
				out = slices.Delete(out, j, j+1)
				continue
			}
		}
		out = slices.Insert(out, i, part{c, key, estimate(c)})
	}
	return out, vals, nil
}

// fold returns s plus the values vals.
func (e *Engine) fold(s *partizan.Game, vals []*partizan.Game) (*partizan.Game, error) {
	for _, g := range vals {
		if s.Equal(partizan.Zero) {
			s = g
			continue
		}
		var err error
		if s, err = e.calc.Sum(e.ctx, s, g); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// cheap returns the canonical form of the component c when it is known
// or costs at most cheapLimit positions (cheapPartizan in a partizan
// ruleset without a special engine, CheapLimit's for a cheapLimiter).
func (e *Engine) cheap(c Position) (*partizan.Game, bool, error) {
	var buf [64]byte
	key := c.AppendKey(buf[:0])
	if g, ok := e.canon.get(key); ok {
		return g, true, nil
	}
	if e.costly[string(key)] {
		return nil, false, nil
	}
	var g *partizan.Game
	var err error
	gv, nim := c.(GrundyValuer)
	v, special := c.(Valuer)
	limit := float64(cheapLimit)
	if cl, ok := c.(cheapLimiter); ok && special && !e.Generic {
		limit = cl.CheapLimit()
	}
	if !e.impartial && (!special || e.Generic) {
		limit = cheapPartizan
	}
	switch {
	case nim && e.impartial && !e.Generic:
		// A special engine's Grundy value is the component's nimber.
		var n uint64
		n, err = gv.Grundy(e.ctx, e.special())
		switch {
		case err == nil && n <= partizan.MaxNimber:
			g = partizan.Nimber(int(n))
			e.canon.put(key, g)
			e.stored(key)
		case err == nil || isTooLarge(err):
			err = errCostly
		}
	case estimate(c) > limit:
		err = errCostly
	case special && !e.Generic:
		// Its work counts as specialCost positions, or the limit's worth
		// when it refuses.
		g, err = v.Value(e.ctx, &budget.Options{Limit: limit, Memory: e.opt.MaxMemory(DefaultMemory)})
		cost := float64(specialCost)
		if isTooLarge(err) {
			cost, err = limit, errCostly
		}
		e.steps += cost - 1
		if serr := e.step(); serr != nil {
			return nil, false, serr
		}
		if err == nil {
			e.canon.put(key, g)
			e.stored(key)
		}
	default:
		e.local = limit
		g, err = e.canonical(c)
		e.local = -1
	}
	switch {
	case err == errCostly:
		e.costly[string(key)] = true
		e.stored(key)
		return nil, false, nil
	case err != nil:
		return nil, false, err
	}
	return g, true, nil
}

// named returns err, a refusal of the call's sums and comparisons named
// after the position.
func (e *Engine) named(err error) error {
	var tl *budget.TooLargeError
	if errors.As(err, &tl) && tl.Unit == "steps" {
		return &budget.TooLargeError{What: e.what(), Unit: "steps of sums and comparisons", Estimate: tl.Estimate, Limit: tl.Limit}
	}
	return err
}

// win reports whether who, moving first, wins the sum of parts and s.
func (e *Engine) win(parts []part, s *partizan.Game, who Player) (bool, error) {
	if e.impartial {
		who = Left // both players have the same moves
	}
	if len(parts) == 0 {
		return e.sumWins(s, who)
	}
	return e.winKeyed(parts, s, who, winKey(parts, s, who))
}

// sumWins reports whether who, moving first, wins the short game s: its
// outcome, from its comparison with 0, which the engine remembers.
func (e *Engine) sumWins(s *partizan.Game, who Player) (bool, error) {
	o, ok := e.signs[s.Digest()]
	if !ok {
		if x, isNum := s.AsNumber(); isNum {
			o = [...]outcome.Class{outcome.R, outcome.P, outcome.L}[x.Sign()+1]
		} else {
			r, err := e.calc.Compare(e.ctx, s, partizan.Zero)
			if err != nil {
				return false, err
			}
			o = [...]outcome.Class{partizan.Equal: outcome.P, partizan.Greater: outcome.L, partizan.Less: outcome.R, partizan.Fuzzy: outcome.N}[r]
			d := s.Digest()
			e.signs[d] = o
			e.stored(d[:])
		}
	}
	if who == Left {
		return o.LeftFirst() == outcome.LeftWins, nil
	}
	return o.RightFirst() == outcome.RightWins, nil
}

// winKeyed is win on a state with parts, whose table key is key.
func (e *Engine) winKeyed(parts []part, s *partizan.Game, who Player, key []byte) (bool, error) {
	if w, ok := e.wins[string(key)]; ok {
		return w, nil
	}
	if err := e.step(); err != nil {
		return false, err
	}
	w, err := e.tryMoves(parts, s, who)
	if err != nil {
		return false, err
	}
	e.wins[string(key)] = w
	e.stored(key)
	return w, nil
}

// A child is a search state a move leads to, with its key in the table
// and the cost of its parts: the sum of their estimates, then of their
// keys' lengths.
type child struct {
	parts     []part
	s         *partizan.Game
	key       []byte
	est, size float64
}

// tryMoves reports whether who, moving first, wins the sum of parts and
// s. It makes every move first, and wins at once by a move to a state
// the table or the value s decides; then it searches the others, those
// with the least left to search first: a move that splits a part, or
// makes it cheap, is often decided soon whichever way it goes.
func (e *Engine) tryMoves(parts []part, s *partizan.Game, who Player) (bool, error) {
	next := who.Other()
	if e.impartial {
		next = Left
	}
	var kids []child
	// consider reports whether the state (ps, ns) wins for who at once,
	// keeping it to search otherwise.
	consider := func(ps []part, ns *partizan.Game) (bool, error) {
		if len(ps) == 0 {
			w, err := e.sumWins(ns, next)
			return !w, err
		}
		key := winKey(ps, ns, next)
		if w, ok := e.wins[string(key)]; ok {
			return !w, nil
		}
		c := child{parts: ps, s: ns, key: key}
		for _, pt := range ps {
			c.est += pt.est
			c.size += float64(len(pt.key))
		}
		kids = append(kids, c)
		return false, nil
	}
	for i, pt := range parts {
		rest := slices.Delete(slices.Clone(parts), i, i+1)
		for _, o := range e.options(pt.p, who) {
			if err := e.step(); err != nil {
				return false, err
			}
			ps, ns, err := e.absorb(rest, s, components(o))
			if err != nil {
				return false, err
			}
			if w, err := consider(ps, ns); err != nil || w {
				return w, err
			}
		}
	}
	opts := s.Left()
	if who == Right {
		opts = s.Right()
	}
	for _, o := range opts {
		if w, err := consider(parts, o); err != nil || w {
			return w, err
		}
	}
	slices.SortStableFunc(kids, func(a, b child) int {
		if a.est != b.est {
			return cmpFloat(a.est, b.est)
		}
		return cmpFloat(a.size, b.size)
	})
	for _, c := range kids {
		w, err := e.winKeyed(c.parts, c.s, next, c.key)
		if err != nil || !w {
			return err == nil, err
		}
	}
	return false, nil
}

// cmpFloat compares two costs.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// winKey returns the table key of the search state: the player, the
// parts' keys and the digest of s.
func winKey(parts []part, s *partizan.Game, who Player) []byte {
	b := []byte{'w', byte(who)}
	d := s.Digest()
	b = append(b, d[:]...)
	for _, pt := range parts {
		b = appendLen(b, len(pt.key))
		b = append(b, pt.key...)
	}
	return b
}

// MisereOutcome returns who wins p under misère play (the last player to
// move loses), by a search of the whole position. It fails with a
// *budget.TooLargeError when p's estimate, or the positions it expands,
// pass the limit, and stops when ctx is cancelled.
func (e *Engine) MisereOutcome(ctx context.Context, p Position) (outcome.Class, error) {
	if err := e.short(); err != nil {
		return 0, err
	}
	if err := e.begin(ctx, p, estimate(p)); err != nil {
		return 0, err
	}
	var res [2]outcome.Result
	for who := Left; who <= Right; who++ {
		w, err := e.misereWin(p, who)
		if err != nil {
			return 0, err
		}
		res[who] = outcome.RightWins
		if w == (who == Left) {
			res[who] = outcome.LeftWins
		}
	}
	return outcome.Of(res[Left], res[Right]), nil
}

func (e *Engine) misereWin(p Position, who Player) (bool, error) {
	if e.impartial {
		who = Left
	}
	key := append([]byte{'m', byte(who)}, p.AppendKey(nil)...)
	if w, ok := e.wins[string(key)]; ok {
		return w, nil
	}
	if err := e.step(); err != nil {
		return false, err
	}
	opts := p.Options(who)
	w := len(opts) == 0 // who cannot move, and wins
	for _, o := range opts {
		ow, err := e.misereWin(o, who.Other())
		if err != nil {
			return false, err
		}
		if !ow {
			w = true
			break
		}
	}
	e.wins[string(key)] = w
	e.stored(key)
	return w, nil
}

// isTooLarge reports whether err is a budget refusal.
func isTooLarge(err error) bool { return errors.Is(err, budget.ErrTooLarge) }
