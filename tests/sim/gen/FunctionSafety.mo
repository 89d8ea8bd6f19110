// Hostile text in functions for tests/sim/function_safety.sh: quoted identifiers and messages holding
// printf conversions (%n, %s), comment delimiters, quotes, backslashes, trigraph-like "??/" and a newline
// must reach the generated C only as escaped literals and comments, and the messages must print intact.
model FunctionSafety "model %n%s */ \" \\ ??/ description"
  function 'f%n*/"??/\\' "function %s%n */ description"
    input Real 'x%s*/' "%n input";
    input String 'msg"' = "default %n */ \" \\ ??/";
    output Real 'y??/"' "%n output";
  protected
    Real 'w%n[]'[2] = {'x%s*/', 1};
  algorithm
    'y??/"' := sum('w%n[]');
    assert('x%s*/' < 0.5, "warn %s%s%n */ \" \\ ??/ end\nline2 " + 'msg"', AssertionLevel.warning);
    assert('x%s*/' < 0.75, "fail %s%s%n */ \" \\ ??/: " + String('x%s*/') + " " + 'msg"');
  end 'f%n*/"??/\\';
  Real '%n"y*/' = 'f%n*/"??/\\'(time);
end FunctionSafety;
