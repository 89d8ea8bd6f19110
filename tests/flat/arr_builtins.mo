// Built-in array functions and reductions over iterators.
model ArrBuiltins
  parameter Integer n = 3;
  parameter Real v[n] = linspace(0, 1, n);
  parameter Real w[n] = fill(2, n);
  parameter Integer s[2] = size(zeros(n, 2));
  parameter Real total = sum(v) + product(w) + n * ndims(ones(2, 2));
  Real x[n];
  Real e;
  Real c[3];
  Real M[3, 2];
equation
  x = cat(1, {time}, v[2:n] .* w[1:2]);
  e = sum(x[i] * v[i] for i in 1:n) + min(x) - max({x[1], 2}) + scalar({{e}}) * 0;
  c = cross(vector([1; 2; 3]), x);
  M = [{1, 2, 3}, {time, 5, 6}];
end ArrBuiltins;
