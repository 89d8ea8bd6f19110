// Integer arithmetic in 32 bits with overflow detected (tests/sim/int_overflow.sh): n is multiplied by
// 100 at each sample, 10^8 * 100 leaves the Integer range at t = 0.4; k and m are Integers that drive x.
model IntOverflow
  discrete Integer n(start = 1, fixed = true);
  discrete Integer k(start = 0, fixed = true);
  Integer m = 2 * k - 1;
  Real x(start = 0, fixed = true);
equation
  der(x) = m;
  when sample(0, 0.1) then
    n = pre(n) * 100;
    k = pre(k) + 3;
  end when;
  annotation(experiment(StopTime = 1));
end IntOverflow;
