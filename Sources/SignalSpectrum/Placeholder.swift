/// Placeholder until the spectrum module lands.
enum SpectrumModulePlaceholder {}
