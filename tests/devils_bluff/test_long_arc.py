"""The campaign's long arc, run as an experienced Dealer runs it for weeks (the twenty-second
look): the sample campaign, and one begun from nothing with a hiring pool, played on over
three sessions (games finished, levels, perks and abilities, a hired gun kept each game,
new guns hired), each screen looked at from the start of session 3 with the players' screen
beside it; and the two things the last look left alone at 80x24, the Activate form's words
and the Keys line while a model acts."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from gmscreen.games import rules_for
from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.commands import (
    ChangeAbility,
    ChooseSetUp,
    CloseAftermath,
    Deploy,
    Dismiss,
    EndGame,
    Enlist,
    FoundGang,
    GainLevel,
    HireAgain,
    KeepHired,
    RollOffForPicks,
    StartGame,
)
from gmscreen.games.devils_bluff.draw import shuffle_order
from gmscreen.games.devils_bluff.gangs import GUNSLINGER, LEADER, Recruit
from gmscreen.games.devils_bluff.hiring import moved_on, why_not_enlist, why_not_hire_again
from gmscreen.games.devils_bluff.sample import COLE, HENDRY, SAMPLES
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.games.devils_bluff.turns import why_not_start_game
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import Lines
from gmscreen.samples import write_sample
from gmscreen.ui.app import GmScreenApp
from gmscreen.ui.form import Form
from tests.devils_bluff.helpers import Table, campaign, pick, table_sections, unshuffled
from tests.devils_bluff.test_game import refused
from tests.devils_bluff.test_hiring import pool
from tests.devils_bluff.test_third_look import fresh
from tests.pilot import (
    fill,
    footer_keys,
    opened,
    screen_text,
    synchronous,
    to_tab,
    until,
)

CAMPAIGN = next(s for s in SAMPLES if "campaign" in s.file)


@synchronous
async def test_the_activate_box_says_its_words_on_one_row(tmp_path: Path) -> None:
    """At 80x24 the Activate form's words under its list ("Sheriff Cole's models still to
    activate this round: Enter activates the one highlighted") took two rows of the list's
    under the list, where the form's title names whose turn it is already. They take one
    row now. (The list shows seven models at most: the kit's form holds a list to seven
    rows.) Since round 11 the words are the highlighted model's row (its gun, wounds and
    tokens), the title saying Enter picks: one row still."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        form = await opened(pilot, "a")
        shown = form.query_one("#form-about", Static)
        await until(pilot, lambda: "HP 10/10 · Tok 0" in str(shown.render()))
        assert shown.content_region.height == 1, (shown.content_region, str(shown.render()))
    campaign.close()


@synchronous
async def test_the_keys_line_names_l_while_a_model_may_move(tmp_path: Path) -> None:
    """While a model acted, the Keys line ran to 78 of 80 columns ("t test, s score, x end
    game, D draw a typed card, m mend") and had no room for l: leaving an enemy's assault
    range was offered in the status only where the journal knew of an enemy within 1", and
    the app measures nothing, so a model that walked up to one left the key unsaid. It is
    named whenever the model may still Advance or Rush, and the line keeps to one row."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Conflict")
        await opened(pilot, "a")
        await pilot.press("enter")
        note = app.screen.query_one("#bluff-models-note", Static)
        await until(pilot, lambda: "m mend" in str(note.render()))
        keys = str(note.render()).splitlines()[0]
        assert "l leave" in keys, keys
        assert len(keys) <= note.content_region.width, (len(keys), keys)
        assert note.content_region.height == 2, note.content_region  # keys and the note
    campaign.close()


def _two_games_on(tmp_path: Path) -> Campaign[DevilsBluffState]:
    """The campaign sample played on: its first game ended, Ma Hendry's second level
    (Tough), five hired revolvers a gang, the second game, her third level (Deft) taken
    with no ability, both aftermaths closed."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    for game, perk in ((1, "Tough"), (2, "Deft")):
        if game > 1:
            for player in (HENDRY, COLE):
                for n in range(5):
                    campaign.execute(Enlist(player, Recruit(
                        f"{player[:4]} gun {game}.{n}", GUNSLINGER, "Revolver", hired=True)))
            campaign.execute(StartGame(shuffle_order(campaign.rng("shuffle"))))
            campaign.execute(Deploy((), shuffle_order(campaign.rng("shuffle"))))
        campaign.execute(EndGame("agreed"))
        campaign.execute(GainLevel(HENDRY, perk))
        campaign.execute(CloseAftermath())
    return campaign


@synchronous
async def test_a_model_past_its_third_level_with_no_ability_chooses_one_between_games(
        tmp_path: Path) -> None:
    """Module line 124: once a model has gained its third level it may choose an ability.
    Left unchosen at that level (forgotten, or the gang's three held then), none could be
    added after: A said "Ma Hendry has no ability to change", and a model at its fourth
    level never had another level to bring one. Between games A chooses it, from those its
    gang leaves open; below the third level it is refused, naming the rule."""
    campaign = _two_games_on(tmp_path)
    ma = campaign.state.find(HENDRY)
    assert ma is not None and ma[1].recruit.levels == 3 and not ma[1].recruit.ability
    before = campaign.state
    with pytest.raises(RuleError) as refused:
        campaign.execute(ChangeAbility(COLE, "Hail of Fire"))
    assert refused.value.rule == "Abilities" and "3rd level" in refused.value.message
    assert campaign.state == before
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", HENDRY)
        note = app.screen.query_one("#bluff-roster-note", Static)
        await until(pilot, lambda: "A set ability" in str(note.render()))
        form = await opened(pilot, "A")
        assert form.title_text.startswith(f"Choose {HENDRY}'s ability"), form.title_text
        await fill(pilot, ability="Hail of Fire")
        await until(pilot, lambda: view.model_lines(campaign.state, HENDRY)[-1].startswith(
            "Hail of Fire: "))
    ma = campaign.state.find(HENDRY)
    assert ma is not None and ma[1].recruit.ability == "Hail of Fire"
    said = campaign.describe(campaign.newest_step())  # type: ignore[arg-type]
    assert said == f"{HENDRY} takes the ability Hail of Fire (3rd level reached)", said
    assert "Ma Hendry: Hail of Fire" in view.rules_lines(
        view.table_knows(campaign.state).models)
    path = campaign.path
    assert path is not None
    state = campaign.state
    campaign.close()
    again = open_campaign(path, rules_for)
    assert again.state == state
    again.close()


def test_between_games_the_players_screen_names_each_model_s_perks(tmp_path: Path) -> None:
    """Module line 120: the players note each model's perks on their roster, and a perk is
    never taken twice (line 122), so at the aftermath the table weighs which a model holds.
    Between games the players' screen gave a model's levels ("3") and the rules some
    perks bring, never the perks: Ma Hendry's Cunning, Tough and Deft were on paper. They
    stand under the gangs now, made of what the table knows; a model with none is left
    out."""
    campaign = _two_games_on(tmp_path)
    known = view.table_knows(campaign.state)
    (perks,) = [s for s in table_sections(known)
                if isinstance(s, Lines) and s.title == "Perks"]
    assert perks.lines == ("Ma Hendry: Cunning, Tough, Deft", "Sheriff Cole: Deadly"), perks
    # in a game the models' numbers and rules are what the table plays by
    for player in (HENDRY, COLE):
        for n in range(5):
            campaign.execute(Enlist(player, Recruit(f"{player[:4]} gun 3.{n}", GUNSLINGER,
                                                    "Revolver", hired=True)))
    campaign.execute(StartGame(shuffle_order(campaign.rng("shuffle"))))
    playing = table_sections(view.table_knows(campaign.state))
    assert not [s for s in playing if isinstance(s, Lines) and s.title == "Perks"]
    campaign.close()


def test_a_gang_full_from_the_pool_leaves_the_rest_to_the_other(tmp_path: Path) -> None:
    """Module lines 171-173: the picks go on until each gang has ten or the pool is empty;
    a pool too small to fill both should give each the same number of hired guns. Over a
    campaign the gangs keep different numbers of their own models: Ma, with three of her
    own, filled up on her seventh pick, and Cole, with only his leader, took the pool's
    last card after it as the picks say. The game was refused ("Ma's gang hired 7 from the
    pool and Cole's 8"), though Ma had no room for more. Only a gang with room that hired
    fewer is short-changed."""
    ma, cole = (g.player for g in pool().state.gangs)  # "Ma" and "Cole"
    table = pool()
    for game in (1, 2):
        table.execute(RollOffForPicks(typed=((ma, "Kh"), (cole, "2d"))))
        for player in (ma, cole):
            table.execute(Enlist(player, Recruit(f"{player} gun {game}", GUNSLINGER,
                                                 "Revolver", hired=True)))
        table.execute(StartGame(unshuffled()))
        table.execute(EndGame())
        table.execute(KeepHired(f"{ma} gun {game}"))
        table.execute(CloseAftermath())
    table.execute(RollOffForPicks(typed=((ma, "Kh"), (cole, "2d"))))
    hired = {ma: 0, cole: 0}
    while table.state.picker and hired[cole] < 8:
        picker = table.state.picker
        table.execute(Enlist(picker, Recruit(f"{picker} pick {hired[picker]}", GUNSLINGER,
                                             "Revolver", hired=True)))
        hired[picker] += 1
    sizes = {g.player: len(g.fighters) for g in table.state.gangs}
    assert hired == {ma: 7, cole: 8} and sizes == {ma: 10, cole: 9}, (hired, sizes)
    assert why_not_start_game(table.state) is None
    # a gang with room that hired fewer is still short-changed
    table.execute(Dismiss(ma, f"{ma} gun 1"))
    refusal = why_not_start_game(table.state)
    assert refusal is not None and refusal.rule == "Hiring pool", refusal
    assert refusal.message.startswith(f"{ma}'s gang hired 7 from the pool and {cole}'s 8")


def test_no_model_is_enlisted_while_the_aftermath_is_open() -> None:
    """Module line 101: after each game one hired gun who played may stay, and the rest
    move on. With the aftermath open the Characters tab offered e: a Dealer hiring Cole's
    guns for the next game before pressing c saw them move on with the others when the
    aftermath closed; and one hired then could be kept for good (k) without having played.
    Enlisting waits for the aftermath to close, saying so; nothing is saved."""
    table = campaign()
    table.execute(EndGame("agreed"))
    table.execute(Dismiss(COLE, "Walt"))  # room in Cole's gang
    before = len(table.events)
    error = refused(table, Enlist(COLE, Recruit("Newcomer", GUNSLINGER, "Revolver",
                                                hired=True)), "Aftermath")
    assert "close the aftermath first" in error.message, error.message
    assert len(table.events) == before
    assert why_not_enlist(table.state) is not None
    table.execute(CloseAftermath())
    assert why_not_enlist(table.state) is None
    table.execute(Enlist(COLE, Recruit("Newcomer", GUNSLINGER, "Revolver", hired=True)))


def test_the_aftermath_names_the_models_a_level_may_still_go_to() -> None:
    """Module lines 101 and 120: after each game every permanent model may gain a level,
    and the kept gun joins them. The aftermath's line said the levels gained so far
    ("levels gained by nobody yet") and nothing of who else might: in a gang of a leader
    and three kept guns the table went down the rosters by the cursor, and a forgotten one
    waited a whole game. The line names them, on the Dealer's tab and the players' screen
    alike, and stops once none is left."""
    table = campaign()
    table.execute(EndGame("agreed"))
    (line,) = view.aftermath_lines(table.state)
    assert line.endswith(f"A level may still go to {HENDRY} and {COLE}."), line
    table.execute(KeepHired("Dutch"))
    table.execute(GainLevel(HENDRY, "Tough"))
    (line,) = view.aftermath_lines(table.state)
    assert line.endswith(f"A level may still go to Dutch and {COLE}."), line
    assert line in view.table_knows(table.state).aftermath
    table.execute(GainLevel("Dutch", "Quick"))
    table.execute(GainLevel(COLE, "Deft"))
    (line,) = view.aftermath_lines(table.state)
    assert "may still go" not in line, line


@synchronous
async def test_the_characters_keys_line_keeps_to_one_row_before_a_pool_s_picks(
        tmp_path: Path) -> None:
    """Hiring from a pool between games, a model with an ability highlighted: "Keys: N
    rename, G rename gang, V change perk, A set ability, P typed roll-off (all in ctrl+p)"
    ran to two rows at 80 columns, taking one from the roster, though the line under the
    gangs already names P ("p rolls off for the first pick (P with the table's own
    cards)") whenever it applies. The Keys line leaves P to it."""
    made = []  # a one-off's own models, each gang's, before the picks
    for player, ability in (("Ann", "Hail of Fire"), ("Bob", "Precise Shot")):
        made += [FoundGang(player, f"{player}'s gang"),
                 Enlist(player, Recruit(f"{player} leader", LEADER, "Revolver",
                                        ("Quick", "Tough", "Deadly", "Deft"), ability)),
                 Enlist(player, Recruit(f"{player} first", GUNSLINGER, "Revolver",
                                        ("Quick", "Tough", "Deadly"))),
                 Enlist(player, Recruit(f"{player} second", GUNSLINGER, "Revolver",
                                        ("Quick", "Tough")))]
    campaign = fresh(tmp_path, ChooseSetUp("one-off", "pool"), *made)
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", "Ann leader")
        note = app.screen.query_one("#bluff-roster-note", Static)
        await until(pilot, lambda: "A set ability" in str(note.render()))
        keys = str(note.render()).splitlines()[0]
        assert len(keys) <= note.content_region.width, keys
        assert "(P with the table's own" in screen_text(app)
    campaign.close()


@synchronous
async def test_the_level_form_says_when_the_level_is_the_last(tmp_path: Path) -> None:
    """Module line 120: no model gains more than four levels. Over a campaign a leader's
    fourth comes after its third game, and its form looked like any other: the table chose
    the perk as if more would follow, and learnt otherwise only when the model dropped out
    of the levels to come. The form says it is the last."""
    campaign = _two_games_on(tmp_path)
    for n in range(5):
        for player in (HENDRY, COLE):
            campaign.execute(Enlist(player, Recruit(f"{player[:4]} gun 3.{n}", GUNSLINGER,
                                                    "Revolver", hired=True)))
    campaign.execute(StartGame(shuffle_order(campaign.rng("shuffle"))))
    campaign.execute(EndGame("agreed"))
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        for model, last in ((HENDRY, True), (COLE, False)):
            pick(pilot, "#bluff-roster", model)
            form = await opened(pilot, "l")
            said = f"{model}'s 4th level: the last a model gains." in form.note
            assert said is last, (model, form.note)
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, Form))
    campaign.close()


def test_a_gun_kept_by_mistake_and_dismissed_leaves_the_keep_to_another() -> None:
    """Module line 101: one hired gun a game joins for good. Dutch kept by a slip of the
    cursor (and a level given him), the Dealer dismissed him, as a hired gun not kept
    leaves anyway; but the aftermath still counted him, so Lefty was refused ("one hired
    gunslinger a game joins for good") and the game's record named Dutch kept and
    levelled, who was gone. A model dismissed in the aftermath leaves its keep and its
    level with it."""
    table = campaign()
    table.execute(EndGame("agreed"))
    table.execute(KeepHired("Dutch"))
    table.execute(GainLevel("Dutch", "Quick"))
    table.execute(Dismiss(HENDRY, "Dutch"))
    (line,) = view.aftermath_lines(table.state)
    assert "Dutch" not in line, line
    table.execute(KeepHired("Lefty"))
    table.execute(CloseAftermath())
    # the game's line (the key that ends the campaign comes after it, round 13)
    record = next(line for line in view.campaign_lines(table.state)
                  if line.startswith("Game 1: "))
    assert record.endswith(f"kept for good: Lefty ({HENDRY})"), record
    assert "levels for" not in record, record
    assert table.state == table.replayed()


def test_a_gun_kept_for_good_may_gain_its_first_level_in_the_same_aftermath() -> None:
    """Module lines 101 and 120, read as a table reads them: the gun that stays "may join
    your gang permanently and gain experience", and levels go to the permanent models at
    the end of the game, which it now is. Before it is kept it is refused as hired."""
    table = campaign()
    table.execute(EndGame("agreed"))
    error = refused(table, GainLevel("Dutch", "Quick"), "Experience")
    assert "hired for one game" in error.message, error.message
    table.execute(KeepHired("Dutch"))
    table.execute(GainLevel("Dutch", "Quick"))
    assert table.fighter("Dutch").recruit.perks == ("Quick",)


@synchronous
async def test_what_the_campaign_asks_next_is_in_sight_on_the_characters_tab(
        tmp_path: Path) -> None:
    """At 80x24 the lines under the roster began with the set-up and the gangs' sizes,
    which never change in an aftermath, and with Ma Hendry highlighted (her ability
    spelled out under her line) the aftermath's own line ("After game 3: levels gained by
    ...") sat below the box's eight rows; so did "Before game 4 ...", what the gangs still
    need. What is asked next comes first."""
    campaign = _two_games_on(tmp_path)
    campaign.execute(ChangeAbility(HENDRY, "Hail of Fire"))
    for n in range(5):
        for player in (HENDRY, COLE):
            campaign.execute(Enlist(player, Recruit(f"{player[:4]} gun 3.{n}", GUNSLINGER,
                                                    "Revolver", hired=True)))
    campaign.execute(StartGame(shuffle_order(campaign.rng("shuffle"))))
    campaign.execute(EndGame("agreed"))
    assert view.campaign_lines(campaign.state)[0].startswith("After game 3: ")
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        pick(pilot, "#bluff-roster", HENDRY)
        await until(pilot, lambda: "Hail of Fire: after" in screen_text(app))
        assert "After game 3: no level gained yet" in screen_text(app)
        campaign.execute(CloseAftermath())
        pick(pilot, "#bluff-roster", COLE)
        pick(pilot, "#bluff-roster", HENDRY)
        await until(pilot, lambda: "Before game 4 (" in screen_text(app))
    campaign.close()


# -- the same guns hired again for the next game ----------------------------------------------


def _moved_on(table: Table) -> dict[str, Recruit]:
    """The guns that moved on and may be hired again, by name."""
    return {recruit.name: recruit for _, recruit in moved_on(table.state)}


def test_the_guns_that_moved_on_are_hired_again_in_one_step() -> None:
    """Module lines 101 and 177: by controlled choice each player hires from their own
    miniatures, so the guns that moved on after a game are the ones hired for the next. A
    Dealer enlisted each again by its own form, name and weapon typed anew: seventeen forms
    between the sample's first and second games. Hire again takes them back in one step,
    each to the gang it left, with its weapon, as hired guns; one undo takes them all."""
    table = campaign()
    table.execute(EndGame("agreed"))
    table.execute(KeepHired("Dutch"))
    table.execute(CloseAftermath())
    offered = _moved_on(table)
    assert offered["Preacher"] == Recruit("Preacher", GUNSLINGER, "Rifle", hired=True)
    assert offered["Hattie"] == Recruit("Hattie", GUNSLINGER, "Rifle", hired=True)
    assert "Dutch" not in offered and len(offered) == 17
    assert ("h hires again the 17 guns that moved on after game 1 (e enlists others)."
            in view.campaign_lines(table.state)), view.campaign_lines(table.state)
    events = table.execute(HireAgain(("Preacher", "Hattie", "Lefty")))
    assert [e.data["player"] for e in events] == [HENDRY, COLE, HENDRY]
    assert table.fighter("Preacher").recruit.weapon == "Rifle"
    assert table.fighter("Hattie").recruit.hired
    assert "Preacher" not in _moved_on(table)
    assert table.state == table.replayed()
    # a name not among them, or more than a gang has room for, changes nothing
    before = table.state
    error = refused(table, HireAgain(("Wyatt",)), "Hiring")
    assert error.field == "names" and "Wyatt" in error.message, error.message
    table.execute(Enlist(COLE, Recruit("Wyatt", GUNSLINGER, "Revolver", hired=True)))
    error = refused(table, HireAgain(tuple(_moved_on(table))), "Gang size")
    assert error.message.startswith(f"{COLE}'s gang has room for 7 more, not 8"), error
    table.execute(Dismiss(COLE, "Wyatt"))
    assert table.state.gangs == before.gangs
    # once a game begins, those not hired for it are gone for good
    table.execute(HireAgain(tuple(_moved_on(table))))
    table.execute(StartGame(unshuffled()))
    assert moved_on(table.state) == ()


def test_hire_again_is_refused_where_hiring_is_a_pool_s_picks() -> None:
    table = pool()
    table.execute(RollOffForPicks(typed=(("Ma", "Kh"), ("Cole", "2d"))))
    table.execute(Enlist("Ma", Recruit("Ma gun", GUNSLINGER, "Revolver", hired=True)))
    table.execute(Enlist("Cole", Recruit("Cole gun", GUNSLINGER, "Revolver", hired=True)))
    table.execute(StartGame(unshuffled()))
    table.execute(EndGame())
    table.execute(CloseAftermath())
    assert _moved_on(table).keys() == {"Ma gun", "Cole gun"}
    error = refused(table, HireAgain(("Ma gun",)), "Hiring pool")
    assert "one at a time" in error.message, error.message


@synchronous
async def test_hire_again_by_keys_fills_both_gangs_for_the_next_game(tmp_path: Path) -> None:
    """h on the Characters tab, each gang's guns ticked as far as it has room, ctrl+s:
    seventeen forms become one, and the gangs are ready for game 2."""
    campaign = open_campaign(write_sample(CAMPAIGN, tmp_path), rules_for)
    campaign.execute(EndGame("agreed"))
    assert why_not_hire_again(campaign.state) is not None  # the aftermath is open
    campaign.execute(KeepHired("Dutch"))
    campaign.execute(CloseAftermath())
    app = GmScreenApp(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, "Characters")
        await until(pilot, lambda: "h" in footer_keys(app))
        await fill(pilot, "h")
        await until(pilot, lambda: not isinstance(app.screen, Form))
        sizes = [len(g.fighters) for g in campaign.state.gangs]
        assert sizes == [10, 10], sizes
        assert why_not_start_game(campaign.state) is None
        assert "h" not in footer_keys(app)
    campaign.close()
