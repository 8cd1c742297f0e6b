"""What lives as long as the app, kept out of the sight of Python's cyclic collector.

The campaign's objects, the first screen, each tab once drawn (a dial or a sheet is
thousands of Textual objects) and the Encounter Log's learnt subjects live as long as the
campaign is open. Left in the collector's sight, its full passes walk them again and again:
they grew to 100,000 objects and 50 to 80 ms a pass, one every few forms opened. Frozen,
a pass walks only what came since; reference counting still frees what is let go of, and
the app gives everything back to the collector when it leaves (`gc.unfreeze`).
"""

from __future__ import annotations

import gc


def set_aside() -> None:
    """Freeze everything alive now. The young garbage (a form just closed) is collected
    first, as frozen it would stay until the app leaves; not while the collector is off (the
    first screen being built), where a collection would only delay the screen."""
    if gc.isenabled():
        gc.collect(1)
    gc.freeze()
