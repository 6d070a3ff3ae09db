package server

import (
	"html/template"
	"net/http"
	"time"
)

// A browser cannot send a bearer token with a page or its event stream, so
// a spectator signs in once: /login takes the token in a form (never in a
// URL, where logs and history keep it) and sets it as an HTTP-only cookie
// that the page and its streams then carry.

var loginPage = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · warlog league</title>
<style>body{font:16px/1.4 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}}
input{font:inherit;width:100%;box-sizing:border-box;margin:.5rem 0;padding:.4rem}</style></head>
<body><h1>Sign in to the league</h1>
{{if .}}<p role="alert">{{.}}</p>{{end}}
<form method="post" action="/login"><label for="token">Your token (as the organiser gave it)</label>
<input id="token" name="token" type="password" autocomplete="off" required>
<button type="submit">Sign in</button></form></body></html>
`))

// login serves the form (GET) and checks a token given in it (POST).
func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if r.Method != http.MethodPost {
		return loginPage.Execute(w, "")
	}
	secret := r.PostFormValue("token")
	ts, err := Tokens(r.Context(), s.store)
	if err != nil {
		return err
	}
	if _, ok := authenticate(ts, secret); !ok || secret == "" {
		w.WriteHeader(http.StatusUnauthorized)
		return loginPage.Execute(w, "That token is not one of this league's live tokens.")
	}
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: secret, Path: "/", HttpOnly: true,
		Secure: r.TLS != nil, SameSite: http.SameSiteStrictMode, MaxAge: int((90 * 24 * time.Hour).Seconds())})
	http.Redirect(w, r, "/", http.StatusSeeOther)
	return nil
}
