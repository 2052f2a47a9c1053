import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from '../components/route-error';

/**
 * Every screen is loaded on demand (the lazy-screens rule): each route module below is its own chunk in the
 * build, named after its file (`assets/login-<hash>.js`, `assets/call-logs-<hash>.js`, ...).
 * Route modules default-export their screen; layouts (app/layouts, which compose features) are named exports.
 */
type RouteModule = { default: ComponentType };

// The function form of `lazy`, not the per-property object form: when a chunk fails to load
// during a client-side navigation (a deploy removed it, the network dropped), the function form
// reaches the errorElement, while a failing object-form `Component` leaves a blank outlet
// (seen with react-router 7.18).
function screen(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** A fresh route table per router: React Router updates route objects as it resolves them. */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: FullPageLoader,
      // Last resort: a layout chunk failed to load, or something broke above the layouts.
      errorElement: <RouteError />,
      children: [
        {
          lazy: async () => ({
            Component: (await import('./layouts/public-layout')).PublicLayout,
          }),
          children: [
            {
              // Errors in a public screen show inside the public header and footer.
              errorElement: <RouteError />,
              children: [
                { index: true, lazy: screen(() => import('./routes/landing')) },
                { path: 'login', lazy: screen(() => import('./routes/login')) },
                { path: 'create-account', lazy: screen(() => import('./routes/create-account')) },
                { path: 'set-password', lazy: screen(() => import('./routes/set-password')) },
                {
                  path: 'forgot-password',
                  lazy: screen(() => import('./routes/forgot-password')),
                },
                { path: 'reset-password', lazy: screen(() => import('./routes/reset-password')) },
                { path: '*', lazy: screen(() => import('./routes/not-found')) },
              ],
            },
          ],
        },
        {
          // Signed-in screens: the layout lets only a session through (see SessionGate).
          lazy: async () => ({
            Component: (await import('./layouts/app-layout')).AppLayout,
          }),
          children: [
            {
              // Errors in an app screen show inside the app shell, navigation still usable.
              errorElement: <RouteError />,
              children: [
                { path: 'dashboard', lazy: screen(() => import('./routes/dashboard')) },
                { path: 'calls', lazy: screen(() => import('./routes/calls')) },
                { path: 'live-calls', lazy: screen(() => import('./routes/live-calls')) },
                { path: 'contacts', lazy: screen(() => import('./routes/contacts')) },
                { path: 'contacts/:contactId', lazy: screen(() => import('./routes/contact')) },
                { path: 'enquiries', lazy: screen(() => import('./routes/enquiries')) },
                { path: 'appointments', lazy: screen(() => import('./routes/appointments')) },
                { path: 'settings', lazy: screen(() => import('./routes/settings')) },
                // The platform console (decision 032).
                { path: 'phone-numbers', lazy: screen(() => import('./routes/phone-numbers')) },
                { path: 'tools', lazy: screen(() => import('./routes/tools')) },
                { path: 'squads', lazy: screen(() => import('./routes/squads')) },
                {
                  path: 'knowledge-bases',
                  lazy: screen(() => import('./routes/knowledge-bases')),
                },
                {
                  path: 'structured-outputs',
                  lazy: screen(() => import('./routes/structured-outputs')),
                },
                { path: 'tests', lazy: screen(() => import('./routes/tests')) },
                { path: 'tests/:suiteId', lazy: screen(() => import('./routes/test-suite')) },
                { path: 'test-runs/:runId', lazy: screen(() => import('./routes/test-run')) },
                { path: 'campaigns', lazy: screen(() => import('./routes/campaigns')) },
                { path: 'campaigns/:campaignId', lazy: screen(() => import('./routes/campaign')) },
                {
                  path: 'agent/:agentId',
                  children: [
                    { index: true, lazy: screen(() => import('./routes/agent/overview')) },
                    { path: 'statistics', lazy: screen(() => import('./routes/agent/statistics')) },
                    { path: 'call-logs', lazy: screen(() => import('./routes/agent/call-logs')) },
                    {
                      path: 'enquiries/:contactId',
                      lazy: screen(() => import('./routes/agent/contact-enquiries')),
                    },
                    {
                      path: 'enquiries/:contactId/email-logs/:enquiryId',
                      lazy: screen(() => import('./routes/agent/email-logs')),
                    },
                  ],
                },
                {
                  // Operator screens: members get "no access" here (and 403 from the API).
                  path: 'admin',
                  lazy: async () => ({
                    Component: (await import('../features/auth/components/require-admin'))
                      .RequireAdmin,
                  }),
                  children: [
                    { index: true, loader: () => redirect('/admin/businesses') },
                    { path: 'businesses', lazy: screen(() => import('./routes/admin/businesses')) },
                    { path: 'agents', lazy: screen(() => import('./routes/admin/agents')) },
                    {
                      path: 'platform-resources',
                      lazy: screen(() => import('./routes/admin/platform-resources')),
                    },
                    { path: 'mail', lazy: screen(() => import('./routes/admin/mail')) },
                    {
                      path: 'service-enquiries',
                      lazy: screen(() => import('./routes/admin/service-enquiries')),
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
