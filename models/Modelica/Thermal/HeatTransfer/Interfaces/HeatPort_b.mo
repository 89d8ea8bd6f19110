within Modelica.Thermal.HeatTransfer.Interfaces;
connector HeatPort_b "Thermal port for 1-dim. heat transfer (unfilled rectangular icon)"
  extends HeatPort;
end HeatPort_b;
