import type { TestApp } from './test-app';

/** The Authorization header of HTTP basic auth, as Postmark's inbound webhook sends it. */
const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * The settings of an app that takes replies by mail: the platform's
 * webhook secret, the reply domain and Postmark's basic-auth pair; no sandbox calls.
 */
export function inboundMailEnv(mail: {
  secret: string;
  domain: string;
  postmark: { user: string; password: string };
}): Record<string, string> {
  return {
    VAPI_WEBHOOK_SECRET: mail.secret,
    SANDBOX_CALLS: '0',
    INBOUND_MAIL_DOMAIN: mail.domain,
    INBOUND_POSTMARK_USER: mail.postmark.user,
    INBOUND_POSTMARK_PASSWORD: mail.postmark.password,
  };
}

/** A mail posted as Postmark's inbound webhook posts it, signed in with the pair `postmark`. */
export function postToPostmark(
  app: TestApp,
  postmark: { user: string; password: string },
  payload: object,
) {
  return app.inject({
    method: 'POST',
    url: '/api/inbound-mail/postmark',
    headers: { authorization: basicAuth(postmark.user, postmark.password) },
    payload,
  });
}
