/// The web console's files, compiled into the binary so that the console works offline and needs no
/// build step: ``html`` (`GET /`), ``script`` (`GET /console.js`) and ``style`` (`GET /console.css`),
/// each written here in plain HTML, JavaScript and CSS.
enum ConsoleAssets {}
