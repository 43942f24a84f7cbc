"""The release notes of a version: its section of CHANGELOG.md (``## <version> — <date>`` up to
the next ``## `` heading), for the GitHub release the release workflow makes.

``python tools/release_notes.py 0.4.0 [CHANGELOG.md]`` prints them; exit 1 when the changelog has
no section for that version (a tag without its notes is not released).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


def section(changelog: str, version: str) -> str | None:
    """The body of ``version``'s section, without its heading; None if there is none.

    >>> section("# C\\n\\n## 0.4.0 — 2026-12-01\\n\\n- New.\\n\\n## 0.3.0\\n\\n- Old.\\n", "0.4.0")
    '- New.\\n'
    """
    version = version.removeprefix("v")
    lines = changelog.splitlines()
    start = next((i for i, ln in enumerate(lines) if re.match(rf"^## {re.escape(version)}(\s|$)", ln)), None)
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    body = "\n".join(lines[start + 1:end]).strip("\n")
    return body + "\n" if body else None


def main(argv: list[str]) -> int:
    version = argv[0]
    path = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[1] / "CHANGELOG.md"
    notes = section(path.read_text(encoding="utf-8"), version)
    if notes is None:
        print(f"{path}: no section '## {version.removeprefix('v')}'", file=sys.stderr)
        return 1
    sys.stdout.write(notes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
