import type { PushSubscriptionInput } from '@switchboard/shared/notifications';

/** The service worker that shows pushes (apps/web/public/sw.js), at the root scope. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser can receive push at all (a secure context with the APIs). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const found = await navigator.serviceWorker.getRegistration('/');
  return (await found?.pushManager.getSubscription()) ?? null;
}

/** The subscription as the server takes it. */
export function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

export class PushRefused extends Error {}

/**
 * Asks the person for permission, registers the service worker and subscribes this browser
 * with the server's VAPID key. Answers the subscription to hand to the server.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushRefused(
      'The browser does not allow notifications from Switchboard. Allow them in the site settings, then try again.',
    );
  }
  const ready = await registration();
  const existing = await ready.pushManager.getSubscription();
  if (existing) return existing;
  return ready.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
}

/** Unsubscribes this browser; answers the endpoint it had, for the server to forget. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}
