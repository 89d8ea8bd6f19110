model StrNamedArg
  Real x(start = 1, fixed = true);
equation
  der(x) = -x;
  assert(x > 0.5, "x = " + String(x, minimumLenght = 8));
end StrNamedArg;
// ERROR: %f:5:38: error: String() has no argument 'minimumLenght'
// ERROR: %f:5:38: note: did you mean 'minimumLength'?
