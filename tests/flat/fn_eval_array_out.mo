// Calls of user functions with array outputs and array inputs evaluated when the model is compiled
// (fneval.c through eval.c): an element of an array output as a subscript choosing a record of an array
// (Magnetic.QuasiStatic.FundamentalWave's PolyphaseElectroMagneticConverter: iSymmetricalComponent[
// indexNonPos[k]] = Complex(0, 0), indexNonPos from Electrical.Polyphase.Functions.indexNonPositiveSequence)
// and as a size; an array argument. The values, by hand:
//   others(3) = {2, 3}: c[2] and c[3] are set to (0, 0), c[1] to (time, 1)
//   total({1, 2, 4}) = 7, so y has 7 - 5 = 2 elements; others(4)[3] = 4, so z has 4 - 2 = 2 elements
//   orient(3) = {0, 2, 4} (a comprehension, as Electrical.Polyphase.Functions.symmetricOrientation), so w2
//   has integer(2*asin(1.0)) - orient(3)[2] = 3 - 2 = 1 element (asin, as the MSL writes pi)
// A branch of an if-expression that is not taken is not checked for the domain of log10 (0 here):
// ComplexBlocks.Sources.ComplexRampPhasor's log10(magnitude1) with useLogRamp = false, magnitude1 = 0.
model fn_eval_array_out
  function others
    input Integer m;
    output Integer ind[m - 1];
  algorithm
    for k in 1:m - 1 loop
      ind[k] := k + 1;
    end for;
  end others;
  function total
    input Integer v[:];
    output Integer s = sum(v);
  end total;
  function orient
    input Integer m;
    output Real o[m];
  algorithm
    o := {(k - 1)*2 for k in 1:m};
  end orient;
  record C
    Real re;
    Real im;
  end C;
  parameter Integer m = 3;
  final parameter Integer ip[:] = others(m);
  parameter Integer w[3] = {1, 2, 4};
  C c[m];
  Real y[total(w) - 5] = {1, 2};
  parameter Integer o4[:] = others(4);
  Real z[o4[3] - 2] = {3, 4};
  parameter Real o3[3] = orient(3);
  Real w2[integer(2*asin(1.0)) - integer(o3[2])] = {5};
  parameter Real mag = 0;
  parameter Boolean useLog = false;
  Real r = if useLog then 10^log10(mag) else mag;
equation
  c[1] = C(time, 1);
  for k in 1:size(ip, 1) loop
    c[ip[k]] = C(0, 0);
  end for;
end fn_eval_array_out;
