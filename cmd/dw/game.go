package dw

import (
	"warlog/cmd/cmdutil"
	"warlog/engines/deadwars"
)

// Game is Deadwars as this build of warlog knows it: its engine, its command
// tree and its part of the demo.
func Game() cmdutil.Game {
	return cmdutil.Game{Engine: deadwars.Engine, Use: "dw", Command: NewCommand, Demo: Demo, Rules: catalogues}
}
