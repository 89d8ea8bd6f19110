model Brk
  extends Base(x = break);
  Comp c(y = break, z(start = break));
end Brk;
