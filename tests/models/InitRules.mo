// The initialization rules of specification 8.6 (compiler/analysis/init.c, sort.c), one model each;
// closed forms in tests/sim/init_rules.sh.
package InitRules
  // A parameter with fixed = false computed by an initial equation (MSL Thermal TwoMasses), and a
  // parameter whose binding uses it. Two masses C1 = C2 = 15 through G = 10: Tf = 323.15,
  // T1 = Tf + 50 exp(-4t/3), T2 = Tf - 50 exp(-4t/3), e = T1 - Tf, f = 2 Tf.
  model FreeParameter
    parameter Real C1 = 15;
    parameter Real C2 = 15;
    parameter Real G = 10;
    parameter Real Tf(fixed = false, start = 1) "projected final temperature";
    parameter Real Tf2 = 2*Tf;
    Real T1(start = 373.15, fixed = true);
    Real T2(start = 273.15, fixed = true);
    Real e = T1 - Tf;
    Real f = Tf2;
  initial equation
    Tf = (C1*T1 + C2*T2)/(C1 + C2);
  equation
    C1*der(T1) = -G*(T1 - T2);
    C2*der(T2) = G*(T1 - T2);
    annotation(experiment(StopTime = 2, Interval = 0.01));
  end FreeParameter;

  // pre(on) in an initial equation (MSL Blocks.Logical.OnOffController), a variable assigned in a
  // when-clause with an initial equation (MSL Blocks.Sources.BooleanPulse), a counter with a fixed
  // start, a when initial() clause, discrete variables with fixed and free starts. T starts at 20 with
  // pre(on) = true, so the heater is on (with the default pre(on) = false it would be off): up at 3/s to
  // 22 (t1 = 2/3), down at 2.2/s to 18, up again ...; n counts the switch-ons after the start, tOn is
  // the last one (0 by the initial equation); z = 2 T(0) = 40; w = 7 and w2 = 3 never change.
  model Hysteresis
    Real T(start = 20, fixed = true);
    Boolean on;
    discrete Real tOn(start = -1);
    Integer n(start = 0, fixed = true);
    discrete Real z;
    discrete Real w(start = 7, fixed = true);
    discrete Real w2(start = 3);
  initial equation
    pre(on) = true;
    tOn = 0;
  equation
    der(T) = if on then 3 else -2.2;
    on = pre(on) and T < 22 or T < 18;
    when edge(on) then
      tOn = time;
      n = pre(n) + 1;
    end when;
    when initial() then
      z = 2*T;
    end when;
    when T > 100 then
      w = 0;
      w2 = 1;
    end when;
    annotation(experiment(StopTime = 4, Interval = 0.01));
  end Hysteresis;

  // A fixed start on a variable that is not a state (MSL Translational.Examples.InitialConditions): the
  // spring's extension srel = s1 starts at 0.5, so s1 = 1 - 0.5 cos(sqrt(10) t); and on an
  // acceleration a = der(v2) (MSL InitializationConversion.Inertia: a(fixed = true)): with s2(0) = 0,
  // der(v2) = -s2 - v2 and a(0) = -2 give v2(0) = 2, so s2 = (2/w) exp(-t/2) sin(w t), w = sqrt(3)/2.
  model FixedAlgebraic
    Real s1;
    Real v1(start = 0, fixed = true);
    Real srel(start = 0.5, fixed = true);
    Real s2(start = 0, fixed = true);
    Real v2;
    Real a(start = -2, fixed = true);
  equation
    srel = s1;
    der(s1) = v1;
    der(v1) = -10*(srel - 1);
    der(s2) = v2;
    a = der(v2);
    der(v2) = -s2 - v2;
    annotation(experiment(StopTime = 3, Interval = 0.01));
  end FixedAlgebraic;
  // Redundant initial conditions (MSL Blocks.Examples.BooleanNetwork1: RisingEdge and ChangingEdge on
  // one signal both set its pre value): pre(u) = a0 and pre(u) = b0, and x with a fixed start and the
  // initial equation x = 2*h. 8.6 lets a tool remove consistent ones with a diagnostic; the simulator
  // checks that they hold (-override=b0=true or h=1 must fail). u = 0.555 <= time < 1.555, so
  // n (the changes of u) is 0, then 1 from t = 0.555, 2 from t = 1.555; r = 1 from 0.555; x = exp(-t).
  model Redundant
    parameter Boolean a0 = false;
    parameter Boolean b0 = false;
    parameter Real h = 0.5;
    Boolean u = time >= 0.555 and time < 1.555;
    Integer n(start = 0, fixed = true);
    discrete Real r(start = 0, fixed = true);
    Real x(start = 1, fixed = true);
  initial equation
    pre(u) = a0;
    pre(u) = b0;
    x = 2*h;
  equation
    der(x) = -x;
    when change(u) then
      n = pre(n) + 1;
    end when;
    when edge(u) then
      r = 1;
    end when;
    annotation(experiment(StopTime = 2, Interval = 0.01));
  end Redundant;
end InitRules;
