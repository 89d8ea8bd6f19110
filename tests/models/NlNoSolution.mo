model NlNoSolution "a singular loop: y = 1 + x/2 and x = 2 y + time have no solution (0 = 2 + time)"
  Real x, y;
equation
  y = 1 + 0.5 * x + 1e-300 * sin(x);
  x = 2 * y + time;
end NlNoSolution;
