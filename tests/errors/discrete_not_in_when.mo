// A Real declared discrete is assigned in a when-clause (spec 4.5.3): a declaration equation is not one.
model M
  discrete Real x = 1.0;
  discrete Real y(start = 0, fixed = true);
algorithm
  when sample(0, 1) then
    y := pre(y) + x;
  end when;
end M;
// MODEL: M
// ERROR: %f:3:17: error: 'x' is declared discrete but no when-clause assigns it: a discrete Real is assigned in a when-clause (specification 4.5.3)
