/// The flag explorer's page, script and style sheet, shipped in the binary: static text with no
/// build step, served below `/explorer`; the page asks nothing of any host but the server.
enum ExplorerAssets {}
