package kingsown

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"warlog/engines"
)

// Weapon is one line of a card: a name, a Might and a Reach in inches.
type Weapon struct {
	Name  string `json:"name"`
	Might int    `json:"might"`
	Reach int    `json:"reach"`
	// Sweep: one attack strikes every figure the player names in the arc.
	Sweep bool `json:"sweep,omitempty"`
}

func (w Weapon) String() string {
	s := fmt.Sprintf("%s M%d R%d", w.Name, w.Might, w.Reach)
	if w.Sweep {
		s += " Sweep"
	}
	return s
}

// Card is what a figure is: its four numbers, weapons, keywords and spells.
// The numbers are final: armour has already set Res and Move where the card
// did not give them.
type Card struct {
	Name  string `json:"name"`
	Side  string `json:"side"`
	Skill int    `json:"skill"`
	Move  int    `json:"move"`
	Res   int    `json:"res"`
	Hits  int    `json:"hits"`
	// Armour is none, leather, chain or plate ("" when the card names none).
	Armour  string   `json:"armour,omitempty"`
	Shield  bool     `json:"shield,omitempty"`
	Weapons []Weapon `json:"weapons,omitempty"`

	Fearless   bool `json:"fearless,omitempty"`
	NoRear     bool `json:"no_rear,omitempty"`
	Frenzy     bool `json:"frenzy,omitempty"`
	SureFooted bool `json:"sure_footed,omitempty"`
	Ponderous  bool `json:"ponderous,omitempty"`
	Mob        bool `json:"mob,omitempty"`
	// Static: no Skill, never moves or attacks, cannot be suppressed, and
	// attacks against it hit automatically (the Nest).
	Static  bool `json:"static,omitempty"`
	Durable int  `json:"durable,omitempty"`
	Multi   int  `json:"multi,omitempty"`
	// NoSuppressBy n: "Cannot be suppressed by Mn or less" (seed 003 line
	// 34, a stat): a hit of Might n or less never costs it Skill.
	NoSuppressBy int `json:"no_suppress_by,omitempty"`

	Spells []string `json:"spells,omitempty"`
	// Prices are the prices of failure the card names for its spells, in
	// the card's order (seed 003 line 32: "one line per spell with its price
	// of failure"). A spell the card names none for pays its own: Firebolt's
	// lockout, or nothing (PriceOf).
	Prices []SpellPrice `json:"prices,omitempty"`
}

// SpellPrice is the price of failure a card names for one of its spells,
// in the card's words.
type SpellPrice struct {
	Spell string `json:"spell"`
	Price string `json:"price"`
}

// Armours are the seed's armour table: Res and Move.
var Armours = map[string][2]int{
	"none":    {0, 4},
	"leather": {1, 4},
	"chain":   {2, 3},
	"plate":   {3, 2},
}

// Spells are the Hunters' five spells, in the seed's order.
var Spells = []string{"Firebolt", "Sparks", "Ward", "Teleport", "Rally"}

// spellLines are the spells as a card prints them, with their numbers.
var spellLines = map[string]string{
	"Firebolt": "Firebolt M5 R8",
	"Sparks":   "Sparks M2 R6 Sweep",
	"Ward":     "Ward R4",
	"Teleport": "Teleport R6",
	"Rally":    "Rally R2",
}

// ownPrices are the prices of failure the seed gives its spells (seed 003
// line 41: "Firebolt M5 R8 — locked out of Spells for the next turn on a
// failed cast"), paid where the card names none.
var ownPrices = map[string]string{"Firebolt": "no spells next turn"}

// PriceOf is the price of failure a failed cast of spell owes: the card's,
// else the spell's own ("" : none).
//
// Ruling: a card's spell line says what the figure's spell IS, price
// included (seed 003 line 32), so a price the card names replaces the
// spell's own: a Firebolt priced "1 Skill" costs a Skill and no lockout.
func (c Card) PriceOf(spell string) string {
	for _, p := range c.Prices {
		if strings.EqualFold(p.Spell, spell) {
			return p.Price
		}
	}
	return ownPrices[spell]
}

// Price kinds: how the engine pays a price of failure.
const (
	PaidLockout = "lockout" // no spells in the next turn
	PaidHit     = "hit"     // Hits lost
	PaidSkill   = "skill"   // Skill lost
)

var (
	rePriceLockout = lazyRegexp(`^(?:the caster is |it is )?(?:locked out of spells|locked out|lock ?out|no spells|cannot cast)(?: (?:for |in |during )?the next turn| next turn)?$`)
	rePriceLoss    = lazyRegexp(`^(?:(?:the caster |it )?(?:loses|lose|pays|pay|costs|cost|takes|take) )?(\d+|a|one) (hits?|skill)(?: lost)?$`)
)

// ReadPrice says how the engine pays a price of failure written in words.
//
// Ruling: the engine pays the prices whose numbers it keeps: a lockout of
// the next turn's spells ("no spells next turn", "locked out of spells for
// the next turn"), n Hits or n Skill lost ("lose 1 Hit", "2 Skill"); any
// other words ("" kind) are owed to the table, which pays them.
func ReadPrice(price string) (kind string, n int) {
	p := strings.ToLower(strings.Join(strings.Fields(strings.TrimRight(strings.TrimSpace(price), ".")), " "))
	if rePriceLockout().MatchString(p) {
		return PaidLockout, 1
	}
	if m := rePriceLoss().FindStringSubmatch(p); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			n = 1 // "a", "one"
		}
		if n < 1 {
			return "", 0
		}
		if strings.HasPrefix(m[2], "hit") {
			return PaidHit, n
		}
		return PaidSkill, n
	}
	return "", 0
}

// SpellName returns the spell's proper name for any capitalisation.
func SpellName(s string) (string, bool) {
	for _, n := range Spells {
		if strings.EqualFold(n, strings.TrimSpace(s)) {
			return n, true
		}
	}
	return "", false
}

// Keywords lists the card's keywords as a card would print them.
func (c Card) Keywords() []string {
	var out []string
	add := func(ok bool, s string) {
		if ok {
			out = append(out, s)
		}
	}
	add(c.Static, "Static")
	add(c.Fearless, "Fearless")
	add(c.NoRear, "No Rear")
	add(c.Frenzy, "Frenzy")
	add(c.SureFooted, "Sure-Footed")
	add(c.Durable > 0, fmt.Sprintf("Durable %d", c.Durable))
	add(c.Multi > 1, fmt.Sprintf("Multi %d", c.Multi))
	add(c.NoSuppressBy > 0, fmt.Sprintf("Cannot be suppressed by M%d or less", c.NoSuppressBy))
	add(c.Ponderous, "Ponderous")
	add(c.Mob, "Mob")
	add(c.Shield, "Shield")
	return out
}

// Attacks is how many attacks the figure may make per turn.
func (c Card) Attacks() int {
	if c.Multi > 1 {
		return c.Multi
	}
	return 1
}

// HasSpell reports whether the card lists spell.
func (c Card) HasSpell(spell string) bool {
	for _, s := range c.Spells {
		if strings.EqualFold(s, spell) {
			return true
		}
	}
	return false
}

// Unique: Skill 5 is kept for unique characters.
func (c Card) Unique() bool { return c.Skill == 5 }

// Text writes the card in the card-file format ParseCards reads.
func (c Card) Text() string {
	var b strings.Builder
	b.WriteString(c.Name)
	if c.Side != "" {
		b.WriteString(" · Side " + c.Side)
	}
	b.WriteString("\n")
	var stats []string
	if !c.Static {
		stats = append(stats, fmt.Sprintf("Skill %d", c.Skill), fmt.Sprintf("Move %d", c.Move))
	}
	stats = append(stats, fmt.Sprintf("Res %d", c.Res), fmt.Sprintf("Hits %d", c.Hits))
	b.WriteString(strings.Join(stats, " · ") + "\n")
	for _, w := range c.Weapons {
		b.WriteString(w.String() + "\n")
	}
	kw := c.Keywords()
	if c.Armour != "" {
		kw = append([]string{titleWord(c.Armour)}, kw...)
	}
	if len(kw) > 0 {
		b.WriteString(strings.Join(kw, " · ") + "\n")
	}
	for _, s := range c.Spells {
		b.WriteString(spellLines[s])
		if p := c.PriceOf(s); p != "" {
			b.WriteString(" · price of failure: " + p)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func titleWord(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// CardError is a card that does not hold together; Line is 0 for cards
// given with flags.
type CardError struct {
	Line int
	Card string
	Msg  string
}

func (e *CardError) Error() string {
	switch {
	case e.Line > 0 && e.Card != "":
		return fmt.Sprintf("line %d (card %s): %s", e.Line, engines.Clip(e.Card), e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	case e.Card != "":
		return fmt.Sprintf("card %s: %s", engines.Clip(e.Card), e.Msg)
	}
	return e.Msg
}

// The card file's patterns are compiled on first use: every warlog
// command would otherwise pay for them at start.
var (
	reStat   = lazyRegexp(`(?i)^(skill|move|res|resistance|hits)\s*:?\s*(-?\d+)$`)
	reWeapon = lazyRegexp(`(?i)^(.+?)\s+M\s*(-?\d+)\s+R\s*(-?\d+)(\s+sweep)?$`)
	reBare   = lazyRegexp(`^(-?\d+)\s*·\s*(-?\d+)\s*·\s*(-?\d+)\s*·\s*(-?\d+)$`)
	reKwNum  = lazyRegexp(`(?i)^(durable|multi)\s*:?\s*(-?\d+)$`)
	reNoSupp = lazyRegexp(`(?i)^cannot be suppressed by m\s*(-?\d+) or less$`)
	reSide   = lazyRegexp(`(?i)^side\s*:?\s+(.+)$`)
	rePrice  = lazyRegexp(`(?i)^(?:price of failure|price|on failure|fails)\s*:\s*(.*)$`)
	reArmour = lazyRegexp(`(?i)^(?:armou?r\s*:?\s+)?(none|leather|chain|plate)$`)
)

func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// CardDraft collects a card as it is read, remembering which numbers were
// given so armour fills only the rest.
type CardDraft struct {
	Card
	line                      int
	hasSkill, hasMove, hasRes bool
	hasHits                   bool
	named                     map[string]bool // spells whose price was named
}

// SetStat sets one of the four numbers.
func (d *CardDraft) SetStat(name string, v int) {
	switch strings.ToLower(name) {
	case "skill":
		d.Skill, d.hasSkill = v, true
	case "move":
		d.Move, d.hasMove = v, true
	case "res", "resistance":
		d.Res, d.hasRes = v, true
	case "hits":
		d.Hits, d.hasHits = v, true
	}
}

// AddKeyword reads one keyword, armour name or "Shield".
func (d *CardDraft) AddKeyword(item string) error {
	k := strings.ToLower(strings.Join(strings.Fields(item), " "))
	if m := reKwNum().FindStringSubmatch(k); m != nil {
		n, _ := strconv.Atoi(m[2])
		if n < 1 {
			return fmt.Errorf("%s needs a number of 1 or more, e.g. %s 1", titleWord(m[1]), titleWord(m[1]))
		}
		if m[1] == "durable" {
			d.Durable = n
		} else {
			d.Multi = n
		}
		return nil
	}
	if m := reNoSupp().FindStringSubmatch(k); m != nil {
		n, _ := strconv.Atoi(m[1])
		if n < 1 {
			return fmt.Errorf("Cannot be suppressed by M%d or less says nothing; give a Might of 1 or more, e.g. Cannot be suppressed by M2 or less", n)
		}
		d.NoSuppressBy = n
		return nil
	}
	if m := reArmour().FindStringSubmatch(k); m != nil {
		d.Armour = strings.ToLower(m[1])
		return nil
	}
	switch k {
	case "fearless", "cannot be suppressed":
		d.Fearless = true
	case "no rear", "norear", "no-rear":
		d.NoRear = true
	case "frenzy":
		d.Frenzy = true
	case "sure-footed", "sure footed", "surefooted":
		d.SureFooted = true
	case "ponderous":
		d.Ponderous = true
	case "mob":
		d.Mob = true
	case "shield":
		d.Shield = true
	case "static":
		d.Static = true
	case "sweep":
		return fmt.Errorf("Sweep belongs to a weapon: write it after the weapon's Reach, e.g. Greatsword M3 R1 Sweep")
	case "durable", "multi":
		return fmt.Errorf("%s needs a number, e.g. %s 2", titleWord(k), titleWord(k))
	default:
		return fmt.Errorf("%q is not a keyword; keywords are Fearless, Cannot be suppressed by Mn or less, No Rear, Frenzy, Sure-Footed, Durable n, Multi m, Ponderous, Mob, Shield, Static and the armours None, Leather, Chain, Plate", engines.Clip(item))
	}
	return nil
}

// AddWeapon adds a weapon.
func (d *CardDraft) AddWeapon(w Weapon) { d.Weapons = append(d.Weapons, w) }

// AddSpell adds one of the five spells.
func (d *CardDraft) AddSpell(s string) error {
	n, ok := SpellName(s)
	if !ok {
		return fmt.Errorf("%q is not a spell; the spells are %s", s, strings.Join(Spells, ", "))
	}
	if d.HasSpell(n) {
		return fmt.Errorf("the spell %s is listed twice", n)
	}
	d.Spells = append(d.Spells, n)
	return nil
}

// SetPrice names the price of failure of the card's last spell: the spell
// line's "price of failure: ..." (seed 003 line 32). A price that reads as
// the spell's own (Firebolt's lockout) is the spell's, and not kept twice.
func (d *CardDraft) SetPrice(price string) error {
	price = strings.Join(strings.Fields(price), " ")
	if len(d.Spells) == 0 {
		return fmt.Errorf("a price of failure belongs to a spell: write it on the spell's line, e.g. Sparks M2 R6 Sweep · price of failure: lose 1 Hit")
	}
	spell := d.Spells[len(d.Spells)-1]
	if price == "" {
		return fmt.Errorf("the spell %s has no price after \"price of failure:\"; write it, e.g. lose 1 Hit, or drop it", spell)
	}
	if d.named[spell] {
		return fmt.Errorf("the price of failure of %s is named twice", spell)
	}
	if d.named == nil {
		d.named = map[string]bool{}
	}
	d.named[spell] = true
	if own := ownPrices[spell]; own != "" {
		if k, n := ReadPrice(price); k != "" && k == kindOf(own) && n == 1 {
			return nil
		}
	}
	d.Prices = append(d.Prices, SpellPrice{Spell: spell, Price: price})
	return nil
}

func kindOf(price string) string {
	k, _ := ReadPrice(price)
	return k
}

// AddSpellLine adds a spell written as a card's spell line: the spell, then
// optionally its price ("Sparks M2 R6 Sweep · price of failure: 1 Hit";
// ";" separates as "·" does).
func (d *CardDraft) AddSpellLine(line string) error {
	items := splitItems(line)
	if len(items) == 0 {
		return fmt.Errorf("no spell given; the spells are %s", strings.Join(Spells, ", "))
	}
	n, ok := spellItem(items[0])
	if !ok {
		n = items[0]
	}
	if err := d.AddSpell(n); err != nil {
		return err
	}
	if p, ok := dashPrice(n, items[0]); ok {
		if err := d.SetPrice(p); err != nil {
			return err
		}
	}
	for _, it := range items[1:] {
		m := rePrice().FindStringSubmatch(it)
		if m == nil {
			return fmt.Errorf("%q after the spell %s: write its price as \"price of failure: ...\"", it, n)
		}
		if err := d.SetPrice(m[1]); err != nil {
			return err
		}
	}
	return nil
}

// validPrices checks the prices a card names: each of a spell the card
// has, once, in words that a card line can hold.
func validPrices(c Card) string {
	seen := map[string]bool{}
	for _, p := range c.Prices {
		switch {
		case !c.HasSpell(p.Spell):
			return fmt.Sprintf("a price of failure is named for %s, which the card does not have", p.Spell)
		case seen[strings.ToLower(p.Spell)]:
			return fmt.Sprintf("the price of failure of %s is named twice", p.Spell)
		case strings.TrimSpace(p.Price) == "":
			return fmt.Sprintf("the price of failure of %s is empty", p.Spell)
		case strings.ContainsAny(p.Price, "·;\n") || !utf8.ValidString(p.Price) || len(p.Price) > 200:
			return fmt.Sprintf("the price of failure of %s must be words on one line (no · or ;, 200 bytes at most)", p.Spell)
		}
		for _, r := range p.Price {
			if unicode.IsControl(r) {
				return fmt.Sprintf("the price of failure of %s holds a control character", p.Spell)
			}
		}
		seen[strings.ToLower(p.Spell)] = true
	}
	return ""
}

// MaxStat is the most a number on a card a player types may be (Move,
// Res, Hits, a weapon's Might and Reach, a keyword's number). The seed sets
// no upper bound and the rules set none (a recorded card is held to the
// rules only: validCard); no figure the seed describes comes near, and a
// card file's 99999999999999999999 is a slip of the keyboard, not a figure.
const MaxStat = 99

// FinishTyped is Finish for a card a player typed (a card file, flags,
// the recruit prompt): a number beyond MaxStat is refused as well.
func (d *CardDraft) FinishTyped() (Card, error) {
	c, err := d.Finish()
	if err != nil {
		return c, err
	}
	fail := func(format string, args ...any) (Card, error) {
		return Card{}, &CardError{Line: d.line, Card: c.Name, Msg: fmt.Sprintf(format, args...)}
	}
	for _, n := range []struct {
		what string
		v    int
	}{{"Move", c.Move}, {"Res", c.Res}, {"Hits", c.Hits}, {"Durable", c.Durable}, {"Cannot be suppressed by M", c.NoSuppressBy}} {
		if n.v > MaxStat {
			return fail("%s %d is more than any card holds; give %d at most", n.what, n.v, MaxStat)
		}
	}
	for _, w := range c.Weapons {
		if w.Might > MaxStat || w.Reach > MaxStat {
			return fail("weapon %s has Might %d, Reach %d; give %d at most for each", w.Name, w.Might, w.Reach, MaxStat)
		}
	}
	return c, nil
}

// Finish fills Res and Move from armour where the card did not give them
// and validates the card.
func (d *CardDraft) Finish() (Card, error) {
	c := d.Card
	fail := func(format string, args ...any) (Card, error) {
		return Card{}, &CardError{Line: d.line, Card: c.Name, Msg: fmt.Sprintf(format, args...)}
	}
	arm := c.Armour
	if arm == "" {
		arm = "none"
	}
	if !d.hasRes {
		c.Res = Armours[arm][0]
	}
	if !d.hasMove {
		c.Move = Armours[arm][1]
	}
	if c.Static {
		if d.hasSkill && c.Skill != 0 {
			return fail("a Static figure has no Skill; remove the Skill")
		}
		c.Skill, c.Move = 0, 0
		if len(c.Weapons) > 0 || len(c.Spells) > 0 {
			return fail("a Static figure does not attack or cast; remove its weapons and spells")
		}
	} else if !d.hasSkill {
		return fail("no Skill; give Skill 1 to 5")
	}
	if !d.hasHits {
		return fail("no Hits; give Hits 1 or more")
	}
	if err := ValidateName("figure", c.Name); err != nil {
		return fail("%v", err)
	}
	switch {
	case !c.Static && (c.Skill < 1 || c.Skill > 5):
		return fail("Skill %d is out of range; Skill is 1 to 5 (5 only for unique characters)", c.Skill)
	case c.Move < 0:
		return fail("Move %d is negative; Move is 0 or more inches", c.Move)
	case c.Res < 0:
		return fail("Res %d is negative; Res is 0 or more", c.Res)
	case c.Hits < 1:
		return fail("Hits %d: a figure has 1 Hit or more", c.Hits)
	}
	seen := map[string]bool{}
	for _, w := range c.Weapons {
		switch {
		case strings.TrimSpace(w.Name) == "":
			return fail("a weapon has no name; write e.g. Sword M2 R1")
		case ValidateName("weapon", w.Name) != nil:
			return fail("%v", ValidateName("weapon", w.Name))
		case w.Might < 0:
			return fail("weapon %s has Might %d; Might is 0 or more", w.Name, w.Might)
		case w.Reach < 0:
			return fail("weapon %s has Reach %d; Reach is 0 or more inches", w.Name, w.Reach)
		case seen[strings.ToLower(w.Name)]:
			return fail("weapon %s is listed twice", w.Name)
		}
		seen[strings.ToLower(w.Name)] = true
	}
	if !c.Static && len(c.Weapons) == 0 && len(c.Spells) == 0 {
		return fail("no weapon; give at least one, e.g. Sword M2 R1 (or a spell)")
	}
	if msg := validPrices(c); msg != "" {
		return fail("%s", msg)
	}
	return c, nil
}

// ParseWeapon reads "Sword:2:1", "Sword:2:1:Sweep" or "Sword M2 R1 [Sweep]".
func ParseWeapon(s string) (Weapon, error) {
	s = strings.TrimSpace(s)
	if m := reWeapon().FindStringSubmatch(s); m != nil {
		mi, _ := strconv.Atoi(m[2])
		re, _ := strconv.Atoi(m[3])
		return Weapon{Name: strings.TrimSpace(m[1]), Might: mi, Reach: re, Sweep: m[4] != ""}, nil
	}
	parts := strings.Split(s, ":")
	if len(parts) == 3 || len(parts) == 4 {
		mi, err1 := strconv.Atoi(strings.TrimSpace(parts[1]))
		re, err2 := strconv.Atoi(strings.TrimSpace(parts[2]))
		sweep := len(parts) == 4 && strings.EqualFold(strings.TrimSpace(parts[3]), "sweep")
		if err1 == nil && err2 == nil && (len(parts) == 3 || sweep) {
			return Weapon{Name: strings.TrimSpace(parts[0]), Might: mi, Reach: re, Sweep: sweep}, nil
		}
	}
	return Weapon{}, fmt.Errorf("weapon %q: write NAME:MIGHT:REACH, e.g. Sword:2:1 (add :Sweep for a sweeping weapon)", engines.Clip(s))
}

// ParseCards reads a card file: cards separated by blank lines, each
// written as the seed's WRITING A CARD section describes. The first line
// starts with the figure's name; items on a line are separated by "·"
// (or ";"). An item is a number (Skill 3, Move 4, Res 1, Hits 2, or the
// four bare numbers "3 · 4 · 1 · 2" in that order), a weapon (Sword M2 R1,
// Greatsword M3 R1 Sweep), a keyword (Fearless, Durable 1, Multi 2, Leather,
// Shield, ...), a spell (Firebolt ...; text after the name, such as its
// price, is the card's own reminder) or Side NAME. Lines starting with #
// are comments. side is the side of cards that name none.
func ParseCards(text, side string) ([]Card, error) {
	var out []Card
	var d *CardDraft
	names := map[string]int{}
	flush := func() error {
		if d == nil {
			return nil
		}
		if d.Side == "" {
			d.Side = side
		}
		if d.Side == "" {
			return &CardError{Line: d.line, Card: d.Name, Msg: "no side; add a line \"Side hunters\" or give --side"}
		}
		c, err := d.FinishTyped()
		if err != nil {
			return err
		}
		k := key(c.Side, c.Name)
		if l, ok := names[k]; ok {
			return &CardError{Line: d.line, Card: c.Name, Msg: fmt.Sprintf("the side %s already has a card %s (line %d); names are unique per side", c.Side, c.Name, l)}
		}
		names[k] = d.line
		out = append(out, c)
		d = nil
		return nil
	}
	for i, raw := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		ln := i + 1
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "#") {
			continue
		}
		if line == "" {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		first := d == nil
		if first {
			d = &CardDraft{line: ln}
		}
		if m := reBare().FindStringSubmatch(line); m != nil && !first {
			for j, k := range []string{"Skill", "Move", "Res", "Hits"} {
				v, err := statNumber(k, m[j+1])
				if err != nil {
					return nil, &CardError{Line: ln, Card: d.Name, Msg: err.Error()}
				}
				d.SetStat(k, v)
			}
			continue
		}
		items := strings.FieldsFunc(line, func(r rune) bool { return r == '·' || r == ';' })
		spellLine := false
		for j, it := range items {
			it = strings.TrimSpace(it)
			if it == "" {
				continue
			}
			if first && j == 0 {
				d.Name = it
				continue
			}
			// A spell line keeps the rest of the line as its reminder
			// text, but for its price of failure.
			if spellLine && rePrice().FindStringSubmatch(it) == nil {
				continue
			}
			if err := readItem(d, it, j == 0); err != nil {
				return nil, &CardError{Line: ln, Card: d.Name, Msg: err.Error()}
			}
			if _, ok := spellItem(it); ok && j == 0 {
				spellLine = true
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no card found; a card starts with the figure's name, then a line like Skill 3 · Move 4 · Res 1 · Hits 2")
	}
	return out, nil
}

// reDashPrice is a price of failure written after a dash on the spell's
// own line, as the seed writes Firebolt's ("Ward R4 — price of failure:
// lose 1 Hit").
var reDashPrice = lazyRegexp(`(?i)\s[—–-]+\s*(.*)$`)

// seedReminders are the words seed 003 line 41 writes after each spell's
// dash: the spell's own text, which a card may copy as its reminder.
var seedReminders = map[string]string{
	"Firebolt": "locked out of Spells for the next turn on a failed cast",
	"Ward":     "one friendly figure (self included) counts as Res 4 until your next move",
	"Teleport": "one friendly figure (self included) is placed up to 8\" from where it stands; it sets facing",
	"Rally":    "one friendly figure other than the caster, Skill 1 or more, recovers 1 lost Skill",
}

// dashPrice is the price of failure a spell item writes after a dash, as
// the seed writes Firebolt's (seed 003 line 41; Ruling: the text after
// "—" is the price, kept and paid, never dropped). The seed's own words
// for the spell are its reminder, not a price of the card's.
func dashPrice(spell, it string) (string, bool) {
	m := reDashPrice().FindStringSubmatch(it)
	if m == nil {
		return "", false
	}
	rest := strings.TrimSpace(m[1])
	if pm := rePrice().FindStringSubmatch(rest); pm != nil {
		return pm[1], true
	}
	norm := func(t string) string {
		return strings.ToLower(strings.Join(strings.Fields(strings.TrimRight(t, ".… ")), " "))
	}
	if own := norm(seedReminders[spell]); own != "" && strings.HasPrefix(own, norm(rest)) {
		return "", false
	}
	return rest, rest != ""
}

var reSpellRest = lazyRegexp(`(?i)^([MR]\d+|sweep|[-—–:(])`)

// spellItem recognises a spell line: the spell's name alone or followed by
// its numbers or reminder text ("Firebolt M5 R8", "Ward R4 — ...").
func spellItem(it string) (string, bool) {
	f := strings.Fields(it)
	if len(f) == 0 {
		return "", false
	}
	n, ok := SpellName(f[0])
	if !ok {
		return "", false
	}
	if len(f) == 1 || reSpellRest().MatchString(f[1]) {
		return n, true
	}
	return "", false
}

// statNumber reads a card's stat as typed: digits too many for a number
// are refused as more than any card holds (MaxStat).
func statNumber(stat, digits string) (int, error) {
	v, err := strconv.Atoi(digits)
	if err != nil {
		return 0, fmt.Errorf("%s %s is more than any card holds; give %d at most", stat, engines.Clip(digits), MaxStat)
	}
	return v, nil
}

func readItem(d *CardDraft, it string, lineStart bool) error {
	if m := reStat().FindStringSubmatch(it); m != nil {
		v, err := statNumber(m[1], m[2])
		if err != nil {
			return err
		}
		d.SetStat(m[1], v)
		return nil
	}
	if m := reSide().FindStringSubmatch(it); m != nil {
		s := strings.TrimSpace(m[1])
		if err := ValidateName("side", s); err != nil {
			return err
		}
		d.Side = s
		return nil
	}
	if n, ok := spellItem(it); ok {
		if err := d.AddSpell(n); err != nil {
			return err
		}
		if p, ok := dashPrice(n, it); ok {
			return d.SetPrice(p)
		}
		return nil
	}
	if m := rePrice().FindStringSubmatch(it); m != nil {
		return d.SetPrice(m[1])
	}
	if reWeapon().MatchString(it) {
		w, err := ParseWeapon(it)
		if err != nil {
			return err
		}
		d.AddWeapon(w)
		return nil
	}
	return d.AddKeyword(it)
}

// ValidateName checks a side, figure, weapon or scenario name the way all
// of warlog does (engines.ValidateName). A name may hold "/", the SIDE/NAME
// separator: a figure is looked up by its whole name first (lookup).
func ValidateName(kind, name string) error { return engines.ValidateName(kind, name) }

func key(side, name string) string { return strings.ToLower(side) + "\x00" + strings.ToLower(name) }

// sameKey is key(side1, name1) == key(side2, name2) without building either:
// the replay looks figures up for every fact.
func sameKey(side1, name1, side2, name2 string) bool {
	return lowerEqual(side1, side2) && lowerEqual(name1, name2)
}

// lowerEqual is strings.ToLower(a) == strings.ToLower(b), allocating only
// for text beyond ASCII.
func lowerEqual(a, b string) bool {
	if a == b { // most often: the facts' names are interned
		return true
	}
	if len(a) == len(b) {
		ascii := true
		for i := 0; i < len(a); i++ {
			ca, cb := a[i], b[i]
			if ca >= 0x80 || cb >= 0x80 {
				ascii = false
				break
			}
			if 'A' <= ca && ca <= 'Z' {
				ca += 'a' - 'A'
			}
			if 'A' <= cb && cb <= 'Z' {
				cb += 'a' - 'A'
			}
			if ca != cb {
				return false
			}
		}
		if ascii {
			return true
		}
	} else if isASCII(a) && isASCII(b) {
		return false
	}
	return strings.ToLower(a) == strings.ToLower(b)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// DefaultGrunt is the rulings' Orc grunt, used when the campaign sets none.
var DefaultGrunt = Card{Name: "Orc grunt", Side: NestSide, Skill: 2, Move: 4, Res: 1, Hits: 1,
	Weapons: []Weapon{{Name: "Cleaver", Might: 2, Reach: 1}}}

// DefaultNest is the Nest of the seed and the rulings.
var DefaultNest = Card{Name: "Nest", Side: NestSide, Res: 1, Hits: 3, Durable: 1, Static: true}

// NestSide is the side of the Nest and its spawn.
const NestSide = "nest"
