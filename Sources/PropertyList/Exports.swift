// Every reader and writer reports through `Diagnostic`; a client that reads property lists gets the
// diagnostic types with them, without a second import.
@_exported public import Diagnostics
