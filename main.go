// Command warlog is a campaign tracker for tabletop skirmish games: every die
// and action goes to an append-only, hash-chained log, and every screen is
// computed by replaying it through the game's rules.
package main

import (
	"os"

	"warlog/cmd"
)

func main() { os.Exit(cmd.Main()) }
