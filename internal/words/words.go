// Package words writes the small grammar every message needs: a count
// with its noun ("1 figure", "3 figures"), the article ("a Wizard", "an
// Imhotep") and the possessive ("Ann's", "the hunters'"). Message
// templates use these instead of "%d figures", "a %s" or "%s's", which a
// test in cmd looks for in every string of the source.
package words

import (
	"fmt"
	"strings"
)

// Count writes n with the noun one (n is 1 or -1) or many.
func Count[N ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64](n N, one, many string) string {
	if s := fmt.Sprint(n); s == "1" || s == "-1" {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Does writes a name (any value, as %v writes it) as the subject of a
// verb, in the verb's form for it: a plural name (lower case, ending in s,
// as Possessive reads it: "the hunters") takes many, anything else
// ("nest", "Ann") one. Does("nest", "wins", "win") is "nest wins".
func Does(name any, one, many string) string {
	return fmt.Sprint(name) + " " + Verb(name, one, many)
}

// Verb is the form of a verb for a name as its subject (see Does), for a
// second verb of the same subject: "hunters win and choose".
func Verb(name any, one, many string) string {
	if plural(fmt.Sprint(name)) {
		return many
	}
	return one
}

// plural reports whether a name reads as a plural word: written in lower
// case and ending in s ("hunters", "orcs").
func plural(n string) bool {
	return strings.HasSuffix(n, "s") && n[:1] == strings.ToLower(n[:1])
}

// Times writes how often: "once", "twice", then "3 times" ("0 times").
func Times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return Count(n, "time", "times")
}

// A writes a word (any value, as %v writes it) after its indefinite
// article: "a Wizard", "an Imhotep", "an 8". The article follows the
// written letter; a word whose sound differs ("a unique", "an hour")
// takes the article written out in the template instead.
func A(word any) string {
	w := fmt.Sprint(word)
	if w == "" {
		return "a"
	}
	switch strings.ToLower(w[:1]) {
	case "a", "e", "i", "o", "u", "8":
		return "an " + w
	}
	if strings.HasPrefix(w, "11") || strings.HasPrefix(w, "18") {
		return "an " + w
	}
	return "a " + w
}

// Possessive writes a name (any value, as %v writes it) as its owner: a
// plural word, written in lower case and ending in s, takes an apostrophe
// ("the hunters'", "orcs'"); anything else, a person's name included, 's
// ("Ann's", "Cas's", "Bors's").
func Possessive(name any) string {
	n := fmt.Sprint(name)
	if plural(n) {
		return n + "'"
	}
	return n + "'s"
}
