// SignalRunner: the umbrella module. `import SignalRunner` brings in the signal engine (`Signals`) and
// real-time playback (`Playback`). The FFTW spectrum verifier is a separate product (`SignalSpectrum`),
// because FFTW is GPL-licensed: an app that only generates and plays signals does not link it.
@_exported import Playback
@_exported import SensorFeeds
@_exported import Signals
