package main

import (
	"github.com/nimbers/grundy/internal/scan"
)

// parseInt reads an integer as numbers are written on the command line:
// decimal, or hexadecimal after 0x.
var parseInt = scan.Int
