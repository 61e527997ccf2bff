package contracts_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/contracts"
)

func TestContracts(t *testing.T) {
	gatetest.Run(t, contracts.Analyzer, "contracts")
}
