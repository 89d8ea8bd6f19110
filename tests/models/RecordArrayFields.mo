// Records with array fields in functions (the pattern of the MSL's MultiBody.Frames.Orientation):
// record inputs and outputs, record constructors with array arguments, a field whose size is another
// field, a type in long form that extends an array type, an array default given by a call;
// tests/sim/record_array_fields.sh checks every signal against its closed form.
package RecordArrayFields
  record Orient
    Real T[3, 3];
    Real w[3];
  end Orient;

  type M33 = Real[3, 3];
  type Matrix3 "a type in long form extending an array type (4.5.2)"
    extends M33;
  end Matrix3;

  record Poly "a field whose size is another field"
    Integer n;
    Real c[n];
  end Poly;

  function nullRot
    output Orient R;
  algorithm
    R := Orient(T = identity(3), w = zeros(3));
  end nullRot;

  function planarRot
    input Real e[3];
    input Real angle;
    input Real der_angle;
    output Orient R;
  algorithm
    R := Orient(T = [e]*transpose([e]) + (identity(3) - [e]*transpose([e]))*cos(angle) - skew(e)*sin(angle),
                w = e*der_angle);
  end planarRot;

  function resolve1
    input Orient R;
    input Real v2[3];
    output Real v1[3];
  algorithm
    v1 := transpose(R.T)*v2;
  end resolve1;

  function resolve2
    input Orient R;
    input Real v1[3];
    output Real v2[3];
  algorithm
    v2 := R.T*v1;
  end resolve2;

  function absRot "R2 from R1 and the rotation R_rel relative to it"
    input Orient R1;
    input Orient R_rel;
    output Orient R2;
  algorithm
    R2 := Orient(T = R_rel.T*R1.T, w = resolve2(R_rel, R1.w) + R_rel.w);
  end absRot;

  function trace
    input Orient R;
    output Real t;
  protected
    Matrix3 M = R.T;
  algorithm
    t := 0;
    for i in 1:3 loop
      t := t + M[i, i];
    end for;
  end trace;

  function copyRot "a record assigned from another, then one element changed"
    input Orient R;
    output Orient Rc;
  algorithm
    Rc := R;
    Rc.w[1] := 5;
  end copyRot;

  function evalPoly
    input Poly p;
    input Real x;
    output Real y;
  algorithm
    y := 0;
    for i in p.n:-1:1 loop
      y := y*x + p.c[i];
    end for;
  end evalPoly;

  function qnull
    output Real q[4];
  algorithm
    q := {0, 0, 0, 1};
  end qnull;

  function qsum "an array input whose default is a call (Frames.to_Q's Q_guess)"
    input Real q[4] = qnull();
    output Real s;
  algorithm
    s := q[4] + 2*q[1];
  end qsum;

  model Test
    Orient R0 = nullRot();
    Orient R1 = planarRot({0, 0, 1}, time, 1);
    Orient R2 = absRot(R1, R1);
    Orient R3;
    Real v[3] = resolve1(R1, {1, 0, 0});
    Real tr = trace(R2);
    Real w3 = R2.w[3];
    Real x(start = 1, fixed = true);
    parameter Poly P(n = 3, c = {1, 2, 3});
    Real y = evalPoly(P, time);
    Real qs = qsum();
  equation
    R3 = copyRot(R2);
    der(x) = -v[1]*x;
    annotation(experiment(StopTime = 2));
  end Test;
end RecordArrayFields;
