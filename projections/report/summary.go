package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// SummaryLimit is the most characters a summary takes: a forum post.
const SummaryLimit = 2000

// Summary writes a scenario's report as a short Markdown post of at most
// SummaryLimit characters: the headline, the result and score, the turning
// point, the decisive blow, the figure of the battle, a line per side, the
// luck in a line and the command that checks the log. A chronicle is
// summarized by its latest scenario.
func Summary(w io.Writer, r *Report) error {
	sc := &r.Scenarios[len(r.Scenarios)-1]
	st := sc.Story
	var b bytes.Buffer
	fmt.Fprintf(&b, "**%s** (%s)\n\n", md(st.Headline), md(r.GameTitle))
	if sc.Result != "" {
		fmt.Fprintf(&b, "%s %s\n\n", md(sentence(sc.Result)), md(clip(sentence(sc.Why), 200)))
	}
	if st.TurningPoint != "" {
		fmt.Fprintf(&b, "- *Turning point:* %s\n", md(clip(st.TurningPoint, 300)))
	}
	if st.DecisiveBlow != "" {
		fmt.Fprintf(&b, "- *Decisive blow:* %s\n", md(clip(st.DecisiveBlow, 300)))
	}
	if st.Standout != nil {
		fmt.Fprintf(&b, "- *Figure of the battle:* %s\n", md(standoutText(st.Standout)))
	}
	for _, s := range sc.Sides {
		fmt.Fprintf(&b, "- %s\n", md(clip(sideLine(sc, s), 160)))
	}
	var luck []string
	for _, l := range sc.Luck {
		if l.Outcome.Rolls > 0 {
			luck = append(luck, fmt.Sprintf("%s %d of %d succeeded, %.1f expected (%s)", l.Player, l.Outcome.Successes, l.Outcome.Rolls, l.Outcome.Expected, l.Outcome.Verdict))
		}
	}
	switch {
	case len(luck) > 0:
		fmt.Fprintf(&b, "- *Luck* (judged rolls): %s\n", md(clip(strings.Join(luck, "; "), 300)))
	case len(sc.Luck) > 0:
		fmt.Fprintf(&b, "- *Luck:* no roll was judged; %s\n", md(clip(sc.Luck[0].Sentence(), 200)))
	default:
		b.WriteString("- *Luck:* no dice were rolled.\n")
	}
	if r.Check != "" {
		fmt.Fprintf(&b, "\nCheck it: %s\n", codeSpan(r.Check))
	}
	out := b.String()
	if utf8.RuneCountInString(out) > SummaryLimit {
		out = string([]rune(out)[:SummaryLimit-2]) + "…\n"
	}
	_, err := io.WriteString(w, out)
	return err
}

// sideLine is a side in a line: its player, score, and figures lost.
func sideLine(sc *ScenarioReport, s SideReport) string {
	var b strings.Builder
	b.WriteString(s.Name)
	if s.Player != "" && s.Player != s.Name {
		b.WriteString(" (" + s.Player + ")")
	}
	if s.Won {
		b.WriteString(", won")
	}
	if s.Score != nil {
		fmt.Fprintf(&b, ": %d %s", *s.Score, s.Scored)
	}
	lost := 0
	for _, n := range s.RemovedPerTurn {
		lost += n
	}
	fmt.Fprintf(&b, "; lost %s of %d", count(lost, "figure", "figures"), len(s.Forces))
	return b.String()
}

// clip shortens s to at most n characters, ending it with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n-1])) + "…"
}
