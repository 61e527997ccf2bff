// Package shown is reported with latent findings on.
package shown

func certain() {}
func latent()  {}

func F() {
	certain() // want `^certain: probe$`
	latent()  // want `^latent: probe$`
	//gatevet:ignore probe a latent report suppressed on purpose
	latent()
}
