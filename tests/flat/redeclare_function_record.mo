// Function and record redeclarations (spec 7.3), and a redeclared class used through a nested class
// of a package.
model RedeclareFunctionRecord
  function f1 input Real u; output Real y; algorithm y := u + 1; end f1;
  function f2 input Real u; output Real y; algorithm y := 3*u; end f2;
  record RA parameter Real a = 1; end RA;
  record RB parameter Real a = 2; parameter Real b = 3; end RB;
  model User
    replaceable function fn = f1;
    replaceable record Rec = RA;
    parameter Rec r;
    Real w = fn(2) + r.a;
  end User;
  model Long "a long-form redeclaration of a function, as an element of a class body"
    extends User;
    redeclare function fn
      input Real u;
      output Real y;
    algorithm
      y := u - 10;
    end fn;
  end Long;
  User u1;
  User u2(redeclare function fn = f2, redeclare record Rec = RB);
  Long l;
end RedeclareFunctionRecord;
