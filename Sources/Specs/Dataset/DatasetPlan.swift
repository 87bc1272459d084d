import Foundation
import InternalUtilities
import Sensors
import Signals

/// A dataset plan: templates of specs with randomised parameters, from which recording `i` of a dataset is
/// drawn as a pure function of (plan, i) (see ``item(_:)``).
///
/// ```json
/// {"seed": 11, "rate": 50, "duration": 4, "templates": [
///   {"name": "walk", "labels": {"activity": "walking"},
///    "parameters": {"cadence": {"uniform": [1.5, 2.1]}, "device": {"choice": ["bmi160", "android-hifi"]}},
///    "spec": {"imu": {"preset": "$device", "motion": {"preset": "walking", "cadence": "$cadence"}}}}]}
/// ```
/// - `seed` (whole number), `rate` (Hz, > 0), `duration` (s, > 0): shared by every recording.
/// - `templates` (at least one): `name` (unique), `labels` (strings, optional), `weight` (> 0, default 1:
///   templates are drawn in proportion to their weights), `parameters` (name → distribution, see
///   ``DatasetDistribution``), `spec` (a signal, motion, IMU or trajectory spec in which a string `"$name"`
///   is that parameter's drawn value). A trajectory template's recording is the one table `signals render`
///   writes (float64; every stream at the plan's rate, a sensor without a `rate` included; no GNSS outages;
///   no GPX file), see ``prepared(_:path:with:)``.
package struct DatasetPlan: Sendable, Hashable {
    /// One template.
    package struct Template: Sendable, Hashable {
        /// The template's name (the manifest's `template`).
        package var name: String
        /// Labels copied to every recording of the template, in document order.
        package var labels: [(key: String, value: String)]
        /// The relative weight with which the template is drawn (> 0).
        package var weight: Double
        /// Parameters in document order.
        package var parameters: [(name: String, distribution: DatasetDistribution)]
        /// The spec, with `"$name"` strings where parameters go.
        package var spec: JSONValue

        package static func == (a: Template, b: Template) -> Bool {
            a.name == b.name && a.labels.elementsEqual(b.labels, by: { $0 == $1 }) && a.weight == b.weight
                && a.parameters.elementsEqual(
                    b.parameters, by: { $0.name == $1.name && $0.distribution == $1.distribution })
                && a.spec == b.spec
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(spec)
        }
    }

    /// The seed every draw is keyed by.
    package var seed: UInt64
    /// Samples per second of every recording (Hz).
    package var rate: Double
    /// Length of every recording (s); each has round(rate · duration) rows.
    package var duration: Double
    /// The templates (at least one).
    package var templates: [Template]

    /// Rows of every recording: round(rate · duration).
    package var rows: Int { Int((rate * duration).rounded()) }
}
