package grid

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/nimbers/grundy/games"
)

// This file holds CGSuite's GenClobber: Clobber with its rules as
// parameters. Clobber, Anti-Clobber, Hot Clobber, Kings, Knights, Rooks
// and Queens are its instances; all but Clobber (which keeps its own
// word-parallel moves) play through the genRule code here.

// A genRule is a set of GenClobber's parameters. Square values are
// CGSuite's: 0 empty, 1 a black (Left) stone, 2 a white (Right) one.
type genRule struct {
	dirs    []step   // the directions a stone moves in
	clob    [2]uint8 // per player, bit v: a stone may move onto a square of value v
	behind  [2]uint8 // per player, the value left on the square a stone leaves
	maxDist int      // the most steps a stone moves, 0 for no limit
	both    []step   // bothWays: set before the rule is shared
}

// The parameter sets of the fixed instances.
var (
	clobberGen     = &genRule{dirs: orthogonal, clob: [2]uint8{1 << 2, 1 << 1}, maxDist: 1}
	antiClobberGen = &genRule{dirs: orthogonal, clob: [2]uint8{1, 1}, behind: [2]uint8{2, 1}, maxDist: 1}
	hotClobberGen  = &genRule{dirs: orthogonal, clob: [2]uint8{6, 6}, maxDist: 1}
	kingsGen       = &genRule{dirs: compass, clob: [2]uint8{1 << 2, 1 << 1}, maxDist: 1}
	knightsGen     = &genRule{dirs: knightsMove, clob: [2]uint8{1 << 2, 1 << 1}, maxDist: 1}
	rooksGen       = &genRule{dirs: orthogonal, clob: [2]uint8{1 << 2, 1 << 1}}
	queensGen      = &genRule{dirs: compass, clob: [2]uint8{1 << 2, 1 << 1}}
)

// fixedGen returns the parameters of a fixed instance g, or nil.
func fixedGen(g rule) *genRule {
	switch g {
	case antiClobber:
		return antiClobberGen
	case hotClobber:
		return hotClobberGen
	case kings:
		return kingsGen
	case knights:
		return knightsGen
	case rooks:
		return rooksGen
	case queens:
		return queensGen
	}
	return nil
}

// oneStep reports whether a stone moves one step only.
func (r *genRule) oneStep() bool { return r.maxDist == 1 }

// ontoEmpty reports whether some stone may move onto an empty square.
func (r *genRule) ontoEmpty() bool { return (r.clob[0]|r.clob[1])&1 != 0 }

// fills reports whether empty squares only ever fill up and stones are
// never moved onto, with one-step moves (Anti-Clobber): a stone with no
// empty square a step away then never moves.
func (r *genRule) fills() bool {
	if !r.oneStep() || (r.clob[0]|r.clob[1])&^1 != 0 {
		return false
	}
	for who := range 2 {
		if r.clob[who] != 0 && r.behind[who] == 0 {
			return false
		}
	}
	return true
}

// bothWays returns the directions and their opposites, computed once.
func (r *genRule) bothWays() []step {
	if r.both == nil {
		out := slices.Clone(r.dirs)
		for _, d := range r.dirs {
			if o := (step{-d.dr, -d.dc}); !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
		r.both = out
	}
	return r.both
}

func init() {
	for _, r := range []*genRule{clobberGen, antiClobberGen, hotClobberGen, kingsGen, knightsGen, rooksGen, queensGen} {
		r.bothWays()
	}
}

// moves appends to out the moves of who on b.
func (r *genRule) moves(b *cells, who games.Player, out []change) []change {
	us := b.black
	if who == games.Right {
		us = b.white
	}
	value := func(i int) uint8 {
		bit := uint64(1) << i
		switch {
		case b.empty&bit != 0:
			return 0
		case b.black&bit != 0:
			return 1
		case b.white&bit != 0:
			return 2
		}
		return 3
	}
	put := func(m uint64, v uint8) change {
		switch v {
		case 1:
			return change{black: m}
		case 2:
			return change{white: m}
		}
		return change{empty: m}
	}
	mine := uint8(1 + who)
	for m := us; m != 0; m &= m - 1 {
		from := bits.TrailingZeros64(m)
		for _, d := range r.dirs {
			to := b.step(from, d)
			for n := 1; to >= 0 && (r.maxDist == 0 || n < r.maxDist) && b.empty>>to&1 != 0; n++ {
				to = b.step(to, d)
			}
			if to < 0 || r.clob[who]>>value(to)&1 == 0 {
				continue
			}
			c, o := put(1<<to, mine), put(1<<from, r.behind[who])
			c.empty |= o.empty
			c.black |= o.black
			c.white |= o.white
			out = append(out, c)
		}
	}
	return out
}

// live returns the squares whose connected pieces under reach are the
// regions of b: the stones, with the empty squares where a stone may
// move onto one; where empty squares only fill up, not the stones with
// no empty square a step away, which never move.
func (r *genRule) live(b *cells) uint64 {
	stones := b.black | b.white
	switch {
	case r.fills():
		rows, cols := int(b.rows), int(b.cols)
		var near uint64
		for _, d := range r.bothWays() {
			near |= shift(b.empty, d, rows, cols)
		}
		return stones&near | b.empty
	case r.ontoEmpty():
		return stones | b.empty
	}
	return stones
}

// reach returns comp with the squares a move from or to comp may touch:
// whole lines through it where stones slide (two stones on a line may
// meet once the squares between are cleared), else the squares a step
// away either way, and where empty squares only fill up, the empty ones
// a step from a stone and every square a step from an empty one.
func (r *genRule) reach(b *cells, comp uint64) uint64 {
	rows, cols := int(b.rows), int(b.cols)
	out := comp
	switch {
	case !r.oneStep():
		for _, d := range r.bothWays() {
			for line := comp; ; {
				next := line | shift(line, d, rows, cols)
				if next == line {
					out |= line
					break
				}
				line = next
			}
		}
	case r.fills():
		for _, d := range r.bothWays() {
			out |= shift(comp&b.empty, d, rows, cols) | shift(comp, d, rows, cols)&b.empty
		}
	default:
		for _, d := range r.bothWays() {
			out |= shift(comp, d, rows, cols)
		}
	}
	return out
}

// playable reports whether a component comp of b may have a move: it
// has two squares, and a player has a stone and a value in comp that a
// stone may move onto. Else no move ever changes it.
func (r *genRule) playable(b *cells, comp uint64) bool {
	if comp&(comp-1) == 0 {
		return false
	}
	var vals uint8
	if comp&b.empty != 0 {
		vals |= 1
	}
	if comp&b.black != 0 {
		vals |= 2
	}
	if comp&b.white != 0 {
		vals |= 4
	}
	for who := range 2 {
		if vals>>(1+who)&1 != 0 && r.clob[who]&vals != 0 {
			return true
		}
	}
	return false
}

// outside returns how a component's box is filled outside it: open
// lines where stones slide, '#' where they move onto empty squares, and
// else empty squares, which then play as '#'.
func (r *genRule) outside() int {
	switch {
	case !r.oneStep():
		return outsideOpen
	case r.ontoEmpty():
		return outsideFilled
	}
	return outsideEmpty
}

// masks returns two masks that tell apart the squares r tells apart:
// the stones of each colour where '.' and '#' play alike, else the
// stones and the squares white or empty.
func (r *genRule) masks(b *cells) (x, y uint64) {
	if r.oneStep() && !r.ontoEmpty() {
		return b.black, b.white
	}
	return b.black | b.white, b.white | b.empty
}

// estimate returns 2^n for n stones where moves take stones, 2^k for k
// empty squares where they only fill them, and 2^(n+k) otherwise.
func (r *genRule) estimate(b *cells) float64 {
	stones := bits.OnesCount64(b.black | b.white)
	empty := bits.OnesCount64(b.empty)
	switch {
	case !r.ontoEmpty():
		return math.Ldexp(1, stones)
	case r.behind[0] != 0 && r.behind[1] != 0:
		return math.Ldexp(1, empty)
	}
	return math.Ldexp(1, stones+empty)
}

// The direction sets CGSuite's Coordinates names.
var namedDirs = []struct {
	name string
	dirs []step
}{
	{"Orthogonal", orthogonal},
	{"Diagonal", []step{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}}},
	{"Compass", compass},
	{"Hexagonal", []step{{-1, 0}, {-1, 1}, {0, 1}, {1, 0}, {1, -1}, {0, -1}}},
	{"KnightsMove", knightsMove},
}

// sameDirs reports whether a and b hold the same directions.
func sameDirs(a, b []step) bool {
	if len(a) != len(b) {
		return false
	}
	for _, d := range a {
		if !slices.Contains(b, d) {
			return false
		}
	}
	return true
}

func (r *genRule) equal(s *genRule) bool {
	return sameDirs(r.dirs, s.dirs) && r.clob == s.clob && r.behind == s.behind && r.maxDist == s.maxDist
}

// splitTop splits s at the commas outside brackets, braces and
// parentheses.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// parseGenClobber reads GenClobber's arguments: name=value pairs split
// by commas, any of directions, clobbered, leftBehind and maxDistance,
// each at most once.
func parseGenClobber(s string) (*genRule, error) {
	r := &genRule{dirs: orthogonal, clob: clobberGen.clob, maxDist: 1}
	if strings.TrimSpace(s) == "" {
		return r, nil
	}
	seen := map[string]bool{}
	at := 0
	for _, arg := range splitTop(s) {
		name, val, ok := strings.Cut(arg, "=")
		name = strings.ToLower(strings.TrimSpace(name))
		val = strings.TrimSpace(strings.TrimPrefix(val, ">"))
		fail := func(format string, a ...any) error {
			return games.InputErrorf("gen-clobber: at offset %d: "+format, append([]any{at}, a...)...)
		}
		switch {
		case !ok:
			return nil, fail("%q is not NAME=VALUE (directions, clobbered, leftBehind or maxDistance)", arg)
		case seen[name]:
			return nil, fail("%s given twice", name)
		}
		seen[name] = true
		var err error
		switch name {
		case "directions":
			r.dirs, err = parseDirs(val)
		case "clobbered":
			err = parsePair(val, true, &r.clob)
		case "leftbehind":
			err = parsePair(val, false, &r.behind)
		case "maxdistance":
			r.maxDist = 0
			if !strings.EqualFold(val, "inf") {
				r.maxDist, err = strconv.Atoi(val)
				if err != nil || r.maxDist < 1 {
					err = fmt.Errorf("maxDistance %q is not a positive integer or inf", val)
				}
			}
		default:
			return nil, fail("unknown argument %q: use directions, clobbered, leftBehind or maxDistance", name)
		}
		if err != nil {
			return nil, fail("%v", err)
		}
		at += len(arg) + 1
	}
	if r.maxDist >= MaxCells {
		r.maxDist = 0 // no board is longer
	}
	if err := r.short(); err != nil {
		return nil, games.InputErrorf("gen-clobber:%s: %v", s, err)
	}
	r.bothWays()
	return r, nil
}

// parseDirs reads a named direction set or a list [(r,c),…].
func parseDirs(s string) ([]step, error) {
	for _, n := range namedDirs {
		if strings.EqualFold(s, n.name) {
			return n.dirs, nil
		}
	}
	body, ok := strings.CutPrefix(s, "[")
	if body, ok2 := strings.CutSuffix(body, "]"); ok && ok2 {
		var out []step
		for _, t := range splitTop(body) {
			t = strings.TrimSpace(t)
			in, ok := strings.CutPrefix(t, "(")
			in, ok2 := strings.CutSuffix(in, ")")
			a, b, ok3 := strings.Cut(in, ",")
			dr, err1 := strconv.Atoi(strings.TrimSpace(a))
			dc, err2 := strconv.Atoi(strings.TrimSpace(b))
			switch {
			case !ok || !ok2 || !ok3 || err1 != nil || err2 != nil:
				return nil, fmt.Errorf("direction %q is not (ROW,COL)", t)
			case dr == 0 && dc == 0 || max(dr, -dr, dc, -dc) >= MaxCells:
				return nil, fmt.Errorf("direction %q: not (0,0), each part under %d", t, MaxCells)
			}
			if d := (step{dr, dc}); !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
		if len(out) > 0 {
			return out, nil
		}
	}
	return nil, fmt.Errorf("directions %q: name Orthogonal, Diagonal, Compass, Hexagonal or KnightsMove, or list [(ROW,COL),…]", s)
}

// parsePair reads LEFT|RIGHT, or one value for both: sets {0,2} (or a
// lone value) when set, else values 0 (empty), 1 (black) or 2 (white).
func parsePair(s string, set bool, out *[2]uint8) error {
	parts := strings.Split(s, "|")
	if len(parts) == 1 {
		parts = append(parts, parts[0])
	}
	if len(parts) != 2 {
		return fmt.Errorf("%q is not LEFT|RIGHT", s)
	}
	for who, p := range parts {
		p = strings.TrimSpace(p)
		if !set {
			v, err := strconv.Atoi(p)
			if err != nil || v < 0 || v > 2 {
				return fmt.Errorf("%q is not 0 (empty), 1 (black) or 2 (white)", p)
			}
			out[who] = uint8(v)
			continue
		}
		if in, ok := strings.CutPrefix(p, "{"); ok {
			in, ok = strings.CutSuffix(in, "}")
			if !ok {
				return fmt.Errorf("%q has no closing '}'", p)
			}
			p = in
		}
		out[who] = 0
		if strings.TrimSpace(p) == "" {
			continue
		}
		for _, t := range strings.Split(p, ",") {
			v, err := strconv.Atoi(strings.TrimSpace(t))
			if err != nil || v < 0 || v > 2 {
				return fmt.Errorf("%q is not a set of 0 (empty), 1 (black) and 2 (white)", p)
			}
			out[who] |= 1 << v
		}
	}
	return nil
}

// short returns an error when play could go on forever: when a chain of
// moves may turn a value back into itself (the square moved onto is
// left behind as the value it had, as a stone moving onto empty squares
// and leaving them empty). Else a weight on the values falls with every
// move and play ends.
func (r *genRule) short() error {
	// edge[t] has bit u when a move turns a value t into u: the mover's
	// square t becomes the mover's stone and its own square u.
	var edge [3]uint8
	for who := range 2 {
		for t := range 3 {
			if r.clob[who]>>t&1 != 0 {
				edge[t] |= 1 << r.behind[who]
			}
		}
	}
	for t := range 3 {
		reach := edge[t]
		for range 3 {
			for u := range 3 {
				if reach>>u&1 != 0 {
					reach |= edge[u]
				}
			}
		}
		if reach>>t&1 != 0 {
			return fmt.Errorf("play could go on forever (a move may leave behind value %d, which is moved onto): grundy takes the rules where it ends", t)
		}
	}
	return nil
}

// String writes the arguments that differ from Clobber's, as
// parseGenClobber reads them.
func (r *genRule) String() string {
	var args []string
	if !sameDirs(r.dirs, orthogonal) {
		name := ""
		for _, n := range namedDirs {
			if sameDirs(r.dirs, n.dirs) {
				name = n.name
			}
		}
		if name == "" {
			var ds []string
			for _, d := range r.dirs {
				ds = append(ds, fmt.Sprintf("(%d,%d)", d.dr, d.dc))
			}
			name = "[" + strings.Join(ds, ",") + "]"
		}
		args = append(args, "directions="+name)
	}
	set := func(m uint8) string {
		var vs []string
		for v := range 3 {
			if m>>v&1 != 0 {
				vs = append(vs, strconv.Itoa(v))
			}
		}
		return "{" + strings.Join(vs, ",") + "}"
	}
	if r.clob != clobberGen.clob {
		args = append(args, "clobbered="+set(r.clob[0])+"|"+set(r.clob[1]))
	}
	if r.behind != [2]uint8{} {
		args = append(args, fmt.Sprintf("leftBehind=%d|%d", r.behind[0], r.behind[1]))
	}
	switch r.maxDist {
	case 1:
	case 0:
		args = append(args, "maxDistance=inf")
	default:
		args = append(args, "maxDistance="+strconv.Itoa(r.maxDist))
	}
	return strings.Join(args, ",")
}

// GenClobber returns CGSuite's GenClobber with the arguments args, as
// "gen-clobber:ARGS" names it: the ruleset of a fixed instance (Clobber,
// Anti-Clobber, Hot Clobber, Kings, Knights, Rooks, Queens) when the
// arguments are its, else a ruleset named gen-clobber:ARGS. It fails,
// wrapping games.ErrInput, for a malformed argument or rules under which
// play could go on forever.
func GenClobber(args string) (games.Ruleset, error) {
	r, err := parseGenClobber(args)
	if err != nil {
		return nil, err
	}
	for _, g := range []rule{clobber, antiClobber, hotClobber, kings, knights, rooks, queens} {
		f := fixedGen(g)
		if g == clobber {
			f = clobberGen
		}
		if r.equal(f) {
			return Rules{g}, nil
		}
	}
	return genRules{r}, nil
}

// genRules is GenClobber with parameters no fixed instance has.
type genRules struct{ r *genRule }

func (v genRules) Name() string     { return "gen-clobber:" + v.r.String() }
func (v genRules) Kind() games.Kind { return 0 }

func (v genRules) Parse(s string) (games.Position, error) {
	b, err := parseBoard(s, hotClobber)
	if err != nil {
		return nil, err
	}
	return &genPos{b, v.r}, nil
}

// A genPos is a board of a GenClobber instance. It is a Splitter and an
// Estimator.
type genPos struct {
	cells
	r *genRule
}

func (p *genPos) String() string { return p.cells.String() }

func (p *genPos) Options(who games.Player) []games.Position {
	moves := p.r.moves(&p.cells, who, nil)
	if len(moves) == 0 {
		return nil
	}
	slab := make([]genPos, len(moves))
	out := make([]games.Position, len(moves))
	for k, c := range moves {
		touched := c.empty | c.black | c.white
		b := p.cells
		b.part = false
		b.black = b.black&^touched | c.black
		b.white = b.white&^touched | c.white
		b.empty = b.empty&^touched | c.empty
		slab[k] = genPos{b, p.r}
		out[k] = &slab[k]
	}
	return out
}

// Components returns the board's regions under the rule's reach, each
// cropped as outside says, or nil for a region.
func (p *genPos) Components() []games.Position {
	b := &p.cells
	if b.part {
		return nil
	}
	live := p.r.live(b)
	var out []games.Position
	for rest := live; rest != 0; {
		comp := rest & -rest
		for {
			grow := p.r.reach(b, comp) & live
			if grow == comp {
				break
			}
			comp = grow
		}
		rest &^= comp
		if p.r.playable(b, comp) {
			out = append(out, &genPos{cropGen(b, comp, p.r.outside()), p.r})
		}
	}
	if len(out) == 0 {
		return []games.Position{&genPos{cells{rows: 1, cols: 1, part: true}, p.r}}
	}
	return out
}

// cropGen returns the region comp of b within its box, the squares
// outside it filled as outside says.
func cropGen(b *cells, comp uint64, outside int) cells {
	rows, cols := int(b.rows), int(b.cols)
	r0, r1, c0, c1 := rows, -1, cols, -1
	for m := comp; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		r0, r1 = min(r0, i/cols), max(r1, i/cols)
		c0, c1 = min(c0, i%cols), max(c1, i%cols)
	}
	h, w := r1-r0+1, c1-c0+1
	out := cells{rows: uint8(h), cols: uint8(w), part: true, g: b.g}
	for r := range h {
		for c := range w {
			from, to := uint64(1)<<((r0+r)*cols+c0+c), uint64(1)<<(r*w+c)
			switch {
			case comp&from == 0:
				if outside == outsideEmpty || outside == outsideOpen && (b.black|b.white|b.empty)&from != 0 {
					out.empty |= to
				}
			case b.black&from != 0:
				out.black |= to
			case b.white&from != 0:
				out.white |= to
			case b.empty&from != 0:
				out.empty |= to
			}
		}
	}
	return out
}

// symmetries returns the symmetries of the rectangle, as numbers 0 to
// 7, that map r's directions onto themselves: bit 2 transposes first,
// then bit 0 reverses the rows and bit 1 the columns.
func (r *genRule) symmetries() []int {
	var out []int
	for k := range 8 {
		ok := true
		for _, d := range r.dirs {
			if !slices.Contains(r.dirs, symStep(k, d)) {
				ok = false
			}
		}
		if ok {
			out = append(out, k)
		}
	}
	return out
}

// symStep returns d under symmetry k.
func symStep(k int, d step) step {
	if k&4 != 0 {
		d.dr, d.dc = d.dc, d.dr
	}
	if k&1 != 0 {
		d.dr = -d.dr
	}
	if k&2 != 0 {
		d.dc = -d.dc
	}
	return d
}

// symMask returns m of a rows × cols board under symmetry k, and the
// image's rows and columns.
func symMask(k int, m uint64, rows, cols int) (uint64, int, int) {
	if k&4 != 0 {
		m = transpose(m, rows, cols)
		rows, cols = cols, rows
	}
	if k&1 != 0 {
		m = flipRows(m, rows, cols)
	}
	if k&2 != 0 {
		m = turn(flipRows(m, rows, cols), rows*cols)
	}
	return m, rows, cols
}

// AppendKey appends the board's size and masks, the least image under
// the symmetries that keep the rules.
func (p *genPos) AppendKey(dst []byte) []byte {
	x, y := p.r.masks(&p.cells)
	rows, cols := int(p.rows), int(p.cols)
	var best [4]uint64
	first := true
	for _, k := range p.r.symmetries() {
		a, h, w := symMask(k, x, rows, cols)
		b, _, _ := symMask(k, y, rows, cols)
		c := [4]uint64{uint64(h), uint64(w), a, b}
		if first || slices.Compare(c[:], best[:]) < 0 {
			best, first = c, false
		}
	}
	dst = append(dst, byte(best[0]), byte(best[1]))
	nb := (rows*cols + 7) / 8
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], best[2])
	dst = append(dst, buf[:nb]...)
	binary.LittleEndian.PutUint64(buf[:], best[3])
	return append(dst, buf[:nb]...)
}

// Estimate returns the rule's estimate of the components a search
// values: 2^n for n stones where moves take stones, 2^k for k empty
// squares where they fill them.
func (p *genPos) Estimate() float64 { return p.r.estimate(&p.cells) }

func init() {
	games.Register(games.Entry{
		Name: "gen-clobber", Param: "ARGS", Optional: true,
		Summary: "CGSuite's GenClobber: Clobber with its rules as arguments, the directions a stone moves, what it may move onto, what it leaves behind and how far it slides",
		Notation: boardNotation + ", 'x' black, 'o' white, '.' empty, '#' off the board (at most 64 squares); ARGS as CGSuite's, NAME=VALUE split by commas, each optional: " +
			"directions=Orthogonal (Diagonal, Compass, Hexagonal, KnightsMove, or [(ROW,COL),…] with rows downward), " +
			"clobbered={2}|{1} (Left's|Right's sets of values a stone may move onto: 0 empty, 1 black, 2 white; one set for both), " +
			"leftBehind=0|0 (the value left where a stone was), maxDistance=1 (or inf: a stone slides over empty squares up to that far and moves onto the square it stops on): " +
			"\"gen-clobber:directions=Diagonal\" \"xoxo|oox.|xxx.\"",
		Example: []string{"gen-clobber:directions=Diagonal", "xoxo|oox.|xxx."},
		New:     GenClobber,
	})
}
