// A conditional component, even an enabled one, may only be modified and connected (4.4.5).
// ERROR: %f:10:3: error: 'x' is a conditional component: it may only be modified and used in connect equations (specification 4.4.5)
model ConditionalUse
  connector C = Real;
  parameter Boolean use = true;
  Real x if use;
  C c if use "fine: connected";
  C c2 = time;
equation
  x = 2.0;
  connect(c, c2);
end ConditionalUse;
