package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/nimbers/grundy/games/heap"
)

// filesBattery holds the cases of files as hostile data and the flags that name them.
func filesBattery(file func(name, text string) string) []batteryCase {
	good := func(extra string) string {
		var b bytes.Buffer
		vw, _ := heap.NewValuesWriter(&b, heap.Nim())
		vw.Write([]uint64{0, 1, 2})
		vw.Close()
		return b.String() + extra
	}
	codes := strings.Repeat("0.6\n", 1<<20)
	ck := file("run.ckpt", "")
	bomb := file("bomb.values", valuesBomb(1<<20))
	return []batteryCase{
		// A 1 MB values file of compressed zero frames declares 1.3e10
		// values: counted from the frames' heads, refused before any is
		// inflated; a frame inflating past its count is refused.
		{args: []string{"values", bomb}, code: 2, want: "--budget"},
		{args: []string{"values", bomb, "--rare"}, code: 2, want: "--budget"},
		{args: []string{"values", bomb, "--to", "5"}, want: "0 0 0 0 0\n"},
		{args: []string{"values", file("overfull.values", hostileValues("nim", 20, make([]byte, 1<<20)))}, code: 2, want: "inflates past"},
		// Header fields are checked as the command line reads them, and
		// quoted with their control characters escaped.
		{args: []string{"values", file("escape.values", hostileValues("octal 0.6\x1b[2J\x1b]0;x\x07\nfake", 1, []byte{0, 0}))}, code: 2, want: `"octal 0.6\x1b[2J\x1b]0;x\a\nfake"`},
		{args: []string{"values", file("junk.values", good("junk"))}, code: 2, want: "follow the end mark"},
		// Opened once: a pipe is read once, /dev/zero refused at its header.
		{args: []string{"values", "/dev/stdin"}, stdin: good(""), want: "0 1 2\n"},
		{args: []string{"values", "/dev/zero"}, code: 2, want: "does not start with"},
		// Files are checked before they are read, and read through
		// bounded readers.
		{args: []string{"octal", "0.6", "-n", "100", "--resume", "/dev/zero"}, code: 2, want: "not a regular file"},
		{args: []string{"octal", "0.6", "-n", "100", "--resume", file("big.ckpt", strings.Repeat("x", 1<<15))}, code: 2, want: "more than 16384"},
		{args: []string{"survey", "@/dev/zero", "-n", "10"}, code: 2, want: "a line of more than"},
		{args: []string{"octal", "0.6", "-n", "100", "--checkpoint", "/dev/null"}, code: 2, want: "not a regular file"},
		{args: []string{"octal", "0.6", "-n", "100", "--checkpoint", ck, "--out", ck}, code: 2, want: "different names"},
		{args: []string{"octal", "0.6", "-n", "100", "--checkpoint", ck, "--out", ck + ".values"}, code: 2, want: "different names"},
		// A survey of 2^20 codes is bounded in total before it starts,
		// and writes each line as it is found.
		{args: []string{"survey", "@" + file("codes.txt", codes), "-n", "100000"}, code: 2, want: "--budget", long: true},
		{args: []string{"survey", "0.6", "0.77", "-n", "1000"}, want: `{"game":"octal 0.77","terms":1000,"period":12`},
		// A graph file's vertices count: 16 bytes declaring 2^24
		// isolated vertices.
		{args: []string{"loopy", file("iso.txt", "16777216 0\n")}, code: 2, want: "--max-memory"},
		{args: []string{"loopy", file("iso1.txt", "4000000 0 1\n"), "--max-memory", "1G", "--budget", "1e6"}, code: 2, want: "--budget"},
		{args: []string{"loopy", "subtraction", "1", "-", "-n", "10", "--budget", "none"}, want: "0 loss 0 0\n"},
		{args: []string{"loopy", "subtraction", "1", "-", "-n", "3000000"}, code: 2, want: "--max-memory"},
		// A board is read through a bounded reader: endless blank lines
		// ran for ever.
		{args: []string{"domineering", file("blank.txt", strings.Repeat("\n", 2<<20))}, code: 2, want: "more than 1048576 bytes"},
		// Numbers are decimal or 0x-hex.
		{args: []string{"octal", "0.77", "-n", "0x10"}, want: "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7\n"},
		{args: []string{"sum", "nim 0x10"}, want: "16\n"},
	}
}

// hostileValues returns a values file naming game with one frame of
// count values whose payload is raw, its checksum right: what a hostile
// writer can make.
func hostileValues(game string, count int, raw []byte) string {
	return string(valuesHeader(game)) + string(hostileFrame(count, raw)) + "\x00"
}

// valuesBomb returns a values file of about size bytes of frames of 2^20
// zero values, each a few dozen bytes compressed.
func valuesBomb(size int) string {
	b := valuesHeader("nim")
	frame := hostileFrame(heap.MaxFrameValues, make([]byte, 2*heap.MaxFrameValues))
	for len(b)+len(frame) < size {
		b = append(b, frame...)
	}
	return string(append(b, 0))
}

func valuesHeader(game string) []byte {
	b := binary.AppendUvarint([]byte("grundy-values 1\n"), uint64(len(game)))
	return append(b, game...)
}

func hostileFrame(count int, raw []byte) []byte {
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	packed := enc.EncodeAll(raw, nil)
	table := crc32.MakeTable(crc32.Castagnoli)
	head := binary.AppendUvarint(nil, uint64(count))
	sum := crc32.Update(crc32.Checksum(head, table), table, raw)
	b := binary.AppendUvarint(nil, uint64(count))
	b = binary.AppendUvarint(b, uint64(len(packed)))
	b = binary.LittleEndian.AppendUint32(b, sum)
	return append(b, packed...)
}
