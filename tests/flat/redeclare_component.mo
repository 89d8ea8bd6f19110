// Component redeclarations (spec 7.3): in an extends modifier, in a component modifier, as an element
// of a class body; the constraining modifiers (the declaration's own when there is no constrainedby)
// stay on the new component, the replaced declaration's others do not; prefixes and dimensions the new
// declaration does not write are the old one's; redeclare each gives every element of an array its
// modifier.
model RedeclareComponent
  partial block Src
    parameter Real offset = 0;
    output Real y;
  end Src;
  block Const
    extends Src;
    parameter Real k = 1;
  equation
    y = offset + k;
  end Const;
  block Sine
    extends Src;
    parameter Real amplitude = 1;
    parameter Real f = 1;
  equation
    y = offset + amplitude*sin(6.283185307179586*f*time);
  end Sine;
  model Source
    parameter Real offset = 0.5;
    replaceable Src signalSource(final offset = offset);
    Real v;
  equation
    v = signalSource.y;
  end Source;
  model SineSource "the MSL pattern: extends Interfaces.VoltageSource(redeclare Sine signalSource(...))"
    parameter Real V = 2;
    extends Source(redeclare Sine signalSource(amplitude = V, f = 3));
  end SineSource;
  model Body "redeclare as an element of a class body"
    extends Source;
    redeclare Const signalSource(k = 7);
  end Body;
  model Constrained
    replaceable Const c(k = 2) constrainedby Src(offset = 3);
    replaceable input Real u[2] = {1, 2};
  end Constrained;
  type Len = Real(unit = "m");
  model Arr
    replaceable Src s[2](each offset = 1);
  end Arr;
  SineSource s1;
  Body b;
  Source c(redeclare Const signalSource(k = 4), offset = 1);
  Constrained d1 "the default: both the declaration's and the constraining clause's modifiers";
  Constrained d2(redeclare Sine c(f = 5), redeclare Len u = {3, 4}) "the constraining modifier only";
  Arr a(redeclare each Const s(k = 9));
end RedeclareComponent;
