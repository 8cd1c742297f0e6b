"""Round 31: the evening before, by keys. Morgan recruited for the red posse, the black
posse built, then Morgan renamed Virgil: the table's recap of the preparation told Virgil
last, at his rename, after the black posse's models ("Wyatt joins the red posse ... Ike
joins the black posse ... Billy joins the black posse ... Virgil joins the red posse"),
where the table sat down to the red posse Wyatt, Doc, Virgil. A model renamed at home is
now told where it was recruited, by the name the table knows, so each posse is told in the
order its models stand."""

from __future__ import annotations

from pathlib import Path

from gmscreen.games.dead_mans_hand import view
from gmscreen.games.dead_mans_hand.commands import (
    ChooseFormat,
    Dismiss,
    EditModel,
    NamePosse,
    Recruit,
)
from gmscreen.games.dead_mans_hand.state import Colour, Format
from gmscreen.journal import recap
from gmscreen.journal.document import FORMATS, render
from tests.dead_mans_hand.helpers import new_campaign


def test_a_model_renamed_at_home_is_told_where_it_was_recruited(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "flats.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    posses: tuple[tuple[Colour, str, str], ...] = (
        ("red", "Wyatt", "pistol"), ("red", "Doc", "shotgun"), ("red", "Morgan", "rifle"),
        ("black", "Ike", "pistol"), ("black", "Frank", "dual-pistols"),
        ("black", "Billy", "rifle"))
    for colour, name, kit in posses:
        campaign.execute(Recruit(colour, name, 8, 1, (kit,)))
    campaign.execute(EditModel("Frank", "Frank", ("shotgun",), False))
    campaign.execute(EditModel("Morgan", "Virgil", ("rifle",), False))
    campaign.start_session()
    for form in FORMATS:
        text = render(recap.build(campaign, 0, view), form)
        order = [text.index(f"{name} joins") for name in
                 ("Wyatt", "Doc", "Virgil", "Ike", "Frank", "Billy")]
        assert order == sorted(order), (form, text)
        assert text.count("Virgil") == 2 and "Morgan" not in text  # the cast, the story
        assert "put right" not in text
    dealer = render(recap.build(campaign, 0, view, dealer=True), "txt")
    assert "Morgan joins the red posse" in dealer and "Morgan, now Virgil, put right" in dealer


def test_renamed_and_dropped_at_home_is_not_told(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "flats.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(Recruit("red", "Tom", 8, 1, ("shotgun",)))
    campaign.execute(Recruit("red", "Wyatt", 8, 1, ("pistol",)))
    campaign.execute(EditModel("Tom", "Tommy", ("shotgun",), False))
    campaign.execute(Dismiss("Tommy"))
    campaign.execute(Recruit("black", "Ike", 8, 1, ("pistol",)))
    campaign.start_session()
    for form in FORMATS:
        text = render(recap.build(campaign, 0, view), form)
        assert "Tom" not in text, (form, text)
        assert "Wyatt joins" in text and "Ike joins" in text


def test_a_posse_named_again_at_home_is_told_where_it_was_first_named(tmp_path: Path) -> None:
    """The red posse named first ("N", a slip of the keys), then the black, then the red
    put right: the table's recap told the black posse's name before the red's."""
    campaign = new_campaign(tmp_path / "flats.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(NamePosse("red", "N", "Earp Brothers"))
    campaign.execute(NamePosse("black", "Clanton Boys", "Ike"))
    campaign.execute(NamePosse("red", "Earp Brothers", "Wyatt"))
    campaign.execute(Recruit("red", "Wyatt", 8, 1, ("pistol",)))
    campaign.execute(Recruit("black", "Ike", 8, 1, ("pistol",)))
    campaign.start_session()
    for form in FORMATS:
        text = render(recap.build(campaign, 0, view), form)
        red = text.index("The red posse is Earp Brothers, played by Wyatt")
        assert red < text.index("The black posse is Clanton Boys, played by Ike"), (form, text)
        assert text.count("The red posse is") == 1 and "N, played" not in text
    dealer = render(recap.build(campaign, 0, view, dealer=True), "txt")
    assert "The red posse is N, played by Earp Brothers" in dealer


def test_a_posse_renamed_between_sessions_is_told_once_by_its_new_name(tmp_path: Path) -> None:
    campaign = new_campaign(tmp_path / "flats.toml")
    campaign.execute(ChooseFormat(Format.SINGLE))
    campaign.execute(NamePosse("red", "Earps", "Wyatt"))
    campaign.execute(NamePosse("black", "Clantons", "Ike"))
    campaign.execute(Recruit("red", "Wyatt", 8, 1, ("pistol",)))
    campaign.execute(Recruit("black", "Ike", 8, 1, ("pistol",)))
    campaign.start_session()
    campaign.end_session()
    campaign.execute(NamePosse("red", "Lawmen", "Wyatt"))
    campaign.execute(NamePosse("red", "Earp Brothers", "Wyatt"))
    for form in FORMATS:
        text = render(recap.build(campaign, 1, view), form)
        assert text.count("The red posse is") == 1, (form, text)
        assert "The red posse is Earp Brothers, played by Wyatt" in text
        assert "Lawmen" not in text
