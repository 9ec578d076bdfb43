package nimkern_test

import (
	"strings"
	"testing"

	"github.com/nimbers/grundy/internal/nimkern"
	_ "github.com/nimbers/grundy/nimber" // registers the kernels
)

// TestBench checks the shape of Bench's report against the tiers this CPU
// runs: the scalar path and five kernels for each tier, the last tier the
// one in use, and one text line per timing after the header (no times are
// checked).
func TestBench(t *testing.T) {
	r := nimkern.Bench(16)
	tiers := nimkern.Tiers()
	want := []string{"Mul (scalar)"}
	for _, m := range tiers {
		for _, k := range []string{"MulSlice", "MulAddConstSlice", "DotProduct", "ElemMulSlice", "ElemMulAddConstSlice"} {
			want = append(want, k+" "+m.Name)
		}
	}
	if len(r.Timings) != len(want) || r.Tier != tiers[len(tiers)-1].Name {
		t.Fatalf("%d timings, tier %s; want %d, %s", len(r.Timings), r.Tier, len(want), tiers[len(tiers)-1].Name)
	}
	for i, tm := range r.Timings {
		if tm.Path != want[i] || tm.NsPerProduct <= 0 {
			t.Errorf("timing %d: %+v; want path %q", i, tm, want[i])
		}
	}
	if len(r.Features) != len(nimkern.Features()) {
		t.Errorf("features %v; want %v", r.Features, nimkern.Features())
	}
	var b strings.Builder
	r.WriteTo(&b)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if !strings.Contains(b.String(), "tier in use: "+r.Tier+";") || !strings.HasPrefix(lines[len(lines)-len(want)], "Mul (scalar) ") {
		t.Errorf("text:\n%s", b.String())
	}
}
