// homotopy() at the start (tests/sim/nl_homotopy.sh): sqrt(z - 10) + z = 13 is undefined at the start
// value z = 0, so Newton fails there; the simplified equation z = 13 gives a start from which the
// actual one is followed (3.7.4.4). w = sqrt(z - 10) solves w^2 + w - 3 = 0: z = 10 + ((sqrt(13) - 1)/2)^2.
model NlHomotopy
  Real z(start = 0);
  Real y;
equation
  0 = homotopy(actual = sqrt(z - 10) + z - 13, simplified = z - 13);
  y = z*time;
  annotation(experiment(StopTime = 1, Interval = 0.1));
end NlHomotopy;
