// assert(true, m): the message is never evaluated (spec 8.3.7), so it may be a call that a model cannot
// evaluate (a function's String result, from a function that fails), in equations and algorithms.
model assert_true_message
  function genMsg
    output String msg;
  algorithm
    msg := "dummy";
    assert(false, "the message was evaluated");
  end genMsg;
  Real x = time;
equation
  assert(true, genMsg());
algorithm
  assert(true, genMsg());
end assert_true_message;
