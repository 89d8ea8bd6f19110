// CombiTimeTable of the Modelica Standard Library through its own C code (ModelicaStandardTables,
// built from the MSL's C-Sources): external objects (12.9.7) made by the table's constructor, read by
// its functions, destroyed at the end (tests/sim/external_tables.sh).
package ExternalTables
  model Inline "y1 linear between [0, 0; 1, 2; 2, 3], extrapolated by the last two points; y2 constant segments held after the last point, plus 10"
    Modelica.Blocks.Sources.CombiTimeTable lin(table = [0, 0; 1, 2; 2, 3]);
    Modelica.Blocks.Sources.CombiTimeTable con(table = [0, 1; 0.5, 5; 1.5, -2],
      smoothness = Modelica.Blocks.Types.Smoothness.ConstantSegments, offset = {10},
      extrapolation = Modelica.Blocks.Types.Extrapolation.HoldLastPoint);
    Real y1 = lin.y[1];
    Real y2 = con.y[1];
    annotation(experiment(StopTime = 3));
  end Inline;
  model File "table tab1 of Modelica/Resources/Data/Tables/test.txt (copied beside the simulator)"
    Modelica.Blocks.Sources.CombiTimeTable tab(tableOnFile = true, tableName = "tab1", fileName = "test.txt",
      verboseRead = false);
    Real y = tab.y[1];
    annotation(experiment(StopTime = 4));
  end File;
  model Resource "the same table, its file named by a modelica:// URI that loadResource resolves when the model is compiled"
    Modelica.Blocks.Sources.CombiTimeTable tab(tableOnFile = true, tableName = "tab1", verboseRead = false,
      fileName = Modelica.Utilities.Files.loadResource("modelica://Modelica/Resources/Data/Tables/test.txt"));
    Real y = tab.y[1];
    annotation(experiment(StopTime = 4));
  end Resource;
  model Missing "a resource that does not exist: an error at the URI"
    parameter String f = Modelica.Utilities.Files.loadResource("modelica://Modelica/Resources/Data/Tables/none.txt");
  end Missing;
  model Ints "IntegerTable (constant segments): its table is read only after the when {..., initial()}
    clause asked for the next event at initialization (8.6), else the MSL's C code fails"
    Modelica.Blocks.Sources.IntegerTable it(table = [0, 1; 1, 3; 2, -2]);
    Integer y = it.y;
    annotation(experiment(StopTime = 3));
  end Ints;
end ExternalTables;
