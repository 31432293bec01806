// Generators of hostile HTTP input for hostile-input.test.ts: JSON written out by hand (so keys
// such as __proto__, repeated keys and numbers like 1e999 reach the server exactly as sent),
// strings that break careless code, odd path segments, query strings, cookies and headers.
// Everything comes from fast-check's random source, so one seed replays the same requests.
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

/**
 * JSON as it is written: `raw` goes out verbatim, an object is its entries in order (so a key
 * may repeat, and `__proto__` is a key like any other).
 */
export type Json =
  null | boolean | number | string | Json[] | { raw: string } | { entries: [string, Json][] };

export type JsonPath = (string | number)[];

function isEntries(value: Json): value is { entries: [string, Json][] } {
  return typeof value === 'object' && value !== null && 'entries' in value;
}

export function jsonText(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (isEntries(value)) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  if (typeof value === 'object' && value !== null) return value.raw;
  // NaN and Infinity become null, as JSON.stringify writes them; lone surrogates are escaped.
  return JSON.stringify(value) ?? 'null';
}

/** A plain value (a route's valid body) in the form the mutations work on. */
export function fromPlain(value: unknown): Json {
  if (Array.isArray(value)) return value.map(fromPlain);
  if (typeof value === 'object' && value !== null) {
    return { entries: Object.entries(value).map(([key, item]) => [key, fromPlain(item)]) };
  }
  if (value === undefined) return null;
  return value as string | number | boolean | null;
}

/** Every path to a field of `value`, objects and arrays included, the value itself excluded. */
export function fieldPaths(value: Json, prefix: JsonPath = []): JsonPath[] {
  const children: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : isEntries(value)
      ? value.entries
      : [];
  return children.flatMap(([key, child]) => [
    [...prefix, key],
    ...fieldPaths(child, [...prefix, key]),
  ]);
}

/** `value` with the field at `path` replaced (created when missing), or removed. */
export function changeAt(value: Json, path: JsonPath, replacement: Json | undefined): Json {
  if (path.length === 0) return replacement ?? null;
  const [key, ...rest] = path as [string | number, ...JsonPath];
  if (Array.isArray(value) && typeof key === 'number') {
    const copy = [...value];
    if (replacement === undefined && rest.length === 0) copy.splice(key, 1);
    else copy[key] = changeAt(value[key] ?? null, rest, replacement);
    return copy;
  }
  const entries = isEntries(value) ? value.entries : [];
  const name = String(key);
  const index = entries.findIndex(([k]) => k === name);
  if (replacement === undefined && rest.length === 0) {
    return { entries: entries.filter(([k]) => k !== name) };
  }
  const changed = changeAt(index >= 0 ? entries[index]![1] : null, rest, replacement);
  const copy = [...entries];
  if (index >= 0) copy[index] = [name, changed];
  else copy.push([name, changed]);
  return { entries: copy };
}

// ---------------------------------------------------------------- strings

const CONTROL = [
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u0007',
  '\b',
  '\u000b',
  '\f',
  '\u001b[2J',
  '\u007f',
];
const SURROGATES = ['\ud800', '\udbff', '\udc00', 'a\udfffb', '\udc00\ud800'];
const UNICODE = [
  '\t',
  '\r\n',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u2028\u2029',
  '\u202eevil',
  '\ufeff',
  '\ufffd',
  '\uffff',
  'e\u0301',
  '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}',
  '\u{10ffff}',
  '\u{1d573}\u{1d58a}',
  'İı',
  'ß',
  'ﬃ',
  '٣٤',
  'Z\u0351\u0360\u0337\u0321',
  '\u3000',
  'ＡＢＣ',
];
const INJECTION = [
  "'",
  '"',
  '\\',
  '`',
  "' or '1'='1",
  "'); drop table user_profiles; --",
  '1; select pg_sleep(5)',
  '%',
  '_',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%2e%2e%2f',
  '\\u0000',
  'http://evil.example/',
  '//evil.example',
  'a@example.com\r\nBcc: victim@evil.example',
];
const LOOKALIKES = [
  '',
  ' ',
  '   ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '0',
  '-0',
  '-1',
  '0x1F',
  '1e309',
  '2147483648',
  '9007199254740993',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '9999-12-31',
  '1969-12-31',
  '24:00',
  '23:59:60',
  '10:00am',
  'basic-oil-change',
  'super_admin',
  'in-progress',
  'cancelled',
];

/** Strings near and past every length limit (4,096 is the input guard's). */
const longString = fc
  .tuple(
    fc.constantFrom('a', 'é', '\u{1f600}', ' ', '9', '<', '\u0000'),
    fc.constantFrom(64, 101, 256, 1_001, 4_096, 4_097, 20_000, 70_000),
  )
  .map(([unit, count]) => unit.repeat(count));

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

export const nastyString: Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...CONTROL, ...SURROGATES, ...UNICODE, ...INJECTION) },
  { weight: 3, arbitrary: fc.constantFrom(...LOOKALIKES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 24 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom('a', '\u0000')) }),
  },
  { weight: 1, arbitrary: longString },
);

// ---------------------------------------------------------------- JSON

const rawNumber = fc
  .constantFrom(
    '1e999',
    '-1e999',
    '-0',
    '1E+2',
    '1e-400',
    '0.1e1',
    '123456789012345678901234567890',
  )
  .map((raw) => ({ raw }));

const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 0.5, 1e21, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE),
);

export const hostileKey: Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      '',
      ' ',
      'toString',
      'valueOf',
      'hasOwnProperty',
      'then',
      'length',
      '0',
      'a.b',
      'a[b]',
      '$where',
      '$ne',
      'id',
      'userId',
      'role',
      'price',
      'priceCents',
      'total',
      'status',
      'paid',
      'createdAt',
      'token',
      'onboardingComplete',
      '\u0000',
      '\ud800',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const leaf: Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: number },
  { weight: 1, arbitrary: rawNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any JSON value: wrong types for a field, or a whole body that is not the object expected. */
export const hostileJson: Arbitrary<Json> = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    { weight: 5, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('json'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(hostileKey, tie('json')), { maxLength: 4 })
        .map((entries) => ({ entries })),
    },
  ),
})).json;

/** A JSON text nested `depth` levels deep (the input guard allows 32). */
function nested(depth: number, shape: 'array' | 'object', inner: string): string {
  return shape === 'array'
    ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}
export const deepJson: Arbitrary<Json> = fc
  .tuple(
    fc.oneof(fc.integer({ min: 20, max: 40 }), fc.integer({ min: 41, max: 120_000 })),
    fc.constantFrom('array' as const, 'object' as const),
  )
  .map(([depth, shape]) => ({ raw: nested(depth, shape, '1') }));

/** One change to a valid body: a field set to a hostile value, removed, repeated or added. */
export function mutatedBody(template: Json, knownKeys: readonly string[]): Arbitrary<Json> {
  const known = [...fieldPaths(template), ...knownKeys.map((key): JsonPath => [key])];
  const path: Arbitrary<JsonPath> =
    known.length > 0
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...known) },
          { weight: 1, arbitrary: hostileKey.map((key) => [key]) },
        )
      : hostileKey.map((key) => [key]);
  const change = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant('set' as const), path, value: hostileJson }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('set' as const), path, value: deepJson }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), path }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('repeat' as const), path, value: hostileJson }),
    },
  );
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) =>
    changes.reduce<Json>((body, c) => {
      if (c.kind === 'remove') return changeAt(body, c.path, undefined);
      if (c.kind === 'set') return changeAt(body, c.path, c.value);
      // The same key once more at the top level: JSON.parse keeps the last one.
      const entries = isEntries(body) ? body.entries : [];
      return { entries: [...entries, [String(c.path[0]), c.value]] };
    }, template),
  );
}

// ---------------------------------------------------------------- bodies as sent

export interface Body {
  payload: string;
  /** undefined: no Content-Type header at all. */
  contentType: string | undefined;
}

export const JSON_TYPE = 'application/json';

const contentType = fc.oneof(
  { weight: 24, arbitrary: fc.constant<string | undefined>(JSON_TYPE) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      '',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16le',
      'application/json;charset=iso-8859-1',
      'application/json; boundary=x; charset=utf-8; charset=ascii',
      'application/json, text/html',
      'application/vnd.api+json',
      'application/jsonx',
      'text/json',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'application/octet-stream',
      'application/csp-report',
      '*/*',
      ';;;',
      'a'.repeat(2_000),
    ),
  },
);

const GARBAGE = [
  '',
  ' ',
  '{',
  '}',
  '[',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  'null',
  'true',
  '0',
  '-',
  '"text"',
  '[]',
  '{}',
  '\ufeff{}',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x00"}',
  '{"a":"\\u12"}',
  '{"a":"\n"}',
  '{"__proto__":{"role":"super_admin"}}',
  '{"constructor":{"prototype":{"role":"super_admin"}}}',
  '{"a":{"__proto__":{"x":1}}}',
  '{"a":1e999}',
  '{"a":NaN}',
  '{"a":undefined}',
  '[1,2,',
  '"unterminated',
  '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
  'a=1&a=2&__proto__[x]=1',
  '------x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n------x--\r\n',
];

/** A body that is not a JSON object: another value, garbage, or nesting past any limit. */
export const strangeBody: Arbitrary<Body> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ payload: hostileJson.map(jsonText), contentType }) },
  { weight: 3, arbitrary: fc.record({ payload: fc.constantFrom(...GARBAGE), contentType }) },
  {
    weight: 1,
    arbitrary: fc.record({
      payload: fc.string({ unit: 'binary', maxLength: 60 }),
      contentType,
    }),
  },
  { weight: 2, arbitrary: fc.record({ payload: deepJson.map(jsonText), contentType }) },
);

/** A JSON body as sent: usually as JSON, sometimes labelled as something else. */
export function jsonBody(value: Arbitrary<Json>): Arbitrary<Body> {
  return fc.record({ payload: value.map(jsonText), contentType });
}

/** Bytes percent-encoded as a URL component (a lone surrogate goes out as U+FFFD). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A form-urlencoded body: the template's fields with hostile values, repeats and odd keys. */
export function formBody(template: Record<string, string>): Arbitrary<Body> {
  const pairs = Object.entries(template);
  const pair = fc.oneof(
    fc.tuple(fc.constantFrom(...pairs.map(([key]) => key)), nastyString),
    fc.tuple(hostileKey, nastyString),
  );
  return fc
    .tuple(
      fc.array(pair, { maxLength: 4 }),
      fc.constantFrom('', '&', '&&=&', '&%ZZ=%E0%A4%A', '&cardNumber', '&__proto__[x]=1'),
    )
    .map(([changes, tail]) => ({
      payload:
        [...pairs, ...changes]
          .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
          .join('&') + tail,
      contentType: 'application/x-www-form-urlencoded',
    }));
}

// ---------------------------------------------------------------- addresses

const ODD_SEGMENTS = [
  '%2F',
  'a%2Fb',
  '%2e%2e',
  '..',
  '.',
  '%2e',
  '%00',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%C0%AE',
  '%ED%A0%80',
  '%FF',
  '%u0000',
  ';',
  ';a=1',
  '~',
  '*',
  '%20',
  '+',
  '%0D%0ASet-Cookie:%20x=1',
];

/** A path parameter: usually `valid` (so the body is what gets tested), else anything. */
export function pathSegment(valid: string): Arbitrary<string> {
  return fc.oneof(
    { weight: 16, arbitrary: fc.constant(valid) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: nastyString.map(percentEncode) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...ODD_SEGMENTS,
        `${valid}%00`,
        `${valid}/`,
        `${valid}/..`,
        valid.toUpperCase(),
        `${valid};x`,
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: 90, max: 5_000 }).map((n) => 'a'.repeat(n)) },
  );
}

const ODD_QUERIES = [
  '%',
  '%ZZ',
  '&&&',
  '=',
  '==',
  '?',
  '??a=1',
  'a=%E0%A4%A',
  '__proto__=1',
  '__proto__[role]=super_admin',
  'constructor[prototype][role]=super_admin',
  'a[]=1&a[]=2',
  'a[0]=1',
  'a=1;b=2',
  'a=1#fragment',
  '%00=%00',
];

/** A query string (without `?`): none, the valid one, the valid one spoiled, or garbage. */
export function queryString(
  template: Record<string, string>,
  knownKeys: readonly string[],
): Arbitrary<string> {
  const pairs = Object.entries(template);
  const keys = [...new Set([...pairs.map(([k]) => k), ...knownKeys])];
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), hostileKey) : hostileKey;
  const encode = (list: [string, string][]) =>
    list.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  const spoiled = fc
    .array(
      fc.oneof(
        fc.record({ kind: fc.constant('set' as const), key, value: nastyString }),
        fc.record({ kind: fc.constant('repeat' as const), key, value: nastyString }),
        fc.record({ kind: fc.constant('remove' as const), key, value: fc.constant('') }),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((changes) =>
      encode(
        changes.reduce<[string, string][]>((list, c) => {
          if (c.kind === 'remove') return list.filter(([k]) => k !== c.key);
          if (c.kind === 'repeat') return [...list, [c.key, c.value]];
          return [...list.filter(([k]) => k !== c.key), [c.key, c.value]];
        }, pairs),
      ),
    );
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(encode(pairs)) },
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 5, arbitrary: spoiled },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...ODD_QUERIES), fc.constantFrom('', encode(pairs)))
        .map(([odd, rest]) => (rest ? `${rest}&${odd}` : odd)),
    },
  );
}

// ---------------------------------------------------------------- headers

/** What an HTTP client can put in a header: printable Latin-1 and tab, nothing else. */
const headerChar = fc
  .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
  .map((code) => String.fromCharCode(code));
const headerValue = fc.oneof(
  fc.string({ unit: headerChar, maxLength: 40 }),
  fc.constantFrom('', ' ', '\t', 'null', 'undefined', '%00', '%E0%A4%A', '"', ',', ';'),
  fc.integer({ min: 1_000, max: 8_000 }).map((n) => 'a'.repeat(n)),
);

const ODD_COOKIES = [
  'pitstop.session_token=',
  'pitstop.session_token=%',
  'pitstop.session_token=%E0%A4%A',
  'pitstop.session_token=abc.def',
  'pitstop.session_token="quoted"',
  `pitstop.session_token=${'a'.repeat(4_000)}`,
  'pitstop.session_data=e30',
  'pitstop.dont_remember=true',
  '__Secure-pitstop.session_token=x',
  '__proto__=1',
  'constructor=x',
  'toString=1',
  ';;;',
  '=',
  'a',
  '=a',
  ' ; ',
  'a=b=c',
];

export interface CookiePlan {
  /** role: the role's session as is; tampered: its token changed; none: no session. */
  session: 'role' | 'tampered' | 'none';
  extras: string[];
  extrasFirst: boolean;
}

export const cookiePlan: Arbitrary<CookiePlan> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constant<CookiePlan>({ session: 'role', extras: [], extrasFirst: false }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      session: fc.constantFrom<CookiePlan['session']>('role', 'tampered', 'none'),
      extras: fc.array(
        fc.oneof(fc.constantFrom(...ODD_COOKIES), fc.string({ unit: headerChar, maxLength: 30 })),
        { minLength: 1, maxLength: 3 },
      ),
      extrasFirst: fc.boolean(),
    }),
  },
);

/** The Cookie header for a plan, given the role's own cookie (undefined when signed out). */
export function cookieHeader(plan: CookiePlan, roleCookie: string | undefined): string | undefined {
  let session: string | undefined;
  if (plan.session === 'role') session = roleCookie;
  else if (plan.session === 'tampered' && roleCookie) {
    // The token's last characters are its signature: change one, keep the shape.
    const last = roleCookie.at(-1) === 'A' ? 'B' : 'A';
    session = `${roleCookie.slice(0, -1)}${last}`;
  }
  const parts = [...(session ? [session] : [])];
  if (plan.extrasFirst) parts.unshift(...plan.extras);
  else parts.push(...plan.extras);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** Origin for a write: usually the app's own (else the cross-site guard answers first). */
export function originHeader(appUrl: string): Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 16, arbitrary: fc.constant<string | undefined>(appUrl) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        'null',
        'http://evil.example',
        `${appUrl}/`,
        appUrl.toUpperCase(),
        `${appUrl}.evil.example`,
        `${appUrl}@evil.example`,
        'http://',
        ' ',
        'file://',
        'a'.repeat(4_000),
      ),
    },
  );
}

const HEADER_NAMES = [
  'sec-fetch-site',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-real-ip',
  'host',
  'accept',
  'accept-language',
  'accept-encoding',
  'user-agent',
  'authorization',
  'if-none-match',
  'if-modified-since',
  'range',
  'referer',
  'stripe-signature',
  'content-encoding',
  'x-http-method-override',
  'x-requested-with',
  'x-pad',
] as const;

const SPECIFIC: Record<(typeof HEADER_NAMES)[number], string[]> = {
  'sec-fetch-site': ['cross-site', 'same-site', 'same-origin', 'none', 'CROSS-SITE'],
  'x-forwarded-for': ['127.0.0.1', '1.2.3.4, 5.6.7.8', '::1', 'unknown', '999.999.999.999'],
  'x-forwarded-proto': ['https', 'gopher'],
  'x-forwarded-host': ['evil.example'],
  'x-real-ip': ['10.0.0.1'],
  host: [
    'evil.example',
    'localhost:3000',
    '[::1]:3000',
    '127.0.0.1:1',
    `${'a'.repeat(300)}.example`,
  ],
  accept: ['text/html', '*/*', 'application/xml', 'image/*', 'application/json;q=0'],
  'accept-language': ['*', 'xx-YY', ';q='],
  'accept-encoding': ['gzip, br', '*', 'identity;q=0'],
  'user-agent': ['', 'sqlmap/1.0', 'curl/8.0'],
  authorization: ['Bearer x', 'Bearer ', 'Basic YTpi', 'Basic %%%'],
  'if-none-match': ['*', '"1"', 'W/"x"'],
  'if-modified-since': ['Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday'],
  range: ['bytes=0-1', 'bytes=-1', 'bytes=9-1', 'lines=1'],
  referer: ['http://evil.example/', 'javascript:alert(1)'],
  'stripe-signature': ['t=1,v1=abc', 't=,v1=', ','],
  'content-encoding': ['gzip', 'br', 'deflate', 'identity', 'x'],
  'x-http-method-override': ['DELETE', 'PUT'],
  'x-requested-with': ['XMLHttpRequest'],
  'x-pad': ['x'],
};

/** Zero or more odd headers besides Origin and Cookie. */
export const oddHeaders: Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc
          .constantFrom(...HEADER_NAMES)
          .chain((name) =>
            fc.tuple(fc.constant(name), fc.oneof(fc.constantFrom(...SPECIFIC[name]), headerValue)),
          ),
        { minLength: 1, maxLength: 3 },
      )
      .map((pairs) => Object.fromEntries(pairs)),
  },
);
