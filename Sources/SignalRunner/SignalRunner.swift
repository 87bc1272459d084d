// SignalRunner: the umbrella module. `import SignalRunner` brings in the signal engine (`Signals`),
// real-time playback (`Playback`), CoreMotion-shaped managers (`SensorFeeds`) and routes with GNSS-like
// error (`Location`). The FFTW spectrum verifier is a separate product (`SignalSpectrum`), because FFTW is
// GPL-licensed: an app that only generates and plays signals does not link it.
@_exported import Location
@_exported import Playback
@_exported import SensorFeeds
@_exported import Signals
