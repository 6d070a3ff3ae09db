package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"warlog/campaigns"
	"warlog/engines"
	"warlog/engines/dice"
	"warlog/events"
	"warlog/internal/words"
	"warlog/projections/report"
)

// Exit codes, documented in the root command's help.
const (
	ExitOK          = 0
	ExitRefused     = 1
	ExitUsage       = 2
	ExitInterrupted = 130
)

// UsageError is a command line that cannot be understood: exit 2.
type UsageError struct {
	Err  error
	Hint string // a command to try, e.g. "warlog roll --help"
}

func (e *UsageError) Error() string {
	if e.Hint == "" {
		return e.Err.Error()
	}
	return fmt.Sprintf("%v (try: %s)", e.Err, e.Hint)
}

func (e *UsageError) Unwrap() error { return e.Err }

// Commands writes verbs as commands to type, joined with "or".
func (a *App) Commands(verbs []string) string {
	out := make([]string, len(verbs))
	for i, v := range verbs {
		if a.Usage != nil {
			out[i] = "`" + a.Usage(v) + "`"
		} else {
			out[i] = "`warlog " + v + "`"
		}
	}
	return strings.Join(out, " or ")
}

// Explain is an error's message for people: a refusal's rule in its words,
// followed by the commands that would be allowed, in the command line's
// syntax, and after an error of the layers below the command line, which
// say what went wrong and never name a command, the command that helps
// (hints).
func (a *App) Explain(err error) string {
	msg := a.explain(err)
	for _, h := range hints {
		if inner, advice, ok := h(err); ok {
			msg = FollowWith(msg, inner, advice)
		}
	}
	return msg
}

// FollowWith puts advice right after inner, an error's own words within
// msg (the first time they stand there), whatever wraps them; msg is
// returned as it is when they do not stand in it.
func FollowWith(msg, inner, advice string) string {
	i := strings.Index(msg, inner)
	if i < 0 {
		return msg
	}
	i += len(inner)
	return msg[:i] + "; " + advice + msg[i:]
}

// hints are the commands suggested after errors of the layers below the
// command line: each finds its error in err's chain and gives the error's
// own words and the advice that follows them.
var hints = []func(err error) (inner, advice string, ok bool){
	hintAs(func(e *campaigns.NameError) string {
		switch {
		case errors.Is(e.Err, campaigns.ErrNoCampaign):
			return "`warlog campaign list` shows the campaigns"
		case errors.Is(e.Err, campaigns.ErrExists):
			return "choose another name or `warlog use " + Quote(e.Name) + "`"
		}
		return ""
	}),
	hintAs(func(*campaigns.NoActionError) string { return "`warlog log` lists the ids" }),
	hintAs(func(*campaigns.AmendmentError) string { return "`warlog log` shows the action it corrected under it" }),
	hintAs(func(e *campaigns.MovedError) string {
		return "`warlog log` shows what is newest now; run `warlog " + e.Verb + "` again if it is still what you mean"
	}),
	hintAs(func(*campaigns.LogFaultError) string {
		return "it was written without the rules (by hand, or by a program that does not keep them): `warlog verify` names every such action, and the organiser's `warlog campaign void VERSION --why TEXT` takes one out of effect"
	}),
	hintAs(func(*campaigns.VoidError) string { return "`warlog verify` names the rows that do not follow" }),
	hintAs(func(e *campaigns.TableDiceError) string {
		return "type them with --dice, e.g. --dice " + exampleFaces(e.Needs) + ", or let warlog roll with `warlog campaign dice program`"
	}),
	hintAs(func(e *events.ExportError) string {
		if e.NotAnExport {
			return "export a campaign with `warlog campaign export NAME`"
		}
		return ""
	}),
	sentinelHint(events.ErrUncertain, "`warlog log` shows whether it is, and running the command again with the same --action-id is safe"),
	sentinelHint(events.ErrUncertainSent, "`warlog log` shows whether it is, and running the command again with the same --action-id is safe"),
	sentinelHint(events.ErrDamaged, "run `warlog verify` and restore a copy if it fails"),
	sentinelHint(events.ErrNotAsWritten, "run `warlog verify`"),
	sentinelHint(report.ErrNoScenario, "start one with `warlog scenario start NAME`"),
}

// exampleFaces are faces to show in an example --dice for needs, each in
// its die's range.
func exampleFaces(needs []dice.Need) string {
	some := []int{4, 2, 5, 3, 6, 1}
	faces := make([]string, len(needs))
	for i, n := range needs {
		faces[i] = fmt.Sprint(min(some[i%len(some)], n.Sides))
	}
	return strings.Join(faces, ",")
}

// hintAs follows an error of type E with the advice for it ("" for none).
func hintAs[E error](advice func(E) string) func(error) (string, string, bool) {
	return func(err error) (string, string, bool) {
		var e E
		if !errors.As(err, &e) {
			return "", "", false
		}
		a := advice(e)
		return e.Error(), a, a != ""
	}
}

// sentinelHint follows the error sentinel with advice.
func sentinelHint(sentinel error, advice string) func(error) (string, string, bool) {
	return func(err error) (string, string, bool) {
		return sentinel.Error(), advice, errors.Is(err, sentinel)
	}
}

// explain is Explain before the hints.
func (a *App) explain(err error) string {
	var wg *campaigns.WrongGameError
	if errors.As(err, &wg) && a.GameCommand != nil {
		return fmt.Sprintf("campaign %q plays %s; `warlog %s` is for %s: use `warlog %s`",
			wg.Campaign, wg.Plays.Title, a.GameCommand(wg.Asked.Name), wg.Asked.Title, a.GameCommand(wg.Plays.Name))
	}
	var oe *engines.OptionError
	if errors.As(err, &oe) {
		return fmt.Sprintf("%s takes %s when a scenario starts, not %s (Scenario)", oe.Game, flagList(oe.Takes, "only a NAME"), flagList(oe.Given, ""))
	}
	var re *engines.RuleError
	if !errors.As(err, &re) || len(re.Try) == 0 {
		return err.Error()
	}
	msg := err.Error()
	inner := re.Error()
	line := re.Msg + ": " + a.Commands(re.Try)
	if re.Rule != "" {
		line += " (" + re.Rule + ")"
	}
	// Keep whatever the refusal was wrapped in.
	return strings.Replace(msg, inner, line, 1)
}

// flagList writes options as flags: "--size N and --mother PLAYER=X,Y".
func flagList(opts []engines.Option, none string) string {
	if len(opts) == 0 {
		return none
	}
	out := make([]string, len(opts))
	for i, o := range opts {
		out[i] = "--" + o.Name + " " + o.Value
	}
	if len(out) == 1 {
		return out[0]
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// ErrInterrupted: the user left a prompt (Esc, Ctrl-C); exit 130.
var ErrInterrupted = errors.New("interrupted")

// ErrLeft: the user left a command that has already said so itself
// ("Left the game; everything so far is saved."): exit 130, as
// ErrInterrupted, with nothing more on stderr, as a shell's Ctrl-C.
var ErrLeft = fmt.Errorf("left: %w", ErrInterrupted)

// ExitCode maps an error to the process's exit status in one place, by
// the error's type alone: a UsageError (the command line itself, cobra's
// own complaints included, which the root wraps where they arise) exits 2,
// an interruption 130, anything else is a refusal. No message text is
// read, so a refusal that quotes a name like "received" stays a refusal.
func ExitCode(err error) int {
	var ue *UsageError
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, ErrInterrupted), errors.Is(err, context.Canceled):
		return ExitInterrupted
	case errors.As(err, &ue):
		return ExitUsage
	}
	return ExitRefused
}

// ExactArgs is cobra.ExactArgs with a usage error that names the arguments.
func ExactArgs(n int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return &UsageError{Err: fmt.Errorf("%s needs %s; %s given", c.CommandPath(), names, words.Count(len(args), "argument", "arguments")), Hint: c.CommandPath() + " --help"}
		}
		return nil
	}
}

// RangeArgs accepts between min and max arguments.
func RangeArgs(min, max int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < min || len(args) > max {
			return &UsageError{Err: fmt.Errorf("%s takes %s; %s given", c.CommandPath(), names, words.Count(len(args), "argument", "arguments")), Hint: c.CommandPath() + " --help"}
		}
		return nil
	}
}

// MinArgs accepts min or more arguments.
func MinArgs(min int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < min {
			return &UsageError{Err: fmt.Errorf("%s needs %s; %s given", c.CommandPath(), names, words.Count(len(args), "argument", "arguments")), Hint: c.CommandPath() + " --help"}
		}
		return nil
	}
}

// NoArgs refuses positional arguments.
func NoArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return &UsageError{Err: fmt.Errorf("%s takes no arguments; %q given", c.CommandPath(), strings.Join(args, " ")), Hint: c.CommandPath() + " --help"}
	}
	return nil
}

func parseHand(s string) ([]int, error) {
	d, err := dice.ParseHand(s)
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	return d, nil
}
