package main

import (
	"slices"
	"testing"
	"time"
)

func TestPairedRatio(t *testing.T) {
	// Per round, b's time over a's: 0.9, 1.5, 1.2; the median is 1.2.
	if got := pairedRatio([]float64{10, 20, 10}, []float64{9, 30, 12}); got != 1.2 {
		t.Errorf("pairedRatio = %v, want 1.2", got)
	}
}

// TestPairedTimes checks that every timer runs the slices times a round,
// each after an untimed run, in turn (every other sweep backwards), and
// that a round keeps each timer's fastest slice.
func TestPairedTimes(t *testing.T) {
	var order []int
	calls := []int{0, 0}
	fake := func(id int, ns []float64) timer {
		return func(n int) (float64, error) {
			order = append(order, id)
			calls[id]++
			return ns[(calls[id]-1)%len(ns)], nil
		}
	}
	// Two calibration calls, then an untimed run (99) before each of
	// the slices 7, 5, 9, 6 and 3, 4, 2, 5.
	a := fake(0, []float64{1, 1, 99, 7, 99, 5, 99, 9, 99, 6})
	b := fake(1, []float64{1, 1, 99, 3, 99, 4, 99, 2, 99, 5})
	m := &measurer{rounds: 1, minTime: time.Millisecond}
	times, err := m.pairedTimes([]timer{a, b}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]float64{{5}, {2}}; !slices.Equal(times[0], want[0]) || !slices.Equal(times[1], want[1]) {
		t.Errorf("times = %v, want %v", times, want)
	}
	if calls[0] != 2+2*4 || calls[1] != 2+2*4 {
		t.Errorf("calls = %v, want 10 each", calls)
	}
	// After the calibration, the sweeps go a b, b a, b a, a b (a pair
	// of sweeps forwards and backwards, then rotated), each timer's
	// untimed run before its slice.
	want := []int{0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1}
	if !slices.Equal(order, want) {
		t.Errorf("order = %v, want %v", order, want)
	}
}
