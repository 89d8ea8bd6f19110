// One base inherited twice (a diamond) is one set of elements when the modifications on both ways agree
// (specification 7.1); each extends clause may then modify the elements it inherits, protected ones
// too. MSL Fluid's DynamicPipe inherits PartialTwoPort through PartialStraightPipe and PartialTwoPortFlow,
// setting its protected port_a_exposesState in both. tests/errors/inherit_diamond_differ.mo: they differ.
package D
  partial model Two
    Real x;
  protected
    parameter Boolean e = false;
    parameter Real k = 1;
  end Two;
  partial model Straight
    extends Two;
    parameter Real len = 2;
  end Straight;
  partial model Flow
    parameter Integer s = 1;
    extends Two(final e = s == 1, k = 3);
  end Flow;
  model Pipe
    extends Straight(final e = s == 1, k = 3);
    extends Flow(s = 2);
  equation
    x = if e then len else k;
  end Pipe;
end D;
// MODEL: D.Pipe
