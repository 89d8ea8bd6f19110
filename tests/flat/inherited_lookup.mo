// A class inherited from a base is found in the derived class (lookup in extends bases), and the base
// name itself is looked up in the enclosing scope.
package P
  partial model Base
    type Speed = Real(unit = "m/s");
    constant Real k = 4;
  end Base;
  model M
    extends Base;
    Speed s;
  equation
    s = k;
  end M;
end P;
// MODEL: P.M
