// The values and the error model every module passes around live in SensorData; this module re-exports
// them, so that importing it alone is enough to name them.
@_exported import SensorData
