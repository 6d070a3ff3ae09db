// Command warlog is a campaign tracker for tabletop skirmish games: every die
// and action goes to an append-only, hash-chained log, and every screen is
// computed by replaying it through the game's rules.
package main

import (
	"os"

	"warlog/cmd"
	"warlog/internal/phase"
	"warlog/internal/startheap"
	"warlog/server/page"
)

func main() {
	startheap.Start()
	cmd.Page = page.New
	phase.Mark("start")
	code := cmd.Main()
	phase.Mark("close")
	phase.Report(os.Stderr)
	os.Exit(code)
}
