"""Fixtures of the journal's tests."""

from __future__ import annotations

import os

import pytest


@pytest.fixture
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip the wait for the disk in tests that check what is written, not that it reaches
    the disk, and write thousands of times (the SIGKILL drill and the failed-write tests keep
    the real fsync)."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)
