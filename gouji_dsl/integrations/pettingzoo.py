"""Every engine as a PettingZoo AEC environment: `env("lianzhong")`, `env("club.gouji")`.

    import random
    from gouji_dsl.integrations.pettingzoo import env
    e = env("zaozhuang")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        e.step(None if terminated else random.randrange(info["legal_count"]))

Agents are "seat_1" .. "seat_n". An action is an id of runtime/action_ids.py: a position
in the sorted legal actions, so the legal ids are 0..k-1 and the mask is a prefix of k ones
(id 1023, MORE, turns the page of a state with more than 1,024 legal actions). A random agent
needs no mask scan: `info["legal_count"]` is k; and an agent that does not read the tensor
(random, rule-based, or reading `e.game`) calls `e.last(observe=False)`, which skips building
it (the tensor costs about as much as the engine's own step). The observation is
{"observation": the engine's observation tensor of the agent's seat (runtime/observe.py; every
entry in [0, 1]; `observation="information_state"` or `"compact_information_state"` for the
perfect-recall tensor or its compact form), "action_mask": int8, read-only}. The game pays its
returns once, at the end, where every agent terminates together; nothing truncates.

`raw_env` is the bare environment; `env` adds PettingZoo's OrderEnforcingWrapper (errors for
calls before reset; a subclass with direct paths for last, step and agent_iter). An illegal id
raises the engine's IllegalAction, which names the legal ids; `env(..., illegal_reward=-1.0)`
instead ends the game with that reward for the offender (PettingZoo's TerminateIllegalWrapper,
as in its classic games). `e.game` is the engine's Game, for anything beyond PettingZoo.
"""
from __future__ import annotations

import functools
import random

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as missing:
    raise ImportError(f"gouji_dsl.integrations.pettingzoo needs PettingZoo, Gymnasium and numpy ({missing}): "
                      "pip install 'gouji-dsl[pettingzoo]'") from missing

from gouji_dsl.integrations import VariantError, load_variant, shown, whole_number
from gouji_dsl.messages import msg
from gouji_dsl.runtime import tensor_layout
from gouji_dsl.runtime.action_ids import ACTION_IDS
from gouji_dsl.runtime.actions import IllegalAction
from gouji_dsl.runtime.observe import Observing

__all__ = ["GoujiEnv", "VariantError", "env", "raw_env"]

# Which tensor an agent observes, and the engine method that makes it (runtime/observe.py).
OBSERVATIONS = {"observation": "observation_tensor", "information_state": "information_state_tensor",
                "compact_information_state": "compact_information_state_tensor"}


def load_engine(variant):
    """The engine of a standard variant's name or of a rule file's path (VariantError, with the
    reason and any located diagnostics, when there is none)."""
    return load_variant(variant)[0]


def _prefix_mask(count: int) -> np.ndarray:
    mask = np.zeros(ACTION_IDS, dtype=np.int8)
    mask[:count] = 1
    mask.flags.writeable = False  # shared by every state with `count` legal ids
    return mask


class GoujiEnv(AECEnv):
    """A Gouji-family game as an AEC environment (build it with `env` or `raw_env`)."""

    # An instance's own metadata names its variant ("gouji_zaozhuang_v0").
    metadata = {"render_modes": ["human", "ansi"], "name": "gouji_v0", "is_parallelizable": False}

    def __init__(self, engine, render_mode: str | None = None, observation: str = "observation",
                 legal_actions_info: bool = False):
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode is None, 'human' or 'ansi', not {render_mode!r}")
        if observation not in OBSERVATIONS:
            names = [repr(name) for name in OBSERVATIONS]
            raise ValueError(f"observation is {', '.join(names[:-1])} or {names[-1]}, not {observation!r}")
        super().__init__()
        self._engine = engine
        rules = engine.RULES
        self.metadata = dict(GoujiEnv.metadata, name=f"gouji_{engine.VARIANT}_v0")
        self.render_mode = render_mode
        self.variant = engine.VARIANT
        self.possible_agents = [f"seat_{seat}" for seat in range(1, rules.players + 1)]
        self._agent_of_seat = [None, *self.possible_agents]  # indexed by seat 1..n
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents, 1)}
        self._tensor_of = OBSERVATIONS[observation]
        size = getattr(tensor_layout, f"{self._tensor_of}_size")(rules)
        self._tensor = None  # makes the tensor of a seat of the game (bound at reset)
        # Per agent, so that seeding one agent's space leaves the others' alone. Every entry is a
        # flag or a count divided by its most (runtime/tensor_layout.py): in [0, 1].
        self._observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=0.0, high=1.0, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(ACTION_IDS,), dtype=np.int8),
        }) for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(ACTION_IDS) for agent in self.possible_agents}
        self._legal_actions_info = legal_actions_info
        self._masks = {0: _prefix_mask(0)}  # legal-id count -> read-only mask
        self._rng = random.Random()  # draws the deal of a reset without a seed
        self._game = None
        self._legal_count = 0

    # --- the PettingZoo API -------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. With `seed` the deal is the engine's deal for that seed, and later
        resets without one draw theirs from it; `options` is not used."""
        if seed is not None:
            seed = whole_number(seed, msg("commands.integrations.a_seed"))  # numpy ints too, not True
            self._rng = random.Random(seed)
        else:
            seed = self._rng.getrandbits(64)
        self._game = self._engine.new_game(seed=seed)
        # The engine's Observing method itself, bound to the game: the game's own method only
        # calls it, one Python call more every step.
        self._tensor = functools.partial(getattr(Observing, self._tensor_of), self._game)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        if self._game.is_terminal():  # a deal that decides the game before any action
            self.agent_selection = self.agents[0]
            self._finish()
        else:
            self._turn()
        if self.render_mode == "human":
            self.render()

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:  # the game is over: the agents leave one by one
            self._was_dead_step(action)
            return
        if action.__class__ is not int:
            action = _action_id(action)
        game = self._game
        game.apply_action_id(action)
        # No reward is paid before the end, so `rewards` and the acting agent's
        # cumulative reward stay 0 until _finish.
        self.infos[agent] = {}
        if game.terminal:
            self._finish()
        else:
            self._turn()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict:
        tensor = self._tensor(self._seat_of[agent])
        if agent != self.agent_selection or self._game.terminal:
            return {"observation": tensor, "action_mask": self._masks[0]}
        count = self._legal_count
        mask = self._masks.get(count)
        return {"observation": tensor, "action_mask": self._mask(count) if mask is None else mask}

    def last(self, observe: bool = True) -> tuple:
        # AECEnv.last, without its indirections: it runs once per step.
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def render(self) -> str | None:
        """The table as the agent to move sees it: whose turn, the top play, that agent's hand,
        what the rules show of the others, places, and the last actions."""
        if self._game is None:
            raise RuntimeError("render() before reset(): there is no game yet")
        text = self._table_text()
        if self.render_mode == "ansi":
            return text
        if self.render_mode == "human":
            print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no window, process or file."""

    # --- beyond PettingZoo --------------------------------------------------------------

    @property
    def game(self):
        """The engine's Game being played (runtime/flow.py): for replay, search, analysis."""
        return self._game

    def legal_actions(self) -> list[str]:
        """The actions the legal ids name, in id order ("more" for the page step)."""
        game = self._game
        return ["more" if action is None else str(action)
                for action in map(game.id_to_action, game.legal_action_ids())]

    # --- internals ----------------------------------------------------------------------

    def _mask(self, count: int) -> np.ndarray:
        mask = self._masks.get(count)
        if mask is None:
            mask = self._masks[count] = _prefix_mask(count)
        return mask

    def _turn(self) -> None:
        """Select the agent to move and tell it how many ids are legal."""
        game = self._game
        agent = self._agent_of_seat[game.cur]  # the game is not over: cur is the seat to act
        self.agent_selection = agent
        count = self._legal_count = game.legal_id_count()
        info = {"legal_count": count}
        if self._legal_actions_info:
            info["legal_actions"] = self.legal_actions()
        self.infos[agent] = info

    def _finish(self) -> None:
        """Pay the game's returns (a Fraction as a float) and end it for every agent."""
        game = self._game
        for agent, value in zip(self.possible_agents, game.returns()):
            reward = float(value)
            self.rewards[agent] = reward
            self._cumulative_rewards[agent] += reward
            self.infos[agent] = {}
        self.terminations = dict.fromkeys(self.agents, True)
        self._legal_count = 0

    def _table_text(self) -> str:
        game = self._game
        if game.is_terminal():
            places, returns = game.places(), game.returns()
            lines = [f"{self.variant}: game over"]
            lines += [f"  {agent}: place {places[seat]}, return {returns[seat - 1]}"
                      for seat, agent in enumerate(self.possible_agents, 1)]
            lines.append("last actions: " + self._last_actions())
            return "\n".join(lines)
        seat = game.current_player()
        seen = game.observation(seat)
        table = seen.get("table")
        lines = [f"{self.variant} ({seen['phase']}): seat_{seat} to move",
                 "table: " + (f"seat_{table['seat']} played {table['cards']}" if table else "empty (a lead)")]
        for other, hand in sorted(seen["hands"].items()):
            lines.append(f"hand of seat_{other}: {hand or '(none)'}")
        if seen.get("card_counts"):
            lines.append("cards left: " + ", ".join(f"seat_{s} {n}" for s, n in sorted(seen["card_counts"].items())))
        if seen.get("places"):
            lines.append("places: " + ", ".join(f"seat_{s} {p}" for s, p in sorted(seen["places"].items())))
        lines.append("last actions: " + self._last_actions())
        return "\n".join(lines)

    def _last_actions(self, count: int = 6) -> str:
        recent = self._game.seat_history()[-count:]
        return "; ".join(f"seat_{seat} {action}" for seat, action in recent) or "(none yet)"


def _action_id(action) -> int:
    """An action id from an int-like value (numpy integers included); TypeError otherwise, for
    a bool too: True would otherwise be id 1."""
    if action is None:
        raise IllegalAction("the action is None, but the game is not over: pass a legal action id")
    try:
        return whole_number(action, msg("commands.integrations.an_action_id"))
    except TypeError:
        raise TypeError(str(msg("commands.integrations.not_an_id", most=ACTION_IDS - 1, kind=type(action).__name__,
                                value=shown(action)))) from None


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper (errors for calls before reset), with direct paths for
    the calls of every step: the original reaches each attribute through two __getattr__ levels,
    which cost more than the rest of the environment's step."""

    def __init__(self, env: AECEnv):
        super().__init__(env)
        self._bare = env.unwrapped  # GoujiEnv, under any wrapper: read every step

    def last(self, observe: bool = True) -> tuple:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action) -> None:
        if self._has_reset and self._bare.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)  # its errors and warnings

    def agent_iter(self, max_iter: int = 2**63):
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Turns(self, max_iter)


class _Turns:
    """The agents to act, as AECOrderEnforcingIterator yields them, read from the bare env."""

    def __init__(self, wrapper: OrderEnforcing, max_iter: int):
        self.wrapper = wrapper
        self.bare = wrapper.unwrapped
        self.left = max_iter

    def __iter__(self):
        return self

    def __next__(self) -> str:
        if not self.bare.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        if not self.wrapper._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        self.wrapper._has_updated = False
        return self.bare.agent_selection


def raw_env(variant: str, render_mode: str | None = None, *, observation: str = "observation",
            legal_actions_info: bool = False) -> GoujiEnv:
    """The bare environment of a variant (a standard name or a .gouji rule file's path).

    observation: "observation" (the agent's current view, `observation_tensor`),
      "information_state" (its view with the history it has seen, `information_state_tensor`:
      large, a slot per action of the longest game; `information_state_tensor_size(rules)`) or
      "compact_information_state" (DouZero's bounded form of it, `compact_information_state_tensor`:
      the last 15 actions and sums of the older ones, about 1,300 numbers).
    legal_actions_info: also put the legal actions' text in `info["legal_actions"]` (costs
      a string per legal action every step)."""
    return GoujiEnv(load_engine(variant), render_mode, observation=observation, legal_actions_info=legal_actions_info)


def env(variant: str, render_mode: str | None = None, *, observation: str = "observation",
        legal_actions_info: bool = False, illegal_reward: float | None = None) -> AECEnv:
    """`raw_env` in PettingZoo's OrderEnforcingWrapper; with `illegal_reward`, an illegal id
    ends the game, the offender getting that reward (TerminateIllegalWrapper), instead of
    raising IllegalAction. That wrapper reads the mask from an observation: it builds the
    tensor every step, even after `last(observe=False)`."""
    environment = raw_env(variant, render_mode, observation=observation, legal_actions_info=legal_actions_info)
    if illegal_reward is not None:
        environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=float(illegal_reward))
    return OrderEnforcing(environment)
