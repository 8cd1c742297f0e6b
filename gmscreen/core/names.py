"""Names for people made up at the table: an Old-West given name (by sex), a surname (by
where the family came from) and now and then a nickname, drawn from a generator the caller
gives (the campaign's seeded one), so the name is whatever the command then records."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from random import Random
from typing import Literal

Sex = Literal["man", "woman"]


@cache
def _tables() -> dict[str, dict[str, list[str]]]:
    text = resources.files("gmscreen.core").joinpath("tables/names.toml").read_text("utf-8")
    return tomllib.loads(text)


def backgrounds() -> tuple[str, ...]:
    """Where a family may have come from: "anglo", "irish", "german", "spanish"."""
    return tuple(_tables()["surname"])


def draw_name(rng: Random, sex: Sex | None = None, background: str | None = None, *,
              nickname_odds: float = 0.25) -> str:
    """A name such as "Hattie Flanagan" or "Silas 'Buckshot' Pike"."""
    tables = _tables()
    chosen: str = sex or rng.choice(("man", "woman"))
    given = rng.choice(tables["given"][chosen])
    family = background if background in tables["surname"] else rng.choice(backgrounds())
    surname = rng.choice(tables["surname"][family])
    if rng.random() < nickname_odds:
        return f"{given} '{rng.choice(tables['nickname']['any'])}' {surname}"
    return f"{given} {surname}"
