package clidoc

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// ManHeader is what the .TH line of every page says. There is no date:
// the same source gives the same pages.
type ManHeader struct {
	Title   string // WARLOG; the command's path in capitals if empty
	Section string // 1 if empty
	Source  string // warlog 1.2.3
	Manual  string // warlog manual
}

// ManTree writes one man page per command of root's tree to dir (which
// must exist), named by the command's path and the section
// (warlog-campaign-new.1).
func ManTree(root *cobra.Command, h ManHeader, dir string) error {
	if h.Section == "" {
		h.Section = "1"
	}
	return writeTree(root, dir,
		func(c *cobra.Command) string { return baseName(c, "-") + "." + h.Section },
		func(c *cobra.Command) []byte { return man(c, h) })
}

// man is the roff page of one command.
func man(cmd *cobra.Command, h ManHeader) []byte {
	var b bytes.Buffer
	title := h.Title
	if title == "" {
		title = strings.ToUpper(baseName(cmd, "-"))
	}
	fmt.Fprintf(&b, ".TH %s %s \"\" %s %s\n", roffArg(title), roffArg(h.Section), roffArg(h.Source), roffArg(h.Manual))
	// No hyphenation: a command's name broken over two lines is not one
	// to type. (.TH sets it, so this comes after.)
	b.WriteString(".nh\n")

	fmt.Fprintf(&b, ".SH NAME\n%s \\- %s\n", roffCode(baseName(cmd, "-")), roffText(cmd.Short))

	b.WriteString(".SH SYNOPSIS\n")
	path := roffCode(cmd.CommandPath())
	if cmd.Runnable() {
		use, _ := strings.CutPrefix(cmd.UseLine(), cmd.CommandPath())
		fmt.Fprintf(&b, "\\fB%s\\fR%s\n", path, roffCode(use))
	}
	if cmd.HasAvailableSubCommands() {
		if cmd.Runnable() {
			b.WriteString(".br\n")
		}
		fmt.Fprintf(&b, "\\fB%s\\fR [command]\n", path)
	}

	b.WriteString(".SH DESCRIPTION\n")
	description := cmd.Long
	if description == "" {
		description = cmd.Short
	}
	writeParagraphs(&b, description)

	writeFlags(&b, "OPTIONS", cmd.NonInheritedFlags())
	writeFlags(&b, "OPTIONS INHERITED FROM PARENT COMMANDS", cmd.InheritedFlags())

	if cmd.Example != "" {
		b.WriteString(".SH EXAMPLE\n.RS\n.nf\n")
		for _, line := range strings.Split(cmd.Example, "\n") {
			b.WriteString(roffCode(line) + "\n")
		}
		b.WriteString(".fi\n.RE\n")
	}

	if see := seeAlso(cmd); len(see) > 0 {
		refs := make([]string, len(see))
		for i, c := range see {
			refs[i] = fmt.Sprintf("\\fB%s(%s)\\fP", roffCode(baseName(c, "-")), h.Section)
		}
		fmt.Fprintf(&b, ".SH SEE ALSO\n%s\n", strings.Join(refs, ", "))
	}
	return b.Bytes()
}

// writeParagraphs writes text whose paragraphs are separated by blank
// lines. A paragraph with an indented line is a table or a list laid out
// by hand and keeps its lines; the others are filled.
func writeParagraphs(b *bytes.Buffer, text string) {
	var para []string
	first := true
	flush := func() {
		if len(para) == 0 {
			return
		}
		if !first {
			b.WriteString(".PP\n")
		}
		first = false
		laidOut := slices.ContainsFunc(para, func(l string) bool { return l[0] == ' ' || l[0] == '\t' })
		if laidOut {
			b.WriteString(".nf\n")
		}
		for _, l := range para {
			b.WriteString(roffText(l) + "\n")
		}
		if laidOut {
			b.WriteString(".fi\n")
		}
		para = para[:0]
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		para = append(para, strings.TrimRight(line, " \t"))
	}
	flush()
}

// writeFlags writes a section of the flags --help shows, each as a tagged
// paragraph: its names, its value's placeholder, its usage and its default.
func writeFlags(b *bytes.Buffer, title string, flags *pflag.FlagSet) {
	if !flags.HasAvailableFlags() {
		return
	}
	fmt.Fprintf(b, ".SH %s\n", title)
	flags.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		b.WriteString(".TP\n")
		if f.Shorthand != "" && f.ShorthandDeprecated == "" {
			fmt.Fprintf(b, "\\fB%s\\fR, ", roffCode("-"+f.Shorthand))
		}
		fmt.Fprintf(b, "\\fB%s\\fR", roffCode("--"+f.Name))
		value, usage := pflag.UnquoteUsage(f)
		switch {
		case value == "":
		case f.NoOptDefVal != "":
			fmt.Fprintf(b, "[=\\fI%s\\fR]", roffCode(value))
		default:
			fmt.Fprintf(b, " \\fI%s\\fR", roffCode(value))
		}
		b.WriteString("\n")
		if !zeroDefault(f) {
			if f.Value.Type() == "string" {
				usage += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				usage += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		for _, line := range strings.Split(usage, "\n") {
			b.WriteString(roffText(strings.TrimSpace(line)) + "\n")
		}
	})
}

// zeroDefault tells whether the flag's default is its type's zero value,
// which --help does not show.
func zeroDefault(f *pflag.Flag) bool {
	switch f.DefValue {
	case "", "false", "0", "0s", "[]", "<nil>":
		return true
	}
	return false
}

// roffText escapes prose for roff: a backslash prints as itself, a line
// starting with a control character (a dot or an apostrophe) is text, characters
// beyond ASCII are named (groff reads bytes as Latin-1 unless told), and a
// hyphen that starts a word (--seed, -1) is a minus sign, so that an option
// copied from the page can be typed.
func roffText(s string) string { return roff(s, false) }

// roffCode escapes what is typed (command names, options, examples): as
// roffText, with every hyphen a minus sign.
func roffCode(s string) string { return roff(s, true) }

func roff(s string, code bool) string {
	var b strings.Builder
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		b.WriteString(`\&`)
	}
	prev := ' '
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\e`)
		case r == '-' && (code || !unicode.IsLetter(prev) && !unicode.IsDigit(prev)):
			b.WriteString(`\-`)
		case r > unicode.MaxASCII:
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

// roffArg is s as a quoted macro argument.
func roffArg(s string) string {
	return `"` + strings.ReplaceAll(roffText(s), `"`, `\(dq`) + `"`
}
