// Index reduction through functions with array and record outputs (funcinline.c), through a second
// derivative annotation (derivative(order = 2), spec 12.7.1) and through the operators of an operator
// record shaped like Complex (a record result assigned from its constructor), and through a scalar function
// applied element by element to arrays inside a function (12.4.6: the MSL's setSmoothState applies
// smoothStep to the mass fractions). tests/sim/function_inline_arrays.sh.
package FunctionInlineArrays
  record Frame
    Real T[2, 2];
    Real w;
  end Frame;

  // a planar rotation as a record, shaped like the MSL's Frames.planarRotation: no derivative annotation
  function rot
    input Real phi;
    input Real dphi;
    output Frame F;
  algorithm
    F := Frame(T = identity(2)*cos(phi) + {{0, 1}, {-1, 0}}*sin(phi), w = dphi);
  end rot;

  // a matrix product of a field copied whole, a protected vector with a binding
  function pos
    input Frame F;
    input Real L;
    output Real p[2];
  protected
    Real e[2] = {L, 0};
  algorithm
    p := transpose(F.T)*e;
  end pos;

  // a whole-array copy (like Frames.angularVelocity2: w := R.w) and an array constructor
  function omega
    input Frame F;
    output Real w2[2];
  protected
    Real c[2];
  algorithm
    c := {F.w, 2*F.w};
    w2 := c;
  end omega;

  // Circle: phi = t, so p = 2 {cos t, sin t}, v = der(p) = 2 {-sin t, cos t}, a = der(v) = -p, om = {1, 2}:
  // index reduction differentiates p = pos(F, 2) twice and F = rot(phi, w) with it, through their bodies.
  model Circle
    Real phi(start = 0, fixed = true);
    Real w(start = 1, fixed = true);
    Frame F;
    Real p[2];
    Real v[2];
    Real a[2];
    Real om[2];
    Real dom[2];
  equation
    der(phi) = w;
    der(w) = 0;
    F = rot(phi, w);
    p = pos(F, 2);
    v = der(p);
    a = der(v);
    om = omega(F);
    dom = der(om);
  end Circle;

  // the MSL's Move: position(u, time) is u[1], its derivative u[2], its second derivative u[3], whatever
  // u is (the annotations say so): with u = {0, 0, 1} constant, der(der(s)) = 1 and der(s) = 0
  function position
    input Real q_qd_qdd[3];
    input Real dummy;
    output Real q;
  algorithm
    q := q_qd_qdd[1];
    annotation (derivative(noDerivative = q_qd_qdd) = position_der, InlineAfterIndexReduction = true);
  end position;

  function position_der
    input Real q_qd_qdd[3];
    input Real dummy;
    input Real dummy_der;
    output Real qd;
  algorithm
    qd := q_qd_qdd[2];
    annotation (derivative(noDerivative = q_qd_qdd, order = 2) = position_der2, InlineAfterIndexReduction = true);
  end position_der;

  function position_der2
    input Real q_qd_qdd[3];
    input Real dummy;
    input Real dummy_der;
    input Real dummy_der2;
    output Real qdd;
  algorithm
    qdd := q_qd_qdd[3];
  end position_der2;

  model Move
    parameter Real u[3] = {0, 0, 1};
    Real s;
    Real v;
    Real acc;
    Real f;
  equation
    s = position(u, time);
    v = der(s);
    acc = der(v);
    f = 2*acc;
  end Move;

  // Complex's shape: c3 := Cx(c1.re + c2.re, ...) is one call of the constructor with a target per field
  operator record Cx
    Real re;
    Real im;
    encapsulated operator 'constructor'
      function fromReal
        import FunctionInlineArrays.Cx;
        input Real re;
        input Real im = 0;
        output Cx result(re = re, im = im);
      algorithm
        annotation(Inline = true);
      end fromReal;
    end 'constructor';
    encapsulated operator function '+'
      import FunctionInlineArrays.Cx;
      input Cx c1;
      input Cx c2;
      output Cx c3;
    algorithm
      c3 := Cx(c1.re + c2.re, c1.im + c2.im);
      annotation(Inline = true);
    end '+';
  end Cx;

  // a + b is constrained (the balance of FundamentalWave's magnetic ports): index reduction differentiates
  // the call of '+'. With s = a + b: a.re' = (cos t - a.re)/2, a.im' = (sin t - a.im)/2 from a(0) = 0:
  //   a.re = 0.2 cos t + 0.4 sin t - 0.2 exp(-t/2), a.im = -0.4 cos t + 0.2 sin t + 0.4 exp(-t/2),
  //   b = (sin t, 1 - cos t) - a
  model ComplexSum
    Cx a(re(start = 0, fixed = true), im(start = 0, fixed = true)), b, f;
  equation
    der(a.re) = -a.re + f.re;
    der(a.im) = -a.im + f.im;
    der(b.re) = f.re;
    der(b.im) = f.im;
    a + b = Cx(sin(time), 1 - cos(time));
  end ComplexSum;

  function smoothStep "y1 for x > xs, y2 for x < -xs, a cubic between (the MSL's Media.Common.smoothStep)"
    input Real x;
    input Real y1;
    input Real y2;
    input Real xs;
    output Real y;
  algorithm
    y := smooth(1, if x > xs then y1 else if x < -xs then y2 else (x/xs)*((x/xs)^2 - 3)*(y2 - y1)/4 + (y1 + y2)/2);
  end smoothStep;

  function blend
    input Real x;
    input Real a[2];
    input Real b[2];
    output Real s[2];
  algorithm
    s := smoothStep(x, a, b, 0.2);
  end blend;

  model Blend "ds = der(s): the derivative of blend's body, element by element"
    Real s[2] = blend(time - 0.5, {time, 2*time}, {3*time, 4});
    Real ds[2] = der(s);
  end Blend;
end FunctionInlineArrays;
