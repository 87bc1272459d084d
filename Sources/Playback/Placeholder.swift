/// Placeholder until the playback module lands.
enum PlaybackModulePlaceholder {}
