package sqlite

import (
	"fmt"
	"strings"
	"time"
)

// mapped has SQLite read the database file through a memory map (up to
// 1 GiB of it) instead of a read call and a copy into its page cache per
// page: a command touches a few dozen pages, and where a system call or a
// fresh page of memory is dear (a virtual machine) the reads were a tenth
// of a `status`. Pages in the log (WAL) are still read with calls; writes
// go through the log as before, so what reaches the disk is unchanged. A
// replay of a long log reads through a connection of its own, unmapped
// (rawConn), so that its resident memory stays its own.
const mapped = "&_pragma=mmap_size(1073741824)"

// DSN builds the connection string: every setting is a _pragma parameter so
// every pooled connection has it, and _txlock=immediate makes each write
// transaction take the write lock up front (deferred locks upgrade late and
// fail with SQLITE_BUSY despite the timeout).
func DSN(path string, busy time.Duration) string {
	return path + "?_pragma=busy_timeout(" + fmt.Sprint(busy.Milliseconds()) + ")" +
		"&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)" + mapped +
		"&_txlock=immediate"
}

// readDSNs are the ways to read the file, in order: as every command
// does (in a directory warlog may write), read-only, and immutable when
// neither -wal nor -shm exists. Each connection is query_only: a reader
// that tried to write would fail rather than change the file. A reader
// sets no journal mode (the file keeps its own, WAL as warlog makes it)
// and no foreign-key checks (it writes nothing to check): each pragma is
// a statement run at every open.
func readDSNs(path string, busy time.Duration) []string {
	b := fmt.Sprint(busy.Milliseconds())
	uri := "file:" + strings.ReplaceAll(path, "%", "%25")
	out := []string{
		path + "?_pragma=busy_timeout(" + b + ")&_pragma=query_only(1)" + mapped,
		uri + "?mode=ro&_pragma=busy_timeout(" + b + ")&_pragma=query_only(1)" + mapped,
	}
	if !exists(path+"-wal") && !exists(path+"-shm") && !exists(path+"-journal") {
		out = append(out, uri+"?mode=ro&immutable=1&_pragma=query_only(1)"+mapped)
	}
	return out
}
