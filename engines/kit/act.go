package kit

import (
	"fmt"

	"warlog/engines"
)

// Act is one command being decided, what every game's rules decide on: the
// copy of the state the kit hands the command (each fact emitted through D
// is folded into it at once, so later rules see what earlier facts did),
// and the decision the command's dice, facts and label go to. A game whose
// rules keep more about the command while they work (Brood Mother's board,
// Incarn28's notes) embeds it in a type of its own.
type Act[S any] struct {
	// S is the state the command decides on: the kit's copy, never the
	// state the command was asked of.
	S S
	// D is the decision: the dice the command rolls, the facts it emits
	// and its label.
	D *engines.Decision
}

// Say tells one more sentence of the command's label, after what the
// label says so far.
func (a *Act[S]) Say(format string, args ...any) {
	if !a.D.Labelled() {
		return
	}
	s := fmt.Sprintf(format, args...)
	if l := a.D.LabelText(); l != "" {
		a.D.Label("%s %s", l, s)
		return
	}
	a.D.Label("%s", s)
}

// Emit emits a fact of the command (engines.Decision.Emit): it is folded
// into S at once.
func (a *Act[S]) Emit(typ string, data any) error { return a.D.Emit(typ, data) }
