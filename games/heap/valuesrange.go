package heap

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/nimbers/grundy/budget"
)

// DefaultReadLimit is the values a ValuesRange inflates unless its
// options say otherwise: about three seconds of work at two passes.
const DefaultReadLimit = 1 << 27

// maxValuesStream bounds the bytes of a values file read from a pipe or
// a device, which is held in memory to be read more than once.
const maxValuesStream = 1 << 26

// A ValuesRange is the values of heaps from to to−1 of a values file,
// opened once and read from its start for each pass: a regular file, or
// the bytes of a stream (a pipe, /dev/stdin) held in memory.
type ValuesRange struct {
	name     string
	r        io.ReadSeeker
	close    func() error
	game     string
	from, to int
	counts   []int // the counts of the frames, up to the range's end
	total    int   // the values of those frames
}

// OpenValuesRange opens the values file name for the values of heaps
// from to to−1 (fewer if it ends sooner). It reads the frames' heads, not
// their values, so that the values a range inflates are known before any
// is: it refuses with a *budget.TooLargeError a range that would inflate
// more than opt's Limit (DefaultReadLimit by default), and a stream of
// more than 2^26 bytes. A file that is no values file is refused with an
// error matching ErrValuesFile.
func OpenValuesRange(name string, from, to int, opt *budget.Options) (*ValuesRange, error) {
	if from < 0 || from >= to {
		return nil, fmt.Errorf("heap: the range from %d to %d holds no heap", from, to)
	}
	most := opt.Max(DefaultReadLimit)
	// The heads are read up to what a range from 0 may read: a range
	// from further on reads fewer frames than it passes.
	stop := math.Inf(1)
	if from == 0 {
		stop = most
	}
	r, err := openValuesStream(name)
	if err != nil {
		return nil, err
	}
	r.from, r.to = from, to
	vr, err := r.reader()
	if err != nil {
		r.Close()
		return nil, err
	}
	r.game = vr.Game()
	for r.total < to {
		k, err := vr.Skip()
		if err == io.EOF {
			break
		}
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		r.counts = append(r.counts, k)
		r.total += k
		if float64(r.total) > stop {
			// The rest is estimated from the bytes left.
			size, _ := r.r.Seek(0, io.SeekEnd)
			r.Close()
			est := float64(r.total) * max(1, float64(size)/float64(vr.Bytes()))
			return nil, &budget.TooLargeError{What: "reading " + name, Unit: "values", Estimate: est, Limit: most}
		}
	}
	if est := r.inRange(); float64(est) > most {
		r.Close()
		return nil, &budget.TooLargeError{What: "reading " + name, Unit: "values", Estimate: float64(est), Limit: most}
	}
	return r, nil
}

// openValuesStream opens the file name, reading it into memory if it is
// not a regular file, once its first bytes are seen to start a values
// file.
func openValuesStream(name string) (*ValuesRange, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	r := &ValuesRange{name: name, r: f, close: f.Close}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if fi.Mode().IsRegular() {
		return r, nil
	}
	head := make([]byte, 1<<13) // more than the longest header
	k, err := io.ReadFull(f, head)
	if _, herr := newValuesReader(bytes.NewReader(head[:k])); herr != nil && k == len(head) {
		f.Close()
		return nil, fmt.Errorf("%s: %w", name, herr)
	}
	b := head[:k]
	if err == nil {
		// One buffer of the bound: its pages are touched only as they
		// are read into.
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
		return nil, err
	}
	if len(b) > maxValuesStream {
		return nil, &budget.TooLargeError{What: name + " (not a regular file: held in memory to be read twice)", Unit: "bytes", Limit: maxValuesStream, Fixed: true}
	}
	r.r, r.close = bytes.NewReader(b), func() error { return nil }
	return r, nil
}

// Game returns the game the file names.
func (r *ValuesRange) Game() string { return r.game }

// Close closes the file.
func (r *ValuesRange) Close() error { return r.close() }

// Each passes the values of the range to f in order, a frame's worth
// at a time, after a first pass has checked every frame they come from:
// a file found corrupt gives f nothing. It fails if the file holds no
// value of the range.
func (r *ValuesRange) Each(f func(v []uint64)) error {
	if err := r.pass(r.from, r.to, nil); err != nil {
		return err
	}
	if r.total <= r.from {
		return fmt.Errorf("%s holds %d values: none from %d", r.name, r.total, r.from)
	}
	return r.pass(r.from, r.to, f)
}

// A Census is the classes of sparse space chosen for the values of a
// range and its summaries at every power of two; its JSON is that of
// grundy values --rare --json.
type Census struct {
	Name       string      `json:"name"` // the game, as the file names it
	Mask       string      `json:"mask"` // info's mask, in hexadecimal
	Twist      bool        `json:"twist"`
	Milestones []Milestone `json:"milestones"`
	info       SparseInfo
}

// Census returns the classes of sparse space chosen for the values of
// the range and its summaries at every power of two (see census): it
// reads the range twice.
func (r *ValuesRange) Census() (*Census, error) {
	var c census
	if err := r.pass(r.from, r.to, c.Add); err != nil {
		return nil, err
	}
	info := c.Classes()
	if err := r.pass(r.from, r.to, c.Count); err != nil {
		return nil, err
	}
	return &Census{Name: r.Game(), Mask: fmt.Sprintf("%#x", info.Mask), Twist: info.Twist, Milestones: c.Milestones(), info: info}, nil
}

// WriteTo writes c as grundy values --rare prints it: the game and the
// mask, then a line for each power of two: the heaps below it, the
// largest value and its first heap, the sparse heaps and the last of
// them. It returns the bytes written and the first error.
func (c *Census) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	twist := ""
	if c.Twist {
		twist = ", twisted by heap parity"
	}
	fmt.Fprintf(&b, "%s: mask %#x%s\n%12s %8s %12s %10s %12s\n", c.Name, c.info.Mask, twist, "heaps", "max", "first at", "sparse", "last sparse")
	for _, m := range c.Milestones {
		fmt.Fprintf(&b, "%12d %8d %12d %10d %12d\n", m.Heaps, m.Max, m.MaxAt, m.Sparse, m.LastSparse)
	}
	return b.WriteTo(w)
}

// reader returns a reader of the file from its start.
func (r *ValuesRange) reader() (*valuesReader, error) {
	if _, err := r.r.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	vr, err := newValuesReader(r.r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.name, err)
	}
	return vr, nil
}

// inRange returns the values of the frames that hold heaps of the
// range: those a pass inflates.
func (r *ValuesRange) inRange() int {
	n, first := 0, 0
	for _, k := range r.counts {
		if first+k > r.from && first < r.to {
			n += k
		}
		first += k
	}
	return n
}

// pass reads the file from its start, skipping unread the frames wholly
// before from, and passes the values of heaps from to to−1 to f if it is
// not nil; it checks every frame it inflates.
func (r *ValuesRange) pass(from, to int, f func([]uint64)) error {
	vr, err := r.reader()
	if err != nil {
		return err
	}
	var buf []uint64
	first := 0
	for _, k := range r.counts {
		if first >= to {
			break
		}
		if first+k <= from {
			if _, err := vr.Skip(); err != nil {
				return fmt.Errorf("%s: %w", r.name, err)
			}
		} else {
			if buf, err = vr.Next(buf[:0]); err != nil {
				return fmt.Errorf("%s: %w", r.name, err)
			}
			if lo, hi := max(0, from-first), min(len(buf), to-first); lo < hi && f != nil {
				f(buf[lo:hi])
			}
		}
		first += k
	}
	return nil
}
