within Modelica.Blocks;
package Sources "Library of signal source blocks generating Real signals"
  import SI = Modelica.Units.SI;
  annotation (Documentation(info="<html>
<p>Sources of Real signals that depend on time only. The step and the ramp are
discontinuous or kinked at <code>startTime</code>: mo2c does not yet treat time events, so the
integrator's step-size control crosses them (accurate to the tolerance, without an event
point in the result).</p>
</html>"));
end Sources;
