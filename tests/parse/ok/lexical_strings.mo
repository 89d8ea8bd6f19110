model Strings
  String a = "escapes: \' \" \? \\ \a \b \f \n \r \t \v";
  String b = "multi
line
string";
  String c = "";
  String d = "café ✓ 😀";
  String e = "a" + "b";
end Strings;
