package cmd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/cmd/cmdutil"
	"warlog/internal/words"
)

// PushJSON is the --json shape of `campaign push` and `pull`.
type PushJSON struct {
	ImportJSON
	// To is where the campaign went: the other database on a push, this
	// one on a pull (a server's address without its password).
	To string `json:"to"`
}

// newCampaignPushCommand builds `campaign push` (push) or `campaign pull`:
// an export of one store imported into the other, with the import's rules.
func newCampaignPushCommand(app *cmdutil.App, push bool) *cobra.Command {
	var other, as string
	c := &cobra.Command{
		Use:   "push NAME --to ADDRESS",
		Short: "Copy a campaign to another database (a league's server, another file): new, or a fast-forward",
		Long: `Copy a campaign to another database, as an export imported there would:
the whole hash chain is verified and the log replayed first; a campaign the
other database does not have becomes a new one there, one whose log there is
a beginning of this one is fast-forwarded, and one that went another way
there is refused, naming the last version both share and what each side did
after it (--as NAME keeps this one beside it there). ADDRESS is a
postgres:// address or an SQLite file.

Exit status: 0 copied (or nothing new); 1 refused, nothing written.`,
		Example: `  warlog campaign push "Autumn League" --to postgres://organiser@club.example/league
  warlog campaign push "Autumn League" --to ./laptop.db --as "Autumn League (club)"`,
		Args:              cmdutil.ExactArgs(1, "the campaign's NAME"),
		ValidArgsFunction: completeCampaigns(app),
	}
	flag, verb := "to", "push"
	if !push {
		flag, verb = "from", "pull"
		c.Use = "pull NAME --from ADDRESS"
		c.Short = "Copy a campaign from another database (a league's server, another file): new, or a fast-forward"
		c.Long = `Copy a campaign from another database into this one, as an export of it
imported here would: the whole hash chain is verified and the log replayed
first; a campaign this database does not have becomes a new one here, one
whose log here is a beginning of the other's is fast-forwarded, and one that
went another way here is refused, naming the last version both share and what
each side did after it (--as NAME keeps the other's beside it). ADDRESS is a
postgres:// address or an SQLite file.

Exit status: 0 copied (or nothing new); 1 refused, nothing written.`
		c.Example = `  warlog campaign pull "Autumn League" --from postgres://ann@club.example/league
  warlog campaign pull "Autumn League" --from ./laptop.db`
		c.ValidArgsFunction = nil
		cmdutil.CreatesDatabase(c) // the campaign comes here, a new file or not
	}
	c.RunE = func(c *cobra.Command, args []string) error {
		if other == "" {
			return &cmdutil.UsageError{Err: fmt.Errorf("%s needs --%s ADDRESS: the other database (postgres://USER@HOST/DB, or an SQLite file)", c.CommandPath(), flag), Hint: c.CommandPath() + " --help"}
		}
		if other == app.ResolvedDB() || sameFile(other, app.ResolvedDB()) {
			return fmt.Errorf("--%s %s is this database; name another one", flag, shown(other))
		}
		if !push && !cmdutil.OnServerAddress(other) {
			// A pull only reads the other database: a file that is not
			// there is a mistyped path, not a new, empty database.
			if fi, err := os.Stat(other); errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("--from %s: no such file; give the path of a warlog database (or a postgres:// address)", other)
			} else if err == nil && fi.IsDir() {
				return fmt.Errorf("--from %s is a directory; give the path of a warlog database", other)
			}
		}
		here, err := app.Service()
		if err != nil {
			return err
		}
		ctx := c.Context()
		st, err := app.OpenOther(ctx, other)
		if err != nil {
			return err
		}
		defer st.Close()
		there := campaigns.New(st, app.Engines...)
		from, to, toName := here, there, shown(other)
		if !push {
			from, to, toName = there, here, app.ShownDB()
		}
		res, err := from.Send(ctx, args[0], to, as)
		var de *campaigns.DivergedError
		if errors.As(err, &de) {
			de.HereIs, de.ThereIs = "on "+shown(other), "here"
			if !push {
				de.HereIs, de.ThereIs = "here", "on "+shown(other)
			}
		}
		if err != nil {
			return err
		}
		if app.JSON {
			return app.PrintJSON(PushJSON{ImportJSON{Campaign: res.Name, New: res.New, Appended: res.Appended, Ahead: res.Ahead, Version: res.Version, Head: res.Head}, toName})
		}
		switch {
		case push && res.New:
			fmt.Fprintf(app.Out, "pushed campaign %s to %s: a new campaign there, %s, head %s\n", res.Name, toName, words.Count(res.Appended, "event", "events"), res.Head)
		case push && res.Appended > 0:
			fmt.Fprintf(app.Out, "pushed campaign %s to %s: appended %s there (fast-forward to version %d, head %s)\n", res.Name, toName, words.Count(res.Appended, "event", "events"), res.Version, res.Head)
		case res.New:
			fmt.Fprintf(app.Out, "pulled campaign %s from %s: a new campaign here, %s, head %s\n", res.Name, shown(other), words.Count(res.Appended, "event", "events"), res.Head)
		case res.Appended > 0:
			fmt.Fprintf(app.Out, "pulled campaign %s from %s: appended %s here (fast-forward to version %d, head %s)\n", res.Name, shown(other), words.Count(res.Appended, "event", "events"), res.Version, res.Head)
		case res.Ahead > 0:
			fmt.Fprintf(app.Out, "campaign %s on %s is %s ahead: nothing to %s\n", res.Name, toName, words.Count(res.Ahead, "event", "events"), verb)
		default:
			fmt.Fprintf(app.Out, "campaign %s on %s is up to date: nothing to %s\n", res.Name, toName, verb)
		}
		return nil
	}
	c.Flags().StringVar(&other, flag, "", "the other database: a postgres:// address or an SQLite file")
	c.Flags().StringVar(&as, "as", "", "the campaign's name where it goes: a new one, or the one it continues")
	return c
}

// shown is a database as messages show it: a server's address without
// its password.
func shown(db string) string { return cmdutil.Shown(db) }

// sameFile reports whether two SQLite paths are one file (through a
// symbolic link, another spelling of the path, a hard link).
func sameFile(a, b string) bool {
	if cmdutil.OnServerAddress(a) || cmdutil.OnServerAddress(b) {
		return false
	}
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
