"""The end of a phase of a piecewise closed-form reference (clutch_ref.py, freewheel_ref.py,
brakes_ref.py): the first time after t0 at which a predicate turns true, found by stepping 1e-3 s, then
by bisection to 1e-14 s."""
import math


def first_after(over, t0, stop):
    """The first time in (t0, stop + 1) at which over(t) holds (the phase's end), math.inf when none."""
    h, t = 1e-3, t0 + 1e-9
    while t < stop + 1:
        if over(t + h):
            lo, hi = t, t + h
            while hi - lo > 1e-14:
                mid = (lo + hi) / 2
                if over(mid):
                    hi = mid
                else:
                    lo = mid
            return hi
        t += h
    return math.inf
