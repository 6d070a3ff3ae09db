package cmdutil

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Nearest are the candidates a mistyped word most likely meant, as cobra
// suggests commands: those at most two edits from it (one for a word of
// three letters or less), or that begin with it, case aside; in the
// candidates' order.
func Nearest(word string, candidates []string) []string {
	w := strings.ToLower(word)
	edits := min(2, len([]rune(w))/2)
	var out []string
	for _, c := range candidates {
		l := strings.ToLower(c)
		if l == w {
			continue
		}
		if distance(w, l) <= edits || len(w) > 1 && strings.HasPrefix(l, w) {
			out = append(out, c)
		}
	}
	return out
}

// distance is the Levenshtein distance between a and b, in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// DidYouMean is ", did you mean A or B?" for the nearest candidates
// (Nearest), each written by write; "" when none is near.
func DidYouMean(word string, candidates []string, write func(string) string) string {
	near := Nearest(word, candidates)
	if len(near) == 0 {
		return ""
	}
	for i, n := range near {
		near[i] = write(n)
	}
	return "; did you mean " + strings.Join(near, " or ") + "?"
}

// FlagError is a flag error of c's command line with, for a flag c does
// not have, the flags it has that the name most likely meant:
// "unknown flag: --jsno; did you mean --json?".
func FlagError(c *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) || ne.GetSpecifiedShortnames() != "" {
		return err
	}
	var names []string
	seen := map[string]bool{}
	add := func(f *pflag.Flag) {
		if !f.Hidden && !seen[f.Name] {
			seen[f.Name] = true
			names = append(names, f.Name)
		}
	}
	c.Flags().VisitAll(add)
	c.InheritedFlags().VisitAll(add)
	hint := DidYouMean(ne.GetSpecifiedName(), names, func(n string) string { return "--" + n })
	if hint == "" {
		return err
	}
	return fmt.Errorf("%w%s", err, hint)
}
