package heap

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nimbers/grundy/budget"
)

// TestSurvey surveys a list whole and in shards: each game once, its
// period the published one (Kayles: 12 from heap 71; Dawson's Kayles: 34
// from 53; subtraction 1,3,4: 7 from 0), its largest value and where it
// first occurs those of the direct mex; Officers (0.6) and Grundy's game
// have none proven.
func TestSurvey(t *testing.T) {
	names := []string{"0.77", "0.07", "subtraction 1,3,4", "0.6", "grundys-game", "4.7"}
	periods := map[string][2]int{"octal 0.77": {12, 71}, "octal 0.07": {34, 53}, "subtraction 1,3,4": {7, 0}}
	n := 3000
	run := func(opt SurveyOptions) map[string]SurveyResult {
		s, err := NewSurvey(names, n, opt)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]SurveyResult{}
		lines, err := surveyLines(t, s)
		for _, r := range lines {
			if _, ok := got[r.Game]; ok {
				t.Errorf("%s twice", r.Game)
			}
			got[r.Game] = r
		}
		if err != nil || len(got) != len(s.games) {
			t.Fatalf("%v: %d results of %d", err, len(got), len(s.games))
		}
		return got
	}
	whole := run(SurveyOptions{})
	if len(whole) != len(names) {
		t.Fatalf("%d results of %d games", len(whole), len(names))
	}
	for _, name := range names {
		g, _ := surveyGame(name)
		r := whole[g.String()]
		v := directValues(g, n)
		top := slices.Max(v)
		if r.Terms != n || r.Max != top || r.MaxAt != slices.Index(v, top) || r.Err != nil {
			t.Errorf("%s: %+v, want max %d first at %d", name, r, top, slices.Index(v, top))
		}
		p, ok := periods[g.String()]
		if ok && (!r.Proven || *r.Period != p[0] || *r.Preperiod != p[1] || *r.Saltus != 0) || (name == "0.6" || name == "grundys-game") && r.Proven {
			t.Errorf("%s: proven %v, period %v, want %v", name, r.Proven, r.Period, p)
		}
	}
	seen := map[string]bool{}
	for i := 1; i <= 4; i++ {
		for game, r := range run(SurveyOptions{Shard: i, Shards: 4, Done: map[string]bool{"octal 0.6": true}}) {
			if seen[game] || game == "octal 0.6" || r.Game != whole[game].Game || r.Max != whole[game].Max || r.Sparse != whole[game].Sparse || r.Mask != whole[game].Mask {
				t.Errorf("shard %d: %+v, whole %+v", i, r, whole[game])
			}
			seen[game] = true
		}
	}
	if len(seen) != len(names)-1 {
		t.Errorf("the shards ran %d games", len(seen))
	}
}

// TestSurveyBounds refuses a survey whose limit cannot pay for its terms,
// and records the games that pass their share of it.
func TestSurveyBounds(t *testing.T) {
	names := []string{"0.77", "0.6"}
	if _, err := NewSurvey(names, 3000, SurveyOptions{Limit: 1e5}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("a survey over its limit: %v", err)
	}
	if _, err := NewSurvey([]string{"0.77", "0.7x"}, 3000, SurveyOptions{}); err == nil {
		t.Error("a survey of no game")
	}
	s, err := NewSurvey(names, 3000, SurveyOptions{Limit: 2 * 1.2e5})
	if err != nil {
		t.Fatal(err)
	}
	s.Explain = func(err error) error { return fmt.Errorf("%w: explained", err) }
	got, err := surveyLines(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Error != "" || got[0].Period == nil || got[1].Period != nil || !strings.Contains(got[1].Error, "option evaluations") || !strings.HasSuffix(got[1].Error, ": explained") {
		t.Errorf("results %+v", got)
	}
}

// flushes records the writes it is given, each of which must end a line,
// and counts its flushes, each of which must follow a write.
type flushes struct {
	bytes.Buffer
	t       *testing.T
	flushed int
}

func (f *flushes) Write(p []byte) (int, error) {
	if len(p) == 0 || p[len(p)-1] != '\n' || bytes.IndexByte(p, '\n') != len(p)-1 {
		f.t.Errorf("a write that is not one line: %q", p)
	}
	return f.Buffer.Write(p)
}

func (f *flushes) Flush() error {
	f.flushed++
	if f.flushed != bytes.Count(f.Bytes(), []byte("\n")) {
		f.t.Errorf("flush %d after %d lines", f.flushed, bytes.Count(f.Bytes(), []byte("\n")))
	}
	return nil
}

// surveyLines runs s and decodes its lines with encoding/json, checking
// that each is written whole and flushed.
func surveyLines(t *testing.T, s *Survey) ([]SurveyResult, error) {
	w := &flushes{t: t}
	err := s.Run(t.Context(), w)
	var rs []SurveyResult
	for line := range strings.Lines(w.String()) {
		var r SurveyResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		rs = append(rs, r)
	}
	return rs, err
}
