"""Reading a tutorial notebook's cells: headings, sections and rule-id mentions
(shared by the tests/test_tutorial_*.py checks)."""

from __future__ import annotations

import ast
import builtins
import re


def id_pattern(rule: str) -> re.Pattern:
    """``HB-1`` but not the start of ``HB-10``."""
    return re.compile(re.escape(rule) + r"(?![0-9])")


def mentions(text: str, rule: str) -> bool:
    """``text`` names ``rule`` (in backticks or as a word, not as a prefix of a longer id)."""
    return re.search(rf"`{re.escape(rule)}`|\b{re.escape(rule)}(?![\d])", text) is not None


def heading(cell) -> tuple[int, str] | None:
    """(level, title) of a markdown heading cell, else None."""
    if cell.cell_type != "markdown":
        return None
    match = re.match(r"^(#{1,6}) (.+)", cell.source)
    return (len(match.group(1)), match.group(2).splitlines()[0]) if match else None


def sections(cells: list, level_max: int = 3) -> list[tuple[str, list]]:
    """(heading, cells up to the next heading of level <= level_max) for every heading;
    the heading's own cell comes first (its prose follows the heading line)."""
    out: list[tuple[str, list]] = []
    for cell in cells:
        head = heading(cell)
        if head and head[0] <= level_max:
            out.append((head[1], [cell]))
        elif out:
            out[-1][1].append(cell)
    return out


def section(cells: list, title: str, starts: tuple[str, ...] = ("#",)) -> list:
    """The cells of the part whose first line names ``title``, up to the next part; a
    markdown cell opening with one of ``starts`` starts a part."""
    def starts_part(cell) -> bool:
        return cell.cell_type == "markdown" and cell.source.startswith(starts)

    start = next(i for i, c in enumerate(cells) if starts_part(c)
                 and title.lower() in c.source.splitlines()[0].lower())
    end = next((i for i in range(start + 1, len(cells)) if starts_part(cells[i])),
               len(cells))
    return cells[start:end]


def cell_names(source: str) -> tuple[set[str], list[str]]:
    """(names a code cell binds, names it reads): whether a section runs on its own."""
    bound: set[str] = set()
    read: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            (read.append if isinstance(node.ctx, ast.Load) else bound.add)(node.id)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return bound, read


def read_from_elsewhere(cells: list, sections: list[tuple[str, list]],
                        setup: set[str]) -> dict[str, list[str]]:
    """Per section (title, its code cells), the names it reads that neither it nor the
    cells tagged with one of ``setup`` bind: empty when each section runs on its own."""
    known = set(dir(builtins))
    for cell in cells:
        if setup & set(cell.metadata.get("tags", [])):
            known |= cell_names(cell.source)[0]
    out: dict[str, list[str]] = {}
    for title, code in sections:
        own: set[str] = set()
        for cell in code:
            bound, read = cell_names(cell.source)
            strange = sorted({n for n in read if n not in known | own | bound})
            if strange:
                out.setdefault(title, []).extend(strange)
            own |= bound
    return out
