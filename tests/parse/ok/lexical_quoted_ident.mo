model 'quoted model'
  Real 'a*/ b';
  Real 'x' "distinct from x";
  Real x;
  Real 'with \'escape\' and \"quote\" and \?';
  Real 'semi;colon,{[()]}';
equation
  'a*/ b' = x + 'x';
end 'quoted model';
