model Ann
  Real x annotation(Placement(transformation(extent = {{-10, -10}, {10, 10}}, rotation = 90, origin = {0, 0})));
  annotation(Documentation(info = "<html><p>Multi
line \"doc\"</p></html>", revisions = ""), Icon(coordinateSystem(preserveAspectRatio = false)), __Vendor_x(y = 1));
end Ann;
