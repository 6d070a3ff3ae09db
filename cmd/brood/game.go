package brood

import (
	"warlog/cmd/cmdutil"
	eng "warlog/engines/brood"
)

// Game is Brood Mother as this build of warlog knows it: its engine, its command
// tree and its part of the demo.
func Game() cmdutil.Game {
	return cmdutil.Game{Engine: eng.Engine, Use: "brood", Command: NewCommand, Demo: Demo, Rules: catalogues}
}
