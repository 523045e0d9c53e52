package main

import (
	"encoding/hex"
	"fmt"
)

// shrunk is a differing vector reduced as far as it keeps differing.
type shrunk struct {
	v            vector
	mine, theirs string
	done         bool
}

// minimize shrinks each differing raw vector vs[i], i in diffs, to an input
// that still decodes differently in webenc and Chromium and from which no
// single byte can be removed without the difference going away (trying to
// drop the first or last half first). Each round runs one Chromium page per
// batch of candidates; it returns the shrunk vectors (in the order of diffs)
// and the number of rounds.
func minimize(c *chromium, w *webencSide, vs []vector, diffs []int, mine, theirs []string, batch int) ([]shrunk, int) {
	items := make([]shrunk, len(diffs))
	for k, i := range diffs {
		items[k] = shrunk{v: vs[i], mine: mine[i], theirs: stripReuse(theirs[i])}
	}
	type result struct{ mine, theirs string }
	known := map[string]*result{} // enc + input hex → results
	keyOf := func(enc string, b []byte) string { return enc + " " + hex.EncodeToString(b) }
	rounds := 0
	for ; rounds < 200; rounds++ {
		// Candidates of every item still shrinking, in preference order.
		cands := make([][][]byte, len(items))
		var todo []vector
		for k := range items {
			it := &items[k]
			if it.done {
				continue
			}
			b := it.v.chunks[0]
			var cs [][]byte
			if len(b) >= 4 {
				cs = append(cs, b[len(b)/2:], b[:len(b)-len(b)/2])
			}
			if len(b) > 1 {
				for j := range b {
					cs = append(cs, append(append([]byte(nil), b[:j]...), b[j+1:]...))
				}
			}
			cands[k] = cs
			for _, cb := range cs {
				key := keyOf(it.v.enc, cb)
				if _, ok := known[key]; !ok {
					known[key] = nil
					todo = append(todo, vector{enc: it.v.enc, mode: modeRaw, cat: it.v.cat, chunks: [][]byte{cb}})
				}
			}
		}
		if len(todo) == 0 {
			break
		}
		for lo := 0; lo < len(todo); lo += batch {
			hi := min(lo+batch, len(todo))
			out, err := c.run(todo[lo:hi])
			if err != nil {
				fatalf("minimizing: %v", err)
			}
			for j := lo; j < hi; j++ {
				known[keyOf(todo[j].enc, todo[j].chunks[0])] = &result{w.result(&todo[j]), stripReuse(out[j-lo])}
			}
		}
		for k := range items {
			it := &items[k]
			if it.done {
				continue
			}
			it.done = true
			for _, cb := range cands[k] {
				r := known[keyOf(it.v.enc, cb)]
				if r != nil && r.mine != r.theirs {
					it.v.chunks = [][]byte{cb}
					it.mine, it.theirs = r.mine, r.theirs
					it.done = false
					break
				}
			}
		}
	}
	if rounds == 200 {
		fmt.Println("browsercheck: minimizing stopped after 200 rounds")
	}
	return items, rounds
}
