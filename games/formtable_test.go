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
