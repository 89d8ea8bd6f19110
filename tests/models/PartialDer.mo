// Partial derivatives of functions (specification 12.7.2; tests/sim/partial_der.sh): g(p, T) = p^2*T +
// p*sin(T); der(g, T) = p^2 + p*cos(T), der(g, T, p) = 2*p + cos(T) (by T, then by p), and the
// enthalpy-like h = g - T*der(g, T), called from a function and from equations, with p = 1 + t and
// T = 2 - t.
model PartialDer
  function g
    input Real p;
    input Real T;
    output Real y;
  protected
    Real a;
  algorithm
    a := p * p;
    y := a * T + p * sin(T);
  end g;
  function g_T = der(g, T) "by T";
  function g_Tp = der(g, T, p) "by T, then by p";
  function h
    input Real p;
    input Real T;
    output Real r;
  algorithm
    r := g(p, T) - T * g_T(p, T);
  end h;
  Real p = 1 + time;
  Real T = 2 - time;
  Real dT = g_T(p, T);
  Real dTp = g_Tp(p, T);
  Real hh = h(p, T);
  annotation(experiment(StopTime = 1));
end PartialDer;
