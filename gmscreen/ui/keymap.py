"""Keys a Dealer chooses: the `[keys]` table of settings.toml names a key by its id and
gives the keys to press instead, `"dust_devils.make" = "M"` (several keys: `"help" =
"f1,h"`). `gmscreen keys` lists every id with its key and what it does, ready to copy.

Textual's keymap does the remapping; this module reads the table (`read_keys`: an entry
that cannot be a key is left out and said, by its id), finds every key with an id
(`every_key`: the kit's and a game's tabs'), and shows a key as the Dealer set it: in the
help, the palette and the clickable words of a tab's "Keys:" line (`shown_key`,
`with_keys`). The footer follows by itself.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rich.text import Span, Text
from textual.app import App
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode
from textual.keys import Keys, _character_to_key

#: the settings table
TABLE = "keys"

_MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
#: the names Textual gives keys that are not one character ("f5", "enter", "question_mark")
_NAMES = frozenset({key.value.rpartition("+")[2] for key in Keys}
                   | {_character_to_key(c) for c in string.punctuation})

_EVERYWHERE = "Everywhere"
#: the kit's modules with keys, and where each key works, in the order `gmscreen keys` lists
_KIT: dict[str, str] = {
    "gmscreen.ui.app": _EVERYWHERE,
    "gmscreen.ui.shell": _EVERYWHERE,
    "gmscreen.ui.form": "In a form",
    "gmscreen.ui.confirm": "In a question",
    "gmscreen.ui.undo_preview": "In a question",
    "gmscreen.ui.note": "Writing a note",
    "gmscreen.ui.help": "In the help",
    "gmscreen.ui.log": "The Encounter Log",
    "gmscreen.ui.log_view": "The Encounter Log",
    "gmscreen.ui.clocks_pane": "The Wanted Clock tab",
    "gmscreen.ui.recap_screen": "The recap",
    "gmscreen.ui.campaigns": "The campaigns list",
    "gmscreen.ui.serving": "The players' screen links",
    "gmscreen.ui.players": "The players' screen (gmscreen show)",
}


#: the kit's modules whose keys work on a tab, beside the keys that work everywhere (a
#: game's tabs are so too); the others are dialogs over the tabs
_ON_TABS = ("gmscreen.ui.log.", "gmscreen.ui.log_view.", "gmscreen.ui.clocks_pane.")


def key_problem(keys: str) -> str | None:
    """Why `keys` (one key, or several with commas) is not a key Textual knows, or None."""
    for key in keys.split(","):
        key = key.strip()
        *modifiers, name = key.split("+") if len(key) > 1 else [key]
        unknown = [m for m in modifiers if m not in _MODIFIERS]
        if not name or unknown:
            return f"{key!r} is not a key (a modifier is one of {', '.join(sorted(_MODIFIERS))})"
        if len(name) > 1 and name not in _NAMES:
            return f"{key!r} is not a key: one character, or a name such as f5, enter, home"
        if name == " " or not name.isprintable():
            return f"{key!r} is not a key: name the space bar space"
    return None


def read_keys(settings: Mapping[str, Any]) -> tuple[dict[str, str], list[str]]:
    """The keymap set in `settings` (id -> keys), and a line for each entry left out."""
    table = settings.get(TABLE, {})
    if not isinstance(table, dict):
        return {}, [f"settings.toml: [{TABLE}] must be a table of ids and keys, as "
                    "`gmscreen keys` prints it"]
    keymap: dict[str, str] = {}
    problems: list[str] = []
    for binding_id, keys in table.items():
        if not isinstance(keys, str) or not keys.strip():
            problems.append(f"settings.toml [{TABLE}] {binding_id!r}: give the keys as "
                            'text, such as "M" or "f1,h"')
            continue
        problem = key_problem(keys)
        if problem is not None:
            problems.append(f"settings.toml [{TABLE}] {binding_id!r}: {problem}")
            continue
        keymap[binding_id] = ",".join(key.strip() for key in keys.split(","))
    # the undo preview shows the tabs behind it on their own keys: where only the tabs'
    # were moved, the preview's follow them (its "1" did nothing the tabs' bar said)
    for number in range(1, 10):
        moved = keymap.get(f"tab.{number}")
        if moved is not None:
            keymap.setdefault(f"undo_preview.tab_{number}", moved)
    return keymap, problems


@dataclass(frozen=True)
class KeyEntry:
    """A key with an id: where it works, the binding, and the widget or screen that has it
    (its class's qualified name)."""

    where: str
    binding: Binding
    owner: str


def _bindings_of(module_name: str) -> Iterator[tuple[Binding, str]]:
    """The bindings with ids of the classes a module defines, each with its class's name."""
    module = importlib.import_module(module_name)
    for value in vars(module).values():
        if (isinstance(value, type) and issubclass(value, DOMNode)
                and value.__module__ == module_name):
            for binding in value.__dict__.get("BINDINGS", ()):
                if isinstance(binding, Binding) and binding.id:
                    yield binding, f"{module_name}.{value.__qualname__}"


def _tab_name(module_name: str) -> str:
    """A panes module's name as words: "characters" -> "Characters"."""
    return module_name.rpartition(".")[2].replace("_", " ").capitalize()


def every_key(game_packages: Mapping[str, str]) -> list[KeyEntry]:
    """Every key with an id: the kit's, then those of each game's tabs (`game_packages`:
    the game's name -> its package), each id once. Imports every tab (Textual)."""
    entries: list[KeyEntry] = []
    seen: set[str] = set()

    def add(where: str, bindings: Iterator[tuple[Binding, str]]) -> None:
        for binding, owner in bindings:
            if binding.id not in seen:
                seen.add(binding.id or "")
                entries.append(KeyEntry(where, binding, owner))

    for module_name, where in _KIT.items():
        add(where, _bindings_of(module_name))
    for title, package in game_packages.items():
        panes = importlib.import_module(f"{package}.panes")
        for found in pkgutil.iter_modules(panes.__path__, f"{package}.panes."):
            add(f"{title}, {_tab_name(found.name)}", _bindings_of(found.name))
    return entries


def unknown_ids(keymap: Mapping[str, str], known: Iterator[str],
                other_games: tuple[str, ...]) -> list[str]:
    """The ids of `keymap` that no key has, leaving out the ids of `other_games` (their
    packages' last names, as the ids begin): those are checked when such a game is open."""
    have = set(known)
    return [binding_id for binding_id in keymap if binding_id not in have
            and binding_id.partition(".")[0] not in other_games]


def _keys(keys: str) -> list[str]:
    """Each of `keys` by the name Textual gives it ("?" -> "question_mark")."""
    return [_character_to_key(key.strip()) if len(key.strip()) == 1 else key.strip()
            for key in keys.split(",")]


def clashes(entries: list[KeyEntry], keymap: Mapping[str, str]) -> list[str]:
    """A line for each key that `keymap` gives a step while another step of the same screen
    has it too (the keys that work everywhere count on every tab): one is left keyless."""
    everywhere = [e for e in entries if e.where == _EVERYWHERE]
    groups: dict[str, list[KeyEntry]] = {}
    for entry in entries:
        if entry.where != _EVERYWHERE:
            groups.setdefault(entry.owner, []).append(entry)
    said: list[str] = []
    for owner, group in [("", everywhere), *groups.items()]:
        on_a_tab = owner.startswith(_ON_TABS) or not owner.startswith("gmscreen.ui.")
        by_key: dict[str, list[KeyEntry]] = {}
        for entry in [*group, *(everywhere if owner and on_a_tab else [])]:
            binding = entry.binding
            for key in _keys(keymap.get(binding.id or "", binding.key)):
                by_key.setdefault(key, []).append(entry)
        for key, sharing in by_key.items():
            if len(sharing) < 2 or not any(e.binding.id in keymap for e in sharing):
                continue
            if len({e.binding.key for e in sharing}) == 1:
                continue  # steps that share one key in the book (the tab says which acts)
            names = " and ".join(e.binding.description or e.binding.action for e in sharing)
            where = next((e.where for e in sharing if e.where != _EVERYWHERE), _EVERYWHERE)
            line = (f"settings.toml [{TABLE}]: {key} is given to {names} ({where}), and "
                    "only one can have it: give the other a key of its own")
            if line not in said:
                said.append(line)
    return said + _taken_by_fields(entries, keymap)


#: the dialogs whose keys are pressed while a field of text has the keyboard
_TYPED_IN = ("gmscreen.ui.form.", "gmscreen.ui.note.")


def _taken_by_fields(entries: list[KeyEntry], keymap: Mapping[str, str]) -> list[str]:
    """A line for each key set for a form's or the note's step that a field of text takes
    for itself (ctrl+e ends the line): set as Send, it did nothing while a field had the
    keyboard, and nothing said why."""
    moved = [e for e in entries if e.owner.startswith(_TYPED_IN) and e.binding.id in keymap]
    if not moved:
        return []
    from textual.widgets import Input, TextArea  # only when such a key is set

    taken = {key for widget in (Input, TextArea) for binding in widget.BINDINGS
             if isinstance(binding, Binding) for key in binding.key.split(",")}
    return [f"settings.toml [{TABLE}]: {key} is a text field's own key (it edits the text), "
            f"so {entry.binding.description or entry.binding.action} ({entry.where}) "
            "cannot have it while a field has the keyboard: give it another"
            for entry in moved for key in _keys(keymap[entry.binding.id or ""])
            if key in taken]


def bindings_as_set(node: DOMNode) -> BindingsMap:
    """`node`'s own bindings under the keys the Dealer set: Textual puts the keymap on a
    copy as it looks a key up, and `_bindings` keeps the book's keys (a tab that looked a
    key up there answered a step's old key, and said nothing to its new one)."""
    keymap = node.app._keymap
    if not keymap:
        return node._bindings
    bindings = node._bindings.copy()
    bindings.apply_keymap(keymap)
    return bindings


def set_keys(app: App[Any], binding: Binding) -> list[str]:
    """The binding's keys as the Dealer set them, by Textual's names ("ctrl+o")."""
    mapped = app._keymap.get(binding.id or "") if binding.id else None
    return [key.strip() for key in (mapped or binding.key).split(",")]


def shown_key(app: App[Any], binding: Binding) -> str:
    """The binding's key (each of several, with "or") as the Dealer set it, as the footer
    writes keys."""
    keys = set_keys(app, binding)
    mapped = binding.id is not None and binding.id in app._keymap
    display = binding.key_display if not mapped and len(keys) == 1 else None
    return " or ".join(app.get_key_display(Binding(key, binding.action, key_display=display))
                       for key in keys)


def find_binding(binding_id: str, *owners: DOMNode | type[DOMNode]) -> Binding | None:
    """The binding `binding_id` of the first of `owners` (widgets, screens or their
    classes) that has it; None where none has."""
    return next((binding for owner in owners for binding in owner.BINDINGS
                 if isinstance(binding, Binding) and binding.id == binding_id), None)


def _found(binding_id: str, owners: tuple[DOMNode | type[DOMNode], ...]) -> Binding:
    binding = find_binding(binding_id, *owners)
    if binding is None:
        raise KeyError(f"no key {binding_id!r} in {owners}")
    return binding


def key_in_words(app: App[Any], binding_id: str, *owners: DOMNode | type[DOMNode]) -> str:
    """`key_named`, for a sentence: a key with a modifier by its name ("ctrl+z takes it
    back", where the footer's "^z" reads as a typo), the others as the footer writes them."""
    return binding_in_words(app, _found(binding_id, owners))


def binding_in_words(app: App[Any], binding: Binding) -> str:
    """`binding`'s keys as the Dealer set them, as `key_in_words` writes them."""
    return " or ".join(key if "+" in key else shown_key(app, Binding(key, binding.action))
                       for key in set_keys(app, binding))


def key_named(app: App[Any], binding_id: str, *owners: DOMNode | type[DOMNode]) -> str:
    """The key of the binding `binding_id` of the first of `owners` (widgets, screens or
    their classes) that has it, as the Dealer set it."""
    return shown_key(app, _found(binding_id, owners))


_STEP = re.compile(r"step\('([^']*)'\)")


def with_keys(text: Text, key_of: Callable[[str], tuple[str, str] | None]) -> Text:
    """`text` with the key at the start of each clickable step's words (`keys_line`'s
    `step('action')`) changed where `key_of(action)` gives (its own key, the key set)."""
    cuts = sorted({span.start for span in text.spans} | {span.end for span in text.spans})
    pieces = text.divide(cuts)
    changed = False
    for at, piece in enumerate(pieces):
        action = next((found.group(1) for span in piece.spans
                       if not isinstance(span.style, str)
                       and (found := _STEP.fullmatch(str(span.style.meta.get("@click", ""))))),
                      None)
        change = key_of(action) if action is not None else None
        # words changed once already ("o or O shows", a key set as "o,O") are left alone
        if (change is None or not piece.plain.startswith(change[0] + " ")
                or piece.plain.startswith(change[1] + " ")):
            continue
        words = change[1] + piece.plain[len(change[0]):]
        pieces[at] = Text(words, style=piece.style,
                          spans=[Span(0, len(words), span.style) for span in piece.spans])
        changed = True
    if not changed:
        return text
    joined = Text("", style=text.style, justify=text.justify, no_wrap=text.no_wrap,
                  end=text.end)
    for piece in pieces:
        joined.append_text(piece)
    return joined
