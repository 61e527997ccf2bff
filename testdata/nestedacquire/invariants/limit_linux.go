package invariants

// maxIdle is 0 on linux: the runtime keeps no idle entries.
const maxIdle = 0
