package HiddenConstraint "constraints on differentiated variables that two linear equations hide from the structure (analysis/hidden.c)"
  model OpenStar "a zero-sequence inductor (as the MSL's Polyphase ZeroInductor: m*i0 = sum(i), v0 = L0*der(i0)) fed through resistors by three sources, its star point open: sum(i) = 0, so i0 = 0 although the structure lets i0 be a state"
    parameter Real R = 2;
    parameter Real L0 = 0.1;
    Real i[3](each start = 0);
    Real i0(start = 0);
    Real v0;
    Real vs "the star point's potential";
    parameter Real w(unit = "rad/s") = 1;
    Real V[3] = {sin(w*time), 2*cos(w*time), 0.5};
  equation
    3*i0 = sum(i);
    v0 = L0*der(i0);
    for k in 1:3 loop
      V[k] - R*i[k] - v0 = vs;
    end for;
    sum(i) = 0;
  end OpenStar;
end HiddenConstraint;
