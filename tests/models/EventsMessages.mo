package EventsMessages "assert and terminate (tests/sim/events_messages.sh)"
  model AssertFails "an assert that fails at a time event"
    Real x = time;
  equation
    assert(x < 0.5, "x reached " + String(x) + " (limit 0.5)");
  end AssertFails;

  model AssertWarns "a warning assert: the run goes on"
    Real y(start = 1, fixed = true);
  equation
    der(y) = -y;
    assert(y > 0.5, "y fell below 0.5", AssertionLevel.warning);
  end AssertWarns;

  model Terminates "terminate() inside a when-clause ends the run successfully"
    Real y(start = 0, fixed = true);
  equation
    der(y) = 1;
    when y >= 0.3 then
      terminate("y reached 0.3");
    end when;
  end Terminates;

  model AssertInWhen "an assert inside a when-clause"
    Integer n(start = 0);
  equation
    when sample(0.1, 0.1) then
      n = pre(n) + 1;
      assert(pre(n) < 3, "too many samples");
    end when;
  end AssertInWhen;
end EventsMessages;
