"""Soak run of the action ids: forged ids, players and seats through the engines' id API and
both integrations (OpenSpiel, PettingZoo), each refusal checked to change nothing.

Not part of the test run; run on purpose (tests/soak_all.py runs it with the issue's figures):

    python tests/soak_integrations.py --count 1600 --workers 2      # games per variant (~30 forged each)
    python tests/soak_integrations.py --count 5 --variants zaozhuang --workers 1

Each input is one game, seeded by its number, played by random legal ids through one API in
turn: the engine's (apply_action_id, id_to_action, legal_action), OpenSpiel's (GoujiState:
apply_action, apply_action_with_legality_check, child, action_to_string, legal_actions,
observation_string, information_state_tensor, player_return; the deal's chance nodes too) or
PettingZoo's (raw_env: step, reset). At --forged random points a forged value goes in: a
bool (numpy's too), a float, a numpy integer of every width in range and out, a negative or
huge int, the first id past the legal ones, None, a string, a list, an object whose __index__
lies. Rules: the call is refused with TypeError or ValueError (IllegalAction, VariantError,
pyspiel's SpielError; IndexError for the engine's own legal_action), its message under 1,000
characters, and the state exactly as before (OpenSpiel's serialize(), the engine game's every
field); or it is accepted as the legal id it equals. Anything else is saved into --failures.
"""
from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import traceback
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

import gouji_dsl  # noqa: E402
from gouji_dsl.integrations import openspiel as spiel  # noqa: E402
from gouji_dsl.integrations import pettingzoo as pz  # noqa: E402
from gouji_dsl.runtime.action_ids import ACTION_IDS  # noqa: E402
from invariants import MAX_ACTIONS, state_of  # noqa: E402
from soak_runner import Chunk, Failure, input_seed, parser, run  # noqa: E402

REFUSALS = (TypeError, ValueError, pyspiel.SpielError)
NUMPY_INTS = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)
MAX_MESSAGE = 1000


class Lying:
    """An object whose __index__ answers something no id is, or fails."""

    def __init__(self, answer):
        self.answer = answer

    def __index__(self):
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer

    def __repr__(self):
        return f"Lying({self.answer!r})"


def forged_id(rng: random.Random, legal: int):
    """A value that is no legal id (or, now and then, one that is: it must then be taken as it)."""
    roll = rng.randrange(12)
    if roll == 0:
        return rng.choice((True, False, np.True_, np.False_))
    if roll == 1:
        return rng.choice((0.0, 1.0, float(legal), float("nan"), float("inf"), -0.0, np.float64(0), np.float32(1)))
    if roll == 2:  # a numpy integer, in range, at the edge or out of it (uint64 holds 2**64-1)
        kind = rng.choice(NUMPY_INTS)
        info = np.iinfo(kind)
        value = rng.choice((0, legal - 1, legal, ACTION_IDS - 1, ACTION_IDS, info.max, info.min))
        return kind(min(max(value, info.min), info.max))
    if roll == 3:
        return rng.choice((-1, -2, -ACTION_IDS, -2**31, -2**63, -2**64, -10**30))
    if roll == 4:
        return rng.choice((2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64, 10**30, 10**500))
    if roll == 5:
        return rng.choice((legal, legal + 1, ACTION_IDS - 1, ACTION_IDS, ACTION_IDS + 1))
    if roll == 6:
        return rng.choice((None, "1", "0", "", b"1", [1], (0,), {0: 0}, {0}, Fraction(1), Decimal(1), 1j, object()))
    if roll == 7:
        return Lying(rng.choice((10**30, -1, True, legal, ValueError("lie"), TypeError("lie"))))
    if roll == 8 and legal:
        return rng.choice(NUMPY_INTS)(rng.randrange(min(legal, 127)))  # a learner's argmax: a legal id
    if roll == 9 and legal:
        return rng.randrange(legal)
    return rng.choice((ACTION_IDS * 2, 2**16, legal + rng.randint(1, 5000)))


def forged_player(rng: random.Random, players: int):
    return rng.choice((True, False, np.True_, -1, -2, -3, -5, players, players + 1, 2**63, -2**63, 1.0,
                       np.int64(0), np.uint8(players), None, "0", Lying(0), Lying(10**30)))


class Broken(Exception):
    """A rule of the soak broken: the message says which."""


def _refused(call, before, after, exc_types=REFUSALS):
    """Run call(); returns 'refused' or 'accepted'. Broken if a refusal is not clean or changed the state."""
    try:
        call()
    except exc_types as exc:
        # pyspiel's own SpielError of a failed CHECK quotes the whole serialised state: not ours to bound.
        if len(str(exc)) >= MAX_MESSAGE and not isinstance(exc, pyspiel.SpielError):
            raise Broken(f"an unbounded message ({type(exc).__name__}, {len(str(exc))} characters)") from exc
        if after() != before:
            raise Broken(f"the state changed though the call was refused ({type(exc).__name__}: {str(exc)[:200]})")
        return "refused"
    return "accepted"


INT64_LIMIT = 1 << 63


def _legal_int(value, legal: int) -> bool:
    """Whether an adapter may take `value` as a legal id (an int or a numpy integer, not a bool)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return False
    return 0 <= int(value) < legal


# --- the engine's id API ---------------------------------------------------------------------------

def engine_game(variant: str, rng: random.Random, forged: int, counts) -> None:
    game = gouji_dsl.engine(variant).new_game(seed=rng.randrange(2**32))
    forge_at = sorted(rng.randrange(200) for _ in range(forged))
    steps = 0
    while True:
        while forge_at and (forge_at[0] <= steps or game.terminal):
            forge_at.pop(0)
            legal = 0 if game.terminal else game.legal_id_count()
            value = forged_id(rng, legal)
            name, call = rng.choice((("apply_action_id", lambda: game.apply_action_id(value)),
                                     ("id_to_action", lambda: game.id_to_action(value)),
                                     ("legal_action", lambda: game.legal_action(value))))
            before = state_of(game)
            counts["forged"] += 1
            outcome = _refused(call, before, lambda: state_of(game), REFUSALS + (IndexError,))
            if outcome == "accepted":
                if name == "apply_action_id":
                    if not _legal_int(value, legal) and not (legal > ACTION_IDS - 1 and value == ACTION_IDS - 1):
                        raise Broken(f"engine {name}({value!r}) accepted with {legal} legal ids")
                elif state_of(game) != before:
                    raise Broken(f"engine {name}({value!r}) changed the state")
            counts[f"engine {outcome}"] += 1
        if game.terminal:
            return
        game.apply_action_id(rng.randrange(game.legal_id_count()))
        steps += 1
        if steps > MAX_ACTIONS:
            raise Broken("the game does not end")


# --- OpenSpiel -------------------------------------------------------------------------------------

def spiel_game(variant: str, rng: random.Random, forged: int, counts) -> None:
    game = pyspiel.load_game(spiel.game_name(variant))
    players = game.num_players()
    state = game.new_initial_state()
    forge_at = sorted(rng.randrange(260) for _ in range(forged))  # the deal's chance nodes are steps too
    steps = 0
    while True:
        while forge_at and (forge_at[0] <= steps or state.is_terminal()):
            forge_at.pop(0)
            legal = state.legal_actions()
            value, player = forged_id(rng, len(legal)), forged_player(rng, players)
            calls = {
                "apply_action": lambda: state.apply_action(value),
                "apply_action_with_legality_check": lambda: state.apply_action_with_legality_check(value),
                "child": lambda: state.child(value),
                "action_to_string": lambda: state.action_to_string(player, value),
                "legal_actions": lambda: state.legal_actions(player),
                "observation_string": lambda: state.observation_string(player),
                "information_state_tensor": lambda: state.information_state_tensor(player),
                "player_return": lambda: state.player_return(player),
            }
            name = rng.choice(sorted(calls))
            before = (state.serialize(), state.history())
            counts["forged"] += 1
            outcome = _refused(calls[name], before, lambda: (state.serialize(), state.history()))
            if outcome == "accepted" and name.startswith("apply_action"):
                # `legal` was taken before the call: at a chance node it holds outcome ids, not 0..n-1.
                if not (_legal_int(value, INT64_LIMIT) and int(value) in legal):
                    raise Broken(f"OpenSpiel {name}({value!r}) accepted; the legal ids were {legal[:10]}...")
            elif outcome == "accepted" and (state.serialize(), state.history()) != before:
                raise Broken(f"OpenSpiel {name}({value!r}, player {player!r}) changed the state")
            counts[f"openspiel {outcome}"] += 1
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        if steps > MAX_ACTIONS:
            raise Broken("the game does not end")


# --- PettingZoo ------------------------------------------------------------------------------------

_ENVS: dict = {}


def _env(variant: str):
    if variant not in _ENVS:
        _ENVS[variant] = pz.raw_env(variant)
    return _ENVS[variant]


def _env_state(env) -> tuple:
    return (state_of(env.game), env.agent_selection, json.dumps([env.rewards, env._cumulative_rewards,
                                                                  env.terminations, env.truncations, env.infos],
                                                                 sort_keys=True, default=repr))


def pettingzoo_game(variant: str, rng: random.Random, forged: int, counts) -> None:
    env = _env(variant)
    env.reset(seed=rng.randrange(2**32))
    forge_at = sorted(rng.randrange(200) for _ in range(forged))
    steps = 0
    while not env.game.terminal:
        while forge_at and forge_at[0] <= steps:
            forge_at.pop(0)
            legal = env.game.legal_id_count()
            value = forged_id(rng, legal)
            seeding = rng.random() < 0.1
            call = (lambda: env.reset(seed=value)) if seeding else (lambda: env.step(value))
            before = _env_state(env)
            counts["forged"] += 1
            outcome = _refused(call, before, lambda: _env_state(env))
            if outcome == "accepted" and not seeding and not _legal_int(value, legal):
                raise Broken(f"PettingZoo step({value!r}) accepted with {legal} legal ids")
            if outcome == "accepted" and seeding and isinstance(value, (bool, np.bool_)):
                raise Broken(f"PettingZoo reset(seed={value!r}) accepted a bool")
            counts[f"pettingzoo {outcome}"] += 1
            if env.game.terminal:
                return
        _obs, _reward, _done, _cut, info = env.last()
        env.step(rng.randrange(info["legal_count"]))
        steps += 1
        if steps > MAX_ACTIONS:
            raise Broken("the game does not end")


APIS = {"engine": engine_game, "openspiel": spiel_game, "pettingzoo": pettingzoo_game}
FORGED_PER_GAME = 30


@contextlib.contextmanager
def quiet_stderr():
    """OpenSpiel's C++ prints every failed CHECK to the process's stderr before raising it: thousands of
    lines of noise in a soak run (the exception, caught and judged here, says the same)."""
    sys.stderr.flush()
    saved = os.dup(2)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def work(variant: str, start: int, count: int, seed: int) -> Chunk:
    with quiet_stderr():
        return _work(variant, start, count, seed)


def _work(variant: str, start: int, count: int, seed: int) -> Chunk:
    chunk = Chunk(variant, start, count)
    for number in range(start, start + count):
        api = sorted(APIS)[number % len(APIS)]
        rng = random.Random(input_seed(seed, variant, number))
        chunk.counts["games"] += 1
        try:
            APIS[api](variant, rng, FORGED_PER_GAME, chunk.counts)
        except Exception as exc:  # noqa: BLE001 - every broken game is reported, the run goes on
            what = str(exc) if isinstance(exc, Broken) else f"internal error: {type(exc).__name__}: {exc}"
            data = json.dumps({"variant": variant, "api": api, "seed": input_seed(seed, variant, number),
                               "replay": f"python tests/soak_integrations.py --variants {variant} --seed {seed} "
                                         f"--count {number + 1} --workers 1"}, indent=1)
            chunk.failures.append(Failure(variant, number, f"{api}: {what}"[:500], data.encode(), ".json",
                                          traceback.format_exc()))
    return chunk


def main(argv=None) -> int:
    from strategies import ALL_ENGINE_VARIANTS

    p = parser(__doc__.splitlines()[0], "games", 60)
    p.add_argument("--variants", nargs="*", help="default: every variant with an engine")
    p.set_defaults(chunk=20)
    args = p.parse_args(argv)
    return run("soak integrations", args.variants or ALL_ENGINE_VARIANTS, work, args,
               ("games", "forged", "engine refused", "openspiel refused", "pettingzoo refused"))


if __name__ == "__main__":
    sys.exit(main())
