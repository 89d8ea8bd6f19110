// State selection honouring stateSelect (specification 4.9.7.1); tests/sim/state_select.sh.
package StateSelection
  // Two differentiated variables equal to one derivative (two inertias on one shaft, each with
  // w = der(phi)): index reduction keeps one of w1, w2 as a state, w2 for its stateSelect = always
  // (phi2's alias phi1 is the other). 5*phi'' = -4*phi: phi = cos(sqrt(0.8)*t).
  model Shaft
    Real phi1(start = 1, fixed = true);
    Real w1(start = 0, fixed = true);
    Real phi2;
    Real w2(stateSelect = StateSelect.always);
    Real tau;
  equation
    phi2 = phi1;
    w1 = der(phi1);
    w2 = der(phi2);
    2*der(w1) = tau;
    3*der(w2) = -tau - 4*phi2;
  end Shaft;

  // w1 = der(phi) and w2 = 0.05*der(phi), both differentiated: index reduction keeps one of w1, w2, phi'
  // as a state. The column of der(w2) is ten times larger than that of der(w1) once der(der(phi)) is
  // taken, but w2 has stateSelect = always, so der(w1) is the dummy derivative. 1.05*phi'' = -1.05*phi:
  // phi = cos(t), w1 = -sin(t), w2 = -0.05*sin(t).
  model SmallCoefficient
    Real phi(start = 1, fixed = true);
    Real w1;
    Real w2(stateSelect = StateSelect.always, start = 0, fixed = true);
  equation
    w1 = der(phi);
    w2 = 0.05*der(phi);
    der(w1) + der(w2) = -1.05*phi;
  end SmallCoefficient;

  // The Cartesian pendulum of tests/models/Pendulum.mo with its angle phi and angular velocity w, both
  // stateSelect = always. No equation differentiates w (an alias of der(phi)): it gets a derivative for
  // index reduction to determine, and phi, w are the states (x, y, u, v, lambda algebraic), where
  // without the wish two of x, y, u, v would be. Released at rest from 30 degrees.
  model Pendulum
    parameter Real m = 1, L = 1, g = 9.81;
    Real x, y(start = -0.8660254037844386*L), u, v, lambda;
    Real phi(start = 0.5235987755982988, fixed = true, stateSelect = StateSelect.always);
    Real w(start = 0, fixed = true, stateSelect = StateSelect.always);
  equation
    der(x) = u;
    der(y) = v;
    m*der(u) = -lambda*x;
    m*der(v) = -lambda*y - m*g;
    x^2 + y^2 = L^2;
    x = L*sin(phi);
    w = der(phi);
  end Pendulum;

  // FluxTubes' converter with a leakage flux: the differentiated flux Phi_ind is declared never, the
  // current i (no equation differentiates it) prefer: i is the state, Phi_ind, Phi and the leakage flux
  // are computed from it. Phi_ind = (Lm - G)*N*i = 2*i, so 2*der(i) = -i: i = exp(-t/2).
  model Never
    parameter Real N = 1, G = 0.5, Lm = 2.5, R = 1;
    Real i(start = 1, fixed = true, stateSelect = StateSelect.prefer);
    Real v, V_m;
    Real Phi(stateSelect = StateSelect.never);
    Real Phi_ind(stateSelect = StateSelect.never);
    Real Phi_leak(stateSelect = StateSelect.never);
  equation
    V_m = i*N;
    N*der(Phi_ind) = -v;
    Phi_leak = G*V_m;
    Phi = Phi_ind + Phi_leak;
    Phi = Lm*V_m;
    v = R*i;
  end Never;
end StateSelection;
