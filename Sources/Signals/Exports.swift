// The values and the error model every module passes around (SignalError, Quaternion, SampleBuffer, the
// motion and location points) live in SensorData; `import Signals` keeps seeing them under their names.
@_exported import SensorData
