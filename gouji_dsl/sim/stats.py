"""Statistics for simulation reports: estimates with confidence intervals over clustered games.

Games are grouped in matches (clusters) whose games are correlated, so every figure is a
ratio of cluster totals, R = sum(y) / sum(x), with a linearized (delta-method) standard
error from the per-cluster residuals y_i - R x_i and a Student t interval on clusters - 1
degrees of freedom. Proportions use a Wilson interval on the Kish effective sample size.
Two variants are compared by `difference`, paired when they were played on the same seeds.

Standard library only. Everything is deterministic and order-stable: sums go through
`math.fsum` in input order, so the same inputs give bit-identical floats.
"""
from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from statistics import NormalDist
from typing import Sequence

# Beyond this many degrees of freedom t is a corrected normal (relative error ~1e-12).
NORMAL_DF = 1e6
_STANDARD_NORMAL = NormalDist()
_BETA_EPSILON = 1e-15
_BETA_MAX_ITERATIONS = 20000
_TINY = 1e-300
# At most this many distinct values are counted one by one; more are binned.
MAX_DISTINCT_VALUES = 40
DEFAULT_BINS = 30


# ---------------------------------------------------------------------------------------
# Student's t

def _beta_continued_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    c = 1.0
    d = 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, _BETA_MAX_ITERATIONS + 1):
        m2 = 2 * m
        for numerator in (m * (b - m) * x / ((a + m2 - 1.0) * (a + m2)),
                          -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + numerator / c
            c = c if abs(c) > _TINY else _TINY
            delta = c * d
            h *= delta
        if abs(delta - 1.0) < _BETA_EPSILON:
            return h
    raise ArithmeticError(f"incomplete beta did not converge (a={a}, b={b}, x={x})")


def _regularized_beta(a: float, b: float, x: float, one_minus_x: float) -> float:
    """I_x(a, b); x and 1 - x come separately so neither loses digits near 0 or 1."""
    if x <= 0.0:
        return 0.0
    if one_minus_x <= 0.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log(one_minus_x))
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_continued_fraction(a, b, x) / a
    return 1.0 - front * _beta_continued_fraction(b, a, one_minus_x) / b


def _t_upper_tail(t: float, df: float) -> float:
    """P(T > t) for t >= 0."""
    if math.isinf(t):
        return 0.0
    if df > NORMAL_DF:
        # A normal deviate corrected to O(1/df^2) (Abramowitz & Stegun 26.7.8 style).
        z = t * (1.0 - 1.0 / (4.0 * df)) / math.sqrt(1.0 + t * t / (2.0 * df))
        return 0.5 * math.erfc(z / math.sqrt(2.0))
    t_squared = t * t
    x = df / (df + t_squared)
    one_minus_x = t_squared / (df + t_squared)
    return 0.5 * _regularized_beta(df / 2.0, 0.5, x, one_minus_x)


def _t_density(t: float, df: float) -> float:
    log_norm = math.lgamma((df + 1.0) / 2.0) - math.lgamma(df / 2.0) - 0.5 * math.log(df * math.pi)
    return math.exp(log_norm - (df + 1.0) / 2.0 * math.log1p(t * t / df))


def _check_df(df: float) -> None:
    if not df > 0.0:
        raise ValueError(f"degrees of freedom must be positive, got {df}")


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with df degrees of freedom (df may be fractional)."""
    _check_df(df)
    if math.isnan(t):
        raise ValueError("t is NaN")
    return min(1.0, 2.0 * _t_upper_tail(abs(t), df))


@lru_cache(maxsize=1024)
def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t: a safeguarded Newton search on the upper tail."""
    _check_df(df)
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p}")
    if df > NORMAL_DF:
        # Cornish-Fisher: the normal quantile plus its first 1/df correction.
        z = _STANDARD_NORMAL.inv_cdf(p)
        return z + (z ** 3 + z) / (4.0 * df)
    if p == 0.5:
        return 0.0
    upper = 1.0 - p if p > 0.5 else p      # solve P(T > t) = upper for t > 0
    magnitude = _positive_t_with_upper_tail(upper, df)
    return magnitude if p > 0.5 else -magnitude


def _positive_t_with_upper_tail(upper: float, df: float) -> float:
    low, high = 0.0, max(1.0, _STANDARD_NORMAL.inv_cdf(1.0 - upper))
    while _t_upper_tail(high, df) > upper:   # the t tail is heavier than the normal's
        low, high = high, high * 2.0
    t = 0.5 * (low + high)
    for _ in range(200):
        excess = _t_upper_tail(t, df) - upper   # decreasing in t
        if excess > 0.0:
            low = t
        elif excess < 0.0:
            high = t
        else:
            return t
        step = excess / _t_density(t, df)
        newton = t + step
        t_next = newton if low < newton < high else 0.5 * (low + high)
        if abs(t_next - t) <= 1e-15 * max(1.0, t) or high - low <= 1e-15 * max(1.0, high):
            return t_next
        t = t_next
    return t


# ---------------------------------------------------------------------------------------
# Wilson interval

def _normal_critical(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence}")
    return _STANDARD_NORMAL.inv_cdf(0.5 + confidence / 2.0)


def wilson(successes: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for successes out of n (n may be an effective, fractional n)."""
    if not n > 0.0:
        raise ValueError(f"n must be positive, got {n}")
    if not 0.0 <= successes <= n:
        raise ValueError(f"successes must lie in [0, n], got {successes} of {n}")
    z = _normal_critical(confidence)
    p = successes / n
    z2_over_n = z * z / n
    denominator = 1.0 + z2_over_n
    center = (p + z2_over_n / 2.0) / denominator
    half = z / denominator * math.sqrt(p * (1.0 - p) / n + z2_over_n / (4.0 * n))
    # At 0 or n successes one end is exactly 0 or 1; arithmetic would leave a crumb.
    low = 0.0 if successes == 0 else max(0.0, center - half)
    high = 1.0 if successes == n else min(1.0, center + half)
    return low, high


# ---------------------------------------------------------------------------------------
# Ratio estimator over clusters

@dataclass(frozen=True)
class Estimate:
    estimate: float | None
    low: float | None
    high: float | None
    se: float | None
    games: int
    clusters: int


@dataclass(frozen=True)
class _Linearized:
    """A ratio R = sum(y)/sum(x) and its per-cluster influence values (y_i - R x_i) / xbar."""
    ratio: float
    influence: list[float]

    @property
    def clusters(self) -> int:
        return len(self.influence)

    def standard_error(self) -> float | None:
        return _standard_error_of_mean(self.influence)


def _floats(values) -> list[float]:
    return [float(v) for v in values]


def _linearize(ys, xs) -> _Linearized | None:
    """None when the ratio is undefined (no clusters or a zero denominator)."""
    ys, xs = _floats(ys), _floats(xs)
    if len(ys) != len(xs):
        raise ValueError(f"{len(ys)} numerators but {len(xs)} denominators")
    x_total = math.fsum(xs)
    if not xs or x_total == 0.0:
        return None
    ratio = math.fsum(ys) / x_total
    x_mean = x_total / len(xs)
    influence = [(y - ratio * x) / x_mean for y, x in zip(ys, xs)]
    return _Linearized(ratio, influence)


def _standard_error_of_mean(values: Sequence[float]) -> float | None:
    """sd(values) / sqrt(n), the sd taken about the mean; None for fewer than two values."""
    n = len(values)
    if n < 2:
        return None
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)


def _whole_total(xs) -> int:
    total = math.fsum(float(x) for x in xs)
    if not all(float(x).is_integer() for x in xs):
        raise ValueError("the denominators are not game counts: give games= explicitly")
    return int(total)


def ratio(ys, xs, confidence: float = 0.95, *, games: int | None = None) -> Estimate:
    """R = sum(y)/sum(x) over independent clusters, with a t interval on clusters - 1 df.

    games defaults to sum(xs) when the xs are whole numbers (game counts)."""
    _normal_critical(confidence)
    games = _whole_total(xs) if games is None else games
    linear = _linearize(ys, xs)
    clusters = len(xs)
    if linear is None:
        return Estimate(None, None, None, None, games, clusters)
    se = linear.standard_error()
    if se is None:
        return Estimate(linear.ratio, None, None, None, games, clusters)
    half = t_quantile(0.5 + confidence / 2.0, clusters - 1) * se
    return Estimate(linear.ratio, linear.ratio - half, linear.ratio + half, se, games, clusters)


def proportion(successes, games, confidence: float = 0.95) -> Estimate:
    """Sum of successes over sum of games, Wilson interval on the Kish effective n.

    The design effect is the cluster-robust variance over the binomial one, times (t/z)^2 for
    the clusters - 1 df. When it is below 1 (clustering lowers the variance) n is kept, not
    inflated; at an estimate of 0 or 1 the design effect is 1."""
    _normal_critical(confidence)
    game_total = _whole_total(games)
    linear = _linearize(successes, games)
    clusters = len(games)
    if linear is None:
        return Estimate(None, None, None, None, game_total, clusters)
    p = linear.ratio
    se = linear.standard_error()
    if se is None:
        return Estimate(p, None, None, None, game_total, clusters)
    n = math.fsum(_floats(games))
    binomial_variance = p * (1.0 - p) / n
    design_effect = 1.0
    if binomial_variance > 0.0:
        # Korn & Graubard's degrees-of-freedom factor (t/z)^2: Wilson uses z, but the
        # variance rests on only clusters - 1 df; without it few clusters under-cover.
        df_factor = (t_quantile(0.5 + confidence / 2.0, clusters - 1) / _normal_critical(confidence)) ** 2
        design_effect = max(1.0, se * se / binomial_variance * df_factor)
    effective_n = n / design_effect
    low, high = wilson(min(effective_n, max(0.0, p * effective_n)), effective_n, confidence)
    return Estimate(p, low, high, se, game_total, clusters)


# ---------------------------------------------------------------------------------------
# Differences between two variants

@dataclass(frozen=True)
class Difference:
    a: float | None
    b: float | None
    difference: float | None
    low: float | None
    high: float | None
    p_value: float | None
    paired: bool


def difference(a: tuple, b: tuple, paired: bool, confidence: float = 0.95) -> Difference:
    """R_a - R_b for a = (ys, xs) and b = (ys, xs).

    Paired: cluster i of a goes with cluster i of b; the interval and p come from the
    per-cluster differences of the linearized values (t, n - 1 df). Unpaired: Welch."""
    _normal_critical(confidence)
    linear_a, linear_b = _linearize(*a), _linearize(*b)
    if paired and len(a[1]) != len(b[1]):
        raise ValueError(f"paired samples need equal clusters: {len(a[1])} and {len(b[1])}")
    ratio_a = linear_a.ratio if linear_a else None
    ratio_b = linear_b.ratio if linear_b else None
    if linear_a is None or linear_b is None:
        return Difference(ratio_a, ratio_b, None, None, None, None, paired)
    delta = ratio_a - ratio_b
    se_and_df = _paired_se(linear_a, linear_b) if paired else _welch_se(linear_a, linear_b)
    if se_and_df is None:
        return Difference(ratio_a, ratio_b, delta, None, None, None, paired)
    se, df = se_and_df
    low, high, p_value = _t_test(delta, se, df, confidence)
    return Difference(ratio_a, ratio_b, delta, low, high, p_value, paired)


def _paired_se(linear_a: _Linearized, linear_b: _Linearized) -> tuple[float, float] | None:
    differences = [da - db for da, db in zip(linear_a.influence, linear_b.influence)]
    se = _standard_error_of_mean(differences)
    return None if se is None else (se, len(differences) - 1)


def _welch_se(linear_a: _Linearized, linear_b: _Linearized) -> tuple[float, float | None] | None:
    se_a, se_b = linear_a.standard_error(), linear_b.standard_error()
    if se_a is None or se_b is None:
        return None
    variance_a, variance_b = se_a * se_a, se_b * se_b
    variance = variance_a + variance_b
    if variance == 0.0:
        return 0.0, None
    df = variance * variance / (variance_a * variance_a / (linear_a.clusters - 1)
                                + variance_b * variance_b / (linear_b.clusters - 1))
    return math.sqrt(variance), df


def _t_test(delta: float, se: float, df: float | None, confidence: float) -> tuple[float, float, float]:
    """(low, high, two-sided p) of delta with standard error se on df degrees of freedom."""
    if se == 0.0:
        return delta, delta, (1.0 if delta == 0.0 else 0.0)
    half = t_quantile(0.5 + confidence / 2.0, df) * se
    return delta - half, delta + half, t_two_sided_p(delta / se, df)


def holm(p_values: list[float | None]) -> list[float | None]:
    """Holm–Bonferroni adjusted p-values; None stays None and does not count in m."""
    present = sorted((p, index) for index, p in enumerate(p_values) if p is not None)
    m = len(present)
    adjusted: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, index) in enumerate(present):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[index] = running
    return adjusted


# ---------------------------------------------------------------------------------------
# Histograms

def _plain_number(value) -> int | float:
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    if isinstance(value, int):
        return int(value)    # bool and int subclasses become plain ints for JSON
    return float(value)


def _check_finite(values) -> None:
    for value in values:
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"histogram of a non-finite value: {value}")


def histogram(values, bins: int | None = None) -> dict:
    """Counts of each distinct value when there are at most 40 of them, else counts in
    at most `bins` (default 30) equal-width bins whose edges are round numbers."""
    ordered = sorted(values)           # exact comparisons across int, float and Fraction
    _check_finite(ordered)
    distinct, counts = _run_lengths(ordered)
    if len(distinct) <= MAX_DISTINCT_VALUES:
        return {"values": [_plain_number(v) for v in distinct], "counts": counts}
    return _binned(ordered, bins or DEFAULT_BINS)


def _run_lengths(ordered: list) -> tuple[list, list[int]]:
    distinct: list = []
    counts: list[int] = []
    for value in ordered:
        if distinct and value == distinct[-1]:
            counts[-1] += 1
        else:
            distinct.append(value)
            counts.append(1)
    return distinct, counts


def _nice_widths(raw_width: Fraction):
    """Round widths 1, 2, 2.5, 5 x 10^k, from the first one not below raw_width upward."""
    exponent = math.floor(math.log10(float(raw_width))) - 1
    while True:
        scale = Fraction(10) ** exponent
        for mantissa in (Fraction(1), Fraction(2), Fraction(5, 2), Fraction(5)):
            width = mantissa * scale
            if width >= raw_width:
                yield width
        exponent += 1


def _binned(ordered: list, bins: int) -> dict:
    if bins < 1:
        raise ValueError(f"bins must be at least 1, got {bins}")
    lowest, highest = Fraction(ordered[0]), Fraction(ordered[-1])
    for width in _nice_widths((highest - lowest) / bins):
        start = math.floor(lowest / width) * width
        count = max(1, math.ceil((highest - start) / width))
        if count <= bins:
            break
    edges = [_plain_number(start + i * width) for i in range(count + 1)]
    # Bins are [edge_i, edge_i+1) on the edges as printed, the last one closed on the right.
    float_edges = [float(edge) for edge in edges]
    last = count - 1
    counts = [0] * count
    for value in ordered:
        counts[min(last, bisect.bisect_right(float_edges, float(value)) - 1)] += 1
    return {"edges": edges, "counts": counts}
