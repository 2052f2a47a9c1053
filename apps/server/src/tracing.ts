import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter as OtlpJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  osDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import type { TracingConfig } from './config';

/**
 * OpenTelemetry tracing (decision 046). Imported by main.ts only when an OTLP endpoint is
 * configured, and before anything loads fastify, pg, http or undici.
 *
 * config.ts decides whether tracing runs, where spans go and how they are encoded. The SDK
 * reads the other standard variables itself, as it does in any Node service: the exporter
 * OTEL_EXPORTER_OTLP_(TRACES_)HEADERS, _TIMEOUT and _COMPRESSION; the tracer provider
 * OTEL_TRACES_SAMPLER(_ARG) and the span limits; the batch processor OTEL_BSP_*; the resource
 * detector OTEL_RESOURCE_ATTRIBUTES (and OTEL_SERVICE_NAME, the same value as config's).
 *
 * How each library is reached, which is also why this works from an esbuild bundle that keeps
 * every npm package external (they are still loaded from node_modules by name):
 * - http (server spans): the node:http module is patched when fastify requires it;
 * - fastify: `@fastify/otel` subscribes to fastify's `fastify.initialization` diagnostics
 *   channel and registers its plugin on every instance (ours and the in-process sandbox's);
 * - undici (the platform SDK's fetch): Node's fetch publishes diagnostics channel events;
 * - pg: we import it as an ES module, which require-in-the-middle never sees. The
 *   import-in-the-middle loader hook wraps it; it is registered here with a message channel
 *   so that it wraps only the modules an instrumentation asks for (pg, pg-pool), not every
 *   module the process loads.
 *
 * Answers the function that flushes and stops the tracer, for the shutdown.
 */
export async function startTracing(config: TracingConfig): Promise<() => Promise<void>> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, registerOptions);

  const exporter =
    config.protocol === 'http/json'
      ? new OtlpJsonTraceExporter({ url: config.tracesUrl })
      : new OtlpProtobufTraceExporter({ url: config.tracesUrl });

  // service.name from config (OTEL_SERVICE_NAME or "switchboard"); what the environment
  // detector finds (OTEL_RESOURCE_ATTRIBUTES) is laid over it, as the specification orders.
  const detected = detectResources({
    detectors: [envDetector, hostDetector, osDetector, processDetector],
  });
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': config.serviceName }))
    .merge(detected);

  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The global tracer provider, W3C trace context and baggage propagation, and the
  // AsyncLocalStorage context manager that carries the active span across awaits.
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation(),
      // The request span only, named by its route. A span per hook and per handler would be
      // ten spans a request, named after our anonymous route plugins' source text.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        instrumentHandler: false,
      }),
      // Queries outside any span (the background jobs' polling) would each be a trace of one
      // span; they are left out. A request's queries, and a traced job's, are kept.
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
    ],
  });

  // The loader thread must know which modules to wrap before the app imports them.
  await waitForAllMessagesAcknowledged();

  return () => provider.shutdown();
}
