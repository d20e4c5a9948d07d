package stateful_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
)

// BenchmarkPlanSteady100 is bench figure 5 as a Go tool sees it: Plan for the steady 100-pod set in
// the typed projection, one caller, calls back to back over loopback to the real server. Besides
// ns/op it reports the p50 and p99 of the calls in µs.
//
//	go test -run '^$' -bench PlanSteady100 -benchtime 2000x
func BenchmarkPlanSteady100(b *testing.B) {
	c := dial(b, serve(b, "plain"))
	ctx := context.Background()
	req, err := steadyRequest(ctx, c, 100)
	if err != nil {
		b.Fatal(err)
	}
	for warm := time.Now(); time.Since(warm) < 5*time.Second; { // the server's JIT and the connection
		if _, err := c.Plan(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
	samples := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		plan, err := c.Plan(ctx, req)
		samples = append(samples, time.Since(t0))
		if err != nil || len(plan.GetActions()) != 0 {
			b.Fatalf("want the steady plan, got %v (%d actions)", err, len(plan.GetActions()))
		}
	}
	b.StopTimer()
	slices.Sort(samples)
	at := func(p float64) float64 {
		return float64(samples[int(p*float64(len(samples)-1))].Microseconds())
	}
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.99), "p99-µs")
	b.ReportMetric(float64(proto.Size(req)), "request-B")
}
