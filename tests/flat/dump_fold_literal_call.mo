// ARGS: --dump=dae %f
// A call of an inlinable function with literal arguments only is its value when that is a number, before
// alias elimination: R = nullRot() makes the elements of R aliases of 1 and 0 (no unknowns), so that
// the equations read b and x alone and matching has no zero coefficient to divide by (MultiBody's
// World: frame_b.R = Frames.nullRotation(), read by Examples.Elementary.DoublePendulumInitTip).
model FoldLiteralCall
  record Rot
    Real T[2, 2];
  end Rot;
  function nullRot
    output Rot R;
  algorithm
    R := Rot(T = identity(2));
    annotation(Inline = true);
  end nullRot;
  Rot R;
  Real a, b, c, x(start = 1, fixed = true);
equation
  R = nullRot();
  der(x) = -x;
  x = R.T[1, 2] * a + R.T[2, 2] * b;
  c = R.T[2, 1] * a + R.T[1, 1] * b;
  a = c + R.T[1, 2] * b;
end FoldLiteralCall;
