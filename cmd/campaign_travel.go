package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/events"
	"warlog/internal/words"
)

// The commands that move a campaign between databases and look after its
// name: export, import, rename, archive, unarchive, delete.

func newCampaignExportCommand(app *cmdutil.App) *cobra.Command {
	var out string
	var force bool
	c := &cobra.Command{
		Use:   "export [NAME] [--out FILE]",
		Short: "Write a campaign to one portable file (JSON Lines), to take to another database",
		Long: `Write a campaign as one file: a header line (format, name, key, game, rules,
seed, head hash) and then every event of its log exactly as stored, one per
line. Another warlog takes it in with warlog campaign import, which verifies
the whole chain first; importing an export and exporting it again gives the
same file, byte for byte.

The log is verified before it is written: a broken chain is not exported.
Without --out the file goes to stdout. --out writes through a temporary file
and a rename, mode 0600 (the file holds the campaign's seed, which tells the
program's dice), never over an existing file without --force, never through
a symbolic link, and never onto the database itself.`,
		Example: `  warlog campaign export "Autumn League" --out autumn.jsonl
  warlog campaign export > autumn.jsonl
  warlog campaign export "Autumn League" --out autumn.jsonl --force`,
		Args:              cmdutil.RangeArgs(0, 1, "at most one campaign NAME"),
		ValidArgsFunction: completeCampaigns(app),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				app.Campaign = args[0]
			}
			name, err := app.CurrentCampaign(c.Context())
			if err != nil {
				return err
			}
			svc, _ := app.Service()
			if out != "" {
				if err := checkOut(app.ResolvedDB(), out, force, "the export", "autumn.jsonl"); err != nil {
					return err
				}
			}
			var b bytes.Buffer
			h, err := svc.Export(c.Context(), name, &b)
			if err != nil {
				return err
			}
			if out == "" {
				_, err := app.Out.Write(b.Bytes())
				return err
			}
			if err := writeOut(app.ResolvedDB(), out, b.Bytes(), force, 0o600, "the export", "autumn.jsonl"); err != nil {
				return err
			}
			if app.JSON {
				return app.PrintJSON(map[string]any{"campaign": name, "file": out, "events": h.Events, "head": h.Head})
			}
			fmt.Fprintf(app.Out, "exported campaign %s to %s: %s, head %s\n", name, out, words.Count(h.Events, "event", "events"), h.Head)
			return nil
		},
	}
	c.Flags().StringVar(&out, "out", "", "write to this file instead of stdout (mode 0600)")
	c.Flags().BoolVar(&force, "force", false, "with --out, replace the file if it exists")
	return c
}

// ImportJSON is the --json shape of `campaign import`.
type ImportJSON struct {
	Campaign string `json:"campaign"`
	New      bool   `json:"new"`
	Appended int64  `json:"appended"`
	Ahead    int64  `json:"ahead,omitempty"`
	Version  int64  `json:"version"`
	Head     string `json:"head"`
}

func newCampaignImportCommand(app *cmdutil.App) *cobra.Command {
	var as string
	c := &cobra.Command{
		Use:   "import FILE [--as NAME]",
		Short: "Take in a campaign from an export file: a new campaign, or the continuation of one here",
		Long: `Take in a file written by warlog campaign export ("-" reads stdin). The whole
hash chain is verified and the log replayed through this build's rules before
anything is written: a file that was cut short, edited, reordered or added to
is refused, naming the first bad version, and nothing is written. The file
is read a line at a time, never held whole in memory (standard input is
first kept in a temporary file); a line longer than 4 MiB is no event
warlog wrote, and is refused naming its line number.

The campaign here that began with the file's first event is the one the file
belongs to. If its log is a beginning of the file's, the new events are
appended (a fast-forward) and the command says how many. If the two went
different ways, the import is refused, naming the last version they share and
what each side did after it: --as NAME keeps the file beside it as another
campaign. A file of a campaign that is not here becomes a new campaign, named
as in the file or --as NAME; a name taken by another campaign is refused.

Exit status: 0 imported (or nothing new); 1 refused, nothing written.`,
		Example: `  warlog campaign import autumn.jsonl
  warlog campaign import autumn-ben.jsonl --as "Autumn League (Ben)"
  warlog campaign import - < autumn.jsonl`,
		Args:              cmdutil.ExactArgs(1, "the export FILE"),
		ValidArgsFunction: cmdutil.CompleteFiles,
		RunE: func(c *cobra.Command, args []string) error {
			var r io.Reader = app.In
			file := "standard input"
			if args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return fmt.Errorf("import %s: %w", args[0], errors.Unwrap(err))
				}
				defer f.Close()
				r, file = f, args[0]
			}
			// Standard input is kept in a temporary file: the file is read
			// one line at a time, several times over (campaigns.Import).
			rs, done, err := events.Seekable(r)
			if err != nil {
				return fmt.Errorf("import %s: %w", args[0], err)
			}
			defer done()
			named := func(err error) error {
				var tl *events.LineTooLongError
				if errors.As(err, &tl) {
					return fmt.Errorf("%w; nothing was imported", &events.LineTooLongError{Line: tl.Line, File: file})
				}
				return err
			}
			// The file is read and its chain checked before the database is
			// opened: a file that is no export creates no database.
			if _, err := campaigns.CheckExport(rs); err != nil {
				return named(err)
			}
			if _, err := rs.Seek(0, io.SeekStart); err != nil {
				return fmt.Errorf("import %s: %w", args[0], err)
			}
			svc, err := app.Service()
			if err != nil {
				return err
			}
			res, err := svc.Import(c.Context(), rs, as)
			if err != nil {
				return named(err)
			}
			if app.JSON {
				return app.PrintJSON(ImportJSON{Campaign: res.Name, New: res.New, Appended: res.Appended, Ahead: res.Ahead, Version: res.Version, Head: res.Head})
			}
			switch {
			case res.New:
				fmt.Fprintf(app.Out, "imported campaign %s: %s, head %s; choose it with: warlog use %s\n", res.Name, words.Count(res.Appended, "event", "events"), res.Head, cmdutil.ShellJoin([]string{res.Name}))
			case res.Appended > 0:
				fmt.Fprintf(app.Out, "campaign %s: appended %s from %s (fast-forward to version %d, head %s)\n", res.Name, words.Count(res.Appended, "event", "events"), args[0], res.Version, res.Head)
			case res.Ahead > 0:
				fmt.Fprintf(app.Out, "campaign %s is %s ahead of %s: nothing to import\n", res.Name, words.Count(res.Ahead, "event", "events"), args[0])
			default:
				fmt.Fprintf(app.Out, "campaign %s is up to date with %s: nothing to import\n", res.Name, args[0])
			}
			return nil
		},
	}
	c.Flags().StringVar(&as, "as", "", "the campaign's name here: a new one, or the one the file continues")
	return cmdutil.CreatesDatabase(c)
}

func newCampaignRenameCommand(app *cmdutil.App) *cobra.Command {
	return &cobra.Command{
		Use:   "rename OLD NEW",
		Short: "Give a campaign another name; its log and hash chain do not change",
		Long: `Give a campaign another name. The chain keeps the key the campaign was created
with, so every hash, every published head and every export stay valid, and
warlog verify passes as before. The current campaign stays chosen.`,
		Example:           `  warlog campaign rename "Autumn League" "Autumn League 2026"`,
		Args:              cmdutil.ExactArgs(2, "the OLD and the NEW name"),
		ValidArgsFunction: completeFirst(app),
		RunE: func(c *cobra.Command, args []string) error {
			svc, err := app.Service()
			if err != nil {
				return err
			}
			if err := svc.Rename(c.Context(), args[0], args[1]); err != nil {
				return err
			}
			if app.JSON {
				return app.PrintJSON(map[string]string{"campaign": args[1], "was": args[0]})
			}
			fmt.Fprintf(app.Out, "renamed campaign %s to %s (its log and hashes are unchanged)\n", args[0], args[1])
			return nil
		},
	}
}

func newCampaignArchiveCommand(app *cmdutil.App, archive bool) *cobra.Command {
	c := &cobra.Command{
		Use:               "archive NAME",
		Short:             "Hide a finished campaign from the list; it is kept, and still verified",
		Example:           `  warlog campaign archive "Autumn League"` + "\n" + `  warlog campaign list --all`,
		Args:              cmdutil.ExactArgs(1, "the campaign's NAME"),
		ValidArgsFunction: completeCampaigns(app),
	}
	if !archive {
		c.Use, c.Short = "unarchive NAME", "Show an archived campaign in the list again"
		c.Example = `  warlog campaign unarchive "Autumn League"`
	}
	c.RunE = func(c *cobra.Command, args []string) error {
		svc, err := app.Service()
		if err != nil {
			return err
		}
		if err := svc.Archive(c.Context(), args[0], archive); err != nil {
			return err
		}
		if app.JSON {
			return app.PrintJSON(map[string]any{"campaign": args[0], "archived": archive})
		}
		if archive {
			fmt.Fprintf(app.Out, "archived campaign %s: `campaign list --all` shows it, verify still checks it, -c %s still opens it\n", args[0], cmdutil.ShellJoin([]string{args[0]}))
		} else {
			fmt.Fprintf(app.Out, "campaign %s is listed again\n", args[0])
		}
		return nil
	}
	return c
}

func newCampaignDeleteCommand(app *cmdutil.App) *cobra.Command {
	var yes bool
	c := &cobra.Command{
		Use:   "delete NAME --yes",
		Short: "Delete a campaign from the database, after writing an export of it beside the database",
		Long: `Delete a campaign: its log, snapshots and name leave the database. First its
export is written next to the database (NAME-HEAD.jsonl, mode 0600) and the
command says where: warlog campaign import brings the campaign back. A log
whose chain is broken cannot be exported, and so is not deleted.
Without --yes nothing is done.`,
		Example:           `  warlog campaign delete "Test campaign" --yes`,
		Args:              cmdutil.ExactArgs(1, "the campaign's NAME"),
		ValidArgsFunction: completeCampaigns(app),
		RunE: func(c *cobra.Command, args []string) error {
			name := args[0]
			svc, err := app.Service()
			if err != nil {
				return err
			}
			if ok, err := svc.Exists(c.Context(), name); err != nil {
				return err
			} else if !ok {
				return fmt.Errorf("campaign %q: %w; `warlog campaign list --all` shows the campaigns", name, campaigns.ErrNoCampaign)
			}
			if !yes {
				return fmt.Errorf("deleting campaign %q removes its log from the database; add --yes to delete it (an export is written beside the database first)", name)
			}
			// The export is written while every writer of the campaign is
			// held off: it holds every action acknowledged before the
			// delete, and none comes after.
			var path string
			h, err := svc.Delete(c.Context(), name, func(h events.ExportHeader, data []byte) error {
				var err error
				path, err = writeBackup(app.ResolvedDB(), app.OnServer(), name, h, data)
				return err
			})
			if err != nil {
				// Refused (a player's append-only role on a server, say):
				// the campaign stays, and so nothing is left beside it
				// (unless the server may have deleted it all the same).
				if path != "" && !errors.Is(err, events.ErrUncertain) {
					os.Remove(path)
				}
				return fmt.Errorf("%w; nothing was deleted", err)
			}
			if app.JSON {
				return app.PrintJSON(map[string]any{"campaign": name, "export": path, "events": h.Events, "head": h.Head})
			}
			fmt.Fprintf(app.Out, "deleted campaign %s (%s); its export is %s: `warlog campaign import %s` brings it back\n", name, words.Count(h.Events, "event", "events"), path, cmdutil.ShellJoin([]string{path}))
			return nil
		},
	}
	c.Flags().BoolVar(&yes, "yes", false, "really delete")
	return c
}

// writeBackup writes a deleted campaign's export next to the database (in
// the working directory when the database is on a server), under a name no
// other file has.
func writeBackup(db string, onServer bool, name string, h events.ExportHeader, data []byte) (string, error) {
	dir := filepath.Dir(db)
	if onServer {
		dir = "."
	}
	base := slug([]string{"campaign", "new", name})
	if base == "" {
		base = "campaign"
	}
	base += "-" + h.Head[:12]
	for i := 1; ; i++ {
		p := filepath.Join(dir, base+".jsonl")
		if i > 1 {
			p = filepath.Join(dir, fmt.Sprintf("%s-%d.jsonl", base, i))
		}
		err := writeOut(db, p, data, false, 0o600, "the export", "autumn.jsonl")
		if err == nil {
			return p, nil
		}
		if _, serr := os.Lstat(p); serr != nil || i >= 100 {
			return "", err
		}
	}
}

// completeFirst offers campaign names for the first argument only.
func completeFirst(app *cmdutil.App) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	all := completeCampaigns(app)
	return func(c *cobra.Command, args []string, s string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return all(c, args, s)
	}
}
