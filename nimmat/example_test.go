package nimmat_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/nimbers/grundy/nimber"
	"github.com/nimbers/grundy/nimmat"
)

func ExampleMatrix_Det() {
	m, _ := nimmat.Read(strings.NewReader("2\n1 2\n3 4\n"), "example")
	d, _ := m.Det(context.Background(), nil) // 1⊗4 ⊕ 2⊗3 = 4 ⊕ 1, also the permanent
	fmt.Println(d)
	// Output: 5
}

func ExampleMatrix_Solve() {
	// x ⊕ y = 5, y ⊕ z = 6: one solution, and the null space {(1, 1, 1)}.
	a, _ := nimmat.Read(strings.NewReader("2 3\n1 1 0\n0 1 1\n"), "example")
	x, null, err := a.Solve(context.Background(), []nimber.Nimber{5, 6}, nil)
	fmt.Println(x, null, err)
	// Output: [3 6 0] [[1 1 1]] <nil>
}

func ExampleRead() {
	m, err := nimmat.Read(strings.NewReader("2\n2 0\n0 3\n"), "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	inv, _ := m.Inverse(context.Background(), nil) // 2⁻¹ = 3 and 3⁻¹ = 2
	nimmat.Write(os.Stdout, inv)
	_, err = nimmat.Read(strings.NewReader("2\n1 2\n3\n"), "bad.txt")
	fmt.Println(err)
	// Output:
	// 2
	// 3 0
	// 0 2
	// bad.txt: line 3: row 2 has 1 entries, want 2
}
