"""`gouji diff --matrix`: the rule-by-variant table of every rule that differs."""
from __future__ import annotations

import dataclasses
import html
import json
from dataclasses import dataclass

from gouji_dsl.diff.compare import side_of
from gouji_dsl.diff.render import md_cell
from gouji_dsl.model.fields import ABSENT
from gouji_dsl.diff.values import LANGS, row_key_text, row_value_text, same_value, short, value_columns
from gouji_dsl.lang.loader import Workspace
from gouji_dsl.model import schema as m
from gouji_dsl.model.fields import field_applies
from gouji_dsl.model.types import RowT
from gouji_dsl.phases import Compilation


@dataclass(frozen=True)
class MatrixRow:
    path: str            # "plays.big_joker_doubling" or "tribute.dian[neither/me]"
    zh: str
    en: str
    section: str
    cells: tuple[str, ...]


def matrix_rows(variants: list[m.Variant], lang: str = "en") -> list[MatrixRow]:
    """Every rule (and table row) whose value is not the same in all the variants."""
    rows: list[MatrixRow] = []
    for cls in m.SECTIONS:
        if cls.NAME == "about":
            continue
        secs = [v.sections.get(cls.NAME, ABSENT) for v in variants]
        if all(s is ABSENT for s in secs):
            continue
        for f in dataclasses.fields(cls):
            vtype = f.metadata["type"]
            values = [ABSENT if s is ABSENT or not field_applies(f, v.game) else getattr(s, f.name) for s, v in zip(secs, variants)]
            if all(same_value(vtype, values[0], v) for v in values[1:]):
                continue
            path = f"{cls.NAME}.{f.name}"
            keyed = isinstance(vtype, RowT) and vtype.key
            if keyed:
                expanded = _matrix_table_rows(cls, f, vtype, values, lang)
                if expanded is not None:
                    rows.extend(expanded)
                    continue
            rows.append(MatrixRow(path, f.metadata["zh"], f.metadata["en"], cls.NAME,
                                  tuple(short(vtype, v, lang) for v in values)))
    return rows


def _matrix_table_rows(cls, f, rtype: RowT, values, lang) -> list[MatrixRow] | None:
    tables = [{tuple(getattr(r, k) for k in rtype.key): r for r in v} if v not in (None, ABSENT) else None
              for v in values]
    keys: list[tuple] = []
    for t in tables:
        for k in (t or {}):
            if k not in keys:
                keys.append(k)
    differing = []
    for k in keys:
        cells = [None if t is None or k not in t else t[k] for t in tables]
        # one table's rows serialise alike (to_json follows the row's fields), so equal rows give equal texts
        texts = {json.dumps(rtype.to_json((c,)) if c is not None else None) for c in cells}
        if len(texts) > 1:
            differing.append((k, cells))
    if not differing or len(differing) > 12 or any(t is None for t in tables) or any(not t for t in tables):
        return None
    out = []
    cols = " / ".join(value_columns(rtype))
    for k, cells in differing:
        sample = next(c for c in cells if c is not None)
        key, shown = row_key_text(rtype, sample, "en"), row_key_text(rtype, sample, lang)
        meaning = f"{f.metadata['en']} ({cols})" if not out else f"(row {key}: {cols})"
        out.append(MatrixRow(f"{cls.NAME}.{f.name}[{key}]", f"{f.metadata['zh']}[{shown}]", meaning, cls.NAME,
                             tuple(row_value_text(rtype, c, lang) for c in cells)))
    return out


def family_order(models: list[m.Variant]) -> list[m.Variant]:
    """Variants in family order: each after its parent's other descendants' ancestors, children by name
    (lianzhong, huangjindao, lianzhong-bubiesan, qingdao, zaozhuang, zaozhuang-haixuan)."""
    def path(v: m.Variant) -> tuple:
        return tuple(reversed(v.lineage))
    return sorted(models, key=path)


def by_game(models: list[m.Variant]) -> list[list[m.Variant]]:
    """The variants grouped by their game (Gouji, Shuangkou), games in the order they first
    come: the rules of different games mean different things, so each game has its own table."""
    groups: dict[str, list[m.Variant]] = {}
    for v in models:
        groups.setdefault(v.game, []).append(v)
    return list(groups.values())


def matrix_differs(models: list[m.Variant], lang: str = "en") -> bool:
    """Whether some rule differs among the variants of one game (`gouji diff --matrix`'s exit status)."""
    return any(matrix_rows(group, lang) for group in by_game(models))


def render_matrix(variants, lang: str = "en", fmt: str = "md", ws: Workspace | None = None) -> str:
    """The rule-by-variant table of every rule that differs among `variants`
    (models, or names resolved in `ws`): Markdown or HTML; one table per game."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected zh or en")
    if fmt not in ("md", "html"):
        raise ValueError(f"unknown format {fmt!r}: expected md or html")
    models = []
    for v in variants:
        if isinstance(v, str):
            ws = ws or Workspace()
            v = Compilation(ws, v).checked
        models.append(v)
    groups = by_game(models) or [[]]
    if fmt == "md":
        return "\n".join(_matrix_md(group, matrix_rows(group, lang), lang) for group in groups)
    if len(groups) == 1:
        return _matrix_html(models, matrix_rows(models, lang), lang)
    return _games_html(groups, lang)


def _matrix_md(models, rows, lang) -> str:
    zh = lang == "zh"
    names = [v.name for v in models]
    title = "规则对照表" if zh else "Rule matrix"
    out = [f"# {title}: {', '.join(names)}", ""]
    out.append(("变体：" if zh else "Variants: ") + "; ".join(
        f"`{v.name}` {side_of(v).title}" + ("" if zh or side_of(v).title_en == side_of(v).title
                                              else f" ({side_of(v).title_en})") for v in models))
    out.append("")
    if not rows:
        out.append("这些变体的规则完全相同。" if zh else "No rule differs among these variants.")
        return "\n".join(out) + "\n"
    out.append((f"{len(rows)} 条规则（或表格行）不同。" if zh else f"{len(rows)} rules (or table rows) differ."))
    out.append("")
    head = ["规则", "名称", "含义"] if zh else ["rule", "中文", "meaning"]
    out.append("| " + " | ".join(head + names) + " |")
    out.append("|" + "---|" * (len(head) + len(names)))
    section = None
    for r in rows:
        if r.section != section:
            section = r.section
            cls = m.SECTION_BY_NAME[section]
            label = f"**[{section}] {cls.ZH}**" if zh else f"**[{section}] {cls.ZH} - {cls.EN}**"
            out.append(f"| {label} |" + " |" * (len(head) - 1 + len(names)))
        out.append("| " + " | ".join([f"`{r.path}`", md_cell(r.zh), md_cell(r.en)] + [md_cell(c) for c in r.cells]) + " |")
    return "\n".join(out) + "\n"


def _html_head(title: str, lang: str) -> list[str]:
    esc = html.escape
    return ["<!DOCTYPE html>", f'<html lang="{"zh" if lang == "zh" else "en"}">', "<head>", '<meta charset="utf-8">',
            f"<title>{esc(title)}</title>",
            "<style>table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:2px 6px;vertical-align:top}"
            "th.section{background:#eee;text-align:left}td.differs{background:#fff3cd}</style>",
            "</head>", "<body>", f"<h1>{esc(title)}</h1>"]


def _games_html(groups: list[list[m.Variant]], lang: str) -> str:
    """One HTML page with a table per game, each under a heading naming its variants."""
    zh = lang == "zh"
    title = ("规则对照表" if zh else "Rule matrix") + ": " + ", ".join(v.name for g in groups for v in g)
    out = _html_head(title, lang)
    for group in groups:
        out.append(f"<h2>{html.escape(', '.join(v.name for v in group))}</h2>")
        out += _html_table(group, matrix_rows(group, lang), lang)
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _matrix_html(models, rows, lang) -> str:
    zh = lang == "zh"
    names = [v.name for v in models]
    title = ("规则对照表" if zh else "Rule matrix") + ": " + ", ".join(names)
    out = _html_head(title, lang) + _html_table(models, rows, lang)
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _html_table(models, rows, lang) -> list[str]:
    """The table of the rules that differ among variants of one game (or a line saying none does)."""
    zh = lang == "zh"
    esc = html.escape
    out = []
    if not rows:
        out.append(f"<p>{esc('这些变体的规则完全相同。' if zh else 'No rule differs among these variants.')}</p>")
    else:
        out.append("<table>")
        head = ["规则", "名称"] if zh else ["rule", "中文"]
        cols = "".join(f'<th title="{esc(side_of(v).title_en)}">{esc(v.name)}<br>{esc(side_of(v).title)}</th>' for v in models)
        out.append("<thead><tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + cols + "</tr></thead>")
        out.append("<tbody>")
        section = None
        for r in rows:
            if r.section != section:
                section = r.section
                cls = m.SECTION_BY_NAME[section]
                label = f"[{section}] {cls.ZH}" + ("" if zh else f" - {cls.EN}")
                out.append(f'<tr><th class="section" colspan="{len(head) + len(models)}">{esc(label)}</th></tr>')
            common = max(set(r.cells), key=lambda c: (r.cells.count(c), -r.cells.index(c)))
            cells = "".join(f'<td class="differs">{esc(c)}</td>' if c != common else f"<td>{esc(c)}</td>" for c in r.cells)
            out.append(f'<tr><td title="{esc(r.en)}"><code>{esc(r.path)}</code></td><td>{esc(r.zh)}</td>{cells}</tr>')
        out.append("</tbody>")
        out.append("</table>")
    return out

