model Repl
  Comp c(replaceable Real x = 1, each replaceable Real y, final replaceable model M = Impl constrainedby Base(k = 1));
  Comp d(replaceable package P = Q);
end Repl;
