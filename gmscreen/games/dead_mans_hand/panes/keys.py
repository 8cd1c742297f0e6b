"""The keys of the two tabs, apart from their widgets: the words of one tab name the
other's steps by their keys as set (`named`), and the Conflict tab's module, with its
widgets, waits until that tab is first shown (a quicker start)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

#: the Characters tab's (the posses')
POSSES_KEYS: list[BindingType] = [
    Binding("r", "recruit", "Recruit", id="dead_mans_hand.recruit",
            tooltip="Add a model to a posse"),
    Binding("e", "edit_model", "Edit", id="dead_mans_hand.edit_model",
            tooltip="Put the highlighted model right: name, weapons, horse (and, while "
            "the posses are built, civilian or not, and in single games value and "
            "hits), markers, "
            "hits left (in play, 1 or more stands it up off a coffin card misread, 0 "
            "lays it down on the card that took its last)"),
    Binding("x", "dismiss_model", "Dismiss", id="dead_mans_hand.dismiss_model",
            tooltip="Take the highlighted model out of its posse"),
    # by key and palette: the line over the posses names them while building
    Binding("N", "name_posse", "Name posse", id="dead_mans_hand.name_posse", show=False,
            tooltip="Name a posse and who plays it (the one still unnamed first)"),
    Binding("s", "scenario", "Scenario", id="dead_mans_hand.scenario", show=False,
            tooltip="Load one of the book's six uneven match-ups"),
    Binding("f", "format", "Format", id="dead_mans_hand.format", show=False,
            tooltip="A Dramatic Showdown or single games"),
    Binding("w", "swap_sides", "Swap sides", id="dead_mans_hand.swap_sides", show=False,
            tooltip="Between single games the players swap sides, each posse keeping "
            "its name and models"),
    Binding("M", "new_match", "New match", id="dead_mans_hand.new_match", show=False,
            tooltip="Another showdown or other single games: the posses built anew"),
    Binding("A", "match_again", "Same posses again", id="dead_mans_hand.match_again",
            show=False, tooltip="A new match with the same posses, every model as it was "
            "recruited: the dead back, the gains of the last match gone"),
]

#: the Conflict tab's
CONFLICT_KEYS: list[BindingType] = [
    Binding("g", "set_up", "Set up game", id="dead_mans_hand.set_up",
            tooltip="The card whose colour places and acts first: type the one turned "
            "over, or leave it blank and the app draws"),
    Binding("d", "deploy", "Place model", id="dead_mans_hand.deploy",
            tooltip="The highlighted model goes on the table: more than 40 yards from "
            "every enemy and more than 20 from the table's centre"),
    Binding("u", "use", "Use model", id="dead_mans_hand.use",
            tooltip="Use the highlighted model: pick its move (the one it made last "
            "this game comes first; pinned by a Jack, it stands still at once)"),
    Binding("a", "attack", "Attack", id="dead_mans_hand.attack",
            tooltip="Measure, pick target and weapon, and draw (an enemy highlighted is "
            "the target offered, else the one it attacked last): the weapon's power in "
            "cards, with a card more or fewer for friends, the target's back, cover and "
            "moving"),
    Binding("i", "all_in", "All In", id="dead_mans_hand.all_in",
            tooltip="One more card to choose from, at a risk: the target, if it can "
            "answer, may then take one of the others. Type the one turned over, or leave "
            "it blank and the app draws; the result card's form follows"),
    Binding("p", "play", "Play card", id="dead_mans_hand.play",
            tooltip="Pick the result card (or the target's second card) among those drawn; "
            "after All In, the target's form follows when it may take one"),
    Binding("e", "end_turn", "End turn", id="dead_mans_hand.end_turn",
            tooltip="The model in use is done without attacking: the other side's turn"),
    # "Leave", not "Leave table": with the session's f6 the footer fills 80 columns
    Binding("l", "leave", "Leave", id="dead_mans_hand.leave",
            tooltip="Leave the table: the highlighted model goes off by a table edge, "
            "safe and out of this game (in a showdown a survivor, for the next)"),
    # rare steps: by key and palette, and named on the "Keys:" line over the table, so
    # the footer keeps to what comes next at 80 columns
    Binding("y", "surrender", "Surrender", id="dead_mans_hand.surrender", show=False,
            tooltip="The highlighted model gives up: out of this game, and in a showdown "
            "out of the games left too"),
    Binding("v", "recover", "Draw for the fallen", id="dead_mans_hand.recover",
            tooltip="After a showdown game, a card for each fallen model, all at once: "
            "type each card turned over, or leave it blank and the app draws"),
    Binding("R", "reshuffle", "Reshuffle", id="dead_mans_hand.reshuffle", show=False,
            tooltip="The discard goes back into the pile"),
    Binding("h", "sheet", "Play sheet", id="dead_mans_hand.sheet", show=False,
            tooltip="The moves, weapons, result card and cards to draw, below the attack"),
    Binding("z", "undo_attack", "Undo attack", id="dead_mans_hand.undo_attack",
            show=False,
            tooltip="Take back the last attack as one step: its cards return to the pack"),
]
