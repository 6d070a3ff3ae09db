// Command warlog is a campaign tracker for tabletop skirmish games: every die
// and action goes to an append-only, hash-chained log, and every screen is
// computed by replaying it through the game's rules.
package main

import (
	"os"

	"warlog/cmd"
	"warlog/internal/phase"
	"warlog/internal/startheap"
)

func main() {
	startheap.Start()
	phase.Mark("start")
	code := cmd.Main()
	phase.Mark("close")
	phase.Report(os.Stderr)
	os.Exit(code)
}
