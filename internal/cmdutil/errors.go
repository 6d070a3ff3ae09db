package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"warlog/engines/dice"
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

// ErrInterrupted: the user left a prompt (Esc, Ctrl-C); exit 130.
var ErrInterrupted = errors.New("interrupted")

// ExitCode maps an error to the process's exit status in one place.
func ExitCode(err error) int {
	var ue *UsageError
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, ErrInterrupted), errors.Is(err, context.Canceled):
		return ExitInterrupted
	case errors.As(err, &ue), isCobraUsage(err):
		return ExitUsage
	}
	return ExitRefused
}

// isCobraUsage recognises the errors cobra itself returns for a bad command
// line, which carry no type of their own.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "required flag", "flag needs an argument", "invalid argument", "accepts ", "requires at least", "requires at most", "received"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// ExactArgs is cobra.ExactArgs with a usage error that names the arguments.
func ExactArgs(n int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return &UsageError{Err: fmt.Errorf("%s needs %s; %d argument(s) given", c.CommandPath(), names, len(args)), Hint: c.CommandPath() + " --help"}
		}
		return nil
	}
}

// RangeArgs accepts between min and max arguments.
func RangeArgs(min, max int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < min || len(args) > max {
			return &UsageError{Err: fmt.Errorf("%s takes %s; %d argument(s) given", c.CommandPath(), names, len(args)), Hint: c.CommandPath() + " --help"}
		}
		return nil
	}
}

// MinArgs accepts min or more arguments.
func MinArgs(min int, names string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < min {
			return &UsageError{Err: fmt.Errorf("%s needs %s; %d argument(s) given", c.CommandPath(), names, len(args)), Hint: c.CommandPath() + " --help"}
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
