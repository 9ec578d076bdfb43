package main

// misereBattery holds the cases of misère canonical forms and quotients.
func misereBattery(file func(name, text string) string) []batteryCase {
	return []batteryCase{}
}
