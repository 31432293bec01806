// What `npm start` prints in a terminal in place of the server's JSON log lines
// (scripts/log-format.mjs). The project runs with TZ=UTC, so times read as UTC.
import { describe, expect, it } from 'vitest';
import { createLogFormatter } from '../../../scripts/log-format.mjs';

const TIME = Date.UTC(2025, 5, 2, 8, 21, 4);
const line = (fields: object) =>
  JSON.stringify({ level: 30, time: TIME, pid: 4242, hostname: 'box', ...fields });

describe('log lines for a terminal', () => {
  it('shows an info line as its time, level and message', () => {
    const format = createLogFormatter();
    expect(format(line({ msg: 'Server started' }))).toBe('08:21:04 INFO  Server started');
  });

  it('shows the extra fields after the message, quoting only what needs it', () => {
    const format = createLogFormatter();
    const text = format(
      line({
        msg: 'request completed',
        reqId: 'req-1',
        database: 'embedded',
        payments: 'local checkout',
        count: 3,
        args: { a: 1 },
        req: { method: 'GET', url: '/api/services', host: 'localhost', remoteAddress: '::1' },
        res: { statusCode: 200 },
        responseTime: 3.14159,
      }),
    );
    expect(text).toBe(
      '08:21:04 INFO  request completed  reqId=req-1 database=embedded payments="local checkout" ' +
        'count=3 args={"a":1} req="GET /api/services" res=200 responseTime=3.1ms',
    );
  });

  it('shows an error with its stack under it', () => {
    const format = createLogFormatter();
    const stack = 'Error: connection refused\n    at connect (db.ts:10:5)';
    const text = format(
      line({ level: 50, msg: 'error during shutdown', err: { type: 'Error', stack } }),
    );
    expect(text.split('\n')).toEqual([
      '08:21:04 ERROR error during shutdown',
      '    Error: connection refused',
      '        at connect (db.ts:10:5)',
    ]);
  });

  it('passes a line that is not a pino line through untouched', () => {
    const format = createLogFormatter({ color: true });
    for (const text of [
      'DATA_DIR: the folder is in use by another server',
      '{"not":"a log line"}',
      '{ broken json',
      '',
    ]) {
      expect(format(text)).toBe(text);
    }
  });

  it('colours the level only when asked', () => {
    const warn = line({ level: 40, msg: 'careful' });
    expect(createLogFormatter({ color: true })(warn)).toContain('\x1b[33mWARN \x1b[0m');
    expect(createLogFormatter({ color: false })(warn)).not.toContain('\x1b[');
  });
});

describe("the banner after the server's listening line", () => {
  const listening = (fields: object) =>
    line({
      msg: 'Pitstop is listening on http://127.0.0.1:3000',
      appUrl: 'http://localhost:3000',
      database: 'embedded',
      firstAdminSetup: 'http://localhost:3000/admin-setup',
      setupCodeRequired: false,
      devMailbox: 'http://localhost:3000/dev/mailbox',
      ...fields,
    });

  it('says where to go, once, and keeps its fields out of the line itself', () => {
    const format = createLogFormatter();
    const lines = format(listening({})).split('\n');
    expect(lines[0]).toBe(
      '08:21:04 INFO  Pitstop is listening on http://127.0.0.1:3000  database=embedded',
    );
    const banner = lines.slice(1).join('\n');
    expect(banner).toContain('Pitstop is ready: open http://localhost:3000');
    expect(banner).toContain('http://localhost:3000/admin-setup');
    expect(banner).toContain('http://localhost:3000/dev/mailbox');
    expect(banner).not.toContain('setup code');
    // A second server process listening says so without a second banner.
    expect(format(listening({}))).not.toContain('\n');
  });

  it('points at the setup code when one is asked, and leaves out what does not apply', () => {
    const banner = createLogFormatter()(listening({ setupCodeRequired: true }));
    expect(banner).toContain('setup code');
    const settled = createLogFormatter()(listening({ firstAdminSetup: null, devMailbox: null }));
    expect(settled).toContain('Pitstop is ready: open http://localhost:3000');
    expect(settled).not.toContain('admin-setup');
    expect(settled).not.toContain('mailbox');
  });
});
