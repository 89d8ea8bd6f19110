// A redeclaration keeps the visibility of the element (spec 7.3.4).
model RedeclareVisibility
  model H
    replaceable Real x = 1;
  end H;
  model D
    extends H;
  protected
    redeclare Real x = 2;
  end D;
  D d;
end RedeclareVisibility;
// ERROR: %f:9:20: error: cannot redeclare public element 'x' as protected
// ERROR: %f:4:22: note: 'x' is declared here
