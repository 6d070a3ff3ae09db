package deadwars

// roll1 rolls one die for the side by (a player, or "humans"), so the
// report keeps each player's dice apart.
func (w *work) roll1(by, purpose string) (int, error) {
	v, err := w.d.RollBy(by, 1, 6, purpose)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}
