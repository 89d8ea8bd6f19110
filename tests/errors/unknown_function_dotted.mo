// "did you mean" for a function named with dots: the functions of the package named.
// ERROR: %f:12:12: error: unknown function 'P.twise'
// ERROR: %f:6:14: note: did you mean 'twice'?
model UnknownFunctionDotted
  package P
    function twice
      input Real u;
      output Real y = 2 * u;
    algorithm
    end twice;
  end P;
  Real y = P.twise(1);
end UnknownFunctionDotted;
