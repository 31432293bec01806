// Every e-mail quotes stored text as text: names, services, addresses and the business's own
// details are escaped in the HTML part, whatever markup they hold. The browser spec
// (e2e/security/xss.spec.ts) opens the same messages in the dev mailbox.
import { describe, expect, it } from 'vitest';
import type { MailContext } from '../src/features/notifications/layout.ts';
import type { RenderedEmail } from '../src/features/notifications/outbox.ts';
import {
  appointmentCancelledEmail,
  appointmentRestoredEmail,
  bookingConfirmationEmail,
  jobCompletedEmail,
  jobInProgressEmail,
  payNowReceiptEmail,
  passwordResetEmail,
  technicianAssignedEmail,
  technicianInvitationEmail,
  visitMovedEmail,
} from '../src/features/notifications/templates.ts';

const RUN = 'window.__xss=1';
const img = (tag: string) => `${tag} <img src=x onerror="${RUN}">`;
const svg = (tag: string) => `${tag} "><svg onload="${RUN}">`;
const script = (tag: string) => `${tag} <script>${RUN}</script>`;
const link = (tag: string) => `${tag} <a href="javascript:${RUN}">a</a>`;

// The business's phone and e-mail refuse markup when saved; the layout escapes them all the same.
const mail: MailContext = {
  business: {
    name: svg('Biz'),
    phone: img('Tel'),
    email: `"><img src=x onerror="${RUN}">@example.com`,
    timeZone: 'America/New_York',
  },
  appUrl: 'https://pitstop.example',
};
const job = {
  customerName: img('Cust'),
  serviceName: script('Svc'),
  date: '2026-12-01',
  time: '14:30',
  address: `${link('Addr')}\n${svg('Town')}`,
  technicianName: img('Tech'),
};

const emails: [string, RenderedEmail][] = [
  [
    'technician invitation',
    technicianInvitationEmail(mail, { name: img('Tech'), link: 'https://pitstop.example/x' }),
  ],
  [
    'technician re-invitation',
    technicianInvitationEmail(mail, {
      name: svg('Tech'),
      link: 'https://pitstop.example/x',
      isResend: true,
    }),
  ],
  ['password reset', passwordResetEmail(mail, { link: 'https://pitstop.example/reset' })],
  [
    'booking confirmation',
    bookingConfirmationEmail(mail, {
      bookingId: 'b1',
      orderNumber: 'PS-10001',
      customerName: img('Ann'),
      services: [
        { name: script('Svc'), priceCents: 1999 },
        { name: link('Other'), priceCents: 999 },
      ],
      date: '2026-12-01',
      time: '14:30',
      durationMinutes: 60,
      address: svg('Addr'),
      vehicle: `2019 ${img('Mk')} ${svg('Model')} (${script('Col')})`,
      amountCents: 2998,
    }),
  ],
  [
    'visit moved',
    visitMovedEmail(mail, {
      // Ids are UUIDs; one that held markup would still only be text in the visit's link.
      bookingId: `b1&x="><script>${RUN}</script>`,
      greetingName: img('Ann'),
      isForCustomer: true,
      customerName: img('Cust'),
      services: [script('Svc')],
      from: { date: '2026-12-01', time: '14:30' },
      to: { date: '2026-12-02', time: '09:00' },
      durationMinutes: 60,
      address: svg('Addr'),
      sequence: 1,
    }),
  ],
  ['technician assigned', technicianAssignedEmail(mail, job)],
  ['job in progress', jobInProgressEmail(mail, job)],
  ['job completed', jobCompletedEmail(mail, job)],
  ['appointment cancelled', appointmentCancelledEmail(mail, job)],
  ['appointment back on', appointmentRestoredEmail(mail, job)],
  [
    'pay-now receipt',
    payNowReceiptEmail(mail, {
      orderNumber: 'PS-10002',
      customerName: img('Ann'),
      serviceName: script('Svc'),
      amountCents: 1999,
    }),
  ],
];

describe('e-mails quote stored text as text', () => {
  it.each(emails)('%s: no element or link comes from a value', (_name, email) => {
    // The layout's own tags are a fixed set; a value's markup would add one of these.
    expect(email.html).not.toMatch(/<(img|svg|script|iframe)\b/i);
    expect(email.html).not.toMatch(/href="javascript:/i);
    expect(email.html).not.toMatch(/<a href="[^"]*"[^>]*>a<\/a>/);
    // The business's name is in every message, escaped.
    expect(email.html).toContain('Biz &quot;&gt;&lt;svg onload=&quot;window.__xss=1&quot;&gt;');
  });

  it('escapes each value where it is quoted: names, services, addresses, vehicle, business', () => {
    const html = emails.map(([, email]) => email.html).join('\n');
    for (const escaped of [
      'Tech &lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;',
      'Cust &lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;',
      'Ann &lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;',
      'Svc &lt;script&gt;window.__xss=1&lt;/script&gt;',
      'Other &lt;a href=&quot;javascript:window.__xss=1&quot;&gt;a&lt;/a&gt;',
      'Addr &lt;a href=&quot;javascript:window.__xss=1&quot;&gt;a&lt;/a&gt;<br>Town &quot;&gt;',
      '2019 Mk &lt;img src=x',
      'Tel &lt;img src=x',
      'mailto:&quot;&gt;&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;@example.com',
    ]) {
      expect(html).toContain(escaped);
    }
  });

  it('keeps the plain-text part and the subject as they were typed', () => {
    const [, confirmation] = emails.find(([name]) => name === 'booking confirmation')!;
    expect(confirmation.text).toContain('Svc <script>window.__xss=1</script>');
    const [, assigned] = emails.find(([name]) => name === 'technician assigned')!;
    expect(assigned.subject).toContain('Tech <img src=x onerror="window.__xss=1">');
  });

  it('encodes the booking id into the visit’s link', () => {
    const [, moved] = emails.find(([name]) => name === 'visit moved')!;
    const url =
      'https://pitstop.example/profile?visit=b1%26x%3D%22%3E%3Cscript%3Ewindow.__xss%3D1%3C%2Fscript%3E';
    expect(moved.text).toContain(`Manage this visit: ${url}`);
    expect(moved.html).toContain(`href="${url}"`);
  });
});
