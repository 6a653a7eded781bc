"""Statistics for simulation reports: estimates with confidence intervals over clustered games.

Games are grouped in matches (clusters) whose games are correlated, so every figure is a
ratio of cluster totals, R = sum(y) / sum(x), with a linearized (delta-method) standard
error from the per-cluster residuals y_i - R x_i. Each kind of figure gets an interval that
keeps to its range:
- a proportion (y of x games) or a share (y <= x, x not games): Wilson on the Kish effective
  n (`proportion`, `share`);
- a count per game: Garwood's exact Poisson interval on the effective count (`count`);
- a mean: Student's t on clusters - 1 degrees of freedom (`ratio`).
The effective n is n over a design effect, the cluster-robust variance over the model's
(binomial, Poisson) times Korn & Graubard's (t/z)^2, never below 1.

Two variants are compared by `difference`, paired when they were played on the same seeds:
MOVER (Zou & Donner) from the two sides' own intervals for proportions, shares and counts,
paired t or Welch for means. Its p-value inverts its interval, so "the interval excludes 0"
and "p < alpha" are one statement. `holm_intervals` gives each of several figures the
interval at the level Holm tests it at; `games_needed` and `clusters_for_half_width` plan.

Standard library only. Everything is deterministic and order-stable: sums go through
`math.fsum` in input order, so the same inputs give bit-identical floats.
"""
from __future__ import annotations

import bisect
import math
import struct
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from statistics import NormalDist
from typing import Callable, Sequence

# Beyond this many degrees of freedom t is a corrected normal (relative error ~1e-12).
NORMAL_DF = 1e6
_STANDARD_NORMAL = NormalDist()
_BETA_EPSILON = 1e-15
_BETA_MAX_ITERATIONS = 20000
_TINY = 1e-300
_GAMMA_EPSILON = 1e-16
_GAMMA_MAX_ITERATIONS = 100000
_ROOT_MAX_ITERATIONS = 400
_LOG_MAX = math.log(1e300)        # the exp of a log stays a finite float
_LOG_MIN = math.log(1e-300)
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
    if math.isinf(t_squared):                 # beyond 1e154: x = df / t^2 by itself
        x, one_minus_x = (math.sqrt(df) / t) ** 2, 1.0
    else:
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
    """t > 0 with P(T > t) = upper: Newton on log P(T > t) against log t, nearly linear in
    both the far tail (a power of t) and near 0, from a start that is exact for 1 and 2 df
    and Cornish–Fisher's otherwise, so a few tail evaluations do."""
    target = math.log(upper)

    def gap(v: float) -> tuple[float, float]:
        t = math.exp(v)
        tail = _t_upper_tail(t, df)
        if not tail > 0.0:
            return math.inf, math.nan
        return target - math.log(tail), t * _t_density(t, df) / tail

    return math.exp(_increasing_root(gap, math.log(_t_start(upper, df))))


def _t_start(upper: float, df: float) -> float:
    """A first t for the upper tail: exact for 1 and 2 df, else the normal deviate with
    Cornish–Fisher's corrections to 1/df^4 (Abramowitz & Stegun 26.7.5)."""
    if df == 1.0:
        return 1.0 / math.tan(math.pi * upper)
    if df == 2.0:
        return (1.0 - 2.0 * upper) / math.sqrt(2.0 * upper * (1.0 - upper))
    z = -_STANDARD_NORMAL.inv_cdf(upper)
    z2 = z * z
    series = (1.0 + (z2 + 1.0) / (4.0 * df) + ((5.0 * z2 + 16.0) * z2 + 3.0) / (96.0 * df ** 2)
              + (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) / (384.0 * df ** 3)
              + ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) / (92160.0 * df ** 4))
    return z * series if series > 0.0 else z


def _increasing_root(gap: Callable[[float], tuple[float, float]], u: float) -> float:
    """The root of an increasing function, gap(u) -> (value, slope), from a start u.

    Newton's steps, kept inside the bracket seen so far by bisection; while one side is
    still open, at most `step` (doubling) outward. The quantiles solve for u = log x, so a
    root below _LOG_MIN is -inf (x underflows to 0) and one above _LOG_MAX an error."""
    value, slope = gap(u)
    low, high, step = -math.inf, math.inf, 1.0      # u's known to lie below / above the root
    for _ in range(_ROOT_MAX_ITERATIONS):
        if value == 0.0:
            return u
        if value < 0.0:
            low = u
        else:
            high = u
        newton = u - value / slope if 0.0 < slope < math.inf else math.nan
        bracketed = not (math.isinf(low) or math.isinf(high))
        if bracketed:
            u_next = newton if low < newton < high else 0.5 * (low + high)
        else:
            outward = u + step if math.isinf(high) else u - step
            u_next = newton if min(u, outward) <= newton <= max(u, outward) else outward
            step *= 2.0
        if u_next < _LOG_MIN:
            return -math.inf
        if u_next > _LOG_MAX:
            raise ArithmeticError("a quantile beyond the range of floats")
        if abs(u_next - u) <= 1e-15 * max(1.0, abs(u)) or (bracketed and high - low <= 1e-15 * max(1.0, abs(high))):
            return u_next
        u = u_next
        value, slope = gap(u)
    return u


# ---------------------------------------------------------------------------------------
# Gamma and chi-square (Garwood's Poisson interval)

def _log_one_minus_exp(log_value: float) -> float:
    """log(1 - e^v) for v <= 0, without the cancellation of 1 - e^v near either end."""
    if log_value == 0.0:
        return -math.inf
    if log_value > -math.log(2.0):
        return math.log(-math.expm1(log_value))
    return math.log1p(-math.exp(log_value))


def _log_gamma_series(shape: float, x: float, log_front: float) -> float:
    """log P(shape, x) by the power series, for x < shape + 1 where it converges fast."""
    term = total = 1.0 / shape
    denominator = shape
    for _ in range(_GAMMA_MAX_ITERATIONS):
        denominator += 1.0
        term *= x / denominator
        total += term
        if term < total * _GAMMA_EPSILON:
            return log_front + math.log(total)
    raise ArithmeticError(f"incomplete gamma series did not converge (shape={shape}, x={x})")


def _log_gamma_continued_fraction(shape: float, x: float, log_front: float) -> float:
    """log Q(shape, x) by the continued fraction (modified Lentz), for x >= shape + 1."""
    b = x + 1.0 - shape
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _GAMMA_MAX_ITERATIONS + 1):
        numerator = -i * (i - shape)
        b += 2.0
        d = numerator * d + b
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = b + numerator / c
        c = c if abs(c) > _TINY else _TINY
        delta = c * d
        h *= delta
        if abs(delta - 1.0) < _GAMMA_EPSILON:
            return log_front + math.log(h)
    raise ArithmeticError(f"incomplete gamma fraction did not converge (shape={shape}, x={x})")


def _log_gamma_tails(shape: float, x: float) -> tuple[float, float]:
    """(log P, log Q) of the regularized incomplete gamma function at x > 0.

    Each side computes the tail that is small there (P below shape + 1, Q above) and the
    other one from it, so a far tail keeps its digits; logs, so neither underflows."""
    log_front = shape * math.log(x) - x - math.lgamma(shape)
    if x < shape + 1.0:
        log_p = _log_gamma_series(shape, x, log_front)
        return log_p, _log_one_minus_exp(min(0.0, log_p))
    log_q = _log_gamma_continued_fraction(shape, x, log_front)
    return _log_one_minus_exp(min(0.0, log_q)), log_q


def _gamma_quantile(shape: float, tail: float, upper: bool) -> float:
    """x with P(shape, x) = tail, or Q(shape, x) = tail when upper: the far tail is given
    itself, not as 1 - tail, so a 1 - 1e-12 quantile is as exact as a 1e-12 one.

    A safeguarded Newton search on u = log x of the log of the tail: nearly linear in u in
    both tails (P ~ x^shape, Q ~ e^-x), so Newton converges in a few steps; bisection keeps
    it inside a bracket. A lower quantile below 1e-300 is 0."""
    target = math.log(tail)
    log_gamma_shape = math.lgamma(shape)

    def gap(u: float) -> tuple[float, float]:
        """The signed distance to the target, increasing in u, and its slope."""
        x = math.exp(u)
        log_p, log_q = _log_gamma_tails(shape, x)
        log_x_density = shape * u - x - log_gamma_shape
        log_tail = log_q if upper else log_p
        slope = math.exp(min(_LOG_MAX, log_x_density - log_tail)) if log_tail > -math.inf else math.inf
        return (target - log_q, slope) if upper else (log_p - target, slope)

    return math.exp(_increasing_root(gap, math.log(_gamma_start(shape, tail, upper))))


def _gamma_start(shape: float, tail: float, upper: bool) -> float:
    """A first guess: Wilson–Hilferty's cube of a normal deviate, or for a lower tail below
    it the small-x limit P(shape, x) ~ x^shape / Gamma(shape + 1)."""
    z = -_STANDARD_NORMAL.inv_cdf(tail) if upper else _STANDARD_NORMAL.inv_cdf(tail)
    cube = 1.0 - 1.0 / (9.0 * shape) + z / (3.0 * math.sqrt(shape))
    if cube > 0.1:
        return shape * cube ** 3
    if not upper:
        return math.exp(max(_LOG_MIN + 1.0, (math.log(tail) + math.lgamma(shape + 1.0)) / shape))
    return max(shape, 1.0)


def _check_probability(p: float) -> None:
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p}")


def gamma_quantile(p: float, shape: float) -> float:
    """The p-quantile of the gamma distribution of this shape (scale 1)."""
    if not shape > 0.0:
        raise ValueError(f"the shape must be positive, got {shape}")
    _check_probability(p)
    return _gamma_quantile(shape, p, upper=False) if p <= 0.5 else _gamma_quantile(shape, 1.0 - p, upper=True)


def chi2_quantile(p: float, df: float) -> float:
    """The p-quantile of chi-square with df degrees of freedom: twice a gamma of shape df/2."""
    _check_df(df)
    return 2.0 * gamma_quantile(p, df / 2.0)


# ---------------------------------------------------------------------------------------
# Critical values at a two-sided level alpha

def _alpha(confidence: float) -> float:
    """1 - confidence, after checking it. Everything inside works on alpha, so that a tail
    as small as 1e-100 keeps its digits (as a confidence it would round to 1)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, got {confidence}")
    return 1.0 - confidence


def _z(alpha: float) -> float:
    return -_STANDARD_NORMAL.inv_cdf(alpha / 2.0)


def _t(alpha: float, df: float) -> float:
    return -t_quantile(alpha / 2.0, df)


def _df_factor(alpha: float, df: float) -> float:
    """Korn & Graubard's (t/z)^2: a variance resting on df degrees of freedom widens an
    interval built on z as t would. Near confidence 0 both are ~0, and the ratio is taken
    at its limit, the ratio of the two densities at 0."""
    z = _z(alpha)
    if z < 1e-8:
        return (1.0 / math.sqrt(2.0 * math.pi) / _t_density(0.0, df)) ** 2 if df <= NORMAL_DF else 1.0
    return (_t(alpha, df) / z) ** 2


# ---------------------------------------------------------------------------------------
# Wilson and Garwood intervals

def wilson(successes: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for successes out of n (n may be an effective, fractional n)."""
    if not n > 0.0:
        raise ValueError(f"n must be positive, got {n}")
    if not 0.0 <= successes <= n:
        raise ValueError(f"successes must lie in [0, n], got {successes} of {n}")
    return _wilson(successes, n, _z(_alpha(confidence)))


def _wilson(successes: float, n: float, z: float) -> tuple[float, float]:
    p = successes / n
    z2_over_n = z * z / n
    denominator = 1.0 + z2_over_n
    center = (p + z2_over_n / 2.0) / denominator
    half = z / denominator * math.sqrt(p * (1.0 - p) / n + z2_over_n / (4.0 * n))
    # At 0 or n successes one end is exactly 0 or 1; arithmetic would leave a crumb.
    low = 0.0 if successes == 0 else max(0.0, center - half)
    high = 1.0 if successes == n else min(1.0, center + half)
    return low, high


def garwood(count: float, confidence: float = 0.95) -> tuple[float, float]:
    """Garwood's exact interval for the mean of a Poisson count (count may be an effective,
    fractional count): the alpha/2 quantile of Gamma(count) and the 1 - alpha/2 quantile of
    Gamma(count + 1), i.e. chi-square on 2k and 2k + 2 df, halved. At 0 events it is
    [0, -log(alpha/2)] (3.69 at 95%; the one-sided "rule of three" is its 90% cousin)."""
    if not count >= 0.0 or math.isinf(count):
        raise ValueError(f"a count must be finite and not negative, got {count}")
    return _garwood(count, _alpha(confidence))


def _garwood(count: float, alpha: float) -> tuple[float, float]:
    low = 0.0 if count == 0.0 else _gamma_quantile(count, alpha / 2.0, upper=False)
    high = _gamma_quantile(count + 1.0, alpha / 2.0, upper=True)
    return min(low, count), max(high, count)


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
    x_total: float

    @property
    def clusters(self) -> int:
        return len(self.influence)

    @cached_property
    def se(self) -> float | None:
        """The ratio's standard error: sd(influence) / sqrt(clusters); None for one cluster."""
        return _standard_error_of_mean(self.influence)


def _floats(values) -> list[float]:
    return [float(v) for v in values]


def _linearize(ys, xs) -> _Linearized | None:
    """None when the ratio is undefined (no clusters or a zero denominator)."""
    ys, xs = _floats(ys), _floats(xs)
    if len(ys) != len(xs):
        raise ValueError(f"{len(ys)} numerators but {len(xs)} denominators")
    x_total = math.fsum(xs)
    y_total = math.fsum(ys)
    if not (math.isfinite(x_total) and math.isfinite(y_total)):
        raise ValueError("the values must be finite numbers")
    if not xs or x_total == 0.0:
        return None
    ratio = y_total / x_total
    x_mean = x_total / len(xs)
    influence = [(y - ratio * x) / x_mean for y, x in zip(ys, xs)]
    return _Linearized(ratio, influence, x_total)


def _standard_error_of_mean(values: Sequence[float]) -> float | None:
    """sd(values) / sqrt(n), the sd taken about the mean; None for fewer than two values."""
    n = len(values)
    if n < 2:
        return None
    return _standard_deviation(values) / math.sqrt(n)


def _standard_deviation(values: Sequence[float]) -> float:
    mean = math.fsum(values) / len(values)
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1))


def _whole_total(xs) -> int:
    total = math.fsum(float(x) for x in xs)
    if not all(float(x).is_integer() for x in xs):
        raise ValueError("the denominators are not game counts: give games= explicitly")
    return int(total)


def _check_parts(ys, xs) -> None:
    """A proportion or share counts y of x in each cluster: 0 <= y <= x."""
    for y, x in zip(ys, xs):
        if not 0.0 <= float(y) <= float(x):
            raise ValueError(f"a proportion or share needs 0 <= y <= x in every cluster, got {y} of {x}")


def _check_counts(ys, xs) -> None:
    for y, x in zip(ys, xs):
        if not (float(y) >= 0.0 and float(x) >= 0.0):
            raise ValueError(f"a count needs counts and games not negative, got {y} in {x}")


def ratio(ys, xs, confidence: float = 0.95, *, games: int | None = None) -> Estimate:
    """R = sum(y)/sum(x) over independent clusters, with a t interval on clusters - 1 df.

    games defaults to sum(xs) when the xs are whole numbers (game counts). With no spread
    between clusters (se 0) there is no interval: zero variance in a sample is not certainty."""
    alpha = _alpha(confidence)
    games = _whole_total(xs) if games is None else games
    linear = _linearize(ys, xs)
    clusters = len(xs)
    if linear is None:
        return Estimate(None, None, None, None, games, clusters)
    se = linear.se
    if not se:
        return Estimate(linear.ratio, None, None, se, games, clusters)
    half = _t(alpha, clusters - 1) * se
    return Estimate(linear.ratio, linear.ratio - half, linear.ratio + half, se, games, clusters)


def proportion(successes, games, confidence: float = 0.95) -> Estimate:
    """Sum of successes over sum of games, Wilson interval on the Kish effective n.

    The design effect is the cluster-robust variance over the binomial one, times (t/z)^2 for
    the clusters - 1 df. When it is below 1 (clustering lowers the variance) n is kept, not
    inflated; at an estimate of 0 or 1 the design effect is 1."""
    alpha = _alpha(confidence)
    game_total = _whole_total(games)
    _check_parts(successes, games)
    return _bounded(_linearize(successes, games), len(games), game_total, _wilson_side, alpha)


def share(ys, xs, confidence: float = 0.95, *, games: int | None = None) -> Estimate:
    """sum(y)/sum(x) for a y <= x that is not a count of games (burns that succeed of burns
    tried, teams that opened of seats): as `proportion`, Wilson on the effective n =
    sum(x) / design effect, so the interval stays within [0, 1] without clipping.

    games (for the report) defaults to sum(xs) when the xs are whole numbers."""
    alpha = _alpha(confidence)
    games = _whole_total(xs) if games is None else games
    _check_parts(ys, xs)
    return _bounded(_linearize(ys, xs), len(xs), games, _wilson_side, alpha)


def count(ys, games, confidence: float = 0.95) -> Estimate:
    """Events per game, sum(y)/sum(games), with Garwood's exact Poisson interval on the
    effective count: the design effect is the cluster-robust variance of the rate over the
    Poisson one (rate / games), times (t/z)^2 for the clusters - 1 df, never below 1; the
    count and the games are divided by it. The interval never goes below 0, and at 0 events
    it is [0, upper] with upper > 0."""
    alpha = _alpha(confidence)
    game_total = _whole_total(games)
    _check_counts(ys, games)
    return _bounded(_linearize(ys, games), len(games), game_total, _garwood_side, alpha)


Side = Callable[[_Linearized, float], "tuple[float, float] | None"]


def _bounded(linear: _Linearized | None, clusters: int, games: int, side: Side, alpha: float) -> Estimate:
    if linear is None:
        return Estimate(None, None, None, None, games, clusters)
    bounds = side(linear, alpha)
    if bounds is None:
        return Estimate(linear.ratio, None, None, linear.se, games, clusters)
    return Estimate(linear.ratio, bounds[0], bounds[1], linear.se, games, clusters)


def _design_effect(linear: _Linearized, model_variance: float, alpha: float) -> float:
    """The cluster-robust variance over the model's (binomial, Poisson), times Korn &
    Graubard's (t/z)^2 for the clusters - 1 df; never below 1, so clustering that lowers
    the variance does not inflate n; 1 when the model variance is 0 (an estimate at the
    edge of its range: the model's own interval is the honest one)."""
    se = linear.se or 0.0
    if not model_variance > 0.0:
        return 1.0
    return max(1.0, se * se / model_variance * _df_factor(alpha, linear.clusters - 1))


def _wilson_side(linear: _Linearized, alpha: float) -> tuple[float, float] | None:
    """Wilson on the Kish effective n; None with one cluster (no variance to scale by)."""
    if linear.se is None:
        return None
    p, n = linear.ratio, linear.x_total
    effective_n = n / _design_effect(linear, p * (1.0 - p) / n, alpha)
    low, high = _wilson(min(effective_n, max(0.0, p * effective_n)), effective_n, _z(alpha))
    return min(low, p), max(high, p)


def _garwood_side(linear: _Linearized, alpha: float) -> tuple[float, float] | None:
    """Garwood on the effective count, as a rate; None with one cluster."""
    if linear.se is None:
        return None
    rate, n = linear.ratio, linear.x_total
    effective_n = n / _design_effect(linear, rate / n, alpha)
    low, high = _garwood(rate * effective_n, alpha)
    return min(low / effective_n, rate), max(high / effective_n, rate)


# ---------------------------------------------------------------------------------------
# Differences between two variants

KINDS = ("proportion", "share", "count", "mean")
_SIDES: dict[str, Side] = {"proportion": _wilson_side, "share": _wilson_side, "count": _garwood_side}
# The smallest alpha the p-value search looks at; a p-value below it is given as it.
ALPHA_FLOOR = 1e-100


@dataclass(frozen=True)
class Difference:
    a: float | None
    b: float | None
    difference: float | None
    low: float | None
    high: float | None
    p_value: float | None
    paired: bool


@dataclass(frozen=True)
class _Comparison:
    """R_a - R_b of one kind, and its interval at any level."""
    a: _Linearized
    b: _Linearized
    paired: bool
    kind: str

    @property
    def difference(self) -> float:
        return self.a.ratio - self.b.ratio

    @cached_property
    def pairing(self) -> float:
        """How much pairing narrows the difference: f with f^2 = var(D) / (var(A) + var(B))
        = 1 - 2 rho s_a s_b / (s_a^2 + s_b^2), of the per-cluster influence values A, B and
        their differences D = A - B (rho their correlation). 1 unpaired, or when it is
        undefined (no spread in either side) or 0 (the paired differences have no spread:
        a sample's accident, not certainty; the sides count as unpaired then)."""
        return _pairing_factor(self.a.influence, self.b.influence) if self.paired else 1.0

    @cached_property
    def t_scale(self) -> tuple[float, float] | None:
        """(se, df) of a mean difference: paired t, or Welch; None without a variance."""
        se_and_df = _paired_se(self.a, self.b) if self.paired else _welch_se(self.a, self.b)
        return se_and_df if se_and_df is not None and se_and_df[0] > 0.0 else None

    def p_value(self) -> float:
        """Its interval's inversion (`_p_by_inversion`); for a mean that is the t-test's p,
        taken in closed form (P(|T| >= |d| / se) < alpha exactly when d -+ t se excludes 0)."""
        if self.kind == "mean" and self.t_scale is not None:
            se, df = self.t_scale
            return max(ALPHA_FLOOR, t_two_sided_p(self.difference / se, df))
        return _p_by_inversion(self.interval)

    def interval(self, alpha: float) -> tuple[float, float] | None:
        if self.kind == "mean":
            return self._t_interval(alpha)
        return self._mover(alpha)

    def _t_interval(self, alpha: float) -> tuple[float, float] | None:
        if self.t_scale is None:
            return None
        se, df = self.t_scale
        half = _t(alpha, df) * se
        return self.difference - half, self.difference + half

    def _mover(self, alpha: float) -> tuple[float, float] | None:
        """MOVER (Zou & Donner 2008): the difference's interval from each side's own, its
        variance recovered from each side's distance to its bound at this level:
        L = d - f sqrt((theta_a - l_a)^2 + (u_b - theta_b)^2), U likewise with the other
        arms; unpaired (f = 1) and with two Wilson sides this is Newcombe's hybrid score
        interval. Pairing enters as the factor f (`pairing`), not as Zou's cross term
        -2 rho (theta_a - l_a)(u_b - theta_b): the two agree when each side's arms are in
        proportion to its standard error, but the cross term can shrink the interval as
        the level rises (with 2 clusters rho is +-1), and an interval that does not grow
        with the level has no p-value to match. With f every interval holds the ones of
        lower levels. Clipped to [-1, 1] for proportions and shares."""
        side = _SIDES[self.kind]
        bounds_a, bounds_b = side(self.a, alpha), side(self.b, alpha)
        if bounds_a is None or bounds_b is None:
            return None
        (low_a, high_a), (low_b, high_b) = bounds_a, bounds_b
        theta_a, theta_b = self.a.ratio, self.b.ratio
        below = self.pairing * math.hypot(theta_a - low_a, high_b - theta_b)
        above = self.pairing * math.hypot(high_a - theta_a, theta_b - low_b)
        low, high = self.difference - below, self.difference + above
        if self.kind != "count":
            low, high = max(-1.0, low), min(1.0, high)
        return low, high


def _pairing_factor(xs: Sequence[float], ys: Sequence[float]) -> float:
    """sqrt(var(x - y) / (var(x) + var(y))), the differences' spread taken from the
    differences themselves (not var x + var y - 2 cov, which cancels digits); 1 when
    either is 0."""
    n = len(xs)
    if n < 2:
        return 1.0
    mean_x, mean_y = math.fsum(xs) / n, math.fsum(ys) / n
    differences = [x - y for x, y in zip(xs, ys)]
    mean_d = math.fsum(differences) / n
    unpaired = math.fsum((x - mean_x) ** 2 for x in xs) + math.fsum((y - mean_y) ** 2 for y in ys)
    paired = math.fsum((d - mean_d) ** 2 for d in differences)
    if unpaired == 0.0 or paired == 0.0:
        return 1.0
    return math.sqrt(paired / unpaired)


def _comparison(a: tuple, b: tuple, paired: bool, kind: str) -> tuple[float | None, float | None, _Comparison | None]:
    """(R_a, R_b, the comparison), the comparison None when either ratio is undefined."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if paired and len(a[1]) != len(b[1]):
        raise ValueError(f"paired samples need equal clusters: {len(a[1])} and {len(b[1])}")
    for ys, xs in (a, b):
        if kind in ("proportion", "share"):
            _check_parts(ys, xs)
        elif kind == "count":
            _check_counts(ys, xs)
    linear_a, linear_b = _linearize(*a), _linearize(*b)
    ratio_a = linear_a.ratio if linear_a else None
    ratio_b = linear_b.ratio if linear_b else None
    if linear_a is None or linear_b is None:
        return ratio_a, ratio_b, None
    return ratio_a, ratio_b, _Comparison(linear_a, linear_b, paired, kind)


def difference(a: tuple, b: tuple, paired: bool, confidence: float = 0.95, kind: str = "mean") -> Difference:
    """R_a - R_b for a = (ys, xs) and b = (ys, xs), of a kind in KINDS.

    Paired: cluster i of a goes with cluster i of b. A mean: t on the per-cluster
    differences of the linearized values (n - 1 df), or Welch unpaired; with no variance,
    no interval and no p. A proportion, share or count: MOVER from each side's own interval
    (Wilson, Wilson, Garwood), narrowed by what pairing removes (`_Comparison.pairing`), so
    it stays in the kind's range and has width even when a side has none. The p-value
    inverts the interval (`_p_by_inversion`): the interval at `confidence` excludes 0
    exactly when p < 1 - confidence; None with the interval."""
    alpha = _alpha(confidence)
    ratio_a, ratio_b, comparison = _comparison(a, b, paired, kind)
    if comparison is None:
        return Difference(ratio_a, ratio_b, None, None, None, None, paired)
    bounds = comparison.interval(alpha)
    if bounds is None:
        return Difference(ratio_a, ratio_b, comparison.difference, None, None, None, paired)
    p_value = comparison.p_value()
    return Difference(ratio_a, ratio_b, comparison.difference, bounds[0], bounds[1], p_value, paired)


def difference_interval_at(a: tuple, b: tuple, paired: bool, confidence: float,
                           kind: str = "mean") -> tuple[float, float] | None:
    """The (low, high) `difference` gives at this confidence, or None where it gives none:
    what `holm_intervals` asks for at the level it tests a figure at."""
    alpha = _alpha(confidence)
    comparison = _comparison(a, b, paired, kind)[2]
    return None if comparison is None else comparison.interval(alpha)


def _paired_se(linear_a: _Linearized, linear_b: _Linearized) -> tuple[float, float] | None:
    differences = [da - db for da, db in zip(linear_a.influence, linear_b.influence)]
    se = _standard_error_of_mean(differences)
    return None if se is None else (se, len(differences) - 1)


def _welch_se(linear_a: _Linearized, linear_b: _Linearized) -> tuple[float, float] | None:
    se_a, se_b = linear_a.se, linear_b.se
    if se_a is None or se_b is None:
        return None
    variance_a, variance_b = se_a * se_a, se_b * se_b
    variance = variance_a + variance_b
    if variance == 0.0:
        return None
    df = variance * variance / (variance_a * variance_a / (linear_a.clusters - 1)
                                + variance_b * variance_b / (linear_b.clusters - 1))
    return math.sqrt(variance), df


def _float_bits(x: float) -> int:
    return struct.unpack("<q", struct.pack("<d", x))[0]


def _bits_float(bits: int) -> float:
    return struct.unpack("<d", struct.pack("<q", bits))[0]


def _p_by_inversion(interval_at: Callable[[float], "tuple[float, float] | None"]) -> float:
    """The p-value of a difference as its interval defines it: the largest alpha at which
    the 1 - alpha interval still contains 0, so that it excludes 0 exactly when p < alpha.

    A search over the floats in [ALPHA_FLOOR, 1) down to two neighbours, one whose interval
    contains 0 and one whose interval does not, so a p of 1e-30 is as exact as one of 0.3.
    Regula falsi (Illinois) on log alpha proposes the points and a bisection of the floats'
    bit patterns takes over whenever a proposal fails to halve the bracket; either way each
    point moves one end of the bracket by its own interval, so the answer is deterministic
    and the same a plain bisection (~61 steps) would give, in ~15 intervals. 1.0 when even
    the interval at the smallest confidence contains 0 (a difference of exactly 0);
    ALPHA_FLOOR when even the one at 1 - ALPHA_FLOOR excludes it."""
    def margin(bits: int) -> float:
        """How far 0 lies outside the interval at this alpha: > 0 exactly when excluded."""
        bounds = interval_at(_bits_float(bits))
        return -math.inf if bounds is None else max(bounds[0], -bounds[1])

    inside, outside = _float_bits(ALPHA_FLOOR), _float_bits(1.0) - 1   # 0 in / not in the interval
    margin_out = margin(outside)
    if not margin_out > 0.0:
        return 1.0
    margin_in = margin(inside)
    if margin_in > 0.0:
        return ALPHA_FLOOR
    bisect_next, last_moved = False, None
    while outside - inside > 1:
        width = outside - inside
        point = (inside + outside) // 2
        if not bisect_next and math.isfinite(margin_in):
            log_in, log_out = math.log(_bits_float(inside)), math.log(_bits_float(outside))
            guess = log_in - margin_in * (log_out - log_in) / (margin_out - margin_in)
            point = min(outside - 1, max(inside + 1, _float_bits(math.exp(guess))))
        value = margin(point)
        if value > 0.0:
            outside, margin_out = point, value
            if last_moved == "outside":
                margin_in /= 2.0            # Illinois: the end that stays counts for less
            last_moved = "outside"
        else:
            inside, margin_in = point, value
            if last_moved == "inside":
                margin_out /= 2.0
            last_moved = "inside"
        bisect_next = not bisect_next and 2 * (outside - inside) > width
    return _bits_float(inside)


# ---------------------------------------------------------------------------------------
# Several figures at once: Holm

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


@dataclass(frozen=True)
class HolmInterval:
    """One figure of a Holm family: its adjusted p, whether Holm rejects it, and the
    interval at the level it is tested at (`confidence`); all None/False for a figure
    without a test."""
    p_holm: float | None
    significant: bool
    low: float | None
    high: float | None
    confidence: float | None


IntervalAt = Callable[[float], "tuple[float, float] | None"]


def holm_intervals(figures: Sequence[tuple[IntervalAt, float | None]],
                   confidence: float = 0.95) -> list[HolmInterval]:
    """Holm's step-down test of m figures at alpha = 1 - confidence, and for each an
    interval that agrees with its star.

    figures: (interval_at, p) per figure, interval_at(confidence) -> (low, high) and p its
    p-value by inversion of that interval (`difference` gives both; `difference_interval_at`
    is an interval_at). A p of None is no test and does not count in m.

    With the p-values sorted (ties in input order), Holm rejects the k-th (1-based) when it
    and every one before it has p_(j) < alpha / (m - j + 1). A rejected figure gets its
    interval at 1 - alpha / (m - k + 1), which excludes 0 since p_(k) is below that level's
    alpha; any other the Bonferroni interval at 1 - alpha / m, which contains 0 since its p
    (or an earlier one's, and p_(k) is larger) is at least alpha / (m - j + 1) >= alpha / m.
    So an interval excludes 0 exactly when the figure is significant. Significant is Holm's
    "adjusted p < alpha", decided by comparing p with the very levels the intervals are
    taken at, so that a last-bit rounding of (m - k + 1) p cannot part star and interval.

    These are the intervals at the level each figure is tested at, not simultaneous
    intervals: Strassburger & Bretz (2008) derive those for Holm, and there a rejected
    figure's bound is in general only 0. Read these as "how large the difference may be, at
    the strictness this figure was held to"."""
    alpha = _alpha(confidence)
    present = sorted((p, index) for index, p in enumerate(p for _, p in figures) if p is not None)
    m = len(present)
    adjusted = holm([p for _, p in figures])
    results: list[HolmInterval] = [HolmInterval(None, False, None, None, None)] * len(figures)
    rejecting = True
    for rank, (p, index) in enumerate(present):
        level = 1.0 - alpha / (m - rank)
        rejecting = rejecting and p < 1.0 - level
        tested_at = level if rejecting else 1.0 - alpha / m
        bounds = figures[index][0](tested_at)
        low, high = bounds if bounds is not None else (None, None)
        results[index] = HolmInterval(adjusted[index], rejecting, low, high, tested_at)
    return results


# ---------------------------------------------------------------------------------------
# Planning a run

def paired_difference_sd(a: tuple, b: tuple) -> float | None:
    """The standard deviation across clusters of the paired differences of the two sides'
    linearized values (the sigma `games_needed` asks for); None with fewer than two
    clusters or an undefined ratio."""
    if len(a[1]) != len(b[1]):
        raise ValueError(f"paired samples need equal clusters: {len(a[1])} and {len(b[1])}")
    linear_a, linear_b = _linearize(*a), _linearize(*b)
    if linear_a is None or linear_b is None or linear_a.clusters < 2:
        return None
    return _standard_deviation([da - db for da, db in zip(linear_a.influence, linear_b.influence)])


def games_needed(sd: float | None, delta: float, confidence: float = 0.95, power: float = 0.8) -> int | None:
    """The matches (clusters, not games) a two-sided paired test at alpha = 1 - confidence
    needs to find a difference delta with this power: n = ((z_{1-alpha/2} + z_power) sd /
    delta)^2 rounded up, at least 2 (a variance needs two); sd per cluster of the paired
    differences (`paired_difference_sd`), None when it is None. A normal approximation:
    with few clusters t would ask for a few more."""
    alpha = _alpha(confidence)
    _check_probability(power)
    if sd is None:
        return None
    if not delta or not math.isfinite(delta):
        raise ValueError(f"the difference to detect must be finite and not 0, got {delta}")
    if not sd >= 0.0:
        raise ValueError(f"sd must not be negative, got {sd}")
    n = ((_z(alpha) + _STANDARD_NORMAL.inv_cdf(power)) * sd / delta) ** 2
    return max(2, math.ceil(n))


def clusters_for_half_width(half_width: float | None, clusters: int, target: float) -> int | None:
    """The clusters (matches) for an interval's half-width to come under target, from its
    half-width now over `clusters`: a half-width falls as 1/sqrt(n), so ceil(n (half /
    target)^2), at least 2; None when there is no interval yet. Fewer than `clusters`
    means the target is met already."""
    if half_width is None:
        return None
    if not target > 0.0:
        raise ValueError(f"the target half-width must be positive, got {target}")
    if not half_width >= 0.0 or clusters < 1:
        raise ValueError(f"need a half-width >= 0 over at least one cluster, got {half_width} over {clusters}")
    return max(2, math.ceil(clusters * (half_width / target) ** 2))


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
