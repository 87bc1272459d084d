import ArgumentParser

/// `--platform`: the phone's platform for the commands that read recordings as `compare` does (`compare`,
/// `fit`), taken for an export whose own metadata does not say it.
struct PhonePlatformOption: ParsableArguments {
    @Option(
        name: .long,
        help:
            "The phone's platform (ios or android) for exports whose own metadata does not say it (as signals import).")
    var platform: ImportCommand.Platform?
}
