package cmd

import (
	"warlog/engines"
)

// Engines are the rules engines built into this warlog. A game whose engine
// is not listed can still have campaigns; its commands say it has not landed.
func Engines() []engines.Engine {
	var out []engines.Engine
	for _, e := range []engines.Engine{koEngine(), dwEngine(), broodEngine(), i28Engine(), rcEngine()} {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// gameDemos are the demo scripts of every landed game, in play order, one
// section per game.
func gameDemos(seed string) [][][]string {
	var out [][][]string
	for _, d := range [][][]string{koDemo(seed), dwDemo(seed), broodDemo(seed), i28Demo(seed), rcDemo(seed)} {
		if len(d) > 0 {
			out = append(out, d)
		}
	}
	return out
}
