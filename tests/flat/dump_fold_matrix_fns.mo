// ARGS: --dump=dae %f
// Functions evaluated when compiled (fneval.c) with the vector and matrix built-ins identity, diagonal,
// transpose, outerProduct, cross and skew: the Evaluate = true parameters below are folded into the
// equations as their values (MultiBody's Frames.planarRotation, whose exact zeros fold.c removes from the
// equations of FixedRotation: Examples.Rotational3DEffects.GyroscopicEffects divided by one at t = 0).
// planar({0, 1, 0}, pi/2) is {{0, 0, -1}, {0, 1, 0}, {1, 0, 0}} (exactly: cos and sin of quarter turns, eval.c);
// other({1, 2, 3}) is transpose(M) + diagonal({1, 2, 3}) + skew({0, 3, -2}) = {{2, 6, 10}, {0, 7, 8}, {0, 6, 12}}.
model FoldMatrixFns
  function planar
    input Real e[3];
    input Real a;
    input Integer i;
    input Integer j;
    output Real y;
  protected
    Real T[3, 3];
  algorithm
    T := outerProduct(e, e) + (identity(3) - outerProduct(e, e)) * cos(a) - skew(e) * sin(a);
    y := T[i, j];
  end planar;
  function other
    input Real e[3];
    input Integer i;
    input Integer j;
    output Real y;
  protected
    Real T[3, 3];
  algorithm
    T := transpose({{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}) + diagonal(e) + skew(cross(e, {1, 0, 0}));
    y := T[i, j];
  end other;
  parameter Real A[3, 3] = {{planar({0, 1, 0}, 1.5707963267948966, i, j) for j in 1:3} for i in 1:3}
    annotation(Evaluate = true);
  parameter Real B[3, 3] = {{other({1, 2, 3}, i, j) for j in 1:3} for i in 1:3} annotation(Evaluate = true);
  Real x[3], y[3];
equation
  x = A * {time, 1, 2};
  y = B * {time, 1, 2};
end FoldMatrixFns;
