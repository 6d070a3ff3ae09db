// Package campaigns is warlog's application service: it creates campaigns,
// loads a campaign's state by replaying its log through the game's engine,
// handles a command (load, decide, append, fold), and undoes and redoes
// actions. It prints nothing; cmd renders what it returns.
package campaigns

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"warlog/engines"
	"warlog/events"
)

// Event types of the campaign itself.
const (
	TypeCreated = "campaign.created"
)

// Created is the payload of campaign.created, the first fact of a stream.
type Created = engines.Campaign

// Begun is the payload of action.begun: the command as the user gave it.
type Begun struct {
	Game  string          `json:"game"`
	Verb  string          `json:"verb"`
	Args  json.RawMessage `json:"args,omitempty"`
	Dice  []int           `json:"dice,omitempty"`
	Label string          `json:"label"`
	Rules string          `json:"rules,omitempty"`
	// By names who made the action: the token of a league server's
	// client (Options.By). Empty for an action made at the database
	// itself, and then left out of the payload, so that every log written
	// before it hashes as it did.
	By string `json:"by,omitempty"`
}

// Service is the application service over one store.
type Service struct {
	store events.Store
	// games are the engines of this build in the order given; engines
	// finds one by its game's name.
	games    []engines.Engine
	engines  map[string]engines.Engine
	registry *events.Registry
	// snapshotEvery: see SnapshotEvery.
	snapshotEvery int
	// checked is the campaign Exists last found (its name and key), for
	// the next resolve of that name to take instead of asking the store
	// again: a command checks that its campaign exists, then loads it.
	// It is taken once.
	checkedMu sync.Mutex
	checked   [2]string
}

// New builds the service with the engines of this build.
func New(store events.Store, engs ...engines.Engine) *Service {
	s := &Service{store: store, engines: map[string]engines.Engine{}, registry: events.NewRegistry(), snapshotEvery: DefaultSnapshotEvery}
	registerCore(s.registry)
	s.games = engs
	for _, e := range engs {
		s.engines[e.Info().Name] = e
		s.registry.RegisterLater(e.Info().Name, e.Register)
	}
	return s
}

// Store is the service's store.
func (s *Service) Store() events.Store { return s.store }

// Registry decodes stored payloads.
func (s *Service) Registry() *events.Registry { return s.registry }

// Engine returns the engine of game, if this build has it.
func (s *Service) Engine(game string) (engines.Engine, bool) {
	e, ok := s.engines[game]
	return e, ok
}

// Games names the games of this build, in the order they were given.
func (s *Service) Games() []engines.GameInfo {
	out := make([]engines.GameInfo, len(s.games))
	for i, e := range s.games {
		out[i] = e.Info()
	}
	return out
}

// gameNames lists the --game values.
func (s *Service) gameNames() []string {
	var out []string
	for _, g := range s.Games() {
		out = append(out, g.Name)
	}
	return out
}

// WrongGameError: a command of one game was given to a campaign of another.
type WrongGameError struct {
	Campaign string
	// Plays is the campaign's game; Asked the game of the command.
	Plays, Asked engines.GameInfo
}

func (e *WrongGameError) Error() string {
	return fmt.Sprintf("campaign %q plays %s; that command is for %s", e.Campaign, e.Plays.Title, e.Asked.Title)
}

// NameError is an error about the campaign of a name: none by that name
// (ErrNoCampaign), or one already (ErrExists). It says what is wrong and
// no more: what to do about it is the command line's to say (cmd), in its
// own commands.
type NameError struct {
	Name string
	Err  error
}

func (e *NameError) Error() string { return fmt.Sprintf("campaign %q: %v", e.Name, e.Err) }

func (e *NameError) Unwrap() error { return e.Err }

// NoActionError is an action id that names no action of the campaign.
type NoActionError struct{ ID string }

func (e *NoActionError) Error() string { return fmt.Sprintf("no action %q in this campaign", e.ID) }

// AmendmentError is an amendment asked to be amended: the action it
// corrected is the one to amend, or the amendment is undone.
type AmendmentError struct{ ID string }

func (e *AmendmentError) Error() string {
	return fmt.Sprintf("action %s is an amendment; amend the action it corrected, or undo it", ShortActionID(e.ID))
}

// Errors of the service; cmd maps them to exit status 1 with their text.
var (
	ErrNoCampaign = errors.New("no such campaign")
	ErrExists     = errors.New("a campaign of that name already exists")
	ErrNoEngine   = errors.New("this build of warlog has no rules engine for that game yet")
	ErrNothing    = errors.New("nothing to do")
)

// ValidateName checks a campaign, side or figure name; see
// engines.ValidateName, which every engine uses too.
func ValidateName(kind, name string) error { return engines.ValidateName(kind, name) }

// NewActionID returns a fresh random action id.
func NewActionID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ShortActionID is how an action id is shown beside its action: a
// generated id (NewActionID's 16 hex digits) by its first 8, which name it
// as well as the whole; an id the player gave (--action-id bors-swing)
// whole, as it was typed.
func ShortActionID(id string) string {
	if len(id) != 16 {
		return id
	}
	if _, err := hex.DecodeString(id); err != nil {
		return id
	}
	return id[:8]
}

// RandomSeed draws a campaign seed from the system's random source.
func RandomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// CreateOptions are the choices of `campaign new`.
type CreateOptions struct {
	Game     string
	Seed     *uint64
	Mode     string
	ActionID string
	// By names who creates it (Begun.By).
	By string
}

// Create starts a new campaign stream.
func (s *Service) Create(ctx context.Context, name string, o CreateOptions) (*State, error) {
	if err := ValidateName("campaign", name); err != nil {
		return nil, err
	}
	var eng engines.Engine
	for _, e := range s.games {
		if strings.EqualFold(e.Info().Name, o.Game) {
			eng = e
		}
	}
	if eng == nil {
		return nil, fmt.Errorf("unknown game %q; choose one of %s", o.Game, strings.Join(s.gameNames(), ", "))
	}
	g := eng.Info()
	mode := strings.ToLower(o.Mode)
	if modes := eng.Modes(); len(modes) > 0 {
		if mode == "" {
			mode = modes[0]
		}
		if !contains(modes, mode) {
			return nil, fmt.Errorf("unknown mode %q; %s plays %s", o.Mode, g.Title, strings.Join(modes, ", "))
		}
	} else if mode != "" {
		return nil, fmt.Errorf("--mode is for games with modes; %s has none", g.Title)
	}
	seed := RandomSeed()
	if o.Seed != nil {
		seed = *o.Seed
	}
	c := Created{Name: name, Game: g.Name, Seed: seed, Mode: mode}
	id := o.ActionID
	if id == "" {
		id = NewActionID()
	}
	begun := Begun{Game: g.Name, Verb: VerbCreate, Label: fmt.Sprintf("campaign %s created (%s)", name, g.Title), By: o.By}
	facts := []events.Fact{{Type: events.TypeActionBegun, Data: begun}, {Type: TypeCreated, Data: c}}
	exists := &NameError{name, ErrExists}
	var err error
	if d, ok := s.store.(events.Directory); ok {
		// The key is the name, unless a renamed campaign still holds it.
		key := name
		if stream, found, err := d.Lookup(ctx, name); err != nil {
			return nil, err
		} else if found {
			// A retry of the same creation (--action-id) is stored once.
			if prior, err := events.Action(ctx, s.store, stream, id); err == nil && len(prior) > 0 && o.ActionID != "" {
				if datas, err := marshalAll(facts); err == nil && events.SameContent(prior, facts, datas) {
					return s.Load(ctx, name)
				}
			}
			return nil, exists
		}
		if e, err := lookalike(ctx, d, name, ""); err != nil {
			return nil, err
		} else if e != nil {
			return nil, lookalikeError(name, e)
		}
		if v, err := events.Version(ctx, s.store, name); err != nil {
			return nil, err
		} else if v > 0 {
			key = name + "~" + id[:min(8, len(id))]
		}
		_, err = d.Create(ctx, events.Entry{Stream: key, Chain: key, Name: name}, id, facts)
	} else {
		_, err = s.store.Append(ctx, name, 0, id, facts)
	}
	if errors.Is(err, events.ErrConcurrency) || errors.Is(err, events.ErrNameTaken) {
		return nil, exists
	}
	if err != nil {
		return nil, err
	}
	return s.Load(ctx, name)
}

// marshalAll encodes facts' payloads as the log stores them.
func marshalAll(facts []events.Fact) ([][]byte, error) {
	out := make([][]byte, len(facts))
	for i, f := range facts {
		b, err := events.Marshal(f)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
