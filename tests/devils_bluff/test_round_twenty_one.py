"""Round 21: every reading judged again against the book, and the places where the app
chose without saying so (docs/rules/devils-bluff.md, "The readings judged again")."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.devils_bluff import RULES, view
from gmscreen.games.devils_bluff.commands import CloseAftermath, EndCampaign, EndGame
from gmscreen.games.devils_bluff.state import DevilsBluffState
from gmscreen.journal.sections import Grid, as_text
from tests.devils_bluff.helpers import Table, defence_drawn, one_off, table_sections
from tests.devils_bluff.test_long_run import ANN, _campaign_after_a_game
from tests.pilot import synchronous


def _ended(note: str) -> Table:
    table = _campaign_after_a_game()
    table.execute(CloseAftermath())
    table.execute(EndCampaign(ANN, note))
    return table


def test_the_campaign_s_closing_note_is_told_where_its_end_is_told() -> None:
    """The players' closing note was in the log, the recap and the players' "Just now",
    but the tabs and `gmscreen replay` told the end without it: the state kept no note.
    The state keeps it; each place that tells the end tells the note with it."""
    table = _ended("the bank is hers")
    over = f"The campaign is over: {ANN} holds the town of Devils Bluff (the bank is hers)."
    assert f"{over} ctrl+z takes its end back to play on." in view.status_lines(table.state)
    assert f"{over} ctrl+z takes its end back to play on." in view.campaign_lines(table.state)
    # `gmscreen replay` prints the Dealer's sections
    assert over in as_text(view.dealer_sections(table.state))
    assert view.next_game_words(table.state) == over
    assert over in as_text(table_sections(view.table_knows(table.state)))
    assert table.replayed() == table.state
    # with no note, the line is as it was
    assert view.next_game_words(_ended("").state) == \
        f"The campaign is over: {ANN} holds the town of Devils Bluff."


def test_a_journal_ending_its_campaign_before_the_note_was_kept_replays() -> None:
    """An event written before the state kept the note folds as it did, the note (had it
    one) now kept from the event itself; taken back, the note goes with the end."""
    table = _ended("the bank is hers")
    old = next(e for e in table.events if e.kind == "devils_bluff.campaign_ended")
    assert old.data == {"winner": ANN, "note": "the bank is hers"}
    before: DevilsBluffState = RULES.initial_state()
    for event in table.events[:-1]:
        before = RULES.evolve(before, event)
    assert before.ended is None and before.ended_note == ""
    # a payload without its note (the field's default) still reads
    bare = type(old)(old.seq, old.at, old.session, old.kind, {"winner": ANN}, old.seq)
    assert RULES.evolve(before, bare).ended_note == ""


def _notes_follow(sections: list[object]) -> int:
    """Where the notes told to the table go: after the last section marked `notes_after`."""
    marked = [n for n, s in enumerate(sections) if getattr(s, "notes_after", False)]
    assert marked, [getattr(s, "title", "") for s in sections]
    return marked[-1]


def test_between_games_with_nothing_just_now_the_notes_come_before_the_gangs() -> None:
    """A game's end leaves nothing "just now": no section said where what the table acts
    on ends, so the notes told to the table stood last, under both gangs, the guns and the
    rules (some rows down a phone). They come after what comes next between games."""
    table = _campaign_after_a_game()
    table.execute(CloseAftermath())
    sections = table_sections(view.table_knows(table.state))
    at = _notes_follow(list(sections))
    first_grid = next(n for n, s in enumerate(sections) if isinstance(s, Grid))
    assert at < first_grid, [s.title for s in sections]
    assert "Before game 2" in as_text(sections[: at + 1]) or \
        "ready" in as_text(sections[: at + 1])
    # a one-off's game ended: what it says of the one-off over comes first too
    done = one_off()
    done.execute(EndGame())
    sections = table_sections(view.table_knows(done.state))
    assert _notes_follow(list(sections)) < next(
        n for n, s in enumerate(sections) if isinstance(s, Grid))


def test_log_who_finds_a_player_s_own_steps() -> None:
    """`gmscreen log --who "Ma Hendry"` found only her model's enlisting: the players'
    names were not marked as names, so the gang she founded, her hires, the roll-offs and
    initiative she drew, her draws and scores were not "about" her. A Dealer asking for a
    player means the steps that player took; her models are found by their own names."""
    table = one_off()
    about = [RULES.subjects(e) for e in table.events]
    kinds = {e.kind for e, names in zip(table.events, about, strict=True)
             if "Ma Hendry" in names}
    for kind in ("gang_founded", "enlisted", "deployed", "round_started"):
        assert f"devils_bluff.{kind}" in kinds, sorted(kinds)
    # a model is still found by its own name; the set-up is about nobody
    hired = next(e for e in table.events if e.kind == "devils_bluff.enlisted"
                 and e.data["recruit"]["name"] == "Dutch")
    assert RULES.subjects(hired) == {"Ma Hendry", "Dutch"}
    assert RULES.subjects(table.events[0]) == frozenset()


def _entry(term: str) -> str:
    from gmscreen.glossary import words_of

    return next(w for w in words_of("gmscreen.games.devils_bluff") if w.word == term).means


def test_f1_s_hand_says_once_a_turn_and_the_discard_of_one_held_before() -> None:
    """Module line 39 and `deck`'s and `hands`' readings: a card once a turn (before the
    model is chosen or while it acts), and drawn onto five, one of the five held before
    goes. F1's Hand said only "a card may be drawn on each turn": a player reading it drew
    twice, or threw away the card just drawn."""
    means = _entry("Hand")
    assert "once a turn" in means and "while it acts" in means
    assert "one of the five held before goes" in means and "the new card stays" in means


def test_f1_s_fearless_says_a_hand_laid_is_not_drawn_again() -> None:
    """`testing`'s reading (a hand laid is no draw, so a failed one is not drawn again)
    was in the docs, the docstring and the test's line, not in F1's Fearless or Veteran."""
    assert "nothing is drawn again" in _entry("Fearless")
    assert "not a hand laid" in _entry("Veteran")


def test_f1_s_score_says_what_a_score_gives_and_a_draw() -> None:
    """`turns`' readings: 1 to 100 points at once, a minus to take back a slip, equal
    scores a draw. F1's Score named none of them; the form refused 150 with no word of it
    before."""
    means = _entry("Score")
    assert "1 to 100 points" in means and "a minus takes back" in means
    assert "equal scores are a draw" in means


def test_a_critical_hit_on_a_free_attack_of_hail_of_fire_adds_two_to_the_one_left() -> None:
    """Module line 147: a critical hit with Hail of Fire gives two more free attacks after
    that attack. Made on the first of the two free attacks, the app set the count to two,
    losing the one still owed: 1 left and 2 more are 3."""
    from gmscreen.games.devils_bluff.commands import Attack
    from gmscreen.games.devils_bluff.sample import COLE
    from tests.devils_bluff.test_book import given_ability
    from tests.devils_bluff.test_game import attack_ready

    table, shooter, target = attack_ready()
    given_ability(table, shooter, "Hail of Fire")
    table.give(COLE, "9c 9d 2h 5s Qc")
    table.stack("2c 2d")
    (event,) = table.execute(Attack(shooter, target, hand=True))
    assert event.data["free_attacks"] == 2
    # the first free attack, with a hand laid again (a pair): a critical hit
    table.give(COLE, "8c 8d 3h 4s Jc")
    table.stack("2c 3c")
    (event,) = table.execute(Attack(shooter, target, hand=True))
    assert event.data["fired"] == ["Hail of Fire"]
    assert event.data["free_attacks"] == 3, event.data
    activation = table.state.battle.activation  # type: ignore[union-attr]
    assert activation is not None and activation.free_attacks == 3
    # without a critical, the count goes down by one as before
    table.stack("2c 3c 4c 5c")
    (event,) = table.execute(Attack(shooter, target))
    assert event.data["free_attacks"] == 2
    assert "A critical hit on one of them gives two more" in _entry("Hail of Fire")


def test_precise_shot_and_run_and_gun_change_every_hit_of_that_attack() -> None:
    """Module lines 151 and 159: "that attack gains +3 DMG and +3 PRC", "it gains +1 DMG".
    The app gives them to every hit of the attack, the one the hand won and those the
    other cards made alike (a table reads "that attack" as the whole of it); no test held
    a second hit."""
    from dataclasses import replace

    from gmscreen.games.devils_bluff.attack import resolve
    from gmscreen.games.devils_bluff.hands import Outcome
    from tests.devils_bluff.test_attack import BASE, Pile

    # the hand's critical hit and a Queen's hit; the Defence cards 8 and 9: each 8 - 3
    # and 9 - 3 fails DEF 7 at PRC 3, each taking DMG 1 + 3
    report = resolve(replace(BASE, attacker_ability="Precise Shot"), Pile("Qc 8d 9d"),
                     Outcome.CRITICAL)
    assert report.hits == 2 and report.prc == 3 and report.damage == 8
    report = resolve(replace(BASE, attacker_ability="Run and Gun"), Pile("Qc 2d 3d"),
                     Outcome.CRITICAL)
    assert report.hits == 2 and report.damage == 4
    # without the ability each failed Defence test takes the Revolver's 1
    assert resolve(BASE, Pile("Qc 2d 3d"), Outcome.CRITICAL).damage == 2


def test_f1_says_a_hand_stands_for_one_test_and_a_fallen_gang_plays_on() -> None:
    """Two readings in the docs and the docstrings (`attack`: a hand stands for the first
    test of its kind; `turns`: a gang with no model standing does not end the game) that F1
    did not give: a player reading "Playing a hand" could take a hand for the whole
    attack's tests, and "Taken out" said nothing of a gang that has none left."""
    means = _entry("Playing a hand")
    assert "In an attack a hand stands for one test" in means
    assert "first Battle Skill test" in means and "first Defence test" in means
    assert "does not end the game: it runs its rounds" in _entry("Taken out")


def test_hail_of_fire_s_attacks_come_after_a_critical_hit_on_a_parting_shot() -> None:
    """Module line 147 names no activation: the two free attacks follow, at once, the
    attack that won the critical hit, and a parting shot (digest 2.3) is a free attack
    action. Jesse Hendry's parting shot at Deputy Ames won a critical hit and
    brought nothing ("they come only in Jesse's own activation"). His two attacks are owed
    at once, in Ames's activation, which waits for them: the move, another action and its
    end are refused until they are made or let go; a critical hit on one adds two more."""
    from gmscreen.games.devils_bluff.commands import Attack, EndActivation, Forgo, Move
    from gmscreen.games.devils_bluff.sample import HENDRY
    from gmscreen.journal.rules import RuleError
    from tests.devils_bluff.test_second_look import leaving_jesse

    table = leaving_jesse(one_off())
    table.give(HENDRY, "4h 4d 9s 2c 3c")
    table.stack("2s")
    (shot,) = table.execute(Attack("Jesse Hendry", "Deputy Ames", hand=True))
    assert shot.data["fired"] == ["Hail of Fire"] and shot.data["hail"] == 2
    assert "Jesse Hendry makes 2 free attacks of Hail of Fire at once (f; w lets them go)" \
        in view.status_lines(table.state)
    for command in (Move("Deputy Ames", "Advance"), EndActivation("Deputy Ames")):
        try:
            table.execute(command)
        except RuleError as refused:
            assert refused.rule == "Hail of Fire", refused
        else:
            raise AssertionError(f"{command} was not refused")
    # a free attack at any enemy within 1" (still within Ames's assault range, he attacks
    # only such: digest 3.1), with a hand again: a critical adds two beside the one left
    table.give(HENDRY, "8c 8d 3h 4s Jc")
    table.stack("2c")
    (free,) = table.execute(Attack("Jesse Hendry", "Deputy Bell", hand=True,
                                   assault_range=True))
    assert free.data["hail"] == 3 and "(a free attack of Hail of Fire)" in free.data["line"]
    assert table.state.battle is not None and table.state.battle.hail == ("Jesse Hendry", 3)
    table.stack("2c 3c")
    (free,) = table.execute(Attack("Jesse Hendry", "Deputy Ames", assault_range=True))
    assert free.data["hail"] == 2
    (let_go,) = table.execute(Forgo())
    assert let_go.data == {"fighter": "Jesse Hendry", "forgone": "Hail of Fire",
                           "line": "Jesse Hendry forgoes the free attacks of Hail of Fire",
                           "outside": True}
    assert table.state.battle.hail is None
    # the mover's activation goes on: its Advance is made
    (moved,) = table.execute(Move("Deputy Ames", "Advance"))
    assert moved.kind == "devils_bluff.moved"


def test_hail_of_fire_s_attacks_come_after_a_critical_shot_back() -> None:
    """Return Fire's shot back is "a free attack action" too (line 155): with Hail of Fire
    as well, a critical hit on it brings the two attacks, in the attacker's activation,
    which cannot end until they are made or let go; a game ended meanwhile lets them go."""
    from gmscreen.games.devils_bluff.commands import Attack, EndActivation, EndGame
    from gmscreen.games.devils_bluff.sample import COLE
    from gmscreen.journal.rules import RuleError
    from tests.devils_bluff.test_book import given_ability
    from tests.devils_bluff.test_game import attack_ready

    table, shooter, target = attack_ready()  # Eli Crane (Cole's) at Dutch (Ma Hendry's)
    given_ability(table, target, "Return Fire")
    given_ability(table, shooter, "Hail of Fire")
    hendry = next(p for p in table.state.players if p != COLE)
    # Eli Crane's attack hits twice; Dutch's hand wins the Defence test: Return Fire
    table.give(hendry, "9c 9d 2h 5s Qc")
    table.stack("Kc Kd")
    table.execute(Attack(shooter, target, defender_hand=True))
    assert table.state.battle is not None and table.state.battle.return_fire == (target,
                                                                                  shooter)
    # Dutch's shot back at Eli Crane: not Hail of Fire's (Dutch has none); then give Dutch
    # Hail of Fire and shoot back with a hand: two attacks owed to Dutch
    given_ability(table, target, "Hail of Fire")
    table.give(hendry, "7c 7d 2s 4s Jc")
    table.stack("2c 2d")
    (back,) = table.execute(Attack(target, shooter, hand=True))
    assert back.data["free_return"] and back.data["hail"] == 2
    try:
        table.execute(EndActivation(shooter))
    except RuleError as refused:
        assert refused.rule == "Hail of Fire"
    else:
        raise AssertionError("the activation ended over the free attacks owed")
    events = table.execute(EndGame())
    assert events[0].data["forgone"] == "Hail of Fire" and events[0].data["outside"]


@synchronous
async def test_f_opens_the_free_attack_of_hail_of_fire_owed_after_a_parting_shot(
        tmp_path: Path) -> None:
    """Played at the keys (tmux, the one-off sample): Ma Hendry's pair of tens laid for
    Jesse Hendry's parting shot at Deputy Ames, a critical hit. f then opens Jesse's free
    attack of Hail of Fire, not the move's; he has not moved, so "In assault range" starts
    ticked for Ames, the enemy he fought up close (it started unticked); w lets the last go
    and v makes the Advance."""
    from gmscreen.games import rules_for
    from gmscreen.games.devils_bluff.commands import Activate, Attack, Move
    from gmscreen.games.devils_bluff.sample import SAMPLES
    from gmscreen.journal.campaign import open_campaign
    from gmscreen.samples import write_sample
    from gmscreen.ui.app import GmScreenApp
    from tests.pilot import form_up, to_tab, until

    sample = next(s for s in SAMPLES if "one-off" in s.file)
    campaign = open_campaign(write_sample(sample, tmp_path), rules_for)
    campaign.execute(Activate("Deputy Ames"))
    campaign.execute(Move("Deputy Ames", "Advance", ("Jesse Hendry",)))
    campaign.execute(Attack("Jesse Hendry", "Deputy Ames", hand=True))
    assert campaign.state.battle.hail == ("Jesse Hendry", 2), campaign.state.last
    app = GmScreenApp(campaign)
    async with app.run_test(size=(100, 34)) as pilot:
        await to_tab(pilot, "Conflict")
        await pilot.press("f")
        form = await form_up(pilot)
        assert form.title_text.startswith("Jesse Hendry makes a free attack of Hail of Fire")
        values = form.values()
        assert values.text("target") == "Deputy Ames" and values.flag("assault_range")
        await pilot.press("ctrl+s")
        await defence_drawn(pilot)
        await until(pilot, lambda: campaign.state.battle.hail != ("Jesse Hendry", 2))
        await pilot.press("w")
        await until(pilot, lambda: campaign.state.battle.hail is None)
        await pilot.press("v")
        await until(pilot, lambda: campaign.state.battle.parting is None)
    assert campaign.events[-1].kind == "devils_bluff.moved"
    campaign.close()


def test_ties_the_book_settles_on_one_card_alone_are_ties() -> None:
    """Module lines 61, 73, 77: Two Pairs tie on "the highest value of either pair", a
    Flush on its highest card, a Full House on "the highest card in the hand". Where that
    one card is the same, the book names no other, so the hands tie and the tester's
    fails (line 49: it must beat every other), where a poker table would look further (the
    second pair, the next card, the three). No test held these ties."""
    from gmscreen.core.cards import parse_cards
    from gmscreen.games.devils_bluff.hands import Outcome, hand_outcome, tied

    for mine, theirs in (("Kc Kd 3h 3s 4c", "Kh Ks 2c 2d Ah"),   # the second pair: no
                         ("2h 5h 7h Jh Kh", "3s 6s 8s Qs Ks"),   # the next card: no
                         ("8c 8d 8h Ks Kc", "4h 4s 4c Kd Kh")):  # the three: no
        tester, other = parse_cards(mine), {"r": parse_cards(theirs)}
        assert hand_outcome(tester, other) is Outcome.FAILURE, mine
        assert tied(tester, other), mine


def test_the_players_screen_says_the_free_attacks_owed_and_the_recap_keeps_their_paragraph(
        ) -> None:
    """The table reads what the activation waits on: Jesse Hendry's free attacks of Hail of
    Fire, owed in Deputy Ames's activation. The recap tells them in that activation's
    paragraph, not as an activation of Jesse's."""
    from gmscreen.games.devils_bluff.commands import Attack, Forgo
    from gmscreen.games.devils_bluff.sample import HENDRY
    from gmscreen.journal.recap import SAME_EPISODE
    from tests.devils_bluff.test_second_look import leaving_jesse

    table = leaving_jesse(one_off())
    table.give(HENDRY, "4h 4d 9s 2c 3c")
    table.stack("2s")
    table.execute(Attack("Jesse Hendry", "Deputy Ames", hand=True))
    page = as_text(table_sections(view.table_knows(table.state)))
    assert "Jesse Hendry: 2 free attacks of Hail of Fire to make at once, or let go" in page
    table.stack("2c 3c")
    (free,) = table.execute(Attack("Jesse Hendry", "Deputy Ames", assault_range=True))
    (let_go,) = table.execute(Forgo())
    for event in (free, let_go):
        assert view.episode(event) == SAME_EPISODE, event.kind
