import { useEffect, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type ResolverResult,
} from 'react-hook-form';
import type { z } from 'zod';
import { bindField } from './bind-field';

/** What a form says when its checks could not be fetched (offline, or a deploy replaced them). */
export const FORM_CHECKS_UNAVAILABLE =
  'This form could not finish loading. Check your connection and try again.';

/**
 * Fetches a form's zod schema and the resolver on first need, once; a failed fetch is tried
 * again on the next need.
 */
function deferredResolver<Values extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Values>>,
) {
  let loading: Promise<Resolver<Values, unknown, Output>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolve: Resolver<Values, unknown, Output> = async (values, context, options) => {
    let check: Resolver<Values, unknown, Output>;
    try {
      check = await load();
    } catch {
      return {
        values: {},
        errors: { root: { type: 'unavailable', message: FORM_CHECKS_UNAVAILABLE } },
      } as ResolverResult<Values, Output>;
    }
    return check(values, context, options);
  };
  return { load, resolve };
}

/**
 * `useZodForm` for a page's first form (sign-in): the schema, and zod with it, are fetched once
 * the page is drawn and the browser is idle, not before the form can show (decision 106). A
 * submit before then waits for them; if they cannot be fetched the form's `root` error says so
 * and the next submit tries again.
 *
 * `loadSchema`: `() => import('@switchboard/shared/auth').then((m) => m.loginSchema)`, say.
 */
export function useDeferredZodForm<Values extends FieldValues, Output = Values>(
  loadSchema: () => Promise<z.ZodType<Output, Values>>,
  defaultValues: DefaultValues<Values>,
) {
  const [{ load, resolve }] = useState(() => deferredResolver(loadSchema));
  useEffect(() => {
    const fetchChecks = () => void load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(fetchChecks, { timeout: 2000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = window.setTimeout(fetchChecks, 200);
    return () => window.clearTimeout(timer);
  }, [load]);
  const form = useForm<Values, unknown, Output>({ resolver: resolve, defaultValues });
  return { form, fieldProps: bindField(form.register, form.formState.errors) };
}
