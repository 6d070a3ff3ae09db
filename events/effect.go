package events

import "context"

// Event types every stream shares; engines define their own beside these.
const (
	// TypeActionBegun opens every action and records the command.
	TypeActionBegun = "action.begun"
	// TypeActionUndone takes an earlier action out of effect.
	TypeActionUndone = "action.undone"
	// TypeActionRedone puts an undone action back into effect.
	TypeActionRedone = "action.redone"
)

// ActionRef is the payload of action.undone and action.redone.
type ActionRef struct {
	Action string `json:"action"`
}

// Undone returns the actions of campaign that are out of effect now: an
// action is undone when the newest undone/redone event naming it is an
// undo. Replay reads this first, then skips those actions' events, so the log
// never needs to change.
func Undone(ctx context.Context, s Store, campaign string) (map[string]bool, error) {
	out := map[string]bool{}
	err := s.LoadTypes(ctx, campaign, []string{TypeActionUndone, TypeActionRedone}, func(e Event) error {
		ref, err := decodeRef(e)
		if err != nil {
			return err
		}
		if e.Type == TypeActionUndone {
			out[ref] = true
		} else {
			delete(out, ref)
		}
		return nil
	})
	return out, err
}

func decodeRef(e Event) (string, error) {
	var r ActionRef
	if err := unmarshal(e, &r); err != nil {
		return "", err
	}
	return r.Action, nil
}
