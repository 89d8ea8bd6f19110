model D "only a description"
end D;
