package incarn28

// roll1 rolls one die for the player by (the report keeps each player's
// dice apart).
func (g *game) roll1(by string, sides int, purpose string) (int, error) {
	v, err := g.d.RollBy(by, 1, sides, purpose)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

// roll rolls n dice for the player by.
func (g *game) roll(by string, n, sides int, purpose string) ([]int, error) {
	return g.d.RollBy(by, n, sides, purpose)
}
