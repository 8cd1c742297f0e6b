"""What the thread sees and what each player's own page adds: never a living player's role,
side, item or night action, nor a night's result before its post; the view and the rules
load without Textual; the recap tells what the thread saw."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gmscreen.games import rules_for
from gmscreen.games.dust import RULES, view
from gmscreen.games.dust.commands import ChooseNight, ModKill, ResolveNight, UseBookSetUp, Vote
from gmscreen.games.dust.sample import SAMPLES
from gmscreen.games.dust.state import NO_LYNCH, DustState, NightChoice, PowerUse
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.recap import SAME_EPISODE
from gmscreen.journal.sections import Grid, Lines, as_text
from gmscreen.samples import write_sample
from tests.dust.game import CAST, choose, every_kind, kill, lots, new_game, night_of, run, use
from tests.dust.hidden import assert_secrets_kept, hidden_facts, own_sections

ROOT = Path(__file__).resolve().parents[2]


def test_the_view_and_the_rules_import_no_textual() -> None:
    script = ("import sys, gmscreen.games.dust, gmscreen.games.dust.view, "
              "gmscreen.games.dust.sample\n"
              "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.stdout.strip() == "False", done.stderr


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: s.file)
def test_no_prefix_of_a_sample_shows_the_table_or_a_player_a_secret(tmp_path, sample) -> None:
    campaign = open_campaign(write_sample(sample, tmp_path), rules_for, writable=False)
    try:
        state: DustState = RULES.initial_state()
        for event in campaign.events:
            state = RULES.evolve(state, event)
            assert_secrets_kept(state)
        assert state == campaign.state and hidden_facts(state)
    finally:
        campaign.close()


def test_no_step_of_a_whole_game_shows_the_table_or_a_player_a_secret() -> None:
    # the facts hidden at each step change: roles flipped, items found, messages sent
    state: DustState = RULES.initial_state()
    for event in every_kind():
        state = RULES.evolve(state, event)
        assert_secrets_kept(state)
    assert state.phase == "over"


def night_with_choices() -> DustState:
    state = night_of({"Cat": ("Knife",), "Dan": ("Gasoline",)})
    state = run(state, ChooseNight(NightChoice("Ann", uses=(PowerUse("Cop", "Interrogate",
                                                                      ("Gus",)),))),
                ChooseNight(NightChoice("Cat", scavenge="The Cafe")))
    return kill(state, "Bob", killer="Pat")


def test_the_table_sees_the_living_the_votes_the_places_and_the_newest_post() -> None:
    state = run(new_game({"Cat": ("Knife",)}), Vote("Ann", "Eve"), Vote("Bob", NO_LYNCH))
    sections = view.table_sections(view.table_knows(state))
    shown = as_text(sections)
    # the votes and the newest post (the night's dead, a note found) before the roster and
    # the places: on a screen of 24 lines the table reads what is asked of it and the news,
    # and the roster and the places wait below (test_players_screen)
    assert [s.title for s in sections] == ["Day 1", "Votes", "The newest post: Day 1",
                                           "Players", "Open for scavenging tonight",
                                           "How the game goes"]
    players = next(s for s in sections if isinstance(s, Grid) and s.title == "Players")
    # the three columns where they fit; on a phone the status on the name's line
    # by name, never in the seats' order, which followed the roles (round 14)
    assert [row[:2] for row in players.wide] == [(name, "alive")
                                                 for name in sorted(CAST, key=str.casefold)]
    assert [row[0] for row in players.rows] == [f"{name} (alive)"
                                                for name in sorted(CAST, key=str.casefold)]
    assert "Eve        1/8    Ann" in shown and "No lynch   1/8    Bob" in shown
    assert "Not voting (13): Cat, Dan," in shown
    assert "The Cafe" in shown and "Knife" not in shown and "Cop" not in shown


def test_the_dead_are_shown_as_flipped_and_the_night_not_before_its_post() -> None:
    state = night_with_choices()
    shown = as_text(view.table_sections(view.table_knows(state)))
    assert "Night 1 (twilight)" in shown and "Bob" in shown and "dead" not in shown
    state = run(state, ResolveNight(lots(state)))
    sections = view.table_sections(view.table_knows(state))
    players = next(s for s in sections if isinstance(s, Grid) and s.title == "Players")
    assert ("Bob", "found dead on Day 2", "DOCTOR, TOWN") in players.wide
    assert ("Bob (found dead on Day 2)", "DOCTOR, TOWN") in players.rows
    # the moderator's words name the killer; the thread's never do
    bob = state.player("Bob")
    assert bob is not None and "carried out by Pat" in bob.death
    assert "carried out" not in as_text(sections)


def test_a_players_page_adds_his_own_role_items_and_messages_to_the_tables_view() -> None:
    state = run(night_with_choices(), ResolveNight(lots(night_with_choices())))
    page = view.player_sections(view.player_knows(state, "Ann"))
    shown = as_text(page)
    assert "The COP, TOWN-aligned." in shown
    assert "Interrogate (night, exclusive, target in the church)" in shown
    # the page's role line is a sentence of its own: it begins with a capital
    assert view.player_knows(state, "Ann").role[0] == "The COP, TOWN-aligned."
    assert view.player_knows(state, "Gus").role[0] == "Dust's manifestation of GUILT, SCUM-aligned."
    assert "Night 1: Gus is SCUM." in shown
    assert "Knife" not in shown and "Gasoline" not in shown
    cat = as_text(view.player_sections(view.player_knows(state, "Cat")))
    assert "Knife" in cat and "Gus is SCUM" not in cat and "COP" not in cat
    assert view.private_viewers(state) == list(CAST)


def test_a_page_before_the_game_starts_holds_nothing_of_its_own() -> None:
    from gmscreen.games.dust.commands import AddPlayer, UseBookSetUp
    state = run(DustState(), UseBookSetUp(), AddPlayer("Ann", "Cop"))
    shown = as_text(view.player_sections(view.player_knows(state, "Ann")))
    assert "Nothing of yours yet" in shown and "Cop" not in shown


def test_the_recap_tells_the_thread_only_what_the_thread_was_told() -> None:
    from datetime import datetime

    from gmscreen.journal.events import Event
    events = every_kind()
    told = [view.table_tells(e) for e in events]
    kinds = {e.kind for e, line in zip(events, told, strict=True) if line}
    # who joined is "At the table"'s, by name: the joins in the order the seats were filled
    # followed the roles (round 14, test_outside.py)
    assert kinds == {"dust.player_corrected", "dust.player_removed",
                     "dust.game_started", "dust.day_began",
                     "dust.posted", "dust.vote_cast", "dust.vote_withdrawn",
                     "dust.late_note_found", "dust.deadline_set", "dust.deadline_ticked"}
    assert "Ann votes Eve" in told
    # the deadline's clock is the table's to see
    assert "The Day 1 deadline moves forward 2 segments: twelve hours gone" in told
    assert all("Cop" not in line for line in told if line and "joins" in line)
    # a seat put right before Day 1 is told by its name alone, never its role
    assert "Abe takes Ab's seat before the game begins" in told
    assert all("Drifter" not in line for line in told if line)
    headings = [view.episode(e) for e, line in zip(events, told, strict=True) if line]
    assert headings[:2] == ["The set-up.", "The set-up."] and "Day 2." in headings
    assert headings[-1] == "The end."
    # the moderator's copy tells every event: a night's resolution is a paragraph of its own
    step = next(e for e in events if e.kind == "dust.night_step")
    message = next(e for e in events if e.kind == "dust.message_sent")
    assert (view.episode(step), view.episode(message)) == ("Night 1.", "Day 1.")
    # a vote from a journal older than the vote's day, like a gift, a choice for the night
    # or the kill, is told in the paragraph it falls in (no heading of its own to repeat)
    old = Event(1, datetime(2026, 1, 1), 1, "dust.vote_cast", {"voter": "A", "target": "B"}, 1)
    assert view.episode(old) == SAME_EPISODE and view.table_tells(old) == "A votes B"
    by_kind = {e.kind: view.episode(e) for e in events}
    assert all(by_kind[kind] == SAME_EPISODE for kind in (
        "dust.night_chosen", "dust.night_kill_chosen", "dust.power_spent")
        if kind in by_kind)
    assert "dust.night_chosen" in by_kind and "dust.item_given" in by_kind
    # a gift and a day power carry their day, so a session begun with one is headed by it;
    # from a journal older than their day they are told where they fall
    assert str(by_kind["dust.item_given"]).startswith("Day ")
    gift = Event(1, datetime(2026, 1, 1), 1, "dust.item_given",
                 {"giver": "A", "item": "Knife", "receiver": "B"}, 1)
    assert view.episode(gift) == SAME_EPISODE
    assert by_kind["dust.role_defined"] == "The set-up."


def test_the_totals_tell_the_deaths_as_flipped_and_the_dealers_add_the_causes() -> None:
    before = night_with_choices()
    after = run(before, ResolveNight(lots(before)))
    table = view.table_totals(view.table_knows(before), view.table_knows(after))
    assert table == ["Bob: found dead on Day 2; flipped the DOCTOR, TOWN"]
    # what the session took up and what it leaves (the night's actions are secret)
    assert view.table_stands(view.table_knows(before)) == (
        "Night 1: 15 alive; its night actions not yet resolved")
    assert view.table_stands(view.table_knows(after), leaving=True) == (
        "Day 2: 14 alive, 8 votes lynch; no vote cast yet")
    assert str(view.dealer_stands(before)).startswith("Night 1, with the night actions of ")
    dealer = view.dealer_totals(before, after)
    assert dealer[0].startswith("Bob: killed in Night 1: the Scum's night kill")
    assert "Cat: gained Knife" in dealer
    # at the table: everyone alive as the session began, Bob too, who played in it until
    # the night killed him; the next session lists him apart (he plays no more)
    known_before, known_after = view.table_knows(before), view.table_knows(after)
    # by name, as the table is shown the players (round 14: the seats followed the roles)
    assert view.table_cast(known_after, before=known_before) == sorted(CAST, key=str.casefold)
    later = run(after, Vote("Ann", "Eve"))
    assert view.table_cast(view.table_knows(later), before=known_after) == [
        *(name for name in sorted(CAST, key=str.casefold) if name != "Bob"),
        "Out of the game: Bob"]


def test_the_totals_of_a_session_the_players_joined_in_tell_its_deaths_and_replacements(
        ) -> None:
    """A moderator who starts session 1 before seating the table (f5 is the first key the
    new game offers) still reads the session's deaths and replacements under "Won and lost";
    and a player who took a slot is told what the slot did, not all it ever held."""
    from gmscreen.games.dust.commands import ReplacePlayer
    before = run(DustState(), UseBookSetUp())  # the session begins: nobody seated yet
    night = night_with_choices()
    after = run(night, ResolveNight(lots(night)), ReplacePlayer("Ann", "Nan"))
    table = view.table_totals(view.table_knows(before), view.table_knows(after))
    assert table == ["Nan took Ann's place", "Bob: found dead on Day 2; flipped the DOCTOR, TOWN"]
    dealer = view.dealer_totals(before, after)
    assert dealer[0] == "Nan took Ann's place"
    assert dealer[1].startswith("Bob: killed in Night 1: the Scum's night kill")
    # the next session: the slot Nan took is hers, with nothing gained and nothing spent
    later = run(after, ReplacePlayer("Nan", "Ned"), Vote("Ned", "Gus"))
    assert view.table_totals(view.table_knows(after), view.table_knows(later)) == [
        "Ned took Nan's place"]
    assert view.dealer_totals(after, later) == ["Ned took Nan's place"]
    # a replacement who dies in the session he came in is told among its deaths
    night_two = run(later, *[Vote(p.name, NO_LYNCH) for p in later.living][:later.majority])
    dead = run(kill(night_two, "Ned", killer="Pat"), ResolveNight(lots(night_two)))
    assert any(line.startswith("Ned: found dead") for line in
               view.table_totals(view.table_knows(after), view.table_knows(dead)))
    assert any(line.startswith("Ned: killed in Night 2") for line in
               view.dealer_totals(after, dead))


def test_the_dealers_sections_are_the_tabs() -> None:
    state = night_with_choices()
    titles = [s.title for s in view.dealer_sections(state)]
    # round 14: the roles' list too, and the uses left of the role powers that have few
    assert titles == ["Now", "Players", "Tonight", "Role powers' uses", "Roles", "Locations",
                      "Items", "Last post: Day 1: the end of the day"]
    shown = as_text(view.dealer_sections(state))
    assert "carries out the Scum's kill on Bob" in shown and "Cop: Interrogate on Gus" in shown
    by_day = [s.title for s in view.dealer_sections(new_game())]
    assert by_day[:3] == ["Now", "Players", "Votes"]


def test_every_heading_has_a_glossary_entry(tmp_path) -> None:
    from gmscreen.glossary import find, words_of
    words = words_of("gmscreen.games.dust")
    states: list[DustState] = []
    for sample in SAMPLES:
        campaign = open_campaign(write_sample(sample, tmp_path), rules_for, writable=False)
        states.append(campaign.state)
        campaign.close()
    state: DustState = RULES.initial_state()
    for event in every_kind():  # by day, by night, at twilight and over
        state = RULES.evolve(state, event)
        states.append(state)
    headings = set()
    for state in states:
        sections = [*view.dealer_sections(state), *view.table_sections(view.table_knows(state)),
                    view.roster_grid(state), view.night_grid(state), view.votes_grid(state)]
        headings |= {c for s in sections if isinstance(s, Grid) for c in s.columns}
    assert len(headings) > 15
    assert sorted(h for h in headings if find(words, h) is None) == []


def test_before_day_1_the_places_open_on_the_first_night_read_open() -> None:
    """Set up, before Day 1: the locations list reads the first night's places as open,
    as the Day and night tab's list does, and the later ones as not yet."""
    state = run(DustState(), UseBookSetUp())
    assert state.phase == "setup"
    opened = {row[0]: row[2] for row in view.places_grid(state).rows}
    first = [loc.name for loc in state.locations if loc.is_open(1)]
    assert first and all(opened[name] == "yes" for name in first)
    assert all(opened[loc.name] == "no" for loc in state.locations if loc.opens > 1)
    assert [line.split(":")[0].strip() for line in view.places_now(state)[1:]] == first


def test_each_players_page_shows_his_own_role_items_and_messages_at_every_step() -> None:
    # the private link of `gmscreen serve` (gmscreen show --player): at every step of a
    # whole game (a power corrected, a gift, a night's deaths, a late note, a replacement,
    # an item corrected, a mod-kill, a night called off, the lynch that ends it) a player's
    # own part holds his role as it stands, each item he holds and every line sent to him;
    # what is another's never shows (assert_secrets_kept)
    state: DustState = RULES.initial_state()
    corrected = dead = 0
    for event in every_kind():
        state = RULES.evolve(state, event)
        assert_secrets_kept(state)
        table = view.table_sections(view.table_knows(state))
        for player in state.players:
            page = view.player_sections(view.player_knows(state, player.name))
            own = as_text(own_sections(page, table))
            sent = [m for m in state.messages if m.player == player.name]
            if not sent:
                assert "Nothing of yours yet" in own
                continue
            role = state.role_of(player.name)
            assert f"{role.title}, {role.alignment.upper()}-aligned.".lower() in own.lower()
            for power in role.powers:
                assert power.name in own and power.text in own
            for held in player.items:
                assert held.item in own
            for message in sent:
                assert f"{message.when}: {' '.join(message.lines)}" in own.replace("\n", " ")
            corrected += any("corrects" in m.lines[0] for m in sent)
            dead += not player.alive
    assert corrected and dead
    assert state.phase == "over"


def test_a_page_for_a_name_no_longer_in_the_game_says_so() -> None:
    # a replaced player's old name: his slot and its secrets went to the new player
    from gmscreen.games.dust.commands import ReplacePlayer
    state = run(new_game(), ReplacePlayer("Bob", "Bobby"))
    shown = as_text(view.player_sections(view.player_knows(state, "Bob")))
    # who took it, as the thread was told (round 20: a page for a name in no slot says
    # only that no player has it, test_phone)
    assert "Bobby took your place in the game" in shown
    assert "DOCTOR" not in shown and "Nothing of yours yet" not in shown
    bobby = as_text(view.player_sections(view.player_knows(state, "Bobby")))
    assert "The DOCTOR, TOWN-aligned." in bobby


def test_the_moderators_roster_heads_its_last_column_for_the_dead_as_for_the_living() -> None:
    # a dead player's cell tells how he died, not a vote: the heading says both
    night = kill(night_of(), "Dan")
    state = run(night, ResolveNight(lots(night)))
    state = run(state, Vote("Ann", "Eve"))
    table = view.roster_grid(state)
    assert table.columns[-1] == "Vote, or death"
    rows = {row[0]: row[-1] for row in table.rows}
    assert rows["Ann"] == "Eve" and rows["Dan"].startswith("killed Night 1: ")


def test_once_the_game_is_over_no_place_reads_open_for_a_night_to_come() -> None:
    """The last Scum lynched: no night falls, so the Day and night tab's side names no
    'Open on night N' and the locations list reads every place closed."""
    state = new_game()
    for voter in ("Ann", "Bob", "Cat", "Dan", "Van", "Rev", "Wat", "Tom"):
        state = run(state, Vote(voter, "Eve"))
    state = run(state, ModKill("Gus", "gone"), ModKill("Pat", "gone"))
    assert state.phase == "over"
    assert view.places_now(state) == ("No night comes: the game is over.",)
    assert {row[2] for row in view.places_grid(state).rows} == {"no"}


def test_the_table_keeps_the_threads_earlier_posts_under_the_newest() -> None:
    # Day 1's lynch names its voters; Bob's note is found as Day 2 begins; then a replacement
    # and the generator are posted: the table still reads the note and the Day 1 voters,
    # the newest of the earlier posts first
    from gmscreen.games.dust.commands import GiveItem, ReplacePlayer, UseDayPower
    state = run(new_game({"Cat": ("Notebook",), "Dan": ("Gasoline",)}),
                GiveItem("Cat", "Notebook", "Bob"),
                *(Vote(name, "Pat") for name in ("Ann", "Cat", "Dan", "Van", "Rev", "Wat",
                                                 "Tom", "Vig")))
    state = kill(choose(state, "Bob", use("Notebook", "Notes", text="Watch Gus.")), "Bob",
                 killer="Eve")
    state = run(state, ResolveNight(lots(state)), ReplacePlayer("Ann", "Annie"),
                UseDayPower("Dan", "Gasoline", "Generator"))
    sections = view.table_sections(view.table_knows(state))
    assert [s.title for s in sections][-2:] == ["Open for scavenging tonight",
                                                "Earlier in the thread, newest first"]
    earlier = sections[-1]
    assert isinstance(earlier, Lines) and earlier.past  # notes told go above it
    told = list(earlier.lines)
    # each earlier post under its title, the newest post (the generator's) not again, nor
    # the day's own, which stays under the newest (round 20, test_phone)
    titles = [line for line in told if not line.startswith("  ")]
    assert titles == ["Day 2: a replacement", "Day 1: the end of the day", "Day 1"]
    today = next(s for s in sections if s.title == "The day's post: Day 2")
    assert isinstance(today, Lines) and any("Watch Gus." in line for line in today.lines)
    shown = "\n".join(told)
    assert "Annie replaces Ann." in shown
    assert "Pat is lynched by Ann, Cat, Dan, Van, Rev, Wat, Tom, Vig." in shown
    assert "generator" not in shown
    # a player's own page holds the table's, the thread's earlier posts with it (his own
    # earlier messages under them, round 20)
    assert earlier in view.player_sections(view.player_knows(state, "Cat"))


def test_the_moderators_roster_counts_an_items_uses_left_as_the_characters_list_does() -> None:
    # Cat's Notebook holds one note after Night 1: the roster beside the console said
    # "Notebook" as if new, where the Characters list and the night form count what is left
    state = choose(night_of({"Cat": ("Notebook",)}), "Cat", use("Notebook", "Notes", text="Hm."))
    state = run(state, ResolveNight(lots(state)))
    left = "Notebook (1 of 2 uses left)"
    assert {row[0]: row[3] for row in view.roster_grid(state).rows}["Cat"] == left
    assert {row[0]: row[3] for row in view.players_grid(state).rows}["Cat"] == left
