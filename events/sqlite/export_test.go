package sqlite

// SetRawFrom makes Stream read through the C-level API from n events on
// (rawFrom) until the returned function puts it back.
func SetRawFrom(n int64) (restore func()) {
	old := rawFrom
	rawFrom = n
	return func() { rawFrom = old }
}
