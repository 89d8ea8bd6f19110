model Refs
  Real x = a.b.c + .a.b + a[1].b[2, 3].c[:] + 'quoted ref'.x + a.'q'[1];
end Refs;
