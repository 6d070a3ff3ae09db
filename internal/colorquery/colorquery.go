// Package colorquery keeps the styling libraries from asking the terminal
// for its background colour when warlog starts, and asks it once for the
// commands that draw styled output.
//
// Bubble Tea v1's package initializer calls lipgloss.HasDarkBackground,
// which on a terminal writes an OSC 11 background query and a cursor
// position query and waits for the answers: every warlog command, styled
// or not, would write them before its output (garbage in `script` logs,
// and a wait on a terminal that does not answer). This package's
// initializer runs first and states a background, so that call asks
// nothing: Go initializes packages in import-path order among those whose
// imports are ready (the Go spec, since Go 1.21), and "colorquery" sorts
// before "github.com/charmbracelet/bubbletea". It is a module of its own
// for that reason (a package of the warlog module sorts after it);
// warlog's go.mod replaces it with this directory. A test in cmd runs
// warlog on a pseudo-terminal and reads every byte it writes.
package colorquery

import (
	"sync"

	"github.com/charmbracelet/lipgloss"
)

func init() {
	// Dark until asked: what the libraries assume when a terminal does
	// not answer.
	lipgloss.SetHasDarkBackground(true)
}

var once sync.Once

// Detect asks the terminal for its background once, and styles what
// follows by the answer. Only a command that draws styled output calls it,
// before it takes the terminal.
func Detect() {
	once.Do(func() {
		r := lipgloss.DefaultRenderer()
		r.SetHasDarkBackground(r.Output().HasDarkBackground())
	})
}
