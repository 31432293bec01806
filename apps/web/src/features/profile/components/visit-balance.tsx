// A visit's balance on My Appointments (services the technician added on site): what is due with
// Pay balance, which leaves for the payment page, and what was paid. Back from paying
// (/profile?visit=<bookingId>&balance=paid) it waits for the payment to be confirmed, as long as
// the provider may take, then shows the visit paid or says it has not gone through yet.
import {
  BALANCE_MESSAGES,
  BALANCE_RETURN_PARAM,
  balancePaidWords,
} from '@pitstop/shared/appointments/balance';
import type { MyVisit } from '@pitstop/shared/appointments/responses';
import { formatPrice } from '@pitstop/shared/money';
import { VISIT_PARAM } from '@pitstop/shared/profile/visit-link';
import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { goToCheckout, useBackFromCheckout } from '../../../lib/checkout.ts';
import {
  isBalanceConfirming,
  usePayBalance,
  useRefreshMyAppointments,
  visitBalanceQueryOptions,
} from '../api.ts';

export function VisitBalance({ visit }: { visit: MyVisit }) {
  const { bookingId, balanceDueCents, balancePaidCents } = visit;
  const search = new URLSearchParams(useLocation().search);
  const isBackFromPaying =
    bookingId !== null &&
    search.get(VISIT_PARAM) === bookingId &&
    search.get(BALANCE_RETURN_PARAM) === 'paid';
  return (
    <>
      {balanceDueCents > 0 && (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <p className="inline-flex self-start rounded-md bg-amber-100 px-2 py-1 text-sm font-medium text-amber-900 sm:self-auto">
            Balance due: {formatPrice(balanceDueCents)}
            <span className="sr-only"> for services added during the visit</span>
          </p>
          {bookingId && <PayBalance bookingId={bookingId} dueCents={balanceDueCents} />}
        </div>
      )}
      {balancePaidCents > 0 && (
        <p className="mt-2 text-sm text-muted-foreground">{balancePaidWords(balancePaidCents)}</p>
      )}
      {isBackFromPaying && <BalanceConfirmation bookingId={bookingId} />}
    </>
  );
}

function PayBalance({ bookingId, dueCents }: { bookingId: string; dueCents: number }) {
  const payBalance = usePayBalance(bookingId);
  // Busy until the payment page has taken over, not only while the server is asked.
  const [isLeaving, setIsLeaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  useBackFromCheckout(useCallback(() => setIsLeaving(false), []));
  const isBusy = payBalance.isPending || isLeaving;

  const pay = () => {
    setRefusal(null);
    payBalance.mutate(undefined, {
      onSuccess: ({ url }) => {
        try {
          goToCheckout(url);
          setIsLeaving(true);
        } catch {
          setRefusal('The payment page could not be opened.');
        }
      },
      onError: (error) =>
        setRefusal(errorMessage(error, 'The payment could not be started. Please try again.')),
    });
  };

  return (
    <>
      <Button
        size="sm"
        className="w-full sm:w-auto"
        disabled={isBusy}
        aria-busy={isBusy}
        onClick={pay}
      >
        {isBusy ? <Spinner className="size-4" /> : <CreditCard aria-hidden="true" />}
        Pay balance<span className="sr-only">: {formatPrice(dueCents)}</span>
      </Button>
      {/* Mounted from the start, so a refusal is announced when it appears. */}
      <p role="alert" className="text-sm font-medium text-destructive empty:hidden sm:basis-full">
        {refusal}
      </p>
    </>
  );
}

/** Waits for the provider to confirm the payment just made; the list is read again once paid. */
function BalanceConfirmation({ bookingId }: { bookingId: string }) {
  const balance = useQuery(visitBalanceQueryOptions(bookingId));
  const refreshMyAppointments = useRefreshMyAppointments();
  const data = balance.data;
  // Paid: nothing is due, or the latest payment went through (services added while the customer
  // paid are a balance of their own, shown with its own Pay balance).
  const isPaid =
    data !== undefined && (data.balanceDueCents === 0 || data.payments[0]?.status === 'paid');
  useEffect(() => {
    if (isPaid) void refreshMyAppointments();
  }, [isPaid, refreshMyAppointments]);

  const isConfirming = balance.isPending || (data !== undefined && isBalanceConfirming(data));
  const isUnpaid = data !== undefined && !isPaid;
  const message = isConfirming
    ? BALANCE_MESSAGES.confirming
    : isUnpaid
      ? BALANCE_MESSAGES.notYetPaid
      : null;
  return (
    <>
      {/* Stays mounted, so "not yet paid" is announced when it replaces "confirming". */}
      <p role="status" className="mt-2 text-sm font-medium empty:hidden">
        {message}
      </p>
      {balance.isError && (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {errorMessage(balance.error, 'We could not check your payment. Please reload the page.')}
        </p>
      )}
    </>
  );
}
