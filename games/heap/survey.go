package heap

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/nimbers/grundy/budget"
)

// A SurveyResult is what a survey finds for one game.
type SurveyResult struct {
	Game  string `json:"game"`
	Terms int    `json:"terms"`
	// Period, Preperiod and Saltus are set when a period is proven.
	Period    *int    `json:"period,omitempty"`
	Preperiod *int    `json:"preperiod,omitempty"`
	Saltus    *uint64 `json:"saltus,omitempty"`
	Proven    bool    `json:"proven"`
	// Max is the largest value and MaxAt the first heap of it; Mask is
	// the mask of sparse space chosen for the values, and Sparse the
	// sparse heaps under it (see Census).
	Max     uint64  `json:"max"`
	MaxAt   int     `json:"max_at"`
	Mask    string  `json:"mask,omitempty"`
	Sparse  int     `json:"sparse"`
	Seconds float64 `json:"seconds"`
	// Err is the bound the game's run passed, if it did, and Error its
	// text; the other fields but Game and Terms are then empty.
	Err   error  `json:"-"`
	Error string `json:"error,omitempty"`
}

// SurveyOptions says which games of a list a survey runs, and within
// what bounds.
type SurveyOptions struct {
	// Limit bounds the option evaluations of the whole survey (0:
	// DefaultLimit; negative: no bound), shared equally among its
	// games. Memory bounds each game's run as in RunOptions.
	Limit, Memory float64
	// Shard and Shards pick a share of the list: the games whose place
	// in it (from 0) is Shard−1 modulo Shards. Shards 0 is the whole
	// list.
	Shard, Shards int
	// Done leaves out the games it holds, by their names as String
	// writes them: those of an earlier run (SurveyDone).
	Done map[string]bool
}

// surveyGameCost is the time a survey spends on each game besides its
// values (setting it up, its census, its result), as option evaluations
// (BenchmarkCalibrateSurveyGame against BenchmarkCalibrateMex).
const surveyGameCost = 1e5

// A Survey is the games of a list to be computed to the same number of
// terms, each summarized in a SurveyResult.
type Survey struct {
	games []string // by name: a parsed game takes far more memory
	n     int
	share float64
	opt   SurveyOptions
	// Most is the option evaluations the survey spends at most: each
	// game's Work, up to its share of the limit.
	Most float64
	// Progress, if set, is called with the games done and their number.
	Progress func(done, total int)
	// Explain, if set, rewrites the error of a game that passes a bound
	// for the error field of its line.
	Explain func(error) error
}

// NewSurvey returns the survey of the first n values of the games
// names (as ParseGame reads them, or codes; @FILE for the games of FILE,
// one a line, # comments, at most 2^20 games in all) under opt. It
// returns the error of a file it cannot read, the parsing error of the
// first name that is no game, and a
// *budget.TooLargeError if the limit cannot give each game the least its
// terms need (an evaluation a term, and its set-up).
func NewSurvey(names []string, n int, opt SurveyOptions) (*Survey, error) {
	if opt.Shards == 0 {
		opt.Shard, opt.Shards = 1, 1
	}
	if opt.Shard < 1 || opt.Shard > opt.Shards {
		return nil, fmt.Errorf("heap: shard %d of %d", opt.Shard, opt.Shards)
	}
	names, err := surveyList(names)
	if err != nil {
		return nil, err
	}
	s := &Survey{n: n, opt: opt}
	for i, name := range names {
		g, err := surveyGame(name)
		if err != nil {
			return nil, err
		}
		if i%opt.Shards == opt.Shard-1 && !opt.Done[g.String()] {
			s.games = append(s.games, g.String())
		}
	}
	limit := (&budget.Options{Limit: opt.Limit}).Max(DefaultLimit)
	least := (float64(n) + surveyGameCost) * float64(len(s.games))
	if least > limit {
		return nil, &budget.TooLargeError{What: fmt.Sprintf("a survey of %d games to %d terms", len(s.games), n), Unit: "option evaluations", Estimate: least, Limit: limit}
	}
	s.share = limit / float64(max(1, len(s.games)))
	for _, name := range s.games {
		g, _ := ParseGame(name)
		s.Most += min(g.workBound(n), s.share)
	}
	return s, nil
}

// surveyGame parses a name of a survey's list.
func surveyGame(name string) (*Game, error) {
	if g, err := ParseGame(name); err == nil {
		return g, nil
	}
	return ParseCode(name)
}

// Run computes the games in turn, writing each one's result to w as a
// JSON line as soon as it is found, whole, and flushed if w has a Flush
// method: an interrupted survey leaves only complete lines. A game whose
// run passes its share of the limit, or the memory bound, has a line
// with an error, and the survey goes on. Run stops with ctx's error soon
// after ctx is cancelled, and with w's.
func (s *Survey) Run(ctx context.Context, w io.Writer) error {
	limit := -1.0
	if !math.IsInf(s.share, 1) {
		limit = math.Round(max(1, s.share))
	}
	progress := &budget.Options{Progress: s.Progress}
	for i, name := range s.games {
		progress.Report(i, len(s.games))
		g, err := ParseGame(name)
		if err != nil {
			return err
		}
		start := time.Now()
		seq, err := g.Run(ctx, s.n, RunOptions{Options: budget.Options{Limit: limit, Memory: s.opt.Memory}})
		r := SurveyResult{Game: name, Terms: s.n}
		switch {
		case errors.Is(err, budget.ErrTooLarge) && ctx.Err() == nil:
			r.Err, r.Error = err, err.Error()
			if s.Explain != nil {
				r.Error = s.Explain(err).Error()
			}
		case err != nil:
			return err
		default:
			r.Seconds = time.Since(start).Seconds()
			r.summarize(g, seq.Slice())
		}
		if err := writeLine(w, r); err != nil {
			return err
		}
	}
	progress.Report(len(s.games), len(s.games))
	return nil
}

// writeLine writes the JSON of r and a newline to w in one write, then
// flushes w if it has a Flush method.
func writeLine(w io.Writer, r SurveyResult) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return err
	}
	if _, err := b.WriteTo(w); err != nil {
		return err
	}
	if f, ok := w.(interface{ Flush() error }); ok {
		return f.Flush()
	}
	return nil
}

// summarize fills in what r says of the values v of g.
func (r *SurveyResult) summarize(g *Game, v []uint64) {
	if p, ok := g.Period(v); ok && p.Proven {
		r.Period, r.Preperiod, r.Saltus, r.Proven = &p.Period, &p.Preperiod, &p.Saltus, p.Proven
	}
	var c census
	c.Add(v)
	info := c.Classes()
	c.Count(v)
	ms := c.Milestones()
	last := ms[len(ms)-1]
	r.Mask, r.Sparse, r.Max, r.MaxAt = fmt.Sprintf("%#x", info.Mask), last.Sparse, last.Max, last.MaxAt
}
