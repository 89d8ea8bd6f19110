// delay (spec 3.7.2.2) in the flat listing: named arguments in their positions, element-wise on arrays,
// a delay time that varies under a delayMax.
model Delay
  parameter Real T = 0.5;
  Real x[2] = {sin(time), cos(time)};
  Real y[2] = delay(x, T);
  Real z = delay(delayTime = T, expr = x[1]);
  Real w = delay(x[2], T * (1 + sin(time)) / 2, delayMax = T);
end Delay;
