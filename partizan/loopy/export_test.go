package loopy

// Simplify lets the tests reach simplestForm.
var Simplify = simplestForm
