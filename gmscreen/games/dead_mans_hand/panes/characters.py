"""The Characters tab: the two posses side by side, and the posse builder."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Dismiss,
    EditModel,
    LoadScenario,
    NamePosse,
    Recruit,
)
from gmscreen.games.dead_mans_hand.panes.forms import (
    Choose,
    EditForm,
    EditScreen,
    RecruitForm,
    RecruitScreen,
    ask,
)
from gmscreen.games.dead_mans_hand.panes.text import (
    AskText,
    StepPane,
    model_row,
    posse_heading,
)
from gmscreen.games.dead_mans_hand.scenarios import SCENARIOS
from gmscreen.games.dead_mans_hand.state import COLOURS, Colour, Format, MatchState, Phase
from gmscreen.journal.campaign import Campaign

COLUMNS = ("Name", "Val", "Hits", "Weapons", "Notes")
#: below this width the posses stand one above the other, so every column shows
SIDE_BY_SIDE = 120


class PossesPane(StepPane):
    """Both posses: every model's value, hits, weapons, horse and markers."""

    DEFAULT_CSS = """
    PossesPane #summary { height: auto; padding: 0 1; color: $text-muted; }
    PossesPane .posse { width: 1fr; }
    PossesPane .posse-title { height: 1; padding: 0 1; text-style: bold; }
    PossesPane DataTable { height: 1fr; }
    PossesPane.-stacked #posses { layout: vertical; }
    PossesPane.-stacked .posse { width: 100%; height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "recruit", "Recruit", id="dmh.recruit", tooltip="Add a model to a posse"),
        Binding("e", "edit_model", "Edit", id="dmh.edit",
                tooltip="Put the highlighted model right: name, weapons, horse, markers"),
        Binding("x", "dismiss_model", "Dismiss", id="dmh.dismiss",
                tooltip="Take the highlighted model out of its posse"),
        # by key and palette: the line over the posses names them while building
        Binding("N", "name_posse", "Name posse", id="dmh.name_posse", show=False,
                tooltip="Name the posse of the highlighted table"),
        Binding("s", "scenario", "Scenario", id="dmh.scenario", show=False,
                tooltip="Load one of the book's six uneven match-ups"),
        Binding("f", "format", "Format", id="dmh.format", show=False,
                tooltip="A Dramatic Showdown or single games"),
    ]

    #: the steps of building the posses, refused by the rules once a game is set up
    BUILDING = frozenset({"recruit", "dismiss_model", "scenario", "format"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.state
        if action in self.BUILDING and state is not None:
            return state.phase is Phase.BUILDING
        return True

    def why_not(self, action: str) -> str | None:
        state = self.state
        if action not in self.BUILDING or state is None or state.phase is Phase.BUILDING:
            return None
        return ("The posses are built before the first game; now only Edit (e) puts a "
                "model right.")

    def compose(self) -> ComposeResult:
        yield Static("", id="summary")
        with Horizontal(id="posses"):
            for colour in COLOURS:
                with Vertical(classes="posse"):
                    yield Static("", id=f"{colour}-title", classes="posse-title")
                    table: DataTable[Any] = DataTable(id=colour, cursor_type="row",
                                                      zebra_stripes=True)
                    table.add_columns(*COLUMNS)
                    yield table

    def on_resize(self) -> None:
        self.set_class(self.size.width < SIDE_BY_SIDE, "-stacked")

    @property
    def state(self) -> MatchState | None:
        return self.campaign.state if self.campaign is not None else None

    def show(self, campaign: Campaign[Any]) -> None:
        super().show(campaign)
        state: MatchState = campaign.state
        what = ("Dramatic Showdown: eight models a posse, 40 points of plunder, best of three"
                if state.format is Format.SHOWDOWN else "Single games: any models")
        scenario = SCENARIOS.get(state.scenario or "")
        if scenario is not None:
            what = f"Scenario: {scenario.title}"
        if state.phase is Phase.BUILDING:
            what += "\nBuilding: s a scenario, f the format, N a posse's name"
        self.query_one("#summary", Static).update(Text(what))
        for colour in COLOURS:
            self.query_one(f"#{colour}-title", Static).update(posse_heading(state, colour))
            table = self.query_one(f"#{colour}", DataTable)
            row = table.cursor_row
            table.clear()
            for model in state.posse(colour).models:
                table.add_row(*model_row(model), key=model.name)
            if table.row_count:
                table.move_cursor(row=min(row, table.row_count - 1))

    def _focused_colour(self) -> Colour:
        focused = self.app.focused
        return "black" if focused is not None and focused.id == "black" else "red"

    def _highlighted(self) -> str | None:
        table = self.query_one(f"#{self._focused_colour()}", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return str(key) if key is not None else None

    def action_recruit(self) -> None:
        state = self.state
        if state is None:
            return

        def recruit(form: RecruitForm) -> Recruit:
            return Recruit(form.colour, form.name, form.value, form.hits, form.weapons,
                           form.civilian, form.horse)

        ask(self, RecruitScreen(state.format, self._focused_colour()), recruit)

    def action_edit_model(self) -> None:
        state = self.state
        name = self._highlighted()
        model = state.find(name) if state is not None and name is not None else None
        if state is None or model is None:
            self.notify("Highlight a model first.", severity="warning", markup=False)
            return

        def edit(form: EditForm) -> EditModel:
            return EditModel(model.name, form.name, form.weapons, form.horse,
                             form.moving_target, form.pinned, form.shaken)

        ask(self, EditScreen(model, building=state.phase is Phase.BUILDING,
                             playing=state.phase is Phase.PLAYING), edit)

    def action_dismiss_model(self) -> None:
        name = self._highlighted()
        if name is None:
            self.notify("Highlight a model first.", severity="warning", markup=False)
            return
        self.send(Dismiss(name))

    def action_name_posse(self) -> None:
        colour = self._focused_colour()

        ask(self, AskText(f"Name the {colour} posse"), lambda text: NamePosse(colour, text))

    def action_scenario(self) -> None:
        options = [(f"{s.title}: {s.pitch}", s.id) for s in SCENARIOS.values()]

        ask(self, Choose("Load a scenario", options), LoadScenario)

    def action_format(self) -> None:
        options = [("Dramatic Showdown (best of three, built posses)", Format.SHOWDOWN),
                   ("Single games (free rosters)", Format.SINGLE)]

        ask(self, Choose("Format", options), ChooseFormat)
