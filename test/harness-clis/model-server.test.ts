// The scripted model server on its own, over plain HTTP on 127.0.0.1: each API's stream as the CLIs
// read it, the scripted error, and a hang that the server's own bounds end. No CLI needed.
import { afterEach, describe, expect, it } from 'vitest';
import { addFilePatch, GEMINI_SIDE_ANSWER, startModelServer, WRITTEN_FILE_CONTENT, type ModelServer } from './model-server.js';

interface SseEvent {
  readonly event: string | null;
  readonly data: any;
}

function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? null;
      const data = /^data: (.*)$/m.exec(block)![1]!;
      return { event, data: data === '[DONE]' ? data : JSON.parse(data) };
    });
}

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(path: string, body: unknown): Promise<{ status: number; text: string; contentType: string | null }> {
  const response = await fetch(`${server!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, text: await response.text(), contentType: response.headers.get('content-type') };
}

const SYSTEM = 'You are a coding agent.\nPrimary working directory: /home/agent/repo\n';

describe('the Anthropic Messages API (Claude Code)', () => {
  const tools = [{ name: 'Write', input_schema: {} }, { name: 'Read', input_schema: {} }];

  it('asks for the Write tool with an absolute path when the brief says WRITE_FILE', async () => {
    server = await startModelServer();
    const answer = await post('/v1/messages?beta=true', {
      model: 'claude-opus-5-5',
      stream: true,
      system: [{ type: 'text', text: SYSTEM }],
      tools,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'MARK-t1 please WRITE_FILE(one.txt)' }] }],
    });
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('text/event-stream');
    const events = parseSse(answer.text);
    expect(events.map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
    expect(events[1]!.data.content_block).toEqual({ type: 'tool_use', id: 'toolu_fake0002', name: 'Write', input: {} });
    expect(events[2]!.data.delta.type).toBe('input_json_delta');
    expect(JSON.parse(events[2]!.data.delta.partial_json)).toEqual({ file_path: '/home/agent/repo/one.txt', content: WRITTEN_FILE_CONTENT });
    expect(events[4]!.data.delta.stop_reason).toBe('tool_use');
    expect(server.requests.map((r) => [r.method, r.path, r.api, r.action])).toEqual([['POST', '/v1/messages?beta=true', 'anthropic', 'tool:Write']]);
  });

  it('finishes with the final text once the tool result is back', async () => {
    server = await startModelServer();
    const answer = await post('/v1/messages', {
      model: 'claude-opus-5-5',
      stream: true,
      system: SYSTEM,
      tools,
      messages: [
        { role: 'user', content: 'MARK-t1 please WRITE_FILE(one.txt)' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Write', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'File created successfully' }] },
      ],
    });
    const events = parseSse(answer.text);
    expect(events[1]!.data.content_block).toEqual({ type: 'text', text: '' });
    expect(events[2]!.data.delta).toEqual({ type: 'text_delta', text: 'FAKE_DONE one.txt | markers=[MARK-t1]' });
    expect(events[4]!.data.delta.stop_reason).toBe('end_turn');
  });

  it('answers a request that does not stream with one JSON message', async () => {
    server = await startModelServer();
    const answer = await post('/v1/messages', { model: 'claude-haiku', stream: false, messages: [{ role: 'user', content: 'MARK-x hello' }] });
    expect(JSON.parse(answer.text).content).toEqual([{ type: 'text', text: 'FAKE_REPLY | markers=[MARK-x]' }]);
  });

  it('answers FAKE_ERROR(401) with the API\'s error body', async () => {
    server = await startModelServer();
    const answer = await post('/v1/messages', { model: 'm', stream: true, messages: [{ role: 'user', content: 'MARK-e FAKE_ERROR(401)' }] });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toEqual({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
    expect(server.requests[0]!.action).toBe('error:401');
  });
});

describe('the OpenAI Responses API (Codex)', () => {
  const tools = [{ type: 'custom', name: 'apply_patch', format: {} }, { type: 'function', name: 'exec_command', parameters: {} }];
  const brief = { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'MARK-t1 please WRITE_FILE(one.txt)' }] };

  it('asks for apply_patch as a custom tool call that adds the file', async () => {
    server = await startModelServer();
    const answer = await post('/v1/responses', {
      model: 'gpt-5.5',
      stream: true,
      instructions: 'You are Codex.',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context><cwd>/home/agent/repo</cwd></environment_context>' }] }, brief],
      tools,
    });
    const events = parseSse(answer.text);
    expect(events.map((e) => e.event)).toEqual(['response.created', 'response.output_item.added', 'response.output_item.done', 'response.completed']);
    expect(events.map((e) => e.data.sequence_number)).toEqual([0, 1, 2, 3]);
    const item = events[2]!.data.item;
    expect(item.type).toBe('custom_tool_call');
    expect(item.name).toBe('apply_patch');
    expect(item.input).toBe('*** Begin Patch\n*** Add File: one.txt\n+hello from fake model\n*** End Patch\n');
    expect(events[3]!.data.response.usage).toEqual({ input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 });
  });

  it('streams the final text after the tool output', async () => {
    server = await startModelServer();
    const answer = await post('/v1/responses', {
      model: 'gpt-5.5',
      stream: true,
      input: [brief, { type: 'custom_tool_call', call_id: 'c1', name: 'apply_patch', input: '…' }, { type: 'custom_tool_call_output', call_id: 'c1', output: 'Success.' }],
      tools,
    });
    const events = parseSse(answer.text);
    expect(events.map((e) => e.event)).toEqual([
      'response.created',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events[3]!.data.delta).toBe('FAKE_DONE one.txt | markers=[MARK-t1]');
    expect(events[6]!.data.item.content).toEqual([{ type: 'output_text', text: 'FAKE_DONE one.txt | markers=[MARK-t1]', annotations: [] }]);
  });

  it('answers FAKE_ERROR(401) with the OpenAI error body', async () => {
    server = await startModelServer();
    const answer = await post('/v1/responses', { model: 'gpt-5.5', input: 'MARK-e FAKE_ERROR(401)' });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toEqual({
      error: {
        message: 'Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  });
});

describe('OpenAI Chat Completions (OpenCode)', () => {
  const tools = [{ type: 'function', function: { name: 'write', parameters: {} } }];

  it('streams one tool_calls chunk, the finish reason, the usage and [DONE]', async () => {
    server = await startModelServer();
    const answer = await post('/v1/chat/completions', {
      model: 'fake-model',
      stream: true,
      messages: [
        { role: 'system', content: 'Working directory: /home/agent/repo\n' },
        { role: 'user', content: [{ type: 'text', text: 'MARK-t1 please WRITE_FILE(one.txt)' }] },
      ],
      tools,
    });
    const events = parseSse(answer.text);
    expect(events).toHaveLength(4);
    const call = events[0]!.data.choices[0].delta.tool_calls[0];
    expect(call.index).toBe(0);
    expect(call.function.name).toBe('write');
    expect(JSON.parse(call.function.arguments)).toEqual({ filePath: '/home/agent/repo/one.txt', content: WRITTEN_FILE_CONTENT });
    expect(events[1]!.data.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]);
    expect(events[2]!.data.usage).toEqual({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
    expect(events[3]!.data).toBe('[DONE]');
  });

  it('answers a request without tools (the session title) in words, with the markers of the history', async () => {
    server = await startModelServer();
    const answer = await post('/v1/chat/completions', {
      model: 'fake-model',
      stream: true,
      messages: [
        { role: 'user', content: 'MARK-t1 please WRITE_FILE(one.txt)' },
        { role: 'assistant', content: 'FAKE_DONE one.txt | markers=[MARK-t1]' },
        { role: 'user', content: 'MARK-t2 now WRITE_FILE(two.txt)' },
      ],
    });
    const text = parseSse(answer.text)
      .slice(0, -1)
      .map((event) => event.data.choices[0]?.delta?.content ?? '')
      .join('');
    expect(text).toBe('FAKE_SIDE_REPLY | markers=[MARK-t1,MARK-t2]');
  });

  it('says so in words when the write tool is not offered', async () => {
    server = await startModelServer();
    const answer = await post('/v1/chat/completions', {
      model: 'fake-model',
      messages: [{ role: 'user', content: 'MARK-t1 WRITE_FILE(one.txt)' }],
      tools: [{ type: 'function', function: { name: 'bash' } }],
    });
    expect(JSON.parse(answer.text).choices[0].message.content).toBe('FAKE_NO_WRITE_TOOL write not offered (tools: bash)');
  });
});

describe('the Gemini API (Gemini CLI)', () => {
  const tools = [{ functionDeclarations: [{ name: 'write_file' }, { name: 'run_shell_command' }] }];

  it('streams one data line with a write_file call', async () => {
    server = await startModelServer();
    const answer = await post('/v1beta/models/gemini-3.8-flash:streamGenerateContent?alt=sse', {
      systemInstruction: { parts: [{ text: 'The current working directory is: /home/agent/repo\n' }] },
      contents: [{ role: 'user', parts: [{ text: 'MARK-t1 please WRITE_FILE(one.txt)' }] }],
      tools,
    });
    const events = parseSse(answer.text);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'write_file', args: { file_path: '/home/agent/repo/one.txt', content: WRITTEN_FILE_CONTENT } } }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'gemini-3.8-flash',
    });
  });

  it('finishes in words after the function response, with the markers of a resumed history', async () => {
    server = await startModelServer();
    const answer = await post('/v1beta/models/gemini-3.8-flash:streamGenerateContent?alt=sse', {
      contents: [
        { role: 'user', parts: [{ text: 'MARK-t1 please WRITE_FILE(one.txt)' }] },
        { role: 'model', parts: [{ text: 'FAKE_DONE one.txt | markers=[MARK-t1]' }] },
        { role: 'user', parts: [{ text: 'MARK-t2 now WRITE_FILE(two.txt)' }] },
        { role: 'model', parts: [{ functionCall: { name: 'write_file', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'write_file', response: { output: 'ok' } } }] },
      ],
      tools,
    });
    expect(parseSse(answer.text)[0]!.data.candidates[0].content.parts).toEqual([{ text: 'FAKE_DONE two.txt | markers=[MARK-t1,MARK-t2]' }]);
  });

  it('answers the router\'s generateContent with JSON for its schema', async () => {
    server = await startModelServer();
    const answer = await post('/v1beta/models/gemini-3.5-flash-lite:generateContent', { contents: [{ role: 'user', parts: [{ text: 'MARK-t1 route me' }] }] });
    expect(answer.status).toBe(200);
    expect(JSON.parse(JSON.parse(answer.text).candidates[0].content.parts[0].text)).toEqual(GEMINI_SIDE_ANSWER);
    expect(server.requests[0]!.api).toBe('gemini-generate');
  });

  it('answers FAKE_ERROR(500) with the Google error body', async () => {
    server = await startModelServer();
    const answer = await post('/v1beta/models/m:streamGenerateContent?alt=sse', { contents: [{ role: 'user', parts: [{ text: 'MARK-e FAKE_ERROR(500)' }] }] });
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 500, message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting', status: 'INTERNAL' },
    });
  });
});

describe('the server itself', () => {
  it('listens on 127.0.0.1 only', async () => {
    server = await startModelServer();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('logs every request with its method, path and parsed body', async () => {
    server = await startModelServer();
    await post('/v1/messages', { model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(server.requests[0]!.method).toBe('POST');
    expect(server.requests[0]!.path).toBe('/v1/messages');
    expect(server.requests[0]!.body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('answers a path it does not serve with 404 and logs it', async () => {
    server = await startModelServer();
    const response = await fetch(`${server.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: 'the scripted model server does not serve GET /v1/models', type: 'not_found_error', code: 404 } });
    expect(server.requests.map((r) => [r.method, r.path, r.api, r.action])).toEqual([['GET', '/v1/models', 'other', 'error:404']]);
  });

  it('never answers FAKE_HANG, and the connection bound ends the request', async () => {
    server = await startModelServer({ connectionTimeoutMs: 200 });
    await expect(post('/v1/messages', { model: 'm', messages: [{ role: 'user', content: 'MARK-h FAKE_HANG' }] })).rejects.toThrow('fetch failed');
    expect(server.requests[0]!.action).toBe('hang');
  });

  it('ends a hanging request when it is closed', async () => {
    server = await startModelServer();
    const pending = post('/v1/chat/completions', { model: 'm', stream: true, messages: [{ role: 'user', content: 'FAKE_HANG' }] });
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await server.close();
    await expect(pending).rejects.toThrow('fetch failed');
  });

  it('closes itself when its lifetime is over', async () => {
    server = await startModelServer({ lifetimeMs: 50 });
    const { url } = server;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(fetch(`${url}/v1/models`)).rejects.toThrow('fetch failed');
  });

  it('lets a test script a turn itself', async () => {
    server = await startModelServer({ script: (turn) => ({ kind: 'text', text: `seen ${turn.prompt} with ${turn.tools.length} tools` }) });
    const answer = await post('/v1/messages', { model: 'm', stream: false, messages: [{ role: 'user', content: 'anything' }] });
    expect(JSON.parse(answer.text).content).toEqual([{ type: 'text', text: 'seen anything with 0 tools' }]);
  });
});

describe('a named tool call, on every API (an MCP server\'s tool)', () => {
  const call = { kind: 'tool_call' as const, name: 'guilds-code_shell', input: { command: 'pwd' } };
  const user = 'run pwd';

  it('the Responses API: a function_call, in a namespace when given', async () => {
    server = await startModelServer({ script: () => ({ ...call, name: 'shell', namespace: 'mcp__guilds_code' }) });
    const events = parseSse((await post('/v1/responses', { model: 'gpt-5.5', stream: true, input: user, tools: [] })).text);
    expect(events[2]!.data.item).toEqual({ type: 'function_call', id: 'fc_fake0002', status: 'completed', call_id: 'call_fake0003', name: 'shell', arguments: '{"command":"pwd"}', namespace: 'mcp__guilds_code' });
  });

  it('the Responses API: a client-side tool_search call, and its output read back as a tool result', async () => {
    server = await startModelServer({ script: (turn) => (turn.toolResultAfterPrompt ? { kind: 'text', text: turn.entries.at(-1)!.text } : { kind: 'tool_search', query: 'read file lines' }) });
    const first = parseSse((await post('/v1/responses', { model: 'gpt-5.5', stream: true, input: user, tools: [] })).text);
    expect(first[2]!.data.item).toEqual({ type: 'tool_search_call', id: 'tsc_fake0002', status: 'completed', call_id: 'call_fake0003', execution: 'client', arguments: { query: 'read file lines' } });
    const tools = [{ type: 'namespace', name: 'mcp__guilds_code', tools: [{ type: 'function', name: 'file_read' }] }];
    const input = [{ type: 'message', role: 'user', content: user }, first[2]!.data.item, { type: 'tool_search_output', call_id: 'call_fake0003', execution: 'client', tools }];
    const second = parseSse((await post('/v1/responses', { model: 'gpt-5.5', stream: true, input, tools: [] })).text);
    expect(second[3]!.data.delta).toBe(JSON.stringify(tools));
  });

  it('Chat Completions: one tool_calls chunk with the name and the arguments', async () => {
    server = await startModelServer({ script: () => call });
    const events = parseSse((await post('/v1/chat/completions', { model: 'm', stream: true, messages: [{ role: 'user', content: user }] })).text);
    expect(events[0]!.data.choices[0].delta.tool_calls).toEqual([{ index: 0, id: 'call_fake0002', type: 'function', function: { name: 'guilds-code_shell', arguments: '{"command":"pwd"}' } }]);
  });

  it('the Gemini API: a functionCall with the name and the arguments', async () => {
    server = await startModelServer({ script: () => ({ ...call, name: 'mcp_guilds-code_shell' }) });
    const events = parseSse((await post('/v1beta/models/gemini-3.8-flash:streamGenerateContent?alt=sse', { contents: [{ role: 'user', parts: [{ text: user }] }] })).text);
    expect(events[0]!.data.candidates[0].content.parts).toEqual([{ functionCall: { name: 'mcp_guilds-code_shell', args: { command: 'pwd' } } }]);
  });
});

describe('addFilePatch', () => {
  it('adds every line with a plus, with or without a final newline', () => {
    expect(addFilePatch('a/b.txt', 'one\ntwo\n')).toBe('*** Begin Patch\n*** Add File: a/b.txt\n+one\n+two\n*** End Patch\n');
    expect(addFilePatch('c.txt', 'no newline')).toBe('*** Begin Patch\n*** Add File: c.txt\n+no newline\n*** End Patch\n');
  });
});
