// Connected parameters are not connected but checked equal (spec 9.3): equal here, so the simulation
// runs; tests/sim/connect_params.sh overrides one of them and expects the assert to stop the run.
model ConnectParams
  connector Pin
    parameter Real R = 1;
    Real v;
    flow Real i;
  end Pin;
  model Source
    Pin p(R = 1);
  equation
    p.v = 1;
  end Source;
  model Load
    Pin p;
  equation
    p.i = p.v / p.R;
  end Load;
  Source s;
  Load l;
equation
  connect(s.p, l.p);
end ConnectParams;
