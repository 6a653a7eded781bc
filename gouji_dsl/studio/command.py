"""`gouji studio [FILE|FOLDER]`: serve the studio's page on this machine and open it.

The server binds 127.0.0.1 on a free port (or --port), prints the address with the run's token and
opens the browser on it. `--host ADDRESS` serves a club's LAN instead: the token is still required
(members open the printed address), and `--read-only` lets members read, compare, print and play
without saving.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import secrets
import socket
import sys
import webbrowser
from pathlib import Path

from gouji_dsl.diagnostics import UsageError
from gouji_dsl.lang.loader import EXTENSION, check_file_name
from gouji_dsl.messages import current, msg, text

EXIT_OK = 0
LOOPBACK = "127.0.0.1"


def register(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("studio", help=text("commands.studio.help"), description=text("commands.studio.description"))
    p.add_argument("target", nargs="?", metavar="FILE|FOLDER", help=text("commands.studio.help_target"))
    p.add_argument("--host", default=LOOPBACK, metavar="ADDRESS", help=text("commands.studio.help_host"))
    p.add_argument("--port", type=int, default=0, help=text("commands.studio.help_port"))
    p.add_argument("--no-browser", action="store_true", help=text("commands.studio.help_no_browser"))
    p.add_argument("--read-only", action="store_true", help=text("commands.studio.help_read_only"))
    p.set_defaults(run=cmd_studio)
    return p


def opened(target: str | None) -> tuple[Path, str | None]:
    """The folder to serve and the file to open first."""
    if target is None:
        return Path.cwd(), None
    check_file_name(target)
    path = Path(target)
    if path.is_dir():
        return path, None
    if path.is_file() and path.name.endswith(EXTENSION):
        return path.parent, path.name
    raise UsageError(msg("commands.studio.no_such_target", target=target))


def listening_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not left 0: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on
    # sockets that say they are TCP, and with it on, each answer on a kept-alive connection waited
    # 40 ms for the browser's delayed acknowledgement.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise UsageError(msg("commands.studio.cannot_listen", host=host, port=port, reason=exc.strerror or exc)) from None
    sock.listen(64)
    return sock


def cmd_studio(args, ws) -> int:
    if importlib.util.find_spec("starlette") is None or importlib.util.find_spec("uvicorn") is None:
        raise UsageError(msg("commands.studio.not_installed"), msg("commands.studio.install_hint"))
    if not 0 <= args.port <= 65535:
        raise UsageError(msg("commands.studio.bad_port", port=args.port))
    folder, first = opened(args.target)
    sock = listening_socket(args.host, args.port)
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    hosts = [f"{shown}:{port}"] + ([f"localhost:{port}"] if args.host == LOOPBACK else [])
    token = secrets.token_urlsafe(24)
    # The web stack (Starlette, Uvicorn) is loaded by this command alone, from the optional
    # `studio` extra: every other command starts without it.
    app_module = importlib.import_module("gouji_dsl.studio.app")
    uvicorn = importlib.import_module("uvicorn")
    app, _studio = app_module.create_app(folder, token, hosts=hosts, read_only=args.read_only,
                                         language=current(), opened=first)
    address = f"http://{shown}:{port}/?token={token}"
    print(text("commands.studio.serving", address=address, folder=folder.resolve()), flush=True)
    if not args.no_browser:
        webbrowser.open(address)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    print(text("commands.studio.stopped"), file=sys.stderr)
    return EXIT_OK
