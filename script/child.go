package script

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"github.com/nimbers/grundy/budget"
)

// watchEvery is how often a child checks its heap.
const watchEvery = 10 * time.Millisecond

// serveChild runs the requests of a sandbox read from in, writing its
// events to out, and returns the process's exit status.
func serveChild(in io.Reader, out io.Writer) int {
	dec := json.NewDecoder(bufio.NewReader(in))
	var mu sync.Mutex // guards out
	send := func(ev event) {
		b, _ := json.Marshal(ev)
		mu.Lock()
		defer mu.Unlock()
		out.Write(append(b, '\n'))
	}
	var start request
	if err := dec.Decode(&start); err != nil || start.Op != "start" {
		return 2
	}
	// The heap may hold the bound; the process's data, which counts
	// a large allocation at once, half as much again.
	memory := (&budget.Options{Memory: start.Memory}).MaxMemory(DefaultMemory)
	debug.SetMemoryLimit(int64(min(memory, 1<<62)))
	debug.SetMaxStack(int(max(256<<20, min(memory/4, 1<<30))))
	if !raceEnabled {
		limitData(memory*3/2 + 256<<20)
	}
	var cancel context.CancelFunc = func() {}
	var cmu sync.Mutex // guards cancel
	reqs := make(chan request)
	go func() {
		for {
			var r request
			if err := dec.Decode(&r); err != nil {
				os.Exit(0) // the parent has gone
			}
			if r.Op == "cancel" {
				cmu.Lock()
				cancel()
				cmu.Unlock()
				continue
			}
			reqs <- r
		}
	}()
	// The watchdog cannot read the steps of the running thread: it
	// reports none.
	go watch(memory, func() {
		tl := &budget.TooLargeError{What: "the script", Unit: "bytes", Limit: memory}
		send(event{Done: &reply{Err: toWire(tl), Exit: true}})
		os.Exit(3)
	})
	s := newSession(&Options{Steps: start.Steps, Memory: start.Memory, Print: func(line string) {
		send(event{Print: &line})
	}})
	for r := range reqs {
		ctx, c := context.WithCancel(context.Background())
		cmu.Lock()
		cancel = c
		cmu.Unlock()
		rep := &reply{}
		switch r.Op {
		case "exec":
			g, err := s.exec(ctx, r.File, r.Src)
			if err != nil {
				rep.Err = toWire(err)
				break
			}
			for _, m := range globalsJSON(g) {
				if b, err := json.Marshal(m.Value); err == nil {
					rep.Globals = append(rep.Globals, member{m.Key, b})
				}
			}
		case "eval":
			v, err := s.eval(ctx, r.File, r.Src)
			if err != nil {
				rep.Err = toWire(err)
			} else if v != nil && v.Type() != "NoneType" {
				text := v.String()
				rep.Value = &text
			}
		}
		c()
		rep.Steps = s.steps()
		send(event{Done: rep})
	}
	return 0
}

// watch calls over when the heap's live objects pass limit bytes.
func watch(limit float64, over func()) {
	for range time.Tick(watchEvery) {
		if float64(heapBytes(objectBytes)) <= limit {
			continue
		}
		runtime.GC()
		if float64(heapBytes(liveBytes)) > limit {
			over()
		}
	}
}
