within ModelicaByExample;
package Components "Component-oriented models"
end Components;
