/* global self, clients */
// Switchboard's service worker: shows the pushes the server sends (decision 060), even when no
// tab of the app is open, and opens the app where the notification points when clicked. It
// caches nothing: the app is always loaded from the server.

/** A path of ours, or the dashboard: a notification never leads to another site. */
function pathOf(link) {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//')
    ? link
    : '/dashboard';
}

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  var title = data.title || 'Switchboard';
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, {
        body: data.body || '',
        tag: data.id || undefined,
        icon: '/favicon.svg',
        data: { id: data.id || null, kind: data.kind || null, link: pathOf(data.link) },
      }),
      // Open tabs refresh their bell at once instead of at the next poll.
      clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
        list.forEach(function (client) {
          client.postMessage({ type: 'switchboard:notification', id: data.id || null });
        });
      }),
    ]),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = new URL(
    pathOf(event.notification.data && event.notification.data.link),
    self.location.origin,
  ).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
      for (var i = 0; i < list.length; i += 1) {
        var client = list[i];
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client.focus().then(function (focused) {
            return focused.navigate ? focused.navigate(target) : focused;
          });
        }
      }
      return clients.openWindow(target);
    }),
  );
});
