// import D = A.B: D stands for the package.
package Lib
  package Units
    type Voltage = Real(unit = "V");
  end Units;
end Lib;
model M
  import U = Lib.Units;
  U.Voltage v;
equation
  v = 1;
end M;
// MODEL: M
