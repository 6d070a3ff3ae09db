#!/usr/bin/env python3
"""Writes testdata/script/rc_game.txtar: a golden four-player game of
Reincardnated. Every command's output is golden (empty here; fill with
UPDATE_GOLDEN=1 go test ./cmd/ -run TestScripts/rc_game), and the final
scores are also checked against the hand count written below."""
import shlex, sys

steps = [
 ("# Setup", None),
 "campaign new 'Friday Club' --game reincardnated --seed 5",
 "scenario start Friday --players Ann,Ben,Cas,Dee",
 "rc starter Ann Fern --incarnates insect,marine",
 "rc starter Ben Moss --incarnates bird,insect",
 "rc starter Cas Ivy --incarnates marine,reptile",
 "rc starter Dee Sage --incarnates mammal,bird",
 ("# Round 1: one preferred incarnation each (2 Karma)", None),
 "rc incarnate Ann Ant --type insect --incarnates bird,reptile",
 "rc end-turn",
 "rc incarnate Ben Robin --type bird --incarnates mammal,insect",
 "rc end-turn",
 "rc incarnate Cas Cod --type marine --incarnates mammal,reptile",
 "rc end-turn",
 "rc incarnate Dee Deer --type mammal --incarnates marine,bird",
 "rc end-turn",
 "status",
 ("# Round 2: Epiphany; Bear, a mammal from the mammal Lion, is lateral (no Karma);\n# two Change Destiny stacked on Ann; Bear killed", None),
 "rc play Ann epiphany Lion --type mammal --incarnates bird,marine",
 "rc incarnate Ann Bear --type mammal --incarnates bird,marine",
 "rc end-turn",
 "rc play Ben change-destiny Ann mammal=1",
 "rc incarnate Ben Wolf --type mammal --incarnates bird,insect",
 "rc end-turn",
 "rc play Cas change-destiny Ann mammal=4",
 "rc incarnate Cas Orca --type marine --lateral",
 "rc end-turn",
 "rc play Dee death Ann Bear",
 "rc incarnate Dee Seal --type marine --incarnates mammal,bird",
 "rc end-turn",
 ("# Round 3: Bear reborn; Cod killed and Sympathy; a Void stopped by Lesson Learned", None),
 "rc play Ann rebirth Ann Bear",
 "rc incarnate Ann Owl --type bird",
 "rc end-turn",
 "rc play Ben death Cas Cod",
 "rc play Dee sympathy Deer",
 "rc incarnate Ben Hawk --type bird",
 "rc end-turn",
 "rc play Cas anew 2",
 "rc incarnate Cas Shark --type marine --lateral",
 "rc end-turn",
 "rc play Dee void Ann Ant",
 "rc play Ann lesson-learned",
 "rc incarnate Dee Gull --type bird --incarnates insect,reptile",
 "rc end-turn",
 "status",
 ("# Round 4", None),
 "rc play Ann epiphany Fox --type mammal",
 "rc incarnate Ann Mole --type mammal --lateral",
 "rc end-turn",
 "rc play Ben shared-experience Cas",
 "rc incarnate Ben Finch --type bird --lateral",
 "rc end-turn",
 "rc play Cas regress Orca",
 "rc incarnate Cas Pike --type marine --lateral",
 "rc end-turn",
 "rc play Dee replenish 3",
 "rc incarnate Dee Moth --type insect",
 "rc end-turn",
 ("# Round 5: Ann takes the Human Form; one last turn each for Ben, Cas, Dee", None),
 "rc play Ann enlightened",
 "rc human Ann",
 "rc end-turn",
 "rc incarnate Ben Bison --type mammal --preferred",
 "rc end-turn",
 "rc play Cas uncertainty Newt --type reptile",
 "rc play Cas rebirth Cas Cod",
 "rc end-turn",
 "rc play Dee synchronize marine",
 "rc end-turn",
 ("# The game is over: no more Karma; the Life Purposes are revealed", None),
 "status",
 "rc purpose Ann --type mammal=3 --type marine=2 --death 1 --goal 'control 4 or more mammals=5'",
 "rc purpose Ben --type bird=2 --type mammal=2 --death 0 --goal 'an opponent with 2 dead Beings=3'",
 "rc purpose Cas --type marine=3 --type reptile=2 --death 2 --goal 'control 5 or more marine=6'",
 "rc purpose Dee --type insect=4 --type bird=1 --death 3 --goal 'control a dead mammal=2'",
 "rc goal Ann control met",
 "rc goal Ben opponent unmet",
 "rc goal Cas control unmet",
 "rc goal Dee 'dead mammal' met",
 "rc score",
 "scenario end",
 ("# Counted by hand: Ann 1 (Ant, insect, off the purpose) + 4 mammals x 4 (Cas's\n# Change Destiny mammal=4 lies on top of Ben's mammal=1 and overrides the purpose's\n# 3) + Owl 1 (bird, off) + goal 5 + Human Form 5 = 28; Ben 3 birds x 2 + 2 mammals x 2 = 10; Cas 4 marines x 3 (Cod\n# reborn) + Newt 2 = 14; Dee dead Deer 3 + Seal 1 (off) + Gull 1 + Moth 4 + goal 2 = 11.", "stdout '^Game Friday ends \\(every last turn after the Human Form was played\\): Ann wins; Ann 28, Ben 10, Cas 14, Dee 11\\.$'"),
 "rc score",
 "roster",
 "status --json",
]

out = [
 "# A golden four-player game of Reincardnated, from the start to the scores:",
 "# killed and reborn Beings, two stacked Change Destiny cards, Sympathy,",
 "# Lesson Learned, the hand limit and the Human Form's last round. Every",
 "# command's output is golden; the final scores are also checked against a",
 "# count by hand. Written by testdata/reincardnated/gen_game.py; regenerate the",
 "# output with UPDATE_GOLDEN=1 go test ./cmd/ -run TestScripts/rc_game",
 "",
]
files = []
n = 0
for s in steps:
    if isinstance(s, tuple):
        comment, check = s
        if check is None:
            out.append(comment)
        else:
            out.append(comment)
            out.append(check)
        continue
    n += 1
    out.append("exec warlog " + s)
    # a check after "scenario end" is placed before the cmp; fine either way
    name = "golden/%02d.txt" % n
    out.append("cmp stdout " + name)
    files.append(name)

# move the hand-count check right after the scenario end exec
text = "\n".join(out) + "\n\n"
for f in files:
    text += "-- %s --\n" % f
sys.stdout.write(text)
