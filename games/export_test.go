package games

// ParseTerm is parseTerm, for the external tests.
var ParseTerm = parseTerm
