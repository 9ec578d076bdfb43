package loopy_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nimbers/grundy/loopy"
)

// TestReport checks a report worked by hand: 2 has no move (a loss, 0
// moves left, value 0); 1 moves to 2 (a win in 1, value mex{G(0), 0});
// 0 moves only to 1 (a loss in 2, value 0, so G(1) = 1). From 0 the only
// move, to 1, delays longest; without a start no moves are listed.
func TestReport(t *testing.T) {
	g := adj{{1}, {0, 2}, {}}
	r, err := loopy.NewReport(context.Background(), g, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(r)
	want := `{"vertices":[{"outcome":"loss","remoteness":2,"value":0,"infinity":null},` +
		`{"outcome":"win","remoteness":1,"value":1,"infinity":null},` +
		`{"outcome":"loss","remoteness":0,"value":0,"infinity":null}],"start":0,"moves":[1]}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	r, err = loopy.NewReport(context.Background(), g, -1, nil)
	if err != nil || r.Start != nil || r.Moves != nil {
		t.Errorf("no start: %+v, %v", r, err)
	}
}

// TestReportText checks the text of TestReport's reports: a line a
// position, "N OUTCOME REMOTENESS VALUE", and from a start its line and
// its best moves.
func TestReportText(t *testing.T) {
	g := adj{{1}, {0, 2}, {}}
	for start, want := range map[int]string{
		0:  "0 loss 2 0\nmove to 1 win 1 1\n",
		-1: "0 loss 2 0\n1 win 1 1\n2 loss 0 0\n",
	} {
		r, err := loopy.NewReport(context.Background(), g, start, nil)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if n, err := r.WriteTo(&b); err != nil || b.String() != want || n != int64(len(want)) {
			t.Errorf("start %d: %q (%d bytes), %v; want %q", start, b.String(), n, err, want)
		}
	}
}

// TestReportBytes checks the estimate for TestReport's graph worked by
// hand: three one-digit numbers, 9 bytes of " win 1 1\n" each and 2 for
// each of the three moves; 64 bytes a position in JSON.
func TestReportBytes(t *testing.T) {
	g := adj{{1}, {0, 2}, {}}
	if got := loopy.ReportBytes(g, false); got != 3+27+6 {
		t.Errorf("text: %v, want 36", got)
	}
	if got := loopy.ReportBytes(g, true); got != 192 {
		t.Errorf("JSON: %v, want 192", got)
	}
}
