"""The twenty-first look: the fields whose glossary entry (shown under a field with no
words of its own) says what a word means but not what to put in it have words of their
own; the status offers l only where the journal knows of an enemy in assault range, the
Characters tab says hiring from a pool may be skipped, and the Enlist form's count of perks
follows what is ticked."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    Attack,
    ChooseSetUp,
    Enlist,
    FoundGang,
    RollOffForPicks,
)
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.games.devils_bluff.sample import SAMPLES
from gmscreen.glossary import find, gmscreens_words, words_of
from gmscreen.journal.campaign import open_campaign
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table
from tests.devils_bluff.test_game import attack_ready
from tests.devils_bluff.test_hiring import COLE, MA, pool
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import opened, synchronous, to_tab, until

WORDS = words_of("gmscreen.games.devils_bluff") + gmscreens_words()


def own_words(form: Form) -> dict[str, str]:
    """Each field's words under the form, where they are not its label's glossary entry."""
    return {f.key: f.about for f in form.fields
            if f.about and f.about != getattr(find(WORDS, f.label), "means", None)}


@synchronous
async def test_the_enlist_form_says_what_to_choose_not_what_the_words_mean(
        tmp_path: Path) -> None:
    """With the glossary under the fields, Gang of said what a gang is, Unit listed a
    "(Hired)" the Unit choice does not offer and Weapon the four guns: nothing said which
    to choose; and the box under the Name, where the form opens, was empty. Each says it
    now, Weapon by the hiring chosen (module 173, 177)."""
    campaign = fresh(tmp_path, ChooseSetUp("campaign", "pool"), FoundGang("Ann", "Hendry Boys"),
                     FoundGang("Bob", "Law Dogs"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        form = await opened(pilot, "e")
        words = own_words(form)
        assert words.keys() >= {"player", "name", "unit", "weapon", "hired", "perks",
                                "ability"}, words
        assert words["weapon"] == view.WEAPON_ABOUT["pool"], words
        # it opens on the name: the box under the fields is not left empty
        shown = form.query_one("#form-about", Static)
        await until(pilot, lambda: "either roster" in str(shown.render()))
        form.widget_of("unit").focus()
        await until(pilot, lambda: "enlisted first" in str(shown.render()))
    campaign.close()


@synchronous
async def test_the_conflict_tab_s_forms_say_what_to_put_in_each_field(tmp_path: Path) -> None:
    """The End the game form's Note showed the journal's Note (n, e and x in the Encounter
    Log), which it is not; Correct's HP what hit points are, not the ones to set; Activate's
    Model what a miniature is; the corrections of a card and Rename gang opened on a field
    with an empty box under it. Each says what to put in it."""
    campaign = open_campaign(write_sample(SAMPLES[0], tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        for tab, key, fields in (("Conflict", "a", {"fighter"}), ("Conflict", "x", {"note"}),
                                 ("Conflict", "m", {"hp", "reason"}),
                                 ("Conflict", "t", {"attribute", "modifier"}),
                                 ("Conflict", "C", {"player"}), ("Conflict", "I", {"player"}),
                                 ("Characters", "G", {"player", "name"})):
            await to_tab(pilot, tab)
            form = await opened(pilot, key)
            words = own_words(form)
            assert words.keys() >= fields, (key, words)
            # the field the form opens on has words under it, never an empty box
            shown = form.query_one("#form-about", Static)
            assert str(shown.render()).strip(), key
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, Form))
    campaign.close()


def test_the_status_offers_l_only_when_an_enemy_is_known_in_assault_range() -> None:
    """Every activation's status said "l: move out of assault range", with no enemy near;
    and none once an action was taken, though a model that fought up close may still
    leave on its second. It is offered, naming them, where the journal knows of enemies
    fought up close (the app measures nothing: l works all the same, from the palette)."""
    table, shooter, target = attack_ready()
    told = " ".join(view.status_lines(table.state))
    assert "l:" not in told and "assault range" not in told, told
    table.stack("2c")  # fists in assault range: one attack, a miss
    table.execute(Attack(shooter, target, assault_range=True))
    told = " ".join(view.status_lines(table.state))
    assert f"l: leave the assault range of {target}" in told, told


def test_the_pool_s_roll_off_and_the_game_read_as_the_table_s_choice() -> None:
    """Hiring from a pool, both gangs able to play: "p rolls off" and then "Both gangs are
    ready: g begins game 1" read as if hiring came after, or could not be skipped. The
    book lets a gang pick none: one line gives the two ways on."""
    table = pool()
    told = view.campaign_lines(table.state)
    (line,) = [t for t in told if "p rolls off" in t]
    assert "or g on the Conflict tab begins game 1 with the gangs as they are" in line, told
    assert not any(t.startswith("Both gangs are ready") for t in told), told
    # once the picks have begun, whose pick it is comes first; the game may begin at any
    # pick, which ends them (the next game rolls off again)
    table.execute(RollOffForPicks(typed=((MA, "Kh"), (COLE, "2d"))))
    told = view.campaign_lines(table.state)
    assert not any("p rolls off" in t for t in told), told
    assert f"{MA} picks next from the pool (e enlists)" in " ".join(told), told
    assert ("Both gangs are ready: g on the Conflict tab begins game 1, and the picks end "
            "there." in told), told


def test_the_enlist_form_s_perk_count_follows_what_is_ticked() -> None:
    """"Tick 4 perks" stayed under the Enlist form after the four were ticked."""
    table = Table()
    table.execute(ChooseSetUp("one-off"))
    table.execute(FoundGang("Ann", "Hendry Boys"))
    state = table.state
    assert view.perks_wanted(state, "Ann", LEADER, hired=False, ticked=0) == (
        "Tick 4 perks: a one-off's Gang Leader has 4 levels.")
    assert view.perks_wanted(state, "Ann", LEADER, hired=False, ticked=1) == (
        "Tick 4 perks (1 ticked): a one-off's Gang Leader has 4 levels.")
    assert view.perks_wanted(state, "Ann", LEADER, hired=False, ticked=4) == (
        "Perks: 4 ticked, as a one-off's Gang Leader has 4 levels.")
    assert view.perks_wanted(state, "Ann", GUNSLINGER, hired=False, ticked=2) == (
        "Perks: 2 ticked, as a one-off's custom gunslingers have 3 and 2 levels.")
    table.execute(Enlist("Ann", Recruit("Jesse", GUNSLINGER, "Revolver",
                                        ("Quick", "Deft", "Tough"))))
    assert view.perks_wanted(table.state, "Ann", GUNSLINGER, hired=False, ticked=3) == (
        "Tick 2 perks (3 ticked): a one-off's custom gunslingers have 3 and 2 levels.")
