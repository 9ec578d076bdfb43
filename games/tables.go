package games

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"maps"
	"slices"
	"time"

	"github.com/nimbers/grundy/outcome"
	"github.com/nimbers/grundy/partizan"
)

// tablesMagic opens a file of SaveTables, before its format's version.
const tablesMagic = "grundy engine tables\n"

// tablesVersion is the version of the format SaveTables writes.
const tablesVersion = 1

// maxTableKey bounds the bytes of one key LoadTables reads.
const maxTableKey = 1 << 24

// fingerprint is the digest of a game fixed here: files written by a
// build whose digests differ (another version of the module) are refused,
// as their keys would not meet this build's.
func fingerprint() [16]byte {
	star := partizan.Nimber(1)
	up, _ := partizan.New([]*partizan.Game{partizan.Zero}, []*partizan.Game{star})
	g, _ := partizan.New([]*partizan.Game{up}, []*partizan.Game{star}) // {↑ | *}, a short game
	return g.Digest()
}

// SaveTables writes what e has decided of who wins (the outcome search's
// table, the outcomes of sums and the components found too large to
// value, under normal and misère play) to w, so that an engine of the
// same ruleset reads them back with LoadTables and goes on from there: a
// long Outcome search saved now and then (Checkpoint) resumes where it
// was. The canonical forms are not saved: they are recomputed when asked.
func (e *Engine) SaveTables(w io.Writer) error {
	bw := bufio.NewWriter(w)
	sum := crc32.NewIEEE()
	out := io.MultiWriter(bw, sum)
	fp := fingerprint()
	head := append([]byte(tablesMagic), tablesVersion)
	head = append(head, fp[:]...)
	head = binary.AppendUvarint(head, uint64(len(e.rules.Name())))
	head = append(head, e.rules.Name()...)
	if _, err := out.Write(head); err != nil {
		return err
	}
	var rec []byte
	for _, k := range slices.Sorted(maps.Keys(e.wins)) {
		rec = binary.AppendUvarint(append(rec[:0], 'w'), uint64(len(k)))
		rec = append(append(rec, k...), b2i(e.wins[k]))
		out.Write(rec)
	}
	for _, k := range slices.Sorted(maps.Keys(e.costly)) {
		rec = binary.AppendUvarint(append(rec[:0], 'c'), uint64(len(k)))
		out.Write(append(rec, k...))
	}
	for _, d := range slices.SortedFunc(maps.Keys(e.signs), func(a, b [16]byte) int { return slices.Compare(a[:], b[:]) }) {
		out.Write(append(append(append(rec[:0], 's'), d[:]...), byte(e.signs[d])))
	}
	out.Write([]byte{'e'})
	if err := binary.Write(bw, binary.BigEndian, sum.Sum32()); err != nil {
		return err
	}
	return bw.Flush()
}

func b2i(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// LoadTables adds to e's tables those r holds, written by SaveTables for
// the same ruleset by this version of the module. It reads at most the
// engine's memory bound (DefaultMemory), and fails with an error wrapping
// ErrInput for a file of another ruleset or version, a malformed or
// truncated one, or one past the bound; e's tables are then as before.
func (e *Engine) LoadTables(r io.Reader) error {
	br := bufio.NewReader(r)
	sum := crc32.NewIEEE()
	in := io.TeeReader(br, sum)
	rd := &tableReader{r: in}
	head := rd.bytes(len(tablesMagic) + 1 + 16)
	if rd.err != nil || string(head[:len(tablesMagic)]) != tablesMagic {
		return InputErrorf("not a file of engine tables")
	}
	if head[len(tablesMagic)] != tablesVersion {
		return InputErrorf("engine tables of format %d; this grundy reads format %d", head[len(tablesMagic)], tablesVersion)
	}
	if fp := fingerprint(); string(head[len(tablesMagic)+1:]) != string(fp[:]) {
		return InputErrorf("engine tables written by another version of grundy, whose keys this one does not share")
	}
	name := rd.bytes(int(rd.length(1 << 10)))
	if rd.err == nil && string(name) != e.rules.Name() {
		return InputErrorf("engine tables of %s, not of %s", clip(string(name)), e.rules.Name())
	}
	wins, costly, signs := map[string]bool{}, map[string]bool{}, map[[16]byte]outcome.Class{}
	limit := e.opt.MaxMemory(DefaultMemory)
	size := 0.0
	for rd.err == nil {
		b := rd.bytes(1)
		if rd.err != nil {
			break
		}
		switch tag := b[0]; tag {
		case 'w', 'c':
			k := string(rd.bytes(int(rd.length(maxTableKey))))
			size += float64(len(k)) + entryBytes
			if tag == 'c' {
				costly[k] = true
				continue
			}
			v := rd.bytes(1)
			if rd.err == nil && v[0] > 1 {
				return InputErrorf("engine tables: a malformed entry")
			}
			wins[k] = rd.err == nil && v[0] == 1
		case 's':
			b := rd.bytes(17)
			if rd.err == nil && b[16] > byte(outcome.R) {
				return InputErrorf("engine tables: a malformed outcome")
			}
			if rd.err == nil {
				signs[[16]byte(b[:16])] = outcome.Class(b[16])
			}
			size += 16 + entryBytes
		case 'e':
			want := sum.Sum32()
			var got uint32
			if err := binary.Read(br, binary.BigEndian, &got); err != nil || got != want {
				return InputErrorf("engine tables: the checksum does not match (a damaged file)")
			}
			if _, err := br.ReadByte(); err != io.EOF {
				return InputErrorf("engine tables: data after the end")
			}
			if e.bytes+size > limit {
				return InputErrorf("engine tables of about %.0f bytes, past the memory bound of %.0f", e.bytes+size, limit)
			}
			maps.Copy(e.wins, wins)
			maps.Copy(e.costly, costly)
			maps.Copy(e.signs, signs)
			e.bytes += size
			return nil
		default:
			return InputErrorf("engine tables: a malformed entry")
		}
		if size > limit {
			return InputErrorf("engine tables past the memory bound of %.0f bytes", limit)
		}
	}
	if errors.Is(rd.err, io.ErrUnexpectedEOF) || errors.Is(rd.err, io.EOF) {
		return InputErrorf("engine tables: the file is truncated")
	}
	if errors.Is(rd.err, ErrInput) {
		return rd.err
	}
	return fmt.Errorf("engine tables: %w", rd.err)
}

// A tableReader reads a file of tables, keeping the first error.
type tableReader struct {
	r   io.Reader
	err error
	buf []byte
}

// bytes returns the next n bytes, valid until the next call.
func (t *tableReader) bytes(n int) []byte {
	if t.err != nil {
		return nil
	}
	if cap(t.buf) < n {
		t.buf = make([]byte, n)
	}
	b := t.buf[:n]
	_, t.err = io.ReadFull(t.r, b)
	return b
}

// length reads a length of at most limit.
func (t *tableReader) length(limit uint64) uint64 {
	if t.err != nil {
		return 0
	}
	n, err := binary.ReadUvarint(byteReader{t.r})
	switch {
	case err != nil:
		t.err = err
	case n > limit:
		t.err = InputErrorf("engine tables: an entry of %d bytes, more than %d", n, limit)
		n = 0
	}
	return n
}

type byteReader struct{ r io.Reader }

func (b byteReader) ReadByte() (byte, error) {
	var c [1]byte
	_, err := io.ReadFull(b.r, c[:])
	return c[0], err
}

// checkpoint calls e.Checkpoint when CheckpointEvery has passed since the
// call began or it last did.
func (e *Engine) checkpoint() error {
	if e.Checkpoint == nil {
		return nil
	}
	every := e.CheckpointEvery
	if every <= 0 {
		every = time.Minute
	}
	if time.Since(e.saved) < every {
		return nil
	}
	e.saved = time.Now()
	return e.Checkpoint()
}
