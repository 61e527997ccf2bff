// Package hidden is reported with latent findings off.
package hidden

func certain() {}
func latent()  {}

func F() {
	certain() // want `^certain: probe$`
	latent()
	//gatevet:ignore probe an ignore of a latent report stays in use when latent reports are off
	latent()
	//gatevet:ignore probe nothing to suppress here // want `suppresses nothing`
	_ = 0
}
