// Messages name a cloned component's variables by its own path (flatten_clone.c makes c3 a copy of c1,
// whose variables have no name string of their own until asked: flat.h mo_clone_names).
model ConnectCloneNames
  connector P Real e; flow Real f; end P;
  connector Q Real e; Real f; end Q;
  model C P p; Q q; Real x(start = 1); parameter Real k = 2; end C;
  C c1; C c2(k = 3); C c3(x(start = 2));
equation
  connect(c3.p, c3.q);
end ConnectCloneNames;
// ERROR: %f:9:3: error: cannot connect flow variable 'c3.p.f' to non-flow variable 'c3.q.f'
// ERROR: %f:4:33: note: 'c3.p.f' is declared here
// ERROR: %f:5:28: note: 'c3.q.f' is declared here
