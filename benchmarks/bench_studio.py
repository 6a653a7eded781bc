"""Gouji Studio's latency, over HTTP to a real server, against the CLI doing the same work.

Starts `gouji studio FOLDER --no-browser` as the user does (a process of its own, on a free
loopback port) and times, as the page asks them:
- diagnostics: POST /api/analyse after each of `--edits` one-character edits of the largest
  standard file (as a user's file), against `gouji check FILE` as a command (target: under 100 ms);
- the handout preview: POST /api/book after a change of one rule of a house rule, against
  `gouji doc FILE --handout --format html` as a command (target: under 1 s);
- a bot's move at the table: a whole game through POST /api/play/<id>/act, each request's time
  divided by the bots' moves it made (target: under 300 ms), and the whole game's time against
  `gouji play VARIANT --bots heuristic` as a command (the bots play every seat there).

    python benchmarks/bench_studio.py [--edits 60] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import re
import time
from pathlib import Path

import httpx

from gouji_dsl.paths import variants_dir

HOUSE_RULE = 'variant club extends lianzhong\n\n[about]\ntitle = "Club"\n\n[flow]\nlead_return_circles = 2\n'


def serve(folder: Path) -> tuple[httpx.Client, subprocess.Popen]:
    """`gouji studio FOLDER --no-browser` in a process of its own, and a client of its address."""
    server = subprocess.Popen([sys.executable, "-m", "gouji_dsl", "studio", str(folder), "--no-browser"],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline() if server.stdout is not None else ""
    found = re.search(r"(http://[^/\s]+)/\?token=(\S+)", line)
    if found is None:
        server.kill()
        raise SystemExit(f"gouji studio printed no address: {line!r}")
    return httpx.Client(base_url=found.group(1), headers={"X-Gouji-Token": found.group(2)}, timeout=120), server


def command(*args: str, cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "gouji_dsl", *args], cwd=cwd, capture_output=True, check=False)
    return time.perf_counter() - start


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edits", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="gouji-bench-") as name:
        folder = Path(name)
        big = (variants_dir() / "gouji.gouji").read_text(encoding="utf-8").replace(
            "abstract variant gouji", "abstract variant big")
        (folder / "big.gouji").write_text(big, encoding="utf-8")
        (folder / "club.gouji").write_text(HOUSE_RULE, encoding="utf-8")
        client, server = serve(folder)
        try:
            # Diagnostics after a keystroke.
            client.post("/api/analyse", json={"name": "big.gouji", "text": big})
            times = []
            text = big
            for i in range(args.edits):
                at = rng.randrange(len(big))
                text = big[:at] + rng.choice("x1 =") + big[at:] if i % 2 == 0 else big
                start = time.perf_counter()
                client.post("/api/analyse", json={"name": "big.gouji", "text": text}).raise_for_status()
                times.append(time.perf_counter() - start)
            check = command("check", "big.gouji", cwd=folder)
            print(f"diagnostics after a keystroke ({len(times)} edits of {len(big.splitlines())} lines): median "
                  f"{ms(statistics.median(times))}, max {ms(max(times))}; `gouji check` as a command {ms(check)}; "
                  f"ratio (max) {max(times) / check:.3f}; target under 100 ms: {'met' if max(times) < 0.1 else 'NOT met'}")

            # The handout preview after a change (the page shows the file's as it opens).
            client.post("/api/book", json={"name": "club.gouji", "text": HOUSE_RULE, "kind": "handout", "lang": "zh"})
            previews = []
            for circles, defer in ((1, "no"), (3, "no"), (1, "yes"), (2, "yes"), (3, "yes")):  # each a new rule set
                changed = HOUSE_RULE.replace("lead_return_circles = 2", f"lead_return_circles = {circles}\ndefer = {defer}")
                start = time.perf_counter()
                client.post("/api/book", json={"name": "club.gouji", "text": changed, "kind": "handout",
                                               "lang": "zh"}).raise_for_status()
                previews.append(time.perf_counter() - start)
            doc = command("doc", "club.gouji", "--handout", "--format", "html", "-o", "out.html", cwd=folder)
            print(f"handout preview after a change: median {ms(statistics.median(previews))}, max {ms(max(previews))}; "
                  f"`gouji doc --handout` as a command {ms(doc)}; ratio (max) {max(previews) / doc:.3f}; "
                  f"target under 1 s: {'met' if max(previews) < 1 else 'NOT met'}")

            # A bot's move at the table.
            per_move = []
            started = time.perf_counter()
            view = client.post("/api/play", json={"variant": "lianzhong", "seat": 1, "bots": "heuristic",
                                                  "seed": args.seed}).json()
            steps = view["steps"]
            while not view["over"]:
                choice = next((a for a in view["legal"] if a["kind"] != "pass"), view["legal"][0])
                start = time.perf_counter()
                view = client.post(f"/api/play/{view['id']}/act", json={"action": choice["action"]}).json()
                elapsed = time.perf_counter() - start
                bot_moves = view["steps"] - steps - 1
                steps = view["steps"]
                if bot_moves > 0:
                    per_move.append(elapsed / bot_moves)
            whole = time.perf_counter() - started
            play = command("play", "lianzhong", "--bots", "heuristic", "--seed", str(args.seed), cwd=folder)
            print(f"a bot's move at the table ({len(per_move)} requests, {steps} actions): median "
                  f"{ms(statistics.median(per_move))}, max {ms(max(per_move))}; the whole game {ms(whole)}, "
                  f"`gouji play lianzhong --bots heuristic` as a command {ms(play)}; ratio {whole / play:.2f}; "
                  f"target under 300 ms a move: {'met' if max(per_move) < 0.3 else 'NOT met'}")
        finally:
            client.close()
            server.terminate()
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
