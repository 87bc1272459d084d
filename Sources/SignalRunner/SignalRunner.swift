// SignalRunner: the umbrella module. `import SignalRunner` brings in the signal engine (`Signals`),
// real-time playback (`Playback`), CoreMotion-shaped managers (`SensorFeeds`), routes with GNSS-like
// error (`Location`) and realistic sensors (`Sensors`: the IMU error model, Allan deviation, phone
// recordings, motion presets) and the sensors a trajectory drives (`Navigation`: barometer, magnetometer). The FFTW spectrum verifier is a separate product (`SignalSpectrum`), because
// FFTW is GPL-licensed: an app that only generates and plays signals does not link it.
@_exported import Location
@_exported import Navigation
@_exported import Playback
@_exported import SensorData
@_exported import SensorFeeds
@_exported import Sensors
@_exported import Signals
