package budget

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func TestTooLargeError(t *testing.T) {
	for _, c := range []struct {
		err  *TooLargeError
		want string
	}{
		{&TooLargeError{What: "1000000 terms of 0.004", Unit: "option evaluations", Estimate: 2.5e11, Limit: 2e9},
			"1000000 terms of 0.004 needs about 2.5e+11 option evaluations, more than the limit of 2e+09"},
		{&TooLargeError{What: "the misère search", Unit: "positions", Limit: 262144},
			"the misère search needs more than 262144 positions"},
		// Close figures get the digits that tell them apart.
		{&TooLargeError{What: "the quotient", Unit: "bytes", Estimate: 2.7112e8, Limit: 268435456},
			"the quotient needs about 2.71e+08 bytes, more than the limit of 2.68e+08"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
		wrapped := fmt.Errorf("octal: %w", c.err)
		var te *TooLargeError
		if !errors.Is(wrapped, ErrTooLarge) || !errors.As(wrapped, &te) || te != c.err {
			t.Errorf("%v: not matched through wrapping", c.err)
		}
	}
	if errors.Is(errors.New("too large"), ErrTooLarge) {
		t.Error("another error matched ErrTooLarge")
	}
}

func ExampleTooLargeError() {
	var err error = &TooLargeError{What: "the search", Unit: "positions", Limit: 1 << 20}
	fmt.Println(err, errors.Is(err, ErrTooLarge))
	// Output: the search needs more than 1048576 positions true
}

func TestOptions(t *testing.T) {
	var none *Options
	if none.Max(7) != 7 || (&Options{}).Max(7) != 7 || (&Options{Limit: 3}).Max(7) != 3 {
		t.Error("Max does not fall back to the default")
	}
	if !math.IsInf((&Options{Limit: -1}).Max(7), 1) {
		t.Error("a negative limit does not lift the bound")
	}
	if none.MaxMemory(7) != 7 || (&Options{Limit: 3}).MaxMemory(7) != 7 || (&Options{Memory: 5}).MaxMemory(7) != 5 {
		t.Error("MaxMemory does not fall back to the default")
	}
	if !math.IsInf((&Options{Memory: -1}).MaxMemory(7), 1) {
		t.Error("a negative memory bound does not lift it")
	}
	none.Report(1, 2) // no Progress: nothing happens
	var got [2]int
	(&Options{Progress: func(d, n int) { got = [2]int{d, n} }}).Report(3, 4)
	if got != [2]int{3, 4} {
		t.Errorf("Report passed %v", got)
	}
}
