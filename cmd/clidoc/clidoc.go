// Package clidoc writes the reference of a cobra command tree: one
// Markdown file or one man page per command.
//
// It replaces github.com/spf13/cobra/doc, which links a Markdown-to-roff
// converter, its Markdown parser and a YAML library: their package
// initialisation cost every warlog process about half a millisecond at
// start, for a command almost nobody runs. The Markdown written here is
// byte for byte what cobra/doc's GenMarkdownTree writes without its
// generator line (the committed docs/cli is the proof); the man pages are
// roff written directly. Neither carries a date, so the same source gives
// the same files.
package clidoc

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

// walk calls page for cmd and every command under it that gets a page of
// its own.
func walk(cmd *cobra.Command, page func(*cobra.Command) error) error {
	// A command that never ran has no --help flag yet; its page lists one.
	cmd.InitDefaultHelpFlag()
	if err := page(cmd); err != nil {
		return err
	}
	for _, c := range children(cmd) {
		if err := walk(c, page); err != nil {
			return err
		}
	}
	return nil
}

// children are the subcommands that get a page, by name: not hidden, not
// deprecated, not the help command, and not help topics (commands that
// neither run nor have subcommands).
func children(cmd *cobra.Command) []*cobra.Command {
	var cs []*cobra.Command
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() && !c.IsAdditionalHelpTopicCommand() {
			cs = append(cs, c)
		}
	}
	slices.SortFunc(cs, func(a, b *cobra.Command) int { return strings.Compare(a.Name(), b.Name()) })
	return cs
}

// seeAlso are the pages a page links to: its parent's, then its children's.
func seeAlso(cmd *cobra.Command) []*cobra.Command {
	var see []*cobra.Command
	if cmd.HasParent() {
		see = append(see, cmd.Parent())
	}
	return append(see, children(cmd)...)
}

// baseName is the command's path with sep between the words:
// warlog_campaign_new for Markdown, warlog-campaign-new for man.
func baseName(cmd *cobra.Command, sep string) string {
	return strings.ReplaceAll(cmd.CommandPath(), " ", sep)
}

// writeTree writes a file per command of the tree to dir, named by name
// with the content of page.
func writeTree(root *cobra.Command, dir string, name func(*cobra.Command) string, page func(*cobra.Command) []byte) error {
	return walk(root, func(c *cobra.Command) error {
		return os.WriteFile(filepath.Join(dir, name(c)), page(c), 0o644)
	})
}
