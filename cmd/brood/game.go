package brood

import (
	eng "warlog/engines/brood"
	"warlog/internal/cmdutil"
)

// Game is Brood Mother as this build of warlog knows it: its engine, its command
// tree and its part of the demo.
func Game() cmdutil.Game {
	return cmdutil.Game{Engine: eng.Engine, Use: "brood", Command: NewCommand, Demo: Demo, Rules: catalogues}
}
