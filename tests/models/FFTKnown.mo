// Modelica.Blocks.Math.RealFFT on a known signal (tests/sim/fft.sh): its when-statement stores each
// sample with buf[iTick] := u (an element chosen at run time), its sampleTrigger is a Boolean variable
// b = sample(...), and at the end (when terminal()) (info, abs, arg) := realFFT(buf, nf) calls the
// function once for its 19 outputs' elements, and realFFTwriteToFile writes fft.mat. 80 samples from
// t = 0.01 every 1/400 s; frequencies 0, 5, ..., 40 Hz; 17 Hz lies between two of them.
model FFTKnown "RealFFT of a known signal"
  constant Real pi = Modelica.Constants.pi;
  Modelica.Blocks.Math.RealFFT realFFT(startTime = 0.01, f_max = 40, f_res = 5, resultFileName = "fft.mat");
equation
  realFFT.u = 2 + 3 * sin(2 * pi * 10 * time) + 1.5 * cos(2 * pi * 25 * time + 0.3) + 0.7 * sin(2 * pi * 17 * time);
  annotation(experiment(StopTime = 0.25));
end FFTKnown;
