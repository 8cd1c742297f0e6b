"""Round 22: every call the book leaves to the Dealer is offered where he makes it, with the
reading the table would take as the default, and kept in the event.

Each test holds one call (docs/rules/dust.md, "The Dealer's calls (round 22)")."""

from __future__ import annotations

import pytest

from gmscreen.journal.rules import RuleError
from tests.dust.game import choose, night_of, outcome, told, use


def test_the_flashlight_may_be_turned_on_its_holder_as_the_kit_may_guard_him():
    # line 113 says "Target a player" as line 115 does (the Kit may guard its holder), where
    # line 138 says "another player": the Flashlight's holder may look at himself; he goes
    # out, so he learns how he reads (the Relic makes him read as Scum)
    state = choose(night_of({"Cat": ("Flashlight", "Relic")}), "Cat",
                   use("Flashlight", "Investigate", "Cat"))
    assert "Cat is SCUM" in told(outcome(state), "Cat")
    # the Chalk's "your target ... will also learn that he was followed" reads of another
    with pytest.raises(RuleError, match="must target another player"):
        choose(night_of({"Cat": ("Chalk",)}), "Cat", use("Chalk", "Tracking", "Cat"))
