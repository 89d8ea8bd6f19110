model Empty
end Empty;
