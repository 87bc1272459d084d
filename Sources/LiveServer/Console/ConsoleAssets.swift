/// The web console's files, compiled into the binary so that the console works offline and nothing has
/// to be installed beside the server: ``html`` (`GET /`), ``script`` (`GET /console.js`) and ``style``
/// (`GET /console.css`). They are written as files in `Console/Web/` (plain HTML, JavaScript and CSS,
/// no library and no build step of their own); the EmbedWebConsole build plugin turns them into
/// `EmbeddedConsole`'s constants.
enum ConsoleAssets {
    /// `GET /`: the page. Plain HTML: the script and style sheet come from this server only.
    static let html = EmbeddedConsole.html
    /// `GET /console.js`: the console's behaviour, the `console-*.js` files concatenated in the order the
    /// plugin lists (one script, so the page and the routes know one path).
    static let script = EmbeddedConsole.script
    /// `GET /console.css`: its look.
    static let style = EmbeddedConsole.style
}
