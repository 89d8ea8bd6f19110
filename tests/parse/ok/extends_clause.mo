model E
  extends Base;
  extends .Lib.Other(k = 3, x(start = 1)) annotation(IconMap(primitivesVisible = false));
  extends Third() annotation(Dialog);
  model Base end Base;
end E;
