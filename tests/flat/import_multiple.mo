// import A.B.{C, D}: the listed elements only.
package Lib
  package Units
    type Voltage = Real(unit = "V");
    type Current = Real(unit = "A");
  end Units;
end Lib;
model M
  import Lib.Units.{Voltage, Current};
  Voltage v;
  Current i;
equation
  v = 2*i;
  i = 1;
end M;
// MODEL: M
