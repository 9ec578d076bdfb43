package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/plot"
)

// sequenceFlags are the flags of octal, subtraction and grundys-game.
var (
	sequenceValued = []string{"n", "png", "budget", "out", "checkpoint", "checkpoint-every", "resume", "max-memory"}
	sequenceBool   = []string{"period", "rare"}
)

// defaultCheckpointEvery is how often a checkpointed run saves.
const defaultCheckpointEvery = 2 * time.Minute

// sequenceCommand runs octal, subtraction and grundys-game: want is the
// number of operands (the game's rule; none for grundys-game), operands
// says what they are, and parse reads them.
func sequenceCommand(e *env, args []string, want int, operands string, parse func([]string) (*heap.Game, error)) error {
	pos, vals, set, err := flagArgs(args, sequenceValued, sequenceBool)
	if err != nil {
		return err
	}
	if len(pos) != want {
		return errOperands(operands, len(pos))
	}
	path, picture := vals["png"]
	_, out := vals["out"]
	switch {
	case picture && e.json:
		return errNoJSON
	case picture && set["period"]:
		return fmt.Errorf("--png and --period do not go together (the chart names the period)")
	case set["rare"] && (picture || set["period"]):
		return fmt.Errorf("--rare goes with neither --png nor --period")
	case picture && out:
		return fmt.Errorf("--png and --out do not go together")
	}
	g, err := parse(pos)
	if err != nil {
		return err
	}
	n, err := intFlag(vals, "n", -1, 1, maxSequence)
	if err != nil {
		return err
	}
	// Only a run that writes its values to a file and prints a summary
	// needs none of them in memory at the end.
	keep := !out || set["period"] || set["rare"]
	v, s, err := runSequence(e, g, n, vals, keep)
	if err != nil {
		return err
	}
	if v == nil && keep {
		v = s.Values(nil, 0, s.Len())
	}
	switch {
	case picture:
		var pp *heap.Period
		if p, ok := g.Period(v); ok {
			pp = &p
		}
		return writePNG(e, path, plot.Sequence(v, pp, plot.SequenceTitle(g.Name(), len(v), pp)))
	case set["period"]:
		return writePeriod(e, g, v)
	case set["rare"]:
		c := heap.SparseClasses(v)
		twist := ""
		if c.Twist {
			twist = ", twisted by heap parity"
		}
		return e.emit(struct {
			Mask  string     `json:"mask"`
			Twist bool       `json:"twist"`
			Rare  []rareHeap `json:"rare"`
		}{fmt.Sprintf("%#x", c.Mask), c.Twist, rareHeaps(c.Rare, v)}, func() {
			w := e.commit()
			fmt.Fprintf(w, "mask %#x%s: %d sparse heaps\n", c.Mask, twist, len(c.Rare))
			for _, h := range c.Rare {
				fmt.Fprintf(w, "%d %d\n", h, v[h])
			}
		})
	case out:
		return e.emit(struct {
			Name  string `json:"name"`
			Terms int    `json:"terms"`
			Out   string `json:"out"`
		}{g.String(), n, vals["out"]}, func() {
			fmt.Fprintf(e.commit(), "%s: G(0) … G(%d) written to %s\n", g, n-1, vals["out"])
		})
	}
	writeValues(e, g.Name(), v)
	return nil
}

// runSequence computes the first n values of g under the flags: the
// memory and work budgets, a checkpoint to save to or resume from, and
// a values file to write. It returns them as a slice, or, for a run that
// saves them, as a compact Sequence; keep says whether the caller will
// copy that to a slice (for the memory it needs).
func runSequence(e *env, g *heap.Game, n int, vals map[string]string, keep bool) ([]uint64, *heap.Sequence, error) {
	mem, err := memoryFlag(vals)
	if err != nil {
		return nil, nil, err
	}
	_, checkpointed := vals["checkpoint"]
	_, resumed := vals["resume"]
	_, out := vals["out"]
	saving := checkpointed || resumed || out
	need := heap.Memory(n)
	if saving {
		need = g.SequenceMemory(n)
		if keep {
			need += 8 * float64(n)
		}
	}
	limit := (&budget.Options{Limit: mem}).Max(budget.DefaultMemory)
	if need > limit {
		return nil, nil, tooLarge(&budget.TooLargeError{What: fmt.Sprintf("%d terms of %s", n, g), Unit: "bytes", Estimate: need, Limit: limit}, "--max-memory")
	}
	// The garbage of one phase (the copies of values a loop reads) is
	// collected before the next would pass the limit.
	if !math.IsInf(limit, 1) {
		debug.SetMemoryLimit(int64(limit))
	}
	work, err := budgetFlag(vals, "option evaluations", heap.DefaultLimit)
	if err != nil {
		return nil, nil, err
	}
	if g.Kind() == heap.Grundys && work == 0 {
		// Grundy's game has no proven period to stop at, and grundy has
		// always run it without a bound unless --budget is given.
		work = -1
	}
	every := defaultCheckpointEvery
	if s, ok := vals["checkpoint-every"]; ok {
		if every, err = time.ParseDuration(s); err != nil || every < time.Second {
			return nil, nil, fmt.Errorf("--checkpoint-every %q: want a duration of at least 1s, such as 30s or 5m", s)
		}
	}
	ckPath, resume, outPath := vals["checkpoint"], vals["resume"], vals["out"]
	if _, ok := vals["checkpoint-every"]; ok && !checkpointed && !resumed {
		return nil, nil, fmt.Errorf("--checkpoint-every goes with --checkpoint or --resume")
	}
	if checkpointed || resumed {
		if _, ok := vals["budget"]; ok {
			return nil, nil, fmt.Errorf("--budget does not go with --checkpoint or --resume: a checkpointed run has no bound on its work")
		}
		work = -1
	}
	if resumed && !checkpointed {
		ckPath = resume
	}
	opt := &budget.Options{Progress: e.progress(g.Name()), Limit: work}
	if !saving {
		v, err := g.Values(e.ctx, n, opt)
		if errors.Is(err, budget.ErrTooLarge) {
			return nil, nil, fmt.Errorf("%w: ask for fewer terms, or raise --budget", err)
		}
		return v, nil, err
	}
	s := &heap.Sequence{}
	var saves []func(*heap.Sequence) error
	if resumed || checkpointed {
		var ck *heap.Checkpoint
		if resumed {
			ck, s, err = heap.ResumeSequence(resume, g, n)
			if err == nil && ckPath != resume {
				// Go on in a new checkpoint: save the resumed values there.
				ck.Close()
				ck, err = heap.CreateCheckpoint(ckPath, g, n)
				if err == nil {
					err = ck.SaveSequence(s)
				}
			}
		} else {
			ck, err = heap.CreateCheckpoint(ckPath, g, n)
		}
		if err != nil {
			return nil, nil, fileError(err)
		}
		defer ck.Close()
		saves = append(saves, ck.SaveSequence)
	}
	if out {
		f, err := os.Create(outPath)
		if err != nil {
			return nil, nil, fileError(err)
		}
		defer f.Close()
		vw, err := heap.NewValuesWriter(f, g)
		if err != nil {
			return nil, nil, fileError(err)
		}
		saves = append(saves, func(s *heap.Sequence) error {
			if err := vw.WriteSequence(s); err != nil {
				return err
			}
			if s.Len() == n {
				return vw.Close()
			}
			return vw.Flush()
		})
	}
	save := func(s *heap.Sequence) error {
		for _, f := range saves {
			if err := f(s); err != nil {
				return fileError(err)
			}
		}
		return nil
	}
	if s.Len() > 0 {
		opt.Report(s.Len(), n)
	}
	err = g.ExtendSequence(e.ctx, s, n, opt, every, save)
	if errors.Is(err, budget.ErrTooLarge) {
		return nil, nil, fmt.Errorf("%w: ask for fewer terms, or raise --budget", err)
	}
	if err != nil {
		return nil, nil, err
	}
	return nil, s, nil
}

// rareHeap is a sparse heap and its value, in JSON.
type rareHeap struct {
	Heap  int    `json:"heap"`
	Value uint64 `json:"value"`
}

func rareHeaps[T int | int32](heaps []T, v []uint64) []rareHeap {
	out := make([]rareHeap, len(heaps))
	for i, h := range heaps {
		out[i] = rareHeap{int(h), v[h]}
	}
	return out
}

func runOctal(e *env, args []string) error {
	return sequenceCommand(e, args, 1, "1 operand (a code such as 0.77)", func(pos []string) (*heap.Game, error) { return heap.ParseCode(pos[0]) })
}

func runSubtraction(e *env, args []string) error {
	return sequenceCommand(e, args, 1, "1 operand (a set such as 1,3,4)", func(pos []string) (*heap.Game, error) { return heap.ParseSubtraction(pos[0]) })
}

func runGrundysGame(e *env, args []string) error {
	return sequenceCommand(e, args, 0, "no operands", func([]string) (*heap.Game, error) { return heap.GrundysGame(), nil })
}

// runValues reads a values file: the values from --from to --to, or the
// summaries at every power of two.
func runValues(e *env, args []string) error {
	pos, vals, set, err := flagArgs(args, []string{"from", "to"}, []string{"rare"})
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return errOperands("1 operand (a values file)", len(pos))
	}
	from, err := intFlag(vals, "from", 0, 0, 1<<62)
	if err != nil {
		return err
	}
	to, err := intFlag(vals, "to", 1<<62, 1, 1<<62)
	if err != nil {
		return err
	}
	if from >= to {
		return fmt.Errorf("--from %d is not below --to %d", from, to)
	}
	if set["rare"] && (vals["from"] != "" || vals["to"] != "") {
		return fmt.Errorf("--rare summarizes the whole file: it takes neither --from nor --to")
	}
	open := func() (*heap.ValuesReader, *os.File, error) {
		f, err := os.Open(pos[0])
		if err != nil {
			return nil, nil, fileError(err)
		}
		vr, err := heap.NewValuesReader(f)
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("%s: %w", pos[0], err)
		}
		return vr, f, nil
	}
	vr, f, err := open()
	if err != nil {
		return err
	}
	defer f.Close()
	if set["rare"] {
		// Two passes: the classes are chosen from the whole sequence.
		var c heap.Census
		if err := eachFrame(vr, pos[0], c.Add); err != nil {
			return err
		}
		info := c.Classes()
		f.Close()
		if vr, f, err = open(); err != nil {
			return err
		}
		defer f.Close()
		if err := eachFrame(vr, pos[0], c.Count); err != nil {
			return err
		}
		ms := c.Milestones()
		return e.emit(struct {
			Name       string           `json:"name"`
			Mask       string           `json:"mask"`
			Twist      bool             `json:"twist"`
			Milestones []heap.Milestone `json:"milestones"`
		}{vr.Game(), fmt.Sprintf("%#x", info.Mask), info.Twist, ms}, func() {
			w := e.commit()
			twist := ""
			if info.Twist {
				twist = ", twisted by heap parity"
			}
			fmt.Fprintf(w, "%s: mask %#x%s\n%12s %8s %12s %10s %12s\n", vr.Game(), info.Mask, twist, "heaps", "max", "first at", "sparse", "last sparse")
			for _, m := range ms {
				fmt.Fprintf(w, "%12d %8d %12d %10d %12d\n", m.Heaps, m.Max, m.MaxAt, m.Sparse, m.LastSparse)
			}
		})
	}
	// Two passes: the first checks every frame the range reads, so that a
	// file found corrupt prints nothing; the second prints.
	count, err := valuesRange(vr, pos[0], from, to, nil)
	if err != nil {
		return err
	}
	if count <= from {
		return fmt.Errorf("%s holds %d values: none from %d", pos[0], count, from)
	}
	f.Close()
	if vr, f, err = open(); err != nil {
		return err
	}
	defer f.Close()
	p := newValuesPrinter(e, vr.Game(), fmt.Sprintf(`,"from":%d`, from))
	if _, err := valuesRange(vr, pos[0], from, to, p.add); err != nil {
		return err
	}
	p.end()
	return nil
}

// valuesRange reads the frames of vr that hold heaps from to to−1 (those
// wholly before from are skipped, unread), passes those values to f if
// it is not nil, and returns how many values the file holds up to there.
func valuesRange(vr *heap.ValuesReader, name string, from, to int, f func([]uint64)) (int, error) {
	var buf []uint64
	for first := 0; first < to; {
		var err error
		if from-first >= heap.MaxFrameValues {
			var k int
			k, err = vr.Skip()
			first += k
		} else if buf, err = vr.Next(buf[:0]); err == nil {
			if lo, hi := max(0, from-first), min(len(buf), to-first); lo < hi && f != nil {
				f(buf[lo:hi])
			}
			first += len(buf)
		}
		if err == io.EOF {
			return first, nil
		}
		if err != nil {
			return 0, fmt.Errorf("%s: %w", name, err)
		}
	}
	return to, nil
}

// eachFrame passes every frame of vr to f.
func eachFrame(vr *heap.ValuesReader, name string, f func([]uint64)) error {
	var buf []uint64
	for {
		var err error
		if buf, err = vr.Next(buf[:0]); err != nil {
			if err == io.EOF {
				return nil
			}
			return fmt.Errorf("%s: %w", name, err)
		}
		f(buf)
	}
}

// runSurvey computes each code of a list, or this shard's share of it,
// printing a JSON line per code.
func runSurvey(e *env, args []string) error {
	pos, vals, _, err := flagArgs(args, []string{"n", "shard", "budget", "max-memory"}, nil)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return errOperands("codes, or @FILE with a code a line", 0)
	}
	codes, err := surveyCodes(pos)
	if err != nil {
		return err
	}
	shard, shards := 1, 1
	if s, ok := vals["shard"]; ok {
		a, b, found := strings.Cut(s, "/")
		i, err1 := strconv.Atoi(a)
		k, err2 := strconv.Atoi(b)
		if !found || err1 != nil || err2 != nil || k < 1 || k > 1<<20 || i < 1 || i > k {
			return fmt.Errorf("--shard %q: want i/n with 1 ≤ i ≤ n, such as 3/8", s)
		}
		shard, shards = i, k
	}
	n, err := intFlag(vals, "n", -1, 1, maxSequence)
	if err != nil {
		return err
	}
	games := make([]*heap.Game, len(codes))
	for i, c := range codes {
		if games[i], err = heap.ParseGame(c); err != nil {
			if games[i], err = heap.ParseCode(c); err != nil {
				return err
			}
		}
	}
	lines := json.NewEncoder(e.out)
	lines.SetEscapeHTML(false)
	enc := func(r surveyLine) { lines.Encode(r) }
	for i, g := range games {
		if i%shards != shard-1 {
			continue
		}
		start := time.Now()
		v, seq, err := runSequence(e, g, n, vals, true)
		if seq != nil {
			v = seq.Values(nil, 0, seq.Len())
		}
		r := surveyLine{Game: g.String(), Terms: n}
		if err != nil {
			if errors.Is(err, budget.ErrTooLarge) {
				r.Error = err.Error()
				enc(r)
				continue
			}
			return err
		}
		r.Seconds = time.Since(start).Seconds()
		if p, ok := g.Period(v); ok && p.Proven {
			r.Period, r.Preperiod, r.Saltus, r.Proven = &p.Period, &p.Preperiod, &p.Saltus, p.Proven
		}
		var c heap.Census
		c.Add(v)
		info := c.Classes()
		c.Count(v)
		ms := c.Milestones()
		last := ms[len(ms)-1]
		r.Mask, r.Sparse, r.Max, r.MaxAt = fmt.Sprintf("%#x", info.Mask), last.Sparse, last.Max, last.MaxAt
		enc(r)
	}
	return nil
}

// surveyLine is survey's JSON line for one code.
type surveyLine struct {
	Game      string  `json:"game"`
	Terms     int     `json:"terms"`
	Period    *int    `json:"period,omitempty"`
	Preperiod *int    `json:"preperiod,omitempty"`
	Saltus    *uint64 `json:"saltus,omitempty"`
	Proven    bool    `json:"proven"`
	Max       uint64  `json:"max"`
	MaxAt     int     `json:"max_at"`
	Mask      string  `json:"mask,omitempty"`
	Sparse    int     `json:"sparse"`
	Seconds   float64 `json:"seconds"`
	Error     string  `json:"error,omitempty"`
}

// surveyCodes returns the codes of the operands: codes, games such as
// "grundys-game", or @FILE for a file with one a line (# comments).
func surveyCodes(pos []string) ([]string, error) {
	var codes []string
	for _, p := range pos {
		name, ok := strings.CutPrefix(p, "@")
		if !ok {
			codes = append(codes, p)
			continue
		}
		text, err := os.ReadFile(name)
		if err != nil {
			return nil, fileError(err)
		}
		for line := range strings.Lines(string(text)) {
			line, _, _ = strings.Cut(line, "#")
			if line = strings.TrimSpace(line); line != "" {
				codes = append(codes, line)
			}
		}
	}
	if len(codes) > 1<<20 {
		return nil, fmt.Errorf("more than %d codes", 1<<20)
	}
	return codes, nil
}
