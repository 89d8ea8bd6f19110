package EventRowNonFinite
  "Events whose point after is not finite: the run must stop at the event's time with the variable's name, the
  rows before kept and none with Inf or NaN (tests/sim/event_row_nonfinite.sh)"
  model InfAtLastEvent
    "q is multiplied by 1e80 at t = 0.25, 0.5, 0.75, 1: 1e80, 1e160, 1e240, then 1e320 overflows to Inf at
    t = 1, the stop time"
    discrete Real q(start = 1, fixed = true);
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1;
    when sample(0.25, 0.25) then
      q = pre(q)*1e80;
    end when;
    annotation(experiment(StopTime = 1, Interval = 0.1));
  end InfAtLastEvent;

  model NaNAtLastEvent "at t = 1, the stop time, q = exp(1000) - exp(1000) = Inf - Inf: NaN"
    parameter Real a = 1000;
    discrete Real q(start = 0, fixed = true);
    Real y;
  equation
    when time >= 1 then
      q = exp(a*time) - exp(a*time);
    end when;
    y = if q > 0 then 1 else 2;
    annotation(experiment(StopTime = 1, Interval = 0.1));
  end NaNAtLastEvent;

  model InfAtStateEvent "x = t; when x > 0.55, q = 1e300 * 1e300 = Inf: between output points"
    parameter Real c = 1e300;
    discrete Real q(start = 1, fixed = true);
    Real x(start = 0, fixed = true);
  equation
    der(x) = 1;
    when x > 0.55 then
      q = pre(q)*c*c;
    end when;
    annotation(experiment(StopTime = 1, Interval = 0.1));
  end InfAtStateEvent;
end EventRowNonFinite;
