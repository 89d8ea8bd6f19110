// String values in algorithm sections and String() of enumeration values at run time
// (tests/sim/string_algorithms.sh).
package StringAlgorithms
  // An assignment of a String value known when the model is compiled, run at every evaluation of its
  // section (the for-loop is unrolled, its if-conditions decided): the equation str[i] = value.
  model Range
    String str[3];
    Real y;
  algorithm
    for s in {"str1", "str2", "str3"} loop
      if s == "str1" then
        str[1] := s;
      elseif s == "str2" then
        str[2] := s + "";
      else
        str[3] := s;
      end if;
    end for;
    assert(str[1] == "str1" and str[3] == "str3", "str was not set correctly");
    y := if str[2] == "str2" then 2 * time else -1;
  end Range;

  // String(e) compared with a text, e an enumeration variable known only at run time: the comparison of
  // e with the literal of that name (none: false for ==, true for <>).
  model EnumName
    type E = enumeration(one, two, three);
    E e = if time > 0.5 then E.two else E.one;
    Real y = if String(e) == "two" then 1 else 0;
    Real z = if "one" <> String(e) then 10 else 20;
    Boolean never = String(e) == "four";
    Boolean always = String(e) <> "four";
  end EnumName;
  model FnIntCompare "an Integer of a function body compared with ==, where the model's variable with the
    same number is a String: the comparison is of Integers (the compiler took it for a String comparison
    and stopped, MSL Digital.Examples.RAM)"
    function f
      input Integer n;
      output Integer m;
    protected
      Integer bit;
    algorithm
      m := 0;
      for i in 1:n loop
        bit := mod(i, 2);
        if bit == 1 then
          m := m + 1;
        end if;
      end for;
    end f;
    parameter Real a = 1;
    parameter Real b = 2;
    parameter String s = "text";
    Integer k = f(integer(time * 10));
  end FnIntCompare;
end StringAlgorithms;
