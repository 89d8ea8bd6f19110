model AlgReinit
  Real v(start = 1, fixed = true);
equation
  der(v) = -1;
algorithm
  when v < 0 then
    reinit(v, 1);
  end when;
end AlgReinit;
// ERROR: %f:7:5: error: reinit is not allowed in an algorithm section; use it in a when-equation
