// State machines (spec chapter 17): tests/sim/statemachines.sh checks the results against
// tests/ref/statemachines_ref.py, which runs the semantics model of 17.3.5 by hand.
package StateMachines
  model Spec171 "the example of 17.1: A1 active at 10, 11, 12, 13, 14 ms, not at 15 ms"
    block State
    end State;
    State A0;
    State A1; // becomes active at 10 ms
    State A2;
    Boolean a0 = activeState(A0);
    Boolean a1 = activeState(A1);
    Boolean a2 = activeState(A2);
  equation
    initialState(A0);
    transition(A0, A1, sample(time, Clock(1, 1000)) > 0.0095);
    transition(A1, A2, ticksInState() >= 5, immediate = false);
    annotation(experiment(StopTime = 0.02));
  end Spec171;

  model Outer "the inner state machine of state1 in 17.3.7, at the top level: outer outputs of several states"
    inner Integer v(start = 0);
    inner Integer count(start = 0);
    block StateA
      outer output Integer v;
    equation
      v = previous(v) + 2;
    end StateA;
    block StateB
      outer output Integer v;
    equation
      v = previous(v) - 1;
    end StateB;
    block StateC
      outer output Integer count;
    equation
      count = previous(count) + 1;
    end StateC;
    block StateD
    end StateD;
    StateA stateA;
    StateB stateB;
    StateC stateC;
    StateD stateD;
  equation
    initialState(stateA);
    transition(stateA, stateB, v >= 6, immediate = false);
    transition(stateB, stateC, v == 0, immediate = false);
    transition(stateC, stateA, sample(true, Clock(1, 10)), immediate = false, priority = 2);
    transition(stateC, stateD, count >= 2, immediate = false);
    annotation(experiment(StopTime = 2.5));
  end Outer;

  model Resets "local variables reset by reset transitions (17.3.4), immediate against delayed transitions by
    priority, a self-transition, ticksInState and timeInState in states and in conditions"
    block Count
      output Integer i(start = 0);
      output Integer k;
      output Real tin;
    equation
      i = previous(i) + 1;
      k = ticksInState();
      tin = timeInState();
    end Count;
    block Idle
      output Integer n(start = 10);
      Real x(start = 3);
    equation
      n = previous(n) + 1;
      2 * x = previous(x) + 1;
    end Idle;
    Count a;
    Count b;
    Idle c;
    Integer tick(start = -1);
    Boolean inA = activeState(a);
    Boolean inB = activeState(b);
    Boolean inC = activeState(c);
  equation
    when Clock(1, 10) then
      tick = previous(tick) + 1;
    end when;
    initialState(a);
    transition(a, b, a.i >= 3, immediate = false, reset = true, priority = 2);
    transition(a, c, tick == 9, priority = 1);
    transition(b, a, b.i >= 2, immediate = false, reset = false);
    transition(c, a, timeInState() >= 0.25, reset = true);
    transition(c, c, ticksInState() == 3, immediate = false, reset = false, priority = 2);
    annotation(experiment(StopTime = 2));
  end Resets;
end StateMachines;
