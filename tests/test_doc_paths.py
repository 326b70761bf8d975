"""Every repository path the README and docs/ name in backticks still exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TOP = ("engines/", "vision/", "hardware/", "firmware/", "bench/", "tests/", "docs/", "systemd/", ".ci/")
# a file path: a known top-level folder, then path characters, ending in a file name with a suffix
FOLDERS = "|".join(re.escape(t) for t in TOP)
FILE_PATH = re.compile(rf"^(?:\./)?(?:{FOLDERS})[\w./-]*\.[a-z]{{1,5}}$")


def named_paths(text: str) -> set[str]:
    found = set()
    for span in re.findall(r"`([^`\n]+)`", text):
        span = span.strip()
        # `firmware/run.py`'s and `engines/<game>/game.py` (a pattern, not a path) are skipped
        if FILE_PATH.match(span) and "<" not in span and "*" not in span:
            found.add(span.removeprefix("./"))
    return found


def test_the_pattern_takes_file_paths_only() -> None:
    text = "`firmware/cli.py`, `engines/<game>/game.py`, `docs/`, `/boot/firmware/config.txt`, `x.py`"
    assert named_paths(text) == {"firmware/cli.py"}


def test_every_backticked_path_in_the_docs_exists() -> None:
    missing = {
        f"{doc.relative_to(ROOT)}: {path}"
        for doc in DOCS
        for path in named_paths(doc.read_text(encoding="utf-8"))
        if not (ROOT / path).exists()
    }
    assert not missing, "paths the docs name that do not exist:\n" + "\n".join(sorted(missing))
