package web

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzEndpoints sends arbitrary bodies to the JSON endpoints: every
// answer must be 200, 400 or 413, and JSON.
func FuzzEndpoints(f *testing.F) {
	for _, s := range []string{
		`/api/nimber|{"op":"mul","a":"2","b":"2"}`, `/api/nimber|{"op":"inv","a":"0"}`,
		`/api/play|{"game":"kayles","position":[4,7],"reply":true}`, `/api/play|{"game":"wythoff","position":[3]}`,
		`/api/play|{"game":"corners","board":["THH","HTH"],"reply":true}`, `/api/play|{"game":"hackenbush","edges":[[0,1],[1,1],[1,0]],"reply":true}`,
		`/api/sequence|{"game":"octal","code":"0.77","n":50}`, `/api/sequence|{"game":"subtraction","code":"!1","n":5}`,
	} {
		f.Add(s)
	}
	h := Handler()
	f.Fuzz(func(t *testing.T, in string) {
		path, body, ok := strings.Cut(in, "|")
		if !ok || (path != "/api/nimber" && path != "/api/play" && path != "/api/sequence") {
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
