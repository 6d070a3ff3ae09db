package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"warlog/cmd/clidoc"
	"warlog/cmd/cmdutil"
)

// BuildJSON is the --json shape of `warlog version`.
type BuildJSON struct {
	Version  string `json:"version"`
	Module   string `json:"module,omitempty"`
	Go       string `json:"go"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
}

// buildInfo is this binary's version, Go version and VCS revision, as the
// Go toolchain recorded them in the binary.
func buildInfo() BuildJSON {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return BuildJSON{Version: Version, Go: "unknown"}
	}
	return buildFrom(info)
}

// buildFrom reads the build info the Go toolchain recorded.
func buildFrom(info *debug.BuildInfo) BuildJSON {
	b := BuildJSON{Version: Version}
	b.Go = info.GoVersion
	if v := info.Main.Version; v != "" && v != "(devel)" {
		b.Module = v // go install warlog@v1.2.3 records the module's version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// JSON writes the build as `warlog version --json` prints it.
func (b BuildJSON) JSON() string {
	var s strings.Builder
	enc := json.NewEncoder(&s)
	enc.SetIndent("", "  ")
	_ = enc.Encode(b)
	return s.String()
}

// String writes the build as `warlog version` prints it.
func (b BuildJSON) String() string {
	var s strings.Builder
	fmt.Fprintf(&s, "warlog %s\n", b.Version)
	if b.Module != "" {
		fmt.Fprintf(&s, "module:   %s\n", b.Module)
	}
	fmt.Fprintf(&s, "go:       %s\n", b.Go)
	switch {
	case b.Revision == "":
		s.WriteString("revision: unknown (the build recorded none: not built in a git checkout, or with -buildvcs=false)\n")
	default:
		rev := b.Revision
		if b.Time != "" {
			rev += " (" + b.Time + ")"
		}
		if b.Modified {
			rev += ", with uncommitted changes"
		}
		fmt.Fprintf(&s, "revision: %s\n", rev)
	}
	return s.String()
}

func newVersionCommand(app *cmdutil.App) *cobra.Command {
	c := &cobra.Command{
		Use:   "version",
		Short: "Print warlog's version, the Go version and the revision it was built from",
		Long: `Print warlog's version, the Go version that built it and the version-control
revision of the source (with its time, and whether the checkout had
uncommitted changes), as the Go toolchain recorded them in the binary.
warlog --version prints the same.`,
		Example: `  warlog version
  warlog version --json`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			b := buildInfo()
			if app.JSON {
				return app.PrintJSON(b)
			}
			_, err := fmt.Fprint(app.Out, b)
			return err
		},
	}
	return cmdutil.ReadsOnly(c)
}

func newGenerateCommand(app *cmdutil.App) *cobra.Command {
	var man, markdown string
	c := &cobra.Command{
		Use:   "generate --man DIR | --markdown DIR",
		Short: "Write man pages or a Markdown reference of every command",
		Long: `Write the reference of every warlog command, from the command tree itself:
--man DIR writes one man page per command (section 1), --markdown DIR one
Markdown file per command, linked to each other, starting at warlog.md. The
directory is created if need be; files of the same names are replaced.

The project's own Markdown reference is docs/cli/, which a test regenerates
and compares so it never goes stale.`,
		Example: `  warlog generate --markdown docs/cli
  warlog generate --man /usr/local/share/man/man1`,
		Args: cmdutil.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if man == "" && markdown == "" {
				return &cmdutil.UsageError{Err: fmt.Errorf("give --man DIR or --markdown DIR (or both)"), Hint: "warlog generate --help"}
			}
			if man != "" {
				if err := GenerateMan(app, man); err != nil {
					return err
				}
				fmt.Fprintf(app.Err, "wrote man pages to %s\n", man)
			}
			if markdown != "" {
				if err := GenerateMarkdown(app, markdown); err != nil {
					return err
				}
				fmt.Fprintf(app.Err, "wrote the Markdown reference to %s\n", markdown)
			}
			if app.JSON {
				return app.PrintJSON(map[string]string{"man": man, "markdown": markdown})
			}
			return nil
		},
	}
	c.Flags().StringVar(&man, "man", "", "write man pages to this `DIR`")
	c.Flags().StringVar(&markdown, "markdown", "", "write the Markdown reference to this `DIR`")
	return cmdutil.ReadsOnly(c)
}

// docTree is the whole command tree as the reference shows it: built
// for an App of its own, so that no flag given to this command line shows
// as a default.
func docTree(app *cmdutil.App) *cobra.Command {
	root := NewRootCommand(&cmdutil.App{Getenv: func(string) string { return "" }, Engines: app.Engines})
	root.InitDefaultHelpCmd()
	initCompletionCmd(root)
	return root
}

// GenerateMarkdown writes the Markdown reference of every command to dir.
func GenerateMarkdown(app *cmdutil.App, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--markdown %s: %w", dir, err)
	}
	return clidoc.MarkdownTree(docTree(app), dir)
}

// GenerateMan writes a man page per command to dir.
func GenerateMan(app *cmdutil.App, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--man %s: %w", dir, err)
	}
	return clidoc.ManTree(docTree(app), clidoc.ManHeader{Title: "WARLOG", Section: "1", Source: "warlog " + Version, Manual: "warlog manual"}, dir)
}
