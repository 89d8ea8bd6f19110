// A flow of an operator record needs its '+', '-' and '0' for the connection equations (spec 9.3).
model FlowOperatorRecord
  operator record Z
    Real re;
    Real im;
    encapsulated operator function '+'
      input Z a;
      input Z b;
      output Z c;
    algorithm
      c := Z(a.re + b.re, a.im + b.im);
    end '+';
  end Z;
  connector C
    Z e;
    flow Z f;
  end C;
  C c;
end FlowOperatorRecord;
// ERROR: %f:16:12: error: flow 'f' is an operator record 'FlowOperatorRecord.Z' without the operator '-' (spec 9.3)
// ERROR: %f:3:19: note: 'Z' is declared here
