from tests.dust.game import choose, kill, night_of, outcome, told, use


def test_a_scum_kill_in_the_dark_church_kills():
    state = kill(night_of(), "Ann")
    result = outcome(state)
    assert [d.player for d in result.deaths] == ["Ann"]
    assert "Ann was found dead. Ann was the COP, TOWN-aligned." in result.post.lines
    assert "killed" in told(result, "Ann")


def test_cop():
    state = choose(night_of(), "Ann", use("Cop", "Interrogate", "Eve"))
    assert "Eve is SCUM." in told(outcome(state), "Ann")
