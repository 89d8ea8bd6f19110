// A redeclared conditional component keeps its declaration's condition, whose names are those of the
// class that declares it (s.noisy), not of the class that writes the redeclaration (Modelica.Clocked's
// SampleWithADeffects: 'unknown variable noisy' before).
model RedeclareConditional
  connector RI = input Real;
  connector RO = output Real;
  partial block PN
    RI u;
    RO y;
  end PN;
  block N1
    extends PN;
    parameter Real k = 1;
  equation
    y = k*u;
  end N1;
  block N2
    extends PN;
    parameter Real k = 2;
  equation
    y = k*u + 1;
  end N2;
  block S
    parameter Boolean noisy = false;
    replaceable N1 noise if noisy constrainedby PN;
    RO z;
  equation
    z = time;
    connect(z, noise.u);
  end S;
  S s(noisy = true, redeclare N2 noise(k = 3));
  S s2(redeclare N2 noise(k = 3));
end RedeclareConditional;
