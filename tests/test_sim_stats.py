"""The statistics of simulation reports: t distribution, Wilson, clustered ratio estimates,
paired and Welch differences, Holm, histograms; coverage checked by seeded simulation."""
import math
import random
from array import array
from fractions import Fraction

import pytest

from gouji_dsl.sim.stats import (Difference, Estimate, difference, histogram, holm, proportion,
                                 ratio, t_quantile, t_two_sided_p, wilson)

DFS = (1, 2, 5, 30, 1000, 1e7)
PROBABILITIES = (0.5, 0.9, 0.975, 0.995)
REPLICATIONS = 2000


# ---------------------------------------------------------------------------------------
# Student's t

@pytest.mark.parametrize("df", DFS)
def test_t_quantiles_match_scipy(df):
    scipy_stats = pytest.importorskip("scipy.stats")
    for p in PROBABILITIES + (0.1, 0.025, 0.001):
        expected = scipy_stats.t.ppf(p, df)
        assert t_quantile(p, df) == pytest.approx(expected, rel=1e-8, abs=1e-12), (p, df)


@pytest.mark.parametrize("df", DFS + (3.7, 0.5))
def test_t_p_values_match_scipy(df):
    scipy_stats = pytest.importorskip("scipy.stats")
    for t in (0.0, 0.3, 1.0, -2.0, 2.5, 4.0, 12.0):
        expected = 2.0 * scipy_stats.t.sf(abs(t), df)
        assert t_two_sided_p(t, df) == pytest.approx(expected, rel=1e-7), (t, df)


def test_t_quantile_and_p_value_are_inverse():
    for df in (1, 4, 17.5, 250):
        for p in PROBABILITIES[1:]:
            t = t_quantile(p, df)
            assert t_two_sided_p(t, df) == pytest.approx(2 * (1 - p), rel=1e-9)


def test_t_known_values_and_edges():
    assert t_quantile(0.975, 1) == pytest.approx(12.706204736174707, rel=1e-12)
    assert t_quantile(0.975, 30) == pytest.approx(2.0422724563012373, rel=1e-12)
    assert t_quantile(0.5, 3) == 0.0
    assert t_quantile(0.025, 9) == pytest.approx(-t_quantile(0.975, 9), rel=1e-14)
    assert t_two_sided_p(math.inf, 3) == 0.0
    assert t_two_sided_p(-math.inf, 1e8) == 0.0
    assert t_two_sided_p(0.0, 5) == 1.0
    with pytest.raises(ValueError):
        t_quantile(1.0, 5)
    with pytest.raises(ValueError):
        t_two_sided_p(1.0, 0)


# ---------------------------------------------------------------------------------------
# Wilson

def test_wilson_published_values():
    # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3.
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson(10, 10)
    assert high == 1.0 and round(low, 4) == 0.7225


def test_wilson_matches_scipy():
    scipy_stats = pytest.importorskip("scipy.stats")
    for k, n in ((0, 1), (1, 3), (7, 50), (49, 50), (500, 1000), (3, 2000)):
        for confidence in (0.9, 0.95, 0.99):
            expected = scipy_stats.binomtest(k, n).proportion_ci(confidence, method="wilson")
            low, high = wilson(k, n, confidence)
            assert low == pytest.approx(expected.low, abs=1e-12)
            assert high == pytest.approx(expected.high, abs=1e-12)


def test_wilson_takes_a_fractional_n():
    low, high = wilson(12.5, 40.25)
    assert 0 < low < 12.5 / 40.25 < high < 1
    with pytest.raises(ValueError):
        wilson(1, 0)


# ---------------------------------------------------------------------------------------
# Estimates on degenerate inputs

def test_ratio_of_one_cluster_has_no_interval():
    assert ratio([3.0], [4]) == Estimate(0.75, None, None, None, 4, 1)


def test_ratio_over_zero_denominators_is_undefined():
    assert ratio([0, 0], [0, 0], games=0) == Estimate(None, None, None, None, 0, 2)
    assert ratio([], []) == Estimate(None, None, None, None, 0, 0)


def test_ratio_needs_games_when_the_denominators_are_not_counts():
    with pytest.raises(ValueError):
        ratio([1.0, 2.0], [0.5, 1.5])
    assert ratio([1.0, 2.0], [0.5, 1.5], games=7).games == 7


def test_ratio_matches_a_hand_computation():
    # R = 6/6 = 1; influence (y - x)/2 = -0.5, 0, 0.5; sd 0.5, se 0.5/sqrt(3); t(.975, 2).
    estimate = ratio([1, 2, 3], [2, 2, 2])
    se = 0.5 / math.sqrt(3)
    assert estimate.estimate == 1.0 and estimate.se == pytest.approx(se)
    assert estimate.high - 1.0 == pytest.approx(t_quantile(0.975, 2) * se)
    assert (estimate.games, estimate.clusters) == (6, 3)


def test_proportion_at_all_successes_still_has_a_wilson_interval():
    estimate = proportion([10, 10], [10, 10])
    assert estimate.estimate == 1.0 and estimate.high == 1.0
    assert estimate.low == pytest.approx(wilson(20, 20)[0])
    estimate = proportion([0, 0, 0], [5, 6, 7])
    assert estimate.estimate == 0.0 and estimate.low == 0.0
    assert estimate.high == pytest.approx(wilson(0, 18)[1])


def test_proportion_keeps_n_when_clustering_lowers_the_variance():
    # Every match has exactly half successes: a cluster variance of 0, design effect kept at 1.
    estimate = proportion([5, 5, 5, 5], [10, 10, 10, 10])
    assert (estimate.low, estimate.high) == pytest.approx(wilson(20, 40))


def test_proportion_widens_with_clustering():
    # Matches all-or-nothing: the design effect is the match length.
    clustered = proportion([10, 0, 10, 0, 10, 0], [10] * 6)
    independent = wilson(30, 60)
    assert clustered.high - clustered.low > 2 * (independent[1] - independent[0])
    assert proportion([1], [3]) == Estimate(1 / 3, None, None, None, 3, 1)


def test_difference_degenerate_inputs():
    undefined = difference(([1, 2], [0, 0]), ([1, 2], [2, 2]), paired=True)
    assert undefined == Difference(None, 0.75, None, None, None, None, True)
    single = difference(([1], [2]), ([2], [2]), paired=False)
    assert single == Difference(0.5, 1.0, -0.5, None, None, None, False)
    exact = difference(([1, 1, 1], [2, 2, 2]), ([2, 2, 2], [2, 2, 2]), paired=True)
    assert (exact.low, exact.high, exact.p_value) == (-0.5, -0.5, 0.0)
    same = difference(([1, 1, 1], [2, 2, 2]), ([1, 1, 1], [2, 2, 2]), paired=False)
    assert (same.difference, same.p_value) == (0.0, 1.0)
    with pytest.raises(ValueError):
        difference(([1, 2], [2, 2]), ([1, 2, 3], [2, 2, 2]), paired=True)


def test_welch_matches_scipy_on_per_game_means():
    # With one game per cluster the ratio is a plain mean and Welch is scipy's Welch.
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = random.Random(5)
    a = [rng.gauss(1.0, 1.0) for _ in range(12)]
    b = [rng.gauss(0.4, 2.0) for _ in range(20)]
    result = difference((a, [1] * 12), (b, [1] * 20), paired=False)
    assert result.p_value == pytest.approx(scipy_stats.ttest_ind(a, b, equal_var=False).pvalue, rel=1e-9)
    paired = difference((a, [1] * 12), (b[:12], [1] * 12), paired=True)
    assert paired.p_value == pytest.approx(scipy_stats.ttest_rel(a, b[:12]).pvalue, rel=1e-9)


def test_results_are_bit_identical_for_lists_and_arrays():
    rng = random.Random(9)
    ys = [rng.uniform(0, 30) for _ in range(50)]
    xs = [rng.randint(1, 8) for _ in range(50)]
    assert ratio(ys, xs) == ratio(array("d", ys), array("d", xs))
    assert difference((ys, xs), (ys[::-1], xs), True) == difference(
        (array("d", ys), array("d", xs)), (array("d", ys[::-1]), xs), True)


# ---------------------------------------------------------------------------------------
# Holm

def test_holm_worked_example():
    # Sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04 -> monotone 0.06.
    adjusted = holm([0.01, None, 0.04, 0.03, 0.005])
    assert adjusted[1] is None
    assert [adjusted[i] for i in (0, 2, 3, 4)] == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_holm_is_capped_and_keeps_order_of_ties():
    assert holm([0.5, 0.5, 0.9]) == [1.0, 1.0, 1.0]
    assert holm([]) == []
    assert holm([None]) == [None]
    assert holm([0.02]) == [0.02]


# ---------------------------------------------------------------------------------------
# Histograms

def test_histogram_of_few_distinct_values_is_exact():
    values = [3, Fraction(1, 3), 2, 1.0, 1, Fraction(2, 1), 0.3333]
    assert histogram(values) == {"values": [0.3333, 1 / 3, 1.0, 2, 3], "counts": [1, 1, 2, 2, 1]}
    assert histogram([]) == {"values": [], "counts": []}


def test_histogram_bins_have_round_edges():
    rng = random.Random(3)
    values = [rng.uniform(-0.0123, 0.0371) for _ in range(500)]
    result = histogram(values, bins=10)
    edges, counts = result["edges"], result["counts"]
    assert len(counts) == len(edges) - 1 <= 10 and sum(counts) == 500
    assert edges[0] <= min(values) and edges[-1] >= max(values)
    assert edges == [round(e, 4) for e in edges]
    widths = {round(b - a, 12) for a, b in zip(edges, edges[1:])}
    assert len(widths) == 1
    assert histogram(values, bins=10) == histogram(list(reversed(values)), bins=10)


def test_histogram_counts_integer_scores_in_bins():
    result = histogram(list(range(-7, 1000)))
    assert result["edges"][0] == -50 and result["edges"][-1] == 1000
    assert result["counts"][0] == 7 and result["counts"][-1] == 50   # 950..1000 closed on the right
    with pytest.raises(ValueError):
        histogram([1.0, math.nan] + list(range(50)))


# ---------------------------------------------------------------------------------------
# Coverage by seeded simulation

def _covered_fraction(trials) -> float:
    return sum(1 for low, high, truth in trials if low <= truth <= high) / REPLICATIONS


def _bernoulli_clusters(rng, p, clusters, games, concentration):
    """Per-cluster successes; concentration None is independent, else Beta-distributed p_i."""
    successes = []
    for _ in range(clusters):
        cluster_p = p
        if concentration is not None:
            cluster_p = rng.betavariate(p * concentration, (1 - p) * concentration)
        successes.append(sum(1 for _ in range(games) if rng.random() < cluster_p))
    return successes


@pytest.mark.parametrize("clusters, games, concentration", [(25, 8, None), (25, 8, 8.0), (10, 10, 8.0)])
def test_proportion_intervals_cover(clusters, games, concentration):
    # Beta(8p, 8(1-p)) match probabilities: intra-match correlation 1/9, design effect ~1.8.
    rng = random.Random(11)
    trials = []
    for _ in range(REPLICATIONS):
        successes = _bernoulli_clusters(rng, 0.3, clusters, games, concentration)
        estimate = proportion(successes, [games] * clusters)
        trials.append((estimate.low, estimate.high, 0.3))
    assert 0.93 <= _covered_fraction(trials) <= 0.97


def _normal_clusters(rng, mean, clusters, cluster_sd=1.0, game_sd=2.0):
    """(totals, games): per-game values mean + cluster effect + noise, in matches of 3..12 games."""
    totals, games = [], []
    for _ in range(clusters):
        effect = rng.gauss(0.0, cluster_sd)
        size = rng.randint(3, 12)
        totals.append(math.fsum(mean + effect + rng.gauss(0.0, game_sd) for _ in range(size)))
        games.append(size)
    return totals, games


def test_ratio_intervals_cover_the_mean():
    rng = random.Random(12)
    trials = []
    for _ in range(REPLICATIONS):
        totals, games = _normal_clusters(rng, 5.0, 20)
        estimate = ratio(totals, games)
        trials.append((estimate.low, estimate.high, 5.0))
    assert 0.93 <= _covered_fraction(trials) <= 0.97


def _paired_clusters(rng, shift, clusters=20):
    """Two variants on the same seeds: a shared match effect and correlated game noise."""
    a_totals, b_totals, games = [], [], []
    for _ in range(clusters):
        effect = rng.gauss(0.0, 3.0)
        size = rng.randint(4, 10)
        a_total = b_total = 0.0
        for _ in range(size):
            common = rng.gauss(0.0, 1.0)
            a_total += 10.0 + shift + effect + common + rng.gauss(0.0, 0.5)
            b_total += 10.0 + effect + common + rng.gauss(0.0, 0.5)
        a_totals.append(a_total)
        b_totals.append(b_total)
        games.append(size)
    return (a_totals, games), (b_totals, games)


def test_paired_difference_intervals_cover():
    rng = random.Random(13)
    trials = []
    for _ in range(REPLICATIONS):
        a, b = _paired_clusters(rng, 0.4)
        result = difference(a, b, paired=True)
        trials.append((result.low, result.high, 0.4))
    assert 0.93 <= _covered_fraction(trials) <= 0.97


@pytest.mark.parametrize("paired", [True, False])
def test_p_values_are_uniform_under_the_null(paired):
    rng = random.Random(14)
    p_values = []
    for _ in range(REPLICATIONS):
        a, b = _paired_clusters(rng, 0.0) if paired else (_normal_clusters(rng, 2.0, 15),
                                                          _normal_clusters(rng, 2.0, 25, 2.0))
        p_values.append(difference(a, b, paired=paired).p_value)
    assert 0.03 <= sum(1 for p in p_values if p < 0.05) / REPLICATIONS <= 0.07
    assert 0.07 <= sum(1 for p in p_values if p < 0.1) / REPLICATIONS <= 0.13
    assert 0.45 <= sum(1 for p in p_values if p < 0.5) / REPLICATIONS <= 0.55


def test_paired_test_finds_a_difference_the_welch_test_misses():
    # The match effect dominates: pairing removes it and detects a small shift.
    rng = random.Random(15)
    a, b = _paired_clusters(rng, 0.5)
    assert difference(a, b, paired=True).p_value < 0.001
    assert difference(a, b, paired=False).p_value > 0.05
