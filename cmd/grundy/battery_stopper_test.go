package main

// stopperBattery holds the cases of stoppers, strips and grids.
func stopperBattery(file func(name, text string) string) []batteryCase {
	return []batteryCase{}
}
