package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

// entryJSON is a ruleset as docs/http-api.md lists the fields of
// /api/rulesets.
type entryJSON struct {
	Name     string   `json:"name"`
	Param    string   `json:"param"`
	Optional bool     `json:"optional"`
	Kind     string   `json:"kind"`
	Summary  string   `json:"summary"`
	Notation string   `json:"notation"`
	Example  []string `json:"example"`
}

// answerJSON is an /api/game answer with the fields docs/http-api.md lists.
type answerJSON struct {
	Ruleset  string `json:"ruleset"`
	Position string `json:"position"`
	Value    string `json:"value"`
	Outcome  string `json:"outcome"`
	Winner   string `json:"winner"`
	Moves    []struct {
		Player   string `json:"player"`
		Position string `json:"position"`
		Value    string `json:"value"`
		Outcome  string `json:"outcome"`
	} `json:"moves"`
}

// strictDecode decodes b into v, failing on a field v does not name.
func strictDecode(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// getRulesets returns /api/rulesets' list, decoded strictly.
func getRulesets(t *testing.T) []entryJSON {
	t.Helper()
	rec := httptest.NewRecorder()
	Handler().ServeHTTP(rec, localGet("/api/rulesets"))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("/api/rulesets: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	var out struct {
		Rulesets []entryJSON `json:"rulesets"`
	}
	if err := strictDecode(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("/api/rulesets: %v: %.200s", err, rec.Body.String())
	}
	return out.Rulesets
}

// TestRulesetsEndpoint checks that /api/rulesets lists the rulesets of
// every package that registers some, each with the documented fields.
func TestRulesetsEndpoint(t *testing.T) {
	es := getRulesets(t)
	if len(es) < 20 {
		t.Errorf("%d rulesets, want at least 20", len(es))
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name)
		if e.Name == "" || e.Summary == "" || e.Notation == "" || len(e.Example) < 2 {
			t.Errorf("%+v: a field is missing", e)
			continue
		}
		if !slices.Contains([]string{"impartial", "partizan", "loopy impartial", "loopy partizan", "transfinite impartial"}, e.Kind) {
			t.Errorf("%s: kind %q", e.Name, e.Kind)
		}
		// The example's ruleset is the name, with the parameter after a
		// colon when there is one (when it is optional, maybe not).
		name, _, hasParam := strings.Cut(e.Example[0], ":")
		if name != e.Name || (e.Param == "" && hasParam) || (e.Param != "" && !e.Optional && !hasParam) {
			t.Errorf("%s: example %q does not fit param %q (optional %v)", e.Name, e.Example, e.Param, e.Optional)
		}
		if e.Optional && e.Param == "" {
			t.Errorf("%s: optional but no param", e.Name)
		}
	}
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("names not sorted or repeated: %v", names)
	}
	// One ruleset of each package that registers: heap, graph, turning,
	// grid, strip, letters.
	for _, n := range []string{"octal", "hackenbush-string", "tartan", "clobber", "toads-frogs", "letters"} {
		if !slices.Contains(names, n) {
			t.Errorf("%s is not listed: %v", n, names)
		}
	}
}

// postGame posts body to /api/game and returns the status, the answer
// decoded strictly when it is 200, and the error otherwise.
func postGame(t *testing.T, h http.Handler, body string) (int, answerJSON, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, jsonRequest("/api/game", body))
	var a answerJSON
	if rec.Code == 200 {
		if err := strictDecode(rec.Body.Bytes(), &a); err != nil {
			t.Fatalf("%s: %v: %s", body, err, rec.Body.String())
		}
		return rec.Code, a, ""
	}
	var e struct {
		Error string `json:"error"`
	}
	if err := strictDecode(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("%s: %d: %v: %s", body, rec.Code, err, rec.Body.String())
	}
	return rec.Code, a, e.Error
}

// winners maps an outcome class to the winner in words, as the
// documentation of grundy game has it.
var winners = map[string]string{"L": "Left", "R": "Right", "N": "first", "P": "second"}

// TestGameExamples asks /api/game about every ruleset's example: each
// answers 200 with the documented fields, the value, moves and outcome
// consistent with one another.
func TestGameExamples(t *testing.T) {
	h := Handler()
	for _, e := range getRulesets(t) {
		q, _ := json.Marshal(map[string]any{"ruleset": e.Example[0], "positions": e.Example[1:], "moves": true})
		code, a, msg := postGame(t, h, string(q))
		if code != 200 {
			t.Errorf("%s: %d %s", q, code, msg)
			continue
		}
		if a.Ruleset == "" || a.Position == "" || a.Value == "" || a.Outcome == "" || a.Winner == "" {
			t.Errorf("%s: a field is missing: %+v", q, a)
		}
		if w, ok := winners[a.Outcome]; ok && w != a.Winner {
			t.Errorf("%s: outcome %s but winner %s", q, a.Outcome, a.Winner)
		}
		impartial := !strings.Contains(e.Kind, "partizan")
		for _, m := range a.Moves {
			if m.Position == "" || m.Value == "" || m.Outcome == "" || (m.Player == "") != impartial {
				t.Errorf("%s: move %+v", q, m)
			}
		}
		// A value of an impartial game that is not loopy is a nimber:
		// 0 (second player wins) or *n (first).
		if e.Kind == "impartial" && (a.Value == "0") != (a.Outcome == "P") {
			t.Errorf("%s: value %s, outcome %s", q, a.Value, a.Outcome)
		}
		// The outcome alone, by the search that needs no value, agrees.
		q, _ = json.Marshal(map[string]any{"ruleset": e.Example[0], "positions": e.Example[1:], "outcome": true})
		code, b, msg := postGame(t, h, string(q))
		if code != 200 || b.Outcome != a.Outcome || b.Value != "" || b.Moves != nil {
			t.Errorf("%s: %d %s %+v; the value's outcome is %s", q, code, msg, b, a.Outcome)
		}
	}
}

// TestGameValues checks /api/game's answers against published values
// and values worked out by hand.
func TestGameValues(t *testing.T) {
	h := Handler()
	kay := kaylesMex(12)
	star := func(n uint64) string {
		if n == 0 {
			return "0"
		}
		return fmt.Sprintf("*%d", n)
	}
	for _, c := range []struct {
		body                                      string
		ruleset, position, value, outcome, winner string
		moves                                     string // "player position value outcome; …"
	}{
		// Clobber xo = * (CGSuite; Albert, Nowakowski and Wolfe,
		// Lessons in Play): either player captures, leaving a lone stone.
		{`{"ruleset":"clobber","positions":["xo"],"moves":true}`, "clobber", "xo", "*", "N", "first",
			"Left .x 0 P; Right o. 0 P"},
		// Hackenbush strings by Berlekamp's rule: BBR = 2 - 1/2 = 3/2,
		// RG = {-1 | -1, 0} = -1*; the sum 1/2*.
		{`{"ruleset":"hackenbush-string","positions":["BBR","RG"]}`, "hackenbush-string", "BBR + RG", "1/2*", "L", "Left", ""},
		{`{"ruleset":"hackenbush-string","positions":["BBR RG"],"outcome":true}`, "hackenbush-string", "BBR RG", "", "L", "Left", ""},
		// Kayles (0.77): G(10) = G(7) = 2, G(3) = 3 (Winning Ways).
		{`{"ruleset":"octal:0.77","positions":["10 7"]}`, "octal:0.77", "10 7", star(kay[10] ^ kay[7]), "P", "second", ""},
		{`{"ruleset":"octal:0.77","positions":["10","7","3"]}`, "octal:0.77", "10 + 7 + 3", star(kay[10] ^ kay[7] ^ kay[3]), "N", "first", ""},
		{`{"ruleset":"octal:0.77","positions":["10 7"],"outcome":true}`, "octal:0.77", "10 7", "", "P", "second", ""},
		// The 2 × 2 Domineering board is ±1 (Winning Ways); Cram's, its
		// impartial variant, 0: every move leaves one domino's room.
		{`{"ruleset":"domineering","positions":["..|.."]}`, "domineering", "..|..", "+-1", "N", "first", ""},
		{`{"ruleset":"domineering","positions":["..|.."],"impartial":true}`, "domineering (impartial)", "..|..", "0", "P", "second", ""},
		// Nim by Bouton: 10 ⊕ 7 ⊕ 3 = 14; in misère play heaps of one
		// win for the first player when even in number, and a position
		// with a larger heap as in normal play.
		{`{"ruleset":"nim","positions":["10 7 3"]}`, "nim", "10 7 3", "*14", "N", "first", ""},
		{`{"ruleset":"nim","positions":["1 1"],"outcome":true,"misere":true}`, "nim", "1 1", "", "N", "first", ""},
		{`{"ruleset":"nim","positions":["2 2"],"outcome":true,"misere":true}`, "nim", "2 2", "", "P", "second", ""},
	} {
		code, a, msg := postGame(t, h, c.body)
		if code != 200 {
			t.Errorf("%s: %d %s", c.body, code, msg)
			continue
		}
		var moves []string
		for _, m := range a.Moves {
			moves = append(moves, strings.Join([]string{m.Player, m.Position, m.Value, m.Outcome}, " "))
		}
		got := []string{a.Ruleset, a.Position, a.Value, a.Outcome, a.Winner, strings.Join(moves, "; ")}
		want := []string{c.ruleset, c.position, c.value, c.outcome, c.winner, c.moves}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n got %q\nwant %q", c.body, got, want)
		}
	}
}

// TestGameErrors checks that /api/game answers a bad request with 400
// and a one-line error, and a search past its limits with 413 before it
// starts.
func TestGameErrors(t *testing.T) {
	h := Handler()
	for _, c := range []struct{ body, want string }{
		{`{"ruleset":"chess","positions":["e4"]}`, `unknown ruleset "chess"`},
		{`{"ruleset":"clobber","positions":["xqo"]}`, ""},
		{`{"ruleset":"clobber","positions":["xo","xqo"]}`, "position 2"},
		{`{"ruleset":"octal","positions":["3"]}`, "octal:0.77"},
		{`{"ruleset":"octal:0.7x","positions":["3"]}`, ""},
		{`{"ruleset":"nim:3","positions":["3"]}`, "no parameter"},
		{`{"ruleset":"nim","positions":["3"],"outcome":true,"moves":true}`, "not both"},
		{`{"ruleset":"nim","positions":[]}`, "no position"},
		{`{"ruleset":"nim"}`, "no position"},
		{`{"ruleset":"nim","positions":["3"],"misère":true}`, `unknown field "misère"`},
		{`{"ruleset":"nim","positions":"3"}`, "positions"},
		{`{"ruleset":"nim","positions":[3]}`, "positions"},
		{`{"ruleset":3,"positions":["3"]}`, "ruleset"},
		{`{"ruleset":"nim","positions":["3"],"moves":"yes"}`, "moves"},
		{`{"ruleset":"nim","positions":["3"]} {}`, ""},
		{`["nim"]`, ""},
	} {
		code, _, msg := postGame(t, h, c.body)
		if code != 400 || msg == "" || strings.Contains(msg, "\n") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %q; want 400 and one line naming %q", c.body, code, msg, c.want)
		}
	}
	// Searches the estimate refuses: a 4 × 6 Clobber board (about 1.7e7
	// positions) and letters "-" (every letter still to play).
	for _, body := range []string{
		`{"ruleset":"clobber","positions":["xoxoxo|oxoxox|xoxoxo|oxoxox"]}`,
		`{"ruleset":"clobber","positions":["xoxoxo|oxoxox|xoxoxo|oxoxox"],"misere":true}`,
		`{"ruleset":"letters:cab,bed,fig","positions":["-"]}`,
		`{"ruleset":"toads-frogs","positions":["tttttt......ffffff"]}`,
	} {
		start := time.Now()
		code, _, msg := postGame(t, h, body)
		if code != 413 || !strings.Contains(msg, "limit") || strings.Contains(msg, "\n") {
			t.Errorf("%s: %d %q; want 413 naming the limit", body, code, msg)
		}
		t.Logf("%s: %d in %v: %s", body, code, time.Since(start), msg)
	}
}
