// getInstanceName() in a model inside packages (spec 3.7.4.6, whose example gives "Vehicle.engine.controller"
// when MyLib.Vehicle is simulated): the simulated model's last identifier, then the instance's path.
// MODEL: MyLib.Cars.Vehicle
package MyLib
  package Cars
    model Vehicle
      Engine engine;
      parameter String top = getInstanceName();
    end Vehicle;
  end Cars;
  model Engine
    Controller controller;
  end Engine;
  model Controller
    parameter String name = getInstanceName();
  end Controller;
end MyLib;
