"""The command palette's search: a command is found by its title, as Textual finds it, and
also by the words of its help, below every title that matches. A Dealer types the game's
word ("deal", "wound", "lynch"), which is often in what a step does and not in its short
name ("Round", "Harm", "Vote"). Imported when the palette first opens."""

from __future__ import annotations

import re

from textual.command import Hit, Hits
from textual.system_commands import SystemCommandsProvider

#: a command found by its help alone ranks below any found by its title (Textual's scores
#: of a title found run from about 0.1 up)
FOUND_IN_HELP = 0.01
#: the steps of the tab shown rank a little above the rest where the words fit both alike
#: ("draw" on the Conflict tab: its Draw, before the shell's Free draw)
ON_THIS_TAB = 0.05


def says(help_text: str, query: str) -> bool:
    """Whether every word of `query` begins a word of `help_text`, in any case: the help is
    long, and Textual's fuzzy match of its letters in order would find almost anything."""
    words = query.lower().split()
    return bool(words) and all(
        re.search(rf"\b{re.escape(word)}", help_text, re.IGNORECASE) for word in words)


class StepsProvider(SystemCommandsProvider):
    """The app's commands (the shell's and every tab's steps), searched by title and help."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        here = f"{getattr(self.screen, 'shown_title', '')}: "
        for name, help_text, callback, *_ in self.app.get_system_commands(self.screen):
            if (match := matcher.match(name)) > 0:
                if name.startswith(here):
                    match += ON_THIS_TAB
                yield Hit(match, matcher.highlight(name), callback, help=help_text)
            elif says(help_text, query):
                yield Hit(FOUND_IN_HELP, name, callback, help=help_text)
