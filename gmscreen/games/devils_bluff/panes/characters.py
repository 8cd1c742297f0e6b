"""The Characters tab: the gangs' rosters with their profiles, and the builder.

The builder sends each model to the rules, which refuse one that breaks a rule of the
module (gang size, perks, abilities, the one-off or campaign make-up) and name the rule.
Under the rosters: what their abbreviations mean; the highlighted model in full (its perks
and ability) with the journal's notes about it; the set-up and its settings, and the record
of games played. Hiring from a pool starts with a roll-off (p), drawn by the app or typed
from the table's cards (P). The table and the lines come from `view`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.aftermath import (
    abilities_open,
    why_not_after_game,
    why_not_change_ability,
    why_not_change_perk,
    why_not_end_campaign,
    why_not_keep,
    why_not_level,
)
from gmscreen.games.devils_bluff.commands import (
    ChangeAbility,
    ChangePerk,
    ChooseSetUp,
    CloseAftermath,
    Dismiss,
    EndCampaign,
    Enlist,
    FoundGang,
    GainLevel,
    HireAgain,
    KeepHired,
    LayOutPool,
    Rename,
    RenameGang,
    RollOffForPicks,
)
from gmscreen.games.devils_bluff.deck import ordinal
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import (
    GANG_SIZE,
    GUNSLINGER,
    LEADER,
    MAX_LEVELS,
    Recruit,
    abilities,
    units,
    weapons,
)
from gmscreen.games.devils_bluff.hiring import (
    abilities_on_enlist,
    enlisting_gang,
    leader_wanted,
    moved_on,
    pool_left,
    why_not_dismiss,
    why_not_enlist,
    why_not_found_gang,
    why_not_hire_again,
    why_not_lay_out_pool,
    why_not_rename,
    why_not_roll_off,
    why_not_set_up,
)
from gmscreen.games.devils_bluff.panes.keys import as_set, steps_clicked
from gmscreen.games.devils_bluff.state import DevilsBluffState, setting_table
from gmscreen.journal.notes import noted_lines
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import whole
from gmscreen.ui import form, kept_whole
from gmscreen.ui.form import Form, Values, ask, npc_names
from gmscreen.ui.kept_whole import KeptWhole
from gmscreen.ui.keys_line import KeysLine, keys_text, more_keys
from gmscreen.ui.reading import ReadingScroll
from gmscreen.ui.sections import GridTable
from gmscreen.ui.steps import Refusal, StepPane, action_name

#: the aftermath's steps, and the rule each comes under
AFTER = {"level": "Experience", "keep": "Joining for good", "close_aftermath": "Aftermath"}
#: the steps taken on the highlighted model, and the rule each comes under
ON_MODEL = {"dismiss": "Roster", "level": "Experience", "keep": "Joining for good",
            "rename": "Roster", "change_perk": "Perks", "change_ability": "Abilities"}
#: what the rules say of the step on the highlighted model
def why_not_keep_or_swap(state: DevilsBluffState, fighter: str) -> Refusal:
    """k on a hired gun: kept for good, or kept instead of the one kept by mistake."""
    return why_not_keep(state, fighter, instead=True)


ON_MODEL_ASKS = {"level": why_not_level, "keep": why_not_keep_or_swap,
                 "change_perk": why_not_change_perk,
                 "change_ability": why_not_change_ability}
ASKS = {"set_up": why_not_set_up, "found_gang": why_not_found_gang,
        "end_campaign": why_not_end_campaign,
        "enlist": why_not_enlist, "hire_again": why_not_hire_again,
        "dismiss": why_not_dismiss, "roll_off": why_not_roll_off,
        "lay_out_pool": why_not_lay_out_pool,
        "rename": why_not_rename, "rename_gang": why_not_rename,
        "change_perk": why_not_change_perk, "change_ability": why_not_change_ability}


def show_ability(form: Form, after: str = "") -> None:
    """The ability chosen, in full under the fields (its choice is written short), then
    `after`."""
    form.show_preview(" ".join(w for w in (view.ability_line(form.values().text("ability")),
                                           after) if w))


def show_perk(key: str = "perk", *, ability: bool = False) -> Callable[[Form], None]:
    """Under the fields, what the special rule of the perk chosen in `key` does (a perk of
    numbers says itself in its choice), then the ability chosen in full where the form
    offers one."""
    def follow(form: Form) -> None:
        told = view.perk_rule_line(form.values().text(key))
        if ability:
            show_ability(form, told)
        else:
            form.show_preview(told)
    return follow


def follow_hiring(state: DevilsBluffState, pool: dict[str, str] | None = None
                  ) -> Callable[[Form], None]:
    """The enlist form's Hired gun box follows the unit and the perks: choosing a Gang
    Leader, or ticking a first perk, unticks it (a hired gun is a gunslinger with no
    levels). Ticked again by hand, it stays ticked: the rules then say what to change.
    Choosing a gang that has no Gang Leader chooses one for the unit. The Ability field
    offers only what the rules leave open for the perks ticked
    (`hiring.abilities_on_enlist`); the ability chosen is shown in full under the fields,
    or, when none is open, why. A pick from the `pool` laid out takes the gun its
    miniature shows as it is chosen."""
    was: dict[str, object] = {}

    def follow(form: Form) -> None:
        values = form.values()
        player, unit, perks = values.text("player"), values.text("unit"), values.chosen("perks")
        picked = values.text("name")
        if pool and picked in pool and picked != was.get("name"):
            form.set_value("weapon", pool[picked])
        was["name"] = picked
        if (player != was.get("player", player) and unit != LEADER
                and leader_wanted(state, player)):
            form.set_value("unit", LEADER)
            unit = LEADER
        became_leader = unit == LEADER and was.get("unit", unit) != LEADER
        first_perk = bool(perks) and not was.get("perks", perks)
        was.update(player=player, unit=unit, perks=perks)
        if (became_leader or first_perk) and values.flag("hired"):
            form.set_value("hired", False)
        offer_abilities(form, state)
    return follow


def names_kept(state: DevilsBluffState, text: Text) -> KeptWhole:
    """`text` wrapped at plain spaces, never inside a name of several words (a player's, a
    gang's, a model's) nor between a name and its count: in a list of them a row ended
    "Sheriff" and the next began "Cole", read as two names."""
    return kept_whole.names_kept(text, (*state.players, *(g.name for g in state.gangs),
                                        *(f.name for g in state.gangs for f in g.fighters)))


def offer_abilities(form: Form, state: DevilsBluffState) -> None:
    """The enlist form's abilities: those the rules leave open to the gang chosen, the
    perks ticked (one a level) and the Hired gun box; and under the fields the one chosen
    in full, or why none is offered."""
    values = form.values()
    player, hired, ticked = values.text("player"), values.flag("hired"), values.chosen("perks")
    able, why_none = abilities_on_enlist(state, player, len(ticked), hired)
    form.set_options("ability", view.ability_options(able))
    # how many perks the model brings, said before any Send is refused for it
    ticks = view.perks_wanted(state, player, values.text("unit"), hired=hired,
                              ticked=len(ticked))
    if why_none:
        form.show_preview(" ".join(w for w in (ticks, f"No ability: {why_none}.") if w))
    else:
        show_ability(form, ticks)


class CharactersPane(StepPane[DevilsBluffState]):
    """Both gangs, model by model; the selected model's profile and rules in full."""

    DEFAULT_CSS = """
    CharactersPane #bluff-roster { height: 1fr; scrollbar-size-vertical: 1; }
    CharactersPane #bluff-roster-note { height: auto; color: $text-muted; }
    CharactersPane #bluff-roster-detail {
        height: auto; min-height: 8; max-height: 40%; border-top: solid $primary;
    }
    """
    # the lines under the roster (the model, the set-up, the gangs, a line a game played)
    # grow over a campaign: eight at least, and up to two fifths of the tab, so at 80x24
    # they keep their eight and a wide screen shows a long record whole
    # in the order the footer keeps them when 80 columns cannot hold them all: after a
    # campaign game its aftermath comes first, then the rosters
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "set_up", "Set-up", id="devils_bluff.set_up",
                tooltip="Campaign or one-off, hiring method and the settings"),
        Binding("o", "found_gang", "Found gang", id="devils_bluff.found_gang",
                tooltip="A player and the name of their gang; two gangs play"),
        Binding("l", "level", "Level up", id="devils_bluff.level",
                tooltip="After a campaign game: a perk (and an ability at 3)"),
        Binding("k", "keep", "Keep hired", id="devils_bluff.keep",
                tooltip="After a campaign game: the selected hired gun joins for good"),
        Binding("c", "close_aftermath", "Close aftermath", id="devils_bluff.close_aftermath",
                tooltip="The hired guns not kept move on"),
        Binding("e", "enlist", "Enlist", id="devils_bluff.enlist",
                tooltip="Add a leader, a custom gunslinger or a hired gun"),
        Binding("h", "hire_again", "Hire again", id="devils_bluff.hire_again",
                tooltip="By controlled choice: the hired guns that moved on after the last "
                        "game, hired again for the next"),
        Binding("x", "dismiss", "Dismiss", id="devils_bluff.dismiss",
                tooltip="Take the selected model off its roster"),
        Binding("p", "roll_off", "Roll off for picks", id="devils_bluff.roll_off",
                tooltip="Hiring from a pool: who picks first"),
        Binding("P", "roll_off(True)", "Roll off for picks, typed cards",
                id="devils_bluff.roll_off_typed", show=False,
                tooltip="Hiring from a pool: the roll-off with the cards the table drew"),
        # after p: with a pool laid out, the roll-off is the next step the footer keeps
        Binding("L", "lay_out_pool", "Lay out pool", id="devils_bluff.lay_out_pool",
                tooltip="Hiring from a pool, before the roll-off: the miniatures laid out, "
                        "each with the gun it shows; the picks then come from it"),
        # named under the gangs, after the games won, whenever it applies
        Binding("F", "end_campaign", "End the campaign", id="devils_bluff.end_campaign",
                show=False,
                tooltip="Between games: the players call the campaign's end (the book gives "
                        "no measure of the town's control), naming who holds the town"),
        # a slip mended: by key and palette, named under the rosters
        Binding("N", "rename", "Rename model", id="devils_bluff.rename", show=False,
                tooltip="The highlighted model's name, typed wrong, set right"),
        Binding("G", "rename_gang", "Rename gang", id="devils_bluff.rename_gang",
                show=False, tooltip="A gang's name, typed wrong, set right"),
        Binding("V", "change_perk", "Change a perk", id="devils_bluff.change_perk",
                show=False, tooltip="Between games: a perk of the highlighted model, "
                                    "chosen wrong, changed for another"),
        Binding("A", "change_ability", "Choose or change the ability",
                id="devils_bluff.change_ability", show=False,
                tooltip="Between games: the highlighted model's ability, chosen wrong, "
                        "changed for one its gang leaves open; or chosen, past its third "
                        "level, where it has none"),
    ]
    #: the palette finds a step by the words a Dealer types for it ("set up", "one-off",
    #: "recruit", "hire", "experience"), where the footer's short word alone found nothing
    PALETTE_NAMES: ClassVar[dict[str, str]] = {
        "set_up": "Set-up: set up a one-off or campaign, hiring, settings",
        "found_gang": "Found gang (a player's new gang)",
        "enlist": "Enlist: recruit a leader, a gunslinger or a hired gun",
        "level": "Level up: experience, a perk (an ability at 3)",
        "keep": "Keep hired gun for good",
        "dismiss": "Dismiss a model from its roster",
        "lay_out_pool": "Lay out the hiring pool: the miniatures to pick from"}
    #: the keys kept off the footer, as the "Keys:" line names them when they apply (P,
    #: the roll-off with the table's cards, is named beside p in the lines under the gangs
    #: whenever it applies: here it ran the line to two rows at 80 columns)
    MORE_KEYS = (("rename", "N rename"), ("rename_gang", "G rename gang"),
                 ("change_perk", "V change perk"), ("change_ability", "A set ability"))

    #: the steps the lines under the gangs name, taken by a click on their words: the
    #: roll-off with the table's cards and the campaign's end (`view.campaign_lines`)
    NAMED = ((r"\((\S+ with the table's own cards)\)", "roll_off(True)"),
             (r"^(\S+ ends the campaign)", "end_campaign"))

    def why_not(self, action: str) -> Refusal:
        """The rules' reason a step does not apply now (see `StepPane`): the set-up before
        the first game, the rosters between games, the aftermath after a campaign game."""
        state = self.state
        name = action_name(action)
        if name in AFTER:
            refusal = why_not_after_game(state, AFTER[name])
        elif name in ASKS:
            refusal = ASKS[name](state)
        else:
            return None
        selected = self.selected()
        if refusal is None and name in ON_MODEL and not selected:
            return RuleError(ON_MODEL[name], "highlight a model first")
        # the highlighted model's own: a hired gun gains no level, a permanent one is not kept
        if refusal is None and selected and name in ON_MODEL_ASKS:
            return ON_MODEL_ASKS[name](state, selected)
        return refusal

    def compose(self) -> ComposeResult:
        # the roster's scrollbar is one column wide, so its last column fits 80 columns
        yield GridTable(id="bluff-roster")
        yield KeysLine(view.ROSTER_NOTE, id="bluff-roster-note", markup=False)
        with ReadingScroll(id="bluff-roster-detail"):
            yield KeysLine(id="bluff-roster-text", markup=False)

    def redraw(self) -> None:
        roster = view.roster_grid(self.state)
        table = self.query_one("#bluff-roster", GridTable)
        table.show(roster)
        self.follow_back(table)
        # no model enlisted yet: no headings over nothing, nor a note on their short words;
        # the lines below (what to do next) come first
        table.display = bool(roster.rows)
        self.roster_note = roster.note if roster.rows else ""
        self.describe()

    #: the model x was last asked to take off its roster ("" for none), and whether the
    #: roster has been drawn without it since
    leaving = ""
    gone = False

    def follow_back(self, table: GridTable) -> None:
        """A model dismissed and brought back by an undo takes the cursor again, as before
        the mistake: it stayed on the row below, whose sheet the tab then showed (and k,
        l and N acted on), the model put back a row above it."""
        name = self.leaving
        if not name:
            return
        here = self.state.find(name) is not None
        if not here:
            self.gone = True
            return
        if self.gone:
            table.move_cursor(row=table.get_row_index(name))
        self.leaving, self.gone = "", False

    def selected(self) -> str | None:
        return self.query_one("#bluff-roster", GridTable).highlighted

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.describe()
        # the keys on the highlighted model (a level, a hired gun kept) follow it
        self.refresh_bindings()

    #: what the roster's abbreviations mean, under it
    roster_note = view.ROSTER_NOTE

    def describe(self) -> None:
        """The highlighted model in full, and the keys that apply to it."""
        more = keys_text(more_keys(self, self.MORE_KEYS), " (all in ctrl+p)\n")
        note = self.query_one("#bluff-roster-note", Static)
        if not self.roster_note:
            more.rstrip()
        note.update(more + self.roster_note)
        note.display = bool(more or self.roster_note)
        state = self.state
        name = self.selected()
        model = view.model_lines(state, name) if name else []
        out = Text()
        if model and name:
            assert self.campaign is not None  # a model is shown once there is a campaign
            # the model's line begins with its name, in bold as a heading
            out.append(name, style="bold")
            # the notes about it under any name it had before one typed wrong was set right
            notes = self.campaign.notes_about(*state.names_of(name))
            out.append("\n".join([model[0].removeprefix(name), *model[1:],
                                  *noted_lines(notes)])
                       + "\n")
        out.append("\n".join(as_set(self, line) for line in view.campaign_lines(state)))
        self.query_one("#bluff-roster-text", Static).update(
            names_kept(state, steps_clicked(out, self.NAMED)))

    # -- actions -----------------------------------------------------------------------------

    def action_set_up(self) -> None:
        # side by side: one of the two is always chosen, never a blank the rules refuse;
        # asked again before the first game, the form starts at what was chosen, so that
        # sending it changes only what the players changed
        state = self.state
        fields = [form.one_of("mode", "Play", ["one-off", "campaign"],
                              state.mode or "one-off", about=view.MODE_ABOUT),
                  form.one_of("hiring", "Hiring", ["controlled choice", "pool"],
                              state.hiring, about=view.HIRING_ABOUT)]
        fields += [form.choose(s.key, s.name, list(zip(s.words, map(str, s.choices),
                                                        strict=True)),
                               str(state.setting(s.key)), about=s.about, required=True)
                   for s in setting_table()]
        # each choice reads as a rule, so a short note does: all the explanations would
        # push the choices off an 80x24 screen, so only the focused one's is shown
        note = ("How you play, then the points the rules leave open, each at Open Fire's "
                "first rules: agree any change before the first game. The field you are on "
                "is explained below.")

        def made(values: Values) -> ChooseSetUp:
            settings = []
            for s in setting_table():
                chosen = values.text(s.key) or str(s.default)
                settings.append((s.key, next(c for c in s.choices if str(c) == chosen)))
            return ChooseSetUp(values.text("mode"),
                               values.text("hiring") or "controlled choice", tuple(settings))
        ask(self, Form("Set-up", fields, note=note), made)

    def action_found_gang(self) -> None:
        ask(self, Form("Found a gang", [form.text("player", "Player",
                                                  about=view.PLAYER_ABOUT),
                                        form.text("name", "Gang",
                                                  about=as_set(self, view.GANG_ABOUT))]),
            lambda v: FoundGang(v.text("player"), v.text("name")))

    def action_enlist(self) -> None:
        state = self.state
        players = [g.player for g in state.gangs]
        # hiring from a pool, the gang whose pick it is; else one with room, the
        # highlighted model's first
        first = enlisting_gang(state, self.selected())
        # a gang without its Gang Leader starts from one (module line 103), else a hired gun
        leaderless = leader_wanted(state, first)
        # the glossary says what Gang, Unit, Weapon and Hired gun are: here, what to choose
        # (and under the name, where the form opens, what it may be)
        # a pick from a pool laid out: one of its miniatures, with the gun it shows
        pool = dict(pool_left(state)) if state.picker and state.pool else {}
        name = (form.choose("name", "From the pool", [
                    (f"{n} ({weapons()[gun].short})", n) for n, gun in pool.items()],
                    next(iter(pool)), required=True, about=view.PICK_ABOUT) if pool
                else form.text("name", "Name", suggest=npc_names(self),
                               about=view.ENLIST_NAME_ABOUT))
        fields = [form.one_of("player", "Gang of", players, first,
                              about=view.ENLIST_GANG_ABOUT),
                  name,
                  form.one_of("unit", "Unit", list(units()),
                              LEADER if leaderless else GUNSLINGER, about=view.UNIT_ABOUT),
                  form.choose("weapon", "Weapon", view.weapon_options(),
                              pool[next(iter(pool))] if pool else "Revolver",
                              required=True, about=view.WEAPON_ABOUT[state.hiring]),
                  form.check("hired", "Hired gun", not leaderless, about=view.HIRED_ABOUT),
                  # the perk highlighted said under the list (its highlight alone is
                  # a colour), as the ticked ones are by their tick
                  form.many("perks", "Perks, 1 per level", view.perk_options(),
                            about=view.PERKS_ABOUT, about_each=view.perk_words()),
                  form.choose("ability", "Ability", view.ability_options(()),
                              about=view.ABILITY_ABOUT)]

        def made(values: Values) -> Enlist:
            return Enlist(values.text("player"), Recruit(
                values.text("name"), values.text("unit"), values.text("weapon"),
                values.chosen("perks"), values.text("ability"), values.flag("hired")))
        # the form asks follow_hiring as it opens too: a hired gun is offered no ability.
        # The gang chosen already, the keyboard starts on the name: typed, Enter enlists
        ask(self, Form("Pick from the pool" if pool else "Enlist a model", fields,
                       on_change=follow_hiring(state, pool), focus="name"), made)

    def action_lay_out_pool(self) -> None:
        laid = view.pool_typed(self.state)
        ask(self, Form("Lay out the hiring pool", [
            form.text("text", "Miniatures", laid, about=view.POOL_ABOUT,
                      placeholder="Hank (Shotgun), Dutch, Slim (Rifle)")]),
            lambda v: LayOutPool(v.text("text")))

    def action_hire_again(self) -> None:
        """The guns that moved on after the last game, each gang's ticked as far as it has
        room: a player hiring from their own miniatures hires the same ones again."""
        state = self.state
        guns = moved_on(state)
        room = {g.player: GANG_SIZE - len(g.fighters) for g in state.gangs}
        ticked = []
        for player, recruit in guns:
            if room.get(player, 0) > 0:
                ticked.append(recruit.name)
                room[player] -= 1
        options = [(f"{r.name} ({player}, {weapons()[r.weapon].short})", r.name)
                   for player, r in guns]
        ask(self, Form("Hire again the guns that moved on after the last game", [
            form.many("names", "Hire", options, ticked, about=view.HIRE_AGAIN_ABOUT,
                      about_each={value: f"{label}." for label, value in options})]),
            lambda v: HireAgain(v.chosen("names")))

    def action_dismiss(self) -> None:
        name = self.selected()
        state = self.state
        found = state.find(name) if name else None
        if found is None:
            return
        gang, fighter = found
        if why_not_dismiss(state) is not None:
            self.send(Dismiss(gang.player, fighter.name))  # refused, saying the rule
            return
        # one key on the wrong row took a Gang Leader and its levels off the roster with
        # no word on the screen: the step says whom it takes first
        self.leaving, self.gone = fighter.name, False
        self.send(Dismiss(gang.player, fighter.name),
                  confirm=as_set(self, view.dismiss_question(gang, fighter.recruit)))

    def action_roll_off(self, typed: bool = False) -> None:
        state = self.state
        assert self.campaign is not None
        order = shuffle_order(self.campaign.rng("shuffle"))
        if not typed:
            self.send(RollOffForPicks(order))
            return
        about = ("A card each from the table's own shuffled pack; a tie draws again: type "
                 "every card drawn, in order")
        fields = [form.cards(f"typed{i}", f"{player} drew", about=about,
                             placeholder="blank: the app draws")
                  for i, player in enumerate(state.players)]
        ask(self, Form("Roll-off for the first pick from the pool", fields),
            lambda v: RollOffForPicks(order, tuple(
                (p, v.text(f"typed{i}")) for i, p in enumerate(state.players))))

    def action_level(self) -> None:
        name = self.selected()
        if name is None:
            return
        found = self.state.find(name)
        held = found[1].recruit.perks if found is not None else ()
        # the perks side by side, each with what it does, the first not held chosen: the
        # form never starts on a blank the rules refuse
        perks = view.perk_options(held)
        fields = [form.one_of("perk", "Perk", perks, perks[0][1] if perks else "",
                              about=view.PERKS_ABOUT)]
        # an ability only when the rules let this level bring one, and only those open
        able, why_none = abilities_open(self.state, name)
        if able:
            fields.append(form.choose("ability", "Ability", view.ability_options(able),
                                      about=view.ABILITY_ABOUT))
        # each on a line of its own: who levels, then what this level brings
        # why none, in its own words ("No ability with this level: this is Ma's 2nd
        # level: an ability ..." ran three clauses together, and took two rows at 80)
        why = why_none.replace(name, whole(name))
        told = [view.LEVEL_WHO, *([f"{why[:1].upper()}{why[1:]}."] if why else [])]
        if found is not None and found[1].recruit.levels + 1 == MAX_LEVELS:
            # chosen as the last: no level comes after it (module line 120)
            told.insert(1, f"{name}'s {ordinal(MAX_LEVELS)} level: the last a model gains.")
        if able and found is not None:
            # the Ability field came alone, with no word that this level is the one that
            # brings it (module line 124)
            told.append(view.level_brings_ability(whole(name), found[1].recruit.levels + 1,
                                                  len(able)))
        ask(self, Form(f"{name} gains a level", fields, note="\n".join(told),
                       on_change=show_perk(ability=bool(able))),
            lambda v: GainLevel(name, v.text("perk"), v.text("ability") if able else ""))

    def action_keep(self) -> None:
        name = self.selected()
        found = self.state.find(name) if name is not None else None
        if name is None or found is None:
            return
        after = self.state.aftermath
        kept = after.kept_by(found[0].player) if after is not None else ""
        if kept and kept != name and why_not_keep(self.state, name, instead=True) is None:
            # a gun kept by a slip of the cursor: the one meant is kept instead, asked first
            self.send(KeepHired(name, instead=True),
                      confirm=as_set(self, view.keep_instead_question(found[0], name, kept)))
            return
        self.send(KeepHired(name))

    def action_close_aftermath(self) -> None:
        question = view.close_aftermath_question(self.state)
        self.send(CloseAftermath(), confirm=as_set(self, question) if question else None)

    def action_end_campaign(self) -> None:
        state = self.state
        if why_not_end_campaign(state) is not None:
            self.send(EndCampaign())  # refused, saying the rule
            return
        nobody = "Nobody"
        ask(self, Form("End the campaign", [
            form.one_of("winner", "The town", [*state.players, nobody],
                        view.town_choice(state) or nobody, about=view.TOWN_ABOUT),
            form.text("note", "Note", about="A word on how it ended, told in the log and "
                      "the recap")], note=as_set(self, view.end_campaign_note(state))),
            lambda v: EndCampaign("" if v.text("winner") == nobody else v.text("winner"),
                                  v.text("note")))

    def action_rename(self) -> None:
        name = self.selected()
        if name is not None:
            ask(self, Form(f"Rename {name}", [form.text("name", "Name", name)]),
                lambda v: Rename(name, v.text("name")))

    def action_rename_gang(self) -> None:
        state = self.state
        owner = state.owner(self.selected() or "")
        first = owner or state.gangs[0]
        ask(self, Form("Rename a gang", [
            form.one_of("player", "Gang of", list(state.players), first.player,
                        about="The player whose gang's name was typed wrong"),
            form.text("name", "Name", first.name, about="The gang's name, as it should read")],
            focus="name"),
            lambda v: RenameGang(v.text("player"), v.text("name")))

    def action_change_perk(self) -> None:
        name = self.selected()
        found = self.state.find(name) if name is not None else None
        if found is None or name is None:
            return
        held = found[1].recruit.perks
        perks = view.perk_options(held)
        ask(self, Form(f"Change a perk of {name}", [
            form.one_of("was", "Chosen wrong", list(held), held[-1],
                        about="The perk chosen by mistake: the one below takes its place"),
            form.one_of("perk", "Instead", perks, perks[0][1] if perks else "",
                        about=view.PERKS_ABOUT)], on_change=show_perk()),
            lambda v: ChangePerk(name, v.text("was"), v.text("perk")))

    def action_change_ability(self) -> None:
        name = self.selected()
        found = self.state.find(name) if name is not None else None
        gang = self.state.owner(name) if name is not None else None
        if found is None or gang is None or name is None:
            return
        held = {f.recruit.ability for f in gang.fighters}
        able = [o for o in view.ability_options([a for a in abilities() if a not in held])
                if o[1]]
        was = found[1].recruit.ability
        title = (f"Change {name}'s ability, {was}" if was else
                 f"Choose {name}'s ability: {view.levels(found[1].recruit.levels)} gained")
        ask(self, Form(title, [
            form.choose("ability", "Instead" if was else "Ability", able,
                        able[0][1] if able else "",
                        about=view.ABILITY_ABOUT, required=True)],
            on_change=show_ability),
            lambda v: ChangeAbility(name, v.text("ability")))
