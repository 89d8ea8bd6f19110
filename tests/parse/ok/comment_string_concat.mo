model Comments "a" + "b" + "c"
  Real x "first" + " second" annotation(Dialog(tab = "General"));
  Real y annotation(HideResult = true);
equation
  x = 1 "equation " + "comment";
  y = 2 annotation(__vendor(flag = true));
end Comments;
