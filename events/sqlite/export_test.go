package sqlite

import "context"

// SetRawFrom makes Stream read through the C-level API from n events on
// (rawFrom) until the returned function puts it back.
func SetRawFrom(n int64) (restore func()) {
	old := rawFrom
	rawFrom = n
	return func() { rawFrom = old }
}

// NoBorrow makes Stream read as it would if the driver's connections gave
// no SQLite handle (borrowRaw), until the returned function puts it back.
func NoBorrow() (restore func()) {
	borrow = func(any) (*rawConn, bool) { return nil, false }
	return func() { borrow = borrowRaw }
}

// BorrowsRaw reports whether the store's driver connections give their
// SQLite handle to the C-level reader (borrow).
func BorrowsRaw(s *Store) bool {
	conn, err := s.db.Conn(context.Background())
	if err != nil {
		return false
	}
	defer conn.Close()
	ok := false
	conn.Raw(func(dc any) error {
		_, ok = borrow(dc)
		return nil
	})
	return ok
}
