package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/engines"
	"warlog/events/sqlite"
	"warlog/testdata/gen"
)

// genVersion changes whenever the generator's walk, or what it stores, changes, so that cached
// campaigns of an older walk are not reused.
const genVersion = "6"

// growCampaign returns a database holding the game's demo battle grown to
// at least n events by random legal play (testdata/gen), and the
// campaign's name. A grown database is cached in the user's cache directory
// (keyed by game, size, walk, schema, snapshot format and the game's
// rules and state format) and copied to a
// temporary directory for each caller, which may write to its copy.
func growCampaign(tb testing.TB, game string, n int64) (db, name string) {
	tb.Helper()
	src, name, err := cachedCampaign(game, n)
	if err != nil {
		tb.Fatal(err)
	}
	db = filepath.Join(tb.TempDir(), "grown.db")
	if err := copyFile(src, db); err != nil {
		tb.Fatal(err)
	}
	return db, name
}

var growMu sync.Mutex

func cachedCampaign(game string, n int64) (string, string, error) {
	growMu.Lock()
	defer growMu.Unlock()
	section := demoSection(game, "11")
	if section == nil {
		return "", "", fmt.Errorf("no demo for %s", game)
	}
	name := section[0][2]
	key := []string{game, fmt.Sprint(n), "gen" + genVersion, fmt.Sprint("schema", sqlite.SchemaVersion()), campaigns.SnapshotKey()}
	for _, e := range Engines() {
		if e.Info().Name != game {
			continue
		}
		key = append(key, e.RulesVersion())
		if sn, ok := e.(engines.Snapshotter); ok {
			key = append(key, "state"+sn.StateFormat())
		}
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "warlog-bench")
	path := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(strings.Join(key, "-"))+".db")
	if _, err := os.Stat(path); err == nil {
		return path, name, nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", "", err
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid()) // two benchmark runs may grow the same one
	os.Remove(tmp)
	for _, args := range section {
		var out, errb bytes.Buffer
		app := &cmdutil.App{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }, Engines: Engines()}
		if code := Run(context.Background(), app, append([]string{"--db", tmp}, args...)); code != 0 {
			return "", "", fmt.Errorf("%v: %s", args, errb.String())
		}
	}
	store, err := sqlite.Open(tmp, sqlite.Options{})
	if err != nil {
		return "", "", err
	}
	svc := campaigns.New(store, Engines()...)
	_, err = gen.Grow(context.Background(), svc, store, name, gen.Options{Events: n, Seed: 11, UndoPercent: 3, RedoPercent: 1})
	if cerr := store.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", "", err
	}
	// One file, no side files: checkpointed by the close above.
	return path, name, os.Rename(tmp, path)
}

// demoSection is the demo script of one game, the start of every grown
// campaign.
func demoSection(game, seed string) [][]string {
	for _, s := range gameDemos(seed) {
		for _, arg := range s[0] {
			if arg == game {
				return s
			}
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
