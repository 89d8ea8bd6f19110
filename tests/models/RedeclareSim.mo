within;
package RedeclareSim "A first-order lag whose input a redeclaration chooses (tests/sim/redeclare.sh)"
  partial block Source
    output Real y;
  end Source;
  block Constant
    extends Source;
    parameter Real k = 1;
  equation
    y = k;
  end Constant;
  block Ramp
    extends Source;
    parameter Real rate = 1;
  equation
    y = rate*time;
  end Ramp;
  model Lag "T x' = u - x, u from a replaceable component"
    parameter Real T = 0.5;
    replaceable Constant src constrainedby Source;
    Real x(start = 0, fixed = true);
  equation
    T*der(x) = src.y - x;
  end Lag;
  model Plant "the same, u from a component of a replaceable class"
    replaceable model S = Constant(k = 2) constrainedby Source;
    parameter Real T = 0.25;
    S s;
    Real x(start = 0, fixed = true);
  equation
    T*der(x) = s.y - x;
  end Plant;
  model RampPlant
    extends Plant(redeclare model S = Ramp(rate = 2));
  end RampPlant;
  model Main
    Lag a "u = 1";
    Lag b(redeclare Ramp src(rate = 3)) "u = 3 t";
    Plant c "u = 2";
    RampPlant d "u = 2 t";
    annotation(experiment(StopTime = 2));
  end Main;
end RedeclareSim;
