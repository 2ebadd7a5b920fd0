// One call's trace exported as a platform exports it: the SDK's OTLP/HTTP exporter to a receiver on
// 127.0.0.1, as a collector or Jaeger takes it, the JSON decoded and checked span by span.
import { createServer, type Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { installSdk, spanId, underTurn, type Sdk } from '../helpers/otel.js';
import { LOCAL } from '../helpers/sandboxes.js';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
  status: { code?: number };
}
interface OtlpExport {
  resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

let receiver: Server;
let received: { path: string; contentType: string; body: OtlpExport }[] = [];
let sdk: Sdk;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', contentType: String(request.headers['content-type']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  sdk = installSdk(new SimpleSpanProcessor(new OTLPTraceExporter({ url: `http://127.0.0.1:${port}/v1/traces` })));
});
afterAll(async () => {
  await sdk.uninstall();
  await new Promise((resolve) => receiver.close(resolve));
});

/** An attribute as OTLP's JSON spells it, read back as a plain value. */
function valueOf(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.boolValue;
}

describe("a call's trace over OTLP/HTTP", () => {
  it('reaches the receiver whole: the call under its turn, the exec under the call, the phases under the exec', async () => {
    const sandbox = await LOCAL.make();
    try {
      mkdirSync(join(sandbox.home, 'repos/app'), { recursive: true });
      writeFileSync(join(sandbox.home, 'repos/app/a.txt'), 'a\n');
      const run = new CodeToolRun({ sandbox, warm: false, runId: 'r1', agentId: 'a1', repositories: [{ name: 'app' }] });
      received = [];
      const { value: result, turn } = await underTurn('agent turn', () => run.call({ tool: 'file_read', args: { path: 'a.txt' }, callId: 'c1', resultSeq: 1 }));
      expect(result.ok).toBe(true);
      await sdk.tracerProvider.forceFlush();

      expect(new Set(received.map(({ path, contentType }) => `${path} ${contentType}`))).toEqual(new Set(['/v1/traces application/json']));
      const exported = received.flatMap(({ body }) => body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => ({ scope: scope.scope.name, span })))));
      const byName = new Map(exported.map(({ scope, span }) => [span.name, { scope, span }]));
      expect([...byName.keys()].sort()).toEqual([
        'agent turn',
        'execute_tool file_read',
        'guilds_code.exec',
        'guilds_code.helper.run',
        'guilds_code.helper.shape',
        'guilds_code.helper.start',
      ]);
      const call = byName.get('execute_tool file_read')!;
      expect(call.scope).toBe('guilds-code');
      // OTLP's span kind: 1 is INTERNAL.
      expect(call.span.kind).toBe(1);
      expect(call.span.traceId).toBe(turn.spanContext().traceId);
      expect(call.span.parentSpanId).toBe(spanId(turn));
      expect(Object.fromEntries(call.span.attributes.map(({ key, value }) => [key, valueOf(value)]))).toEqual({
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'file_read',
        'gen_ai.tool.call.id': 'c1',
        'gen_ai.tool.type': 'function',
        'guilds_code.run.id': 'r1',
        'guilds_code.agent.id': 'a1',
        'guilds_code.sandbox.kind': 'local',
        'guilds_code.outcome': 'ok',
        'guilds_code.call.mode': 'cold',
        'guilds_code.result.bytes': new TextEncoder().encode(result.text).length,
        'guilds_code.result.cut': false,
      });
      const exec = byName.get('guilds_code.exec')!.span;
      expect(exec.parentSpanId).toBe(call.span.spanId);
      for (const phase of ['guilds_code.helper.start', 'guilds_code.helper.run', 'guilds_code.helper.shape']) {
        expect(byName.get(phase)!.span.parentSpanId).toBe(exec.spanId);
        expect(byName.get(phase)!.span.traceId).toBe(call.span.traceId);
      }
    } finally {
      await sandbox.cleanup();
    }
  });
});
