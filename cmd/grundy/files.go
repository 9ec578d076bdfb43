package main

import (
	"fmt"
	"io"
	"os"

	"github.com/nimbers/grundy/internal/scan"
)

// readFile opens the file name and calls read with it, refusing at
// once a regular file of more than limit bytes.
func readFile(name string, limit int64, read func(io.Reader) error) error {
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
	return fileError(read(file))
}

// parseInt reads an integer as numbers are written on the command line:
// decimal, or hexadecimal after 0x.
var parseInt = scan.Int
