// The synchronous language (spec chapter 16): tests/sim/clocked.sh checks these models against
// tests/ref/clocked_ref.py (closed forms of the difference equations, written by hand).
package Clocked
  model Periodic "a Real interval clock: sample, previous, hold, a continuous state driven by hold"
    Clock c = Clock(0.1);
    Real x(start = 1, fixed = true);
    Real xs "x at the ticks";
    Real y(start = 0) "the sum of the samples";
    Real z(start = 0, fixed = true) "integrates the held sum";
  equation
    der(x) = -x;
    xs = sample(x, c);
    y = previous(y) + xs;
    der(z) = hold(y);
    annotation(experiment(StopTime = 1));
  end Periodic;

  model SubClocks "a rational clock and its sub-clocks: subSample, superSample, shiftSample, backSample"
    Clock c = Clock(1, 10) "0.1 s";
    Real u "time at the ticks of c";
    Integer k(start = 0) "ticks of c";
    Real ys "every third tick";
    Real yss "ys on the ticks of c again";
    Real ysh(start = -1) "u, 0.05 s later";
    Real yb(start = -2) "ysh moved back by 0.05 s of its own: u's ticks";
    Real iv "interval()";
    Real ivs "interval() of the sub-clock";
    Boolean ft "firstTick()";
    Real hs "ys held";
  equation
    u = sample(time, c);
    k = previous(k) + (if u >= 0 then 1 else 0);
    ys = subSample(u, 3);
    yss = superSample(ys, 3);
    ysh = shiftSample(u, 1, 2);
    yb = backSample(ysh, 1, 2);
    iv = interval(u);
    ivs = interval(ys);
    ft = firstTick(u);
    hs = hold(ys);
    annotation(experiment(StopTime = 1));
  end SubClocks;

  model ClockConnectors "clocks through connectors, as Modelica.Clocked's blocks pass them"
    connector ClockOut = output Clock;
    connector ClockIn = input Clock;
    connector RealOut = output Real;
    connector RealIn = input Real;
    block Periodic
      parameter Real period;
      ClockOut y;
    equation
      y = Clock(period);
    end Periodic;
    block Sampler
      RealIn u;
      ClockIn clock;
      RealOut y;
    equation
      y = sample(u, clock);
    end Sampler;
    block Gain
      parameter Real k;
      RealIn u;
      RealOut y;
    equation
      y = k * u;
    end Gain;
    block Hold
      RealIn u;
      RealOut y;
    equation
      y = hold(u);
    end Hold;
    Periodic clk(period = 0.25);
    Sampler s;
    Gain g(k = 2);
    Hold h;
    Real x(start = 1, fixed = true);
  equation
    der(x) = 1;
    connect(clk.y, s.clock);
    s.u = x;
    connect(s.y, g.u);
    connect(g.y, h.u);
    annotation(experiment(StopTime = 1));
  end ClockConnectors;

  model EventClock "an event clock: ticks where cos(2 pi t) < 0 becomes true (t = 0.25, 1.25, ...)"
    Clock c = Clock(cos(2 * 3.141592653589793 * time) < 0, 0.5);
    Integer n(start = 0);
    Real ts "time at the ticks";
    Real iv "interval(): the startInterval at the first tick, then the time since the previous one";
  equation
    n = previous(n) + (if ts >= 0 then 1 else 0);
    ts = sample(time, c);
    iv = interval(n);
    annotation(experiment(StopTime = 3));
  end EventClock;

  model ClockedWhen "clocked when-clauses (16.6): general equations on the clock of the condition"
    Clock c = Clock(0.1);
    Real x(start = 1, fixed = true);
    Real u "x at the ticks of c";
    Real y(start = 0) "the sum of the samples";
    Integer k(start = 0) "ticks of Clock(1, 5)";
  equation
    der(x) = -x;
    when c then
      u = sample(x);
      2 * y = 2 * previous(y) + 2 * u;
    end when;
    when Clock(1, 5) then
      k = previous(k) + 1;
    end when;
    annotation(experiment(StopTime = 1));
  end ClockedWhen;

  model WhenInferred "when Clock() then: the clock of the clause inferred, per instance"
    block B
      input Real u;
      output Real y(start = 0);
      Integer n(start = 0);
    equation
      when Clock() then
        n = previous(n) + 1;
        y = previous(y) + u;
      end when;
    end B;
    B b1, b2, b3;
  equation
    b1.u = sample(time, Clock(0.1));
    b2.u = sample(time, Clock(0.2));
    b3.u = sample(time, Clock(0.2));
    annotation(experiment(StopTime = 1));
  end WhenInferred;

  model InferredFactor "superSample(u) without a factor: 2, from the rational clocks on its two sides"
    Real u = sample(time, Clock(1, 10));
    Real y = superSample(u);
    Real z = sample(time, Clock(1, 20));
    Real w = y + z;
    annotation(experiment(StopTime = 1));
  end InferredFactor;

  model Discretized "continuous-time equations in clocked partitions, discretized by their solverMethod (16.8)"
    Clock ce = Clock(Clock(0.1), solverMethod = "ExplicitEuler");
    Clock ci = Clock(Clock(0.1), solverMethod = "ImplicitEuler");
    Real u = sample(time, ce);
    Real x(start = 1) "ExplicitEuler";
    Real ui = sample(time, ci);
    Real xi(start = 2) "ImplicitEuler";
  equation
    der(x) = 1 - x + u;
    der(xi) = 3 * ui;
    annotation(experiment(StopTime = 1));
  end Discretized;
  model LeftLimit "sample(u) is the left limit of u at a tick (16.5.1): u changed by an event at that instant"
    discrete Real d(start = 0, fixed = true);
    Real st = if time >= 0.3 then 1 else 0 "a step whose start is on a tick";
    Real y(start = -1), ys(start = -1);
    Real p(start = 0, fixed = true), w "der(p)", yw(start = -1);
    Real q(start = 0, fixed = true), dq "der(q), which the step changes on a tick", yq(start = -1), yd(start = -1);
  equation
    when sample(0, 0.1) then
      d = pre(d) + 1;
    end when;
    y = sample(d, Clock(0.1));
    ys = sample(st, Clock(0.1));
    w = der(p);
    der(p) = 1 - p;
    dq = der(q);
    der(q) = st;
    yw = sample(w, Clock(0.1)) "the left limit of a derivative";
    yq = sample(dq, Clock(0.1));
    yd = sample(der(q), Clock(0.1));
    annotation(experiment(StopTime = 1));
  end LeftLimit;
  model TickSystem "systems of equations at a tick: ImplicitEuler on a nonlinear and a linear der(x) = f(x), two equations coupled within the tick"
    Clock c = Clock(Clock(0.1), solverMethod = "ImplicitEuler");
    Real u = sample(time, c);
    Real x(start = 1) "x_k = x_(k-1) + h (u_k - x_k^3)";
    Real xl(start = 2) "xl_k = xl_(k-1) - h u_k xl_k";
    Real y(start = 0), z(start = 0) "y + z = u, y - 2 z = previous(y)";
  equation
    der(x) = u - x^3;
    der(xl) = -u*xl;
    y + z = u;
    y - 2*z = previous(y);
    annotation(experiment(StopTime = 1));
  end TickSystem;
  model TickSubSystem "a system of equations at the ticks of a sub-clock: held between them"
    Clock c = Clock(0.1);
    Real u = sample(time, c);
    Real y(start = 0), z(start = 0) "y + z = u, y - z = previous(y) + 1 every second tick";
  equation
    y + z = subSample(u, 2);
    y - z = previous(y) + 1;
    annotation(experiment(StopTime = 1));
  end TickSubSystem;
  model StartTick "the first tick is at the simulation's start, also when -startTime moves it (16.3)"
    Integer n(start = 0);
    Real ts(start = -1);
  equation
    when Clock(0.1) then
      n = previous(n) + 1;
      ts = sample(time);
    end when;
    annotation(experiment(StartTime = 0.05, StopTime = 0.4));
  end StartTick;
  model DefaultClock "no clock constructor: the default clock Clock(1.0), with a warning (16.3.1)"
    Integer k(start = 0);
    Real y(start = -1);
  equation
    k = previous(k) + 1;
    y = sample(time) * k;
    annotation(experiment(StopTime = 3.5));
  end DefaultClock;
end Clocked;
