// Each public connector of a block has only input and output variables, apart from parameters and
// constants (specification 4.6); a protected one, and a model's, may have others.
// ERROR: %f:18:9: error: 'p' is a public connector of the block 'BlockConnectorDirection.B', so its variable 'b.p.v' must be input or output (specification 4.6)
model BlockConnectorDirection
  connector Pin
    Real v;
    flow Real i;
  end Pin;
  connector Signals
    input Real u;
    output Real y;
    parameter Real k = 1;
  end Signals;
  block B
    Signals s "fine";
    input Real u = 1;
    output Real y = 2 * u;
    Pin p;
  protected
    Pin q "fine: protected";
  end B;
  model M
    Pin p "fine: a model";
  equation
    p.v = 0;
  end M;
  B b;
  M m;
end BlockConnectorDirection;
