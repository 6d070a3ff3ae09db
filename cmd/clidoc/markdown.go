package clidoc

import (
	"bytes"
	"fmt"

	"github.com/spf13/cobra"
)

// MarkdownTree writes one Markdown file per command of root's tree to dir
// (which must exist), named by the command's path (warlog_campaign_new.md)
// and linked to its parent's and children's.
func MarkdownTree(root *cobra.Command, dir string) error {
	return writeTree(root, dir, markdownName, markdown)
}

func markdownName(cmd *cobra.Command) string { return baseName(cmd, "_") + ".md" }

// markdown is the page of one command.
func markdown(cmd *cobra.Command) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "## %s\n\n%s\n\n", cmd.CommandPath(), cmd.Short)
	if cmd.Long != "" {
		fmt.Fprintf(&b, "### Synopsis\n\n%s\n\n", cmd.Long)
	}
	if cmd.Runnable() {
		fmt.Fprintf(&b, "```\n%s\n```\n\n", cmd.UseLine())
	}
	if cmd.Example != "" {
		fmt.Fprintf(&b, "### Examples\n\n```\n%s\n```\n\n", cmd.Example)
	}
	if flags := cmd.NonInheritedFlags(); flags.HasAvailableFlags() {
		fmt.Fprintf(&b, "### Options\n\n```\n%s```\n\n", flags.FlagUsages())
	}
	if flags := cmd.InheritedFlags(); flags.HasAvailableFlags() {
		fmt.Fprintf(&b, "### Options inherited from parent commands\n\n```\n%s```\n\n", flags.FlagUsages())
	}
	if see := seeAlso(cmd); len(see) > 0 {
		b.WriteString("### SEE ALSO\n\n")
		for _, c := range see {
			fmt.Fprintf(&b, "* [%s](%s)\t - %s\n", c.CommandPath(), markdownName(c), c.Short)
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}
