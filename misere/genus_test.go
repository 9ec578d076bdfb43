package misere_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nimbers/grundy/games/heap"
	"github.com/nimbers/grundy/misere"
)

// cgsuiteGenus expands a genus as CGSuite prints it into its first k
// terms γ0 … γ(k−1). CGSuite prints a nim heap's genus as n, a tame or
// restive game's as g^γ0 and any other's in full up to its period 2.
func cgsuiteGenus(t *testing.T, s string, k int) (g int, gamma []int, digits int) {
	t.Helper()
	head, sup, ok := strings.Cut(s, "^")
	g, err := strconv.Atoi(head)
	if err != nil {
		t.Fatalf("bad genus %q", s)
	}
	var terms []int
	if ok {
		if strings.HasPrefix(sup, "(") {
			for _, f := range strings.Split(strings.Trim(sup, "()"), ",") {
				v, _ := strconv.Atoi(f)
				terms = append(terms, v)
			}
		} else {
			for _, c := range sup {
				terms = append(terms, int(c-'0'))
			}
		}
	}
	digits = len(terms)
	switch {
	case digits == 0 && g < 2:
		terms = []int{1 - g, g ^ 2, g}
	case digits == 0:
		terms = []int{g, g ^ 2}
	case digits == 1 && (g == terms[0] || g < 2 && terms[0] < 2):
		terms = []int{terms[0], g ^ 2, g}
	case digits == 1: // restive
		b := g
		if terms[0] < 4 {
			b = terms[0]
		}
		terms = []int{terms[0], b ^ 2, b}
	}
	for i := 0; i < k; i++ {
		n := len(terms)
		if i < n {
			gamma = append(gamma, terms[i])
		} else {
			gamma = append(gamma, terms[n-2+(n^i)&1])
		}
	}
	return g, gamma, digits
}

// genusTables are the genera of heaps 0, 1, 2, … as CGSuite prints them:
// its own test suite (GameHeapTest, heaps to 20) and CGSuite 2.2 run on
// heaps to 25. hereditary lists the heaps CGSuite's IsTame accepts.
var genusTables = []struct {
	name, code string
	genera     string
	hereditary []int
}{
	{"Kayles", "0.77", "0 1 2 3 1 4^146 3 2^2 1^1 4^046 2^2 6^46 4^046 1^1 2^2 7^57 1^13 4^64 3^31 2^20 1^031 4^64 6^46 7^57 4^64 1^731",
		[]int{0, 1, 2, 3, 4, 6, 8}},
	{"Dawson's Kayles", "0.07", "0 0 1 1 2 0 3 1 1 0 3^1431 3 2^0520 2 4^146 0 5^057 2^0520 2 3^1431 3", nil},
	{"Dawson's Chess", "0.137", "0 1 1 2 0 3 1 1 0 3^1431 3 2^0520 2 4^146 0 5^057 2^0520 2 3^1431 3 0^02 1^031 1^13 3^1431 0^31 2^0520",
		[]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 19}},
	{"Treblecross", "0.007", "0 0 0 1 1 1 2 2 0 3 3 1 1 1 0 4^146 3^1431 3 3 2^0520 2 2 4^146 4^146 0^1 5^057",
		[]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 18, 20, 21}},
	{"Officers", "0.6", "0 0 1 2 0 1 2 3^1431 1 2 3^1431 4^0564 0^20 3^1431 4^0564 2^20 1^13 3^0531 2^20 1^13 0^02 2^20 1^13 4^0564 5^475 1^13",
		[]int{0, 1, 2, 3, 4, 5, 6, 8, 9}},
	{"Grundy's game", "", "0 0 0 1 0 2 1 0 2 1 0 2 1 3^1431 2 1 3^1431 2 4^0564 3^1431 0^20",
		[]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 17}},
	{"0.3F", "0.3F", "0 1 2 0 1 2 3^1431 4^0564 5^46 3^1431 4^0564 5^4875 6^(1,9,10,8) 7^075 8^6875 6^(1,9,10,8) 7^075 8^(6,10,8) 9^(1,9,12,11,9) 10^(0,11,13,9,11) 11^(6,10,8)", nil},
	{"subtraction {2,3,7}", "2,3,7", "0 0 1 1 2 0 0 1 1 2 0 0 1 1 2 0 0 1 1 2 0", nil},
}

func readGame(t *testing.T, code string) *heap.Game {
	t.Helper()
	var g *heap.Game
	var err error
	switch {
	case code == "":
		return heap.GrundysGame()
	case strings.Contains(code, "."):
		g, err = heap.ParseCode(code)
	default:
		g, err = heap.ParseSubtraction(code)
	}
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGenusTables checks the genus, nim values and classification of
// heaps against CGSuite's.
func TestGenusTables(t *testing.T) {
	for _, tc := range genusTables {
		want := strings.Fields(tc.genera)
		forms, err := misere.Forms(context.Background(), readGame(t, tc.code), len(want)-1, nil)
		if err != nil {
			t.Fatal(tc.name, err)
		}
		for h, w := range want {
			f := forms[h]
			g, gamma, digits := cgsuiteGenus(t, w, 12)
			got := f.Genus()
			var at []int
			for i := range 12 {
				at = append(at, got.At(i))
			}
			if got.G != g || f.Genus().G != g || !slices.Equal(at, gamma) || f.Genus().Gamma[0] != gamma[0] {
				t.Errorf("%s heap %d: genus %s, want %s", tc.name, h, got, w)
			}
			if digits > 1 && got.String() != w {
				t.Errorf("%s heap %d: genus written %s, CGSuite writes %s", tc.name, h, got, w)
			}
			p := f.Phylum()
			switch {
			case digits == 0 && p != misere.NimHeap,
				digits == 1 && !p.Tame() && !(p == misere.Restive || p == misere.ReversiblyRestive),
				digits > 1 && (p.Tame() || (p == misere.Restive || p == misere.ReversiblyRestive)):
				t.Errorf("%s heap %d: phylum %s for CGSuite's genus %s", tc.name, h, p, w)
			}
			if tc.hereditary != nil {
				her := p == misere.NimHeap || p == misere.HereditarilyTame
				if her != slices.Contains(tc.hereditary, h) {
					t.Errorf("%s heap %d: phylum %s, CGSuite's IsTame says %v", tc.name, h, p, !her)
				}
			}
		}
	}
}

// TestGenusAgainstSearch checks γi of heaps against the misère nim value
// of the heap plus i heaps *2, found by a search of the positions that
// knows nothing of canonical forms.
func TestGenusAgainstSearch(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "0.137", "0.6", "0.3F", "4.7"} {
		g := readGame(t, code)
		const n = 11
		forms, err := misere.Forms(context.Background(), g, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := newSearch(g)
		for h := 0; h <= n; h++ {
			for i := range 4 {
				heaps := []int{h}
				nims := slices.Repeat([]int{2}, i)
				if v, want := forms[h].Genus().At(i), s.value(heaps, nims); v != want {
					t.Errorf("%s heap %d: γ%d = %d, search says %d", code, h, i, v, want)
				}
			}
			if v, want := forms[h].Genus().G, s.normal(h); v != want {
				t.Errorf("%s heap %d: nim value %d, search says %d", code, h, v, want)
			}
		}
	}
}

// search finds misère nim values of sums of heaps of a game and nim heaps
// from the definition: 1 for a position with no move, else the mex of
// the options' values.
type search struct {
	g    *heap.Game
	memo map[string]int
}

func newSearch(g *heap.Game) *search { return &search{g, map[string]int{}} }

func (s *search) value(heaps, nims []int) int {
	heaps = slices.DeleteFunc(slices.Sorted(slices.Values(heaps)), func(h int) bool { return h == 0 })
	nims = slices.DeleteFunc(slices.Sorted(slices.Values(nims)), func(h int) bool { return h == 0 })
	key := fmt.Sprint(heaps, nims)
	if v, ok := s.memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	moved := false
	for i, h := range heaps {
		for parts := range s.g.Moves(h) {
			next := slices.Concat(heaps[:i], heaps[i+1:], parts)
			seen[s.value(next, nims)] = true
			moved = true
		}
	}
	for i, n := range nims {
		for m := range n {
			next := slices.Clone(nims)
			next[i] = m
			seen[s.value(heaps, next)] = true
			moved = true
		}
	}
	v := 0
	if !moved {
		v = 1
	}
	for moved && seen[v] {
		v++
	}
	s.memo[key] = v
	return v
}

// normal returns a heap's normal-play nim value by the mex definition.
func (s *search) normal(h int) int {
	var rec func(heaps []int) int
	memo := map[string]int{}
	rec = func(heaps []int) int {
		heaps = slices.Sorted(slices.Values(heaps))
		key := fmt.Sprint(heaps)
		if v, ok := memo[key]; ok {
			return v
		}
		seen := map[int]bool{}
		for i, h := range heaps {
			for parts := range s.g.Moves(h) {
				seen[rec(slices.Concat(heaps[:i], heaps[i+1:], parts))] = true
			}
		}
		v := 0
		for seen[v] {
			v++
		}
		memo[key] = v
		return v
	}
	return rec([]int{h})
}

// TestPlambeck312 checks the genus of the heaps of 0.312 against
// Plambeck's analysis of the game (plambeck.org, misère octal games,
// quaternary games, 0.312, solved 4 February 2003): heaps 1 to 6 have
// genus 1^03131, 2^20, 0^02, 2^1420, 0^02 and 1^13, the last two then
// repeat for ever, and two heaps of 4 together have genus 0^1202.
func TestPlambeck312(t *testing.T) {
	g, err := heap.ParseCode("0.312")
	if err != nil {
		t.Fatal(err)
	}
	const n = 40
	forms, err := misere.Forms(context.Background(), g, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"", "1^03131", "2^20", "0^02", "2^1420", "0^02", "1^13"}
	for h := 1; h <= n; h++ {
		w := want[min(h, 6-h%2)]
		g, gamma, _ := cgsuiteGenus(t, w, 12)
		got := forms[h].Genus()
		for i, x := range gamma {
			if got.G != g || got.At(i) != x {
				t.Fatalf("heap %d: genus %s, Plambeck gives %s", h, got, w)
			}
		}
	}
	// 0^1202 is 0^120 written one term further: γ = 1, 2, 0, 2, 0, …
	got := sum(forms[4], forms[4]).Genus()
	g0, gamma, _ := cgsuiteGenus(t, "0^1202", 12)
	for i, x := range gamma {
		if got.G != g0 || got.At(i) != x {
			t.Fatalf("heap 4 + heap 4: genus %s, Plambeck gives 0^1202", got)
		}
	}
}

// TestHeapFormsText checks the text and JSON of Forms's result for Nim
// heaps 0 to 3 (0.333 up to heap 3) against Winning Ways's genera of
// nim heaps: 0^120, 1^031, 2^20, 3^31; in misère play the mover wins
// heap 0 and loses heap 1.
func TestHeapFormsText(t *testing.T) {
	forms, err := misere.Forms(t.Context(), readGame(t, "0.333"), 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	forms.WriteTo(&b)
	want := "   0  0^120        nim heap\n   1  1^031        nim heap\n   2  2^20         nim heap\n   3  3^31         nim heap\n"
	if b.String() != want {
		t.Errorf("text %q, want %q", b.String(), want)
	}
	js, err := json.Marshal(forms[:2])
	want = `{"heaps":[{"heap":0,"birthday":0,"outcome":"first","g":0,"gamma":[1,2,0],"genus":"0^120","phylum":"nim heap","class":"tame"},` +
		`{"heap":1,"birthday":1,"outcome":"second","g":1,"gamma":[0,3,1],"genus":"1^031","phylum":"nim heap","class":"tame"}]}`
	if err != nil || string(js) != want {
		t.Errorf("JSON %s, %v; want %s", js, err, want)
	}
}
