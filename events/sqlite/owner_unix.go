//go:build unix

package sqlite

import (
	"io/fs"
	"os"
	"syscall"
)

// ownedBySelf says whether the file belongs to the user warlog runs as.
func ownedBySelf(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Geteuid()
}
