"""The book's random tables and rolls in the palette (ctrl+p), each by its own name under its
tab: where it applies, its entry opens its form, the table's own dice typed are journaled as
typed and dice left blank are the app's (from the campaign's seeded generator, so the test
knows them before they are rolled); where it does not apply, the entry says which rule stops
it and opens nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable

from gmscreen.core.dice import roll
from gmscreen.games import rules_for
from gmscreen.games.fistful import events as e
from gmscreen.games.fistful.commands import (
    ChooseOptionalRules,
    CreateCharacter,
    Crime,
    FormPosse,
    JoinFight,
    TakeHarm,
)
from gmscreen.games.fistful.events import KINDS
from gmscreen.games.fistful.sample import SAMPLES
from gmscreen.games.fistful.state import FistfulState, Settings
from gmscreen.games.fistful.tables import carousing_table, out_of_action_table, reaction_table
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.store import JournalStore, new_header
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.commands import shell_commands
from gmscreen.ui.form import Form
from gmscreen.ui.shell import ShellScreen
from tests.pilot import Notices, fill, form_up, shell_up, synchronous, until

CORA, TOMAS, JAKE, HAL = "Cora Dalton", "Tomas Vega", "Rattlesnake Jake", "Deputy Hal"

#: every random table and roll of the book, by its name there: the tab and the palette
#: entry that rolls it
BOOK = {
    "Out of action table": ("Characters", "Roll on the Out of action table…"),
    "the 1d6 Guts of one who survives it": ("Characters", "Revive"),
    "Carousing": ("Characters", "Roll on the Carousing table…"),
    "Advancement Test": ("Characters", "Roll the Advancement Test…"),
    "Attributes at 2d6+9 and the starting Dollars": ("Characters", "Roll a new character…"),
    "the four price categories, buying": ("Characters", "Roll an item's price to buy…"),
    "the four price categories, selling": ("Characters", "Roll an item's price to sell…"),
    "The Wanted Chart": ("Wanted Clock", "Roll on the Wanted Chart…"),
    "Reaction Checks": ("Conflict", "Roll on the reaction table…"),
    "Reaction Checks, the d6 after Guarded": ("Conflict", "Posse stays: add a d6…"),
    "Morale": ("Conflict", "Roll morale…"),
    "drawing an item quickly": ("Conflict", "Roll a quick draw…"),
    "ammunition after a firefight": ("Conflict", "Roll the ammunition die…"),
    # (named whole, though the Fight tab's footer, which offers it once the firefight is
    # over, has it shorter: "Roll the ammo die…")
    "ammunition after a firefight, on the tracker": ("Fight", "Roll the ammunition die…"),
    "Scene stakes": ("Conflict", "Roll the scene die…"),
    "who goes first": ("Conflict", "Round: who goes first, by a coin"),
    "High Stakes Duels": ("Conflict", "Duel"),
}


def sample(folder: Path, *commands: object) -> Campaign[FistfulState]:
    """The Dalton Boys, then `commands`."""
    campaign: Campaign[FistfulState] = open_campaign(write_sample(SAMPLES[0], folder),
                                                     rules_for)
    for command in commands:
        campaign.execute(command)
    return campaign


def bare(folder: Path) -> Campaign[FistfulState]:
    """A posse of one who carries nothing, no NPC, no optional rule: most tables are shut."""
    store = JournalStore.create(folder / "bare.toml", new_header("fistful", "Bare", 7))
    campaign: Campaign[FistfulState] = Campaign.load(rules_for("fistful"), store.load(), store)
    campaign.execute(FormPosse("The Bare Gang", 3))
    campaign.execute(CreateCharacter("Ann", (4, 4, 3, 3, 5, 5), (3, 3, 3)))
    return campaign


def judged(campaign: Campaign[FistfulState]) -> tuple[GmScreenApp, Notices]:
    app = GmScreenApp(campaign)
    notices = Notices()
    notices.watch(app)
    return app, notices


def shell(app: GmScreenApp) -> ShellScreen:
    screen = app.screen_stack[0] if not isinstance(app.screen, ShellScreen) else app.screen
    assert isinstance(screen, ShellScreen)
    return screen


def titles(app: GmScreenApp) -> dict[str, str]:
    """The palette's entries now: title -> help."""
    return {c.title: c.help for c in shell_commands(app, shell(app))}


async def entry(pilot: Any, tab: str, name: str) -> None:
    """Run the palette's entry `name` under `tab`, as Enter on it would."""
    app = pilot.app
    command = next(c for c in shell_commands(app, shell(app)) if c.title == f"{tab}: {name}")
    await command.callback()
    await pilot.pause()


async def opened(pilot: Any, tab: str, name: str) -> Form:
    """The entry's form, open."""
    await entry(pilot, tab, name)
    return await form_up(pilot)


async def refused(pilot: Any, notices: Notices, tab: str, name: str, rule: str,
                  words: str = "") -> None:
    """The entry says which rule stops it, opens nothing and journals nothing."""
    campaign = shell(pilot.app).campaign
    events, warned = len(campaign.events), len(notices.of("warning"))
    await entry(pilot, tab, name)
    await until(pilot, lambda: len(notices.of("warning")) > warned)
    told = notices.of("warning")[-1]
    assert told.title == rule and words in told.message, told
    assert isinstance(pilot.app.screen, ShellScreen)
    assert len(campaign.events) == events


def newest(campaign: Campaign[FistfulState], kind: type) -> Any:
    """The newest event of `kind`'s payload, not undone."""
    name = KINDS.kind_of_class(kind)
    found = next(x for x in reversed(campaign.events)
                 if x.kind == name and not campaign.is_undone(x))
    return KINDS.read(found)


def app_dice(campaign: Campaign[FistfulState], count: int, purpose: str) -> tuple[int, ...]:
    """The dice the app rolls for `purpose` at the next event: a form left blank sent now
    uses these."""
    return roll(count, campaign.rng(purpose)).faces


async def sent(pilot: Any, campaign: Campaign[FistfulState], **values: Any) -> None:
    """The open form filled and sent; one step more in the journal."""
    events = len(campaign.events)
    form = await fill(pilot, None, **values)
    await until(pilot, lambda: len(campaign.events) > events or form.refusal)
    assert not form.refusal, form.refusal
    assert not isinstance(pilot.app.screen, Form)


async def undone(pilot: Any, campaign: Campaign[FistfulState]) -> None:
    events = len(campaign.events)
    campaign.undo()
    await until(pilot, lambda: len(campaign.events) > events)
    await pilot.pause()


def highlight(app: GmScreenApp, name: str) -> None:
    """The Characters tab's row of `name` highlighted."""
    table = shell(app).query_one("#ff-people", DataTable)
    table.move_cursor(row=table.get_row_index(name))


@synchronous
async def test_every_random_table_of_the_book_is_in_the_palette_by_its_name(
        tmp_path: Path) -> None:
    app, _ = judged(sample(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        offered = titles(app)
    for book_name, (tab, name) in BOOK.items():
        assert f"{tab}: {name}" in offered, book_name
        assert offered[f"{tab}: {name}"], f"{book_name}: no help"
    # the names a Judge would type find them
    for typed in ("Out of action", "Carousing", "Advancement", "Wanted Chart", "reaction",
                  "morale", "quick draw", "ammunition", "scene die", "price"):
        assert any(typed.lower() in title.lower() for title in offered), typed


@synchronous
async def test_the_out_of_action_table_typed_or_the_apps(tmp_path: Path) -> None:
    campaign = sample(tmp_path, TakeHarm(TOMAS, 99, "shot"))
    app, notices = judged(campaign)
    out = "Roll on the Out of action table…"
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        highlight(app, CORA)  # on her feet
        await refused(pilot, notices, "Characters", out, "Out of action",
                      "Cora Dalton is not down at 0 Guts")
        highlight(app, TOMAS)
        form = await opened(pilot, "Characters", out)
        assert form.values().text("name") == TOMAS and form.values().text("face") == ""
        await sent(pilot, campaign, face="4")
        rolled = newest(campaign, e.OutOfActionRolled)
        assert (rolled.name, rolled.face) == (TOMAS, 4)
        assert rolled.mishap == out_of_action_table()[4].name
        # the table is rolled once a fall
        await refused(pilot, notices, "Characters", out, "Out of action", "rolled already")
        await undone(pilot, campaign)
        await opened(pilot, "Characters", out)
        (face,) = app_dice(campaign, 1, "out")
        await sent(pilot, campaign)
        rolled = newest(campaign, e.OutOfActionRolled)
        assert (rolled.face, rolled.mishap) == (face, out_of_action_table()[face].name)


@synchronous
async def test_carousing_and_the_advancement_test_typed_or_the_apps(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    campaign.end_session()  # Cora's $60 take becomes 6 XP
    app, notices = judged(campaign)
    carousing, advancement = "Roll on the Carousing table…", "Roll the Advancement Test…"
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        highlight(app, JAKE)
        await refused(pilot, notices, "Characters", carousing, "Carousing", "is an NPC")
        highlight(app, CORA)
        await refused(pilot, notices, "Characters", advancement, "Advancement",
                      "no advancement dice")
        await opened(pilot, "Characters", carousing)
        await sent(pilot, campaign, advancement_dice="1", bill="3", table="2")
        caroused = newest(campaign, e.Caroused)
        assert (caroused.name, caroused.bill, caroused.table) == (CORA, (3,), 2)
        assert caroused.entry.startswith(carousing_table()[2][0])
        await opened(pilot, "Characters", carousing)
        (bill,), (table,) = app_dice(campaign, 1, "bill"), app_dice(campaign, 1, "carousing")
        await sent(pilot, campaign, advancement_dice="1")
        caroused = newest(campaign, e.Caroused)
        assert (caroused.bill, caroused.table) == ((bill,), table)
        # two dice bought: the Advancement Test rolls both
        form = await opened(pilot, "Characters", advancement)
        assert form.values().text("name") == CORA
        await sent(pilot, campaign, attribute="grace", dice="6 5")
        advanced = newest(campaign, e.Advanced)
        assert (advanced.name, advanced.attribute, advanced.faces) == (CORA, "grace", (6, 5))
        await undone(pilot, campaign)
        await opened(pilot, "Characters", advancement)
        faces = app_dice(campaign, 2, "advance")
        await sent(pilot, campaign)
        assert newest(campaign, e.Advanced).faces == faces


@synchronous
async def test_a_new_character_and_prices_typed_or_the_apps(tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    new, buy, sell = ("Roll a new character…", "Roll an item's price to buy…",
                      "Roll an item's price to sell…")
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        await opened(pilot, "Characters", new)
        await sent(pilot, campaign, name="Zeb", dice="4 4 3 3 5 5", purse="1 2 3")
        made = newest(campaign, e.CharacterCreated)
        assert (made.character.name, made.dice, made.purse) == (
            "Zeb", (4, 4, 3, 3, 5, 5), (1, 2, 3))
        await opened(pilot, "Characters", new)
        dice, purse = app_dice(campaign, 6, "attributes"), app_dice(campaign, 3, "purse")
        await fill(pilot, None, name="Abe")
        await sent(pilot, campaign)  # the app's roll is shown; no swap taken
        made = newest(campaign, e.CharacterCreated)
        assert (made.character.name, made.dice, made.purse) == ("Abe", dice, purse)
        highlight(app, JAKE)
        await refused(pilot, notices, "Characters", buy, "Prices", "is an NPC")
        await refused(pilot, notices, "Characters", sell, "Prices", "is an NPC")
        highlight(app, CORA)
        await opened(pilot, "Characters", buy)
        await sent(pilot, campaign, item="5 Lantern", category="Common", dice="4")
        bought = newest(campaign, e.Bought)
        assert (bought.name, bought.item, bought.dice, bought.cost) == (
            CORA, "Lantern", (4,), 4)
        await opened(pilot, "Characters", buy)
        dice = app_dice(campaign, 2, "price")
        await sent(pilot, campaign, item="9 Binoculars", category="Boutique")
        bought = newest(campaign, e.Bought)
        assert (bought.dice, bought.cost) == (dice, sum(dice) * 5)
        await opened(pilot, "Characters", sell)
        await sent(pilot, campaign, item="Lantern", category="Common", dice="6")
        sold = newest(campaign, e.Sold)
        assert (sold.item, sold.dice, sold.paid) == ("Lantern", (6,), 3)  # used: half
        await opened(pilot, "Characters", sell)
        dice = app_dice(campaign, 2, "price")
        await sent(pilot, campaign, item="Binoculars", category="Boutique", used="new")
        sold = newest(campaign, e.Sold)
        assert (sold.dice, sold.paid) == (dice, sum(dice) * 5)


@synchronous
async def test_the_wanted_chart_typed_or_the_apps_and_not_at_high_noon(tmp_path: Path
                                                                       ) -> None:
    campaign = sample(tmp_path)
    app, notices = judged(campaign)
    chart = "Roll on the Wanted Chart…"
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        form = await opened(pilot, "Wanted Clock", chart)
        assert form.values().text("dice") == ""
        await sent(pilot, campaign, dice="2 1")
        rolled = newest(campaign, e.WantedChartRolled)
        assert (rolled.hour, rolled.dice, rolled.total) == (3, (2, 1), 3)
        await opened(pilot, "Wanted Clock", chart)
        dice = app_dice(campaign, 2, "wanted-chart")
        await sent(pilot, campaign)
        assert newest(campaign, e.WantedChartRolled).dice == dice
        events = len(campaign.events)
        campaign.execute(Crime(9, "robbed the Wichita bank"))
        await until(pilot, lambda: len(campaign.events) > events)
        await refused(pilot, notices, "Wanted Clock", chart, "Wanted Chart", "High Noon")


@synchronous
async def test_the_judges_rolls_on_the_conflict_tab_typed_or_the_apps(tmp_path: Path) -> None:
    campaign = sample(tmp_path, ChooseOptionalRules(Settings(scene_stakes=True)))
    app, notices = judged(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        await refused(pilot, notices, "Conflict", "Posse stays: add a d6…", "Reaction",
                      "roll the reaction first")
        await opened(pilot, "Conflict", "Roll on the reaction table…")
        await sent(pilot, campaign, dice="4 4", modifier="-1")
        reaction = newest(campaign, e.ReactionRolled)
        assert (reaction.dice, reaction.modifier, reaction.total) == ((4, 4), -1, 7)
        assert reaction.entry == reaction_table()[7]
        await opened(pilot, "Conflict", "Roll on the reaction table…")
        dice = app_dice(campaign, 2, "reaction")
        await sent(pilot, campaign)
        assert newest(campaign, e.ReactionRolled).dice == dice
        morale = "Roll morale…"
        await opened(pilot, "Conflict", morale)
        await sent(pilot, campaign, name=HAL, dice="1 2 3 4")  # at full Guts: 4d6
        tested = newest(campaign, e.MoraleTested)
        assert (tested.name, tested.rolled, tested.total, tested.broke) == (
            HAL, (1, 2, 3, 4), 10, False)
        await opened(pilot, "Conflict", morale)
        dice = app_dice(campaign, 4, "morale")
        await sent(pilot, campaign, name=HAL)
        assert newest(campaign, e.MoraleTested).rolled == dice
        draw = "Roll a quick draw…"  # Cora tests first, her Revolver at slot 1
        await opened(pilot, "Conflict", draw)
        await sent(pilot, campaign, item="Revolver", dice="1 1")
        drawn = newest(campaign, e.QuickDrawn)
        assert (drawn.name, drawn.item, drawn.dice, drawn.drawn) == (
            CORA, "Revolver", (1, 1), True)
        await opened(pilot, "Conflict", draw)
        dice = app_dice(campaign, 2, "draw")
        await sent(pilot, campaign)
        assert newest(campaign, e.QuickDrawn).dice == dice
        ammo = "Roll the ammunition die…"
        await opened(pilot, "Conflict", ammo)
        await sent(pilot, campaign, name=TOMAS, face="2")
        checked = newest(campaign, e.AmmunitionChecked)
        assert (checked.name, checked.face, checked.spent) == (TOMAS, 2, True)
        await opened(pilot, "Conflict", ammo)
        (face,) = app_dice(campaign, 1, "ammo")
        await sent(pilot, campaign, name=TOMAS)
        assert newest(campaign, e.AmmunitionChecked).face == face
        scene = "Roll the scene die…"
        await opened(pilot, "Conflict", scene)
        await sent(pilot, campaign, face="5")
        assert newest(campaign, e.SceneDieSet).face == 5
        await opened(pilot, "Conflict", scene)
        (face,) = app_dice(campaign, 1, "scene")
        await sent(pilot, campaign)
        assert newest(campaign, e.SceneDieSet).face == face


@synchronous
async def test_the_ammunition_die_on_the_tracker_is_the_highlighted_fighters(
        tmp_path: Path) -> None:
    campaign = sample(tmp_path)
    app, _ = judged(campaign)
    ammo = "Roll the ammunition die…"
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        # the book rolls it after the firefight: with the tracker empty too
        await opened(pilot, "Fight", ammo)
        await sent(pilot, campaign, name=TOMAS, face="6")
        assert newest(campaign, e.AmmunitionChecked).name == TOMAS
        events = len(campaign.events)
        campaign.execute(JoinFight(TOMAS, "Nearby"))
        await until(pilot, lambda: len(campaign.events) > events)
        await pilot.pause()
        await opened(pilot, "Fight", ammo)
        await sent(pilot, campaign, face="5")
        checked = newest(campaign, e.AmmunitionChecked)
        assert (checked.name, checked.face, checked.spent) == (TOMAS, 5, False)
        await opened(pilot, "Fight", ammo)
        (face,) = app_dice(campaign, 1, "ammo")
        await sent(pilot, campaign)
        assert newest(campaign, e.AmmunitionChecked).face == face


@pytest.mark.parametrize(("tab", "name", "rule", "words"), [
    ("Characters", "Roll on the Out of action table…", "Out of action", "not down at 0 Guts"),
    ("Characters", "Roll the Advancement Test…", "Advancement", "no advancement dice"),
    ("Conflict", "Roll morale…", "Morale", "no NPC's side"),
    ("Conflict", "Roll a quick draw…", "Quick draw", "Ann carries nothing"),
    ("Conflict", "Roll the scene die…", "Scene stakes", "optional rule is off"),
])
@synchronous
async def test_a_table_that_does_not_apply_says_which_rule_stops_it(
        tmp_path: Path, tab: str, name: str, rule: str, words: str) -> None:
    app, notices = judged(bare(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await shell_up(pilot)
        await refused(pilot, notices, tab, name, rule, words)

