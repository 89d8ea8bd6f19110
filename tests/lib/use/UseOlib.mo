model UseOlib
  Olib.Ball b;
end UseOlib;
