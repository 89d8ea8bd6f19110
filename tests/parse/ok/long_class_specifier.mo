model Long "a description" + " continued"
  Real x;
equation
  x = 1;
  annotation(Documentation(info = "<html>doc</html>"));
end Long;
