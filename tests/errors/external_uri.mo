model ExternalUri
  function f
    input Real x;
    output Real y;
  external "C" y = cfun(x) annotation(Library = "cf", LibraryDirectory = "modelica://NoSuchPackage/Resources/Library");
  end f;
  Real y = f(time);
end ExternalUri;
// ERROR: %f:2:12: error: cannot resolve 'modelica://NoSuchPackage/Resources/Library': no package 'NoSuchPackage' on the library path
