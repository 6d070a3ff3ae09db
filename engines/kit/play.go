package kit

import "warlog/engines"

// Play is the skeleton of every game's state, embedded in it: the campaign
// the game was told about at creation, the scenario the rules act on, and
// the scenarios finished before it. B is the game's scenario (a pointer to
// its struct, which embeds Ending); R is what the game keeps of a finished
// one (the scenario itself, or a record of it).
//
//	type State struct {
//		kit.Play[*Battle, Record]
//		Members []*Member `json:"members"`
//	}
//
// Its commands decide on an Act holding a copy of it (the package's doc).
//
// Battle is the scenario in progress; a game that keeps its last scenario
// once it ends (to show it until the next starts) keeps it here too, ended
// (Ending), and moves it to Past when the next one starts. Past is a
// snapshot's part of its own (engines.History): it never changes again.
//
// Event types. A game's event types are named "<game>.<what>_<happened>",
// lower case, words joined by "_", the last a past participle (the fact,
// never the command): "kingsown.hit_lost", "brood.spawn_created". A
// scenario's start and end are "<game>.scenario_started" and
// "<game>.scenario_ended" in a new game. A stored event type's name is
// permanent, whatever its game calls the scenario since: the logs hold it
// ("brood.game_started", "incarn28.battle_ended" stay), so a new name is a
// new event type, never a renamed one.
type Play[B Scenario, R any] struct {
	// Campaign is what the game was told about its campaign at creation.
	Campaign engines.Campaign `json:"campaign"`
	// Battle is the scenario in progress, or the last one ended where the
	// game keeps it (Ended); nil before the first.
	Battle B `json:"battle,omitempty"`
	// Past are the finished scenarios before Battle, oldest first.
	Past engines.History[R] `json:"past"`
}

// Scenario is what the kit asks of a game's scenario: a pointer to a
// struct that embeds Ending.
type Scenario interface {
	comparable
	// Finished reports whether the scenario has ended (Ending).
	Finished() bool
}

// RuleScenario is the rule a command is refused under when it needs a
// scenario in progress and none is (NeedsScenario), or ends a scenario when
// none is in progress.
const RuleScenario = "Scenario"

// NeedsScenario is the scenario in progress, or a refusal under
// RuleScenario that points to `scenario start`, its sentence in the game's
// words (format and args, as engines.Refuse) when there is none, before
// the first or since the last ended.
func (p *Play[B, R]) NeedsScenario(format string, args ...any) (B, error) {
	var none B
	if p.Battle == none || p.Battle.Finished() {
		return none, NoScenario(format, args...)
	}
	return p.Battle, nil
}

// InProgress reports whether a scenario is in progress.
func (p *Play[B, R]) InProgress() bool {
	var none B
	return p.Battle != none && !p.Battle.Finished()
}

// NoScenario is the refusal of a command that needs a scenario in progress
// when none is, under RuleScenario, pointing to `scenario start`: for a
// game that tells apart why there is none (NeedsScenario says it once).
func NoScenario(format string, args ...any) error {
	return engines.RefuseTry(RuleScenario, []string{"scenario start"}, format, args...)
}

// Ending is embedded in every game's scenario: the outcome the game stated
// when the scenario ended, stored with it, which the roster, the reports
// and the chronicle read (engines.Outcome); nil while it is played.
type Ending struct {
	Outcome *engines.Outcome `json:"outcome,omitempty"`
}

// Finished reports whether the scenario has ended: its outcome is stated.
func (e *Ending) Finished() bool { return e.Outcome != nil }
