// Follows the battle on a warlog league page: each drawing the server sends
// (an event stream) takes the place of the live part; without this script
// the page still shows the battle as it stood when it was loaded.
(function () {
  var live = document.getElementById('live');
  var state = document.getElementById('live-state');
  if (!live || !window.EventSource) return;
  function say(text) { if (state) state.textContent = text; }
  var es = new EventSource(live.getAttribute('data-events'));
  es.addEventListener('open', function () { say('Following the battle live.'); });
  es.addEventListener('state', function (e) {
    live.innerHTML = e.data;
    live.setAttribute('data-version', e.lastEventId);
    say('Following the battle live.');
  });
  es.addEventListener('gone', function () {
    es.close();
    say('This campaign is no longer on the server.');
  });
  es.addEventListener('error', function () {
    if (es.readyState !== EventSource.CLOSED) say('Connection lost; reconnecting…');
  });
})();
