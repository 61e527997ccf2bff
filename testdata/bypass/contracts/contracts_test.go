package contracts

// Test code drives the package from one goroutine.
func driveFromTest() {
	table["test"] = 1
	dev.Run()
}

var hook func()

// A closure of a test that the test stores for later is test code too.
func hookFromTest() {
	hook = func() { table["hooked"] = 1 }
}
