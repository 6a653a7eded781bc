"""`gouji lsp`: the rule language in any editor that speaks the Language Server Protocol.

command.py adds the command to the CLI; server.py is the server (pygls), a translation of the
language service (gouji_dsl/service) to the protocol's types.
"""
