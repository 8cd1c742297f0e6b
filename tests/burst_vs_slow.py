"""Keys typed in one burst against the same keys typed one by one, in every form a game
tab's keys open: a finder of faults in the order keys act, run by hand (not collected by
pytest: it takes minutes a campaign, and what it finds becomes a test of its own).

    python -m tests.burst_vs_slow CAMPAIGN.toml [SEQUENCES] [--tabs | --ahead] [--enter]

For each tab of the campaign's shell (but the Encounter Log), each key of the tab that
opens a kit form is pressed, and SEQUENCES (2) random runs of keys that neither send nor
cancel (letters, digits, space, Backspace, the arrows, Tab, shift+tab) are typed into the
form: once a key at a time, each let land, and once all in one turn, as a quick Dealer, a
paste or a loaded machine sends them. A space on a button may still send or close the
form, as it would at the table. What the fields hold, the field with the keyboard and the
refusal shown (or, the form gone, the screen on top and the journal's length) are printed
where the two differ; the exit status is 1 if any do. With `--ahead`, the burst begins
with the key that opens the form, typed before the form is up, as a Dealer who knows the
form types its values straight after its key. With `--enter`, the runs typed into forms
have Enter among their keys too, as a Dealer picks from a list ("z Enter" on a drop-down)
or sends from a one-line field: what was sent is compared by the screen on top and the
journal's length.

With `--tabs`, the runs are typed on the tab instead: a few keys that move its cursor or
the keyboard (the arrows, Tab, shift+tab), then the step's key (Enter among them), as a
Dealer goes down to a row and acts on it (down then o took the Stakes before the down; Tab
then e put right the model of the table left); every other run starts on the next tab
with the tab's digit, as a Dealer goes to a tab and acts on it ("2w" left the Wanted Chart
unrolled). What the step opened (its form's fields) or did (the journal's length) and
where the keyboard is are compared. The random runs are the same in both ways and from
run to run. Each way works on its own copy of the campaign, and every user folder points
into a temporary one.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Any

#: what the runs are made of: the keys that move, choose and type in a form
KEYS = ["a", "e", "s", "r", "o", "m", "1", "2", "space", "space", "tab", "tab", "tab",
        "shift+tab", "down", "down", "up", "backspace"]
#: Enter, among the keys of a form's runs with `--enter`: it picks, opens a list or sends
WITH_ENTER = [*KEYS, "enter", "enter"]
#: what the runs typed on a tab (`--tabs`) are made of before the step's key
MOVES = ["down", "down", "up", "tab", "shift+tab", "left", "right"]


def runs(tab: str, key: str, count: int, *, on_tab: bool = False,
         digit: str = "", enter: bool = False) -> list[list[str]]:
    """`count` runs of keys for the form `key` opens on `tab` (or, `on_tab`, moves on the
    tab that end in `key`; every other one starts with the tab's `digit`, typed from
    another tab; with `enter`, Enter among a form's keys), the same every time."""
    made = []
    for number in range(count):
        rng = random.Random(zlib.crc32(f"{tab}|{key}|{number}|{on_tab}".encode()))
        if on_tab:
            moves = [rng.choice(MOVES) for _ in range(rng.randint(0 if number % 2 else 1, 4))]
            made.append([*([digit] if number % 2 and digit else []), *moves, key])
        else:
            made.append([rng.choice(WITH_ENTER if enter else KEYS)
                         for _ in range(rng.randint(4, 14))])
    return made


async def typed_into_every_form(campaign_file: Path, burst: bool, count: int,
                                on_tab: bool = False, ahead: bool = False,
                                enter: bool = False) -> dict[str, Any]:
    from textual.binding import Binding

    from gmscreen.games import rules_for
    from gmscreen.journal.campaign import open_campaign
    from gmscreen.ui.app import GmScreenApp
    from gmscreen.ui.form import Form
    from gmscreen.ui.shell import ShellScreen
    from tests.pilot import burst as in_one_turn

    campaign = open_campaign(campaign_file, rules_for, writable=True)
    app = GmScreenApp(campaign)
    found: dict[str, Any] = {}
    shell_keys = {b.key for b in [*ShellScreen.BINDINGS, *GmScreenApp.BINDINGS]
                  if isinstance(b, Binding)}

    def held(form: Form) -> Any:
        fields = {f.key: repr(form._value_of(f.key, form.widget_of(f.key)))
                  for f in form.fields}
        return fields, form._key_of(app.focused), form.refusal

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.5)
        shell = app.screen
        assert isinstance(shell, ShellScreen)

        async def type_run(run: list[str]) -> None:
            if burst:
                in_one_turn(app, run)
            else:
                for one in run:
                    await pilot.press(one)
                    await pilot.pause()
            await pilot.pause(0.8)  # past every hold's half-second fallback

        async def back() -> None:
            for _ in range(6):
                if isinstance(app.screen, ShellScreen):
                    break
                await pilot.press("escape")
                await pilot.pause()
            for pane in shell.panes.values():  # no form given back half typed
                for holder in (pane, getattr(pane, "game_pane", None)):
                    drafts = getattr(holder, "drafts", None)
                    if isinstance(drafts, dict):
                        drafts.clear()

        for number, title in enumerate(shell.titles[:-1], start=1):
            await shell.show_tab(number)
            await pilot.pause()
            pane = shell.panes[title]
            bindings = [*getattr(getattr(pane, "game_pane", None), "BINDINGS", ()),
                        *pane.BINDINGS]
            keys = {b.key.split(",")[0]: b.description for b in bindings
                    if isinstance(b, Binding) and b.key not in shell_keys}
            if on_tab:  # Enter on a row acts on it (a wagon's vote, a model's sheet)
                keys.setdefault("enter", "Enter on the row")
            for key, words in keys.items():
                for index, run in enumerate(runs(title, key, count, on_tab=on_tab,
                                                 digit=str(number), enter=enter)):
                    # a run that starts with the tab's digit is typed from the tab after
                    await shell.show_tab(number % len(shell.titles) + 1
                                         if on_tab and run[0] == str(number) else number)
                    await pilot.pause()
                    if on_tab:
                        await type_run(run)
                        top = app.screen
                        found[f"{title} · {run} ({words}) · run {index + 1}"] = (run, (
                            type(top).__name__, getattr(top, "title_text", ""),
                            held(top) if isinstance(top, Form) else None,
                            len(campaign.events), getattr(shell.focused, "id", None)))
                        await back()
                        continue
                    await pilot.press(key)
                    form = app.screen
                    if not isinstance(form, Form):
                        await back()
                        break
                    for _ in range(200):
                        if form.ready:
                            break
                        await pilot.pause(0.01)
                    if ahead and burst:  # the step's key in the burst, before its form is up
                        title_of = getattr(form, "title_text", "")
                        await back()
                        await shell.show_tab(number)
                        await pilot.pause()
                        await type_run([key, *run])
                        top = app.screen
                        if isinstance(top, Form) and getattr(top, "title_text", "") == title_of:
                            form = top  # the form the key opened, still up
                    else:
                        await type_run(run)
                    top = app.screen
                    now = held(form) if top is form else (
                        type(top).__name__, getattr(top, "title_text", ""),
                        held(top) if isinstance(top, Form) else None, len(campaign.events))
                    found[f"{title} · {key} ({words}) · run {index + 1}"] = (run, now)
                    await back()
    campaign.close()
    return found


def main(argv: list[str]) -> int:
    on_tab, ahead, enter = "--tabs" in argv, "--ahead" in argv, "--enter" in argv
    argv = [arg for arg in argv if arg not in ("--tabs", "--ahead", "--enter")]
    campaign_file = Path(argv[0])
    count = int(argv[1]) if len(argv) > 1 else 2
    with tempfile.TemporaryDirectory() as folder:
        for name, under in (("HOME", "home"), ("XDG_CONFIG_HOME", "config"),
                            ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"),
                            ("XDG_STATE_HOME", "state"), ("GMSCREEN_HOME", "gmscreen")):
            os.environ[name] = str(Path(folder, under))
        seen = {}
        for burst in (False, True):
            copy = Path(folder, "burst" if burst else "slow", campaign_file.name)
            copy.parent.mkdir()
            shutil.copy(campaign_file, copy)
            seen[burst] = asyncio.run(typed_into_every_form(copy, burst, count, on_tab,
                                                            ahead, enter))
    differ = [name for name in seen[False] if seen[False][name] != seen[True].get(name)]
    for name in differ:
        run, slowly = seen[False][name]
        print(f"{name}: {' '.join(run)}\n  one by one: {slowly}\n  in a burst: "
              f"{seen[True].get(name, (None, 'not opened'))[1]}")
    print(f"{len(seen[False])} runs in {campaign_file.name}, {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
