// Readable server logs for a person at a terminal: `npm start` passes the server's pino JSON
// lines through this when its output is a terminal, and leaves them as JSON everywhere else (a
// log collector wants the JSON). Anything that is not a pino line passes through untouched.

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLOURS = { 10: 90, 20: 90, 30: 32, 40: 33, 50: 31, 60: 35 };

// pino's own fields, shown as the time, the level and the message, or not at all.
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'v', 'msg', 'err']);

// The server's "listening" line carries where to go next; they are shown as the banner.
const BANNER_FIELDS = ['appUrl', 'firstAdminSetup', 'setupCodeRequired', 'devMailbox'];

/**
 * A formatter for one stream of lines: each call takes one line and returns what to print in
 * its place (perhaps several lines, without the last newline). The banner after the server's
 * "listening" line is printed once, however many server processes report listening.
 * @param {{ color?: boolean }} [options] colour the level and the banner's addresses
 * @returns {(line: string) => string}
 */
export function createLogFormatter({ color = false } = {}) {
  const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  let hasShownBanner = false;
  return (line) => {
    const entry = parseLogLine(line);
    if (!entry) return line;
    const isListening = typeof entry.appUrl === 'string';
    const hidden = isListening ? new Set([...HIDDEN, ...BANNER_FIELDS]) : HIDDEN;
    const level = LEVELS[entry.level] ?? String(entry.level);
    const fields = Object.entries(entry)
      .filter(([key, value]) => !hidden.has(key) && value !== undefined)
      .map(([key, value]) => `${key}=${formatValue(key, value)}`);
    const head = [
      paint(2, formatTime(entry.time)),
      paint(LEVEL_COLOURS[entry.level] ?? 0, level.padEnd(5)),
      entry.msg ?? entry.err?.message ?? '',
    ].join(' ');
    const lines = [fields.length > 0 ? `${head}  ${fields.join(' ')}` : head];
    const error = formatError(entry.err);
    if (error) lines.push(error);
    if (isListening && !hasShownBanner) {
      hasShownBanner = true;
      lines.push(banner(entry, (text) => paint(36, text)));
    }
    return lines.join('\n');
  };
}

/** A pino line as an object, or undefined for anything else (plain text, other JSON). */
function parseLogLine(line) {
  if (!line.startsWith('{')) return undefined;
  try {
    const entry = JSON.parse(line);
    return entry && typeof entry === 'object' && typeof entry.level === 'number'
      ? entry
      : undefined;
  } catch {
    return undefined;
  }
}

/** Local wall-clock time, HH:MM:SS: the date is the terminal user's today. */
function formatTime(time) {
  const date = new Date(typeof time === 'number' ? time : Date.now());
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
}

function formatValue(key, value) {
  // Fastify's request and response, as a person reads them.
  if (key === 'req' && value && typeof value.method === 'string') {
    return JSON.stringify(`${value.method} ${value.url}`);
  }
  if (key === 'res' && value && typeof value.statusCode === 'number') return value.statusCode;
  if (key === 'responseTime' && typeof value === 'number') return `${value.toFixed(1)}ms`;
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

/** An error's stack (or its message when it has none), indented under its line. */
function formatError(err) {
  if (!err) return undefined;
  const text = typeof err === 'object' ? (err.stack ?? err.message) : String(err);
  if (!text) return undefined;
  return String(text)
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

function banner(entry, link) {
  const rows = [`  Pitstop is ready: open ${link(entry.appUrl)}`];
  if (entry.firstAdminSetup) {
    rows.push(`  First admin:  ${link(entry.firstAdminSetup)}  creates the super admin (none yet)`);
    if (entry.setupCodeRequired) {
      rows.push('                it asks for the setup code printed in the WARN line above');
    }
  }
  if (entry.devMailbox) {
    rows.push(
      `  Dev mailbox:  ${link(entry.devMailbox)}  e-mail stays here while SMTP_URL is unset`,
    );
  }
  return ['', ...rows, ''].join('\n');
}
