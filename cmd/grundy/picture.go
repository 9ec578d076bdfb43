package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
)

// writePNG encodes img as PNG to the file named by path, or to stdout for
// "-". The file is only created once the picture is ready, so a failure
// leaves no partial file behind.
func writePNG(e *env, path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("encoding the picture: %v", err)
	}
	if path == "-" {
		e.commit().Write(buf.Bytes())
		return nil
	}
	if path == "" {
		return fmt.Errorf("--png needs a file name (or - for stdout)")
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the picture: %v", err)
	}
	return nil
}
