package scan

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
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

// A Line is a line of a list: its number, from 1, and its text, trimmed.
type Line struct {
	N    int
	Text string
}

// ReadLines reads r, named name in errors, and returns its lines that
// are neither blank nor comments (a # first), trimmed. It refuses more
// than limit bytes, saying they are bytes of what.
func ReadLines(r io.Reader, name string, limit int, what string) ([]Line, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, PathError(err))
	}
	if len(data) > limit {
		return nil, fmt.Errorf("%s: more than %d bytes of %s", name, limit, what)
	}
	var lines []Line
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, Line{i + 1, line})
		}
	}
	return lines, nil
}
