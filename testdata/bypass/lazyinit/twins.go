package lazyinit

import (
	"errors"
	"sync"
)

// Twins of the cleaner whose one write the rule cannot show.
//
// Rates are loaded by a loader that can fail: it then leaves rates nil
// and returns, and a later call writes them, beside a rater made after
// the failed call.
var (
	ratesMu sync.Mutex
	rates   map[string]int
)

func readRates(fail bool) (map[string]int, error) {
	if fail {
		return nil, errors.New("no rates")
	}
	return map[string]int{"a": 1}, nil
}

func loadRates(fail bool) error {
	ratesMu.Lock()
	defer ratesMu.Unlock()
	if rates != nil {
		return nil
	}
	m, err := readRates(fail)
	if err != nil {
		return err
	}
	rates = m
	return nil
}

type rater struct{ name string }

func newRater(name string) *rater {
	loadRates(name == "")
	return &rater{name: name}
}

func (r *rater) rate() int { return rates[r.name] }

// Rater rates a name.
type Rater struct{ r *rater }

func NewRater(name string) *Rater { return &Rater{r: newRater(name)} }

func (r *Rater) Rate() int {
	return r.r.rate() // want `latent: Rate reads rates through \(\*rater\)\.rate → rates without holding ratesMu`
}

func RateCount() int {
	loadRates(false)
	return len(rates)
}

func Rated(name string) bool {
	loadRates(false)
	_, ok := rates[name]
	return ok
}

// Limits are made once, but a package-level limiter value exists from
// the start, made with no call of the initialiser.
var (
	limitsMu sync.Mutex
	limits   map[string]int
)

func makeLimits() {
	limitsMu.Lock()
	defer limitsMu.Unlock()
	if limits != nil {
		return
	}
	limits = map[string]int{"a": 3}
}

type limiter struct{ name string }

var defaultLimiter limiter

func newLimiter(name string) *limiter {
	makeLimits()
	return &limiter{name: name}
}

func (l *limiter) limit() int { return limits[l.name] }

// DefaultLimit reads through the package's own limiter.
func DefaultLimit() int {
	return defaultLimiter.limit() // want `latent: DefaultLimit reads limits through \(\*limiter\)\.limit → limits without holding limitsMu`
}

func Limit(name string) int { return newLimiter(name).limit() }

func LimitCount() int {
	makeLimits()
	return len(limits)
}

func Limited(name string) bool {
	makeLimits()
	_, ok := limits[name]
	return ok
}

func Limits() int {
	makeLimits()
	return len(limits) + 1
}
