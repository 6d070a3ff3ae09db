// Package cmdutil holds what every warlog command shares: the streams, the
// global flags, the lazily opened store and service, the current campaign,
// output as tables or JSON, and the mapping of errors to exit codes. Game
// command packages (cmd/ko, cmd/dw, ...) build on it.
package cmdutil

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/spf13/cobra"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/events"
	"warlog/internal/phase"
	"warlog/internal/termsafe"
	"warlog/internal/words"
)

// App is one invocation's shared context. Commands receive it from their
// constructor; nothing in cmd is a package-level variable.
type App struct {
	In       io.Reader
	Out, Err io.Writer
	Getenv   func(string) string
	// LookupEnv tells a variable set empty from one not set (nil: a
	// variable set empty counts as not set).
	LookupEnv func(string) (string, bool)

	// Global flags.
	DBPath   string
	Campaign string
	JSON     bool
	Dice     string
	ActionID string
	NoPager  bool
	// TokenFile holds a league server's token (--token-file); else
	// $WARLOG_TOKEN is sent.
	TokenFile string

	// ReadOnly opens the database for reading only: the command that runs
	// only reads (see ReadsOnly). The root sets it.
	ReadOnly bool
	// NoNewDatabase: the command acts on what exists, so a database file
	// that does not exist reads as an empty one and is not created (see
	// CreatesDatabase).
	NoNewDatabase bool

	// Engines are the rules engines of this build.
	Engines []engines.Engine

	// Clock stamps the log's `at` (nil: the system clock) and IDs names new
	// actions (nil: random ids). The demo fixes both so that its output,
	// hashes included, is the same on every run.
	Clock func() time.Time
	IDs   func() string

	// Usage writes a command, named by its verb ("i28 round"), as it is
	// typed: `warlog i28 round`. The root sets it; engines name commands
	// by verb only.
	Usage func(verb string) string
	// GameCommand names a game's command ("ko" for "kingsown"); the root
	// sets it.
	GameCommand func(game string) string

	// Capture, when set, receives the game command a command line builds
	// instead of it being decided and recorded: `amend` reads a corrected
	// command typed as the original was, and cmd/cmdtest tests each game's
	// commands through it without a database.
	Capture func(game string, cmd engines.Command) error

	store events.Store
	svc   *campaigns.Service
	// created is the database file this command brought into being ("":
	// it was there before, or is a server's).
	created string
}

// Screen is the terminal stream under Out, for a command that draws the
// terminal itself (the play forms, a colour map, a cleared follow screen)
// and so must write escape sequences of its own. Everything else prints
// through Out, which makes the text of a log safe for a terminal
// (termsafe); what goes to Screen must be made safe by the command.
func (a *App) Screen() io.Writer { return termsafe.Underlying(a.Out) }

// readsOnly is the annotation that marks a command that only reads.
const readsOnly = "warlog/reads-only"

// ReadsOnly marks c as a command that only reads the database, and
// returns it: it opens the file read-only, so it works where the file may
// not be written, never creates one, and can change nothing.
func ReadsOnly(c *cobra.Command) *cobra.Command {
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	c.Annotations[readsOnly] = "true"
	return c
}

// IsReadOnly says whether c was marked with ReadsOnly.
func IsReadOnly(c *cobra.Command) bool { return c.Annotations[readsOnly] == "true" }

// CompleteFiles is the shell completion of a positional argument that is a
// file: the shell's own file names. A command that declares no completion
// of its own is offered nothing, not the files of the directory.
func CompleteFiles(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveDefault
}

const createsDatabase = "warlog/creates-database"

// CreatesDatabase marks c as a command that may bring a campaign into a
// database that does not exist yet (campaign new, import, pull), and
// returns it. Every other command acts on campaigns that exist, and where
// there is no database file it is refused as on an empty one, creating no
// file: a refused command writes nothing.
func CreatesDatabase(c *cobra.Command) *cobra.Command {
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	c.Annotations[createsDatabase] = "true"
	return c
}

// MayCreateDatabase says whether c was marked with CreatesDatabase.
func MayCreateDatabase(c *cobra.Command) bool { return c.Annotations[createsDatabase] == "true" }

// DefaultDBPath is $XDG_DATA_HOME/warlog/warlog.db, else
// ~/.local/share/warlog/warlog.db.
func (a *App) DefaultDBPath() string {
	if x := a.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "warlog", "warlog.db")
	}
	home := a.Getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return filepath.Join(home, ".local", "share", "warlog", "warlog.db")
}

// NonEmptyFlag is the value of a flag that must not be given empty, where
// an empty value would read as the flag left out: an empty --db would fall
// through to $WARLOG_DB or the default database, an empty --dice (a script's
// unset variable) to the program's dice. Want says what to give.
type NonEmptyFlag struct {
	Value *string
	Want  string
}

// Set implements pflag.Value.
func (f NonEmptyFlag) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return errors.New(f.Want)
	}
	*f.Value = s
	return nil
}

// String implements pflag.Value.
func (f NonEmptyFlag) String() string {
	if f.Value == nil {
		return ""
	}
	return *f.Value
}

// Type implements pflag.Value.
func (f NonEmptyFlag) Type() string { return "string" }

// ResolvedDB is the database in force: --db, WARLOG_DB, the default. A
// postgres:// address names a server (OpenStore).
func (a *App) ResolvedDB() string {
	switch {
	case a.DBPath != "":
		return a.DBPath
	case a.Getenv("WARLOG_DB") != "":
		return a.Getenv("WARLOG_DB")
	}
	return a.DefaultDBPath()
}

// Service opens the store on first use: read-only when a.ReadOnly, where
// a file that does not exist yet reads as an empty database (and is not
// created).
func (a *App) Service() (*campaigns.Service, error) {
	if a.svc != nil {
		return a.svc, nil
	}
	phase.Mark("command-line")
	if err := a.checkChosenDB(); err != nil {
		return nil, err
	}
	if a.NoNewDatabase && !a.ReadOnly && !a.OnServer() {
		// No file, or an empty one (touch): no database yet, and none is
		// made by a command that acts on campaigns that exist.
		if fi, err := os.Stat(a.ResolvedDB()); errors.Is(err, os.ErrNotExist) || err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
			a.ReadOnly = true
		}
	}
	if !a.ReadOnly && !a.OnServer() {
		if _, err := os.Stat(a.ResolvedDB()); errors.Is(err, os.ErrNotExist) {
			a.created = a.ResolvedDB()
		}
	}
	st, err := a.openStore()
	if err != nil {
		return nil, err
	}
	phase.Mark("open")
	a.store = st
	a.svc = campaigns.New(st, a.Engines...)
	return a.svc, nil
}

// NoDatabaseError: the database --db names does not exist, and the
// command does not create one (a read, or an action on a campaign that
// would have to exist): most likely the path is mistyped.
type NoDatabaseError struct {
	Path  string
	Games []string
}

func (e *NoDatabaseError) Error() string {
	return fmt.Sprintf("no database at %s (no such file): check the path given with --db, or start one there with `campaign new NAME --game %s`",
		e.Path, strings.Join(e.Games, "|"))
}

// checkChosenDB refuses a database file given with --db that does not
// exist, unless the command may create one (campaign new, import, pull):
// to every other command a missing file would read as an empty database,
// and a mistyped path as "no campaign yet". The default database and
// $WARLOG_DB, set once for every command, are left to read as empty.
func (a *App) checkChosenDB() error {
	if a.DBPath == "" || a.OnServer() || !(a.ReadOnly || a.NoNewDatabase) {
		return nil
	}
	if _, err := os.Stat(a.DBPath); errors.Is(err, os.ErrNotExist) {
		return &NoDatabaseError{Path: a.DBPath, Games: a.GameNames()}
	}
	return nil
}

// Failed is called when the command failed, before Close: a database file
// the command brought into being that holds no campaign is removed (with
// its -wal and -shm), so that a refused command leaves nothing behind.
func (a *App) Failed() {
	if a.created == "" || a.store == nil {
		return
	}
	if names, err := a.store.Campaigns(context.Background()); err != nil || len(names) > 0 {
		return
	}
	path := a.created
	if a.Close() != nil {
		return
	}
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
		_ = os.Remove(p)
	}
}

// Close closes the store if it was opened.
func (a *App) Close() error {
	if a.store == nil {
		return nil
	}
	err := a.store.Close()
	a.store, a.svc = nil, nil
	return err
}

// CurrentCampaign is --campaign, else the one chosen with `use`, else the
// only campaign there is.
func (a *App) CurrentCampaign(ctx context.Context) (string, error) {
	svc, err := a.Service()
	if err != nil {
		return "", err
	}
	name := a.Campaign
	if name == "" {
		if name, err = svc.Current(ctx); err != nil {
			return "", err
		}
	}
	if name == "" {
		list, err := svc.List(ctx)
		if err != nil {
			return "", err
		}
		switch len(list) {
		case 0:
			return "", fmt.Errorf("no campaign yet; create one: warlog campaign new NAME --game %s", strings.Join(a.GameNames(), "|"))
		case 1:
			return list[0], nil
		default:
			return "", fmt.Errorf("%s and none chosen; pick one with `warlog use NAME` or --campaign NAME", words.Count(len(list), "campaign", "campaigns"))
		}
	}
	ok, err := svc.Exists(ctx, name)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("no campaign %q; `warlog campaign list` shows the campaigns", name)
	}
	return name, nil
}

// Load opens the current campaign's state.
func (a *App) Load(ctx context.Context) (*campaigns.State, error) {
	name, err := a.CurrentCampaign(ctx)
	if err != nil {
		return nil, err
	}
	return a.svc.Load(ctx, name)
}

// Options parses the per-action global flags (--dice, --action-id).
func (a *App) Options() (campaigns.Options, error) {
	o := campaigns.Options{ActionID: a.NextActionID()}
	if a.Dice != "" {
		d, err := parseDice(a.Dice)
		if err != nil {
			return o, err
		}
		o.Dice = d
	}
	return o, nil
}

// Do runs a game command against the current campaign and prints what it did:
// the label on a terminal, the result as JSON with --json.
func (a *App) Do(ctx context.Context, game string, cmd engines.Command) (*campaigns.Result, error) {
	if a.Capture != nil {
		return nil, a.Capture(game, cmd)
	}
	name, err := a.CurrentCampaign(ctx)
	if err != nil {
		return nil, err
	}
	o, err := a.Options()
	if err != nil {
		return nil, err
	}
	res, err := a.svc.Do(ctx, name, game, cmd, o)
	if err != nil {
		return nil, err
	}
	return res, a.PrintResult(res)
}

// Act runs cmd, an action of game, from a command's RunE: Do with the
// command's context, the result printed, only the error returned. Every
// game's command package acts through it.
func (a *App) Act(c *cobra.Command, game string, cmd engines.Command) error {
	_, err := a.Do(c.Context(), game, cmd)
	return err
}

// ActionJSON is the --json shape of any action's result.
type ActionJSON struct {
	Campaign string          `json:"campaign"`
	Action   string          `json:"action"`
	Label    string          `json:"label"`
	Replayed bool            `json:"replayed,omitempty"`
	Version  int64           `json:"version"`
	Events   []EventJSON     `json:"events"`
	Status   *engines.Status `json:"status,omitempty"`
}

// EventJSON is one event as `log --json` and action results show it.
type EventJSON struct {
	Seq     int64           `json:"seq"`
	Version int64           `json:"version"`
	Action  string          `json:"action"`
	Type    string          `json:"type"`
	Data    json.RawMessage `json:"data"`
	At      string          `json:"at,omitempty"`
	Undone  bool            `json:"undone"`
}

// PrintResult reports an action.
func (a *App) PrintResult(res *campaigns.Result) error {
	if a.JSON {
		out := ActionJSON{Campaign: res.State.Name, Action: res.Action, Label: res.Label, Replayed: res.Replayed, Version: res.State.Version}
		for _, e := range res.Events {
			out.Events = append(out.Events, NewEventJSON(e, false))
		}
		if res.State.Game != nil {
			st := res.State.Game.Status()
			st.Campaign, st.Game = res.State.Name, res.State.Campaign.Game
			out.Status = &st
		}
		return a.PrintJSON(out)
	}
	if res.Replayed {
		_, err := fmt.Fprintf(a.Out, "already recorded (action %s): %s\n", res.Action, res.Label)
		return err
	}
	_, err := fmt.Fprintln(a.Out, res.Label)
	phase.Mark("render")
	return err
}

// PrintJSON writes one indented JSON document.
func (a *App) PrintJSON(v any) error {
	enc := json.NewEncoder(a.Out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// NextActionID is --action-id when given, else the App's own id source,
// else "" (the service draws a random id).
func (a *App) NextActionID() string {
	if a.ActionID == "" && a.IDs != nil {
		return a.IDs()
	}
	return a.ActionID
}

func parseDice(s string) ([]int, error) {
	// dice.ParseHand gives the message; kept here so every command agrees.
	return parseHand(s)
}

// Game is one game of this build as the command line knows it.
type Game struct {
	// Engine is its rules.
	Engine engines.Engine
	// Use is its command's name ("ko"); Command builds that command.
	Use     string
	Command func(*App) *cobra.Command
	// Demo is the command lines the demo plays for the game, with the
	// demo's seed.
	Demo func(seed string) [][]string
	// Rules are the game's catalogues, for `warlog rules` (nil: none).
	Rules func() []Catalogue
}

// GameNames lists the --game values of this build.
func (a *App) GameNames() []string {
	out := make([]string, len(a.Engines))
	for i, e := range a.Engines {
		out[i] = e.Info().Name
	}
	return out
}

// Modes lists the --mode values of this build's games.
func (a *App) Modes() []string {
	var out []string
	for _, e := range a.Engines {
		out = append(out, e.Modes()...)
	}
	return out
}
