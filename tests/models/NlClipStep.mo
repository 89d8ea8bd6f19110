package NlClipStep
  "A loop whose first Newton step is enormous in one unknown (runtime/algebra.c newton_first, its clipped
   step): two pressures and a flow between them, the pressures starting 50 times too high, the flow at 0
   where its regularized quadratic loss m*sqrt(m^2 + 1e-16) has the slope 1e-8"
  model Chain
    "left boundary 1e5, right boundary 1.1e5, three losses in series: r(m) = m*sqrt(m^2 + 1e-16) = 1e4/5e3
     = 2, so m = sqrt(2) (to 1e-32); g(p) = p*(1 + 1e-9*p) makes the pressures nonlinear, so that tearing
     iterates on all three"
    Real pl(start = 5e6);
    Real pr(start = 5e6);
    Real m(start = 0);
  equation
    pl * (1 + 1e-9 * pl) = 1e5 + 1e3 * m * sqrt(m * m + 1e-16) + 0 * time;
    pr * (1 + 1e-9 * pr) = 1.1e5 - 3e3 * m * sqrt(m * m + 1e-16);
    pr * (1 + 1e-9 * pr) - pl * (1 + 1e-9 * pl) = 1e3 * m * sqrt(m * m + 1e-16);
  end Chain;
end NlClipStep;
