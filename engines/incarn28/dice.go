package incarn28

// roll1 rolls one die for the player by (the report keeps each player's
// dice apart).
func (r *referee) roll1(by string, sides int, purpose string) (int, error) {
	v, err := r.D.RollBy(by, 1, sides, purpose)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

// roll rolls n dice for the player by.
func (r *referee) roll(by string, n, sides int, purpose string) ([]int, error) {
	return r.D.RollBy(by, n, sides, purpose)
}
