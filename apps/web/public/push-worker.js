/* global self */
// The service worker a landing page's "Get notifications" registers (features/messaging/visitor):
// it shows each push the server sends ({ title, body, url }, apps/api/src/messaging/push/push-channel.ts)
// and opens its link when tapped. No fetch handler: it never stands between the page and the network.
'use strict';

self.addEventListener('push', (event) => {
  let notification = { title: '', body: '', url: '/' };
  try {
    notification = { ...notification, ...event.data.json() };
  } catch {
    // A push without a JSON payload still shows, as the title browsers require it to (userVisibleOnly).
  }
  event.waitUntil(
    self.registration.showNotification(notification.title || self.location.host, {
      body: notification.body,
      icon: '/favicon.svg',
      data: { url: notification.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  if (url) event.waitUntil(self.clients.openWindow(url));
});
