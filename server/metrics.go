package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's counters, in a registry of its own (two
// servers in one test process keep theirs apart).
type metrics struct {
	requests  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	appends   prometheus.Counter
	conflicts prometheus.Counter
	refusals  *prometheus.CounterVec
	inflight  prometheus.Gauge
	handler   http.Handler
}

func newMetrics() *metrics {
	reg := prometheus.NewRegistry()
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "warlog_http_requests_total", Help: "Requests answered, by route and status.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "warlog_http_request_duration_seconds", Help: "Time to answer a request, by route.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"route"}),
		appends: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "warlog_appends_total", Help: "Actions decided and stored (a replayed action id not counted).",
		}),
		conflicts: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "warlog_conflicts_total", Help: "Actions refused because the campaign changed while they were decided.",
		}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "warlog_refusals_total", Help: "Requests refused, by kind.",
		}, []string{"kind"}),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "warlog_http_requests_in_flight", Help: "Requests being answered now (event streams included).",
		}),
	}
	reg.MustRegister(m.requests, m.latency, m.appends, m.conflicts, m.refusals, m.inflight,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.handler = promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	return m
}

func (m *metrics) observe(route string, status int, d time.Duration) {
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(d.Seconds())
}

func (m *metrics) refused(kind string) {
	m.refusals.WithLabelValues(kind).Inc()
	if kind == kindConcurrency {
		m.conflicts.Inc()
	}
}
