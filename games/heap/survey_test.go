package heap

import (
	"errors"
	"slices"
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
		err = s.Run(t.Context(), func(r SurveyResult) error {
			if _, ok := got[r.Game]; ok {
				t.Errorf("%s twice", r.Game)
			}
			got[r.Game] = r
			return nil
		})
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
		for game, r := range run(SurveyOptions{Shard: i, Shards: 4, Done: func(game string) bool { return game == "octal 0.6" }}) {
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
	if _, err := NewSurvey(names, 3000, SurveyOptions{Options: budget.Options{Limit: 1e5}}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("a survey over its limit: %v", err)
	}
	if _, err := NewSurvey([]string{"0.77", "0.7x"}, 3000, SurveyOptions{}); err == nil {
		t.Error("a survey of no game")
	}
	s, err := NewSurvey(names, 3000, SurveyOptions{Options: budget.Options{Limit: 2 * 1.2e5}})
	if err != nil {
		t.Fatal(err)
	}
	var got []SurveyResult
	if err := s.Run(t.Context(), func(r SurveyResult) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Err != nil || !errors.Is(got[1].Err, budget.ErrTooLarge) || got[1].Error == "" {
		t.Errorf("results %+v", got)
	}
}
