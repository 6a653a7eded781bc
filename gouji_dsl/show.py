"""`gouji show`: a variant's resolved rules, as readable text or as JSON."""
from __future__ import annotations

import dataclasses
import json
from typing import Any

from . import model as m
from .fmt import render_table_rows
from .types import RowT


def _field_type(cls: type[m.Section], name: str):
    return next(f for f in dataclasses.fields(cls) if f.name == name).metadata["type"]


def to_json(v: m.Variant) -> dict[str, Any]:
    sections: dict[str, Any] = {}
    for name, sec in v.sections.items():
        values = {}
        for f in dataclasses.fields(sec):
            value = getattr(sec, f.name)
            values[f.name] = None if value is None else f.metadata["type"].to_json(value)
        sections[name] = values
    origins = {path: {"variant": o.variant, "line": o.pos.line, "cites": list(o.cites)}
               for path, o in sorted(v.origins.items())}
    return {"name": v.name, "parent": v.parent, "abstract": v.abstract, "lineage": list(v.lineage),
            "sections": sections, "origins": origins}


def to_json_text(v: m.Variant) -> str:
    return json.dumps(to_json(v), ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def to_text(v: m.Variant) -> str:
    about = v.sections["about"]
    out = [f"{v.name}: {about.title} ({about.title_en})" + ("  [abstract]" if v.abstract else "")]
    out.append(f"  lineage: {' -> '.join(v.lineage)}")
    if about.summary:
        out.append(f"  {about.summary}")
    for name, sec in v.sections.items():
        out.append("")
        out.append(f"[{name}] {type(sec).ZH} - {type(sec).EN}")
        for f in dataclasses.fields(sec):
            value = getattr(sec, f.name)
            vtype = f.metadata["type"]
            origin = v.origin(f"{name}.{f.name}")
            where = ""
            if origin is not None:
                where = f"from {origin.variant}" + (" " + " ".join(origin.cites) if origin.cites else "")
            elif value is not None:
                where = "default"
            if value is None:
                out.append(f"  {f.name} ({f.metadata['zh']}) is not set")
                continue
            if isinstance(vtype, RowT):
                out.append(f"  {f.name} ({f.metadata['zh']}):  {where}")
                columns = list(vtype.columns)
                rows = [[vtype.columns[c].metadata["type"].show(getattr(r, c)) for c in columns] for r in value]
                out.extend(render_table_rows(columns, rows, indent="    "))
                continue
            out.append(f"  {f.name} ({f.metadata['zh']}) = {vtype.show(value)}    {where}".rstrip())
    return "\n".join(out) + "\n"
