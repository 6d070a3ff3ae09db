package page_test

import (
	"net/http"

	"warlog/campaigns"
	"warlog/server/page"
)

// A server mounts the page at its root (or under Options.Base) beside its
// API, and ends the page's event streams when it shuts down: Shutdown
// waits for every request, and a stream lasts until it is ended.
func ExampleHandler() {
	var svc *campaigns.Service // the server's service over its store
	p := page.Handler(page.Service(svc), page.Options{Title: "Thursday club"})
	mux := http.NewServeMux()
	mux.Handle("/", p) // behind the spectator check, unless the page is public
	srv := &http.Server{Addr: "127.0.0.1:8080", Handler: mux}
	srv.RegisterOnShutdown(p.Close)
}
