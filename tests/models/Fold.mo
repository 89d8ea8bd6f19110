// Parameters folded into the equations before structural analysis (compiler/analysis/fold.c,
// specification 18.3); closed form in tests/sim/fold_params.sh.
package Fold
  model Cap "i = C*der(v)"
    parameter Real C;
    Real v;
    Real i;
  equation
    i = C*der(v);
  end Cap;

  model Junction "as the MSL's transistors: a capacitance c = smooth(1, tau*exp(v) + cj) times der(v)"
    parameter Real tau;
    parameter Real Cj;
    Real v;
    Real c;
    Real cj;
    Real i;
  equation
    cj = smooth(1, Cj*(1 + v^2));
    c = smooth(1, tau*exp(v)/(1 + v^2) + cj);
    i = c*der(v) + v;
  end Junction;

  // Cval = 0 with Evaluate = true (MSL Electrical.Analog.Examples.HeatingNPN_NORGate's CapVal), given
  // to a capacitor and a junction by final modifiers: their currents are 0 and v (no der(v) left, so n
  // is no state). u = sin(t) through R1 = 1 into n; c1 and j from n to ground, R2 = 1 from n to m, C2 = 1
  // from m to ground: n = (u + m)/3, der(m) = u/3 - 2m/3, m(0) = 0, so with a = 1/3, b = 2/3:
  // m = (a b sin t - a cos t + a exp(-b t))/(1 + b^2).
  model RC
    parameter Real Cval = 0 annotation(Evaluate = true);
    parameter Real R1 = 1;
    parameter Real R2 = 1;
    parameter Real C2 = 1;
    Cap c1(final C = Cval);
    Junction j(final tau = Cval, final Cj = Cval);
    parameter Real w(unit = "1/s") = 1;
    Real u = sin(w*time);
    Real n;
    Real m(start = 0, fixed = true);
  equation
    c1.v = n;
    j.v = n;
    (u - n)/R1 = c1.i + j.i + (n - m)/R2;
    C2*der(m) = (n - m)/R2;
    annotation(experiment(StopTime = 5, Interval = 0.01));
  end RC;

  // As the MSL's Spice3 transistors: a final record parameter computed by a function from a model card
  // whose resistance is "not given" (-1e40) gives the drain resistance c.r = 0, and ird*c.r = D - Dint
  // becomes the constraint D = Dint (fold.c: a final parameter whose value is 0 is folded, the model
  // card becomes structural). D = sin(t), a capacitor C = 1 and a conductance c.g = 2 from Dint to
  // ground: Dint = sin(t), ird = C*cos(t) + 2*sin(t). Unfolded, ird = (D - Dint)/c.r divided by zero.
  // calc runs when the model is compiled (so it may use asin and acos, as Modelica.Constants.pi does).
  record Calc
    Real r "resistance";
    Real g "conductance";
  end Calc;

  function calc
    input Real rd;
    output Calc o;
  algorithm
    o.r := if rd > -1e40 then rd else 0;
    o.g := 4*asin(1.0)/acos(-1.0) "2, through the built-ins of Modelica.Constants.pi";
  end calc;

  model Drain
    parameter Real RD = -1e40 "-1e40: not given";
    final parameter Calc c = calc(RD);
    parameter Real C = 1;
    Real D;
    Real Dint(start = 0);
    Real ird;
  equation
    ird*c.r = D - Dint;
    C*der(Dint) = ird - c.g*Dint;
  end Drain;

  model ZeroR
    parameter Real w(unit = "1/s") = 1;
    Drain d;
  equation
    d.D = sin(w*time);
    annotation(experiment(StopTime = 5, Interval = 0.01));
  end ZeroR;

  // The model card computed by the initialization (fixed = false): its start value 0 is not the run's
  // value, so c.r (0 from the start value) is not folded and d.Dint stays a state.
  model ZeroRUnfixed
    parameter Real rd(fixed = false, start = 0);
    Drain d(RD = rd, Dint(fixed = true));
  initial equation
    rd = 1;
  equation
    d.D = 1;
  end ZeroRUnfixed;

  // A final parameter that is 0 whatever its binding reads, as the MSL's FundamentalWave windings:
  // final parameter Complex N = effectiveTurns*exp(Complex(0, orientation)), orientation from
  // Electrical.Polyphase.Functions.symmetricOrientation (a comprehension), 0 for phase 1: N.im = 0 is
  // folded, so N.im*y is no occurrence of y (matching chose der(Phi.im) there and divided by 0), and
  // o[1] becomes structural. der(y) = N.re*x + N.im*y with x = -y, N.re = 2: y = exp(-2 t).
  record Cx
    Real re;
    Real im;
  end Cx;
  function orient
    input Integer m;
    output Real o[m];
  algorithm
    o := {(k - 1)*2*(2*asin(1.0))/m for k in 1:m};
  end orient;
  function polar
    input Real len;
    input Real phi;
    output Cx c;
  algorithm
    c := Cx(len*cos(phi), len*sin(phi));
  end polar;
  model Winding
    parameter Real o[3] = orient(3);
    parameter Real turns = 2;
    final parameter Cx N = polar(turns, o[1]);
    Real x;
    Real y(start = 1, fixed = true);
  equation
    der(y) = N.re*x + N.im*y;
    x = -y;
  end Winding;
  // A protected parameter whose binding calls functions of the folded n (MultiBody's Revolute: n with
  // Evaluate = true, protected e = normalizeWithAssert(n)): run when the model is compiled (fneval.c:
  // the assert, v*v of vectors, v/length), e = {0, 0, 1} is folded, so w[1] = e[1]*v is w[1] = 0 and
  // w[3] = e[3]*v makes v an alias of x. P*u (matrix times vector) and u*P (vector times matrix) in a
  // function, also folded: q = {1*1 + 2*1, 3*1 + 4*1} = {3, 7}, r = {1 + 3, 2 + 4} = {4, 6}, so
  // y = {7, 13}*x. The size of
  // z is the length of {3, 4}, evaluated by flattening (eval.c) through the same function: 5. With the
  // folded u = {1, 0}, the call planar(u, x) inlined (funcinline.c, the matrix constructor included)
  // is 0 for R[1, 2] and R[2, 1] whatever x is: constants (dae.c), not calls that matching could solve
  // for x (MultiBody's Revolute: R_rel = planarRotation(e, phi, w)). ub = normalize(b) is protected too,
  // but b has no Evaluate = true: ub is a parameter, so Rb[1, 2] stays a call.
  model Call
    function len
      input Real v[:];
      output Real r;
    algorithm
      r := sqrt(v*v);
    end len;
    function normalize
      input Real v[:];
      output Real r[size(v, 1)];
    algorithm
      assert(len(v) > 0, "zero vector");
      r := v/len(v);
    end normalize;
    function products "P*u, or u*P when left"
      input Real P[2, 2];
      input Real u[2];
      input Boolean left;
      output Real q[2];
    algorithm
      q := if left then u*P else P*u;
    end products;
    function planar "a planar rotation about the unit vector e = {cos, sin} of an axis (as MultiBody's
      Frames.planarRotation): R[1, 2] = e[2]*sin(a) is 0 for e = {1, 0} whatever a is"
      input Real e[2];
      input Real a;
      output Real R[2, 2];
    algorithm
      R := [e[1]*cos(a), e[2]*sin(a); -e[2]*sin(a), e[1]*cos(a)];
      annotation(Inline = true);
    end planar;
    parameter Real n[3] = {0, 0, 2} annotation(Evaluate = true);
    parameter Real P[2, 2] = [1, 2; 3, 4] annotation(Evaluate = true);
    parameter Real a[2] = {3, 0} annotation(Evaluate = true);
    parameter Real b[2] = {3, 0} "no Evaluate: the protected ub that it gives is not folded";
    Real R[2, 2] = planar(u, x);
    Real Rb[2, 2] = planar(ub, x);
    Real x(start = 1, fixed = true);
    Real v;
    Real w[3];
    Real y[2];
    Real z[integer(len({3, 4}))] = fill(1, integer(len({3, 4})));
  protected
    parameter Real e[3] = normalize(n);
    parameter Real q[2] = products(P, {1, 1}, false);
    parameter Real r[2] = products(P, {1, 1}, true);
    parameter Real u[2] = normalize(a);
    parameter Real ub[2] = normalize(b);
  equation
    der(x) = -x;
    for k in 1:3 loop
      w[k] = e[k]*v;
    end for;
    w[3] = x;
    for k in 1:2 loop
      y[k] = (q[k] + r[k])*x;
    end for;
    annotation(experiment(StopTime = 1));
  end Call;

  // A call evaluated partly (analysis/dae.c fold_call, instantiate/fneval.c mo_fn_eval_partial), as the
  // MSL's Spice3 JFET: cc = jfetNoBypassCode(m1, p2, ..., {G.v, Dinternal, Sinternal}) and icGD =
  // cc.cGD*der(vGD), where cc.cGD is the model card's CGD times a function of the voltages. Here the card
  // (Evaluate = true on the record component: its fields are evaluated too) gives the junction's
  // zero-bias capacitance C0, and node() computes the junction's current i and capacitance c from it and
  // from the voltage, which is known only when the model runs. With C0 = 0, c is 0 whatever the voltage
  // (0/sqrt(..) in one branch, 0*(..) in the other, of an if-statement whose condition is not known):
  // folded, der(v) vanishes and the node is algebraic. i = g*v must not be folded: its if-statement has a
  // branch (never taken) that assigns 0, so the two ways differ.
  record Card
    Real C0 "zero-bias capacitance";
    Real phi "junction potential";
    Real g "conductance";
  end Card;

  record NodeOut
    Real i "current through the conductance";
    Real c "capacitance";
  end NodeOut;

  function node
    input Card card;
    input Real v[1] "the voltages (a vector, as Spice3 passes them)";
    output NodeOut o;
  protected
    Real arg;
  algorithm
    if v[1] < -10*card.phi then
      o.i := 0;
    else
      o.i := card.g*v[1];
    end if;
    if v[1] < 0.5*card.phi then
      arg := 1 + max(v[1] - card.phi, 0);
      o.c := if arg > 0 then card.C0/sqrt(arg) else card.C0;
    else
      o.c := card.C0*(v[1]/card.phi);
    end if;
  end node;

  model Node "sin(t) through a resistance 1 into v; from v to ground the junction: i + c*der(v)"
    parameter Card card annotation(Evaluate = true);
    parameter Real w(unit = "1/s") = 1;
    NodeOut cc;
    Real v(start = 0, fixed = true);
    Real ic;
  equation
    cc = node(card, {v});
    ic = cc.c*der(v);
    sin(w*time) - v = cc.i + ic;
  end Node;

  // n0: C0 = 0, v = sin(t)/3 (algebraic). n1: C0 = 1: c = 1 while |v| < phi/2 (arg = 1), which holds, but
  // c is no constant when compiled: n1.v stays a state, der(v) = sin(t) - 3 v, v(0) = 0:
  // v = 0.3 sin(t) - 0.1 cos(t) + 0.1 exp(-3 t).
  model PartialCall
    Node n0(card(C0 = 0, phi = 10, g = 2), v(fixed = false));
    Node n1(card(C0 = 1, phi = 10, g = 2));
    annotation(experiment(StopTime = 5, Interval = 0.01));
  end PartialCall;

  // A derivative that only its alias kept (fold.c, mo_dae_drop_unused_ders): the junction's capacitance c
  // times der(a) and der(b), a and b tied (a = b makes der(b) an alias of der(a), or the other way round)
  // as Spice3's transistors tie their bulk to their drain. With Cval = 0, c is found 0 by alias
  // elimination, after der(a) and der(b) were made, and no equation reads either derivative. a is also
  // the source's sin(t): were der(a) kept, a would be a state under that constraint, and index reduction
  // would differentiate a = sin(t) and what reads a (Spice3's Nand: no gate capacitance, its whole static
  // network differentiated, a loop of derivatives not solved). No state: i = 2 a = 2 sin(t), ia = ib = 0.
  model AliasDer
    parameter Real Cval = 0 annotation(Evaluate = true);
    Real c;
    Real a;
    Real b;
    Real ia;
    Real ib;
    Real i;
  equation
    c = smooth(1, Cval*(1 + a^2));
    ia = c*der(a) + a;
    ib = c*der(b) + b;
    a = b;
    a = sin(time);
    i = ia + ib;
    annotation(experiment(StopTime = 5, Interval = 0.01));
  end AliasDer;

  // AliasDer with a variable of the model that is der(b): va = der(b) makes va an alias of der(a) (or
  // der(a) one of va), and that alias is a use: a stays differentiated (a dummy state under a = sin(t)),
  // va = cos(t) (MAP-LIB's SpringDamper: a_rel(fixed = true) = der(w_rel) read by the initial system).
  model AliasDerKept
    extends AliasDer;
    Real va;
  equation
    va = der(b);
  end AliasDerKept;
end Fold;
