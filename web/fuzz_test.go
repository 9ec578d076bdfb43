package web

import (
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// FuzzEndpoints sends arbitrary bodies to the JSON endpoints: every
// answer must be 200, 400 or 413, and JSON.
func FuzzEndpoints(f *testing.F) {
	for _, s := range []string{
		`/api/nimber|{"op":"mul","a":"2","b":"2"}`, `/api/nimber|{"op":"inv","a":"0"}`,
		`/api/play|{"game":"kayles","position":[4,7]}`, `/api/play|{"game":"wythoff","position":[3]}`,
		`/api/play|{"game":"corners","board":["THH","HTH"]}`, `/api/play|{"game":"hackenbush","edges":[[0,1],[1,1],[1,0]]}`,
		`/api/sequence|{"game":"octal","code":"0.77","n":50}`, `/api/sequence|{"game":"subtraction","code":"!1","n":5}`,
		`/api/game|{"ruleset":"clobber","positions":["xo|ox"],"moves":true}`, `/api/game|{"ruleset":"octal:0.77","positions":["4","7"],"misere":true}`,
		`/api/game|{"ruleset":"toads-frogs","positions":["tt.f"],"outcome":true}`, `/api/game|{"ruleset":"domineering","positions":["..|.#"],"impartial":true}`,
		`/api/game|{"ruleset":"letters:cab,bed,fig","positions":["-"]}`, `/api/game|{"ruleset":"subtraction:1,x","positions":["3"]}`,
		`/api/script|{"source":"print(game(\"{2|-1}\").temperature())"}`, `/api/script|{"source":"x = ruleset(\"clobber\")(\"xo|q\")"}`,
	} {
		f.Add(s)
	}
	h := Handler()
	f.Fuzz(func(t *testing.T, in string) {
		path, body, ok := strings.Cut(in, "|")
		if !ok || !slices.Contains([]string{"/api/nimber", "/api/play", "/api/sequence", "/api/game", "/api/script"}, path) {
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, jsonRequest(path, body))
		if c := rec.Code; c != 200 && c != 400 && c != 413 {
			t.Fatalf("%s %q: status %d: %s", path, body, c, rec.Body.String())
		}
		if !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s %q: not JSON: %q", path, body, rec.Body.String())
		}
	})
}
