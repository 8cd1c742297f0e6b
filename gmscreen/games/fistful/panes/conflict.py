"""The Conflict tab: a test step by step. Choose who tests and with what Attribute, the
Challenge, the Stakes and a floating die; the exact odds of every choice of Stakes, with and
without a floating die, are shown before the roll; then roll with the app's dice or type the
table's, and see the result, the Stress, the Luck and the Misfortune. Opposed tests, High
Stakes Duels, Doubling Down and the Judge's other rolls have their keys here too."""

from __future__ import annotations

from dataclasses import fields as settings_fields
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from gmscreen.games.fistful.characters import ATTRIBUTES
from gmscreen.games.fistful.commands import (
    CheckAmmunition,
    CheckMorale,
    ChooseOptionalRules,
    DoubleDown,
    Duel,
    FlipInitiative,
    LoseWealth,
    OpposedTest,
    QuickDraw,
    RollReaction,
    RollTest,
    SetSceneDie,
    Side,
    SpendMisfortune,
    TakeHarm,
)
from gmscreen.games.fistful.conflict import CHALLENGES, HEADS, TAILS, duel_loser, stakes_limit
from gmscreen.games.fistful.harm import COVER, RANGE_BANDS, morale_breaks, morale_dice
from gmscreen.games.fistful.odds import Odds, Result, odds
from gmscreen.games.fistful.panes.form import (
    Field,
    FistfulForm,
    ask,
    coins,
    dice,
    number,
    typed_coin,
    weapon_options,
)
from gmscreen.games.fistful.panes.steps import StepsPane
from gmscreen.games.fistful.state import OPTIONAL_RULES, Character, FistfulState, Settings
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.events import REDO, UNDO
from gmscreen.journal.rules import RuleError

FLOATING = (None, "luck", "background", "judge")
FLOATING_WORDS = {None: "none", "luck": "Luck (player)", "background": "background (player)",
                  "judge": "Misfortune (Judge)"}
CHALLENGE_STEPS = tuple(CHALLENGES.values())
LAST_KINDS = ("test_rolled", "doubled_down", "opposed_test_rolled", "duel_fought",
              "reaction_rolled", "morale_tested", "quick_drawn", "ammunition_checked",
              "initiative_flipped")


#: the reaction total on guard: the NPC warns the posse off, and a d6 is added if they stay
GUARDED = 8

#: the pause between two coins of a High Stakes Duel
COIN_SECONDS = 0.7


def duel_text(data: Any, shown: int) -> Text:
    """A duel with its first `shown` coins face up, taken in turn (challenger first), with
    the running totals; the winner once every coin is up."""
    sides = [(data["challenger"], data["challenger_coins"], data["challenger_limit"]),
             (data["opponent"], data["opponent_coins"], data["opponent_limit"])]
    order = [(s, i) for i in range(max(len(c) for _, c, _ in sides))
             for s in (0, 1) if i < len(sides[s][1])]
    up = set(order[:shown])
    attribute = str(data["attribute"]).title()
    text = Text("High Stakes Duel\n", style="bold")
    for side, (name, coins_, limit) in enumerate(sides):
        faces = [coins_[i] if (side, i) in up else "?" for i in range(len(coins_))]
        total = sum(6 if f == "H" else 1 for f in faces if f != "?")
        text.append(f"{name} ({attribute} {limit}): {' '.join(faces)} = {total}")
        if total > limit:
            text.append("  BUST! One Stress taken.", style="bold red")
        text.append("\n")
    if shown >= len(order):
        text.append(f"{data['winner']} wins and sheds a Stress" if data["winner"]
                    else "Nobody wins", style="bold")
        loser = duel_loser(data["challenger"], data["opponent"], data["winner"])
        if loser is not None:
            text.append(f"\nWhat {loser} loses is the moment's: a gun duel puts them out of "
                        "action, a wager takes their wealth.")
    return text


def percent(chance: Any) -> str:
    return f"{float(chance) * 100:3.0f}%"


def odds_cells(chances: Odds) -> tuple[str, str, str]:
    return percent(chances.success), percent(chances.failure), percent(chances.bust)


class ConflictPane(StepsPane):
    """A test being set up, its odds, and what the last roll came to."""

    DEFAULT_CSS = """
    ConflictPane #ff-setup { height: auto; padding: 0 1; }
    ConflictPane #ff-odds { height: auto; max-height: 9; }
    ConflictPane #ff-result { height: 1fr; padding: 0 1; border-top: solid $primary; }
    """
    #: the footer has 80 columns: it offers the roll and the choices of the moment (Double
    #: only after a plain failure, Float only when a die can float); who tests, the
    #: Attribute and the Challenge are named by their keys on the setup line, and the
    #: Judge's other rolls on its "Keys:" line
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "roll", "Roll", id="fistful.roll", tooltip="The app rolls the dice"),
        Binding("t", "type_roll", "Type", id="fistful.type_roll",
                tooltip="Type the dice the table rolled (and the one taken away)"),
        Binding("d", "double_down", "Double", id="fistful.double_down",
                tooltip="Double down after a plain failure: one more die per Stress"),
        Binding("D", "double_down_typed", "Double down (typed)",
                id="fistful.double_down_typed", show=False),
        Binding("l", "loser_harm", "Harm loser", id="fistful.loser_harm",
                tooltip="The duel's loser takes harm (all their Guts: out of action)"),
        Binding("w", "loser_wealth", "Loser's wealth", id="fistful.loser_wealth",
                tooltip="The wager's loser loses all their Dollars, to the winner or gone"),
        Binding("plus,equals_sign", "stakes(1)", "Stakes", id="fistful.stakes_up",
                key_display="+/-", tooltip="One die more (minus: one fewer)"),
        Binding("minus", "stakes(-1)", "Fewer Stakes", id="fistful.stakes_down", show=False),
        Binding("f", "next_floating", "Float", id="fistful.next_floating",
                tooltip="Floating die: none, a Luck, the background's die, or the Judge's "
                        "Misfortune"),
        Binding("o", "opposed", "Opposed", id="fistful.opposed",
                tooltip="An opposed test or an attack with a weapon"),
        Binding("u", "duel", "Duel", id="fistful.duel", tooltip="A High Stakes Duel by coins"),
        Binding("n", "next_character", "Who", id="fistful.next_character",
                tooltip="The next character to test (N: the one before)", show=False),
        Binding("N", "previous_character", "Who (back)", id="fistful.previous_character",
                show=False),
        Binding("a", "next_attribute", "Attribute", id="fistful.next_attribute", show=False),
        Binding("h", "next_challenge", "Challenge", id="fistful.next_challenge", show=False,
                tooltip="8 simple, 11 standard, 14 hard, 18 daunting"),
        Binding("H", "type_challenge", "Any Challenge", id="fistful.type_challenge",
                show=False),
        Binding("m", "misfortune", "Misfortune", id="fistful.misfortune",
                tooltip="The Judge spends a Misfortune", show=False),
        Binding("i", "initiative", "Initiative", id="fistful.initiative",
                tooltip="Flip for who acts first this round (heads: the posse)", show=False),
        Binding("c", "typed_coin", "Initiative (typed coin)", id="fistful.initiative_typed",
                tooltip="Who acts first this round, by the coin the table flipped",
                show=False),
        Binding("x", "reaction", "Reaction", id="fistful.reaction",
                tooltip="2d6 on the reaction table", show=False),
        Binding("R", "typed_reaction", "Reaction (typed)", id="fistful.reaction_typed",
                tooltip="The table's 2d6 on the reaction table, its d6 added after an 8, and "
                        "the Judge's modifier", show=False),
        Binding("X", "guarded", "Posse stays: add a d6", id="fistful.guarded", show=False,
                tooltip="After a reaction of 8 (on guard) the posse ignores: a d6 more"),
        Binding("g", "morale", "Morale", id="fistful.morale", show=False,
                tooltip="4d6 (5d6 below half Guts) against the side's best Grit"),
        Binding("q", "quick_draw", "Quick draw", id="fistful.quick_draw", show=False,
                tooltip="2d6 above the item's slot"),
        Binding("b", "ammo", "Ammo check", id="fistful.ammo", show=False,
                tooltip="After a firefight: 1-2 on a d6 uses a box"),
        Binding("S", "scene_die", "Scene die", id="fistful.scene_die", show=False,
                tooltip="Scene stakes: the scene's die (the app's or the table's)"),
        Binding("O", "optional_rules", "Optional rules", id="fistful.optional_rules",
                show=False),
    ]
    #: the keys kept off the footer, as the "Keys:" line names them (when they apply)
    MORE_KEYS = (("double_down_typed", "D double down with typed dice"),
                 ("misfortune", "m Misfortune"), ("initiative", "i initiative"),
                 ("typed_coin", "c type the coin"), ("reaction", "x reaction"),
                 ("typed_reaction", "R type a reaction"),
                 ("guarded", "X the posse stays: a d6 more on the reaction"),
                 ("morale", "g morale"),
                 ("quick_draw", "q quick draw"), ("ammo", "b ammo"),
                 ("scene_die", "S scene die"), ("optional_rules", "O optional rules"))
    #: the steps that need someone to test
    TESTING = frozenset({"roll", "type_roll", "stakes", "next_character",
                         "previous_character", "next_attribute", "next_challenge",
                         "type_challenge", "quick_draw"})

    def why_not(self, action: str) -> str | None:
        state = self.state
        who = self.current()
        if action in self.TESTING and who is None:
            return self._nobody()
        if action in ("double_down", "double_down_typed"):
            test = state.open_test
            if test is None or test.result is not Result.FAILURE:
                return "Doubling Down follows a plain failure of a simple test (not a Bust)."
            if self._double_down_count() == 0:
                return (f"{test.name} has no Stress: Doubling Down rolls one die per point "
                        "of Stress.")
        if action == "loser_harm" and self._duel_loser() is None:
            return ("Harm for a duel's loser follows a High Stakes Duel someone won, "
                    "before the next step.")
        if action == "loser_wealth":
            loser = self._duel_loser(harmed=False)
            if loser is None:
                return ("A wager's loser loses their wealth right after a High Stakes Duel "
                        "someone won, before the next step.")
            if loser.dollars < 1:
                return f"{loser.name} has no Dollars to lose."
        if action == "next_floating" and len(self.floating_choices()) == 1:
            return self._no_floating(who)
        if action in ("opposed", "duel") and len(self.able()) < 2:
            return "An opposed test or a duel needs two characters able to act."
        if action == "guarded" and self._guarded() is None:
            return (f"A d6 is added only to a reaction of {GUARDED} (on guard) when the posse "
                    "stays: roll the reaction with x first.")
        if action == "misfortune" and state.misfortune == 0:
            return "The Judge has no Misfortune banked (doubles on a failure give one)."
        if action == "scene_die" and not state.settings.scene_stakes:
            return "Scene stakes is an optional rule that is off (O turns it on)."
        if action == "morale" and not self._morale_npcs():
            return "Morale is for NPCs: no NPC's side has anyone standing."
        if action == "quick_draw" and who is not None and not who.equipment:
            return f"{who.name} carries nothing to draw."
        return None

    def floating_choices(self) -> tuple[str | None, ...]:
        """None, then each floating die the one testing can have now."""
        who = self.current()
        if who is None or who.is_npc:
            return (None,)
        able = {"luck": who.luck > 0, "background": not who.background_used,
                "judge": self.state.misfortune > 0}
        return (None, *(f for f in FLOATING[1:] if f is not None and able[f]))

    def _no_floating(self, who: Character | None) -> str:
        if who is None:
            return self._nobody()
        if who.is_npc:
            return "NPCs float no dice: Luck, backgrounds and Misfortune are for the posse."
        return (f"No die can float: {who.name} has no Luck, the background's die is used "
                "this session, and the Judge has no Misfortune.")

    def __init__(self) -> None:
        super().__init__()
        self.who = 0
        self.attribute = "grit"
        self.challenge = CHALLENGES["standard"]
        self.stakes = 3
        self.floating: str | None = None
        #: what the odds table shows now: (Attribute, Challenge, Stakes limit)
        self._odds_for: tuple[int, int, int] | None = None
        #: the newest duel shown whole at once (None until the first redraw)
        self._duel_seen: int | None = None
        #: coins of a new duel turned so far (None: none being turned)
        self._flipping: int | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="ff-setup", markup=False)
        yield DataTable(id="ff-odds", cursor_type="row", zebra_stripes=True)
        yield Static(id="ff-result", markup=False)

    def on_mount(self) -> None:
        table = self.query_one("#ff-odds", DataTable)
        table.add_columns("Dice", "Success", "Fail", "Bust", "+Luck S", "F", "B",
                          "+Judge S", "F", "B")
        self.redraw()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    @property
    def state(self) -> FistfulState:
        assert self.campaign is not None
        state: FistfulState = self.campaign.state
        return state

    def able(self) -> list[Character]:
        """Who can test or duel now: not dead, not gone, not out of action at 0 Guts."""
        return [c for c in self.state.characters
                if not c.dead and not c.out_of_play and not c.out_of_action]

    def _nobody(self) -> str:
        if not self.state.characters:
            return "Nobody can test yet: make characters on the Characters tab."
        return ("Nobody can test: everyone is dead, out of play or out of action (the "
                "Characters tab revives).")

    def current(self) -> Character | None:
        people = self.able()
        return people[self.who % len(people)] if people else None

    def limit(self) -> int:
        who = self.current()
        return stakes_limit(who.stress) if who else 0

    # -- drawing -----------------------------------------------------------------------------

    def redraw(self) -> None:
        if self.campaign is None:
            return
        who = self.current()
        if who is not None:
            self.stakes = min(max(self.stakes, 1), max(self.limit(), 1))
        if self._duel_seen is None:
            # the duels already in the journal are shown whole; only a new one is turned
            self._duel_seen = max((e.seq for e in self.campaign.events
                                   if e.kind.endswith("duel_fought")), default=0)
        if self.floating not in self.floating_choices():
            self.floating = None  # spent, or another character tests now
        self.redraw_odds()
        self.query_one("#ff-setup", Static).update(self.setup_text())
        self.query_one("#ff-result", Static).update(self.last_result())

    def setup_text(self) -> Text:
        who = self.current()
        setup = Text()
        if who is None:
            setup.append(self._nobody())
            return setup
        name = next((k for k, v in CHALLENGES.items() if v == self.challenge), "any")
        # each choice with its key, so the footer can keep to the roll and the Stakes
        setup.append(who.name, style="bold")
        setup.append(f" (n) tests {self.attribute.title()} {who.attribute(self.attribute)} (a)"
                     f" against Challenge {self.challenge} {name} (h, H any), Stakes "
                     f"{self.stakes} of {max(self.limit(), 1)} (+/-)")
        floating = (f"Floating die (f): {FLOATING_WORDS[self.floating]}.  "
                    if len(self.floating_choices()) > 1 else "No die can float.  ")
        setup.append(f"\n{floating}")
        setup.append(f"Luck {who.luck}, Stress {who.stress}, Guts {who.guts}/"
                     f"{who.guts_max}; the Judge's Misfortune {self.state.misfortune}")
        if self.state.settings.scene_stakes and self.state.scene_die:
            setup.append(f"; scene die {self.state.scene_die}")
        more = [words for action, words in self.MORE_KEYS if self.why_not(action) is None]
        setup.append(f"\nKeys: {', '.join(more)} (all in ctrl+p)", style="dim")
        return setup

    def redraw_odds(self) -> None:
        """The odds of every choice of Stakes; rebuilt only when what they depend on moves."""
        who = self.current()
        table = self.query_one("#ff-odds", DataTable)
        key = (who.attribute(self.attribute), self.challenge, self.limit()) if who else None
        if key != self._odds_for:
            self._odds_for = key
            table.clear()
            if key is not None:
                value, challenge, limit = key
                for count in range(1, max(limit, 1) + 1):
                    table.add_row(str(count), *odds_cells(odds(count, value, challenge)),
                                  *odds_cells(odds(count, value, challenge, "player")),
                                  *odds_cells(odds(count, value, challenge, "judge")),
                                  key=str(count))
        if table.row_count:
            table.move_cursor(row=self.stakes - 1)

    def last_result(self) -> Text:
        """The newest roll in full (a duel's coins as far as they are shown yet), then the
        earlier ones, newest first."""
        text = Text()
        assert self.campaign is not None
        shown = [e for e in self.campaign.events
                 if e.kind.removeprefix("fistful.") in LAST_KINDS
                 and not self.campaign.is_undone(e)]
        if not shown:
            text.append("No roll yet. r rolls with the app's dice; t types the table's.")
            return text
        event = shown[-1]
        text.append(f"#{event.seq} ", style="bold")
        data = event.data
        if event.kind.endswith("duel_fought"):
            text.append_text(duel_text(data, self._coins_shown(event.seq, data)))
            offers = [words for action, words in (("loser_harm", "l: harm for the loser"),
                                                  ("loser_wealth", "w: their wealth"))
                      if self.why_not(action) is None]
            if offers:
                text.append(f" {'; '.join(offers)}.", style="bold")
            loser = self.state.character(
                duel_loser(data["challenger"], data["opponent"], data["winner"]) or "")
            if loser is not None and loser.out_of_action and not loser.dead:
                # the loser no longer tests: say where they went and what comes next
                text.append(f"\n{loser.name} is out of action at 0 Guts: o on the Characters "
                            "tab rolls what befalls them.", style="bold")
        else:
            text.append(self.campaign.describe(event))
        if event.kind.endswith(("test_rolled", "doubled_down")) and "result" in data:
            result = data["result"]
            text.append("\n")
            style = {"success": "bold green", "failure": "bold yellow", "bust": "bold red"}
            words = {"success": "SUCCESS", "failure": "FAILURE", "bust": "BUST!"}
            if event.kind.endswith("doubled_down") and result == "failure":
                words["failure"] = "CATASTROPHE"  # doubling down leaves no plain failure
            text.append(words[result], style=style[result])
            if result == "bust":
                text.append(" One Stress taken.")
            open_test = self.state.open_test
            if (open_test is not None and open_test.result is Result.FAILURE
                    and event.kind.endswith("test_rolled")):
                who = self.state.character(open_test.name)
                if who is not None and who.stress:
                    text.append(f"  d: double down with {who.stress} more "
                                f"{'die' if who.stress == 1 else 'dice'} (the Judge gains a "
                                "Misfortune).")
        if len(shown) > 1:
            text.append("\n\nEarlier", style="bold")
            for earlier in reversed(shown[-13:-1]):
                text.append(f"\n#{earlier.seq} {self.campaign.describe(earlier)}")
        return text

    def _coins_shown(self, seq: int, data: Any) -> int:
        """How many coins of a duel are face up: all of an old duel; a new one's are turned
        one at a time, so the table can watch the totals climb."""
        every = len(data["challenger_coins"]) + len(data["opponent_coins"])
        if self._duel_seen is None or seq <= self._duel_seen:
            return every
        if self._flipping is None:
            self._flipping = 0
            self.set_timer(COIN_SECONDS, self._turn_coin)
        if self._flipping >= every:
            self._duel_seen, self._flipping = seq, None
            return every
        return self._flipping

    def _turn_coin(self) -> None:
        if self._flipping is None:
            return
        self._flipping += 1
        self.query_one("#ff-result", Static).update(self.last_result())
        if self._flipping is not None:
            self.set_timer(COIN_SECONDS, self._turn_coin)
        else:
            self.screen.refresh_bindings()  # the last coin is up: the loser's harm is offered

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None and self.current() is not None:
            self.stakes = int(event.row_key.value)
            self.query_one("#ff-setup", Static).update(self.setup_text())

    # -- setting up the test -----------------------------------------------------------------

    def action_next_character(self) -> None:
        self.who += 1
        self.redraw()

    def action_previous_character(self) -> None:
        self.who -= 1
        self.redraw()

    def action_next_attribute(self) -> None:
        self.attribute = ATTRIBUTES[(ATTRIBUTES.index(self.attribute) + 1) % len(ATTRIBUTES)]
        self.redraw()

    def action_next_challenge(self) -> None:
        later = [c for c in CHALLENGE_STEPS if c > self.challenge]
        self.challenge = later[0] if later else CHALLENGE_STEPS[0]
        self.redraw()

    def action_type_challenge(self) -> None:
        def chosen(v: dict[str, str]) -> None:
            value = number(v["challenge"], "Challenge", "challenge")
            if value < 0:
                raise RuleError("Challenge", "a Challenge is 0 or more", field="challenge")
            self.challenge = value
            self.redraw()

        ask(self, FistfulForm("Any Challenge", [Field("challenge", "Challenge",
                                                      value=str(self.challenge))]), chosen)

    def action_stakes(self, change: int) -> None:
        self.stakes = min(max(self.stakes + change, 1), max(self.limit(), 1))
        self.redraw()

    def action_next_floating(self) -> None:
        choices = self.floating_choices()
        at = choices.index(self.floating) if self.floating in choices else 0
        self.floating = choices[(at + 1) % len(choices)]
        self.redraw()

    # -- rolling -----------------------------------------------------------------------------

    def _thrown(self) -> int:
        scene = self.state.settings.scene_stakes and self.state.scene_die
        return self.stakes - (1 if scene else 0) + (1 if self.floating else 0)

    def _test(self, rolled: tuple[int, ...], removed: int | None = None) -> RollTest | None:
        who = self.current()
        if who is None:
            return None
        return RollTest(who.name, self.attribute, self.challenge, self.stakes, rolled,
                        self.floating, removed)

    def action_roll(self) -> None:
        if self.current() is None:
            return
        command = self._test(dice(self, "", self._thrown(), "test"))
        if command is not None:
            self.send(command)

    def action_type_roll(self) -> None:
        def made(v: dict[str, str]) -> RollTest | None:
            removed = number(v["removed"], "Floating die", "removed") if v.get("removed") else None
            return self._test(dice(self, v["dice"], self._thrown(), "test"), removed)

        fields = [Field("dice", f"{self._thrown()} dice")]
        if self.floating:
            fields.append(Field("removed", "Face taken away",
                                placeholder="blank: the best (or, for the Judge, worst)"))
        ask(self, FistfulForm("The table's dice", fields), made)

    def _double_down_count(self) -> int:
        test = self.state.open_test
        who = self.state.character(test.name) if test else None
        return who.stress if who else 0

    def action_double_down(self) -> None:
        count = self._double_down_count()
        if self.state.settings.coin_double_down:
            flipped = coins(self, "", count, "double")
            self.send(DoubleDown(tuple(HEADS if c == "H" else TAILS for c in flipped)))
        else:
            self.send(DoubleDown(dice(self, "", count, "double")))

    def action_double_down_typed(self) -> None:
        count = self._double_down_count()
        if self.state.settings.coin_double_down:
            # Double or Nothing coins: the table's coins, heads 6 and tails 1
            ask(self, FistfulForm("Double down: the table's coins", [
                Field("dice", f"{count} coins", placeholder="H or T each")]),
                lambda v: DoubleDown(tuple(HEADS if c == "H" else TAILS for c in coins(
                    self, v["dice"], count, "double"))))
            return
        ask(self, FistfulForm("Double down: the table's dice", [
            Field("dice", f"{count} dice")]),
            lambda v: DoubleDown(dice(self, v["dice"], count, "double")))

    def _people(self, *, npcs: bool = True) -> list[tuple[str, str]]:
        return [(c.name, c.name) for c in self.able() if npcs or not c.is_npc]

    def _other_side(self) -> str:
        """Who the one testing most likely faces: the first able character of the other
        side (a posse member faces an NPC), so the form starts filled."""
        who = self.current()
        if who is None:
            return ""
        others = [c for c in self.able() if c.name != who.name]
        facing = [c for c in others if c.is_npc != who.is_npc] or others
        return facing[0].name if facing else ""

    def action_opposed(self) -> None:
        attributes = [(a.title(), a) for a in ATTRIBUTES]
        arms = weapon_options()
        bands = [(b, b) for b in RANGE_BANDS]
        covers = [(c, c) for c in COVER]
        who = self.current()

        def made(v: dict[str, str]) -> OpposedTest:
            a_stakes = number(v["a_stakes"], "Stakes", "a_stakes")
            o_stakes = number(v["o_stakes"], "Stakes", "o_stakes")
            active = Side(v["active"], v["a_attribute"] or "gumption", a_stakes,
                          dice(self, v["a_dice"], a_stakes, "active", "a_dice"))
            opposition = Side(v["opposition"], v["o_attribute"] or "grace", o_stakes,
                              dice(self, v["o_dice"], o_stakes, "opposition", "o_dice"))
            return OpposedTest(active, opposition, v["weapon"] or None,
                               v["band"] or "Close", v["cover"] or "none")

        ask(self, FistfulForm("Opposed test (the opposition's total is the Challenge)", [
            Field("active", "Active side", self._people(), who.name if who else ""),
            Field("a_attribute", "its Attribute", attributes, "gumption"),
            Field("a_stakes", "its Stakes", value=str(self.stakes)),
            Field("a_dice", "its dice", placeholder="blank: the app rolls"),
            Field("opposition", "Opposition", self._people(), self._other_side()),
            Field("o_attribute", "its Attribute", attributes, "grace"),
            Field("o_stakes", "its Stakes", value="3"),
            Field("o_dice", "its dice", placeholder="blank: the app rolls"),
            Field("weapon", "Weapon (attack)", arms), Field("band", "Range", bands, "Close"),
            Field("cover", "Cover", covers, "none")]), made)

    def action_duel(self) -> None:
        def made(v: dict[str, str]) -> Duel:
            a = coins(self, v["a_coins"], number(v["a_stakes"], "Stakes", "a_stakes"), "duel-a")
            b = coins(self, v["b_coins"], number(v["b_stakes"], "Stakes", "b_stakes"), "duel-b")
            return Duel(v["challenger"], a, v["opponent"], b, v["attribute"] or "gumption")

        who = self.current()

        ask(self, FistfulForm("High Stakes Duel: coins, heads 6, tails 1; no Luck", [
            Field("attribute", "Attribute", [(a.title(), a) for a in ATTRIBUTES], "gumption"),
            Field("challenger", "Challenger", self._people(), who.name if who else ""),
            Field("a_stakes", "Stakes (coins)", value="3"),
            Field("a_coins", "Coins", placeholder="blank: the app flips, e.g. HTH"),
            Field("opponent", "Opponent", self._people(), self._other_side()),
            Field("b_stakes", "Stakes (coins)", value="3"),
            Field("b_coins", "Coins", placeholder="blank: the app flips")]), made)

    def _duel_loser(self, harmed: bool = True) -> Character | None:
        """The loser of a duel that is the newest step, its coins all shown, alive (and, for
        `harmed`, with Guts to lose); None otherwise."""
        assert self.campaign is not None
        # an undo or redo is not a step: the duel before one is still the newest
        newest = next((e for e in reversed(self.campaign.events)
                       if e.kind not in (UNDO, REDO) and not self.campaign.is_undone(e)), None)
        if newest is None or not newest.kind.endswith("duel_fought"):
            return None
        if self._duel_seen is not None and newest.seq > self._duel_seen:
            return None  # its coins are still being turned
        data = newest.data
        name = duel_loser(data["challenger"], data["opponent"], data["winner"])
        who = self.state.character(name) if name else None
        if who is None or who.dead or (harmed and who.guts < 1):
            return None
        return who

    def action_loser_harm(self) -> None:
        loser = self._duel_loser()
        if loser is None:
            return
        ask(self, FistfulForm(f"{loser.name} lost the duel: the harm is the moment's", [
            Field("name", "Who", [(loser.name, loser.name)], loser.name),
            Field("amount", "Guts lost", value=str(loser.guts),
                  placeholder="all their Guts: out of action"),
            Field("why", "Why", value="lost a High Stakes Duel")]),
            lambda v: TakeHarm(v["name"], number(v["amount"], "Harm", "amount"), v["why"]))

    def action_loser_wealth(self) -> None:
        loser = self._duel_loser(harmed=False)
        if loser is None:
            return
        assert self.campaign is not None
        duel = next(e for e in reversed(self.campaign.events)
                    if e.kind.endswith("duel_fought") and not self.campaign.is_undone(e))
        winner = str(duel.data["winner"])

        def made(v: dict[str, str]) -> LoseWealth:
            return LoseWealth(v["name"], winner if v["to"] == "winner" else "", v["why"])

        ask(self, FistfulForm(f"{loser.name} lost the wager: all their ${loser.dollars}", [
            Field("name", "Who", [(loser.name, loser.name)], loser.name),
            Field("to", "The Dollars go", [(f"to {winner}", "winner"), ("gone", "gone")],
                  "winner"),
            Field("why", "Why", value="lost a High Stakes Duel")]), made)

    def action_misfortune(self) -> None:
        ask(self, FistfulForm("The Judge spends a Misfortune", [
            Field("why", "On what"),
            Field("on", "On whom", self._people())], hint="On whom: blank for nobody in "
                                                          "particular"),
            lambda v: SpendMisfortune(v["why"], v["on"]))

    def action_initiative(self) -> None:
        self.send(FlipInitiative(coins(self, "", 1, "initiative")))

    def action_typed_coin(self) -> None:
        typed_coin(self)

    def action_reaction(self) -> None:
        faces = dice(self, "", 2, "reaction")
        self.send(RollReaction((faces[0], faces[1])))

    def action_typed_reaction(self) -> None:
        def made(v: dict[str, str]) -> RollReaction:
            faces = dice(self, v["dice"], 2, "reaction")
            if len(faces) != 2:
                raise RuleError("Reaction", "type the two dice of 2d6", field="dice")
            extra = number(v["extra"], "Reaction", "extra", 0)
            modifier = number(v["modifier"].lstrip("+"), "Reaction", "modifier", 0)
            return RollReaction((faces[0], faces[1]), extra, modifier)

        ask(self, FistfulForm("Reaction: the table's dice", [
            Field("dice", "2d6"),
            Field("extra", f"d6 after an {GUARDED}",
                  placeholder="the posse stayed: its d6 (blank: none)"),
            Field("modifier", "Judge's modifier", placeholder="+2 or -1 (knows of them)")]),
            made)

    def _guarded(self) -> tuple[int, int, int] | None:
        """The dice and the Judge's modifier of the newest reaction when it is on guard with
        no die added yet."""
        assert self.campaign is not None
        reactions = [e for e in self.campaign.events if e.kind == "fistful.reaction_rolled"
                     and not self.campaign.is_undone(e)]
        if not reactions:
            return None
        data = reactions[-1].data
        if data["total"] != GUARDED or data["extra"]:
            return None
        return (data["dice"][0], data["dice"][1], data.get("modifier", 0))

    def action_guarded(self) -> None:
        guarded = self._guarded()
        if guarded is not None:
            first, second, modifier = guarded
            self.send(RollReaction((first, second), dice(self, "", 1, "reaction")[0],
                                   modifier))

    def _morale_npcs(self) -> list[Character]:
        """The NPCs whose side has someone standing to test its morale."""
        return [c for c in self.state.npcs
                if not (c.dead or c.out_of_play) and self.state.morale_leader(c) is not None]

    def action_morale(self) -> None:
        npcs = [(c.name + (f" ({c.side})" if c.side else ""), c.name)
                for c in self._morale_npcs()]

        def made(v: dict[str, str]) -> CheckMorale:
            who = self.state.character(v["name"])
            if who is None:
                raise RuleError("Morale", "choose the NPC whose side is tested", field="name")
            leader = self.state.morale_leader(who)
            rolled = dice(self, v["dice"], morale_dice(who.guts, who.guts_max), "morale")
            # the coin only matters to a side that breaks
            coin = ""
            if leader is not None and morale_breaks(rolled, leader.grit):
                coin = coins(self, "", 1, "morale") if v["coin"] == "flip" else v["coin"]
            return CheckMorale(who.name, rolled, coin)

        ask(self, FistfulForm("Morale: 4d6 (5d6 below half Guts) against the side's best "
                              "Grit", [
            Field("name", "NPC", npcs),
            Field("dice", "Dice", placeholder="blank: app"),
            Field("coin", "If they break", [("the app flips: H flee, T surrender", "flip"),
                                            ("H: they flee", "H"),
                                            ("T: they surrender", "T")])],
            hint="If they break, blank: the story says whether they flee or surrender"),
            made)

    def action_quick_draw(self) -> None:
        who = self.current()
        items = [(f"{i.slot}: {i.name}", i.name) for i in who.equipment] if who else []

        def made(v: dict[str, str]) -> QuickDraw | None:
            if who is None:
                return None
            faces = dice(self, v["dice"], 2, "draw")
            if len(faces) != 2:
                raise RuleError("Quick draw", "type the two dice of 2d6", field="dice")
            return QuickDraw(who.name, v["item"], (faces[0], faces[1]))

        ask(self, FistfulForm("Quick draw: 2d6 above the slot", [
            Field("item", "Item", items), Field("dice", "2d6", placeholder="blank: app")]),
            made)

    def action_ammo(self) -> None:
        ask(self, FistfulForm("Ammunition after the firefight", [
            # an ammunition check follows the fight: the ones knocked out of it count too
            Field("name", "Who", [(c.name, c.name) for c in self.state.characters
                                  if not c.dead]),
            Field("face", "d6", placeholder="blank: app")]),
            lambda v: CheckAmmunition(v["name"], dice(self, v["face"], 1, "ammo", "face")[0]))

    def action_scene_die(self) -> None:
        ask(self, FistfulForm("Scene stakes: the scene's die", [
            Field("face", "d6", placeholder="blank: the app rolls")]),
            lambda v: SetSceneDie(dice(self, v["face"], 1, "scene", "face")[0]))

    def action_optional_rules(self) -> None:
        current = {f.name: getattr(self.state.settings, f.name)
                   for f in settings_fields(self.state.settings)}
        yes_no = [("on", "on"), ("off", "off")]
        fields = [Field(key, words.split(":")[0], yes_no, "on" if current[key] else "off")
                  for key, words in OPTIONAL_RULES.items()]
        ask(self, FistfulForm("Optional rules", fields),
            lambda v: ChooseOptionalRules(Settings(
                **{k: v[k] == "on" for k in OPTIONAL_RULES})))
