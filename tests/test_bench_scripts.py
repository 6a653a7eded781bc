"""The benchmark scripts run for every variant (issue 25): bench_engines makes its inputs through
each engine's own API (Gouji's one-rank plays and Shuangkou's patterns alike), bench_games
times the reference interpreter within its time limit, even where one of its decisions takes
minutes, against the generated engine on the same actions, and bench_speed's workers play the
engine they name and its report checks the targets against the ratios."""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import pytest

import gouji_dsl

from strategies import ALL_ENGINE_VARIANTS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_engines  # noqa: E402 - the scripts' folder, put on the path above
import bench_games  # noqa: E402
import bench_service  # noqa: E402
import bench_speed  # noqa: E402


@pytest.mark.parametrize("name", ALL_ENGINE_VARIANTS)
def test_bench_engines_makes_inputs_every_engine_reads(name):
    engine = gouji_dsl.engine(name)
    data = bench_engines.inputs(engine, random.Random(1), 8)
    counts, each = engine.deck()
    assert len(data) == 8
    for hand, lead, written in data:
        assert len(hand) == len(counts) and sum(hand) == each
        assert all(held <= copies for held, copies in zip(hand, counts))
        assert engine.classify(engine.parse_cards(engine.format_cards(lead))).play == lead  # a play of the variant
        found = engine.classify(written)
        assert found.valid and found.play in engine.plays(hand)  # the written cards of one of the hand's plays
        assert engine.beats(lead, lead) in (True, False) and isinstance(engine.answers(hand, lead), list)


def test_bench_engines_measures_calls_for_at_least_the_time_asked():
    calls = []
    rate = bench_engines.rate(lambda x: calls.append(x), [(1,), (2,)], 0.05)
    assert rate > 0 and len(calls) >= 2
    slow = bench_engines.rate(lambda x: time.sleep(0.2), [(1,)] * 5, 0.01)  # one call at least, then stops
    assert 1 < slow < 10


def test_bench_games_times_the_reference_on_the_generated_engines_actions():
    gen, ref = gouji_dsl.engine("lianzhong").new_game, gouji_dsl.reference_engine("lianzhong").new_game
    paired = bench_games.Paired()
    bench_games.reference_slice(paired, ref, gen, 0.5)
    assert paired.actions > 0 and paired.ref_seconds > paired.gen_seconds > 0
    assert paired.games >= 1 and paired.finished <= paired.games


@pytest.mark.skipif(not hasattr(bench_games.signal, "setitimer"), reason="no interval timer on this platform")
def test_bench_games_stops_a_reference_decision_at_the_time_limit():
    # A Shuangkou interpreter's first decision with wild jokers takes far longer than this limit.
    gen = gouji_dsl.engine("shuangkou-qianbian").new_game
    ref = gouji_dsl.reference_engine("shuangkou-qianbian").new_game
    paired = bench_games.Paired()
    begun = time.perf_counter()
    bench_games.reference_slice(paired, ref, gen, 0.3)
    assert time.perf_counter() - begun < 3
    assert paired.actions == 0 and paired.finished == 0
    assert paired.cut > 0 and paired.cut_gen > 0 and paired.cut / paired.cut_gen > 1
    assert paired.spent() == pytest.approx(0.3, abs=0.2)


@pytest.mark.parametrize("what, mode, origin", [
    ("flow", "list", "runtime/flow.py"), ("pure", "index", "generated/lianzhong.py"),
    ("reference", "list", "backends/oracle/game.py")])
def test_bench_speed_workers_play_the_engine_they_name(what, mode, origin):
    result = bench_speed.worker(what, "lianzhong", mode, 0.05, 0.0)
    assert result["games"] >= 1 and result["actions"] > 0 and result["seconds"] >= 0.05
    assert Path(result["origin"]).as_posix().endswith(origin)


def test_bench_speed_report_checks_each_target_against_the_ratio(capsys):
    rates = {("rlcard", "-", "list"): [10.0, 10.0, 30.0], ("openspiel", "-", "list"): [200.0],
             ("flow", "lianzhong", "list"): [60.0], ("pure", "lianzhong", "list"): [79.0, 81.0, 90.0],
             ("pure", "lianzhong", "index"): [70.0], ("compiled", "lianzhong", "list"): [170.0],
             ("reference", "lianzhong", "list"): [2.0]}
    args = type("Args", (), {"rounds": 3, "seconds": 1.0, "variants": ["lianzhong"]})()
    bench_speed.report(rates, {}, [4.0, 6.0, 4.5], args)
    out = capsys.readouterr().out
    assert "lianzhong pure list: 8.10x RLCard, target 8x: met" in out  # the medians: 81 / 10
    assert "lianzhong pure index: 7.00x RLCard, target 8x: MISSED" in out
    assert "lianzhong compiled list: 17.00x RLCard, target 16x: met" in out
    assert "specialising gains 1.35x, compiling 2.10x more (2.83x in all); 40x the reference" in out
    assert "4.50 s of CPU (median of 3; target under 5 s: met)" in out


def test_bench_service_times_a_pass_after_each_one_character_edit(tmp_path):
    text = bench_service.largest_standard_variant().read_text(encoding="utf-8")
    texts = bench_service.edits(text, 10, random.Random(3))
    assert len(texts) == 10 and all(abs(len(a) - len(b)) == 1 for a, b in zip([text] + texts, texts))
    assert texts[1::2] == [text] * 5  # each character typed is taken back
    path = tmp_path / "gouji.gouji"
    path.write_text(text, encoding="utf-8")
    times, reported = bench_service.pass_times(path, texts)
    assert len(times) == 10 and all(t > 0 for t in times) and reported > 0
    assert bench_service.full_check(path) > 0
