package lockorder_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/lockorder"
)

func TestLockOrder(t *testing.T) {
	gatetest.Run(t, lockorder.Analyzer, "lockorder")
}
