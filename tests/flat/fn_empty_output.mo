// An output of size 0 has no element to assign (MSL Blocks.Continuous.Internal.Filter.coefficients.bandPass:
// output Real cr[0]); it is not "never assigned".
package P
  function f
    input Real u;
    output Real cr[0];
    output Real y;
  algorithm
    y := 2 * u;
  end f;
  model M
    Real cr[0];
    Real y;
  equation
    (cr, y) = f(time);
  end M;
end P;
// MODEL: P.M
