"""A Dealer who never read the book, at the table (round 9's first pass): what he asks
mid-session must be answered where he is. A gun's numbers (module lines 181-186) in F1,
on the Characters tab and in the Attack form where the target is chosen; what each perk
does (module lines 125-138) and each unit's starting profile (lines 113-116) in F1; and
what a game is fought over, which the book leaves empty (section 5), said in F1 too."""

from __future__ import annotations

from gmscreen.games.devils_bluff import view
from gmscreen.games.devils_bluff.gangs import gun_names, perks, units, weapons
from gmscreen.glossary import Word, find, words_of
from tests.devils_bluff.helpers import one_off

WORDS = words_of("gmscreen.games.devils_bluff")


def entry(term: str) -> Word:
    found = find(WORDS, term)
    assert found is not None, f"F1 has no entry for {term!r}"
    return found


def numbers(name: str) -> str:
    """A gun's numbers as the weapon list gives them: 'RNG 8", ATT 2, DMG 2, PRC 1, ...'."""
    return view.weapon_line(weapons()[name]).split(": ", 1)[1]


def test_f1_gives_each_gun_its_own_entry_with_its_numbers() -> None:
    """Asked "how far does a Shotgun reach?", F1 said only that a weapon has a range."""
    for name in gun_names():
        assert entry(name).word == name
        assert numbers(name) in entry(name).means, name
    assert 'four within 8"' in entry("Revolver").means
    assert "no Rapid Fire rule" in entry("RF Rifle").means


def test_f1_says_what_each_perk_does() -> None:
    """Typing "Hunter" or "Quick" in F1 found nothing: the perks were in the level form
    alone. Each has an entry with its numbers or the rule it brings."""
    for perk in perks().values():
        means = entry(perk.name).means
        assert means.startswith(f"A perk, {view.perk_effect(perk)}:"), perk.name
    assert "12\"" in entry("Hunter").means and "-3" in entry("Fearsome").means


def test_f1_gives_each_unit_s_starting_profile() -> None:
    for unit in ("Gang Leader", "Gunslinger"):
        p = units()[unit]
        assert (f"MOV {p.mov}, SKL {p.skl}, DEF {p.defence}, CMD {p.cmd}, HP {p.hp}"
                in entry(unit).means), unit


def test_f1_says_the_book_has_no_mission_and_how_a_game_is_scored() -> None:
    means = entry("mission").means
    assert "gives none" in means and "agree the objectives" in means
    assert "higher score wins" in means and "draw" in means
    assert entry("Objective") == entry("Mission")


def test_the_characters_tab_gives_the_model_s_gun_with_its_numbers() -> None:
    state = one_off().state
    line = view.model_lines(state, "Ma Hendry")[0]
    assert f"Shotgun ({numbers('Shotgun')});" in line


def test_the_attack_form_names_the_gun_and_its_reach_where_the_target_is_chosen() -> None:
    state = one_off().state
    about = view.attack_about(state, "Ruth Cole")["target"]
    assert about.startswith(view.weapon_line(weapons()["Rifle"]))
    assert 'within 30"' in about
