"""Names as players and moderators type them, whatever characters they hold, go through the
forms whole: a forum name is the player's own, and nothing but spaces at its ends is refused.

Found in tmux: a player named "Ino␟Town" (the Unicode symbol the forms used to join a
choice's parts) closed the app with a traceback when his day power was picked, and a player
named "-" (the value of "(withdraw the vote)") could not be voted for."""

from __future__ import annotations

import re

from gmscreen.games.dust import view as dust_view
from gmscreen.games.dust.checks import NAME_LIMIT
from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    ChooseKill,
    ChooseNight,
    EndDay,
    ResolveNight,
    StartGame,
    UseBookSetUp,
    Vote,
)
from gmscreen.games.dust.panes.cycle import NONE, choice_from, kill_from, values_of, vote_from
from gmscreen.games.dust.panes.resolution import SENT
from gmscreen.games.dust.powers import LocationDef
from gmscreen.games.dust.state import DustState, NightChoice, PowerUse
from gmscreen.journal.document import render
from gmscreen.journal.recap import build
from gmscreen.journal.sections import as_text
from gmscreen.ui.form import Values
from tests.dust.app import CONSOLE, answer, app_of, new_campaign
from tests.dust.game import CAST, run
from tests.pilot import opened, synchronous, to_tab, until

ODD = "Ino\u241fTown"
LABELS = {"player": "Player", "action": "Whole night", "target": "Target",
          "target2": "Second target", "extra": "Also", "note": "Note", "voter": "Voter",
          "killer": "Carried out by"}


@synchronous
async def test_a_player_whose_name_holds_any_character_uses_his_day_power(tmp_path):
    campaign = new_campaign(tmp_path)
    campaign.execute(UseBookSetUp())
    cast = {name: role for name, role in CAST.items() if role != "Innocent"}
    for name, role in {**cast, ODD: "Innocent"}.items():
        campaign.execute(AddPlayer(name, role))
    campaign.execute(StartGame())
    app, _ = app_of(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_tab(pilot, CONSOLE)
        await opened(pilot, "p")
        await pilot.press("enter")
        await answer(pilot)
        await until(pilot, lambda: campaign.state.player(ODD).vouched)


def test_a_player_named_like_a_forms_own_choice_is_voted_for_and_killed_by_name():
    # "(withdraw the vote)" and "(no kill tonight)" are no player's name: a player named "-"
    # (or anything else) is the one voted for, and the withdrawal still withdraws; the
    # values of the forms' own choices are longer than any name may be
    assert min(len(NONE), len(SENT)) > NAME_LIMIT
    assert vote_from(Values({"voter": "Ann", "target": "-"}, LABELS)) == Vote("Ann", "-")
    assert vote_from(Values({"voter": "Ann", "target": NONE}, LABELS)) == Vote("Ann", "")
    assert kill_from("Gus", Values({"killer": "Pat", "target": "-"}, LABELS)).target == "-"
    assert kill_from("Gus", Values({"killer": "Pat", "target": NONE}, LABELS)).target == ""


def test_the_night_form_reads_back_places_and_names_holding_any_character():
    place = f"The Mill, {ODD}"
    state = run(DustState(), UseBookSetUp(), AddLocation(LocationDef(place, 1, None, ())),
                *(AddPlayer(name, role, ("Notebook",) if name == "Ann" else ())
                  for name, role in CAST.items()), StartGame(), EndDay())
    for choice in (NightChoice("Cat", place),
                   NightChoice("Ann", "", (PowerUse("Cop", "Interrogate", ("Eve",)),
                                           PowerUse("Notebook", "Notes", (), ODD)))):
        sent = run(state, ChooseNight(choice))
        # the form opened on his choice shows it, and sent as it stands sends it again
        his = values_of(sent, choice.player)
        shown = Values({key: his[key] for key in
                        ("player", "action", "target", "target2", "extra", "note")}, LABELS)
        assert choice_from(sent, shown) == sent.choice(choice.player) == choice


def test_a_name_that_ends_in_a_stop_closes_a_sentence_with_its_own(tmp_path):
    """A forum name such as "Holden Esq." ends a sentence in the log, the messages, the posts,
    the recap and on the players' screens: its own stop closes it, as a person writes it,
    never "Esq.." (the dead man, the hammer's voters, a Tracker's and a Watchman's word)."""
    names = {"Cat": "Holden Esq.", "Bob": "Dr. Bob Jr.", "Tom": "Tom Sr.", "Van": "Van Jr."}
    campaign = new_campaign(tmp_path)
    campaign.start_session()
    campaign.execute(UseBookSetUp())
    for name, role in CAST.items():
        campaign.execute(AddPlayer(names.get(name, name), role))
    campaign.execute(StartGame())
    others = [p.name for p in campaign.state.living if p.name not in ("Van Jr.", "Dr. Bob Jr.")]
    hammer = [*others[:campaign.state.majority - 1], "Dr. Bob Jr."]
    for voter in hammer:
        campaign.execute(Vote(voter, "Van Jr."))
    assert not campaign.state.player("Van Jr.").alive
    campaign.execute(ChooseNight(NightChoice("Tom Sr.", "", (
        PowerUse("Tracker", "Follow the Trail", ("Pat",)),))))
    campaign.execute(ChooseNight(NightChoice("Wat", "", (
        PowerUse("Night Watchman", "Keep Watch", ("Holden Esq.",)),))))
    campaign.execute(ChooseKill("Gus", "Pat", "Holden Esq."))
    campaign.execute(ResolveNight(tuple(p.name for p in campaign.state.living)))
    assert not campaign.state.player("Holden Esq.").alive
    state = campaign.state
    told = [
        *(campaign.describe(e) for e in campaign.events),
        *(line for m in state.messages for line in m.lines),
        *(line for post in state.posts for line in (post.title, *post.lines)),
        render(build(campaign, 1, dust_view), "txt"),
        render(build(campaign, 1, dust_view, dealer=True), "txt"),
        as_text(dust_view.table_sections(dust_view.table_knows(state))),
        *(as_text(dust_view.player_sections(dust_view.player_knows(state, p.name)))
          for p in state.players)]
    doubled = [line for line in told if re.search(r"(?<!\.)\.\.(?!\.)", line)]
    assert doubled == [], "\n".join(doubled)
    # the lines that end on such a name, as the thread and the players read them
    assert "Pat went to: Holden Esq." in told
    assert "Who came to Holden Esq.: Pat." in told
    assert f"The hammer falls: Van Jr. is lynched by {', '.join(hammer)}" in told
