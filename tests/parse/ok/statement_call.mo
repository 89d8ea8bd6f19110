function Call
  input Real x;
algorithm
  print(x);
  assert(x > 0, "positive");
  Modelica.Utilities.Streams.print("x", "file.txt");
  f();
end Call;
