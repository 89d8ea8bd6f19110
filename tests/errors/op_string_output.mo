// 14.3: the functions of an operator record's 'String' have one output, a String; here it is an Integer.
// (In a function body: op_string_output_fn.mo.)
model OpStringOutput
  operator record R
    Integer a;
    operator function 'String'
      input R r;
      output Integer s;
    algorithm
      s := r.a;
    end 'String';
  end R;
  R r = R(4);
  String s = String(r);
end OpStringOutput;
// MODEL: OpStringOutput
// ERROR: %f:8:22: error: a function of operator 'String' has one output, a String (specification 14.3)
// ERROR: %f:14:14: note: in this conversion by 'OpStringOutput.R.'String''
