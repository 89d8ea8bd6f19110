model KeywordPrefixes
  Real endValue, ifx, for_, inner1, initialValue, der_x, operatorX, pureY, streamZ, breakW;
  Real der = 1;
  Real initialized = 2;
equation
  endValue = ifx + for_ + inner1 + initialValue + der_x + operatorX + pureY + streamZ + breakW;
end KeywordPrefixes;
