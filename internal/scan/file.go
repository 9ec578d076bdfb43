package scan

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ReadFile opens the file name and calls read with it, refusing at once
// a regular file of more than limit bytes. Errors of the file system are
// written "name: reason", as PathError writes them.
func ReadFile(name string, limit int64, read func(io.Reader) error) error {
	file, err := os.Open(name)
	if err != nil {
		return PathError(err)
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return PathError(err)
	}
	if fi.Mode().IsRegular() && fi.Size() > limit {
		return fmt.Errorf("%s: %d bytes, more than the %d this file may hold", name, fi.Size(), limit)
	}
	return PathError(read(file))
}

// PathError returns err with an *fs.PathError in it written "path:
// reason", without the operation Go names; other errors as they are.
func PathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", pe.Path, pe.Err)
	}
	return err
}
