"""The time an append stamps its events with (campaign.now_to_the_second) is what
`datetime.now().astimezone().replace(microsecond=0)` gives, in any local time zone."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest

from gmscreen.journal.campaign import now_to_the_second


@pytest.fixture
def local_zone() -> Iterator[None]:
    before = os.environ.get("TZ")
    yield
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.mark.parametrize("zone", ["UTC", "America/New_York", "Asia/Kolkata",
                                  "Australia/Lord_Howe", "Pacific/Chatham", "EST+5EDT"])
def test_an_append_is_stamped_as_astimezone_would_stamp_it(local_zone: None, zone: str
                                                             ) -> None:
    os.environ["TZ"] = zone
    time.tzset()
    for _ in range(3):  # the second time and after, with the zone kept from the first
        ours = now_to_the_second()
        theirs = datetime.now().astimezone().replace(microsecond=0)
        assert ours.microsecond == 0
        assert timedelta(0) <= theirs - ours <= timedelta(seconds=1)
        assert (ours.utcoffset(), ours.tzname()) == (theirs.utcoffset(), theirs.tzname())
        assert ours.isoformat()[-6:] == theirs.isoformat()[-6:]
