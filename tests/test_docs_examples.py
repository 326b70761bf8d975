"""The example logs in docs/game-logs*.md (one page per game) replay as the pages say.

Every ```jsonl block on a page is a complete game log. It is replayed with
``engines.replay.replay``; the game must finish, and the ```json block that follows the
log (before the next log) states the resulting replay document: its ``scores`` and
``winners`` must match, and so must every other top-level key it shows.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engines.replay import document, replay

DOCS = sorted((Path(__file__).resolve().parents[1] / "docs").glob("game-logs*.md"))
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def examples() -> list[tuple[str, str]]:
    """(log text, expected document text) for every ```jsonl block on every page."""
    pairs: list[tuple[str, str]] = []
    for doc in DOCS:
        pairs += page_examples(doc)
    return pairs


def page_examples(doc: Path) -> list[tuple[str, str]]:
    blocks = [(m.group(1), m.group(2)) for m in FENCE.finditer(doc.read_text("utf-8"))]
    pairs: list[tuple[str, str]] = []
    for i, (lang, text) in enumerate(blocks):
        if lang != "jsonl":
            continue
        following = []
        for lang2, text2 in blocks[i + 1 :]:
            if lang2 == "jsonl":
                break
            following.append((lang2, text2))
        expected = next((t for lang2, t in following if lang2 == "json"), None)
        assert expected is not None, f"{doc.name}: jsonl block #{len(pairs) + 1} has no json block after it"
        pairs.append((text, expected))
    return pairs


EXAMPLES = examples()


def example_id(pair: tuple[str, str]) -> str:
    header = json.loads(pair[0].splitlines()[0])
    return "-".join(str(header[k]) for k in ("game", "edition") if k in header)


def test_every_game_and_edition_has_an_example() -> None:
    from engines import GAMES, game_class

    shown = {(h["game"], h.get("edition")) for h in (json.loads(log.splitlines()[0]) for log, _ in EXAMPLES)}
    for game in GAMES:
        for edition in game_class(game).editions or (None,):
            assert (game, edition) in shown, (
                f"no example log for {game} {edition or ''} in docs/game-logs*.md"
            )


@pytest.mark.parametrize(("log", "expected_text"), EXAMPLES, ids=[example_id(p) for p in EXAMPLES])
def test_example_replays_to_the_stated_document(log: str, expected_text: str) -> None:
    result = replay(log.splitlines())
    doc = document(result)
    expected: dict[str, Any] = json.loads(expected_text)

    assert result.state.finished
    assert doc["finished"] is True
    assert doc["scores"] == expected["scores"]
    assert doc["winners"] == expected["winners"]
    for key, value in expected.items():
        assert doc[key] == value, f"docs/game-logs*.md shows a different {key!r}"
