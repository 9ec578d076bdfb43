package main

// filesBattery holds the cases of files as hostile data and the flags that name them.
func filesBattery(file func(name, text string) string) []batteryCase {
	return []batteryCase{}
}
