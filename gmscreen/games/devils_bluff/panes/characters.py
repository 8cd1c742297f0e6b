"""The Characters tab: the gangs' rosters with their profiles, and the builder.

The builder sends each model to the rules, which refuse one that breaks a rule of the
module (gang size, perks, abilities, the one-off or campaign make-up) and name the rule.
Below the rosters: the set-up and its settings, and the record of games played. Hiring from
a pool starts with a roll-off (p), drawn by the app or typed from the table's cards (P).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from gmscreen.games.devils_bluff.commands import (
    ChooseSetUp,
    CloseAftermath,
    Dismiss,
    Enlist,
    FoundGang,
    GainLevel,
    KeepHired,
    RollOffForPicks,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import LEADER, Recruit, abilities, gun_names, perks, units
from gmscreen.games.devils_bluff.panes.form import (
    BluffForm,
    ask,
    check,
    choose,
    many,
    one_of,
    text,
)
from gmscreen.games.devils_bluff.panes.steps import StepPane
from gmscreen.games.devils_bluff.rules import (
    why_not_after_game,
    why_not_dismiss,
    why_not_enlist,
    why_not_found_gang,
    why_not_roll_off,
    why_not_set_up,
)
from gmscreen.games.devils_bluff.state import (
    DevilsBluffState,
    Fighter,
    setting_table,
    settings_in_words,
)
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError


def fighter_row(player: str, fighter: Fighter) -> tuple[Text, ...]:
    p = fighter.profile
    recruit = fighter.recruit
    unit = "Leader" if recruit.unit == LEADER else "Gun" + (" (hired)" if recruit.hired else "")
    return (Text(fighter.name), Text(unit), Text(recruit.weapon),
            Text(str(recruit.levels)), Text(str(p.mov)), Text(f"{p.skl}+"),
            Text(f"{p.defence}+"), Text(f"{p.cmd}+"), Text(str(p.hp)), Text(player),
            Text(", ".join((*recruit.perks, *([recruit.ability] if recruit.ability else []))
                           ) or "-"))


#: the aftermath's steps, and the rule each comes under
AFTER = {"level": "Experience", "keep": "Joining for good", "close_aftermath": "Aftermath"}
#: the steps taken on the highlighted model, and the rule each comes under
ON_MODEL = {"dismiss": "Roster", "level": "Experience", "keep": "Joining for good"}


def levels(n: int) -> str:
    return f"{n} level" + ("" if n == 1 else "s")


class CharactersPane(StepPane):
    """Both gangs, model by model; the selected model's profile and rules in full."""

    DEFAULT_CSS = """
    CharactersPane DataTable { height: 1fr; }
    CharactersPane #bluff-roster-detail { height: 8; border-top: solid $primary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "set_up", "Set-up", id="devils_bluff.set_up",
                tooltip="Campaign or one-off, hiring method and the settings"),
        Binding("o", "found_gang", "Found gang", id="devils_bluff.found_gang"),
        Binding("e", "enlist", "Enlist", id="devils_bluff.enlist",
                tooltip="Add a leader, a custom gunslinger or a hired gun"),
        Binding("x", "dismiss", "Dismiss", id="devils_bluff.dismiss",
                tooltip="Take the selected model off its roster"),
        Binding("p", "roll_off", "Roll off for picks", id="devils_bluff.roll_off",
                tooltip="Hiring from a pool: who picks first"),
        Binding("P", "roll_off(True)", "Roll off for picks, typed cards",
                id="devils_bluff.roll_off_typed", show=False,
                tooltip="Hiring from a pool: the roll-off with the cards the table drew"),
        Binding("l", "level", "Gain level", id="devils_bluff.level",
                tooltip="After a campaign game: a perk (and an ability at 3)"),
        Binding("k", "keep", "Keep hired", id="devils_bluff.keep",
                tooltip="After a campaign game: the selected hired gun joins for good"),
        Binding("c", "close_aftermath", "Close aftermath", id="devils_bluff.close_aftermath",
                tooltip="The hired guns not kept move on"),
    ]

    def why_not(self, action: str, parameters: tuple[object, ...]) -> RuleError | None:
        """The rules' reason a step does not apply now (see `StepPane`): the set-up before
        the first game, the rosters between games, the aftermath after a campaign game."""
        state = self.state
        if state is None:
            return None
        asks = {"set_up": why_not_set_up, "found_gang": why_not_found_gang,
                "enlist": why_not_enlist, "dismiss": why_not_dismiss,
                "roll_off": why_not_roll_off}
        if action in AFTER:
            refusal = why_not_after_game(state, AFTER[action])
        elif action in asks:
            refusal = asks[action](state)
        else:
            return None
        if refusal is None and action in ON_MODEL and not self.selected():
            return RuleError(ON_MODEL[action], "highlight a model first")
        return refusal

    def compose(self) -> ComposeResult:
        yield DataTable(id="bluff-roster", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="bluff-roster-detail"):
            yield Static(id="bluff-roster-text", markup=False)

    def on_mount(self) -> None:
        table = self.query_one("#bluff-roster", DataTable)
        table.add_columns("Model", "Unit", "Weapon", "Lv", "MOV", "SKL", "DEF", "CMD", "HP",
                          "Player", "Perks and ability")
        self.redraw()

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        if self.is_mounted:
            self.redraw()

    @property
    def state(self) -> DevilsBluffState | None:
        return self.campaign.state if self.campaign is not None else None

    def redraw(self) -> None:
        state = self.state
        if state is None:
            return
        table = self.query_one("#bluff-roster", DataTable)
        row = table.cursor_row
        table.clear()
        for gang in state.gangs:
            for fighter in gang.fighters:
                table.add_row(*fighter_row(gang.player, fighter), key=fighter.name)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self.describe()

    def selected(self) -> str | None:
        table = self.query_one("#bluff-roster", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(key) if key is not None else None

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.describe()

    def describe(self) -> None:
        state = self.state
        if state is None:
            return
        out = Text()
        name = self.selected()
        found = state.find(name) if name else None
        if found is not None:
            gang, fighter = found
            p = fighter.profile
            out.append(f"{fighter.name}", style="bold")
            out.append(f" of {gang.name} ({gang.player}): {fighter.recruit.unit}, "
                       f"{levels(fighter.recruit.levels)}, {fighter.recruit.weapon}")
            if p.rules:
                out.append(f"; rules: {', '.join(p.rules)}")
            if fighter.recruit.ability:
                out.append(f"\n{fighter.recruit.ability}: "
                           f"{abilities()[fighter.recruit.ability].summary}")
            out.append("\n")
        if not state.mode:
            out.append("No set-up yet: press m to choose a campaign or a one-off.\n")
        else:
            out.append(f"A {state.mode}, hiring by {state.hiring}. ")
            out.append(f"Settings: {settings_in_words(state.settings)}.\n")
        for gang in state.gangs:
            out.append(f"{gang.name} ({gang.player}): {len(gang.fighters)} of 10 models. ")
        if state.aftermath is not None:
            out.append(f"\nAfter game {state.aftermath.game}: levels gained by "
                       f"{', '.join(state.aftermath.levelled) or 'nobody yet'}.")
        for record in state.record:
            scores = ", ".join(f"{p} {s}" for p, s in record.scores)
            out.append(f"\nGame {record.number}: {scores}; "
                       f"{record.winner + ' won' if record.winner else 'a draw'}"
                       + (f" ({record.note})" if record.note else ""))
        self.query_one("#bluff-roster-text", Static).update(out)

    # -- actions -----------------------------------------------------------------------------

    def action_set_up(self) -> None:
        fields = [choose("mode", "Play", ["one-off", "campaign"], "one-off"),
                  choose("hiring", "Hiring", ["controlled choice", "pool"],
                         "controlled choice")]
        fields += [choose(s.key, s.name, list(zip(s.words, map(str, s.choices), strict=True)),
                          str(s.default), s.about)
                   for s in setting_table()]
        # each choice reads as a rule, so a short note does: all the explanations would
        # push the choices off an 80x24 screen, so only the focused one's is shown
        note = ("Points the rules leave open. Each starts at Open Fire's first rules; "
                "agree any change before the first game. The one you are on is explained "
                "below.")

        def made(values: dict[str, Any]) -> ChooseSetUp:
            settings = []
            for s in setting_table():
                chosen = values.get(s.key) or str(s.default)
                settings.append((s.key, next(c for c in s.choices if str(c) == chosen)))
            return ChooseSetUp(values["mode"], values["hiring"] or "controlled choice",
                               tuple(settings))
        ask(self, BluffForm("Set-up", fields, note), made)

    def action_found_gang(self) -> None:
        ask(self, BluffForm("Found a gang", [text("player", "Player"), text("name", "Gang")]),
            lambda v: FoundGang(v["player"], v["name"]))

    def action_enlist(self) -> None:
        state = self.state
        if state is None:
            return
        players = [g.player for g in state.gangs]
        fields = [one_of("player", "Gang of", players, players[0] if players else ""),
                  text("name", "Name"),
                  one_of("unit", "Unit", list(units()), "Gunslinger"),
                  choose("weapon", "Weapon", gun_names(), "Revolver"),
                  check("hired", "Hired gun", True),
                  many("perks", "Perks, 1 per level", list(perks())),
                  choose("ability", "Ability", ["", *abilities()])]

        def made(values: dict[str, Any]) -> Enlist:
            return Enlist(values["player"], Recruit(
                values["name"], values["unit"], values["weapon"], values["perks"],
                values["ability"], bool(values["hired"])))
        ask(self, BluffForm("Enlist a model", fields), made)

    def action_dismiss(self) -> None:
        state, name = self.state, self.selected()
        owner = state.owner(name) if state and name else None
        if owner is not None and name is not None:
            self.send(Dismiss(owner.player, name))

    def action_roll_off(self, typed: bool = False) -> None:
        state = self.state
        if self.campaign is None or state is None:
            return
        order = shuffle_order(self.campaign.rng("shuffle"))
        if not typed:
            self.send(RollOffForPicks(order))
            return
        about = ("A card each from the table's own shuffled pack; a tie draws again: type "
                 "every card drawn, in order")
        fields = [text(f"typed{i}", f"{player}'s cards", "", about)
                  for i, player in enumerate(state.players)]
        ask(self, BluffForm("Roll-off for the first pick from the pool", fields),
            lambda v: RollOffForPicks(order, tuple(
                (p, v[f"typed{i}"]) for i, p in enumerate(state.players))))

    def action_level(self) -> None:
        name = self.selected()
        if name is None:
            return
        fields = [choose("perk", "Perk", list(perks())),
                  choose("ability", "Ability (level 3+)", ["", *abilities()])]
        ask(self, BluffForm(f"{name} gains a level", fields),
            lambda v: GainLevel(name, v["perk"], v["ability"]))

    def action_keep(self) -> None:
        name = self.selected()
        if name is not None:
            self.send(KeepHired(name))

    def action_close_aftermath(self) -> None:
        self.send(CloseAftermath())
