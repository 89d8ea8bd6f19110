within Library.Sub.Package;
model A "in a package"
  Real x;
end A;
