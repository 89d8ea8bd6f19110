package S
  type A = input Real[3](unit = "m") "c";
  type B = output Real;
  type Length = Real(final quantity = "Length", unit = "m", min = 0);
  connector RealInput = input Real "input signal";
  model M2 = .S.Base(k = 2) "global base";
  model Base parameter Real k = 1; end Base;
  type Matrix = Real[:, :];
end S;
