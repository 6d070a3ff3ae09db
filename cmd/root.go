// Package cmd is warlog's command line: cobra commands that parse flags, call
// the campaigns service and render its answers as tables, JSON or prompts.
// It holds no rules.
package cmd

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"warlog/cmd/cmdutil"
	"warlog/engines"
	"warlog/internal/termsafe"
)

// Version is the program's version, shown by --version.
const Version = "0.1.0"

// Main runs warlog with the process's arguments and streams and returns the
// exit status; only main calls os.Exit.
func Main() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	app := &cmdutil.App{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, Getenv: os.Getenv, LookupEnv: os.LookupEnv, Engines: Engines()}
	return Run(ctx, app, os.Args[1:])
}

// Run executes one command line against app and returns the exit status.
// Tests call it with their own streams and a temporary database.
func Run(ctx context.Context, app *cmdutil.App, args []string) int {
	// Whatever the log holds, nothing printed drives the terminal: control
	// characters in names come out as visible escapes.
	rawOut, rawErr := app.Out, app.Err
	out, errw := termsafe.NewWriter(rawOut), termsafe.NewWriter(rawErr)
	app.Out, app.Err = out, errw
	defer func() {
		out.Flush()
		errw.Flush()
		app.Out, app.Err = rawOut, rawErr
	}()
	root := newRoot(app, namedSubcommand(args))
	if app.GameCommand == nil {
		app.GameCommand = gameCommand
	}
	if app.Usage == nil {
		var full *cobra.Command
		app.Usage = func(verb string) string {
			if full == nil { // only a refusal or a status names another command
				full = newRoot(app, "")
			}
			return usageOf(full, verb)
		}
	}
	root.SetArgs(args)
	root.SetIn(app.In)
	root.SetOut(app.Out)
	root.SetErr(app.Err)
	found, err := typeUsageErrors(root, args)
	if err == nil {
		// A command that only reads opens the database read-only; so
		// does shell completion, which must never create a database.
		app.ReadOnly = found == nil || cmdutil.IsReadOnly(found)
		app.NoNewDatabase = found != nil && !cmdutil.MayCreateDatabase(found)
		err = root.ExecuteContext(ctx)
	}
	if err != nil {
		app.Failed()
	}
	if cerr := app.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil && !errors.Is(err, cmdutil.ErrLeft) {
		fmt.Fprintf(app.Err, "warlog: %s\n", oneLine(app.Explain(err)))
	}
	return cmdutil.ExitCode(err)
}

// typeUsageErrors makes every complaint cobra raises itself about a
// command line a cmdutil.UsageError where it arises, so that ExitCode
// classifies errors by type and never by their words: flag errors go
// through the root's flag error function; each command's argument
// validator (cobra's own too: completion's, help's) is wrapped; required
// flags and flag groups are checked before cobra would, by cobra's own
// checks; and an unknown command, which cobra reports while finding the
// command, is found here first. It returns the command args name (nil for
// shell completion's own request) or that unknown command's error.
func typeUsageErrors(root *cobra.Command, args []string) (*cobra.Command, error) {
	// The commands cobra adds itself, added now so that they are wrapped
	// too (ExecuteC adds each only when missing).
	root.InitDefaultHelpCmd()
	refuseUnknownHelpTopics(root)
	initCompletionCmd(root, args...)
	var wrap func(c *cobra.Command)
	wrap = func(c *cobra.Command) {
		if v := c.Args; v != nil {
			c.Args = func(c *cobra.Command, args []string) error { return asUsage(c, v(c, args)) }
		}
		if hasRequiredFlags(c) {
			preE, pre := c.PreRunE, c.PreRun
			c.PreRunE = func(c *cobra.Command, args []string) error {
				if err := c.ValidateRequiredFlags(); err != nil {
					return asUsage(c, err)
				}
				if err := c.ValidateFlagGroups(); err != nil {
					return asUsage(c, err)
				}
				if preE != nil {
					return preE(c, args)
				}
				if pre != nil {
					pre(c, args)
				}
				return nil
			}
		}
		for _, sub := range c.Commands() {
			wrap(sub)
		}
	}
	wrap(root)
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		return nil, nil // shell completion answers for itself
	}
	found, rest, err := root.Find(args)
	if err != nil || (found.HasAvailableSubCommands() && !found.Runnable()) {
		// A group (warlog ko, warlog campaign) given a name it does not
		// know is as mistyped as an unknown top-level command.
		if words := positionals(found, rest); len(words) > 0 {
			return nil, unknownCommand(found, words[0])
		}
	}
	if err != nil {
		return nil, &cmdutil.UsageError{Err: err, Hint: "warlog --help"}
	}
	return found, nil
}

// unknownCommand is the usage error for a word that names none of c's
// sub-commands, with the names it is closest to.
func unknownCommand(c *cobra.Command, word string) error {
	msg := fmt.Sprintf("unknown command %q for %q", word, c.CommandPath())
	if c.SuggestionsMinimumDistance <= 0 {
		c.SuggestionsMinimumDistance = 2 // cobra's default, set only on the root
	}
	if near := c.SuggestionsFor(word); len(near) > 0 {
		msg += "; did you mean " + strings.Join(near, " or ") + "?"
	}
	return &cmdutil.UsageError{Err: errors.New(msg), Hint: c.CommandPath() + " --help"}
}

// positionals are the words of args that are neither flags nor a flag's
// value, as c's flags (its own and inherited) read them.
func positionals(c *cobra.Command, args []string) []string {
	c.InheritedFlags() // merges the parents' persistent flags into c.Flags()
	flags := c.Flags()
	takesValue := func(f *pflag.Flag) bool { return f != nil && f.NoOptDefVal == "" }
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(out, args[i+1:]...)
		case strings.HasPrefix(a, "--") && !strings.Contains(a, "="):
			if takesValue(flags.Lookup(a[2:])) {
				i++
			}
		case strings.HasPrefix(a, "-") && len(a) == 2:
			if takesValue(flags.ShorthandLookup(a[1:])) {
				i++
			}
		case a != "" && !strings.HasPrefix(a, "-"):
			out = append(out, a)
		}
	}
	return out
}

// asUsage wraps an error of the command line as a usage error that points
// to the command's help; nil stays nil and a usage error stays as it is.
func asUsage(c *cobra.Command, err error) error {
	var ue *cmdutil.UsageError
	if err == nil || errors.As(err, &ue) {
		return err
	}
	return &cmdutil.UsageError{Err: err, Hint: c.CommandPath() + " --help"}
}

// hasRequiredFlags says whether any of c's flags is marked required or
// belongs to a flag group, which cobra checks after PreRun.
func hasRequiredFlags(c *cobra.Command) bool {
	found := false
	c.Flags().VisitAll(func(f *pflag.Flag) {
		for k := range f.Annotations {
			if k == cobra.BashCompOneRequiredFlag || strings.HasPrefix(k, "cobra_annotation_") {
				found = true
			}
		}
	})
	return found
}

// oneLine keeps an error to the one line the CLI contract promises.
// oneLine makes an error one line of at most maxErrorLine characters: a
// refusal that echoes a huge argument stays readable.
func oneLine(s string) string {
	return engines.ClipTo(strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " "), maxErrorLine)
}

const maxErrorLine = 1000

// rootLong is warlog --help's text; its Games paragraph lists the registry.
func rootLong() string {
	return `warlog tracks campaigns of tabletop skirmish games. Every die and every
action goes to an append-only, hash-chained log in an SQLite file (or on a
PostgreSQL server: --db postgres://USER@HOST/DB); every
screen, roster and report is computed by replaying that log through the
rules of the campaign's game, which refuse illegal actions by name.

` + cmdutil.WrapTo(78, "Games: "+gamesAndCommands()+".", "") + `

Dice: the program rolls from the campaign's seed unless --dice gives the
faces you rolled at the table, in the order the rules ask for them.
Undo never deletes: it appends an undo, and the same dice come back.

Exit status:
  0    done
  1    refused: a rule, an unknown name, a wrong die; nothing was written
  2    the command line could not be understood
  130  interrupted (Ctrl-C or Esc at a prompt); nothing half-written`
}

// NewRootCommand builds the whole command tree for app.
func NewRootCommand(app *cmdutil.App) *cobra.Command { return newRoot(app, "") }

// subcommands are warlog's top-level commands in help order, by name.
// A command line that names one builds only that branch: the whole tree
// (every game's commands and flags) takes about 0.4 ms to build, a tenth
// of a short command's whole run. TestSubcommandNames keeps the names true.
// (A function, not a variable: demo runs command lines through Run.)
func subcommands() []subcommand {
	return []subcommand{
		{"campaign", newCampaignCommand},
		{"use", newUseCommand},
		{"roll", newRollCommand},
		{"log", newLogCommand},
		{"undo", newUndoCommand},
		{"redo", newRedoCommand},
		{"amend", newAmendCommand},
		{"verify", newVerifyCommand},
		{"rebuild", newRebuildCommand},
		{"status", newStatusCommand},
		{"roster", newRosterCommand},
		{"scenario", newScenarioCommand},
		{"demo", newDemoCommand},
		{"report", newReportCommand},
		{"play", styled(newPlayCommand)},
		{"rules", newRulesCommand},
		{"version", newVersionCommand},
		{"generate", newGenerateCommand},
		{"serve", newServeCommand},
	}
}

// allSubcommands are the shared commands and then each game's.
func allSubcommands() []subcommand {
	out := subcommands()
	for _, g := range Games() {
		out = append(out, subcommand{g.Use, g.Command})
	}
	return out
}

// drawsStyled marks a command that draws styled output (colours chosen
// for the terminal's background): only such a command may ask the
// terminal for its background (play does, once, when it draws the full
// screen). Every other command writes nothing but its output.
const drawsStyled = "warlog/draws-styled"

// styled marks the command build builds as one that draws styled output.
func styled(build func(*cmdutil.App) *cobra.Command) func(*cmdutil.App) *cobra.Command {
	return func(app *cmdutil.App) *cobra.Command {
		c := build(app)
		if c.Annotations == nil {
			c.Annotations = map[string]string{}
		}
		c.Annotations[drawsStyled] = "true"
		return c
	}
}

type subcommand struct {
	name  string
	build func(*cmdutil.App) *cobra.Command
}

// newRoot builds the root command with the subcommand named only, or with
// every subcommand when only is "" (help, completion, suggestions for a
// mistyped name and the tests need the whole tree).
func newRoot(app *cmdutil.App, only string) *cobra.Command {
	root := &cobra.Command{
		Use:     "warlog",
		Short:   "A campaign tracker for tabletop skirmish games",
		Long:    rootLong(),
		Version: Version,
		Example: `  warlog demo
  warlog rules dw classes
  warlog campaign new "Autumn League" --game kingsown
  warlog roll 2d6 --for scatter
  warlog roll d6 --dice 4 --for "house rule"
  warlog log
  warlog undo
  warlog verify`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	// --version prints what `warlog version` does, with --json too (the
	// template only chooses between the two texts, fixed once the binary
	// is built).
	literal := func(s string) string { return strings.ReplaceAll(s, "{{", "{{`{{`}}") }
	b := buildInfo()
	root.SetVersionTemplate(`{{if eq (.Flags.Lookup "json").Value.String "true"}}` + literal(b.JSON()) + `{{else}}` + literal(b.String()) + `{{end}}`)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &cmdutil.UsageError{Err: cmdutil.FlagError(c, plainFlagValueError(err)), Hint: c.CommandPath() + " --help"}
	})
	pf := root.PersistentFlags()
	pf.Var(cmdutil.NonEmptyFlag{Value: &app.DBPath, Want: "give a file path, a postgres:// or an http(s):// address; leave --db out to use $WARLOG_DB or the default database"}, "db", "the SQLite file `PATH`, a postgres://USER@HOST/DB address, or a league server's http(s)://HOST:PORT (default $WARLOG_DB, else $XDG_DATA_HOME/warlog/warlog.db)")
	pf.Var(cmdutil.NonEmptyFlag{Value: &app.TokenFile, Want: "give the file holding your league token; leave --token-file out to send $WARLOG_TOKEN"}, "token-file", "the file `PATH` holding your token for a league server (default $WARLOG_TOKEN)")
	pf.VarP(cmdutil.NonEmptyFlag{Value: &app.Campaign, Want: "give a campaign's name; leave -c out to act on the one chosen with warlog use NAME"}, "campaign", "c", "the campaign `NAME` to act on (default: the one chosen with warlog use NAME)")
	pf.BoolVar(&app.JSON, "json", false, "machine-readable output: one JSON document on stdout")
	pf.Var(cmdutil.NonEmptyFlag{Value: &app.Dice, Want: "give the faces rolled at the table, e.g. --dice 4,2; leave --dice out for the program to roll"}, "dice", "hand-entered `FACES` for this action, e.g. 4,2, in the order the rules ask")
	pf.Var(cmdutil.NonEmptyFlag{Value: &app.ActionID, Want: "give an id for this action, e.g. --action-id bors-swing; leave --action-id out for a fresh one"}, "action-id", "an `ID` that makes this action idempotent: a retry with the same id is not recorded twice")
	pf.BoolVar(&app.NoPager, "no-pager", false, "print long output straight to the terminal, not through $PAGER")
	_ = root.RegisterFlagCompletionFunc("campaign", completeCampaigns(app))

	for _, sc := range allSubcommands() {
		if only != "" && sc.name != only {
			continue
		}
		if c := sc.build(app); c != nil {
			root.AddCommand(c)
		}
	}
	boundCompletions(root)
	boundInts(root)
	return root
}

// refuseUnknownHelpTopics makes `warlog help NOSUCH` a usage error like any
// unknown command (one line on stderr, exit 2), where cobra's help command
// prints the whole usage and exits 0.
func refuseUnknownHelpTopics(root *cobra.Command) {
	for _, h := range root.Commands() {
		if h.Name() != "help" || h.Run == nil {
			continue
		}
		show := h.Run
		h.Run = nil
		h.RunE = func(c *cobra.Command, args []string) error {
			if found, _, err := c.Root().Find(args); found == nil || err != nil {
				return &cmdutil.UsageError{Err: fmt.Errorf("no command %q to show the help of", strings.Join(args, " ")), Hint: "warlog --help"}
			}
			show(c, args)
			return nil
		}
	}
}

// completionExamples are the examples of cobra's completion command and
// of its one sub-command per shell.
var completionExamples = map[string]string{
	"completion": `  source <(warlog completion bash)
  warlog completion zsh > "${fpath[1]}/_warlog"`,
	"bash": `  source <(warlog completion bash)
  warlog completion bash > ~/.local/share/bash-completion/completions/warlog`,
	"zsh": `  warlog completion zsh > "${fpath[1]}/_warlog"
  source <(warlog completion zsh)`,
	"fish": `  warlog completion fish | source
  warlog completion fish > ~/.config/fish/completions/warlog.fish`,
	"powershell": `  warlog completion powershell | Out-String | Invoke-Expression`,
}

// initCompletionCmd adds cobra's completion command (as ExecuteC would)
// and gives it and its sub-commands their examples.
func initCompletionCmd(root *cobra.Command, args ...string) {
	root.InitDefaultCompletionCmd(args...)
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Example = completionExamples[c.Name()]
		for _, sub := range c.Commands() {
			sub.Example = completionExamples[sub.Name()]
		}
	}
}

// boundCompletions stops every command's shell completion of positional
// arguments once the command has all it takes: `ko attack Bors Gorm <Tab>`
// offers nothing rather than the figures again. How many a command takes
// is asked of its own argument validator, never kept in a second list. A
// command with no completion of its own offers nothing, where cobra would
// offer the directory's files (`warlog status <Tab>`).
func boundCompletions(c *cobra.Command) {
	if c.ValidArgsFunction == nil && len(c.ValidArgs) == 0 && c.Runnable() && !c.HasSubCommands() {
		// A name, a notation, a number: nothing to offer, and no file
		// names either (cmdutil.CompleteFiles where a file is taken).
		c.ValidArgsFunction = cobra.NoFileCompletions
	}
	if complete, takes := c.ValidArgsFunction, c.Args; complete != nil && takes != nil {
		c.ValidArgsFunction = func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if !takesAnother(c, takes, len(args)) {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return complete(c, args, toComplete)
		}
	}
	for _, sub := range c.Commands() {
		boundCompletions(sub)
	}
}

// boundInts keeps every whole-number flag of c and its subcommands within
// 32 bits: --hits 2147483648 is a usage error, not a figure with more Hits
// than any other program reading the log can count.
func boundInts(c *cobra.Command) {
	bound := func(f *pflag.Flag) {
		if f.Value.Type() == "int" {
			if _, ok := f.Value.(int32Value); !ok {
				f.Value = int32Value{f.Value}
			}
		}
	}
	c.Flags().VisitAll(bound)
	c.PersistentFlags().VisitAll(bound)
	for _, sub := range c.Commands() {
		boundInts(sub)
	}
}

// int32Value is an int flag's value that takes only 32-bit numbers.
type int32Value struct{ pflag.Value }

// Set implements pflag.Value.
func (v int32Value) Set(s string) error {
	if _, err := strconv.ParseInt(s, 0, 32); err != nil {
		return err
	}
	return v.Value.Set(s)
}

// takesAnother reports whether a command given n positional arguments may
// take one more: whether its validator accepts some count above n (the
// validators count; a few counts beyond cover every range they declare).
func takesAnother(c *cobra.Command, takes cobra.PositionalArgs, n int) bool {
	for k := n + 1; k <= n+8; k++ {
		if takes(c, make([]string, k)) == nil {
			return true
		}
	}
	return false
}

// plainFlagValueError says what a number or switch flag takes instead of
// passing on the parser's own words ("strconv.ParseInt: parsing ...").
func plainFlagValueError(err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err
	}
	var num *strconv.NumError
	if !errors.As(err, &num) {
		return err
	}
	want := "a whole number"
	switch t := bad.GetFlag().Value.Type(); {
	case t == "bool":
		want = "true or false"
	case strings.HasPrefix(t, "uint"):
		want = "a whole number of 0 or more"
	case strings.HasPrefix(t, "float"):
		want = "a number"
	}
	name := "--" + bad.GetFlag().Name
	if sh := bad.GetFlag().Shorthand; sh != "" {
		name = "-" + sh + "/" + name
	}
	if errors.Is(num.Err, strconv.ErrRange) {
		if t := bad.GetFlag().Value.Type(); t == "int" {
			if strings.HasPrefix(bad.GetValue(), "-") {
				return fmt.Errorf("%s %q is out of range: give a larger number (%d at least)", name, bad.GetValue(), math.MinInt32)
			}
			return fmt.Errorf("%s %q is out of range: give a smaller number (%d at most)", name, bad.GetValue(), math.MaxInt32)
		}
		return fmt.Errorf("%s %q is out of range: give a smaller number", name, bad.GetValue())
	}
	return fmt.Errorf("%s %q: give %s", name, bad.GetValue(), want)
}

// namedSubcommand is the top-level command args name, or "" when they name
// none plainly: a flag other than the root's own before it, help,
// completion or a name warlog does not know all get the whole tree.
func namedSubcommand(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return ""
		case a == "--db" || a == "--campaign" || a == "-c" || a == "--dice" || a == "--action-id":
			i++ // the flag's value
		case a == "--json" || a == "--no-pager" || strings.HasPrefix(a, "-c") ||
			strings.HasPrefix(a, "--db=") || strings.HasPrefix(a, "--campaign=") || strings.HasPrefix(a, "--json=") ||
			strings.HasPrefix(a, "--dice=") || strings.HasPrefix(a, "--action-id="):
		case strings.HasPrefix(a, "-"):
			return ""
		default:
			for _, sc := range allSubcommands() {
				if sc.name == a {
					return a
				}
			}
			return ""
		}
	}
	return ""
}

// completeCampaigns offers the campaign names for shell completion.
func completeCampaigns(app *cmdutil.App) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(c *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		svc, err := app.Service()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		list, _ := svc.List(c.Context())
		return list, cobra.ShellCompDirectiveNoFileComp
	}
}

// usageOf writes the command a verb names as it is typed, with the
// arguments its usage line gives: "warlog i28 recruit PLAYER NAME...".
func usageOf(root *cobra.Command, verb string) string {
	c, rest, err := root.Find(strings.Fields(verb))
	if err != nil || c == root || len(rest) > 0 {
		return "warlog " + verb
	}
	line := c.CommandPath()
	if _, args, ok := strings.Cut(c.Use, " "); ok {
		line += " " + args
	}
	return line
}

// gameTitle names a game for people.
func gameTitle(name string) string {
	if g, ok := findGame(name); ok {
		return g.Engine.Info().Title
	}
	return name
}
