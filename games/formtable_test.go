package games

import (
	"math/rand/v2"
	"testing"

	"github.com/nimbers/grundy/partizan"
)

// TestFormTable checks the table of forms against a map, on random keys
// of 0 to 40 bytes (short ones in the slots, long ones in the map), many
// of them prefixes of one another or padded with zeros.
func TestFormTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 3))
	var tab formTable
	want := map[string]*partizan.Game{}
	key := func() []byte {
		b := make([]byte, rng.IntN(41))
		for i := range b {
			b[i] = byte(rng.IntN(3)) // few values: keys that differ in length only
		}
		return b
	}
	for i := range 20000 {
		k := key()
		g, ok := tab.get(k)
		w, wok := want[string(k)]
		if ok != wok || g != w {
			t.Fatalf("key %v: got %v, %v; want %v, %v", k, g, ok, w, wok)
		}
		if i%2 == 0 {
			v := partizan.Nimber(rng.IntN(8))
			tab.put(k, v)
			want[string(k)] = v
		}
	}
	for k, w := range want {
		if g, ok := tab.get([]byte(k)); !ok || g != w {
			t.Fatalf("key %v: got %v, %v; want %v", []byte(k), g, ok, w)
		}
	}
}

// TestRecentTable checks the table of the latest forms: a key put is
// found until another key takes its slot (one longer than shortKey is
// never kept), and a key never put is never found, on random keys of 0
// to 30 bytes.
func TestRecentTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 4))
	var tab recentTable
	latest := map[string]*partizan.Game{} // every key put, with its last form
	var keys [][]byte
	for range 50000 {
		b := make([]byte, rng.IntN(31))
		for i := range b {
			b[i] = byte(rng.IntN(3))
		}
		if g, ok := tab.get(b); ok {
			if w, put := latest[string(b)]; !put || g != w {
				t.Fatalf("key %v: found %v, last put %v (%v)", b, g, w, put)
			}
		}
		v := partizan.Nimber(rng.IntN(8))
		tab.put(b, v)
		latest[string(b)] = v
		keys = append(keys, b)
		if g, ok := tab.get(b); ok != (len(b) <= shortKey) || ok && g != v {
			t.Fatalf("key %v: got %v, %v just after putting %v", b, g, ok, v)
		}
	}
	found := 0
	kept := 0
	for _, k := range keys[len(keys)-1000:] {
		if len(k) <= shortKey {
			kept++
		}
		if g, ok := tab.get(k); ok {
			found++
			if g != latest[string(k)] {
				t.Fatalf("key %v: got %v, want %v", k, g, latest[string(k)])
			}
		}
	}
	if found < kept*9/10 {
		t.Errorf("%d of the last %d keys kept found", found, kept)
	}
}
