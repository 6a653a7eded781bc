"""`gouji lsp`: start the language server on stdin and stdout (an editor starts it)."""
from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from gouji_dsl.messages import text

EXIT_OK = 0


def register(subparsers) -> argparse.ArgumentParser:
    """Add `gouji lsp` to the CLI's subparsers."""
    p = subparsers.add_parser("lsp", help=text("commands.lsp.help"), description=text("commands.lsp.description"))
    p.add_argument("--stdio", action="store_true", help=text("commands.lsp.help_stdio"))
    p.set_defaults(run=cmd_lsp)
    return p


def cmd_lsp(args, ws) -> int:
    # The server's module imports pygls and lsprotocol, 0.4 s that no other command should pay:
    # it is loaded when the server starts, not when the CLI is.
    server = importlib.import_module("gouji_dsl.lsp.server")
    # Answers come in each file's own language unless --lang chose one (the environment's
    # language is for a command's own messages: a Chinese house rule is answered in Chinese).
    server.serve([Path(folder) for folder in args.path or ()], args.lang or args.main_lang)
    return EXIT_OK
