package nimkern

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"time"
)

// A Report is what Bench measured: the CPU, the tier in use, the
// instruction-set extensions and the time of a product by each path.
type Report struct {
	CPU      string          `json:"cpu"`          // the model name, "" where unknown
	Tier     string          `json:"tier"`         // the tier in use
	Features map[string]bool `json:"cpu_features"` // the extensions the tiers look for
	Timings  []Timing        `json:"timings"`
	others   []string        // the other tiers this CPU runs
	have     []string        // the extensions present, in order
	lack     []string        // and absent
}

// A Timing is the time of one product by one path.
type Timing struct {
	Path         string  `json:"path"`
	NsPerProduct float64 `json:"ns_per_product"`
	// CPU time of the thread, which a loaded machine disturbs less; 0
	// where the system does not give it.
	CPUNsPerProduct float64 `json:"cpu_ns_per_product"`
}

// Bench times the scalar product and every kernel of every tier this CPU
// runs on n random pairs, each for about a tenth of a second, and returns
// the report.
func Bench(n int) *Report {
	r := rand.New(rand.NewPCG(1, 2))
	a, b, dst := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	for i := range a {
		a[i], b[i] = r.Uint64(), r.Uint64()
	}
	ea, eb, edst := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	hooks.Active.ToElemSlice(ea, a)
	hooks.Active.ToElemSlice(eb, b)
	rep := &Report{CPU: cpuModel(), Features: map[string]bool{}}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	time1 := func(path string, f func()) {
		reps, start := 0, time.Now()
		cpu0, ok := threadCPU()
		for time.Since(start) < 100*time.Millisecond {
			f()
			reps++
		}
		cpu1, _ := threadCPU()
		t := Timing{Path: path, NsPerProduct: float64(time.Since(start).Nanoseconds()) / float64(reps*n)}
		if ok {
			t.CPUNsPerProduct = float64((cpu1 - cpu0).Nanoseconds()) / float64(reps*n)
		}
		rep.Timings = append(rep.Timings, t)
	}
	time1("Mul (scalar)", func() { hooks.MulLoop(dst, a, b) })
	tiers := Tiers()
	for _, m := range tiers {
		time1("MulSlice "+m.Name, func() { m.MulSlice(dst, a, b) })
		time1("MulAddConstSlice "+m.Name, func() { m.MulAddConstSlice(dst, b[0], a) })
		time1("DotProduct "+m.Name, func() { dst[0] = m.DotProduct(a, b) })
		time1("ElemMulSlice "+m.Name, func() { m.ElemMulSlice(edst, ea, eb) })
		time1("ElemMulAddConstSlice "+m.Name, func() { m.ElemMulAddConstSlice(edst, eb[0], ea) })
		rep.others = append(rep.others, m.Name)
	}
	rep.Tier, rep.others = tiers[len(tiers)-1].Name, rep.others[:len(tiers)-1]
	for _, f := range Features() {
		rep.Features[f.Name] = f.Present
		if f.Present {
			rep.have = append(rep.have, f.Name)
		} else {
			rep.lack = append(rep.lack, f.Name)
		}
	}
	return rep
}

// WriteTo writes the report as text: the CPU, the tiers, the extensions
// and a line per path.
func (r *Report) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	if r.CPU != "" {
		fmt.Fprintf(&b, "CPU: %s\n", r.CPU)
	}
	fmt.Fprintf(&b, "tier in use: %s; others this CPU runs (GRUNDY_KERNELS=name): %s\n", r.Tier, orNone(r.others))
	if r.have != nil || r.lack != nil {
		fmt.Fprintf(&b, "CPU features: %s; missing: %s\n", orNone(r.have), orNone(r.lack))
	}
	for _, t := range r.Timings {
		fmt.Fprintf(&b, "%-34s %8.3f ns/product", t.Path, t.NsPerProduct)
		if t.CPUNsPerProduct > 0 {
			fmt.Fprintf(&b, " (%.3f on the CPU)", t.CPUNsPerProduct)
		}
		b.WriteByte('\n')
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// cpuModel returns the processor's model name from /proc/cpuinfo, or ""
// where there is none (other systems, most arm64 kernels).
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for line := range strings.Lines(string(b)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// orNone joins the words with blanks, or returns "none".
func orNone(words []string) string {
	if len(words) == 0 {
		return "none"
	}
	return strings.Join(words, " ")
}
