"""Round 23: an evening from a blank campaign with rounds 21 and 22 in play together (5
under, Doubling Down by either side, a used item's half dollar, Incidentals free, the
Judge's harm for the sword and the Gatling), and what they broke where they met
(docs/rules/fistful.md, "An evening with rounds 21 and 22 (round 23)"). Each test here
failed before its fix."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gmscreen.games.fistful import RULES, view
from gmscreen.games.fistful.characters import Item
from gmscreen.games.fistful.commands import Buy, ChooseOptionalRules, Sell
from gmscreen.games.fistful.fight_rules import attack_weapons
from gmscreen.games.fistful.harm import attack_attribute, carried_weapons
from gmscreen.games.fistful.state import FistfulState, Settings
from tests.fistful.game import apply, posse, said, sheet, told


def shown(state: FistfulState) -> str:
    """The players' screen as text."""
    return "\n".join(str(s) for s in view.table_sections(view.table_knows(state)))


def house(state: FistfulState, **settings: Any) -> FistfulState:
    return apply(state, RULES.decide(state, ChooseOptionalRules(Settings(**settings))), 5)


def test_a_box_of_rifle_shells_is_no_rifle_on_the_sheet_or_in_the_attack() -> None:
    """Gatling Pete carried a Gatling gun and a box of rifle shells: the attack form offered
    a Rifle first (the shells' word), and his sheet gave the box a rifle's numbers. The
    weapon ends the item's name, as the sheet's quick-draw and large marks read it."""
    shells, gatling = Item("Box of rifle shells", 2), Item("Gatling gun", 6, "large")
    assert carried_weapons([shells, gatling]) == ("gatling",)
    assert carried_weapons([Item("Rifle scope", 2)]) == ()
    assert carried_weapons([Item("Lever-action rifle", 6, "large"),
                            Item("Colt revolver", 1)]) == ("revolver", "rifle")
    assert carried_weapons([Item("Shovel", 3), Item("Tomahawk", 4)]) == ("improvised", "axe")
    state = sheet(posse(), "Jake", equipment=(shells, gatling))
    assert attack_weapons(state, "Jake") == ("gatling",)
    jake = state.character("Jake")
    assert jake is not None
    lines = view.sheet_lines(jake, house=state.settings.house())[-1]
    assert "2: Box of rifle shells;" in lines and "Box of rifle shells (" not in lines


def test_a_cavalry_sword_is_swung_on_grit() -> None:
    """Mae's cavalry sword at Close: the attack form chose Gumption, the aiming score, as for
    a shot; a blade that reaches no farther than Close is held in the hand: Grit."""
    assert attack_attribute("sword", "Close") == "grit"
    assert attack_attribute("knife", "Close") == "grit"
    assert attack_attribute("knife", "Nearby") == "gumption"  # thrown
    assert attack_attribute("revolver", "Close") == "gumption"


def test_an_incidental_let_go_when_bought_is_let_go_when_sold() -> None:
    """Incidentals free (round 22) let Mae's canteen go for nothing; sold as new, it brought
    her $1: a dollar from nothing, sale after sale. Let go, it sells for nothing too, and
    the log, the players' screen and the Sell form say so; unticked, $1 as before."""
    free = house(posse(), free_incidentals=True)
    bought = apply(free, RULES.decide(free, Buy("Ann", Item("Canteen", 4), "Incidental", ())))
    sale = RULES.decide(bought, Sell("Ann", "Canteen", "Incidental", (), used=False))
    assert told(sale[0]).paid == 0 and told(sale[0]).let_go
    assert said(sale[0]).endswith(
        "for nothing (under a dollar, let go: Incidentals free); Ann has $90 now")
    from datetime import datetime

    from gmscreen.journal.events import Event
    seen = Event(3, datetime(2026, 1, 1), 1, sale[0].kind, sale[0].data, 3)
    assert view.table_tells(seen) == "Ann sold Canteen for nothing"
    ann = apply(bought, sale, 3).character("Ann")
    assert ann is not None and ann.dollars == 90
    # a Common item sells as ever; unticked, an Incidental brings its $1
    knife = apply(free, RULES.decide(free, Buy("Ann", Item("Knife", 5), "Common", (3,))))
    assert told(RULES.decide(knife, Sell("Ann", "Knife", "Common", (3,), used=True,
                                         round_up=True))[0]).paid == 2
    paid = apply(posse(), RULES.decide(posse(), Buy("Ann", Item("Canteen", 4), "Incidental",
                                                    ())))
    assert told(RULES.decide(paid, Sell("Ann", "Canteen", "Incidental", (),
                                        used=False))[0]).paid == 1


def test_a_gun_sold_after_the_fight_leaves_no_ammunition_die_on_the_players_screen() -> None:
    """Jed fired his revolver, then sold it (used: half, rounded up): the Judge's Fight tab
    and the session's end owed no die for it (he carries no gun to roll for), but the
    players' screen and the recap kept asking 'Jed rolls the ammunition die for the
    Revolver', a step nobody could take."""
    state = sheet(posse(), "Ann", equipment=(Item("Revolver", 1), Item("Box of bullets", 2)))
    state = replace(state, fired=(("Ann", "revolver"),))
    assert "Ann rolls the ammunition die for the Revolver" in shown(state)
    sold = apply(state, RULES.decide(state, Sell("Ann", "Revolver", "Boutique", (3, 4),
                                                 used=True, round_up=True)))
    assert "ammunition die" not in shown(sold)


def test_the_players_screen_keeps_the_judges_own_numbers_with_the_optional_rules() -> None:
    """'At this table' said 'Optional rules: 5 under' and dropped the sword's +5 and the
    Incidentals let go once the step that set them had passed; they stand with the rules."""
    def later(state: FistfulState) -> FistfulState:
        """Three steps on: the optional rules' own step no longer among the newest told."""
        for face in (1, 2, 3, 4):
            state = apply(state, RULES.decide(state, Buy("Bo", Item(f"Knife {face}", 3 + face),
                                                         "Common", (face,))), 10 + face)
        return state

    state = later(house(posse(), five_under=True, sword=5, free_incidentals=True))
    assert "Optional rules: 5 under\n" not in shown(state) + "\n"
    assert ("Optional rules: 5 under; the Judge's harm: Cavalry sword +5; Incidentals let go "
            "(free)") in shown(state)
    only = later(house(posse(), gatling=4))
    assert "Optional rules: none; the Judge's harm: Gatling gun +4" in shown(only)
    assert "Optional rules" not in shown(posse())


def test_f1_gives_the_sword_and_the_gatling_the_campaigns_harm() -> None:
    """F1's Cavalry sword said '+2 ... plus 2' in a campaign whose Judge had set +5, while
    the sheet and every attack used +5; its Incidental did not say they were let go. F1's
    words follow the campaign (as Dust's edited powers do), and the O key names its
    fields."""
    from gmscreen.glossary import words_of
    state = house(posse(), sword=5, free_incidentals=True)
    words = {w.word: w.means for w in view.campaign_words(state)}
    assert words["Cavalry sword"].startswith(
        "A weapon: +5, Close: a win deals a Guts for each die staked, plus 5. This campaign "
        "plays it at +5, the Judge's own (the Optional rules form). It strikes at Close only.")
    assert words["Gatling gun"].startswith("A weapon: +3, to Distant, large:")
    assert words["Incidental"].endswith("an Incidental goes for nothing (Incidentals free, "
                                        "ticked on the Optional rules form).")
    assert view.campaign_words(posse()) == words_of("gmscreen.games.fistful")
    low = {w.word: w.means for w in view.campaign_words(house(posse(), gatling=-1))}
    assert "less 1. This campaign plays it at -1" in low["Gatling gun"]
    from gmscreen.games.fistful.panes.characters import CharactersPane
    (optional,) = [b for b in CharactersPane.BINDINGS
                   if getattr(b, "action", "") == "optional_rules"]
    assert "harm" in str(getattr(optional, "tooltip", ""))
