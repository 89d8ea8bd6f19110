package ReinitOnce "legal reinit uses beside the ones 8.3.6 forbids (tests/errors/reinit_*.mo)"
  model Unit "a sawtooth: its state reset by its own when-equation, one per instance of the class"
    Real z(start = 0, fixed = true);
  equation
    der(z) = 1;
    when z > 0.75 then
      reinit(z, 0);
    end when;
  end Unit;
  model Legal "x: when and elsewhen of one when-equation each reinit it; y: a for-equation reinits each element once"
    Real x(start = 0, fixed = true);
    Real y[2](each start = 0, each fixed = true);
    Unit u[2];
  equation
    der(x) = 1;
    der(y) = {1, 1};
    when x > 1 then
      reinit(x, 0);
    elsewhen time > 1.5 then
      reinit(x, -1);
    end when;
    when time > 0.5 then
      for i in 1:2 loop
        reinit(y[i], i);
      end for;
    end when;
  end Legal;
end ReinitOnce;
