// A short class's modifier gives an array component its whole value (MultiBody's
// PointGravityWithPointMasses2: model PointMass = Parts.PointMass(sphereColor = {255, 0, 0}), with
// Types.Color = Integer[3]): for a scalar of the short class the value splits over the array's own
// elements; for an array of the short class every element gets the whole value (spec 7.2.5).
model ShortClassArrayMod
  type Color = Integer[3];
  model P
    parameter Real m = 1;
    parameter Color c = {1, 2, 3};
    parameter Real w[2] = {0, 0};
    Real x(start = 1, fixed = true);
  equation
    der(x) = -m * x + c[1] + w[2];
  end P;
  model PP = P(m = 2, c = {255, 0, 0}, w = {3, 4});
  PP p;
  PP q[2](each w = {5, 6});
end ShortClassArrayMod;
