"""A night of Dust, resolved: pure, in a fixed order, every step written down.

`resolve_night(state, lots)` takes the night's choices and the Scum's kill from the state and
the lots (a random order of the players, drawn by the screen and recorded in the command)
and returns a `NightOutcome`: the steps, the deaths, the finds, the discards, what each
player learned and the post that opens the next day. It never draws anything itself.

The order, one stage after another (actions within a stage happen at once):

0. Hiding (Crowbar): every action aimed at a hider fails, jails and blocks included.
1. Jails (Hammer and Nails) and blocks (the Reverend, Despair's hopelessness, the Black Book
   on a Scum), settled together: a jailed or blocked player's actions fail, the jailer's and
   the blocker's too, so a blocked jailer locks no one up; those who stop each other in a
   ring are all stopped. A jailed player stays inside and no night kill can reach him. A
   Knife or a Crucifix whose holder is not stopped catches a jail or a block aimed at its
   charge when no kill is aimed at him (the kill comes first): the Knife's holder strikes
   at its user, the Crucifix takes it on its holder.
2. Energy (Adrenaline, Alcohol): taken by everyone not jailed; it shakes off a block, never
   a jail.
3. Redirections (Paranoia), then Lightning Rods (the Crucifix); what they turn onto a
   hider fails too.
4. Who is outside: scavengers and users of powers that leave the church; the rest are in.
5. Bodyguards (Knife), protections (Doctor, First Aid Kit), alerts.
6. Kills: the Scum's kill first, then other kills in lot order, then the Knife's and the
   Veteran's kills. A kill is stopped, in this order, by: a lit church (Scum kills of players
   inside), the Relic (Scum kills), a jail, an alert, a protection, then the Vest. The
   Scum's kill cannot take the Relic's holder as its target (line 134, as no action can
   take a hider): no Knife catches it and no Crucifix draws it; it fails on him here. Each
   Vest that stops a death is spent, two worn against two attacks both.
7. Investigations, tracking, watching, following.
8. Scavenging, location by location (see `scavenging`); the Avatar of Fear kills from Night 3.
9. Notebook notes. 10. Items lost with the dead. 11. Uses spent and items discarded.

Readings where the book is silent or ambiguous (each has a test):

- "Day N" in the scavenging rules means cycle N: a night-2 Avatar scares, a night-3 one kills.
  The book's Avatars wait only in night-2 and night-3 places; one the moderator puts in a
  place open on night 1 scares as on night 2, since the book's Avatar kills only from Day 3.
- The night is simultaneous: a player killed tonight still gets his powers' results; only
  scavenging, which comes after the kills, is cut short by death.
- A blocked or jailed scavenger never goes out, and finds nothing.
- The Scum's kill does not take its killer out of the church, even to a victim outside:
  the book says which actions do (scavenging, the Gun, the Chalk, the Flashlight).
- The Scum's chosen killer carries out the kill as his exclusive action. Blocking or jailing
  him stops the kill, except the Black Book, whose text spares the night kill.
- A jail is not a block: it stops every night action, the Adrenaline with it, so nothing
  shakes it off (and the Adrenaline is kept, never having been taken). It is a night action
  all the same, so a block on the jailer stops it, as a jail on a blocker stops the block.
- A note's writer is told the day it will be found and the notes his Notebook still holds
  (line 125 gives him no word, but the note is his night action, not a quiet night).
- A jail stops a note: the Hammer and Nails stops "any night action" and the book calls the
  note one; the leave to write it after death is about death only. A block stops it too
  (the Black Book blocks "any powers" a Scum has), unless the Adrenaline or the Alcohol
  shakes the block off; a stopped note spends nothing. Death does not stop a note: the
  screen posts the day as it resolves the night, so a player killed tonight who held a
  Notebook, wrote no note and was not jailed or blocked is listed in `late_notes`; his
  note, sent in time but entered after the resolution, joins the day's post (one note: a
  night holds one use of it).
- Hiding comes first: the book says a hider cannot be the target of any night action, so
  a jail, a block (the Reverend's too) or a redirection aimed at him fails like any other
  power, and he cannot be stopped from hiding. A kill aimed at him fails on him as it fails
  on a protected player: its user is told the same words, and a shot (the Vigilante's) is
  spent the same, so the Crowbar is never given away. The book tells no one that he hid,
  so any other action aimed at him is used up as on a player who stayed in the church and
  did nothing (the Hammer and the Knife are spent, the Flashlight and the Chalk kept) and
  its user is told what he would be then: the Flashlight and the Chalk that he stayed in,
  the Tracker that he went to no one, the Knife that nothing came, the Hammer that it was
  used on him (its words whatever became of the jail), a block or a turn nothing at all.
  Our Night Watchman learns who aimed at his man, and those who aimed at the hider aimed
  at him as at anyone (the trail below names him too): the watch names them as it would
  over a player who stayed in, or the watch's "no one" beside the Cop's word that he
  looked would tell the table that the man hid. Our Cop questions a player who
  stays in the church (line 32's condition), so the hider, in the crawlspace, is as far
  from him as a player who went out: the Cop is told, in the same words for both, that his
  target could not be found in the church. (A look the moderator makes to work wherever its
  target is has no empty answer but the Crowbar's; it is told it learned nothing.)
  A power that takes its user out of the church takes him out after a hider too, and the
  trail he leaves (our Tracker's, the Chalk's) names the hider as it would anyone.
- The Knife and the Crucifix catch one action aimed at the charge ("a night action", book
  lines 123 and 138, a jail or a block as much as a kill): the Scum's kill before any other
  kill, kills before jails, jails before blocks, blocks before protections, protections
  before investigations, tracking, watching and following; ties go by lot. A guard whose
  holder is jailed or blocked catches nothing. A Knife that catches a jail spends the
  Hammer (it was used on its way); a jail stopped because its user was blocked keeps it.
  Three things aimed at the charge never set the Knife off, because of the stage order:
  Paranoia's turn and a Crucifix are settled at stage 3, before the Knife stands at stage
  5, so by then they have done their work (an action Paranoia turned onto the charge is
  caught, and its user struck, never Paranoia; a kill a Crucifix drew away is no longer
  aimed at the charge); and the guards themselves (another Knife, a Crucifix) are not among
  the actions a guard catches (`CATCH_ORDER`), or two guards on one player would catch
  each other in a circle. What the charge aims at himself (a First Aid Kit on himself) is
  not caught either.
- The Knife's holder is told that someone came for his charge and that he struck, never
  who: the book tells him nothing, and one a vest or a protection saved would be named to
  him for free (the day's post says who died).
- The Avatar of Fear met from night 3 "counts as" the Scum's kill (book line 189): what
  stops that kill on its victim stops it (the Vest, the Relic, which then crumbles, a
  protection that reaches a player outside, as the Doctor's does). It is no player's action
  aimed at the scavenger, only met where he searches (stage 8, after the guards), so the
  Knife, which strikes "the person targeting" its charge, and the Crucifix, which turns "a
  night action targeting" him, do not stand between them; the Knife is spent all the same,
  and the Crucifix, having drawn nothing, is kept.
- Items are discarded when the night is over, except the Vest, which stops one death only.
- A Black Book aimed at a Town player tells its holder nothing of him (it would be a free
  alignment check); it is spent only when a Scum power really failed because of it.
- A power whose result the book keeps from its user (a protection, a block, a turn, a
  Crucifix that draws nothing) is named back to him as he sent it ("You used Tend on Ann."),
  in the same words wherever its target was (in, out, hidden) and whoever he was: the
  moderator confirms what he was sent, and a player who acted is not told his night passed
  quietly; so is the godfather's choice of a kill another Scum carries out. The Black Book
  that stops a Scum and the Kit that saves say so only by the item gone, as the book has
  it; the Crucifix that draws tells its holder it drew a power aimed at his charge (its
  going says as much), never whose nor which.
- The Scum's kill is its killer's visit to the victim: the trail (our Tracker's, the
  Chalk's) and the watch name the Scum who carries it out, as forum Mafia's tracker does;
  Guilt's choice of it, when another carries it out, is no visit (he went to no one).
- The Chalk follows a target who goes out; a target who stays inside leaves no trail (the
  Chalk user learns he stayed in, and the Chalk is kept). Either way the target learns that
  someone followed him: the book tells him so without condition.
- A First Aid Kit on a player who went out does nothing and tells its user nothing more.
- What a player who aims a power is told names the player he chose, never whoever a
  Crucifix or Paranoia turned it onto; the result is that of the player it reached (the
  usual Mafia way: a turned action is not announced to its user). So no message ever names
  the holder of a Crucifix to the player whose action it drew.
- The Scum's killer is told he made the attempt on the victim he chose, never what stopped
  it (a protection, the Crowbar, a vest, the Relic, a Knife, a Crucifix): the day's post
  says who died, as it does for everyone. If the church is lit and both the victim he chose
  and the one his kill reached stayed inside, he is told he could not kill there, as the
  lit church is no secret; a killer who was blocked or jailed is told what any player is
  told then. He never hears that his night passed quietly.
- The day's post names the dead in the roster's order, whatever killed them: the Scum's
  kill is resolved first, and a post in that order would tell the thread which death was
  theirs.
- Two notes found one morning (a table that adds a second Notebook) are posted in the
  order of their words, never in the roster's order of their writers, which would tell
  the thread where a Notebook's holder sits.
- Witnesses at a location see an attack on another scavenger and whether he fell, never the
  attacker; an attack the Relic turned away never happened, so there is nothing to see. Kills
  (the Avatar's too) are the visible powers; everything else works unseen. The one attacked
  is at the place too: saved (by the Doctor, the Vest), he sees the attack as a witness
  would, alone there or not. In the church a player a protection saved is told nothing: the
  book gives him no word (the First Aid Kit), where it tells the jailed that he was locked
  up; the Vest, gone from his hands, tells its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gmscreen.core.text import in_words, sentence
from gmscreen.games.dust.powers import AVATAR, CARRY_MORE, Power, finds_of
from gmscreen.games.dust.scavenging import search
from gmscreen.games.dust.state import DustState, Post, Step

#: the source of the Scum's night kill, which belongs to no role or item
SCUM_SOURCE = "the Scum"
NIGHT_KILL = Power(name="Night Kill", effect="kill", exclusive=True, target="other",
                   spend="never", text="The Scum's kill, carried out by the chosen Scum.")
SCAVENGE = Power(name="Scavenge", effect="scavenge", exclusive=True, leaves_church=True,
                 spend="never", text="Search one open location.")
#: the Knife's and the Veteran's kills, which are reactions rather than chosen actions
STRIKE = Power(name="Strike", effect="kill", target="other", spend="never")
#: the powers that tell their user nothing of what became of them, only that he used them
QUIET_EFFECTS = ("protect", "block", "redirect", "lightning_rod")
#: from the Knife's and the Crucifix's point of view, which actions come first
CATCH_ORDER = ("kill", "protect", "investigate", "track", "watch", "follow")
#: the same as jails and blocks are settled, when a guard may catch one of them instead
STOP_CATCH = ("kill", "jail", "block", *CATCH_ORDER[1:])


@dataclass(frozen=True)
class Death:
    player: str
    cause: str


@dataclass(frozen=True)
class Found:
    player: str
    item: str
    location: str


@dataclass(frozen=True)
class Spent:
    """A use of a role power or of an item copy; `discard` when the copy is then gone."""

    player: str
    source: str
    power: str
    discard: bool = False
    why: str = ""


@dataclass(frozen=True)
class Lost:
    player: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class Searched:
    location: str
    taken: int
    emptied: bool


@dataclass(frozen=True)
class NightOutcome:
    night: int
    steps: tuple[Step, ...]
    deaths: tuple[Death, ...]
    found: tuple[Found, ...]
    spent: tuple[Spent, ...]
    lost: tuple[Lost, ...]
    searched: tuple[Searched, ...]
    notes: tuple[str, ...]
    #: (player, item) for each player killed tonight who holds a note item and wrote none
    late_notes: tuple[tuple[str, str], ...]
    #: (player, lines) for every living player and everyone who died tonight
    messages: tuple[tuple[str, tuple[str, ...]], ...]
    post: Post


@dataclass(eq=False)
class _Act:
    actor: str
    source: str
    power: Power
    targets: list[str]
    text: str = ""
    location: str = ""
    active: bool = True
    #: the action reached its target, or sought him where he hid (for watching, tracking
    #: and following: its trail is the same)
    landed: bool = False
    #: the targets as the player chose them, before any Crucifix or Paranoia turned them
    chosen: tuple[str, ...] = ()

    @property
    def target(self) -> str:
        return self.targets[0] if self.targets else ""

    @property
    def aimed_at(self) -> str:
        """The player the user chose: what he is told names him, never whoever it reached."""
        return self.chosen[0] if self.chosen else self.target

    @property
    def is_scum_kill(self) -> bool:
        return self.source == SCUM_SOURCE

    @property
    def effect(self) -> str:
        return self.power.effect

    def label(self) -> str:
        if self.is_scum_kill:
            # set apart: the step goes on after it ("... stops the Scum's night kill (carried
            # out by Pat) and strikes at Pat")
            return f"the Scum's night kill (carried out by {self.actor})"
        return f"{self.actor}'s {self.source} ({self.power.name})"


@dataclass(frozen=True)
class _Settled:
    """Jails and blocks settled: those that land and on whom (a Crucifix may have drawn one
    onto its holder), the guards that caught one, and the actions stopped (by id)."""

    landing: list[tuple[_Act, str]]
    caught: list[tuple[_Act, _Act]]
    stopped: set[int]


@dataclass
class _Night:
    state: DustState
    lots: Sequence[str]
    acts: list[_Act] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    told: dict[str, list[str]] = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=dict)
    jailed: set[str] = field(default_factory=set)
    #: players jailed or blocked tonight: not even a note after death
    held_back: set[str] = field(default_factory=set)
    hidden: set[str] = field(default_factory=set)
    #: users of a power that leaves the church, aimed at a hider: they went out looking
    sought_hider: set[str] = field(default_factory=set)
    outside: set[str] = field(default_factory=set)
    alert: set[str] = field(default_factory=set)
    protected: dict[str, list[_Act]] = field(default_factory=dict)
    strikes: list[_Act] = field(default_factory=list)
    killed: dict[str, str] = field(default_factory=dict)
    vests_used: Counter[str] = field(default_factory=Counter)
    spends: list[tuple[str, str, str]] = field(default_factory=list)
    found: list[tuple[str, str, str]] = field(default_factory=list)
    searched: list[Searched] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    # -- bookkeeping -------------------------------------------------------------------------

    @property
    def night(self) -> int:
        return self.state.number

    def rank(self, name: str) -> tuple[int, str]:
        order = list(self.lots)
        return (order.index(name) if name in order else len(order), name)

    def log(self, stage: str, text: str) -> None:
        self.steps.append(Step(self.night, stage, text))

    def tell(self, player: str, line: str) -> None:
        self.told.setdefault(player, []).append(line)

    def spend(self, act: _Act, when: str) -> None:
        # a role power used every night has nothing to count
        if act.power.spend != when or act.is_scum_kill:
            return
        if act.power.uses is None and act.source == self.state.role_of(act.actor).name:
            return
        self.spend_power(act.actor, act.source, act.power.name)

    def spend_power(self, player: str, source: str, power: str) -> None:
        if (player, source, power) not in self.spends:
            self.spends.append((player, source, power))

    def active(self, *effects: str) -> list[_Act]:
        acts = [a for a in self.acts if a.active and a.effect in effects]
        return sorted(acts, key=lambda a: (not a.is_scum_kill, self.rank(a.actor)))

    def stop_actions_of(self, player: str, why: str, *, spare_kill: bool = False) -> list[_Act]:
        stopped = []
        for act in self.acts:
            if act.actor != player or not act.active:
                continue
            if spare_kill and act.is_scum_kill:
                continue
            act.active = False
            stopped.append(act)
            self.log("stopped", f"{act.label()} fails: {sentence(why)}")
        return stopped

    def item_powers(self, player: str, effect: str) -> list[tuple[str, Power]]:
        found = []
        for name in self.hands.get(player, []):
            item = self.state.item(name)
            for power in item.powers if item else ():
                if power.effect == effect:
                    found.append((name, power))
        return found

    def role_power(self, player: str, effect: str) -> Power | None:
        role = self.state.role_of(player)
        return next((p for p in role.powers if p.effect == effect), None)

    def appearance(self, player: str) -> str:
        disguises = self.item_powers(player, "appear")
        if disguises:
            return disguises[0][1].tag
        role_power = self.role_power(player, "appear")
        return role_power.tag if role_power else self.state.role_of(player).alignment

    def place(self, player: str) -> str:
        scavenge = next((a for a in self.acts if a.actor == player and a.effect == "scavenge"
                         and a.active), None)
        return scavenge.location if scavenge else ""

    def present_at(self, location: str) -> list[str]:
        return [a.actor for a in self.acts
                if a.effect == "scavenge" and a.active and a.location == location]

    # -- gathering ---------------------------------------------------------------------------

    def gather(self) -> None:
        for player in self.state.living:
            self.hands[player.name] = [h.item for h in player.items]
            choice = self.state.choice(player.name)
            if choice is None:
                continue
            if choice.scavenge:
                self.acts.append(_Act(player.name, "scavenging", SCAVENGE, [],
                                      location=choice.scavenge))
            for use in choice.uses:
                power = self.state.power_of(player.name, use.source, use.power)
                if power is not None and power.timing == "night":
                    self.acts.append(_Act(player.name, use.source, power, list(use.targets),
                                          text=use.text, chosen=use.targets))
        kill = self.state.kill
        if kill is not None:
            self.acts.append(_Act(kill.killer, SCUM_SOURCE, NIGHT_KILL, [kill.target],
                                  chosen=(kill.target,)))
        for act in self.acts:
            whom = f" on {', then '.join(act.targets)}" if act.targets else ""
            where = f" at {act.location}" if act.location else ""
            self.log("choices", sentence(f"{act.label()}{whom}{where}"))

    # -- 1 to 4: jails, energy, blocks, redirections ---------------------------------------

    def stoppers(self) -> None:
        """Jails and blocks, settled together, with the guards that catch them."""
        resisting: dict[str, list[_Act]] = {}
        for act in self.active("resist"):
            resisting.setdefault(act.actor, []).append(act)
        aimed: list[_Act] = []
        for act in self.active("jail", "block"):
            if act.power.works_if_target == "scum" and not self.state.is_scum(act.target):
                act.landed = True
                self.spend(act, "use")
                self.log("blocks", f"{act.label()} on {act.target}: not Scum, no effect.")
                continue
            aimed.append(act)
        settled = self.settle(aimed, resisting)
        for guard, caught in settled.caught:
            self.guard_catches(guard, caught)
        self.land_jails(settled)
        self.take_energy(resisting)
        self.land_blocks(aimed, settled, resisting)

    def settle(self, aimed: list[_Act], resisting: dict[str, list[_Act]]) -> _Settled:
        """Which jails and blocks land, and on whom, and which the guards catch.

        Each depends on the others (a stopped jailer jails no one, a stopped Knife catches
        nothing), so the stopped actions are found again until nothing changes; where they
        stop each other in a ring and it swings to and fro, every stop in the ring lands,
        as a ring of blockers is all blocked."""
        guards = [g for g in self.active("bodyguard", "lightning_rod") if g.target]
        stopped: set[int] = set()
        before: set[int] | None = None
        for _ in range(len(self.acts) + 2):
            settled = self.settle_once(aimed, guards, resisting, stopped)
            if settled.stopped == stopped:
                return settled
            if settled.stopped == before:
                other = self.settle_once(aimed, guards, resisting, before)
                return _Settled(
                    [*other.landing, *(s for s in settled.landing if s not in other.landing)],
                    other.caught, stopped | settled.stopped)
            before, stopped = stopped, settled.stopped
        return settled

    def settle_once(self, aimed: list[_Act], guards: list[_Act],
                    resisting: dict[str, list[_Act]], stopped: set[int]) -> _Settled:
        """The jails and blocks that land if the actions in `stopped` (by id) are stopped."""
        caught: list[tuple[_Act, _Act]] = []
        for guard in sorted(guards, key=lambda g: self.rank(g.actor)):
            if id(guard) in stopped:
                continue
            first = self.first_aimed_at(guard.target, guard.actor, STOP_CATCH,
                                        skip=stopped | {id(c) for _, c in caught})
            if first is not None and first.effect in ("jail", "block"):
                caught.append((guard, first))
        landing: list[tuple[_Act, str]] = []
        for act in aimed:
            if id(act) in stopped:
                continue
            rod = next((g for g, c in caught if c is act), None)
            if rod is not None and rod.effect == "bodyguard":
                continue
            onto = rod.actor if rod is not None else act.target
            if self.shield(act, onto, resisting, stopped) is None:
                landing.append((act, onto))
        stops = {id(a) for a in self.acts for stop, onto in landing
                 if a.active and a.actor == onto and a is not stop
                 and not any(a is g and stop is c for g, c in caught)
                 and not (stop.power.spares_night_kill and a.is_scum_kill)}
        return _Settled(landing, caught, stops)

    def guard_catches(self, guard: _Act, caught: _Act) -> None:
        """A Knife stops the action it caught and strikes at its user; a Crucifix draws it
        onto its holder. Either catches nothing more tonight."""
        charge = guard.target
        guard.active, guard.landed = False, True
        if guard.effect == "bodyguard":
            self.spend(guard, "use")
            self.spend(caught, "use")
            # it came as far as the charge, as a kill the Knife stops does
            caught.active, caught.landed = False, True
            if caught.is_scum_kill:
                self.tell_killer(caught)
            elif caught.effect == "jail":
                # it was used on its way: told as a jail that landed is
                self.tell(caught.actor, self.came_to_nothing(caught))
            self.strikes.append(_Act(guard.actor, guard.source, STRIKE, [caught.actor]))
            self.log("guarding", f"{guard.label()} stops {caught.label()} and strikes at "
                                 f"{sentence(caught.actor)}")
            # never whom: the book tells the Knife's holder nothing, and one a vest saved
            # would be named to him for free (the day's post says who died)
            self.tell(guard.actor, f"Someone came for {guard.aimed_at}; you struck.")
            return
        caught.targets[0] = guard.actor
        self.spend(guard, "effect")
        self.log("redirections", f"{guard.label()} draws {caught.label()} from {charge} onto "
                                 f"{sentence(guard.actor)}")
        self.tell(guard.actor, f"Your {guard.source} drew a power aimed at {guard.aimed_at} "
                               "onto you.")

    def land_jails(self, settled: _Settled) -> None:
        for act, onto in settled.landing:
            if act.effect != "jail":
                continue
            act.landed = True
            self.jailed.add(onto)
            self.spend(act, "use")
            self.log("jails", f"{act.actor} locks {onto} up with the {sentence(act.source)}")
            self.tell(act.actor, self.came_to_nothing(act))
            self.tell(onto, "You were locked up for the night; you could take no night "
                            "action, and nothing could kill you in the night.")
        for player in sorted(self.jailed):
            self.held_back.add(player)
            self.stop_actions_of(player, f"{player} is locked up")

    def take_energy(self, resisting: dict[str, list[_Act]]) -> None:
        """The Adrenaline and the Alcohol are taken by all but the jailed, blocked or not."""
        for acts in resisting.values():
            for act in acts:
                if act.actor in self.jailed:
                    continue
                self.spend(act, "use")
                self.log("energy", f"{act.actor} takes the {sentence(act.source)}")
                self.tell(act.actor, f"You used your {sentence(act.source)}")

    def land_blocks(self, aimed: list[_Act], settled: _Settled,
                    resisting: dict[str, list[_Act]]) -> None:
        landing = {id(a): onto for a, onto in settled.landing}
        for act in aimed:
            onto = landing.get(id(act))
            if act.effect != "block" or (onto is None and (
                    not act.active or id(act) in settled.stopped)):
                continue
            act.landed = True
            self.spend(act, "use")
            if onto is None:
                shield = self.shield(act, act.target, resisting, settled.stopped)
                if shield is not None:
                    self.log("blocks", f"{act.label()} on {act.target} is shaken off by the "
                                       f"{sentence(shield.source)}")
                    self.tell(act.target, f"Something tried to hold you back tonight; your "
                                          f"{shield.source} let you shake it off.")
                continue
            self.held_back.add(onto)
            stopped = self.stop_actions_of(onto, f"{onto} is blocked by {act.label()}",
                                           spare_kill=act.power.spares_night_kill)
            if not stopped:
                self.log("blocks", f"{act.label()} on {onto}: nothing to block.")
                continue
            self.tell(onto, "Something held you back tonight: your night actions failed.")
            if act.power.works_if_target == "scum":
                self.spend(act, "effect")

    def shield(self, block: _Act, onto: str, resisting: dict[str, list[_Act]],
               stopped: set[int]) -> _Act | None:
        """What lets `onto` shake off `block`: never a jail, which the Adrenaline cannot
        open, and only a resisting power that was not itself stopped."""
        if block.effect == "jail":
            return None
        return next((r for r in resisting.get(onto, [])
                     if id(r) not in stopped and r.power.tag in ("any", block.power.tag)), None)

    def redirects(self) -> None:
        for act in self.active("redirect"):
            who, onto = act.targets[0], act.targets[1]
            act.landed = True
            self.spend(act, "use")
            for other in self.acts:
                if other.active and other.actor == who and other.targets and other is not act:
                    self.log("redirections", f"{other.label()} turns from {other.target} to "
                                             f"{onto} ({act.label()}).")
                    other.targets[0] = onto
        for rod in self.active("lightning_rod"):
            charge = rod.target
            rod.landed = True
            caught = self.first_aimed_at(charge, exclude=rod.actor)
            if caught is None:
                self.log("redirections", f"{rod.label()}: nothing was aimed at {sentence(charge)}")
                continue
            self.guard_catches(rod, caught)

    def first_aimed_at(self, target: str, exclude: str,
                       order: tuple[str, ...] = CATCH_ORDER,
                       skip: set[int] | None = None) -> _Act | None:
        # the Scum's kill cannot take the Relic's holder as its target (line 134), as no
        # action can take a hider: no guard catches it, no Crucifix draws it; it fails on
        # him with the kills, and the Relic crumbles
        relic = bool(self.item_powers(target, "dark_aura"))
        aimed = [a for a in self.active(*order) if a.target == target
                 and a.actor not in (exclude, target) and id(a) not in (skip or set())
                 and not (relic and a.is_scum_kill)]
        aimed.sort(key=lambda a: (not a.is_scum_kill, order.index(a.effect),
                                  self.rank(a.actor)))
        return aimed[0] if aimed else None

    # -- 5 and 6: who is outside, hiding, guarding ------------------------------------------

    def presence(self) -> None:
        self.outside = {a.actor for a in self.acts if a.active and a.power.leaves_church}
        # out after a hider as after anyone, unless held back in the church
        self.outside |= self.sought_hider - self.held_back
        inside = [p.name for p in self.state.living if p.name not in self.outside]
        outside = ", ".join(sorted(self.outside)) or "no one"
        self.log("church", f"Outside tonight: {sentence(outside)} "
                           f"In the church{' (lit)' if self.state.lit else ''}: "
                           f"{sentence(', '.join(inside) or 'no one')}")

    def hide(self) -> None:
        """The Crowbar's crawlspace: no night action can take a hider as its target."""
        for act in self.active("hide"):
            self.hidden.add(act.actor)
            self.spend(act, "use")
            self.log("hiding",
                     f"{act.actor} hides in the crawlspace with the {sentence(act.source)}")
            self.tell(act.actor, "You hid in the crawlspace under the church all night.")
        self.shut_out_hidden()

    def shut_out_hidden(self) -> None:
        """Every action aimed at a hider fails, jails and blocks too; a kill goes on, to fail
        on him as on a protected player, so that its user cannot tell the two apart, and a
        watch goes on, to see who aimed at him as it would at anyone. Any other is used as
        on a player who stayed in and did nothing, and its user told what he would be then:
        the book tells no one that the hider hid."""
        for act in self.acts:
            found = [t for t in act.targets if t in self.hidden and t != act.actor]
            if not act.active or not found or act.effect in ("kill", "watch"):
                continue
            act.active, act.landed = False, True
            self.spend(act, "use")
            if act.power.leaves_church:
                self.sought_hider.add(act.actor)
            self.log("hiding", f"{act.label()} cannot find {found[0]}, who is hidden.")
            if told := self.came_to_nothing(act):
                self.tell(act.actor, told)

    def came_to_nothing(self, act: _Act) -> str:
        """What the user of `act` is told when it finds nothing on its target ("" for an
        action that tells its user nothing): a look at a player who stayed in the church and
        did nothing, a guard over one whom nothing came for, an action aimed at a hider."""
        whom = act.aimed_at
        if act.effect == "investigate":
            if act.power.works_if_target == "out":
                return f"{whom} stayed in the church; you learned nothing."
            if act.power.works_if_target == "in":
                # a player who went out and one who hid are both beyond a look in the church
                return f"{whom} could not be found in the church tonight; you learned nothing."
            # a look the moderator made to work wherever its target is has no empty answer
            # but the Crowbar's: it came to nothing, without a word of why
            return f"You learned nothing about {whom} tonight."
        return {"track": f"{whom} went to: no one.",
                "watch": f"Who came to {whom}: no one.",
                "follow": f"{whom} stayed in the church all night.",
                "bodyguard": f"You stood guard over {whom}; nothing came.",
                # the same words whether he was boarded in, hid or a guard caught it
                "jail": f"You used your {act.source} on {sentence(whom)}"}.get(act.effect, "")

    def land(self) -> None:
        """What is still aimed at someone after the blocks and turns reaches him, or seeks
        him where he hid (a kill, to fail on him)."""
        for act in self.acts:
            if act.active and act.targets:
                act.landed = True

    def bodyguards(self) -> None:
        for knife in self.active("bodyguard"):
            self.spend(knife, "use")
            caught = self.first_aimed_at(knife.target, exclude=knife.actor)
            if caught is None:
                self.log("guarding", f"{knife.label()}: nothing came for {sentence(knife.target)}")
                self.tell(knife.actor, self.came_to_nothing(knife))
                continue
            self.guard_catches(knife, caught)

    def protections(self) -> None:
        for act in self.active("protect"):
            if act.power.works_if_target == "in" and act.target in self.outside:
                self.log("protections", f"{act.label()}: {act.target} left the church; "
                                        "no protection.")
                continue
            self.protected.setdefault(act.target, []).append(act)
            self.log("protections", f"{act.label()} protects {sentence(act.target)}")
        for act in self.active("alert"):
            self.alert.add(act.actor)
            self.spend(act, "use")
            visitors = sorted({a.actor for a in self.acts
                               if a.landed and a.target == act.actor and a.actor != act.actor},
                              key=self.rank)
            self.log("protections", f"{act.actor} is on alert; visitors: "
                                    f"{sentence(', '.join(visitors) or 'none')}")
            for visitor in visitors:
                self.strikes.append(_Act(act.actor, act.source, STRIKE, [visitor]))
            if visitors:
                self.tell(act.actor, f"You fired on everyone who came for you: "
                                     f"{sentence(', '.join(visitors))}")
            else:
                self.tell(act.actor, "You sat up armed all night; no one came.")

    # -- 7: kills ----------------------------------------------------------------------------

    def kills(self) -> None:
        for act in [*self.active("kill"), *self.strikes]:
            victim, chosen = act.target, act.aimed_at
            inside = victim not in self.outside
            if act.power.works_if_target == "out" and inside:
                self.log("kills", f"{act.label()}: {victim} stayed in the church; no shot.")
                self.tell(act.actor, f"{chosen} never came out of the church; you did not fire.")
                continue
            if act.is_scum_kill:
                lit_out = self.state.lit and inside
                if lit_out and chosen not in self.outside:
                    self.tell(act.actor, f"{chosen} stayed in the lit church; the Scum could "
                                         "not kill there tonight.")
                else:
                    self.tell_killer(act)
                if lit_out:
                    self.log("kills", f"{act.label()} fails: {victim} is in the lit church.")
                    continue
            self.spend(act, "attempt")
            if act.effect == "kill" and act.power is not STRIKE and not act.is_scum_kill:
                self.tell(act.actor, f"You fired at {chosen}.")
            if victim in self.hidden:
                self.log("kills", f"{act.label()} fails: {victim} is hidden in the crawlspace.")
                continue
            if act.is_scum_kill and self.relic_turns_away(victim, act.label()):
                continue
            self.attack(victim, act.label())

    def tell_killer(self, act: _Act) -> None:
        """The Scum's killer learns that he made the attempt on the victim he chose, never
        what stopped it nor whose Crucifix drew it: the day's post says who died."""
        self.tell(act.actor, f"You made the Scum's attempt on {act.aimed_at}'s life.")

    def relic_turns_away(self, victim: str, attacker: str) -> bool:
        relics = self.item_powers(victim, "dark_aura")
        if not relics:
            return False
        item, power = relics[0]
        self.spend_power(victim, item, power.name)
        self.log("kills", f"{attacker} fails: {victim} carries the {sentence(item)}")
        return True

    def attack(self, victim: str, attacker: str, *,
               seen_as: str = "someone you could not make out") -> None:
        """One attempt on a life, past the kill's own conditions; witnesses see it, the
        attacker only as `seen_as` (the Avatar is plain to see, a player is not)."""
        if victim in self.killed:
            self.log("kills", f"{attacker}: {victim} is already dead.")
            return
        saved, vest = self.saved_by(victim)
        if saved:
            self.log("kills", f"{attacker} fails on {victim}: {sentence(saved)}")
        else:
            self.killed[victim] = attacker
            self.log("kills", f"{victim} dies: {sentence(attacker)}")
            self.tell(victim, "You were killed in the night.")
        where = self.place(victim)
        if saved and where:
            # seen by whoever is at the place (line 193), he who was attacked among them: a
            # vest's wearer hears it once, with what saved him
            how = f"your {vest} stopped it, and you lived" if vest else "you lived"
            self.tell(victim, f"At {where} {seen_as} attacked you; {how}.")
        elif vest:
            self.tell(victim, f"Your {vest} stopped something that would have killed you.")
        for witness in self.present_at(where) if where else []:
            if witness != victim and witness not in self.killed:
                fate = "lived" if saved else "died"
                self.tell(witness, f"At {where} you saw {seen_as} attack {victim}; "
                                   f"{victim} {fate}.")

    def saved_by(self, victim: str) -> tuple[str, str]:
        """Why an attack on `victim` fails ("" if it does not), and the vest that stopped
        it, if one did: its wearer is told by `attack`."""
        if victim in self.jailed:
            return "locked up", ""
        if victim in self.alert:
            return "on alert", ""
        if victim in self.protected:
            for guard in self.protected[victim]:
                self.spend(guard, "effect")
            return "protected by " + ", ".join(g.label() for g in self.protected[victim]), ""
        for item, power in self.item_powers(victim, "bulletproof"):
            if self.vests_used[victim] < self.hands[victim].count(item):
                self.vests_used[victim] += 1
                # each Vest that stops a death is spent: two worn, two attacks, both gone
                # (`spend_power` counts one use of a power a night, as a Knife's)
                self.spends.append((victim, item, power.name))
                return f"the {item}", item
        return "", ""

    # -- 8: information ----------------------------------------------------------------------

    def visited_by(self, player: str) -> list[str]:
        visits = [a.target for a in self.acts if a.landed and a.actor == player and a.target]
        where = self.place(player)
        return [*dict.fromkeys(visits), *([where] if where else [])]

    def visitors_of(self, player: str) -> list[str]:
        return sorted({a.actor for a in self.acts
                       if a.landed and a.target == player and a.actor != player})

    def information(self) -> None:
        for act in self.active("investigate"):
            target = act.target
            if act.power.works_if_target == "out" and target not in self.outside:
                self.log("information", f"{act.label()}: {target} stayed inside; nothing seen.")
                self.tell(act.actor, self.came_to_nothing(act))
                continue
            if act.power.works_if_target == "in" and target in self.outside:
                self.log("information", f"{act.label()}: {target} went out; nothing seen.")
                self.tell(act.actor, self.came_to_nothing(act))
                continue
            seen = self.appearance(target)
            self.spend(act, "effect")
            self.log("information", f"{act.label()}: {target} reads as {seen.upper()}.")
            self.tell(act.actor, f"{act.aimed_at} is {seen.upper()}.")
        for act in self.active("track"):
            went = self.visited_by(act.target)
            self.log("information", f"{act.label()}: {act.target} went to "
                                    f"{sentence(', '.join(went) or 'no one')}")
            self.tell(act.actor, f"{act.aimed_at} went to: {sentence(', '.join(went))}" if went
                      else self.came_to_nothing(act))
        for act in self.active("watch"):
            came = [v for v in self.visitors_of(act.target) if v != act.actor]
            self.log("information", f"{act.label()}: visitors of {act.target}: "
                                    f"{sentence(', '.join(came) or 'none')}")
            self.tell(act.actor, f"Who came to {act.aimed_at}: {sentence(', '.join(came))}" if came
                      else self.came_to_nothing(act))
        for act in self.active("follow"):
            self.follow(act)

    def follow(self, act: _Act) -> None:
        target = act.target
        if target not in self.outside:
            self.log("information", f"{act.label()}: {target} stayed inside; no trail.")
            self.tell(act.actor, self.came_to_nothing(act))
            self.tell(target, "Someone followed you tonight.")
            return
        where = self.place(target)
        met = [*self.visited_by(target), *self.visitors_of(target),
               *(self.present_at(where) if where else [])]
        names = [m for m in dict.fromkeys(met)
                 if m not in (target, act.actor, where)]
        self.spend(act, "effect")
        trail = sentence(", ".join(names) or "no one")
        self.log("information", f"{act.label()}: {target} met {trail}")
        self.tell(act.actor, f"{act.aimed_at} met: {trail}")
        self.tell(target, "Someone followed you tonight.")

    def seen_at_places(self) -> None:
        """Line 193: one beside a scavenger at a place sees a night kill on him "or other
        visible power", not who used it. The book names no other: which powers are
        visible is the Dealer's call, ticked on each ("Seen at a place"; none of the book's
        items, and none of ours, by default). A kill is told by `attack`."""
        for act in self.acts:
            if not (act.active and act.landed and act.power.seen and act.target
                    and act.effect not in ("kill", "scavenge")):
                continue
            where = self.place(act.target)
            seen_by = [p for p in self.present_at(where) if p not in
                       (act.target, act.actor, *self.killed)] if where else []
            if not seen_by:
                continue
            self.log("information", f"{act.label()} on {act.target} is seen at {where} by "
                                    f"{in_words(seen_by)}.")
            for witness in seen_by:
                self.tell(witness, f"At {where} you saw someone use {act.power.name} on "
                                   f"{act.target}; you could not make out who.")

    # -- 9: scavenging -----------------------------------------------------------------------

    def scavenging(self) -> None:
        for location in self.state.locations:
            went = sorted(self.present_at(location.name), key=self.rank)
            # the kills come first: a scavenger they took leaves the place's list as it was,
            # which the moderator reads here, where he looked for his find
            for dead in (p for p in went if p in self.killed):
                self.log("scavenging", f"{dead} was killed before he could search "
                                       f"{location.name}: nothing is taken there for him.")
            there = [p for p in went if p not in self.killed]
            if not there:
                continue
            carries = {p: self.finds(p) for p in there if self.carries_more(p)}
            result = search(location.entries, there, carries, present=len(went))
            # the place's list as they find it, apart from what each takes (told next)
            held = (f"it holds, next first: {', '.join(location.entries)}"
                    if location.entries else "nothing is left there")
            self.log("scavenging", f"{location.name}: {in_words(there)} "
                                   f"{'search' if len(there) > 1 else 'searches'}; {held}.")
            for player, entry in result.draws:
                self.draw(player, entry, location.name)
            for player in result.empty_handed:
                self.log("scavenging", f"{player} finds {location.name} empty.")
                self.tell(player, f"There was nothing left at {sentence(location.name)}")
            if not result.left:
                # line 183: he who takes the last entry learns nothing is left (he who
                # found it empty was just told so); one beside him saw only what he took
                # (line 191), unless he also saw another come away with nothing
                last = result.draws[-1][0] if result.draws else ""
                for player in there:
                    if (player not in self.killed and player not in result.empty_handed
                            and (player == last or result.empty_handed)):
                        self.tell(player, f"{location.name} has nothing more to find.")
            self.witness_search(there, result.draws, location.name)
            self.rucksacks(there, result.draws)
            self.searched.append(Searched(location.name, len(result.draws), not result.left))

    def carries_more(self, player: str) -> bool:
        return bool(self.item_powers(player, "storage") or self.role_power(player, "storage"))

    def finds(self, player: str) -> int | None:
        """How many finds `player` carries off alone (None: all): the most his carrying
        powers allow, each as the Dealer set it (`powers.finds_of`)."""
        powers = [power for _, power in self.item_powers(player, "storage")]
        role = self.role_power(player, "storage")
        if role is not None:
            powers.append(role)
        counts = [_finds_or_two(power) for power in powers]
        return None if None in counts else max(c for c in counts if c is not None)

    def draw(self, player: str, entry: str, where: str) -> None:
        if entry != AVATAR:
            self.hands.setdefault(player, []).append(entry)
            self.found.append((player, entry, where))
            self.log("scavenging", f"{player} finds the {entry} at {sentence(where)}")
            self.tell(player, f"At {where} you found: {sentence(entry)}")
            item = self.state.item(entry)
            for line in item.card() if item is not None else ():
                self.tell(player, line)
        elif self.night < 3:
            self.log("scavenging", f"{player} meets the {AVATAR} at {where} and flees.")
            self.tell(player, f"At {where} you met the {AVATAR} and fled back to the church "
                              "with nothing more.")
        else:
            self.log("scavenging", f"{player} meets the {AVATAR} at {where}; it kills like "
                                   "the Scum.")
            self.tell(player, f"At {where} you met the {AVATAR}.")
            if not self.relic_turns_away(player, f"the {AVATAR}"):
                self.attack(player, f"the {AVATAR} at {where}", seen_as=f"the {AVATAR}")

    def witness_search(self, there: list[str], draws: Iterable[tuple[str, str]],
                       where: str) -> None:
        if len(there) < 2:
            return
        for player in there:
            others = [o for o in there if o != player]
            seen = [f"{who} {'met the ' + AVATAR if entry == AVATAR else 'took the ' + entry}"
                    for who, entry in draws if who != player]
            self.tell(player, f"At {where} you met {', '.join(others)}"
                              f"{sentence(': ' + '; '.join(seen) if seen else '')}")

    def rucksacks(self, there: list[str], draws: Iterable[tuple[str, str]]) -> None:
        taken = Counter(who for who, entry in draws if entry != AVATAR)
        for player in there:
            if taken[player] > 1:
                for item, power in self.item_powers(player, "storage"):
                    self.spend_power(player, item, power.name)
                    break

    # -- 10 to 12: notes, losses, spending ---------------------------------------------------

    def write_notes(self) -> None:
        for act in [a for a in self.acts if a.effect == "note" and a.active]:
            self.spend(act, "use")
            self.notes.append(act.text)
            self.log("notes", f"{act.actor} leaves a note with the {sentence(act.source)}")
            self.tell(act.actor, f"Your note will be found when Day {self.night + 1} begins.")
            left = self.uses_left(act.actor, act.source) - 1
            # a writer killed tonight keeps nothing (line 195): his Notebook goes with him,
            # so it holds no note more for him to write
            if left > 0 and act.actor not in self.killed:
                more = "one more note" if left == 1 else f"{left} more notes"
                self.tell(act.actor, f"Your {act.source} holds {more}.")

    def confirm_quiet_powers(self) -> None:
        """A power whose result is none of its user's business (a protection, a block, a
        turn, a Crucifix) is named back to him as he sent it, first among his lines, in the
        same words wherever its target was; a stopped one has told him so already."""
        for act in self.acts:
            if (act.effect not in QUIET_EFFECTS or not (act.active or act.landed)
                    or act.actor in self.held_back):
                continue
            item = self.state.item(act.source)
            used = f"your {act.source}" if item is not None else act.power.name
            whom = " and ".join(act.chosen or act.targets)
            self.told.setdefault(act.actor, []).insert(0, f"You used {used} on {sentence(whom)}")
        kill = self.state.kill
        chooser = self.state.player(kill.by) if kill is not None else None
        if kill is not None and chooser is not None and chooser.alive and kill.by != kill.killer:
            # the godfather who chose the kill another carries out hears his choice back
            self.told.setdefault(kill.by, []).insert(
                0, f"You chose the Scum's kill: {kill.target}, carried out by "
                   f"{sentence(kill.killer)}")

    def uses_left(self, player: str, source: str) -> int:
        """The uses the player's copy of the item `source` has left before tonight's."""
        item, holder = self.state.item(source), self.state.player(player)
        if item is None or holder is None:
            return 0
        copy = next((h for h in holder.items if h.item == source), None)
        return item.uses - (copy.used if copy else 0)

    def late_notes(self) -> list[tuple[str, str]]:
        wrote = {a.actor for a in self.acts if a.effect == "note"}
        late = []
        for player in self.killed:
            held = self.item_powers(player, "note")
            if held and player not in wrote and player not in self.held_back:
                late.append((player, held[0][0]))
        return late

    def spent(self) -> list[Spent]:
        spent: list[Spent] = []
        uses: Counter[tuple[str, str]] = Counter()
        for player, source, power in self.spends:
            item = self.state.item(source)
            holder = self.state.player(player)
            if item is None or holder is None or source == holder.role:
                spent.append(Spent(player, source, power))
                continue
            uses[(player, source)] += 1
            copy = next((h for h in holder.items if h.item == source), None)
            done = (copy.used if copy else 0) + uses[(player, source)] >= item.uses
            why = f"its {power} was used" if done else ""
            spent.append(Spent(player, source, power, done, why))
            if done:
                self.log("discards", f"{player}'s {source} is discarded: {sentence(why)}")
                if player not in self.killed:
                    self.tell(player, f"Your {source} is gone.")
        return spent

    def losses(self, spent: Sequence[Spent]) -> list[Lost]:
        lost = []
        for player in self.killed:
            hand = list(self.hands.get(player, []))
            for s in spent:
                if s.player == player and s.discard and s.source in hand:
                    hand.remove(s.source)
            if hand:
                lost.append(Lost(player, tuple(hand)))
                self.log("losses", f"{player}'s items are lost: {sentence(', '.join(hand))}")
        return lost

    def post(self) -> Post:
        lines: list[str] = [f"Night {self.night} is over."]
        if self.state.lit:
            lines.append("The church was lit all night.")
        # the dead in the roster's order, never in the order the kills were resolved: the
        # Scum's kill comes first there, and the thread would learn which death it was
        for victim in (p.name for p in self.state.players if p.name in self.killed):
            role = self.state.role_of(victim)
            lines.append(f"{victim} was found dead. {victim} was {role.title}, "
                         f"{role.alignment.upper()}-aligned.")
        if not self.killed:
            lines.append("No one died in the night.")
        # the notes in the order of their words: the roster's order of their writers would
        # tell the thread where each Notebook's holder sits
        lines.extend(note_line(text) for text in sorted(self.notes, key=str.casefold))
        return Post(f"Day {self.night + 1}", tuple(lines))

    def resolve(self) -> NightOutcome:
        self.gather()
        self.hide()
        self.stoppers()
        self.redirects()
        self.shut_out_hidden()
        self.presence()
        self.land()
        self.bodyguards()
        self.protections()
        self.kills()
        self.information()
        self.seen_at_places()
        self.scavenging()
        self.write_notes()
        # a power spent by use counts every use that was not stopped, whatever its effect
        for act in self.acts:
            if act.active:
                self.spend(act, "use")
        self.confirm_quiet_powers()
        spent = self.spent()
        lost = self.losses(spent)
        for player in self.state.living:
            if player.name not in self.told:
                self.tell(player.name, "Your night passed quietly.")
        return NightOutcome(
            night=self.night,
            steps=tuple(self.steps),
            deaths=tuple(Death(p, cause) for p, cause in self.killed.items()),
            found=tuple(Found(*f) for f in self.found),
            spent=tuple(spent),
            lost=tuple(lost),
            searched=tuple(self.searched),
            notes=tuple(self.notes),
            late_notes=tuple(self.late_notes()),
            # in the roster's order, where the moderator looks for each player
            messages=tuple((p.name, tuple(self.told[p.name])) for p in self.state.players
                           if p.name in self.told),
            post=self.post(),
        )


def note_line(text: str) -> str:
    """A note as the day's post tells it."""
    return f"A note was found: \u201c{text}\u201d"


#: a like action as a tie names it, in the plural
_LIKE = {"kill": "kills", "jail": "jails", "block": "blocks", "protect": "protections",
         "investigate": "investigations", "track": "trackings", "watch": "watches",
         "follow": "followings"}


def lot_ties(state: DustState) -> list[str]:
    """Where tonight's lots decide, as the actions were sent (a turn by Paranoia or a
    Crucifix may still move one as the night resolves), each with the players who compete,
    in the roster's order: a place where two or more scavenge (line 191), and the ties the
    book never names: two or more kills other than the Scum's on one player (stage 6), the
    like actions on one player among which his guard (a Knife, a Crucifix) catches the one
    it stops, and two or more guards on one player (which of them catches first)."""
    night = _Night(state, ())
    night.gather()
    acts = night.acts
    ties = []
    for location in state.locations:
        there = [a.actor for a in acts if a.location == location.name]
        if len(there) > 1:
            ties.append(f"who is served first at {location.name} ({', '.join(there)})")
    for target in dict.fromkeys(a.target for a in acts if a.target):
        aimed = [a for a in acts if a.target == target and a.actor != target]
        kills = [a.actor for a in aimed if a.effect == "kill" and not a.is_scum_kill]
        if len(kills) > 1:
            ties.append(f"the order of the kills on {target} ({', '.join(kills)})")
        guards = [a for a in aimed if a.effect in ("bodyguard", "lightning_rod")]
        holders = {g.actor for g in guards}

        def order(act: _Act) -> tuple[bool, int]:
            return (not act.is_scum_kill, STOP_CATCH.index(act.effect))

        caught = sorted((a for a in aimed if a.effect in STOP_CATCH and a.actor not in holders),
                        key=order)
        if len(guards) > 1 and caught:
            named = ", ".join(f"{g.actor}'s {g.source}" for g in guards)
            ties.append(f"which guard on {target} catches first ({named})")
        # the last action the guards catch is one of a kind with the first they leave
        if guards and len(caught) > len(guards) and (
                order(last := caught[len(guards) - 1]) == order(caught[len(guards)])):
            by = (f"{guards[0].actor}'s {guards[0].source}" if len(guards) == 1
                  else "the guards")
            group = [a.actor for a in caught if order(a) == order(last)]
            ties.append(f"which of the {_LIKE[last.effect]} on {target} {by} catches "
                        f"({', '.join(group)})")
    return ties


def _finds_or_two(power: Power) -> int | None:
    """A carrying power's finds; a count another tool wrote wrong (the checks refuse one
    typed) reads as the app's two, so the night still resolves."""
    try:
        return finds_of(power)
    except ValueError:
        return CARRY_MORE


def resolve_night(state: DustState, lots: Sequence[str]) -> NightOutcome:
    """The whole night, resolved from the choices in `state` and the recorded `lots`."""
    return _Night(state, lots).resolve()
