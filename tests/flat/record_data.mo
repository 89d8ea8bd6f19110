// MODEL: RecordData.Test
// Record constants as the Media library writes its data (tests/sim/record_data.sh, tests/flat/record_data.mo):
// constants of a record type given by their declaration's modifier (constant DataRecord H2O(MM = ...)),
// a vector of them (each), their fields read in equations and in functions (with subscripts chosen at
// run time, String fields too), whole records given to functions, array(...) as {...} (10.4.1), and a
// record variable of a function whose class gives its fields values through a modified extends clause
// (record Ideal extends Coeff(nc = 3, a = {...}): R134a's coefficients).
package RecordData
  record DataRecord
    String name;
    Real MM;
    Real a[2];
  end DataRecord;

  package Gases
    constant DataRecord H2O(name = "H2O", MM = 0.018, a = {1, 2});
    constant DataRecord N2(name = "N2", MM = 0.028, a = {3, 4});
    constant DataRecord mix[2] = {H2O, N2};
    constant DataRecord same[2](each name = "X", each MM = 1, each a = {5, 6});
    constant Real n[3] = array(1, 2, 3);
  end Gases;

  record Coeff
    parameter Integer nc = 2;
    parameter Real a[nc];
  end Coeff;
  record Ideal
    extends Coeff(nc = 3, a = {0.5, 0.25, 0.125});
  end Ideal;

  function molarMass "the MM of gas i, and a check of its name"
    input Integer i;
    output Real MM;
  algorithm
    MM := Gases.mix[i].MM + (if Gases.mix[i].name == "N2" then 1000 else 0);
  end molarMass;

  function weight "a record given whole, and a field of a vector of them picked by i"
    input DataRecord d;
    input Integer i;
    output Real w;
  algorithm
    w := d.MM * d.a[2] + Gases.mix[i].a[1] + sum(array(Gases.n[k] for k in 1:3));
  end weight;

  function poly "a polynomial in x with Ideal's coefficients: a[1] + a[2] x + a[3] x^2"
    input Real x;
    output Real y;
  protected
    Ideal id;
  algorithm
    y := 0;
    for k in 1:id.nc loop
      y := y + id.a[k] * x ^ (k - 1);
    end for;
  end poly;

  model Test
    Integer i = if time < 0.5 then 1 else 2;
    Real mm = molarMass(i);
    Real w1 = weight(Gases.H2O, i);
    Real w2 = weight(Gases.mix[2], 1);
    Real p = poly(time);
    Real n2 = Gases.mix[2].MM;
    Real a21 = Gases.mix[2].a[1];
    Real s = Gases.same[2].a[2] + Gases.n[3];
    annotation(experiment(StopTime = 1));
  end Test;
end RecordData;
