model UseLib
  Mylib.Sub.Thing t;
  Single.Thing s;
end UseLib;
