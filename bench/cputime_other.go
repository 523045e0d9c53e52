//go:build !unix

package main

// processCPU is not measured here: -fix reports wall time only.
func processCPU() (float64, bool) { return 0, false }
