/* global document, window, EventSource, setInterval */
// Live updates for the dashboard: the server pushes keyed pieces of markup over one
// server-sent event stream per page; nothing here asks the server on a timer.
'use strict';

(function () {
  function since(ms) {
    if (ms < 60000) return 'under a minute';
    var m = Math.floor(ms / 60000);
    if (m < 60) return m + ' min';
    var h = Math.floor(m / 60);
    if (h < 24) return m % 60 ? h + ' h ' + (m % 60) + ' min' : h + ' h';
    var d = Math.floor(h / 24);
    return h % 24 ? d + ' d ' + (h % 24) + ' h' : d + ' d';
  }

  function refreshTimes(root) {
    var times = root.querySelectorAll('time[data-since]');
    for (var i = 0; i < times.length; i++) {
      var at = Date.parse(times[i].getAttribute('datetime'));
      if (!isNaN(at)) times[i].textContent = since(Date.now() - at);
    }
  }

  function fromMarkup(container, markup) {
    // Rows must be parsed inside a table body, or the parser drops their tags.
    var holder = document.createElement(container.tagName === 'TBODY' ? 'tbody' : 'div');
    if (holder.tagName === 'TBODY') {
      var table = document.createElement('table');
      table.appendChild(holder);
    }
    holder.innerHTML = markup;
    return holder.firstElementChild;
  }

  /** Keeps what the admin is typing (and where) when the piece around it is redrawn. */
  function typed(node) {
    var kept = [];
    var fields = node.querySelectorAll('input[type=text], input[type=search], textarea');
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].id && fields[i].value) kept.push({ id: fields[i].id, value: fields[i].value, focus: fields[i] === document.activeElement });
    }
    return kept;
  }

  function restore(kept) {
    for (var i = 0; i < kept.length; i++) {
      var field = document.getElementById(kept[i].id);
      if (!field) continue;
      field.value = kept[i].value;
      if (kept[i].focus) field.focus();
    }
  }

  function apply(update) {
    var container = document.getElementById(update.region);
    if (!container) return;
    var existing = {};
    var kept = [];
    for (var c = container.firstElementChild; c; c = c.nextElementSibling) {
      var key = c.getAttribute('data-key');
      if (key !== null) existing[key] = c;
    }
    var wanted = [];
    for (var i = 0; i < update.items.length; i++) {
      var item = update.items[i];
      var node = existing[item.key];
      if (item.html !== undefined) {
        if (node) kept = kept.concat(typed(node));
        node = fromMarkup(container, item.html);
      }
      if (node) wanted.push(node);
    }
    for (var k in existing) {
      if (wanted.indexOf(existing[k]) < 0) container.removeChild(existing[k]);
    }
    for (var j = 0; j < wanted.length; j++) {
      if (container.children[j] !== wanted[j]) container.insertBefore(wanted[j], container.children[j] || null);
    }
    restore(kept);
    refreshTimes(container);
    container.setAttribute('data-updated', String(Date.now()));
  }

  function start() {
    var main = document.querySelector('main[data-live]');
    refreshTimes(document);
    setInterval(function () { refreshTimes(document); }, 15000);
    if (!main || typeof EventSource === 'undefined') return;
    var status = document.querySelector('[data-live-status]');
    var say = function (text, state) {
      if (!status) return;
      status.textContent = text;
      status.setAttribute('data-state', state);
    };
    var source = new EventSource(main.getAttribute('data-live'));
    source.addEventListener('open', function () { say('Live: this page updates by itself.', 'open'); });
    source.addEventListener('region', function (event) { apply(JSON.parse(event.data)); });
    source.addEventListener('error', function () {
      if (source.readyState === EventSource.CLOSED) say('Live updates stopped: reload the page (you may need to log in again).', 'closed');
      else say('Live updates interrupted: reconnecting…', 'connecting');
    });
    window.addEventListener('pagehide', function () { source.close(); });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
