model UseBroken
  Mylib.Broken b;
end UseBroken;
