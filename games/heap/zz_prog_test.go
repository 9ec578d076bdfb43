package heap

import (
	"os"
	"strconv"
	"testing"
	"time"
)

func TestZZProgress(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("N"))
	g, _ := ParseCode(os.Getenv("VCODE"))
	t0 := time.Now()
	last := 0
	g.Values(n, &Options{WorkBudget: -1, Progress: func(done, total int) {
		if done >= last+total/20 || done == total {
			t.Logf("%v %d", time.Since(t0).Round(time.Millisecond), done)
			last = done
		}
	}})
}
