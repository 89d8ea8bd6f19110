within;
package Top
end Top;
