"""Journal format versions: today's files keep loading when the format moves on.

tests/fixtures/format-1.toml was written by the code of format 1 and must never be rewritten:
it is what a Dealer's campaign of that time looks like.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from gmscreen.journal import upcast
from gmscreen.journal.campaign import open_campaign
from gmscreen.journal.events import Event
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalError, encode_events, upgrade_journal
from tests.journal.support import live_table, reference_table, reopen
from tests.tally import Add, TallyRules, TallyState

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "format-1.toml"


def test_the_format_1_fixture_loads_with_todays_code() -> None:
    campaign = reopen(FIXTURE, writable=False)
    assert campaign.header.format == 1 and campaign.header.seed == 1876
    assert campaign.name == "Rattlesnake [b]Wells[/b]"
    assert len(campaign.events) == 25 and campaign.torn is None
    assert campaign.state == TallyState({"Zeke": 16, "Ann": 12, "[b]Doc[/b]": 4}, 2)
    assert (campaign.session, campaign.in_session) == (2, False)
    assert [e.seq for e in campaign.events if campaign.is_undone(e)] == [6, 13, 18, 19, 22]
    assert live_table(campaign) == reference_table(campaign.events)
    note = campaign.events[10]
    assert campaign.describe(note) == 'Note: Doc says "draw!"\n\tand\\or runs 🤠'
    assert campaign.last_seq_of_session(1) == 12


def test_todays_writer_still_writes_format_1_byte_for_byte() -> None:
    campaign = reopen(FIXTURE, writable=False)
    written = (campaign.header.to_toml() + "\n").encode() + encode_events(campaign.events)[0]
    assert written == FIXTURE.read_bytes()


class WhoRules(TallyRules):
    """The tally game after a (pretend) format 2, whose events call the name `who`."""

    def evolve(self, state: TallyState, event: Event) -> TallyState:
        if event.kind == "tally.added":
            tallies = dict(state.tallies)
            tallies[event.data["who"]] = tallies.get(event.data["who"], 0) + event.data["amount"]
            return TallyState(tallies, state.sessions_seen)
        return super().evolve(state, event)

    def decide(self, state: TallyState, command: Any) -> list[Any]:
        return [type(new)(new.kind, {"who" if k == "name" else k: v for k, v in new.data.items()})
                for new in super().decide(state, command)]


def name_to_who(record: dict[str, Any]) -> dict[str, Any]:
    data = dict(record["data"])
    if str(record["kind"]).startswith("tally.") and "name" in data:
        data["who"] = data.pop("name")
    return {**record, "data": data}


@pytest.fixture
def format_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(upcast, "FORMAT", 2)
    monkeypatch.setitem(upcast.EVENT_UPCASTERS, 1, name_to_who)


@pytest.mark.usefixtures("format_2")
def test_a_format_1_file_loads_when_the_format_has_moved_on(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    shutil.copyfile(FIXTURE, path)
    campaign = open_campaign(path, lambda _: WhoRules())
    assert campaign.state == TallyState({"Zeke": 16, "Ann": 12, "[b]Doc[/b]": 4}, 2)
    assert all("name" not in e.data for e in campaign.events if e.kind.startswith("tally."))
    assert campaign.header.format == 1

    # appending today's blocks to a format-1 file would mix two formats: it is read only
    assert campaign.read_only
    assert campaign.read_only_reason == ("the campaign was saved in journal format 1; upgrade "
                                         "it to format 2 to write to it (the old file is kept)")
    with pytest.raises(RuleError, match="upgrade it to format 2"):
        campaign.execute(Add("Zeke", 1))
    campaign.close()
    assert path.read_bytes() == FIXTURE.read_bytes()


@pytest.mark.usefixtures("format_2")
def test_upgrading_keeps_the_old_file_and_makes_the_campaign_writable(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    shutil.copyfile(FIXTURE, path)
    backup = upgrade_journal(path)
    assert backup == tmp_path / "old.format-1.toml"
    assert backup.read_bytes() == FIXTURE.read_bytes()
    text = path.read_text()
    assert "format = 2\n" in text and 'who = "Zeke"' in text and 'name = "Zeke"' not in text
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "old.format-1.toml", "old.toml"]

    campaign = open_campaign(path, lambda _: WhoRules())
    assert not campaign.read_only and campaign.header.format == 2
    assert [e.seq for e in campaign.events if campaign.is_undone(e)] == [6, 13, 18, 19, 22]
    campaign.execute(Add("Zeke", 4))
    campaign.close()
    again = open_campaign(path, lambda _: WhoRules(), writable=False)
    assert again.state.tallies["Zeke"] == 20 and again.events[-1].data["who"] == "Zeke"
    assert open_campaign(backup, lambda _: WhoRules(), writable=False).state == TallyState(
        {"Zeke": 16, "Ann": 12, "[b]Doc[/b]": 4}, 2)

    with pytest.raises(JournalError, match="already in journal format 2"):
        upgrade_journal(path)
    shutil.copyfile(FIXTURE, tmp_path / "second.toml")
    shutil.copyfile(FIXTURE, tmp_path / "second.format-1.toml")
    assert upgrade_journal(tmp_path / "second.toml").name == "second.format-1-2.toml"


def test_a_journal_from_a_newer_gmscreen_is_refused(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "new.toml"
    shutil.copyfile(FIXTURE, path)
    with monkeypatch.context() as patch:
        patch.setattr(upcast, "FORMAT", 2)
        upgrade_journal(path)
    newer = path.read_bytes()
    with pytest.raises(JournalError, match=r":2: written in journal format 2 by a newer gmscreen"):
        reopen(path)
    with pytest.raises(JournalError, match=r":2: written in journal format 2"):
        upgrade_journal(path)
    assert path.read_bytes() == newer


def test_a_header_upcaster_runs_on_old_headers(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []

    def note_header(table: dict[str, Any]) -> dict[str, Any]:
        seen.append(table)
        return {**table, "name": table["name"].upper()}

    monkeypatch.setattr(upcast, "FORMAT", 2)
    monkeypatch.setitem(upcast.HEADER_UPCASTERS, 1, note_header)
    campaign = reopen(FIXTURE, writable=False)
    assert campaign.name == "RATTLESNAKE [B]WELLS[/B]" and campaign.header.format == 1
    assert len(seen) == 1
