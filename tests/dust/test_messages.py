"""What each player is told, and what the thread is told: no hidden fact reaches the wrong
player; forum text is safe whatever the players are called; the tables hold every item."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from gmscreen.games.dust import RULES
from gmscreen.games.dust.commands import AddPlayer, EndDay, GiveItem, StartGame, UseBookSetUp, Vote
from gmscreen.games.dust.messages import message_text, post_text
from gmscreen.games.dust.night import note_line
from gmscreen.games.dust.powers import EFFECTS, book_items, book_locations, book_roles
from gmscreen.games.dust.state import NO_LYNCH, DustState, Message, Post
from gmscreen.games.dust.view import table_knows, vote_count
from gmscreen.games.dust.wins import personal_wins, winner
from gmscreen.journal.events import Event
from tests.dust.game import (
    choose,
    kill,
    new_game,
    night_of,
    outcome,
    resolve,
    run,
    to_night,
    told,
    use,
)


def busy_night():
    """A night where many hidden things happen at once."""
    state = night_of({"Cat": ("Hammer and Nails",), "Dan": ("Knife",), "Van": ("Chalk",)})
    state = choose(state, "Cat", use("Hammer and Nails", "Jailer", "Ino"))
    state = choose(state, "Dan", use("Knife", "Paranoid Bodyguard", "Bob"))
    state = choose(state, "Van", use("Chalk", "Tracking", "Tom"))
    state = choose(state, "Tom", use("Tracker", "Follow the Trail", "Eve"))
    state = choose(state, "Eve", use("Despair", "Hopelessness", "Ann"))
    state = choose(state, "Ann", use("Cop", "Interrogate", "Gus"))
    state = choose(state, "Rev", use("Reverend", "Vigil", "Wat"))
    state = choose(state, "Dri", scavenge="The Cafe")
    state = choose(state, "Vig", scavenge="The Cafe")
    state = choose(state, "Pat", use("Paranoia", "Delusion", "Vig", "Dri"))
    return kill(state, "Dri", killer="Gus")


def allowed_names(state: DustState, name: str) -> set[str]:
    """Whom a player may hear named: those he aimed at (the Scum's kill too, for its killer),
    those beside him at a location, and those his own information powers reveal (checked
    separately below)."""
    choice = state.choice(name)
    names = {name}
    if state.kill is not None and state.kill.killer == name:
        names.add(state.kill.target)
    if choice:
        for u in choice.uses:
            names.update(u.targets)
        if choice.scavenge:
            names.update(c.player for c in state.choices if c.scavenge == choice.scavenge)
    return names


def test_no_private_message_names_a_player_the_receiver_has_no_way_to_know():
    state = busy_night()
    result = outcome(state)
    revealed = {"Van": {"Eve"}, "Tom": {"Ann"}}  # what their information powers show
    everyone = [p.name for p in state.players]
    for player, lines in result.messages:
        words = set(re.findall(r"\w+", " ".join(lines)))
        may = allowed_names(state, player) | revealed.get(player, set())
        for other in everyone:
            if other not in may:
                assert other not in words, (player, other, lines)


def test_the_hidden_actors_stay_hidden_from_their_targets():
    result = outcome(busy_night())
    told = dict(result.messages)
    assert "locked up" in " ".join(told["Ino"]) and "Cat" not in " ".join(told["Ino"])
    assert "held you back" in " ".join(told["Ann"]) and "Eve" not in " ".join(told["Ann"])
    assert "followed" in " ".join(told["Tom"]) and "Van" not in " ".join(told["Tom"])
    assert "Gus" not in " ".join(told["Vig"]) and "Pat" not in " ".join(told["Vig"])


def test_the_public_post_flips_only_the_dead_and_names_no_actor():
    state = busy_night()
    result = outcome(state)
    post = " ".join(result.post.lines)
    dead = {d.player for d in result.deaths}
    assert dead == {"Dri"}
    for p in state.players:
        if p.name not in dead:
            assert p.name not in post, p.name
    roles = {r.title for r in state.roles}
    flipped = {state.role_of(d).title for d in dead}
    for title in roles - flipped:
        assert f" was {title}," not in post


def test_the_generator_and_gifts_never_name_who():
    day = run(resolve(night_of({"Cat": ("Knife",)})), GiveItem("Cat", "Knife", "Dan"))
    assert day.messages[-1].player == "Dan"
    assert all("Cat" not in line for line in day.messages[-1].lines)


def test_bbcode_and_markdown_are_safe_with_brackets_in_names():
    post = Post("Day 2", ("[b]Ike_* was found dead.", "No one else."))
    bb = post_text(post, "bbcode")
    assert "[noparse][b]Ike_* was found dead.[/noparse]" in bb
    # a line without a bracket holds no tag: it is left bare, to read well when pasted
    assert bb.startswith("[b]Day 2[/b]") and bb.endswith("\n\nNo one else.")
    md = post_text(post, "md")
    assert "\\[b\\]Ike\\_\\* was found dead." in md and md.startswith("**Day 2**")
    msg = message_text(Message("Night 1", "[mod]Zed", ("You found: Knife.",)), "bbcode")
    assert msg == "[b][noparse]Night 1: to [mod]Zed[/noparse][/b]\nYou found: Knife."


#: what players have typed as names and notes, to see each shown exactly as typed
HOSTILE = [
    "[/noparse][b]bold[/b]", "[/NOPARSE][url=http://x.example]y[/url]", "[noparse]x",
    "a[/noparse", "===", "---", "    four spaces", "\tand a tab", "&amp; &lt;", "*star*",
    "_under_", "# hash", "> quote", "1. one", "+ plus", "`code`", "<b>html</b>",
    "a  b   c", "\\escaped\\*", "| a | b |", "~~gone~~", "![i](x.png)", "line\n===",
    "end\\", "trailing  ",
]

_OPEN = re.compile(r"\[noparse\]", re.IGNORECASE)
_CLOSE = re.compile(r"\[/noparse\]", re.IGNORECASE)
_TAG = re.compile(r"\[/?[a-z*]+(=[^\]]*)?\]", re.IGNORECASE)


def browser(text: str) -> str:
    """Text as a browser shows it: in each line, runs of spaces and tabs as one space and
    none at either end; a no-break space is a space it keeps."""
    lines = [re.sub(r"[ \t]+", " ", line).strip(" ") for line in text.split("\n")]
    return "\n".join(lines).replace("\xa0", " ")


def bbcode_shown(text: str) -> tuple[str, list[str]]:
    """What a forum shows of BBCode (the text, and the live tags it obeys): the inside of
    [noparse] up to the first [/noparse], whatever its case, is shown as it is."""
    shown: list[str] = []
    tags: list[str] = []
    at = 0
    while at < len(text):
        opened = _OPEN.match(text, at)
        if opened:
            closed = _CLOSE.search(text, opened.end())
            assert closed, f"an unclosed [noparse] in {text!r}"
            shown.append(text[opened.end():closed.start()])
            at = closed.end()
            continue
        tag = _TAG.match(text, at)
        if tag:
            tags.append(tag.group(0))
            at = tag.end()
            continue
        shown.append(text[at])
        at += 1
    return browser("".join(shown)), tags


def markdown_shown(text: str) -> tuple[str, list[str]]:
    """What a CommonMark forum shows of Markdown: the text of the page, paragraphs apart,
    and the tags the page is made of."""
    from html import unescape

    from markdown_it import MarkdownIt

    page = MarkdownIt("commonmark").render(text)
    tags = re.findall(r"<[^>]+>", page)
    words = re.sub(r"<br />\n", "\n", re.sub(r"</?strong>", "", page))
    paragraphs = re.findall(r"<p>(.*?)</p>", words, re.DOTALL)
    return "\n\n".join(browser(unescape(p)) for p in paragraphs), tags


@pytest.mark.parametrize("hostile", HOSTILE)
def test_every_export_shows_what_a_player_typed_exactly(hostile):
    name = hostile.strip()  # a player's name is never padded (see checks.verify_name)
    post = Post(f"Day 2: {name}", (f"{hostile} was found dead.", note_line(hostile)))
    message = Message("Night 1", name, (f"You found: {hostile}.",))
    typed = "\n\n".join(line.replace("\t", " ") for line in (post.title, *post.lines))
    found = f"You found: {hostile.replace(chr(9), ' ')}."
    told = f"Night 1: to {name}\n{found}"
    shown, tags = bbcode_shown(post_text(post, "bbcode"))
    assert (shown, tags) == (typed, ["[b]", "[/b]"]), post_text(post, "bbcode")
    shown, tags = bbcode_shown(message_text(message, "bbcode"))
    assert (shown, tags) == (told, ["[b]", "[/b]"]), message_text(message, "bbcode")
    for text, want in ((post_text(post, "md"), typed),
                       (message_text(message, "md"), f"Night 1: to {name}\n\n{found}")):
        shown, tags = markdown_shown(text)
        assert set(tags) <= {"<p>", "</p>", "<strong>", "</strong>", "<br />"}, text
        assert shown == want, text


def test_a_control_character_is_shown_never_sent_in_every_format():
    post = Post("Day 2", ("\x1b[2Jboo was found dead.", "\x07bell"))
    for text in (post_text(post, "bbcode"), post_text(post, "md"), post_text(post, "txt")):
        assert "\x1b" not in text and "\u241b" in text


def test_the_plain_export_is_the_text_itself():
    post = Post("Day 2", tuple(HOSTILE))
    assert post_text(post, "txt") == "\n".join(["Day 2", *HOSTILE])
    assert message_text(Message("Night 1", "[/noparse]", ("  x",)), "txt") == (
        "To [/noparse]:\n  x")


def test_a_bracketed_name_plays_a_whole_night():
    cast = {"[Doc] Holliday": "Doctor", "Ann": "Cop", "Cat": "Vanilla Town",
            "Dan": "Vanilla Town", "Eve": "Despair"}
    state = run(DustState(), UseBookSetUp(), *(AddPlayer(n, r) for n, r in cast.items()),
                StartGame(), EndDay())
    state = choose(state, "[Doc] Holliday", use("Doctor", "Tend", "Ann"))
    state = resolve(kill(state, "Ann", killer="Eve", by="Eve"))
    assert all(p.alive for p in state.players)


# -- wins -----------------------------------------------------------------------------------------

def test_the_town_wins_when_the_last_scum_is_lynched():
    cast = {"Ann": "Cop", "Vet": "Veteran", "Cat": "Vanilla Town", "Eve": "Despair"}
    state = run(DustState(), UseBookSetUp(), *(AddPlayer(n, r) for n, r in cast.items()),
                StartGame(), Vote("Ann", "Eve"), Vote("Cat", "Eve"), Vote("Vet", "Eve"))
    assert state.phase == "over" and state.winner == "town"
    assert state.personal_wins == ("Vet",)
    assert "Vet also wins: alive at the end." in state.posts[-1].lines
    assert state.result == "The game is over: the Town won. Vet also won, alive at the end."
    won = Event(1, datetime(2026, 1, 1), 1, "dust.game_won", {"winner": "town",
                                                             "personal": ["Vet"]}, 1)
    assert RULES.describe(won) == "The Town wins the game; Vet wins too, alive at the end."


def test_a_dead_veteran_has_no_win_of_his_own():
    cast = {"Ann": "Cop", "Vet": "Veteran", "Cat": "Vanilla Town", "Dan": "Vanilla Town",
            "Eve": "Despair"}
    state = run(DustState(), UseBookSetUp(), *(AddPlayer(n, r) for n, r in cast.items()),
                StartGame(), EndDay())
    state = resolve(kill(state, "Vet", killer="Eve", by="Eve"))
    state = run(state, Vote("Ann", "Eve"), Vote("Cat", "Eve"), Vote("Dan", "Eve"))
    assert state.winner == "town" and state.personal_wins == ()
    assert state.result == "The game is over: the Town won."


def test_the_scum_win_at_parity_after_a_night():
    cast = {"Ann": "Cop", "Vet": "Veteran", "Cat": "Vanilla Town", "Eve": "Despair",
            "Gus": "Guilt"}
    state = run(DustState(), UseBookSetUp(), *(AddPlayer(n, r) for n, r in cast.items()),
                StartGame(), EndDay())
    assert winner(state) == ""
    state = resolve(kill(state, "Cat", killer="Eve"))
    assert state.winner == "scum" and state.phase == "over"
    assert personal_wins(state) == ("Vet",)
    assert "The Scum win." in state.posts[-1].lines
    assert state.result == "The game is over: the Scum won. Vet also won, alive at the end."



def test_when_everyone_dies_in_one_night_no_one_wins_and_post_log_and_screen_say_a_draw():
    # night 3: the Vigilante shoots the last Scum as the Scum kill him, and the last Town
    # meets the Avatar of Fear at The Asylum (line 189): no one is left alive. The book
    # names no win conditions; forum Mafia calls a game with no one left a draw (`wins`)
    cast = {"Pat": "Paranoia", "Vig": "Vigilante", "Vet": "Veteran"}
    state = run(DustState(), UseBookSetUp(), *(AddPlayer(n, r) for n, r in cast.items()),
                StartGame())
    state = to_night(state, 3)
    state = choose(state, "Vig", use("Vigilante", "Execute", "Pat"))
    state = choose(state, "Vet", scavenge="The Asylum")
    state = resolve(kill(state, "Vig", killer="Pat", by="Pat"))
    assert state.living == () and state.phase == "over" and state.winner == "draw"
    assert winner(state) == "draw" and state.personal_wins == ()
    assert state.posts[-1].lines == (
        "No one wins: no one is left alive, and the game is a draw.",)
    assert state.result == "The game is over: a draw, no one is left alive."
    assert table_knows(state).result == state.result  # the players' screen and the recap
    drawn = Event(1, datetime(2026, 1, 1), 1, "dust.game_won", {"winner": "draw"}, 1)
    assert RULES.describe(drawn) == "The game ends in a draw: no one is left alive."
    assert RULES.problems(state) == []


def test_a_journal_that_recorded_town_for_a_night_that_killed_everyone_still_reads_so():
    # an old journal's game_won event is replayed as it was written, never re-judged
    won = Event(1, datetime(2026, 1, 1), 1, "dust.game_won", {"winner": "town"}, 1)
    assert RULES.describe(won) == "The Town wins the game."

# -- the tables -----------------------------------------------------------------------------------

def test_the_tables_hold_every_item_role_and_location_of_the_book():
    assert [i.name for i in book_items()] == [
        "Gun", "Bulletproof Vest", "Chalk", "Flashlight", "First Aid Kit", "Gasoline",
        "Hammer and Nails", "Crowbar", "Knife", "Notebook", "Rucksack", "Adrenaline",
        "Alcohol", "Relic", "Black Book", "Crucifix"]
    roles = {r.name: r for r in book_roles()}
    assert set(roles) == {"Vanilla Town", "Reverend", "Cop", "Doctor", "Night Watchman",
                          "Tracker", "Vigilante", "Innocent", "Veteran", "Drifter",
                          "Despair", "Guilt", "Paranoia"}
    assert {n for n, r in roles.items() if r.alignment == "scum"} == {"Despair", "Guilt",
                                                                        "Paranoia"}
    assert all(r.default_powers for r in roles.values() if r.powers)
    assert roles["Guilt"].godfather and roles["Veteran"].win == "survive"
    assert [loc.name for loc in book_locations() if loc.opens == 3] == ["The Asylum", "The Lake"]
    assert all(p.effect in EFFECTS for i in book_items() for p in i.powers)
    every = {e for loc in book_locations() for e in loc.entries}
    assert every - {i.name for i in book_items()} == {"Avatar of Fear"}


def test_the_vote_count_lists_the_wagons_most_votes_first_then_the_silent():
    state = run(new_game(), Vote("Ann", "Eve"), Vote("Bob", NO_LYNCH), Vote("Cat", "Eve"),
                Vote("Eve", "Ann"), Vote("Dan", "Eve"))
    count = vote_count(state)
    assert count.title == "Vote count, Day 1"
    assert count.lines[:4] == ("15 alive; 8 votes lynch.", "Eve (3): Ann, Cat, Dan",
                               "No lynch (1): Bob", "Ann (1): Eve")
    # by name, as the players' screen lists them (round 14: the seats followed the roles)
    assert count.lines[4] == "Not voting (10): Dri, Gus, Ino, Pat, Rev, Tom, Van, Vet, Vig, Wat"


# -- what the Scum's killer is told -------------------------------------------------------

ATTEMPT = "You made the Scum's attempt on Dan's life."


def test_the_killer_is_told_of_his_attempt_never_that_his_night_was_quiet():
    result = outcome(kill(night_of(), "Dan", killer="Pat"))
    assert [d.player for d in result.deaths] == ["Dan"]
    assert told(result, "Pat") == ATTEMPT
    # Guilt only chose (line 98): his choice is named back to him, as any sent action is,
    # and nothing of what became of it
    assert told(result, "Gus") == "You chose the Scum's kill: Dan, carried out by Pat."


def test_a_kill_that_fails_tells_the_killer_the_same_as_one_that_lands():
    # the Doctor's protection is not given away: the post says no one died, nothing more
    state = choose(kill(night_of(), "Dan", killer="Pat"), "Bob", use("Doctor", "Tend", "Dan"))
    result = outcome(state)
    assert result.deaths == ()
    assert told(result, "Pat") == ATTEMPT
    vested = outcome(kill(night_of({"Dan": ("Bulletproof Vest",)}), "Dan", killer="Pat"))
    assert vested.deaths == () and told(vested, "Pat") == ATTEMPT


def test_a_killer_stopped_by_the_knife_is_told_of_his_attempt_and_of_his_death():
    state = choose(kill(night_of({"Cat": ("Knife",)}), "Dan", killer="Pat"), "Cat",
                   use("Knife", "Paranoid Bodyguard", "Dan"))
    result = outcome(state)
    assert [d.player for d in result.deaths] == ["Pat"]
    assert told(result, "Pat") == f"{ATTEMPT} You were killed in the night."
    assert "Cat" not in told(result, "Pat")


def test_the_lit_church_keeps_the_killer_from_a_victim_inside_and_he_is_told_so():
    from gmscreen.games.dust.commands import UseDayPower
    state = run(new_game({"Van": ("Gasoline",)}), UseDayPower("Van", "Gasoline", "Generator"),
                EndDay())
    result = outcome(kill(state, "Dan", killer="Pat"))
    assert result.deaths == ()
    assert told(result, "Pat") == ("Dan stayed in the lit church; the Scum could not kill "
                                   "there tonight.")


def test_a_blocked_killer_is_told_he_was_held_back_and_nothing_else():
    state = choose(kill(night_of(), "Dan", killer="Pat"), "Rev", use("Reverend", "Vigil", "Pat"))
    result = outcome(state)
    assert result.deaths == ()
    assert told(result, "Pat") == "Something held you back tonight: your night actions failed."


def test_a_player_who_gains_an_item_is_told_what_it_does():
    # the book words each item to the one who holds it (the Gun speaks of "your target"):
    # the message that gives one says what it does, as the role card says what a role
    # does, so the moderator has nothing to look up and paste beside it
    state = new_game({"Cat": ("Alcohol",)})
    card = next(m for m in state.messages if m.player == "Cat").lines
    alcohol = card[card.index("You start with: Alcohol.") + 1:]
    assert alcohol[0].startswith("Alcohol: Drink it at night and hopelessness cannot stop")
    assert alcohol[1:] == ("Comfortably Numb (night): Ignore a block made of hopelessness "
                           "tonight.",
                           "Generator (day): Lights the church for the coming night.")
    state = run(state, GiveItem("Cat", "Alcohol", "Dan"))
    assert state.messages[-1].lines == ("Someone gave you an item: Alcohol.", *alcohol)
    state = resolve(choose(run(state, EndDay()), "Van", scavenge="The Cafe"))
    (found,) = [m.lines for m in state.messages if m.player == "Van" and m.when == "Night 1"]
    assert found[0] == "At The Cafe you found: Knife."
    assert found[1].startswith("Knife: Stand guard over yourself or someone else")
    assert found[2] == ("Paranoid Bodyguard (night, exclusive): Stops the first action aimed "
                        "at the charge and kills its user.")


# -- a power that tells its user nothing of its target is still named back to him ----------

@pytest.mark.parametrize(("by", "aimed", "items", "words"), [
    ("Bob", use("Doctor", "Tend", "Cat"), {}, "You used Tend on Cat."),
    ("Dan", use("First Aid Kit", "Protection", "Cat"), {"Dan": ("First Aid Kit",)},
     "You used your First Aid Kit on Cat."),
    ("Rev", use("Reverend", "Vigil", "Cat"), {}, "You used Vigil on Cat."),
    ("Eve", use("Despair", "Hopelessness", "Cat"), {}, "You used Hopelessness on Cat."),
    ("Dan", use("Black Book", "Dark Ritual", "Cat"), {"Dan": ("Black Book",)},
     "You used your Black Book on Cat."),
    ("Dan", use("Crucifix", "Lightning Rod", "Cat"), {"Dan": ("Crucifix",)},
     "You used your Crucifix on Cat."),
    ("Pat", use("Paranoia", "Delusion", "Cat", "Ann"), {}, "You used Delusion on Cat and Ann."),
])
@pytest.mark.parametrize("cat", ["stays in", "hides", "goes out"])
def test_a_power_that_tells_nothing_is_named_back_to_its_user_wherever_the_target_was(
        by, aimed, items, words, cat):
    # the moderator confirms what was sent, never "Your night passed quietly" to a player who
    # acted; the words are the same whether the target stayed in, hid (line 121) or went out
    state = night_of({**items, "Cat": ("Crowbar",)})
    if cat == "hides":
        state = choose(state, "Cat", use("Crowbar", "Hiding"))
    elif cat == "goes out":
        state = choose(state, "Cat", scavenge="The Cafe")
    result = outcome(choose(state, by, aimed))
    assert told(result, by) == words


def test_the_nights_messages_come_in_the_rosters_order():
    # the moderator finds each player's message where the player sits, not in the order
    # the night happened to tell them (which would follow the stages: the jailed first...)
    state = busy_night()
    result = outcome(state)
    seats = [p.name for p in state.players]
    told_to = [name for name, _ in result.messages]
    assert told_to == [name for name in seats if name in told_to]
