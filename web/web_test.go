package web

import (
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nimbers/grundy/internal/testsize"
	"github.com/nimbers/grundy/nimber"
)

// localGet is a GET to this machine.
func localGet(path string) *http.Request {
	r := httptest.NewRequest("GET", path, nil)
	r.Host = "127.0.0.1:8080"
	return r
}

// jsonRequest is a POST of body as the page sends it, to this machine.
func jsonRequest(path, body string) *http.Request {
	r := httptest.NewRequest("POST", path, strings.NewReader(body))
	r.Host = "127.0.0.1:8080"
	r.Header.Set("Content-Type", "application/json")
	return r
}

func post(t *testing.T, h http.Handler, path, body string) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, jsonRequest(path, body))
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s %s: not JSON: %q", path, body, rec.Body.String())
	}
	return rec.Code, out
}

func TestNimberEndpoint(t *testing.T) {
	h := Handler()
	for _, c := range []struct{ body, want string }{
		{`{"op":"mul","a":"2","b":"2"}`, "3"},
		{`{"op":"add","a":"0x10","b":"3"}`, "19"},
		{`{"op":"sqrt","a":"3"}`, "2"},
		{`{"op":"log","a":"2","b":"3"}`, "2"},
		{`{"op":"inv","a":"0xdeadbeef"}`, ""},
	} {
		code, out := post(t, h, "/api/nimber", c.body)
		if code != 200 || (c.want != "" && out["decimal"] != c.want) {
			t.Errorf("%s: %d %v; want %s", c.body, code, out, c.want)
		}
	}
	// The inverse, checked by multiplying back.
	_, out := post(t, h, "/api/nimber", `{"op":"inv","a":"0xdeadbeef"}`)
	inv, _ := nimber.Parse(out["decimal"].(string))
	if nimber.Nimber(0xdeadbeef).Mul(inv) != 1 {
		t.Errorf("inverse %v does not multiply back to 1", inv)
	}
	for _, body := range []string{`{"op":"inv","a":"0"}`, `{"op":"pow","a":"2"}`, `{"op":"mul","a":"18446744073709551616","b":"1"}`, `{"op":"mul","a":"x","b":"1"}`, `{"op":"log","a":"2","b":"5"}`, `{`, `[]`, `{"op":"mul","a":"2","b":"2","c":1}`} {
		if code, out := post(t, h, "/api/nimber", body); code != 400 || out["error"] == "" {
			t.Errorf("%s: %d %v; want 400 and an error", body, code, out)
		}
	}
}

func TestSequenceEndpoint(t *testing.T) {
	h := Handler()
	code, out := post(t, h, "/api/sequence", `{"game":"octal","code":"0.07","n":400}`)
	if code != 200 {
		t.Fatalf("%d %v", code, out)
	}
	// Dawson's Kayles (0.07) by the mex definition: a move removes two
	// adjacent tokens, from an end or splitting the row.
	want := make([]uint64, 400)
	for n := 2; n < 400; n++ {
		seen := map[uint64]bool{}
		for a := 0; a+2 <= n; a++ {
			seen[want[a]^want[n-2-a]] = true
		}
		for seen[want[n]] {
			want[n]++
		}
	}
	vals := out["values"].([]any)
	for i, v := range vals {
		if uint64(v.(float64)) != want[i] {
			t.Fatalf("G(%d) = %v, the mex gives %d", i, v, want[i])
		}
	}
	if p, ok := out["period"].(map[string]any); !ok || p["period"] != 34.0 {
		t.Errorf("period %v; want 34", out["period"])
	}
	for body, status := range map[string]int{
		`{"game":"octal","code":"0.77","n":1000000}`:  413,
		`{"game":"octal","code":"0.7x","n":10}`:       400,
		`{"game":"chess","code":"0.77","n":10}`:       400,
		`{"game":"subtraction","code":"1,2,","n":10}`: 400,
	} {
		if code, _ := post(t, h, "/api/sequence", body); code != status {
			t.Errorf("%s: %d, want %d", body, code, status)
		}
	}
}

func TestTablePNG(t *testing.T) {
	h := Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, localGet("/api/table.png?bits=4"))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("%d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	img, err := png.Decode(rec.Body)
	if err != nil || img.Bounds().Dx() != 16 {
		t.Fatalf("%v %v", err, img)
	}
	// Row 1 is x ⊗ 1 = x: strictly brighter along the row, by the ramp.
	lum := func(x, y int) uint32 { r, g, b, _ := img.At(x, y).RGBA(); return r + g + b }
	if lum(0, 0) >= lum(15, 1) || img.At(0, 5) != img.At(5, 0) {
		t.Error("the picture is not the product table")
	}
	for _, q := range []string{"bits=11", "bits=-1", "bits=x", ""} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, localGet("/api/table.png?"+q))
		if rec.Code != 400 {
			t.Errorf("%q: %d", q, rec.Code)
		}
	}
}

func TestPage(t *testing.T) {
	h := Handler()
	for path, want := range map[string]string{"/": "<title>grundy playground</title>", "/app.js": "api(", "/style.css": "--accent"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, localGet(path))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
}

// kaylesMex values Kayles rows by the mex definition.
func kaylesMex(n int) []uint64 {
	g := make([]uint64, n+1)
	for m := 1; m <= n; m++ {
		seen := map[uint64]bool{}
		for take := 1; take <= 2; take++ {
			for a := 0; a+take <= m; a++ {
				seen[g[a]^g[m-take-a]] = true
			}
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g
}

func TestPlay(t *testing.T) {
	h := Handler()
	kay := kaylesMex(40)
	xor := func(p []any, f func(int) uint64) uint64 {
		s := uint64(0)
		for _, x := range p {
			s ^= f(int(x.(float64)))
		}
		return s
	}
	id := func(n int) uint64 { return uint64(n) }
	kv := func(n int) uint64 { return kay[n] }
	for _, c := range []struct {
		game, pos string
		value     func(int) uint64
	}{
		{"nim", "[3,5,7]", id}, {"nim", "[1,2,3]", id}, {"nim", "[9]", id},
		{"kayles", "[4,7]", kv}, {"kayles", "[3,5,11]", kv}, {"kayles", "[12,12]", kv},
	} {
		code, out := post(t, h, "/api/play", `{"game":"`+c.game+`","position":`+c.pos+`}`)
		if code != 200 {
			t.Fatalf("%s %s: %d %v", c.game, c.pos, code, out)
		}
		var pos []any
		json.Unmarshal([]byte(c.pos), &pos)
		s := xor(pos, c.value)
		if out["value"] != strconv.FormatUint(s, 10) || out["winning"] != (s != 0) {
			t.Errorf("%s %s: value %v winning %v; want %d", c.game, c.pos, out["value"], out["winning"], s)
		}
		reply := out["reply"].(map[string]any)["position"].([]any)
		if after := xor(reply, c.value); (s != 0) != (after == 0) {
			t.Errorf("%s %s: the reply %v leaves value %d", c.game, c.pos, reply, after)
		}
	}
	// Wythoff: the library checks its answers against the P-positions;
	// here, the wire format.
	code, out := post(t, h, "/api/play", `{"game":"wythoff","position":[4,7]}`)
	if code != 200 || fmt.Sprint(out) != "map[exact:true moves:[] reply:map[position:[4 6] text:(4, 7) → (4, 6)] value:0 why:(4, 7) is a P-position, a pair (⌊kφ⌋, ⌊kφ²⌋), φ the golden ratio: the pairs use every number once and their differences are 0, 1, 2, …, each once, so no move joins two winning:false]" {
		t.Errorf("wythoff (4, 7): %d %v", code, out)
	}
	for _, body := range []string{
		`{"game":"go","position":[1]}`, `{"game":"nim","position":[]}`, `{"game":"nim","position":[-1]}`,
		`{"game":"kayles","position":[100000]}`, `{"game":"wythoff","position":[1,2,3]}`, `{"game":"wythoff","position":[1,99999]}`,
		`{"game":"nim","position":"3 5"}`,
	} {
		if code, _ := post(t, h, "/api/play", body); code != 400 {
			t.Errorf("%s: %d, want 400", body, code)
		}
	}
}

// TestLoad sends 5000 concurrent requests from 50 clients to a real
// server on loopback: valid ones, the most expensive valid ones,
// malformed, foreign and oversized ones. It checks every answer's status
// (the expensive endpoints may answer 503 with Retry-After when their
// queue is full, and some must succeed), that the calculator answered
// every request while the expensive ones queued, that the process's
// resident memory grew by less than 256 MiB, and that no goroutine is
// left behind once the server closes. The long verifications send all
// 5000 (about 20 s); the default run sends 1000 from 20 clients, and
// -short 600 from 12 with cheaper sequences.
func TestLoad(t *testing.T) {
	clients, each, terms := 20, 50, 2000
	switch {
	case testsize.Long:
		clients, each, terms = 50, 100, 4000
	case testing.Short():
		// The race detector runs this: ten times slower, so that 2000
		// terms would pass the 10 s timeout.
		clients, each, terms = 12, 50, 800
	}
	bodies := []struct {
		path, body string
		status     int
	}{
		{"/api/nimber", `{"op":"mul","a":"0xdeadbeef","b":"0xcafe"}`, 200},
		{"/api/play", `{"game":"kayles","position":[30,31,32]}`, 200},
		{"/api/sequence", `{"game":"octal","code":"0.137","n":3000}`, 200},
		{"/api/play", `{"game":"corners","board":["TTH","THH","HHT"]}`, 200},
		{"/api/play", `{"game":"hackenbush","edges":[[0,1],[1,2],[2,0],[2,3]]}`, 200},
		{"/api/play", `{"game":"wythoff","position":[9999,6180]}`, 200},
		// The most expensive valid requests: 4000 terms of 0.8 take
		// about 1.6 s (2000 about 0.2 s); the largest Turning Corners board;
		// a Domineering board below.
		{"/api/sequence", fmt.Sprintf(`{"game":"octal","code":"0.8","n":%d}`, terms), 200},
		{"/api/play", `{"game":"corners","board":["` + strings.Repeat("H", 16) + strings.Repeat(`","`+strings.Repeat("H", 16), 15) + `"]}`, 200},
		{"/api/game", `{"ruleset":"clobber","positions":["xoxo|oxox|xoxo"],"moves":true}`, 200},
		{"/api/game", `{"ruleset":"octal:0.77","positions":["10","7","3"],"misere":true}`, 200},
		// A 4 × 5 Domineering board: about 0.3 s and 40 MiB allocated.
		{"/api/game", `{"ruleset":"domineering","positions":[".....|.....|.....|....."]}`, 200},
		{"/api/game", `{"ruleset":"clobber","positions":["xoxoxo|oxoxox|xoxoxo|oxoxox"]}`, 413},
		{"/api/game", `{"ruleset":"clobber","positions":["xqo"]}`, 400},
		{"/api/game", `{"ruleset":"nim","positions":[3]}`, 400},
		{"/api/script", `{"source":"d = ruleset(\"domineering\")\nv = [d(\"|\".join([\".\" * c] * r)).value() for r in range(1, 4) for c in range(1, 4)]"}`, 200},
		{"/api/script", `{"source":"print(1)\nx = game(\"{1|\")"}`, 400},
		{"/api/nimber", `{"op":`, 400},
		{"/api/nimber", `{"op":"mul","a":"1","b":"2"} {}`, 400},
		{"/api/nimber", `{"op":"mul","a":"0x1ffffffffffffffff","b":"2"}`, 400},
		{"/api/play", `{"game":"kayles","position":[1001]}`, 400},
		{"/api/play", `{"game":"` + strings.Repeat("x", 20000) + `"}`, 413},
		{"/api/sequence", `{"game":"octal","code":"0.77","n":99999999}`, 413},
		{"/api/sequence", `{"game":"octal","code":"0.FFF","n":10000}`, 413},
	}
	before := runtime.NumGoroutine()
	rss0 := residentBytes()
	srv := httptest.NewServer(Handler())
	client := &http.Client{Timeout: 20 * time.Second}
	var wg sync.WaitGroup
	var refused, served, calculator atomic.Int64
	errs := make(chan string, clients*each)
	start := time.Now()
	for w := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				b := bodies[(w*7+i)%len(bodies)]
				req, _ := http.NewRequest("POST", srv.URL+b.path, strings.NewReader(b.body))
				req.Header.Set("Content-Type", "application/json")
				want := b.status
				switch i % 10 {
				case 3: // a page elsewhere
					req.Header.Set("Origin", "http://example.com")
					want = http.StatusForbidden
				case 6: // a form post
					req.Header.Set("Content-Type", "text/plain")
					want = http.StatusUnsupportedMediaType
				}
				resp, err := client.Do(req)
				if err != nil {
					errs <- err.Error()
					continue
				}
				var out map[string]any
				jsonErr := json.NewDecoder(resp.Body).Decode(&out)
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				busy := resp.StatusCode == http.StatusServiceUnavailable && b.path != "/api/nimber" && want == b.status
				switch {
				case jsonErr != nil:
					errs <- fmt.Sprintf("%s %.40s: the answer is not JSON: %v", b.path, b.body, jsonErr)
				case busy && resp.Header.Get("Retry-After") == "":
					errs <- b.path + ": 503 without Retry-After"
				case busy:
					refused.Add(1)
				case resp.StatusCode != want:
					errs <- fmt.Sprintf("%s %.40s: %s, want %d", b.path, b.body, resp.Status, want)
				case want == 200 && b.path == "/api/nimber":
					calculator.Add(1)
					served.Add(1)
				case want == 200:
					served.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	total := int64(clients * each)
	t.Logf("%d requests from %d clients in %v: %d answered 200, %d refused as busy",
		total, clients, time.Since(start), served.Load(), refused.Load())
	if refused.Load() > total*2/3 {
		t.Errorf("%d of %d requests refused as busy", refused.Load(), total)
	}
	if calculator.Load() == 0 {
		t.Error("the calculator answered no request while the games queued")
	}
	resp, err := client.Get(srv.URL + "/")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the server stopped serving: %v", err)
	}
	resp.Body.Close()
	rss1 := residentBytes()
	t.Logf("resident memory %d MiB before, %d MiB after", rss0>>20, rss1>>20)
	if rss0 > 0 && rss1-rss0 > 256<<20 {
		t.Errorf("resident memory grew by %d MiB, more than 256 MiB", (rss1-rss0)>>20)
	}
	client.CloseIdleConnections()
	srv.Close()
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines before the server started, %d after it closed", before, n)
	}
}

// residentBytes returns the process's resident memory, read from
// /proc/self/statm, or 0 where there is none.
func residentBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}
