"""The command line's commands for the table: `show` (the players' screen in a terminal),
`serve` (the same in browsers, with private links where a game keeps secrets per player)
and `recap` (a session told as a story). `gmscreen.cli` adds them to its parser; a problem
the user caused is a `Refused`, said in one line with exit code 2."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gmscreen.core.text import names_meant, plural, visible
from gmscreen.games import private_viewers, rules_for, view_of
from gmscreen.journal.campaign import Campaign, open_campaign
from gmscreen.journal.document import FORMATS, render
from gmscreen.journal.rules import RuleError
from gmscreen.journal.store import JournalError


class Refused(Exception):
    """A problem the user caused: one line on stderr and exit code 2."""


def add_parsers(commands: Any) -> None:
    show = commands.add_parser(
        "show", help="the players' screen: what the table may see, following the journal",
        description="Show what the players may see of a campaign, for a second terminal on "
        "a TV or a projector. It follows the journal as the Dealer's app writes it, and "
        "writes nothing.")
    show.add_argument("path", type=Path, help="the campaign's .toml journal")
    show.add_argument("--player", default=None,
                      help="show one player's own page: what the table sees and that "
                      "player's secrets (games that keep them: Dust's roles, Devils Bluff's "
                      "hands); a part of the name in any case will do")
    show.add_argument("--print", dest="print_once", action="store_true",
                      help="print the screen once as plain text and end, rather than follow "
                      "the journal (to paste it, or to compare it before and after a step)")

    serve = commands.add_parser(
        "serve", help="the players' screen in browsers (phones at the table)",
        description="Serve the players' screen to browsers: prints a link for the table "
        "(and one a player for games with secrets), each with a QR code.")
    serve.add_argument("path", type=Path, help="the campaign's .toml journal")
    serve.add_argument("--host", default="127.0.0.1",
                       help="where to listen (default 127.0.0.1, this computer only; "
                       "0.0.0.0 lets phones on the same network join)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")

    recap = commands.add_parser(
        "recap", help="a session told as a story",
        description="Tell a session as a story: who played, each conflict, the clocks, what "
        "was won and lost, the notes. By default what the table saw.")
    recap.add_argument("path", type=Path, help="the campaign's .toml journal")
    recap.add_argument("--session", type=int, default=None,
                       help="the session (default: the latest)")
    recap.add_argument("--format", choices=FORMATS, default="txt",
                       help="txt (default), md, bbcode (forums) or html")
    recap.add_argument("--dealer", action="store_true",
                       help="everything, hidden things and private notes too: the copy of "
                       "whoever runs the table (the Dealer, the Judge, the moderator)")


def run(args: argparse.Namespace) -> int | None:
    """Run the command if it is one of these; None otherwise."""
    if args.command == "show":
        return cmd_show(args)
    if args.command == "serve":
        return cmd_serve(args)
    if args.command == "recap":
        return cmd_recap(args)
    return None


def _read(path: Path) -> Campaign[Any]:
    try:
        campaign = open_campaign(path, rules_for, writable=False)
    except (JournalError, KeyError) as error:
        raise Refused(str(error)) from None
    campaign.cache = None
    say_damaged(path, campaign)
    return campaign


def say_damaged(path: Path, campaign: Campaign[Any]) -> None:
    """Say on stderr that the journal has an event the game cannot apply, as `check` says
    it: what a command prints of it stops before that event's step, and a recap or a log
    that simply ended there would pass for the whole campaign."""
    if campaign.damaged is not None:
        print(f"{path}: {campaign.damaged.reason}", file=sys.stderr)


def cmd_show(args: argparse.Namespace) -> int:
    campaign = _read(args.path)
    player = args.player
    try:
        if player is not None:
            viewers = private_viewers(campaign)
            meant = names_meant(viewers, player)
            if len(meant) != 1:
                names = ", ".join(meant or viewers) or "none in this game"
                raise Refused(f"{args.path}: {player!r} names "
                              f"{'several players' if meant else 'no private page'} "
                              f"({'give more of the name: ' if meant else 'players: '}{names})")
            player = meant[0]
        if args.print_once:
            sys.stdout.write(visible(_printed_screen(args.path, campaign, player)))
            return 0
    finally:
        campaign.close()
    from gmscreen.ui.players import PlayersApp

    PlayersApp(args.path, player=player).run()
    return 0


def _printed_screen(path: Path, campaign: Campaign[Any], player: str | None) -> str:
    """The players' screen now as plain text (`show --print`): its header, its sections and
    the clocks shown to the table, each built as the screen builds them; with the curtain
    drawn, only what the players read then. Lines wrap at a terminal's width, and stay
    whole into a file or a pipe."""
    from gmscreen.games import TITLES
    from gmscreen.journal.follow import curtain_of
    from gmscreen.journal.sections import lines, printed
    from gmscreen.ui.header import session_words
    from gmscreen.ui.players import clocks_the_table_sees, curtain_words, what_the_table_sees

    game = TITLES.get(campaign.header.game, campaign.rules.title)
    whose = f"{player}'s page" if player else "the players' screen"
    heading = lines(f"{campaign.name} ({game}), {whose}", session_words(campaign))
    if curtain_of(path).exists():
        return printed([heading, lines(curtain_words(campaign.rules.referee))])
    sections = what_the_table_sees(campaign, player)
    shown = clocks_the_table_sees(campaign)
    if shown:
        sections.append(lines("Clocks", *(
            f"{face.name}: {face.filled} of {face.segments}"
            + (f" ({face.means})" if face.means else "") for face in shown)))
    return printed([heading, *sections])


def cmd_serve(args: argparse.Namespace) -> int:
    from gmscreen.serve import (
        MAX_VIEWERS,
        TABLE,
        TableServer,
        keep_tokens,
        kept_tokens,
        player_link,
        qr_code,
        table_link,
        why_not_listen,
    )

    campaign = _read(args.path)
    refused = why_not_listen(args.host, args.port)
    if refused is not None:
        campaign.close()
        raise Refused(f"gmscreen serve: {refused}")
    journal = args.path.resolve()
    # the tokens of the last start where there are some: the slips handed out still work
    kept = kept_tokens(journal)
    players = private_viewers(campaign)
    links = [table_link(journal, kept.get(TABLE)),
             *(player_link(journal, name, kept.get(name)) for name in players)]
    # a player who left while the server was stopped, or before: his old link says whose
    # page it was, rather than "not one this table's server gave out"
    gone = [player_link(journal, who, token) for who, token in kept.items()
            if who != TABLE and who not in players]
    campaign.close()
    keep_tokens(journal, [*links, *gone])
    server = TableServer(links, host=args.host, port=args.port, title=campaign.name,
                         journal=journal, said=_said, gone=gone)
    print(f"Serving {campaign.name} to browsers (at most {MAX_VIEWERS} at once); ctrl+c "
          "stops.")
    if args.host in ("0.0.0.0", "", "::"):
        print("Anyone on this network who has a link can watch it.")
    for link in links:
        print(f"\n{link.who}: {server.url(link)}")
        if link.who == "the table":
            print(qr_code(server.url(link)))
    if len(links) > 1:
        print("\nEach player's link shows that player's secrets: give each only their own.")
    print(f"\nReady: {plural(len(links), 'link')}.")
    sys.stdout.flush()
    try:
        server.serve()
    except OSError as error:  # taken between the check and the start
        raise Refused(f"gmscreen serve: cannot listen on {args.host}, port {args.port}: "
                      f"{error.strerror or error}") from None
    return 0


def _said(line: str) -> None:
    """What the server says while it serves (a player come or gone), as it happens."""
    print(line, flush=True)


def cmd_recap(args: argparse.Namespace) -> int:
    from gmscreen.journal import recap

    campaign = _read(args.path)
    try:
        sessions = recap.sessions_of(campaign)
        if args.session is None and not sessions:
            # a campaign just begun: nothing to tell yet, which is no fault of the file
            document = recap.nothing_yet(campaign)
        else:
            session = args.session if args.session is not None else sessions[-1]
            document = recap.build(campaign, session, view_of(campaign.rules),
                                   dealer=args.dealer)
    except RuleError as error:
        raise Refused(f"{args.path}: {error.message}") from None
    finally:
        campaign.close()
    sys.stdout.write(render(document, args.format))
    return 0
