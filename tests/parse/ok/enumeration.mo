package En
  type Color = enumeration(red "Red color", green, blue "Blue" annotation(x = 1)) "colors";
  type Open = enumeration(:);
  type Empty = enumeration();
  type Single = enumeration(only);
  parameter Color c = Color.green;
end En;
