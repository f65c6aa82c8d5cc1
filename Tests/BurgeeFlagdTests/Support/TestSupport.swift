// The clients, servers, documents and bounded waits the test targets share, for every file here.
@_exported import BurgeeTestSupport
