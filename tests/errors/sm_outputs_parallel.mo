// Outputs of two states connected together merge into one signal (17.3.6) only when the states cannot be
// active at the same time.
model SmOutputsParallel
  connector IntOut = output Integer;
  connector IntIn = input Integer;
  block A
    IntOut y;
  equation
    y = 1;
  end A;
  block E
  end E;
  block Use
    IntIn u;
  end Use;
  A a1;
  E e1;
  A a2;
  E e2;
  Use c;
equation
  connect(a1.y, c.u);
  connect(a2.y, c.u);
  initialState(a1);
  transition(a1, e1, sample(time, Clock(0.1)) > 0.5, immediate = false);
  initialState(a2);
  transition(a2, e2, sample(time, Clock(0.1)) > 0.7, immediate = false);
end SmOutputsParallel;
// ARGS: --emit-c -o /dev/null %f
// ERROR: %f:7:12: error: the outputs 'a1.y' and 'a2.y' are connected, and their states can be active at the same time (spec 17.3.6)
