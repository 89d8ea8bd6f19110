// An input whose declared size is a protected constant of its function (as the MSL's
// Machines.SpacePhasors.Functions.activePower: input Real v[m]; protected constant Integer m = 3):
// the size is checked after the constant has its value (tests/sim/function_const_size.sh).
package FunctionConstSize
  function sumM
    input Real v[m];
    output Real s;
  protected
    constant Integer m = 3;
  algorithm
    s := sum(v);
  end sumM;
  function sumAny "passes on an argument of any size"
    input Real v[:];
    output Real s;
  algorithm
    s := sumM(v);
  end sumAny;
  model Ok "y = 3 + t"
    Real y = sumAny({1, 2, time});
  end Ok;
  model Bad "four elements for three"
    Real y = sumAny({1, 2, time, 4});
  end Bad;
end FunctionConstSize;
