// Stream connectors (spec chapter 15): a source, three mixing volumes and a sink exchanging enthalpy
// through stream variables, two of the volumes inside branches (pipe and volume) whose own ports are
// outside connectors. Used by tests/sim/stream.sh against tests/ref/stream_ref.py.
package StreamVolumes
  connector Port
    Real p;
    flow Real m_flow "> 0: into the component";
    stream Real h_outflow "specific enthalpy flowing out of the component";
  end Port;

  model Source "prescribed mass flow into the network, of enthalpy h"
    parameter Real A = 1, B = 0.5, h = 100;
    parameter Real w(unit = "rad/s") = 1;
    Port port;
    Real mdot = A + B * sin(w * time);
  equation
    port.m_flow = -mdot;
    port.h_outflow = h;
  end Source;

  model Volume "well-mixed volume of constant mass M"
    parameter Real M = 1;
    Port a, b;
    Real h(start = 20, fixed = true);
  equation
    a.p = b.p;
    a.m_flow + b.m_flow = 0;
    a.h_outflow = h;
    b.h_outflow = h;
    M * der(h) = a.m_flow * actualStream(a.h_outflow) + b.m_flow * actualStream(b.h_outflow);
  end Volume;

  model Pipe "linear flow resistance, enthalpy passed on"
    parameter Real k = 1;
    Port a, b;
  equation
    a.m_flow + b.m_flow = 0;
    a.m_flow = k * (a.p - b.p);
    a.h_outflow = inStream(b.h_outflow);
    b.h_outflow = inStream(a.h_outflow);
  end Pipe;

  model Sink "pressure 0, enthalpy h for backflow"
    parameter Real h = 10;
    Port port;
    Real h_mix = inStream(port.h_outflow) "what flows in";
  equation
    port.p = 0;
    port.h_outflow = h;
  end Sink;

  model Branch "a pipe and a volume between the outside connectors a and b"
    parameter Real k = 1, M = 1;
    Port a, b;
    Pipe pipe(k = k);
    Volume vol(M = M);
    Real h_a = actualStream(a.h_outflow);
  equation
    connect(a, pipe.a);
    connect(pipe.b, vol.a);
    connect(vol.b, b);
  end Branch;

  model Network
    parameter Real A = 1, B = 0.5;
    Source src(A = A, B = B);
    Volume v1(M = 1);
    Branch b2(k = 2, M = 0.5);
    Branch b3(k = 1, M = 2);
    Sink sink;
  equation
    connect(src.port, v1.a);
    connect(v1.b, b2.a);
    connect(v1.b, b3.a);
    connect(b2.b, sink.port);
    connect(b3.b, sink.port);
    annotation(experiment(StopTime = 6));
  end Network;
end StreamVolumes;
