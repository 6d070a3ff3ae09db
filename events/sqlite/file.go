package sqlite

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"warlog/events"
)

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// createFile makes the database when there is none: the directory
// (0700), then the whole database, migrated and checkpointed, under a
// temporary name beside it, linked to its name only once complete. A kill
// at any moment leaves either no file at the path or a usable one (and at
// worst a hidden temporary file, removed by a later creation); a full
// disk leaves nothing and says so. When another warlog creates the file
// meanwhile, its file is kept.
func createFile(path string, opt Options, migs []migration) error {
	if _, err := os.Lstat(path); err == nil {
		return nil
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create the database directory: %w", err)
	}
	removeStaleTemps(dir, base)
	f, err := os.CreateTemp(dir, "."+base+tempInfix+"*") // mode 0600
	if err != nil {
		return fmt.Errorf("create the database: %w", err)
	}
	tmp := f.Name()
	f.Close()
	defer removeWithSides(tmp)
	s, err := retryBusy(opt, func() (*Store, error) { return open(tmp, opt, migs) })
	if err != nil {
		// The temporary name means nothing to the user: the error speaks
		// of the path (and still matches what it wraps).
		msg := strings.ReplaceAll(strings.TrimPrefix(err.Error(), "open "+tmp+": "), tmp, path)
		return &createError{msg: "create " + path + ": " + msg, err: err}
	}
	if err := s.Close(); err != nil { // the last connection checkpoints the WAL away
		return fmt.Errorf("create %s: %w", path, mapErr(err))
	}
	if err := whole(tmp); err != nil {
		return &createError{msg: "create " + path + ": " + err.Error(), err: err}
	}
	if err := syncFile(tmp); err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	if err := os.Link(tmp, path); err != nil && !errors.Is(err, fs.ErrExist) {
		// A file system without hard links: rename, unless another
		// warlog has made the file meanwhile.
		if _, serr := os.Lstat(path); serr == nil {
			return nil
		}
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("create %s: %w", path, err)
		}
	}
	return syncFile(dir)
}

// whole checks that a database just created is complete in its file
// alone, as it is linked to its name without its side files. The last
// connection's checkpoint copies the WAL into the file, and its failure
// (a full disk, as the file grows) is not reported by Close: it leaves the
// file part-written and the WAL beside it, holding what is missing.
func whole(path string) error {
	for _, ext := range []string{"-wal", "-journal"} {
		if fi, err := os.Stat(path + ext); err == nil && fi.Size() > 0 {
			return events.ErrWrite
		}
	}
	db, err := openDB(probeConn(path, true))
	if err != nil {
		return fmt.Errorf("%w (%v)", events.ErrWrite, err)
	}
	defer db.Close()
	var ok string
	if err := db.QueryRow(`PRAGMA quick_check`).Scan(&ok); err != nil || ok != "ok" {
		return fmt.Errorf("%w (quick_check: %s%v)", events.ErrWrite, ok, err)
	}
	return nil
}

// tightenModes makes an existing database and its -wal and -shm private
// (0600, or whatever of the owner's bits they had) when other users may
// read them: an older warlog, a copy or an umask left them 0644, and
// SQLite gives new -wal and -shm files the database's mode. A file of
// another user's is left alone, with a warning, as is one whose mode
// cannot be changed.
func tightenModes(path string, warn func(string)) {
	if warn == nil {
		warn = func(string) {}
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o077 == 0 {
			continue
		}
		perm := fi.Mode().Perm()
		if !ownedBySelf(fi) {
			warn(fmt.Sprintf("%s is mode %04o, so other users may read it, and it belongs to another user: warlog leaves it so; make it private with chmod 600", p, perm))
			continue
		}
		if err := os.Chmod(p, perm&0o700); err != nil {
			warn(fmt.Sprintf("%s is mode %04o, so other users may read it, and warlog could not make it private (%v); make it private with chmod 600", p, perm, err))
		}
	}
}

// createError is a failed creation, told with the database's path.
type createError struct {
	msg string
	err error
}

func (e *createError) Error() string { return e.msg }
func (e *createError) Unwrap() error { return e.err }

// tempInfix names a database being created: ".NAME.creating-RANDOM".
const tempInfix = ".creating-"

// removeWithSides removes a file and the side files SQLite may have left
// beside it.
func removeWithSides(path string) {
	for _, ext := range []string{"", "-wal", "-shm", "-journal"} {
		_ = os.Remove(path + ext)
	}
}

// removeStaleTemps removes what a creation killed before it finished left
// behind: temporary files of this database older than a minute (a
// creation in progress takes milliseconds).
func removeStaleTemps(dir, base string) {
	old, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+tempInfix+"*"))
	for _, p := range old {
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && time.Since(fi.ModTime()) > time.Minute {
			removeWithSides(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(p, "-wal"), "-shm"), "-journal"))
		}
	}
}

func globEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`)
	return r.Replace(s)
}

// syncFile flushes a file or directory to the disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// quickProbe reads the schema version from the file's header when the
// file alone is the database (no write-ahead log with frames in it, the
// usual case between two commands, since the last connection to close
// checkpoints the log away, and no rollback journal): an SQLite header
// keeps user_version at byte 60 and application_id at byte 68. Anything
// else (a log in use, a journal to roll back, a new or empty file, a
// header that is not SQLite's) goes to probe.
func quickProbe(path string, known int) (int, error) {
	for _, ext := range []string{"-wal", "-journal"} {
		if fi, err := os.Stat(path + ext); err == nil && fi.Size() > 0 {
			return probe(path, known)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return probe(path, known)
	}
	var h [100]byte
	_, err = io.ReadFull(f, h[:])
	f.Close()
	if err != nil || string(h[:16]) != "SQLite format 3\x00" {
		return probe(path, known)
	}
	version := int(binary.BigEndian.Uint32(h[60:64]))
	appID := binary.BigEndian.Uint32(h[68:72])
	if version < 1 || version > known || appID != applicationID {
		return probe(path, known) // refusals and new files keep the careful path
	}
	return version, nil
}

// probe reads the schema version through a read-only connection that sets
// nothing, in one statement (one consistent snapshot even while another
// warlog is creating the file), so that a file we must refuse is left byte
// for byte as it was: a read-only connection never checkpoints a WAL, and
// side files it had to create are removed again.
func probe(path string, known int) (version int, err error) {
	side := map[string]bool{}
	for _, ext := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(path + ext); err == nil {
			side[ext] = true
		}
	}
	refused := false
	defer func() {
		if !refused {
			return
		}
		for _, ext := range []string{"-wal", "-shm"} {
			if !side[ext] {
				_ = os.Remove(path + ext)
			}
		}
	}()
	if fi, err := os.Stat(path + "-journal"); err == nil && fi.Size() > 0 {
		rollBack(path)
	}
	var appID, tables int
	read := func(immutable bool) error {
		db, err := openDB(probeConn(path, immutable))
		if err != nil {
			return err
		}
		defer db.Close()
		return db.QueryRow(`SELECT (SELECT user_version FROM pragma_user_version),
		(SELECT application_id FROM pragma_application_id), (SELECT count(*) FROM sqlite_master)`).Scan(&version, &appID, &tables)
	}
	err = read(false)
	if err != nil && errors.Is(mapErr(err), events.ErrAccess) && !side["-wal"] && !side["-shm"] && !exists(path+"-journal") {
		// A directory that may not be written: nobody can be writing the
		// file without its -wal and -shm, so it reads as it is.
		err = read(true)
	}
	if err != nil {
		if busy := mapErr(err); errors.Is(busy, events.ErrBusy) {
			return 0, busy // another warlog is setting the file up; Open retries
		}
		refused = true
		return 0, fmt.Errorf("%s: %w", path, events.ErrCorrupt)
	}
	switch {
	case appID != 0 && appID != applicationID, version == 0 && tables > 0 && appID != applicationID:
		refused = true
		return 0, fmt.Errorf("%s: %w: it is an SQLite file of another program; use --db to choose another file", path, events.ErrCorrupt)
	case version > known:
		refused = true
		return 0, fmt.Errorf("%s: %w (schema %d; this warlog knows up to %d); the file was not changed: upgrade warlog to open it",
			path, events.ErrNewerSchema, version, known)
	}
	return version, nil
}

// rollBack lets SQLite roll back the transaction a hot -journal holds: a
// writer was killed in the middle of it, leaving the file part-written,
// which no read-only connection can read. Any connection that may write
// rolls it back on its first read, as SQLite does for every program; the
// file is then as it was before that transaction. When the file cannot be
// written nothing happens, and the probe that follows refuses it.
func rollBack(path string) {
	db, err := openDB(rollBackConn(path))
	if err != nil {
		return
	}
	defer db.Close()
	var n int
	_ = db.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&n)
}
