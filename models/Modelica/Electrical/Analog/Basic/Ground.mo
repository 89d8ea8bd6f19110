within Modelica.Electrical.Analog.Basic;
model Ground "Ground node"
  Modelica.Electrical.Analog.Interfaces.Pin p "Ground pin";
equation
  p.v = 0;
  annotation (Documentation(info="<html>
<p>The reference of the potentials: <code>p.v = 0</code>. Every circuit needs one.</p>
</html>"));
end Ground;
