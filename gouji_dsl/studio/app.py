"""The studio's web server: one page and the JSON API it calls (Starlette).

Security, because the page can read and write the user's rule files and run their engines:
- every request must name this server by its Host (127.0.0.1 or localhost, or the --host address,
  with the port): a page of another site that resolves its own name to 127.0.0.1 cannot reach it;
- every API request carries the run's token (a cookie set when the page is opened from the
  address `gouji studio` printed, or the header X-Gouji-Token);
- a request from a page of another origin (an Origin header that is not the studio's) is refused;
- names from the page are file names in the opened folder, nothing else (folder.py);
- read-only mode (for a club's members on a LAN) refuses every write.
What the page shows of a rule file's text it shows as text (the page's own rule); the books and
plots the server renders escape it (docs/, sim/plot.py).
"""
from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from gouji_dsl.diagnostics import RuleErrors, UsageError
from gouji_dsl.lang.loader import CHINESE_NAMES, Workspace, user_folders
from gouji_dsl.messages import LANGUAGES, Message, msg
from gouji_dsl.messages.catalogue import CATALOGUE
from gouji_dsl.service import LanguageService, answers as a
from gouji_dsl.studio import work
from gouji_dsl.studio.folder import Folder, FolderError
from gouji_dsl.studio.table import TableError, Tables

STATIC = Path(__file__).resolve().parent / "static"
COOKIE = "gouji_token"
HEADER = "x-gouji-token"
MOST_BODY = 2_000_000  # bytes of a request: a rule file is at most 1 MB
# The catalogue's words the page shows itself: its own (catalogue/studio.py) and the table's.
PAGE_WORDS = tuple(f"studio.{area}." for area in ("page", "table"))
# The page loads only its own script and style; the books, sheets and plots it previews come as
# documents in sandboxed frames (their own inline styles, embedded fonts and pictures); nothing
# may frame the studio itself.
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
          "font-src 'self' data:; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'; "
          "form-action 'self'; frame-ancestors 'none'")


@dataclass
class Studio:
    """One run of `gouji studio`: the folder, the token, and what the page has started."""

    folder: Folder
    token: str
    hosts: frozenset[str]
    language: str = "zh"
    read_only: bool = False
    opened: str | None = None  # the file named on the command line
    service: LanguageService = field(init=False)
    tables: Tables = field(default_factory=Tables)
    jobs: OrderedDict = field(default_factory=OrderedDict)  # simulations, the last few kept

    def __post_init__(self) -> None:
        self.service = LanguageService([self.folder.root])


class Refused(Exception):
    def __init__(self, status: int, message: Message):
        super().__init__(message)
        self.status = status
        self.message = message


# --- the guard: Host, Origin and token, before any route -------------------------------------------

class Guard:
    """ASGI middleware refusing what is not the studio's own page speaking to it."""

    def __init__(self, app, studio: Studio):
        self.app = app
        self.studio = studio

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.refusal(scope, headers)
        if refusal is not None:
            response = JSONResponse({"error": refusal.text(self.studio.language)}, status_code=403)
            return await response(scope, receive, send)
        return await self.app(scope, receive, send)

    def refusal(self, scope, headers: dict[str, str]) -> Message | None:
        host = headers.get("host", "")
        if host not in self.studio.hosts:
            return msg("studio.guard.host", host=host[:80])
        origin = headers.get("origin")
        if origin is not None and urlsplit(origin).netloc not in self.studio.hosts:
            return msg("studio.guard.origin", origin=origin[:80])
        path = scope["path"]
        if path == "/" or path.startswith("/static/"):
            return None  # the page itself: its token is checked when it is opened (index)
        token = headers.get(HEADER) or _cookie(headers.get("cookie", ""))
        if token is None or not secrets.compare_digest(token, self.studio.token):
            return msg("studio.guard.token")
        if scope["method"] not in ("GET", "HEAD") and origin is None and headers.get(HEADER) is None:
            return msg("studio.guard.token")  # a write from no page at all must name the token itself
        return None


def _cookie(header: str) -> str | None:
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == COOKIE:
            return value
    return None


# --- helpers ---------------------------------------------------------------------------------------

async def _body(request: Request) -> dict[str, Any]:
    data = await request.body()
    if len(data) > MOST_BODY:
        raise Refused(413, msg("studio.api.too_large", limit=MOST_BODY))
    try:
        body = json.loads(data or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, msg("studio.api.not_json")) from None
    if not isinstance(body, dict):
        raise Refused(400, msg("studio.api.not_json"))
    return body


def _language(studio: Studio, body: dict) -> str:
    lang = body.get("lang")
    return lang if lang in LANGUAGES else studio.language


def _text_field(body: dict, key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise Refused(400, msg("studio.api.missing", field=key))
    return value


def _int_field(body: dict, key: str, default: int | None = None) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(400, msg("studio.api.missing", field=key))
    return value


def _document(studio: Studio, body: dict) -> tuple[Path, str]:
    """The rule file a request is about, as the page has it: (its path in the folder, its text)."""
    return studio.folder.path(_text_field(body, "name")), _text_field(body, "text")


def _span(span: a.Span) -> dict:
    return {"line": span.start_line, "character": span.start_char, "end_line": span.end_line,
            "end_character": span.end_char}


def _edit(edit: a.Edit) -> dict:
    return {**_span(edit.span), "text": edit.text}


def _fix(fix: a.Fix) -> dict:
    return {"title": fix.title, "kind": fix.kind, "edits": [_edit(e) for e in fix.edits]}


def _issue(issue: a.Issue) -> dict:
    return {**_span(issue.span), "severity": issue.severity, "message": issue.message, "hint": issue.hint,
            "code": issue.code, "fixes": [_fix(f) for f in issue.fixes]}


def _symbol(symbol: a.Symbol) -> dict:
    return {"name": symbol.name, "kind": symbol.kind, **_span(symbol.span),
            "children": [_symbol(child) for child in symbol.children]}


def _effective(studio: Studio, path: Path) -> dict | None:
    found = studio.service.effective_rules(path)
    if found is None:
        return None
    return {"variant": found.variant, "lineage": list(found.lineage),
            "rules": [{"section": r.section, "rule": r.rule, "value": r.value, "set_in": r.variant,
                       "file": r.location.path.name if r.location else None,
                       "line": r.location.span.start_line + 1 if r.location else 0} for r in found.rules]}


# --- routes ----------------------------------------------------------------------------------------

def build(studio: Studio) -> Starlette:
    """The app of one studio run."""

    async def index(request: Request) -> Response:
        token = request.query_params.get("token")
        cookie = request.cookies.get(COOKIE)
        page = {"Content-Security-Policy": POLICY, "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}
        if token is not None and secrets.compare_digest(token, studio.token):
            response: Response = HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"), headers=page)
            response.set_cookie(COOKIE, studio.token, httponly=True, samesite="strict")
            return response
        if cookie is not None and secrets.compare_digest(cookie, studio.token):
            return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"), headers=page)
        return HTMLResponse(msg("studio.guard.open_the_address").text(studio.language), status_code=403)

    async def session(request: Request) -> Response:
        documents = studio.service.documents
        ws = Workspace(folders=user_folders(tuple(str(f) for f in documents.folders), documents.environ))
        return JSONResponse({"lang": studio.language, "read_only": studio.read_only,
                             "folder": str(studio.folder.root), "file": studio.opened,
                             "variants": sorted(set(ws.names()) | set(CHINESE_NAMES.values()))})

    async def messages(request: Request) -> Response:
        lang = request.query_params.get("lang")
        lang = lang if lang in LANGUAGES else studio.language
        return JSONResponse({key: texts[0 if lang == "en" else 1] for key, texts in CATALOGUE.items()
                             if key.startswith(PAGE_WORDS)})

    async def files(request: Request) -> Response:
        listed = []
        for path in studio.folder.files():
            try:
                variant = studio.service.analysis(path).file
            except Exception:  # noqa: BLE001 - a file that cannot be read is listed without a name
                variant = None
            listed.append({"name": path.name, "variant": variant.header.name.id if variant is not None else None})
        return JSONResponse({"files": listed})

    async def file(request: Request) -> Response:
        variant = request.query_params.get("variant")
        if variant is not None:
            ws = Workspace()
            path = ws.path_of(ws.canonical(variant))
            if path is None or not ws.is_standard(ws.canonical(variant)):
                raise Refused(404, msg("syntax.unknown_variant", name=variant[:80]))
            return JSONResponse({"name": path.name, "text": path.read_text(encoding="utf-8")})
        name = request.query_params.get("name", "")
        return JSONResponse({"name": name, "text": studio.folder.read(name)})

    async def save(request: Request) -> Response:
        if studio.read_only:
            raise Refused(403, msg("studio.api.read_only"))
        body = await _body(request)
        studio.folder.save(_text_field(body, "name"), _text_field(body, "text"))
        studio.service.files_changed()
        return JSONResponse({"saved": True})

    async def analyse(request: Request) -> Response:
        body = await _body(request)
        path, text = _document(studio, body)
        studio.service.change(path, text)
        analysis = studio.service.analysis(path)
        header = analysis.file.header if analysis.file is not None else None
        return JSONResponse({
            "language": analysis.language,
            "diagnostics": [_issue(i) for i in analysis.issues],
            "symbols": [_symbol(s) for s in studio.service.symbols(path)],
            "effective": _effective(studio, path),
            "variant": header.name.id if header is not None else None,
            "parent": header.parent.id if header is not None and header.parent is not None else None,
            "ok": not any(i.severity == "error" for i in analysis.issues) and analysis.model is not None})

    async def hover(request: Request) -> Response:
        body = await _body(request)
        path, text = _document(studio, body)
        studio.service.change(path, text)
        found = studio.service.hover(path, _int_field(body, "line"), _int_field(body, "character"))
        return JSONResponse({"markdown": found.markdown, **_span(found.span)} if found is not None else {})

    async def complete(request: Request) -> Response:
        body = await _body(request)
        path, text = _document(studio, body)
        studio.service.change(path, text)
        items = studio.service.completion(path, _int_field(body, "line"), _int_field(body, "character"))
        return JSONResponse({"items": [{"label": c.label, "kind": c.kind, "detail": c.detail,
                                        "documentation": c.documentation, "insert_text": c.insert_text}
                                       for c in items]})

    async def actions(request: Request) -> Response:
        body = await _body(request)
        path, text = _document(studio, body)
        studio.service.change(path, text)
        span = a.Span(_int_field(body, "line"), _int_field(body, "character"),
                      _int_field(body, "end_line", body.get("line")), _int_field(body, "end_character", body.get("character")))
        return JSONResponse({"actions": [_fix(f) for f in studio.service.code_actions(path, span)]})

    async def format_(request: Request) -> Response:
        body = await _body(request)
        path, text = _document(studio, body)
        studio.service.change(path, text)
        edits = studio.service.formatting(path)
        return JSONResponse({"text": edits[0].text if edits else text})

    async def compare(request: Request) -> Response:
        body = await _body(request)
        edited = work.checked(studio.service, *_document(studio, body))
        other = body.get("other")
        return JSONResponse(work.compare_with(edited, other if isinstance(other, str) else None,
                                              _language(studio, body)))

    async def book(request: Request) -> Response:
        body = await _body(request)
        edited = work.checked(studio.service, *_document(studio, body))
        return HTMLResponse(work.book(edited, str(body.get("kind", "handout")), _language(studio, body)))

    async def book_pdf(request: Request) -> Response:
        body = await _body(request)
        edited = work.checked(studio.service, *_document(studio, body))
        html = work.book(edited, str(body.get("kind", "handout")), _language(studio, body))
        return Response(work.pdf(html), media_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="{edited.name}.pdf"'.encode(
                            "ascii", "ignore").decode("ascii") or "attachment"})

    async def simulate(request: Request) -> Response:
        body = await _body(request)
        edited = work.checked(studio.service, *_document(studio, body))
        job_id = secrets.token_urlsafe(12)
        other = body.get("other")
        work.start_simulation(studio.jobs, job_id, edited, other if isinstance(other, str) else None,
                              _int_field(body, "games", 200), str(body.get("bots", "heuristic")),
                              _int_field(body, "seed", 1), _language(studio, body))
        return JSONResponse({"job": job_id})

    async def simulation(request: Request) -> Response:
        job = studio.jobs.get(request.path_params["job"])
        if job is None:
            raise Refused(404, msg("studio.api.no_such_job"))
        return JSONResponse(job.state())

    async def play(request: Request) -> Response:
        body = await _body(request)
        variant = body.get("variant")
        if isinstance(variant, str):
            ws = Workspace()
            name = ws.canonical(variant)
            if ws.path_of(name) is None:
                raise Refused(404, msg("syntax.unknown_variant", name=variant[:80]))
            engine = work.engines.load(ws, name)
        else:
            edited = work.checked(studio.service, *_document(studio, body))
            name = edited.name
            engine = work.engine_of(edited)
        table_id, table = studio.tables.new(engine, seat=_int_field(body, "seat", 1),
                                            bots=str(body.get("bots", "heuristic")), seed=_int_field(body, "seed", 1),
                                            name=name, lang=_language(studio, body))
        return JSONResponse(table.view())

    async def table_view(request: Request) -> Response:
        table = studio.tables.get(request.path_params["table"])
        step = request.query_params.get("step")
        lang = request.query_params.get("lang")
        return JSONResponse(table.view(int(step) if step is not None and step.isdigit() else None,
                                       lang=lang if lang in LANGUAGES else None))

    async def table_act(request: Request) -> Response:
        body = await _body(request)
        table = studio.tables.get(request.path_params["table"])
        return JSONResponse(table.act(_text_field(body, "action")))

    async def table_history(request: Request) -> Response:
        return JSONResponse(studio.tables.get(request.path_params["table"]).history())

    async def replay(request: Request) -> Response:
        body = await _body(request)
        history = body.get("history")
        ws = Workspace(folders=[studio.folder.root])
        table_id, table = studio.tables.replayed(lambda variant: work.engines.load(ws, ws.resolve_argument(variant)),
                                                 history, lang=_language(studio, body))
        return JSONResponse(table.view(0))

    routes = [
        Route("/", index),
        Route("/api/session", session),
        Route("/api/messages", messages),
        Route("/api/files", files),
        Route("/api/file", file, methods=["GET"]),
        Route("/api/file", save, methods=["PUT"]),
        Route("/api/analyse", analyse, methods=["POST"]),
        Route("/api/hover", hover, methods=["POST"]),
        Route("/api/complete", complete, methods=["POST"]),
        Route("/api/actions", actions, methods=["POST"]),
        Route("/api/format", format_, methods=["POST"]),
        Route("/api/compare", compare, methods=["POST"]),
        Route("/api/book", book, methods=["POST"]),
        Route("/api/book.pdf", book_pdf, methods=["POST"]),
        Route("/api/simulate", simulate, methods=["POST"]),
        Route("/api/simulate/{job}", simulation),
        Route("/api/play", play, methods=["POST"]),
        Route("/api/play/{table}", table_view),
        Route("/api/play/{table}/act", table_act, methods=["POST"]),
        Route("/api/play/{table}/history", table_history),
        Route("/api/replay", replay, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]

    def refused(request: Request, exc: Exception) -> Response:
        status, message = getattr(exc, "status", 400), getattr(exc, "message", None)
        asked = request.headers.get("x-gouji-lang")  # the page's language (the body is read by now)
        lang = asked if asked in LANGUAGES else studio.language
        body: dict[str, Any] = {"error": message.text(lang) if isinstance(message, Message) else str(message or exc)}
        if isinstance(exc, work.WorkError):
            body["diagnostics"] = [_issue(i) for i in exc.diagnostics]
        if isinstance(exc, TableError):
            body["error"] = exc.text(lang)
            if exc.view is not None:
                body["view"] = exc.view
        if isinstance(exc, RuleErrors):
            body["error"] = "; ".join(d.text(lang) for d in exc.diagnostics[:5])
        return JSONResponse(body, status_code=status)

    handlers: dict[Any, Any] = {Refused: refused, FolderError: refused, work.WorkError: refused, TableError: refused,
                                UsageError: refused, RuleErrors: refused}
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.add_middleware(Guard, studio=studio)
    return app


def create_app(folder: Path, token: str | None = None, *, hosts: list[str] | tuple[str, ...] = (), read_only: bool = False,
               language: str = "zh", opened: str | None = None) -> tuple[Starlette, Studio]:
    """The studio's app for `folder`; `hosts`: the Host values it answers to (host:port)."""
    studio = Studio(Folder(folder.resolve()), token or secrets.token_urlsafe(24), frozenset(hosts),
                    language=language, read_only=read_only, opened=opened)
    return build(studio), studio
