// import A.B.C: the last identifier names the class.
package Lib
  package Units
    type Voltage = Real(unit = "V");
  end Units;
end Lib;
model M
  import Lib.Units.Voltage;
  Voltage v;
equation
  v = 1;
end M;
// MODEL: M
