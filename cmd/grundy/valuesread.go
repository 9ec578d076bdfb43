package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/nimbers/grundy/budget"
	"github.com/nimbers/grundy/games/heap"
)

// valuesDefaultLimit is the default --budget of values: the values read
// from the file, about three seconds of work at two passes.
const valuesDefaultLimit = 1 << 27

// maxValuesStream bounds the bytes of a values file read from a pipe or
// a device, which is held in memory to be read more than once.
const maxValuesStream = 1 << 26

// A valuesSource is a values file opened once and read from its start
// for each pass: a regular file, or the bytes of a stream (a pipe,
// /dev/stdin) held in memory.
type valuesSource struct {
	name   string
	r      io.ReadSeeker
	close  func()
	game   string
	counts []int // the counts of the frames, up to the range's end
	total  int   // the values of those frames
}

// openValues opens the values file name once and reads its frames'
// heads (not their values) as far as the heaps below to, so that the
// values a range needs are known before any frame is inflated. Past
// limit values it stops, and refuses the file with an estimate of the
// values it holds in proportion to its bytes.
func openValues(name string, to int, limit float64) (*valuesSource, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fileError(err)
	}
	src := &valuesSource{name: name, r: f, close: func() { f.Close() }}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fileError(err)
	}
	if !fi.Mode().IsRegular() {
		// A stream is read once, into memory, through a bounded reader,
		// once its header is seen to be one.
		head := make([]byte, 1<<13) // more than the longest header
		k, err := io.ReadFull(f, head)
		if _, herr := heap.NewValuesReader(bytes.NewReader(head[:k])); herr != nil && k == len(head) {
			f.Close()
			return nil, fmt.Errorf("%s: %w", name, herr)
		}
		b := head[:k]
		if err == nil {
			// One buffer of the bound: its pages are touched only as
			// they are read into.
			b = make([]byte, maxValuesStream+1)
			copy(b, head)
			var m int
			m, err = io.ReadFull(f, b[k:])
			b = b[:k+m]
		}
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			err = nil
		}
		f.Close()
		if err != nil {
			return nil, fileError(err)
		}
		if len(b) > maxValuesStream {
			return nil, &budget.TooLargeError{What: name + " (not a regular file: held in memory to be read twice)", Unit: "bytes", Limit: maxValuesStream, Fixed: true}
		}
		src.r, src.close = bytes.NewReader(b), func() {}
	}
	vr, err := src.reader()
	if err != nil {
		src.close()
		return nil, err
	}
	src.game = vr.Game()
	for src.total < to {
		k, err := vr.Skip()
		if err == io.EOF {
			break
		}
		if err != nil {
			src.close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		src.counts = append(src.counts, k)
		src.total += k
		if float64(src.total) > limit {
			// The rest is estimated from the bytes left.
			size, _ := src.r.Seek(0, io.SeekEnd)
			src.close()
			est := float64(src.total) * max(1, float64(size)/float64(vr.Bytes()))
			return nil, &budget.TooLargeError{What: "reading " + name, Unit: "values", Estimate: est, Limit: limit}
		}
	}
	return src, nil
}

// reader returns a reader of the file from its start.
func (src *valuesSource) reader() (*heap.ValuesReader, error) {
	if _, err := src.r.Seek(0, io.SeekStart); err != nil {
		return nil, fileError(err)
	}
	vr, err := heap.NewValuesReader(src.r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src.name, err)
	}
	return vr, nil
}

// inRange returns the values of the frames that hold heaps from to
// to−1: those a pass inflates.
func (src *valuesSource) inRange(from, to int) int {
	n, first := 0, 0
	for _, k := range src.counts {
		if first+k > from && first < to {
			n += k
		}
		first += k
	}
	return n
}

// pass reads the file from its start, skipping unread the frames wholly
// before from, and passes the values of heaps from to to−1 to f if it is
// not nil; it checks every frame it inflates.
func (src *valuesSource) pass(from, to int, f func([]uint64)) error {
	vr, err := src.reader()
	if err != nil {
		return err
	}
	var buf []uint64
	first := 0
	for _, k := range src.counts {
		if first >= to {
			break
		}
		if first+k <= from {
			if _, err := vr.Skip(); err != nil {
				return fmt.Errorf("%s: %w", src.name, err)
			}
		} else {
			if buf, err = vr.Next(buf[:0]); err != nil {
				return fmt.Errorf("%s: %w", src.name, err)
			}
			if lo, hi := max(0, from-first), min(len(buf), to-first); lo < hi && f != nil {
				f(buf[lo:hi])
			}
		}
		first += k
	}
	return nil
}
