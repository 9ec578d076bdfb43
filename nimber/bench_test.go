package nimber

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"
)

// benchOperands returns 1024 random full-width nimbers.
func benchOperands() []Nimber {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]Nimber, 1024)
	for i := range xs {
		xs[i] = Nimber(r.Uint64())
	}
	return xs
}

var sink Nimber

// cpuTimer locks the benchmark to its thread and returns a function that
// reports, on Linux, the thread's CPU time per op as cpu-ns/op.
func cpuTimer(b *testing.B) (stop func()) {
	runtime.LockOSThread()
	cpu0, ok := threadCPU()
	return func() {
		if cpu1, _ := threadCPU(); ok {
			b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
		}
		runtime.UnlockOSThread()
	}
}

func BenchmarkMul(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	defer cpuTimer(b)()
	for b.Loop() {
		acc ^= xs[i&1023].Mul(xs[(i+1)&1023])
		i++
	}
	sink = acc
}

// BenchmarkMulChain measures latency: each product depends on the last.
func BenchmarkMulChain(b *testing.B) {
	xs := benchOperands()
	acc := Nimber(3)
	i := 0
	defer cpuTimer(b)()
	for b.Loop() {
		acc = acc.Mul(xs[i&1023]) | 1
		i++
	}
	sink = acc
}

// BenchmarkMulLogExp is Mul through the 780 KiB of log/exp tables, the
// path of CPUs without PCLMULQDQ, for comparison.
func BenchmarkMulLogExp(b *testing.B) {
	xs := benchOperands()
	var acc uint64
	i := 0
	defer cpuTimer(b)()
	for b.Loop() {
		acc ^= mul64(uint64(xs[i&1023]), uint64(xs[(i+1)&1023]))
		i++
	}
	sink = Nimber(acc)
}

func BenchmarkMul32(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	defer cpuTimer(b)()
	for b.Loop() {
		acc ^= (xs[i&1023] & 0xffffffff).Mul(xs[(i+1)&1023] & 0xffffffff)
		i++
	}
	sink = acc
}

// BenchmarkMulReference is the table-free four-product recursion, for
// comparison.
func BenchmarkMulReference(b *testing.B) {
	xs := benchOperands()
	var acc uint64
	i := 0
	for b.Loop() {
		acc ^= refMul(uint64(xs[i&1023]), uint64(xs[(i+1)&1023]))
		i++
	}
	sink = Nimber(acc)
}

func BenchmarkSquare(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= xs[i&1023].Square()
		i++
	}
	sink = acc
}

func BenchmarkSqrt(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= xs[i&1023].Sqrt()
		i++
	}
	sink = acc
}

func BenchmarkInv(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= xs[i&1023].Inv()
		i++
	}
	sink = acc
}

func BenchmarkPow(b *testing.B) {
	xs := benchOperands()
	var acc Nimber
	i := 0
	for b.Loop() {
		acc ^= xs[i&1023].Pow(uint64(xs[(i+1)&1023]))
		i++
	}
	sink = acc
}

func BenchmarkLog(b *testing.B) {
	xs := benchOperands()
	i := 0
	for b.Loop() {
		_, _ = xs[i&1023].Log(PrimitiveRoot)
		i++
	}
}

func BenchmarkSolveQuadratic(b *testing.B) {
	xs := benchOperands()
	i := 0
	for b.Loop() {
		_ = SolveQuadratic(xs[i&1023], xs[(i+1)&1023])
		i++
	}
}

func benchBigMul(b *testing.B, bits int) {
	r := rand.New(rand.NewPCG(3, 4))
	x, y := randBig(r, bits), randBig(r, bits)
	for b.Loop() {
		_ = x.Mul(y)
	}
}

func BenchmarkBigMul128(b *testing.B)  { benchBigMul(b, 128) }
func BenchmarkBigMul256(b *testing.B)  { benchBigMul(b, 256) }
func BenchmarkBigMul4096(b *testing.B) { benchBigMul(b, 4096) }

func BenchmarkBigInv4096(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	x := randBig(r, 4096)
	for b.Loop() {
		_ = x.Inv()
	}
}

const sliceLen = 4096

func benchSlices() ([]Nimber, []Nimber, []Nimber) {
	r := rand.New(rand.NewPCG(9, 10))
	a, b := make([]Nimber, sliceLen), make([]Nimber, sliceLen)
	for i := range a {
		a[i], b[i] = Nimber(r.Uint64()), Nimber(r.Uint64())
	}
	return a, b, make([]Nimber, sliceLen)
}

// benchKernels runs f once per available kernel set. It reports ns/elem,
// the time per element, and on Linux cpu-ns/elem, the thread's CPU time
// per element, which other programs on a loaded machine disturb less.
func benchKernels(b *testing.B, f func(k *kernelSet, a, c, dst []Nimber)) {
	for _, k := range availableKernels() {
		b.Run(k.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			a, c, dst := benchSlices()
			b.SetBytes(8)
			cpu0, ok := threadCPU()
			for b.Loop() {
				f(k, a, c, dst)
			}
			cpu1, _ := threadCPU()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/sliceLen, "ns/elem")
			if ok {
				b.ReportMetric(float64(cpu1-cpu0)/float64(b.N)/sliceLen, "cpu-ns/elem")
			}
		})
	}
}

func BenchmarkMulSlice(b *testing.B) {
	benchKernels(b, func(k *kernelSet, a, c, dst []Nimber) { k.mulSlice(dst, a, c) })
}

func BenchmarkMulConstSlice(b *testing.B) {
	benchKernels(b, func(k *kernelSet, a, c, dst []Nimber) { k.mulConstSlice(dst, c[0], a) })
}

func BenchmarkMulAddConstSlice(b *testing.B) {
	benchKernels(b, func(k *kernelSet, a, c, dst []Nimber) { k.mulAddConstSlice(dst, c[0], a) })
}

func BenchmarkDotProduct(b *testing.B) {
	benchKernels(b, func(k *kernelSet, a, c, dst []Nimber) { sink = k.dotProduct(a, c) })
}

func BenchmarkToElemSlice(b *testing.B) {
	benchKernels(b, func(k *kernelSet, a, c, dst []Nimber) {
		k.toElemSlice(unsafeElems(dst), a)
	})
}

func BenchmarkElemMulSlice(b *testing.B) {
	benchKernels(b, func(k *kernelSet, a, c, dst []Nimber) {
		k.elemMulSlice(unsafeElems(dst), unsafeElems(a), unsafeElems(c))
	})
}

func BenchmarkElemMulAddConstSlice(b *testing.B) {
	benchKernels(b, func(k *kernelSet, a, c, dst []Nimber) {
		k.elemMulAddConstSlice(unsafeElems(dst), Elem(c[0]), unsafeElems(a))
	})
}

func BenchmarkElemDotProduct(b *testing.B) {
	benchKernels(b, func(k *kernelSet, a, c, dst []Nimber) {
		_ = k.elemDotProduct(unsafeElems(a), unsafeElems(c))
	})
}

func BenchmarkElemMul(b *testing.B) {
	xs := benchOperands()
	acc := Elem(0)
	i := 0
	defer cpuTimer(b)()
	for b.Loop() {
		acc ^= Elem(xs[i&1023]).Mul(Elem(xs[(i+1)&1023]))
		i++
	}
	sink = Nimber(acc)
}

// unsafeElems views nimbers as Elems for benchmarks of the polynomial-basis
// kernels (the values are random either way).
func unsafeElems(s []Nimber) []Elem { return unsafe.Slice((*Elem)(unsafe.Pointer(&s[0])), len(s)) }
