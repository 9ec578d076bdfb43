package heap

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// A Checkpoint keeps the values of a long run on disk so that the run can
// be resumed, with identical results, after it is stopped in any way, a
// SIGKILL or a power cut included. It is two files: the values so far,
// in a values file at PATH.values that only grows, and PATH, a few lines
// naming the game, N, and how many values and bytes of PATH.values are
// saved, with the checksums of both. Save makes PATH.values durable
// first, then replaces PATH by an atomic rename, so PATH always
// describes a saved state; bytes past it are dropped on resuming.
type Checkpoint struct {
	path string
	game string
	n    int
	f    *os.File
	sum  hash.Hash32 // CRC-32C of the bytes of PATH.values written
	vw   *ValuesWriter
}

// ErrCheckpoint is matched (errors.Is) by the errors of Game.Run resuming
// for a checkpoint that is corrupt, cut short or of another run.
var ErrCheckpoint = errors.New("unusable checkpoint")

// A checkpointError says why a checkpoint cannot be resumed.
type checkpointError struct {
	Path   string
	Reason string
}

// Error returns the file and the reason.
func (e *checkpointError) Error() string { return fmt.Sprintf("checkpoint %s: %s", e.Path, e.Reason) }

// Is reports whether target is ErrCheckpoint.
func (e *checkpointError) Is(target error) bool { return target == ErrCheckpoint }

const checkpointMagic = "grundy-checkpoint 1"

// CreateCheckpoint starts a checkpoint at path for the first n values of
// g, replacing any there, with no values saved.
// It refuses, with a *CheckpointError, to replace anything but a regular
// file.
func CreateCheckpoint(path string, g *Game, n int) (*Checkpoint, error) {
	for _, p := range []string{path, path + ".values", path + ".tmp"} {
		if fi, err := os.Stat(p); err == nil && !fi.Mode().IsRegular() {
			return nil, &checkpointError{Path: path, Reason: p + " is not a regular file"}
		}
	}
	f, err := os.Create(path + ".values")
	if err != nil {
		return nil, err
	}
	c := &Checkpoint{path: path, game: g.String(), n: n, f: f, sum: crc32.New(castagnoli)}
	if c.vw, err = NewValuesWriter(io.MultiWriter(f, c.sum), g); err != nil {
		f.Close()
		return nil, err
	}
	if err := c.Save(nil); err != nil {
		f.Close()
		return nil, err
	}
	return c, nil
}

// resumeSequence opens the checkpoint at path of a run of the first n
// values of g and returns it with the values it saved, as a compact
// Sequence with room for n, for extendSaving. It fails with a
// *CheckpointError if the checkpoint is corrupt or cut short, or was
// made for another game or another n.
func resumeSequence(path string, g *Game, n int) (*Checkpoint, *Sequence, error) {
	s := &Sequence{}
	c, err := resumeCheckpoint(path, g, n, func(frame []uint64) {
		if s.lo == nil {
			s.lo = make([]uint16, 0, n)
		}
		for _, x := range frame {
			s.push(x)
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return c, s, nil
}

// resumeCheckpoint opens the checkpoint at path, giving add the values
// saved a frame at a time.
func resumeCheckpoint(path string, g *Game, n int, add func(frame []uint64)) (*Checkpoint, error) {
	bad := func(format string, args ...any) error {
		return &checkpointError{Path: path, Reason: fmt.Sprintf(format, args...)}
	}
	text, err := readDescription(path)
	if err != nil {
		return nil, err
	}
	meta, err := parseCheckpoint(text)
	if err != nil {
		return nil, bad("%s", err)
	}
	if meta.game != g.String() || meta.n != n {
		return nil, bad("it is a run of %s to %d heaps, not of %s to %d", meta.game, meta.n, g, n)
	}
	if fi, err := os.Stat(path + ".values"); err == nil && !fi.Mode().IsRegular() {
		return nil, bad("%s.values is not a regular file", path)
	}
	f, err := os.OpenFile(path+".values", os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*Checkpoint, error) {
		f.Close()
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() < meta.bytes {
		return fail(bad("%s.values holds fewer bytes than the %d saved", path, meta.bytes))
	}
	sum := crc32.New(castagnoli)
	vr, err := newValuesReader(io.TeeReader(io.LimitReader(f, meta.bytes), sum))
	if err != nil {
		return fail(bad("%s.values: %v", path, err))
	}
	var count int64
	var frame []uint64
	for count < meta.values && count <= int64(n) {
		if frame, err = vr.Next(frame[:0]); err != nil {
			return fail(bad("%s.values holds fewer values than the %d saved: %v", path, meta.values, err))
		}
		count += int64(len(frame))
		if count <= int64(n) {
			add(frame)
		}
	}
	if count != meta.values || vr.Bytes() != meta.bytes || count > int64(n) {
		return fail(bad("%s.values does not end where the checkpoint says", path))
	}
	if sum.Sum32() != meta.sum {
		return fail(bad("%s.values does not match its checksum (corrupt)", path))
	}
	if g.String() != vr.Game() {
		return fail(bad("%s.values holds %s", path, vr.Game()))
	}
	// Drop what was written after the last save, and go on from there.
	if err := f.Truncate(meta.bytes); err != nil {
		return fail(err)
	}
	if _, err := f.Seek(meta.bytes, io.SeekStart); err != nil {
		return fail(err)
	}
	c := &Checkpoint{path: path, game: meta.game, n: n, f: f, sum: sum}
	c.vw = appendValuesWriter(io.MultiWriter(f, sum), count, meta.bytes)
	return c, nil
}

// count returns the number of values saved.
func (c *Checkpoint) count() int64 { return c.vw.countValues() }

// Save saves the values v beyond those saved already (v holds G(0), …
// and at least as many values as were saved).
func (c *Checkpoint) Save(v []uint64) error {
	return c.saveSequence(&Sequence{wide: v, isWide: true})
}

// saveSequence saves the values of s beyond those saved already.
func (c *Checkpoint) saveSequence(s *Sequence) error {
	if err := c.vw.writeSequence(s); err != nil {
		return err
	}
	if err := c.vw.Flush(); err != nil {
		return err
	}
	if err := c.f.Sync(); err != nil {
		return err
	}
	return c.commit()
}

// commit replaces the checkpoint's description by an atomic rename.
func (c *Checkpoint) commit() error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\ngame %s\nn %d\nvalues %d\nbytes %d\nvalues-crc32c %08x\n", checkpointMagic, c.game, c.n, c.vw.countValues(), c.vw.Bytes(), c.sum.Sum32())
	fmt.Fprintf(&b, "crc32c %08x\n", crc32.Checksum(b.Bytes(), castagnoli))
	tmp := c.path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := f.Write(b.Bytes()); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, c.path); err != nil {
		return err
	}
	if d, err := os.Open(filepath.Dir(c.path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// Close closes the checkpoint's values file; the checkpoint stays on disk.
func (c *Checkpoint) Close() error { return c.f.Close() }

// maxDescription bounds the bytes of a checkpoint's description.
const maxDescription = 1 << 14

// readDescription reads the checkpoint's description at path: a regular
// file of at most maxDescription bytes, read no further than that.
func readDescription(path string) ([]byte, error) {
	// Stat before opening: opening a FIFO waits for a writer.
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &checkpointError{Path: path, Reason: "it is not a regular file"}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &checkpointError{Path: path, Reason: "it is not a regular file"}
	}
	if fi.Size() > maxDescription {
		return nil, &checkpointError{Path: path, Reason: fmt.Sprintf("it is not a checkpoint of grundy (%d bytes, more than %d)", fi.Size(), maxDescription)}
	}
	text, err := io.ReadAll(io.LimitReader(f, maxDescription+1))
	if err != nil {
		return nil, err
	}
	return text, nil
}

// checkpointMeta is what a checkpoint's description says.
type checkpointMeta struct {
	game          string
	n             int
	values, bytes int64
	sum           uint32
}

// parseCheckpoint reads a checkpoint's description and checks its
// checksum.
func parseCheckpoint(text []byte) (checkpointMeta, error) {
	var m checkpointMeta
	body, last, ok := bytes.Cut(bytes.TrimSuffix(text, []byte("\n")), []byte("\ncrc32c "))
	if !ok || len(text) > maxDescription {
		return m, errors.New("it is not a checkpoint of grundy (no checksum line)")
	}
	want, err := strconv.ParseUint(string(last), 16, 32)
	if err != nil || crc32.Checksum(append(body, '\n'), castagnoli) != uint32(want) {
		return m, errors.New("its checksum does not match (corrupt or cut short)")
	}
	lines := bufio.NewScanner(bytes.NewReader(body))
	fields := map[string]string{}
	for i := 0; lines.Scan(); i++ {
		if i == 0 {
			if lines.Text() != checkpointMagic {
				return m, fmt.Errorf("it is not a checkpoint of this version of grundy (%s)", clip(lines.Bytes()))
			}
			continue
		}
		k, val, _ := strings.Cut(lines.Text(), " ")
		fields[k] = val
	}
	m.game = fields["game"]
	var e [4]error
	m.n, e[0] = strconv.Atoi(fields["n"])
	m.values, e[1] = strconv.ParseInt(fields["values"], 10, 64)
	m.bytes, e[2] = strconv.ParseInt(fields["bytes"], 10, 64)
	var s uint64
	s, e[3] = strconv.ParseUint(fields["values-crc32c"], 16, 32)
	m.sum = uint32(s)
	if err := errors.Join(e[:]...); err != nil || m.n < 0 || m.values < 0 || m.values > int64(m.n) || m.bytes < 0 {
		return m, errors.New("a line is missing or malformed")
	}
	// The game is read as the command line reads it, and must be written
	// as grundy writes it: it is printed in messages.
	if g, err := ParseGame(m.game); err != nil || g.String() != m.game {
		return m, fmt.Errorf("it names no game grundy writes (%s)", clip([]byte(m.game)))
	}
	return m, nil
}

// appendValuesWriter returns a ValuesWriter going on after count values
// and size bytes of a values file already written to w.
func appendValuesWriter(w io.Writer, count, size int64) *ValuesWriter {
	vw := &ValuesWriter{w: bufio.NewWriterSize(w, 1<<16), count: count, bytes: size}
	vw.enc, vw.err = newFrameEncoder()
	return vw
}

// saving gives a run's values to save every interval (see extendSaving).
type saving struct {
	every time.Duration
	last  time.Time
	save  func(s *Sequence) error
	err   error
	stop  *atomic.Bool // raised when save fails
}

// due reports whether an interval has passed since the last save. It
// reports false on a nil saving.
func (s *saving) due() bool {
	return s != nil && s.err == nil && time.Since(s.last) >= s.every
}

// tick saves seq if an interval has passed since the last save.
func (s *saving) tick(seq *Sequence) {
	if !s.due() {
		return
	}
	if s.err = s.save(seq); s.err != nil && s.stop != nil {
		s.stop.Store(true)
	}
	s.last = time.Now()
}

// tickWide is tick on the values v.
func (s *saving) tickWide(v []uint64) {
	if s.due() {
		s.tick(&Sequence{wide: v, isWide: true})
	}
}
