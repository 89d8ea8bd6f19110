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

  model Hierarchical "the example of 17.3.7 as written there (but 'outer Integer v' in StateX: an outer input is an
    error, 5.4), on the default clock"
    inner Integer v(start = 0);
    State1 state1;
    State2 state2;
    Boolean inD = activeState(state1.stateD);
    Boolean inY = activeState(state1.stateY);
    Boolean in2 = activeState(state2);
  equation
    initialState(state1);
    transition(state1, state2, activeState(state1.stateD) and activeState(state1.stateY), immediate = false);
    transition(state2, state1, v >= 20, immediate = false);
  public
    encapsulated block State1 "(encapsulated: Synchronize uses it)"
      inner Integer count(start = 0);
      inner outer output Integer v;
      block StateA
        outer output Integer v;
      equation
        v = previous(v) + 2;
      end StateA;
      StateA stateA;
      block StateB
        outer output Integer v;
      equation
        v = previous(v) - 1;
      end StateB;
      StateB stateB;
      block StateC
        outer output Integer count;
      equation
        count = previous(count) + 1;
      end StateC;
      StateC stateC;
      block StateD
      end StateD;
      StateD stateD;
    equation
      initialState(stateA);
      transition(stateA, stateB, v >= 6, immediate = false);
      transition(stateB, stateC, v == 0, immediate = false);
      transition(stateC, stateA, true, immediate = false, priority = 2);
      transition(stateC, stateD, count >= 2, immediate = false);
    public
      block StateX
        outer Integer v;
        Integer i(start = 0);
        Integer w; // = v;
      equation
        i = previous(i) + 1;
        w = v;
      end StateX;
      StateX stateX;
      block StateY
        Integer j(start = 0);
      equation
        j = previous(j) + 1;
      end StateY;
      StateY stateY;
    equation
      initialState(stateX);
      transition(stateX, stateY, stateX.i > 20, immediate = false, reset = false);
    end State1;
    encapsulated block State2
      outer output Integer v;
    equation
      v = previous(v) + 5;
    end State2;
    annotation(experiment(StopTime = 80));
  end Hierarchical;

  model Synchronize "Hierarchical with the transition from state1 to state2 a synchronize transition with the
    condition true (17.3.7: the same behaviour), on a clock of 1 s"
    inner Integer v(start = 0);
    Hierarchical.State1 state1;
    Hierarchical.State2 state2;
    Boolean in2 = activeState(state2);
  equation
    initialState(state1);
    transition(state1, state2, sample(true, Clock(1, 1)), immediate = false, synchronize = true);
    transition(state2, state1, v >= 20, immediate = false);
    annotation(experiment(StopTime = 80));
  end Synchronize;

  model Outputs "outputs of two states connected to one input (17.3.6): the input follows the active state's output"
    connector IntOut = output Integer;
    connector IntIn = input Integer;
    block A
      IntOut y;
    equation
      y = 1;
    end A;
    block B
      IntOut y;
      Integer n(start = 0);
    equation
      n = previous(n) + 1;
      y = 10 + n;
    end B;
    block Use
      IntIn u;
      output Integer z;
    equation
      z = 2 * u;
    end Use;
    A a;
    B b;
    Use c;
    Integer tick(start = 0);
  equation
    when Clock(1, 10) then
      tick = previous(tick) + 1;
    end when;
    connect(a.y, c.u);
    connect(b.y, c.u);
    initialState(a);
    transition(a, b, tick > 3, immediate = false);
    transition(b, a, b.n >= 2, immediate = false);
    annotation(experiment(StopTime = 1.5));
  end Outputs;
  model Reentry "an inner machine's timeInState in an immediate condition after its enclosing state is
    entered again without reset: it counts from the new entry (tick 6, t = 0.5), so b follows at 0.9"
    block A
      output Real tin;
      output Integer kin;
    equation
      tin = timeInState();
      kin = ticksInState();
    end A;
    block B
    end B;
    block P
      A a;
      B b;
    equation
      initialState(a);
      transition(a, b, timeInState() > 0.35);
    end P;
    block Q
    end Q;
    P p;
    Q q;
    Integer tick(start = 0);
    Boolean inB = activeState(p.b);
  equation
    when Clock(1, 10) then
      tick = previous(tick) + 1;
    end when;
    initialState(p);
    transition(p, q, tick == 3, immediate = false);
    transition(q, p, tick == 5, immediate = false, reset = false);
  end Reentry;

  model Integrate "der() in states (17.1 with 16.8): the machine's partition is discretized by ExplicitEuler;
    a.x is integrated while a is active and kept while it is not (a is entered again without a reset), b.y
    starts from its start value at each entry (a reset transition), w is integrated in both states"
    block Decay
      output Real x(start = 1);
      outer output Real w;
    equation
      der(x) = -2 * x;
      der(w) = 1;
    end Decay;
    block Grow
      output Real y(start = 0.5);
      output Integer n(start = 0);
      outer output Real w;
    equation
      der(y) = 1 + y;
      n = previous(n) + 1;
      der(w) = -w;
    end Grow;
    Decay a;
    Grow b;
    inner Real w(start = 0.25);
    Integer tick(start = 0);
  equation
    when Clock(Clock(1, 10), solverMethod = "ExplicitEuler") then
      tick = previous(tick) + 1;
    end when;
    initialState(a);
    transition(a, b, tick == 4 or tick == 12, immediate = false);
    transition(b, a, b.n >= 3, immediate = false, reset = false);
    annotation(experiment(StopTime = 2));
  end Integrate;
  model InputBinding "a state's input set by a modifier (S a(u = 2 * tick)): an equation from outside"
    block S
      input Integer u;
      output Integer x(start = 0);
    equation
      x = previous(x) + u;
    end S;
    block T
    end T;
    Integer tick(start = 0);
    S a(u = 2 * tick);
    T b;
  equation
    when Clock(1, 10) then
      tick = previous(tick) + 1;
    end when;
    initialState(a);
    transition(a, b, tick >= 4, immediate = false);
  end InputBinding;

  model InnerOutputs "outputs of the states of a machine inside a state, connected to one input there
    (17.3.6 inside 17.3.7): c.u takes the active state's output, and keeps its value while p is inactive;
    activeState(q) in a when-clause"
    connector IntOut = output Integer;
    connector IntIn = input Integer;
    block A
      IntOut y;
      Integer k(start = 0);
    equation
      k = previous(k) + 1;
      y = 1;
    end A;
    block B
      IntOut y;
      Integer n(start = 0);
    equation
      n = previous(n) + 1;
      y = 10 + n;
    end B;
    block Use
      IntIn u;
      output Integer z;
    equation
      z = 2 * u;
    end Use;
    block P
      A a;
      B b;
      Use c;
    equation
      connect(a.y, c.u);
      connect(b.y, c.u);
      initialState(a);
      transition(a, b, a.k >= 3, immediate = false);
      transition(b, a, b.n >= 2, immediate = false);
    end P;
    block Q
    end Q;
    P p;
    Q q;
    Integer tick(start = 0);
    discrete Real tq(start = -1) "when q became active last (activeState in a when-clause)";
  equation
    when Clock(1, 10) then
      tick = previous(tick) + 1;
    end when;
    when activeState(q) then
      tq = time;
    end when;
    initialState(p);
    transition(p, q, tick > 12, immediate = false);
    transition(q, p, tick > 14, immediate = false);
    annotation(experiment(StopTime = 2));
  end InnerOutputs;

  model Chain "N states in a ring, each adding its number to one outer output (memory linear in N)"
    parameter Integer N = 2000;
    inner Integer v(start = 0);
    block S
      outer output Integer v;
      parameter Integer d = 1;
    equation
      v = previous(v) + d;
    end S;
    S s[N](d = 1:N);
  equation
    initialState(s[1]);
    for i in 1:N - 1 loop
      transition(s[i], s[i + 1], sample(true, Clock(1, 10)), immediate = false);
    end for;
    transition(s[N], s[1], sample(true, Clock(1, 10)), immediate = false);
  end Chain;
end StateMachines;
