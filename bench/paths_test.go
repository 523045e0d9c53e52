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
// in turn, and that a round keeps each timer's fastest slice.
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
	// Two warm-up calls each, then slices of 7, 5, 9, ... ns.
	a := fake(0, []float64{1, 1, 7, 5, 9, 6, 8, 7, 6, 9})
	b := fake(1, []float64{1, 1, 3, 4, 2, 5, 6, 3, 4, 5})
	m := &measurer{rounds: 1, minTime: time.Millisecond}
	times, err := m.pairedTimes([]timer{a, b}, 8)
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]float64{{5}, {2}}; !slices.Equal(times[0], want[0]) || !slices.Equal(times[1], want[1]) {
		t.Errorf("times = %v, want %v", times, want)
	}
	if calls[0] != 2+8 || calls[1] != 2+8 {
		t.Errorf("calls = %v, want 10 each", calls)
	}
	// After the warm-ups, the slices alternate, the first timer rotating.
	want := []int{0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0}
	if !slices.Equal(order, want) {
		t.Errorf("order = %v, want %v", order, want)
	}
}
