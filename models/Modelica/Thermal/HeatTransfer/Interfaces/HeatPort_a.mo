within Modelica.Thermal.HeatTransfer.Interfaces;
connector HeatPort_a "Thermal port for 1-dim. heat transfer (filled rectangular icon)"
  extends HeatPort;
end HeatPort_a;
