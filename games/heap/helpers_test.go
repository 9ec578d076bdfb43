package heap

import (
	"context"
	"sync/atomic"
)

// Helpers the tests and benchmarks share, kept out of the package proper:
// nothing outside the tests calls them.

// grundySparse returns G(0), …, G(n−1) for Grundy's game by the
// sparse-space method with the given loops, with the mask it chose and
// the sparse heaps. It stops with ctx's error soon after ctx is
// cancelled.
func grundySparse(ctx context.Context, n int, progress func(done, total int), loops sparseLoops) ([]uint64, SparseInfo, error) {
	g := GrundysGame()
	// Always enough direct values to choose the mask well.
	v, err := g.Values(ctx, sparseDirect, nil)
	if err != nil {
		return nil, SparseInfo{}, err
	}
	st := newSparseState(wideSequence(v), grundyRules, n)
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	st.stop = &stop
	st.extend(n, progress, loops)
	if err := ctx.Err(); err != nil {
		return nil, SparseInfo{}, err
	}
	info := *st.info
	for len(info.Rare) > 0 && info.Rare[len(info.Rare)-1] >= n {
		info.Rare = info.Rare[:len(info.Rare)-1]
	}
	return st.s.wide[:n], info, nil
}

// byteKernels lists the scanners of the fast loops of every tier this
// machine runs.
func byteKernels() map[string]sparseLoops {
	s := map[string]sparseLoops{}
	for name, k := range kernelTiers() {
		s[name] = k.loops
	}
	return s
}

// ResumeCheckpoint opens the checkpoint at path of a run of the first n
// values of g and returns it with the values it saved. It fails with a
// *CheckpointError if the checkpoint is corrupt or cut short, or was
// made for another game or another n.
func ResumeCheckpoint(path string, g *Game, n int) (*Checkpoint, []uint64, error) {
	var v []uint64
	c, err := resumeCheckpoint(path, g, n, func(frame []uint64) {
		if v == nil {
			v = make([]uint64, 0, n)
		}
		v = append(v, frame...)
	})
	if err != nil {
		return nil, nil, err
	}
	return c, v, nil
}
