model UseMissing
  Mylib.Sub.Nope n;
end UseMissing;
