// The local checkout's server-rendered pages: the payment form, and what an expired, paid or
// unknown session shows. Plain HTML with inline styles only: the CSP allows no inline script, and
// a phone on a slow network gets one small response. Every interpolated text is escaped.
import { formatPrice } from '@pitstop/shared/money';
import type { LocalCheckoutRow } from './repository.ts';
import type { CardErrors, CardField, CardForm } from './test-cards.ts';
import { escapeHtml } from '../../lib/html.ts';

// Colours keep at least 4.5:1 contrast on their backgrounds (WCAG AA) and the layout is a single
// column that fits a 320 px screen.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
header{background:#0f172a;color:#fff}
.brand{margin:0 auto;max-width:480px;padding:12px 16px;font-weight:700;font-size:18px}
.test-mode{background:#fef3c7;color:#78350f;border-bottom:2px solid #b45309;padding:10px 16px;font-size:15px}
.test-mode p{margin:0 auto;max-width:480px}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:24px;margin:8px 0 16px}
h2{font-size:18px;margin:0 0 12px}
.card{background:#fff;border:1px solid #cbd5e1;border-radius:12px;padding:16px;margin-bottom:16px}
ul{list-style:none;margin:0;padding:0}
li,.total{display:flex;justify-content:space-between;gap:12px;padding:6px 0}
.total{border-top:1px solid #cbd5e1;margin-top:6px;padding-top:10px;font-weight:700}
label{display:block;font-weight:600;margin:12px 0 4px}
input{display:block;width:100%;font:inherit;font-size:16px;padding:10px 12px;border:1px solid #64748b;border-radius:8px;background:#fff;color:#0f172a}
input:focus{outline:3px solid #2563eb;outline-offset:1px}
input[aria-invalid="true"]{border-color:#b91c1c}
.row{display:flex;gap:12px}
.row>div{flex:1;min-width:0}
.error{color:#b91c1c;margin:4px 0 0;font-size:15px}
button{display:block;width:100%;margin-top:20px;padding:12px 16px;font:inherit;font-weight:700;font-size:17px;color:#fff;background:#1d4ed8;border:0;border-radius:8px;cursor:pointer}
button:focus{outline:3px solid #0f172a;outline-offset:2px}
a{color:#1d4ed8}
.cancel{display:block;text-align:center;margin-top:16px;padding:8px}
.muted{color:#475569;font-size:14px}
`;

export interface PageContext {
  businessName: string;
  /** A production server: the test-mode banner must be impossible to miss. */
  isProduction: boolean;
}

function layout(context: PageContext, title: string, body: string): string {
  const banner = context.isProduction
    ? `<div class="test-mode" role="note"><p><strong>Test mode</strong> — this is the built-in test checkout. No real card is charged, and no real payment is taken.</p></div>`
    : `<div class="test-mode" role="note"><p><strong>Test mode</strong> — no real card is charged.</p></div>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(context.businessName)}</title><style>${STYLE}</style></head><body><header><p class="brand">${escapeHtml(context.businessName)}</p>${banner}</header><main>${body}</main></body></html>`;
}

const FIELDS: {
  name: CardField;
  label: string;
  attributes: string;
  keepValue: boolean;
}[] = [
  {
    name: 'email',
    label: 'Email',
    attributes: 'type="email" autocomplete="email"',
    keepValue: true,
  },
  {
    name: 'cardNumber',
    label: 'Card number',
    attributes:
      'type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="32"',
    keepValue: false,
  },
  {
    name: 'expiry',
    label: 'Expiry',
    attributes: 'type="text" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9"',
    keepValue: true,
  },
  {
    name: 'cvc',
    label: 'CVC',
    attributes:
      'type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"',
    keepValue: false,
  },
  {
    name: 'cardName',
    label: 'Name on card',
    attributes: 'type="text" autocomplete="cc-name" maxlength="100"',
    keepValue: true,
  },
];

function field(
  spec: (typeof FIELDS)[number],
  value: string,
  error: string | undefined,
  autofocus: boolean,
): string {
  const id = `field-${spec.name}`;
  const errorId = `${id}-error`;
  const invalid = error ? ` aria-invalid="true" aria-describedby="${errorId}"` : '';
  const required = spec.name === 'cardName' ? '' : ' required';
  return `<div><label for="${id}">${spec.label}</label><input id="${id}" name="${spec.name}" ${spec.attributes} value="${escapeHtml(value)}"${required}${invalid}${autofocus ? ' autofocus' : ''}>${
    error ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(error)}</p>` : ''
  }</div>`;
}

export interface FormState {
  /** What was typed; the card number and CVC are never sent back. */
  values?: Partial<CardForm>;
  /** Field messages; a declined card is the card number's. */
  errors?: CardErrors;
}

export function checkoutPage(
  context: PageContext,
  session: LocalCheckoutRow,
  state: FormState = {},
): string {
  const total = formatPrice(session.amountTotal);
  const items = session.lineItems
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.name)}</span><span>${escapeHtml(formatPrice(item.amountCents))}</span></li>`,
    )
    .join('');
  const values: Partial<CardForm> = { email: session.customerEmail ?? '', ...state.values };
  const errors = state.errors ?? {};
  const firstInvalid = FIELDS.find((spec) => errors[spec.name])?.name;
  const fields = FIELDS.map((spec) =>
    field(
      spec,
      spec.keepValue ? (values[spec.name] ?? '') : '',
      errors[spec.name],
      spec.name === firstInvalid,
    ),
  );
  const [email, cardNumber, expiry, cvc, cardName] = fields;
  const action = `/checkout/local/${encodeURIComponent(session.id)}`;
  const body = `<h1>Pay ${escapeHtml(context.businessName)}</h1>
<section class="card" aria-labelledby="summary-heading"><h2 id="summary-heading">Order summary</h2><ul>${items}</ul><p class="total"><span>Total</span><span>${escapeHtml(total)}</span></p></section>
<section class="card" aria-labelledby="payment-heading"><h2 id="payment-heading">Payment details</h2>
<form method="post" action="${escapeHtml(action)}" novalidate>${email}${cardNumber}<div class="row">${expiry}${cvc}</div>${cardName}
<button type="submit">Pay ${escapeHtml(total)}</button></form>
<p class="muted">Test card: 4242 4242 4242 4242, any future expiry, any 3-digit CVC.</p></section>
<a class="cancel" href="${escapeHtml(session.cancelUrl)}">Cancel</a>`;
  return layout(context, 'Checkout', body);
}

export function expiredPage(context: PageContext, session: LocalCheckoutRow): string {
  return layout(
    context,
    'Checkout expired',
    `<h1>Checkout expired</h1><div class="card"><p>This checkout session has expired.</p><p>Nothing was charged. You can start again.</p><a href="${escapeHtml(session.cancelUrl)}">Back</a></div>`,
  );
}

export function paidPage(context: PageContext, session: LocalCheckoutRow): string {
  return layout(
    context,
    'Already paid',
    `<h1>Already paid</h1><div class="card"><p>This checkout session has already been paid.</p><a href="${escapeHtml(session.successUrl)}">View your order</a></div>`,
  );
}

export function notFoundPage(context: PageContext): string {
  return layout(
    context,
    'Checkout not found',
    `<h1>Checkout not found</h1><div class="card"><p>This checkout session was not found. The link may be mistyped.</p><a href="/">Go to the home page</a></div>`,
  );
}
