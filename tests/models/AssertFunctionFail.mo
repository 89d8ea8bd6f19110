// A function that fails while the condition of a model's assert is evaluated (tests/sim/assert_function_fail.sh):
// the run stops on the function's own failure, not on the model's assert, whose condition was never decided.
package AssertFunctionFail
  function f "fails for i > 2"
    input Integer i;
    output Integer j;
  algorithm
    assert(i <= 2, "i > 2 in f");
    j := i;
  end f;
  function g "fails for i > 2, a String result"
    input Integer i;
    output String s;
  algorithm
    assert(i <= 2, "i > 2 in g");
    s := "w" + String(i);
  end g;
  model Number
    Integer k = 1 + integer(3*time);
  equation
    assert(f(k) == k, "the model's assert on f");
  end Number;
  model Text
    Integer k = 1 + integer(3*time);
    String s = g(k);
  equation
    assert(s == "w" + String(k), "the model's assert on g");
  end Text;
  model InAlgorithm
    Integer k = 1 + integer(3*time);
    Integer m;
  algorithm
    m := k;
    assert(f(k) == m, "the model's assert on f in an algorithm");
  end InAlgorithm;
end AssertFunctionFail;
