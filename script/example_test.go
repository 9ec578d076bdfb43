package script_test

import (
	"context"
	"fmt"

	"github.com/nimbers/grundy/script"
)

// A script adds games in CGSuite's notation, asks the toolbox, and
// values a Clobber position.
func Example() {
	opt := &script.Options{Print: func(line string) { fmt.Println(line) }}
	_, err := script.Run(context.Background(), opt, "example.star", []byte(`
g = game("{2|-1}")
print(g + game("{0|*}"), g.mean(), g.temperature())
print(ruleset("clobber")("xoxooo|xxxoox"))
`))
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// {2^|-1^} 1/2 3/2
	// v*
}

// A ruleset the script defines gets the same engine: here the
// subtraction game S(1,2,3), whose Grundy values are n mod 4.
func Example_userRuleset() {
	opt := &script.Options{Print: func(line string) { fmt.Println(line) }}
	_, err := script.Run(context.Background(), opt, "sub.star", []byte(`
r = ruleset("S(1,2,3)", moves=lambda n: [n - k for k in (1, 2, 3) if k <= n])
print(values(r, range(9), what="grundy"))
print(r(8).outcome(), [p.position for p in r(9).winning_moves()])
`))
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// [0, 1, 2, 3, 0, 1, 2, 3, 0]
	// P [8]
}

// Errors name the script's file, line and column.
func Example_error() {
	_, err := script.Run(context.Background(), nil, "bad.star", []byte("g = game('{0|*}')\nh = g + [1]\n"))
	fmt.Println(err)
	// Output:
	// bad.star:2:7: unknown binary op: game + list
}
