// A visit's order as staff see it in the cancel dialog: its number, what was paid and when, the
// balance paid online since (each payment with its services), and every refund so far with its
// amount, time (on the business's clock) and reason.
import { balancePaidWords } from '@pitstop/shared/appointments/balance';
import type {
  BalancePayment,
  Refund,
  VisitPaymentResponse,
} from '@pitstop/shared/appointments/responses';
import { formatPrice } from '@pitstop/shared/money';
import { useId, type ReactNode } from 'react';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { formatMoment } from '../../../lib/business-time.ts';

const REFUND_STATUS_WORDS: Record<Refund['status'], string | null> = {
  succeeded: null,
  pending: 'Pending',
  failed: 'Failed',
};

export function VisitPayment({ payment }: { payment: VisitPaymentResponse }) {
  const timeZone = useBusinessProfile().data?.timeZone;
  const refundsId = useId();
  // An expired checkout took nothing: left out.
  const balancePayments = payment.balancePayments.filter(
    (balancePayment) => balancePayment.status !== 'expired',
  );
  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid grid-cols-2 gap-3">
        <Detail term="Order">{payment.orderNumber}</Detail>
        <Detail term="Paid">{formatPrice(payment.amountCents)}</Detail>
        <Detail term="Paid on" className="col-span-2">
          {formatMoment(payment.paidAt, 'dateTime', timeZone)}
        </Detail>
        {payment.refundedCents > 0 && (
          <Detail term="Refunded" className="col-span-2">
            {formatPrice(payment.refundedCents)}
          </Detail>
        )}
      </dl>
      {balancePayments.length > 0 && (
        <BalancePayments payments={balancePayments} timeZone={timeZone} />
      )}
      <section aria-labelledby={refundsId} className="grid gap-2">
        <h3 id={refundsId} className="font-semibold">
          Refunds
        </h3>
        {payment.refunds.length === 0 ? (
          <p className="text-muted-foreground">No refunds yet.</p>
        ) : (
          <ul className="grid gap-2">
            {payment.refunds.map((refund) => (
              <RefundItem key={refund.id} refund={refund} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function BalancePayments({
  payments,
  timeZone,
}: {
  payments: BalancePayment[];
  timeZone: string | undefined;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="font-semibold">
        Balance
      </h3>
      <ul className="grid gap-2">
        {payments.map((balancePayment) => (
          <li
            key={balancePayment.id}
            className="grid gap-0.5 rounded-lg border border-border px-3 py-2"
          >
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold">
                {balancePayment.status === 'paid'
                  ? balancePaidWords(balancePayment.amountCents)
                  : `Balance checkout open (${formatPrice(balancePayment.amountCents)})`}
              </span>
              <span className="text-muted-foreground">
                {formatMoment(
                  balancePayment.paidAt ?? balancePayment.createdAt,
                  'dateTime',
                  timeZone,
                )}
              </span>
            </p>
            <p className="break-words">{balancePayment.services.join(', ')}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RefundItem({ refund, timeZone }: { refund: Refund; timeZone: string | undefined }) {
  const status = REFUND_STATUS_WORDS[refund.status];
  return (
    <li className="grid gap-0.5 rounded-lg border border-border px-3 py-2">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">
          {formatPrice(refund.amountCents)}
          {status && <span className="font-normal text-muted-foreground"> ({status})</span>}
        </span>
        <span className="text-muted-foreground">
          {formatMoment(refund.createdAt, 'dateTime', timeZone)}
        </span>
      </p>
      {refund.reason && <p className="break-words">{refund.reason}</p>}
    </li>
  );
}

function Detail({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
