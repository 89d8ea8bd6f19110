// A type's own modifiers apply to every element of an array of the type, without 'each'.
model EA
  type Temperature = Real(unit = "K", min = 0, start = 300);
  model M parameter Real k = 1; Real y = k; end M;
  model M2 = M(k = 2);
  Temperature T[3](each fixed = true);
  M2 m[2];
equation
  der(T) = -T;
end EA;
