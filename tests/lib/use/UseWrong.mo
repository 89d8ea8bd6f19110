model UseWrong
  Mylib.Wrong w;
end UseWrong;
