package cmdutil

import "strings"

// Quote writes s as one word of a shell command, so that a command a
// message suggests works when pasted and nothing in a name runs: bare when
// it is plain ASCII (and does not begin with "-", which would read as a
// flag); in single quotes, or double quotes when it holds a single quote
// and nothing a shell expands inside double quotes; and, when it holds '<'
// or '>' (which no report shows raw), in ANSI-C quotes with those written
// \x3c and \x3e (bash, zsh, ksh and POSIX sh since 2024).
func Quote(s string) string {
	if plainWord(s) && s[0] != '-' {
		return s
	}
	switch {
	case strings.ContainsAny(s, "<>"):
		return "$'" + strings.NewReplacer(`\`, `\\`, "'", `\'`, "<", `\x3c`, ">", `\x3e`).Replace(s) + "'"
	case !strings.Contains(s, "'"):
		return "'" + s + "'"
	case !strings.ContainsAny(s, "\"$`!\\"):
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ShellJoin writes args as a command line to paste: each word as Quote
// writes it, a flag (--game, -c) left bare.
func ShellJoin(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.HasPrefix(a, "-") && plainWord(a) {
			out[i] = a
			continue
		}
		out[i] = Quote(a)
	}
	return strings.Join(out, " ")
}

// plainWord says whether s is a word no shell reads specially: letters,
// digits and ._,:/@%+=- only.
func plainWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._,:/@%+=-", r)) {
			return false
		}
	}
	return true
}
