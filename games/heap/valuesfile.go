package heap

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"

	"github.com/klauspost/compress/zstd"
)

// A values file holds G(0), G(1), … of one heap game, compressed, for
// sequences too long to print (docs/values-file.md). It is a magic
// string, the game, then frames of values, then an end mark:
//
//	file    = "grundy-values 1\n" uvarint(len(game)) game frame* end
//	frame   = uvarint(count) uvarint(size) crc32c(uvarint(count) payload) zstd(payload)[size]
//	end     = uvarint(0)
//	payload = uint16le[count] uvarint(escaped)*
//
// A value of 2^16 − 1 or more is written as 0xffff in its place and in
// full, in order, in the escaped list after the count 16-bit values.
// The checksum of a frame is the CRC-32C (Castagnoli) of uvarint(count)
// followed by the payload, four bytes, little-endian.
// A frame holds at most MaxFrameValues values; a file cut short has no
// end mark, and its complete frames can still be read.
const valuesMagic = "grundy-values 1\n"

// frameValues is the number of values a ValuesWriter puts in a frame.
const frameValues = 1 << 16

// MaxFrameValues bounds the values of a frame a valuesReader accepts.
const MaxFrameValues = 1 << 20

// maxGameText bounds the game's text in a values file header.
const maxGameText = 4096

// maxPayload returns the most bytes the payload of a frame of count
// values can hold: two for each value, and at most ten more for each
// escaped one (a uvarint of 64 bits).
func maxPayload(count int) int { return 12 * count }

// maxPacked returns the most bytes zstd writes for a payload of size
// bytes: zstd's own bound is size + size/256 and a few dozen bytes.
func maxPacked(size int) int { return size + size>>7 + 256 }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrValuesFile is matched (errors.Is) by the errors of a valuesReader
// given a file that is not a well-formed values file.
var ErrValuesFile = errors.New("malformed values file")

// A valuesFileError reports where and how a values file is malformed.
type valuesFileError struct {
	// Values is the number of values read before the fault.
	Values int64
	// Reason says what is wrong, in the terms of the format.
	Reason string
}

// Error returns the reason and where it was met.
func (e *valuesFileError) Error() string {
	return fmt.Sprintf("values file: %s (after %d values)", e.Reason, e.Values)
}

// Is reports whether target is ErrValuesFile.
func (e *valuesFileError) Is(target error) bool { return target == ErrValuesFile }

// A ValuesWriter writes a values file. Its methods are not safe for
// concurrent use.
type ValuesWriter struct {
	w     *bufio.Writer
	enc   *zstd.Encoder
	buf   []uint64
	raw   []byte
	frame []byte
	count int64
	bytes int64
	err   error
}

// NewValuesWriter writes the header of a values file of the game g to w
// and returns a writer for its values.
func NewValuesWriter(w io.Writer, g *Game) (*ValuesWriter, error) {
	enc, err := newFrameEncoder()
	if err != nil {
		return nil, err
	}
	vw := &ValuesWriter{w: bufio.NewWriterSize(w, 1<<16), enc: enc}
	game := g.String()
	head := binary.AppendUvarint([]byte(valuesMagic), uint64(len(game)))
	head = append(head, game...)
	vw.put(head)
	return vw, vw.err
}

func (vw *ValuesWriter) put(b []byte) {
	if vw.err != nil {
		return
	}
	_, vw.err = vw.w.Write(b)
	vw.bytes += int64(len(b))
}

// newFrameEncoder returns the compressor of frames: zstd's fastest
// level, on the calling goroutine.
func newFrameEncoder() (*zstd.Encoder, error) {
	return zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
}

// Write appends the values v. It writes a frame each FrameValues values
// and keeps the rest until the next Write, Flush or Close.
func (vw *ValuesWriter) Write(v []uint64) error {
	for len(v) > 0 && vw.err == nil {
		k := min(len(v), frameValues-len(vw.buf))
		vw.buf = append(vw.buf, v[:k]...)
		v = v[k:]
		if len(vw.buf) == frameValues {
			vw.writeFrame()
		}
	}
	return vw.err
}

// writeSequence writes the values of s past those written (Count) and
// kept for the next frame.
func (vw *ValuesWriter) writeSequence(s *Sequence) error {
	from := int(vw.count) + len(vw.buf)
	for from < s.Len() && vw.err == nil {
		to := min(s.Len(), from+frameValues-len(vw.buf))
		vw.buf = s.copyValues(vw.buf, from, to)
		from = to
		if len(vw.buf) == frameValues {
			vw.writeFrame()
		}
	}
	return vw.err
}

// writeFrame writes the kept values as a frame.
func (vw *ValuesWriter) writeFrame() {
	if len(vw.buf) == 0 || vw.err != nil {
		return
	}
	raw := vw.raw[:0]
	for _, x := range vw.buf {
		raw = binary.LittleEndian.AppendUint16(raw, uint16(min(x, 0xffff)))
	}
	for _, x := range vw.buf {
		if x >= 0xffff {
			raw = binary.AppendUvarint(raw, x)
		}
	}
	packed := vw.enc.EncodeAll(raw, vw.frame[:0])
	head := binary.AppendUvarint(nil, uint64(len(vw.buf)))
	head = binary.AppendUvarint(head, uint64(len(packed)))
	head = binary.LittleEndian.AppendUint32(head, frameSum(len(vw.buf), raw))
	vw.put(head)
	vw.put(packed)
	vw.count += int64(len(vw.buf))
	vw.buf, vw.raw, vw.frame = vw.buf[:0], raw, packed
}

// Flush writes the values kept so far as a frame, shorter than
// frameValues if need be, and flushes the underlying writer: what was
// written is then a readable values file without its end mark.
func (vw *ValuesWriter) Flush() error {
	vw.writeFrame()
	if vw.err == nil {
		vw.err = vw.w.Flush()
	}
	return vw.err
}

// countValues returns the number of values written to the underlying writer.
func (vw *ValuesWriter) countValues() int64 { return vw.count }

// Bytes returns the number of bytes written to the underlying writer,
// the header included.
func (vw *ValuesWriter) Bytes() int64 { return vw.bytes }

// Close writes the values kept and the end mark, and flushes. It does
// not close the underlying writer.
func (vw *ValuesWriter) Close() error {
	vw.writeFrame()
	vw.put([]byte{0})
	if vw.err == nil {
		vw.err = vw.w.Flush()
	}
	if vw.err == nil {
		vw.err = errors.New("heap: ValuesWriter is closed")
		return nil
	}
	return vw.err
}

// frameSum returns the checksum of a frame of count values: the CRC-32C
// of count as a uvarint followed by the payload.
func frameSum(count int, payload []byte) uint32 {
	head := binary.AppendUvarint(make([]byte, 0, binary.MaxVarintLen64), uint64(count))
	return crc32.Update(crc32.Checksum(head, castagnoli), castagnoli, payload)
}

// A valuesReader reads a values file frame by frame.
type valuesReader struct {
	r      *bufio.Reader
	dec    *zstd.Decoder
	game   string
	count  int64
	bytes  int64
	raw    []byte
	packed []byte
	ended  bool
}

// newValuesReader reads the header of the values file r. It fails with a
// *ValuesFileError if r does not start as a values file.
func newValuesReader(r io.Reader) (*valuesReader, error) {
	// A frame is inflated only up to the most its count can hold (see
	// Next), so that a small file cannot claim a huge payload.
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxMemory(uint64(maxPayload(MaxFrameValues))), zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		return nil, err
	}
	vr := &valuesReader{r: bufio.NewReaderSize(r, 1<<16), dec: dec}
	magic := make([]byte, len(valuesMagic))
	if _, err := io.ReadFull(vr.r, magic); err != nil || string(magic) != valuesMagic {
		return nil, vr.fault("it does not start with %q", valuesMagic[:len(valuesMagic)-1])
	}
	vr.bytes = int64(len(magic))
	n, err := vr.uvarint()
	if err != nil || n > maxGameText {
		return nil, vr.fault("the header does not name a game")
	}
	game := make([]byte, n)
	if _, err := io.ReadFull(vr.r, game); err != nil {
		return nil, vr.fault("the header ends in the game's name")
	}
	vr.bytes += int64(n)
	// The game is checked as the command line reads it, and must be
	// written as grundy writes it: the text is printed later.
	if g, err := ParseGame(string(game)); err != nil || g.String() != string(game) {
		return nil, vr.fault("the header names no game grundy writes (%s)", clip(game))
	}
	vr.game = string(game)
	return vr, nil
}

// clip quotes the start of untrusted text for a message, control
// characters escaped.
func clip(b []byte) string {
	if len(b) > 40 {
		return strconv.Quote(string(b[:40])) + "…"
	}
	return strconv.Quote(string(b))
}

func (vr *valuesReader) fault(format string, args ...any) error {
	return &valuesFileError{Values: vr.count, Reason: fmt.Sprintf(format, args...)}
}

func (vr *valuesReader) uvarint() (uint64, error) {
	x, err := binary.ReadUvarint(countingReader{vr})
	return x, err
}

// countingReader counts the bytes binary.ReadUvarint takes.
type countingReader struct{ vr *valuesReader }

func (c countingReader) ReadByte() (byte, error) {
	b, err := c.vr.r.ReadByte()
	if err == nil {
		c.vr.bytes++
	}
	return b, err
}

// Game returns the game the file holds, as Game.String writes it and
// ParseGame reads it.
func (vr *valuesReader) Game() string { return vr.game }

// Bytes returns the number of bytes of the file read so far: after a
// frame, the length of a valid values file holding Count values.
func (vr *valuesReader) Bytes() int64 { return vr.bytes }

// frameHead reads a frame's count, size and checksum; count 0 is the
// end mark.
func (vr *valuesReader) frameHead() (count, size int, sum uint32, err error) {
	if vr.ended {
		return 0, 0, 0, io.EOF
	}
	c, err := vr.uvarint()
	if err == io.EOF {
		return 0, 0, 0, vr.fault("the file ends without its end mark (cut short)")
	}
	if err != nil || c > MaxFrameValues {
		return 0, 0, 0, vr.fault("a frame does not start with a count up to %d", MaxFrameValues)
	}
	if c == 0 {
		vr.ended = true
		if _, err := vr.r.ReadByte(); err != io.EOF {
			return 0, 0, 0, vr.fault("bytes follow the end mark")
		}
		return 0, 0, 0, io.EOF
	}
	s, err := vr.uvarint()
	if err != nil || s > uint64(maxPacked(maxPayload(int(c)))) {
		return 0, 0, 0, vr.fault("a frame's size is missing or too large for its %d values", c)
	}
	var crc [4]byte
	if _, err := io.ReadFull(vr.r, crc[:]); err != nil {
		return 0, 0, 0, vr.fault("the file ends in a frame's header (cut short)")
	}
	vr.bytes += 4
	return int(c), int(s), binary.LittleEndian.Uint32(crc[:]), nil
}

// Next returns the values of the next frame, appended to dst. At the end
// mark it returns io.EOF; for a file cut short or corrupt, a
// *ValuesFileError.
func (vr *valuesReader) Next(dst []uint64) ([]uint64, error) {
	count, size, sum, err := vr.frameHead()
	if err != nil {
		return dst, err
	}
	if cap(vr.packed) < size {
		vr.packed = make([]byte, size)
	}
	packed := vr.packed[:size]
	if _, err := io.ReadFull(vr.r, packed); err != nil {
		return dst, vr.fault("the file ends inside a frame (cut short)")
	}
	// Inflate no more than count values can fill: the decoder stops at
	// the capacity of its destination.
	limit := maxPayload(count)
	if cap(vr.raw) < limit {
		vr.raw = make([]byte, 0, limit)
	}
	raw, err := vr.dec.DecodeAll(packed, vr.raw[:0:limit])
	if errors.Is(err, zstd.ErrDecoderSizeExceeded) {
		return dst, vr.fault("a frame inflates past what its %d values can hold", count)
	}
	if err != nil || len(raw) < 2*count {
		return dst, vr.fault("a frame does not decompress")
	}
	if frameSum(count, raw) != sum {
		return dst, vr.fault("a frame's checksum does not match (corrupt)")
	}
	esc, n0 := raw[2*count:], len(dst)
	for i := range count {
		x := uint64(binary.LittleEndian.Uint16(raw[2*i:]))
		if x == 0xffff {
			y, k := binary.Uvarint(esc)
			if k <= 0 || y < 0xffff {
				return dst[:n0], vr.fault("a frame's escaped values are malformed")
			}
			x, esc = y, esc[k:]
		}
		dst = append(dst, x)
	}
	if len(esc) != 0 {
		return dst[:n0], vr.fault("a frame has bytes past its values")
	}
	vr.bytes += int64(size)
	vr.count += int64(count)
	return dst, nil
}

// Skip passes over the next frame without decompressing it and returns
// its number of values; io.EOF at the end mark.
func (vr *valuesReader) Skip() (int, error) {
	count, size, _, err := vr.frameHead()
	if err != nil {
		return 0, err
	}
	if _, err := vr.r.Discard(size); err != nil {
		return 0, vr.fault("the file ends inside a frame (cut short)")
	}
	vr.bytes += int64(size)
	vr.count += int64(count)
	return count, nil
}
