import { describe, expect, it } from 'vitest';
import { firstSayingLine, metadataView, rowSummary } from '../../src/orchestrator/summary.js';

describe('the row of a shell call', () => {
  it('reads Run and the command', () => {
    expect(rowSummary('shell', { command: 'npm test' }, { meta: { exit_code: 0 } })).toBe('Run npm test');
  });
  it('reads Start for a background command', () => {
    expect(rowSummary('shell', { command: 'npm run dev', background: true }, { meta: { exit_code: null } })).toBe(
      'Start npm run dev',
    );
  });
  it('adds the exit code when it is not 0', () => {
    expect(rowSummary('shell', { command: 'npm test' }, { meta: { exit_code: 1 } })).toBe('Run npm test · exit 1');
  });
  it('says timed out rather than exit 124', () => {
    expect(rowSummary('shell', { command: 'sleep 999' }, { meta: { exit_code: 124, timed_out: true } })).toBe(
      'Run sleep 999 · timed out',
    );
  });
  it('reads an exit 124 of a command that was not stopped as an exit code', () => {
    expect(rowSummary('shell', { command: 'timeout 1 x' }, { meta: { exit_code: 124, timed_out: false } })).toBe(
      'Run timeout 1 x · exit 124',
    );
  });
  it('shows only the first line of a long script', () => {
    expect(rowSummary('shell', { command: 'set -e\nnpm ci\nnpm test' })).toBe('Run set -e');
  });
  it('skips blank lines before the first line', () => {
    expect(rowSummary('shell', { command: '\n\n   cd app && make  \nmake test' })).toBe('Run cd app && make');
  });
  it('clips a first line past 80 characters', () => {
    expect(rowSummary('shell', { command: 'echo ' + 'x'.repeat(100) })).toBe('Run echo ' + 'x'.repeat(74) + '…');
  });
  it('keeps a first line of exactly 80 characters whole', () => {
    const command = 'c'.repeat(80);
    expect(rowSummary('shell', { command })).toBe('Run ' + command);
  });
  it('reads Run alone for a call without a command', () => expect(rowSummary('shell', {})).toBe('Run'));
  it('reads a failed call as its arguments say', () => {
    expect(rowSummary('shell', { command: 'ls' })).toBe('Run ls');
  });
});

describe('the row of a shell_status call', () => {
  it('lists without an id', () => expect(rowSummary('shell_status', {})).toBe('List background commands'));
  it('checks with an id', () => expect(rowSummary('shell_status', { id: 'b1' })).toBe('Check b1'));
  it('stops with an id and stop', () => expect(rowSummary('shell_status', { id: 'b1', stop: true })).toBe('Stop b1'));
  it('checks when stop is false', () => expect(rowSummary('shell_status', { id: 'b2', stop: false })).toBe('Check b2'));
});

describe('the row of a file_read call', () => {
  it('reads Read and the path', () => expect(rowSummary('file_read', { path: 'src/call/request.ts' })).toBe('Read src/call/request.ts'));
  it('adds the first line when it is not 1', () => {
    expect(rowSummary('file_read', { path: 'src/call/request.ts', offset: 120 })).toBe('Read src/call/request.ts from line 120');
  });
  it('says nothing of an offset of 1', () => {
    expect(rowSummary('file_read', { path: 'a.md', offset: 1 })).toBe('Read a.md');
  });
  it('says which step a repeated read points to', () => {
    expect(rowSummary('file_read', { path: 'a.md' }, { repeatOf: 4 })).toBe('Read a.md · unchanged since step 4');
  });
  it('says both for a repeated read from a later line', () => {
    expect(rowSummary('file_read', { path: 'a.md', offset: 10 }, { repeatOf: 4 })).toBe(
      'Read a.md from line 10 · unchanged since step 4',
    );
  });
});

describe('the row of a code_search call', () => {
  it('searches files by default', () => expect(rowSummary('code_search', { pattern: 'x' })).toBe('Search files'));
  it('searches lines in content mode', () => {
    expect(rowSummary('code_search', { pattern: 'x', mode: 'content' })).toBe('Search lines');
  });
  it('names the path', () => {
    expect(rowSummary('code_search', { pattern: 'x', path: 'src' })).toBe('Search files in src');
  });
  it('names the path in content mode', () => {
    expect(rowSummary('code_search', { pattern: 'x', mode: 'content', path: 'lib/a.ts' })).toBe(
      'Search lines in lib/a.ts',
    );
  });
});

describe('the row of an unknown tool', () => {
  it('is the name the model gave', () => expect(rowSummary('rm_rf', {})).toBe('rm_rf'));
});

describe("a command's first line", () => {
  it('is empty for an empty command', () => expect(firstSayingLine('')).toBe(''));
  it('treats CRLF as a line end', () => expect(firstSayingLine('a\r\nb')).toBe('a'));
});

describe('the Metadata view', () => {
  it('shows a shell call: exit code, full output, working directory', () => {
    expect(
      metadataView('c7', 'shell', {
        exit_code: 1,
        cwd: '/home/agent/repos/app',
        timed_out: false,
        log_path: '/home/agent/.runs/r1/c7.log',
      }),
    ).toEqual([
      { label: 'Call', value: 'c7' },
      { label: 'Tool', value: 'shell' },
      { label: 'Exit code', value: '1' },
      { label: 'Full output', value: '/home/agent/.runs/r1/c7.log' },
      { label: 'Working directory', value: '/home/agent/repos/app' },
    ]);
  });

  it('shows a timed-out shell call', () => {
    expect(metadataView('c1', 'shell', { exit_code: 124, cwd: '/h', timed_out: true })).toEqual([
      { label: 'Call', value: 'c1' },
      { label: 'Tool', value: 'shell' },
      { label: 'Exit code', value: '124' },
      { label: 'Timed out', value: 'yes' },
      { label: 'Working directory', value: '/h' },
    ]);
  });

  it('shows a background start', () => {
    expect(
      metadataView('c2', 'shell', { exit_code: null, cwd: '/h', timed_out: false, background_id: 'b1', log_path: '/h/.runs/r1/c2.log' }),
    ).toEqual([
      { label: 'Call', value: 'c2' },
      { label: 'Tool', value: 'shell' },
      { label: 'Background command', value: 'b1' },
      { label: 'Full output', value: '/h/.runs/r1/c2.log' },
      { label: 'Working directory', value: '/h' },
    ]);
  });

  it('shows a shell_status check', () => {
    expect(
      metadataView('c3', 'shell_status', { background_id: 'b1', state: 'exited 0', exit_code: 0, log_path: '/h/l.log' }),
    ).toEqual([
      { label: 'Call', value: 'c3' },
      { label: 'Tool', value: 'shell_status' },
      { label: 'Exit code', value: '0' },
      { label: 'Background command', value: 'b1' },
      { label: 'State', value: 'exited 0' },
      { label: 'Full output', value: '/h/l.log' },
    ]);
  });

  it('shows a file_read: the file and its lines', () => {
    expect(metadataView('c4', 'file_read', { path: '/h/a.ts', range: [1, 40], content_hash: 'ab12', lines: 40 })).toEqual([
      { label: 'Call', value: 'c4' },
      { label: 'Tool', value: 'file_read' },
      { label: 'File', value: '/h/a.ts' },
      { label: 'Lines', value: '1–40 of 40' },
      { label: 'Content hash', value: 'ab12' },
    ]);
  });

  it('shows Same as step for a repeated read', () => {
    expect(
      metadataView('c9', 'file_read', { path: '/h/a.ts', range: [5, 9], content_hash: 'ab12', lines: 40, repeat_of: 4 }),
    ).toEqual([
      { label: 'Call', value: 'c9' },
      { label: 'Tool', value: 'file_read' },
      { label: 'File', value: '/h/a.ts' },
      { label: 'Lines', value: '5–9 of 40' },
      { label: 'Content hash', value: 'ab12' },
      { label: 'Same as step', value: '4' },
    ]);
  });

  it('shows a read that returned no lines', () => {
    expect(metadataView('c5', 'file_read', { path: '/h/e', range: null, content_hash: 'e3b0', lines: 0 })).toContainEqual({
      label: 'Lines',
      value: 'none of 0',
    });
  });

  it('shows a code_search: matches and files', () => {
    expect(metadataView('c6', 'code_search', { matches: 12, files: 3, truncated: true })).toEqual([
      { label: 'Call', value: 'c6' },
      { label: 'Tool', value: 'code_search' },
      { label: 'Matches', value: '12' },
      { label: 'Files', value: '3' },
      { label: 'Truncated', value: 'yes' },
    ]);
  });

  it('shows only the call and the tool for a failed call', () => {
    expect(metadataView('c8', 'shell', {})).toEqual([
      { label: 'Call', value: 'c8' },
      { label: 'Tool', value: 'shell' },
    ]);
  });
});
