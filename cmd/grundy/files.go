package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// eachLine calls f with each line of the file name (without its
// newline), reading at most limit bytes and lines of at most maxLine
// bytes; unless lastCut, it refuses a file whose last line has no
// newline.
func eachLine(name string, limit int64, maxLine int, lastCut bool, f func(line string) error) error {
	file, err := os.Open(name)
	if err != nil {
		return fileError(err)
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return fileError(err)
	}
	if fi.Mode().IsRegular() && fi.Size() > limit {
		return fmt.Errorf("%s: %d bytes, more than the %d this file may hold", name, fi.Size(), limit)
	}
	r := bufio.NewReaderSize(io.LimitReader(file, limit+1), maxLine)
	var read int64
	for {
		line, err := r.ReadSlice('\n')
		read += int64(len(line))
		switch {
		case read > limit:
			return fmt.Errorf("%s: more than the %d bytes this file may hold", name, limit)
		case errors.Is(err, bufio.ErrBufferFull):
			return fmt.Errorf("%s: a line of more than %d bytes", name, maxLine)
		case err == io.EOF && len(line) > 0 && !lastCut:
			return fmt.Errorf("%s: its last line is cut short (no newline)", name)
		case err == io.EOF && len(line) > 0:
			if err := f(string(line)); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			return nil
		case err == io.EOF:
			return nil
		case err != nil:
			return fileError(err)
		}
		if err := f(string(line[:len(line)-1])); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
}

// parseInt reads an integer as numbers are written on the command line:
// decimal, or hexadecimal after 0x.
func parseInt(s string) (int, error) {
	if h, ok := strings.CutPrefix(s, "0x"); ok && h != "" && !strings.HasPrefix(h, "-") && !strings.HasPrefix(h, "+") {
		v, err := strconv.ParseInt(h, 16, 0)
		return int(v), err
	}
	return strconv.Atoi(s)
}
