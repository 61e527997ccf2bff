package contracts

// Test code drives the package from one goroutine.
func driveFromTest() {
	table["test"] = 1
	dev.Run()
}
