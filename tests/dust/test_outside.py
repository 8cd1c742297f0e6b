"""Round 14: Dust checked from outside, as a checker who never reads the code would: a new
campaign's journal written step by step, then read back through the command line
(`gmscreen replay --json`, `gmscreen log`) and through what `gmscreen show --player` draws.
Each test is one of the checks written from the book in `docs/rules/dust.md`'s section
"Checked from outside (round 14)"."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest

from gmscreen import cli
from gmscreen.games.dust import view
from gmscreen.games.dust.commands import (
    AddLocation,
    AddPlayer,
    ChooseKill,
    ChooseNight,
    EndDay,
    GiveItem,
    ReplacePlayer,
    ResolveNight,
    StartGame,
    UseBookSetUp,
    UseDayPower,
)
from gmscreen.games.dust.powers import LocationDef
from gmscreen.games.dust.state import NightChoice, PowerUse
from gmscreen.journal.campaign import Campaign
from gmscreen.journal.rules import RuleError
from gmscreen.journal.sections import NO_BREAK, Grid, as_text
from tests.dust.app import new_campaign, sample_campaign
from tests.dust.game import CAST
from tests.dust.hidden import _shown as shown_in
from tests.dust.hidden import hidden_facts

#: the book's three Scum roles and ten Town roles (book lines 50-102), as a reader of the
#: book would look them up by name
BOOK_ROLES = {"Vanilla Town": "TOWN", "Reverend": "TOWN", "Cop": "TOWN", "Doctor": "TOWN",
              "Night Watchman": "TOWN", "Tracker": "TOWN", "Vigilante": "TOWN",
              "Innocent": "TOWN", "Veteran": "TOWN", "Drifter": "TOWN", "Despair": "SCUM",
              "Guilt": "SCUM", "Paranoia": "SCUM"}


def game(folder: Path, items: dict[str, tuple[str, ...]] | None = None) -> Campaign[Any]:
    """A new campaign in `folder`: the book's set-up, CAST seated, a session and Day 1."""
    campaign = new_campaign(folder)
    campaign.start_session()
    campaign.execute(UseBookSetUp())
    for name, role in CAST.items():
        campaign.execute(AddPlayer(name, role, (items or {}).get(name, ())))
    campaign.execute(StartGame())
    return campaign


def journal(campaign: Campaign[Any]) -> Path:
    assert campaign.store is not None
    return campaign.store.path


def lots(campaign: Campaign[Any]) -> tuple[str, ...]:
    return tuple(p.name for p in campaign.state.living)


def replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """`gmscreen replay PATH --json`, as a program reads it: each section by its title."""
    capsys.readouterr()
    assert cli.main(["replay", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    return {section["title"]: section for section in printed["sections"]}


def test_replay_json_lists_the_books_roles_with_their_sides_and_who_plays_each(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # book lines 50-102: thirteen roles, each TOWN- or SCUM-aligned; the replay listed the
    # players, the places and the items of the Characters tab's lists but not its roles
    campaign = game(tmp_path)
    path = journal(campaign)
    campaign.close()
    roles = replayed(path, capsys)["Roles"]
    assert roles["columns"][:2] == ["Role", "Side"]
    player = roles["columns"].index("Player")
    listed = {row[0]: row for row in roles["rows"]}
    assert {name: row[1] for name, row in listed.items()} == BOOK_ROLES
    assert listed["Guilt"][player] == "Gus" and listed["Cop"][player] == "Ann"
    assert listed["Vanilla Town"][player] == "Cat, Dan, Van"


def test_replay_json_tells_each_role_powers_uses_left_as_they_are_spent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # book line 38: a role power may have few uses, and once spent it never comes back; the
    # replay told an item's uses left ("Notebook (1 of 2 uses left)") but of no role's power,
    # so a program could not tell the Vigilante's second shot from his first
    campaign = game(tmp_path)
    path = journal(campaign)
    before = replayed(path, capsys)["Role powers' uses"]
    assert before["columns"] == ["Player", "Role", "Power", "Uses left"]
    assert ["Vig", "Vigilante", "Execute", "2 of 2"] in before["rows"]
    assert ["Vet", "Veteran", "On Alert", "2 of 2"] in before["rows"]
    # a role whose power has no limit (the Cop's) has no row
    assert not [row for row in before["rows"] if row[0] == "Ann"]
    campaign.execute(EndDay())
    campaign.execute(ChooseNight(NightChoice("Vig", "", (PowerUse("Vigilante", "Execute",
                                                                  ("Dan",)),))))
    campaign.execute(ResolveNight(lots(campaign)))
    campaign.close()
    after = replayed(path, capsys)
    assert ["Vig", "Vigilante", "Execute", "1 of 2"] in after["Role powers' uses"]["rows"]
    # the dead have no uses left to spend: Dan is out of every row
    assert not [row for row in after["Role powers' uses"]["rows"] if row[0] == "Dan"]


def test_a_writer_killed_the_night_he_writes_is_not_told_his_notebook_holds_more(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # book lines 125 and 195: the note of a writer killed that night is still found, but
    # whatever he held is lost with him; his message said "Your Notebook holds one more
    # note.", a Notebook gone with its holder
    campaign = game(tmp_path, {"Cat": ("Notebook",)})
    path = journal(campaign)
    campaign.execute(EndDay())
    campaign.execute(ChooseNight(NightChoice("Cat", "", (PowerUse("Notebook", "Notes", (),
                                                                  "It was Pat."),))))
    campaign.execute(ChooseKill("Gus", "Pat", "Cat"))
    campaign.execute(ResolveNight(lots(campaign)))
    assert "A note was found: \u201cIt was Pat.\u201d" in campaign.state.posts[-1].lines
    page = as_text(view.player_sections(view.player_knows(campaign.state, "Cat")))
    campaign.close()
    assert "Your note will be found when Day 2 begins." in page
    assert "holds one more note" not in page
    monkeypatch.setenv("COLUMNS", "300")  # a line of the log's table each
    capsys.readouterr()
    assert cli.main(["log", str(path), "--search", "message to Cat"]) == 0
    told = capsys.readouterr().out
    assert "You were killed in the night." in told and "Day 2 begins" in told
    assert "holds one more note" not in told


def test_the_players_screen_lists_the_players_by_name_never_in_the_order_of_their_roles(
        tmp_path: Path) -> None:
    # DESIGN: a living player's role never reaches the players' screen. The player form
    # offers the book's seats in the book's order (lines 48-102: the three Vanilla Town with
    # their items first, the three Scum last), and the sample is seated so: its players'
    # screen listed the players as seated, the Scum its last three names, and each flip
    # showed the table that the list followed the book's roles
    campaign = sample_campaign(tmp_path)
    state = campaign.state
    campaign.close()
    seated = [p.name for p in state.players]
    scum = [p.name for p in state.players if state.role_of(p.name).alignment == "scum"]
    assert seated[-3:] == scum  # the sample is seated in the book's order, as offered
    sections = view.table_sections(view.table_knows(state))
    roster = next(s for s in sections if isinstance(s, Grid) and s.title == "Players")
    shown = [row[0] for row in roster.wide]
    assert sorted(shown, key=str.casefold) == shown and sorted(shown) == sorted(seated)
    assert shown[-3:] != scum
    # the table's "Not voting" (and the vote count the moderator posts to the thread) too
    votes = next(s for s in sections if isinstance(s, Grid) and s.title == "Votes")
    silent = votes.note.split(": ", 1)[1].replace(NO_BREAK, " ").split(", ")
    assert silent == sorted(silent, key=str.casefold) and silent[-1] != scum[-1]
    counted = view.vote_count(state).lines[-1].split(": ", 1)[1].split(", ")
    assert counted == sorted(counted, key=str.casefold)
    # the moderator's own lists keep the seats' order
    assert [row[0] for row in view.players_grid(state).rows] == seated


def test_a_slot_replaced_twice_is_told_once_a_session_in_the_tables_recap(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the table's recap names who took whose place in the session; with the players shown by
    # name a slot's place in the list moves with its new name (Ann -> Zoe -> Bea), and the
    # slot must be followed by the name it joined under, not by its place
    campaign = game(tmp_path)
    path = journal(campaign)
    campaign.execute(ReplacePlayer("Ann", "Zoe"))
    campaign.end_session()
    campaign.start_session()
    campaign.execute(ReplacePlayer("Zoe", "Bea"))
    campaign.close()
    for copy in ([], ["--dealer"]):
        capsys.readouterr()
        assert cli.main(["recap", str(path), *copy]) == 0
        told = capsys.readouterr().out
        assert "Bea took Zoe's place" in told and "Zoe took Ann's place" not in told
        assert cli.main(["recap", str(path), "--session", "1", *copy]) == 0
        first = capsys.readouterr().out
        assert "Zoe took Ann's place" in first and "Bea" not in first


@pytest.mark.parametrize("form", ["txt", "md", "bbcode", "html"])
def test_the_tables_recap_in_every_format_names_nothing_the_table_was_not_told(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str) -> None:
    # DESIGN: the recap is made from the table's half of the view. A day with a gift and
    # the generator poured (line 30: the receiver is not told who gave; line 117: nobody
    # learns who lit it), a night of searches, a guard, a look and the Scum's kill: the
    # table's copy names no living player's role or item, no night action, no step of the
    # night, no cause of death, no private message; the moderator's copy tells them
    campaign = game(tmp_path, {"Cat": ("Crowbar",), "Dan": ("Gasoline",), "Van": ("Knife",)})
    path = journal(campaign)
    campaign.execute(GiveItem("Cat", "Crowbar", "Rev"))
    campaign.execute(UseDayPower("Dan", "Gasoline", "Generator"))
    campaign.execute(EndDay())
    for choice in (NightChoice("Dri", "The School"), NightChoice("Tom", "The School"),
                   NightChoice("Van", "", (PowerUse("Knife", "Paranoid Bodyguard", ("Bob",)),)),
                   NightChoice("Ann", "", (PowerUse("Cop", "Interrogate", ("Gus",)),))):
        campaign.execute(ChooseNight(choice))
    campaign.execute(ChooseKill("Gus", "Pat", "Dri"))
    campaign.execute(ResolveNight(lots(campaign)))
    state = campaign.state
    campaign.close()
    capsys.readouterr()
    assert cli.main(["recap", str(path), "--format", form]) == 0
    told = html.unescape(capsys.readouterr().out)
    leaked = sorted(fact for fact in hidden_facts(state) if shown_in(fact, told))
    assert not leaked, f"the table's recap tells {leaked}"
    assert "Cat" not in " ".join(line for line in told.splitlines() if "Crowbar" in line)
    assert "generator has been turned on" in told and "Dan" not in " ".join(
        line for line in told.splitlines() if "generator" in line)
    assert cli.main(["recap", str(path), "--format", form, "--dealer"]) == 0
    dealers = html.unescape(capsys.readouterr().out)
    assert "Cat gives the Crowbar to Rev" in dealers
    assert "Interrogate" in dealers


def test_a_replay_inside_a_nights_resolution_says_so_not_that_nothing_is_sent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `gmscreen replay --to SEQ` shows the campaign right after any event; a night's
    # resolution is one step of many events (the night's story, its deaths, its finds, the
    # messages, the next day's post last). Right after its death the head read "Night 1
    # (twilight): 14 alive. Scum kill: Bob ... Nothing sent yet (12): ...", a night still
    # open with a dead man's kill in it
    campaign = game(tmp_path)
    path = journal(campaign)
    campaign.execute(EndDay())
    campaign.execute(ChooseKill("Gus", "Pat", "Bob"))
    campaign.execute(ResolveNight(lots(campaign)))
    death = next(ev.seq for ev in campaign.events if ev.kind == "dust.player_killed")
    resolved = next(ev.seq for ev in campaign.events if ev.kind == "dust.night_resolved")
    chosen = next(ev.seq for ev in campaign.events if ev.kind == "dust.night_kill_chosen")
    campaign.close()
    capsys.readouterr()
    assert cli.main(["replay", str(path), "--to", str(death), "--json"]) == 0
    now = {s["title"]: s for s in json.loads(capsys.readouterr().out)["sections"]}["Now"]
    assert now["lines"] == ["Night 1, part way through its resolution: 14 alive so far.",
                            "The resolution is one step; the Day 2 post ends it."]
    # before the resolution began, and once it is done, the head is the night's and the day's
    assert cli.main(["replay", str(path), "--to", str(chosen), "--json"]) == 0
    before = {s["title"]: s for s in json.loads(capsys.readouterr().out)["sections"]}["Now"]
    assert before["lines"][:2] == ["Night 1 (twilight): 15 alive.",
                                   "Scum kill: Bob, carried out by Pat (Gus chose)."]
    assert cli.main(["replay", str(path), "--to", str(resolved), "--json"]) == 0
    after = {s["title"]: s for s in json.loads(capsys.readouterr().out)["sections"]}["Now"]
    assert after["lines"][0].startswith("Day 2: 14 alive")


def test_the_tables_recap_never_tells_the_order_the_seats_were_filled(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the sample's players were seated as the form offers them, in the book's order of the
    # roles (the Scum last): the table's recap of the set-up told "Calamity joins the game.
    # [Doc] Holliday joins the game. ... Whisperer joins the game.", the roster's leak again.
    # Who joined is in "At the table", by name; the moderator's copy tells each join
    campaign = sample_campaign(tmp_path)
    path = journal(campaign)
    seated = [p.name for p in campaign.state.players]
    campaign.close()
    capsys.readouterr()
    assert cli.main(["recap", str(path), "--session", "0"]) == 0
    told = capsys.readouterr().out
    listed = [line[2:] for line in told.splitlines() if line.startswith("- ")]
    assert listed == sorted(seated, key=str.casefold)
    assert "joins" not in told
    assert cli.main(["recap", str(path), "--session", "0", "--dealer"]) == 0
    assert "Whisperer joins as Paranoia" in capsys.readouterr().out


def test_a_place_named_again_in_another_case_is_refused_naming_the_one_on_the_list(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # line 26: the moderator may add places as the game goes. "the lake" typed beside The
    # Lake was taken as a new place: the table's list read "The Asylum, The Lake, the lake"
    campaign = new_campaign(tmp_path)
    path = journal(campaign)
    campaign.execute(UseBookSetUp())
    for name in ("THE LAKE", " The Lake"):
        with pytest.raises(RuleError) as refused:
            campaign.execute(AddLocation(LocationDef(name, 3, None, ("Gun",))))
        assert refused.value.message == "The Lake is already on the list"
        assert refused.value.field == "name"
    for name, role in CAST.items():
        campaign.execute(AddPlayer(name, role))
    campaign.start_session()
    campaign.execute(StartGame())
    written = path.read_bytes()
    with pytest.raises(RuleError) as refused:
        campaign.execute(AddLocation(LocationDef("the lake", 3, None, ("Gun",))))
    assert refused.value.message == "The Lake is already on the list"
    assert path.read_bytes() == written
    campaign.execute(AddLocation(LocationDef("The Mine", 1, None, ("Gun",))))
    campaign.close()
    places = [row[0] for row in replayed(path, capsys)["Locations"]["rows"]]
    assert [p.casefold() for p in places].count("the lake") == 1 and "The Mine" in places
