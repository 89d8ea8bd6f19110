// import A.B.*: every element of the package, the constant included.
package Lib
  package Units
    type Voltage = Real(unit = "V");
    constant Real v0 = 12;
  end Units;
end Lib;
model M
  import Lib.Units.*;
  Voltage v;
equation
  v = v0;
end M;
// MODEL: M
