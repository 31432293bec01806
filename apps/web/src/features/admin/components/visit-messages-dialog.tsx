// Messages (staff): what a visit's customer was sent and what waits to go, newest first. Each
// message says when (on the business's clock), by e-mail or text, what kind, to whom, its subject
// or a text's words, and where it stands: waiting until its time, sent, delivered, failed (with
// the error) or withdrawn when the visit changed before it went.
import type { VisitMessage } from '@pitstop/shared/appointments/responses';
import {
  VISIT_MESSAGE_TEMPLATES,
  VISIT_MESSAGE_WORDS,
} from '@pitstop/shared/notifications/visit-texts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, type BadgeProps } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { formatMoment } from '../../../lib/business-time.ts';
import { visitMessagesQueryOptions } from '../visit-messages-api.ts';

export interface VisitWithMessages {
  bookingId: string;
  /** Who and what, e.g. 'Casey Customer, Synthetic Oil Change'. */
  name: string;
  /** The button that opened the dialog: focus goes back to it. */
  opener: HTMLElement;
}

export interface VisitMessagesDialogProps {
  /** The visit whose messages to show; null keeps the dialog closed. */
  visit: VisitWithMessages | null;
  onClose: () => void;
}

export function VisitMessagesDialog({ visit, onClose }: VisitMessagesDialogProps) {
  // The latest opener outlives the dialog's state: focus moves once the dialog has closed.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (visit && visit.opener !== opener) setOpener(visit.opener);
  const onCloseAutoFocus = (event: Event) => {
    // Mounted lazily, the dialog does not know what had focus before it: it is told.
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
  return (
    <Dialog open={visit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Messages</DialogTitle>
          <DialogDescription className="break-words">{visit?.name}</DialogDescription>
        </DialogHeader>
        {visit && <VisitMessages key={visit.bookingId} bookingId={visit.bookingId} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function VisitMessages({ bookingId }: { bookingId: string }) {
  const messages = useQuery(visitMessagesQueryOptions(bookingId));
  const timeZone = useBusinessProfile().data?.timeZone;
  if (messages.isPending) return <LoadingState label="Loading messages…" className="min-h-24" />;
  if (messages.isError) {
    return (
      <ErrorState
        title="We couldn't load this visit's messages"
        message={errorMessage(messages.error)}
        onRetry={() => void messages.refetch()}
        isRetrying={messages.isFetching}
      />
    );
  }
  if (messages.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No messages about this visit yet.</p>;
  }
  return (
    <ul aria-label="Messages" className="grid gap-2 text-sm">
      {messages.data.map((message) => (
        <MessageItem key={message.id} message={message} timeZone={timeZone} />
      ))}
    </ul>
  );
}

const CHANNEL_WORDS: Record<VisitMessage['channel'], string> = { email: 'E-mail', sms: 'Text' };

const KIND_WORDS: Record<string, string> = {
  [VISIT_MESSAGE_TEMPLATES.reminder]: 'Reminder',
  [VISIT_MESSAGE_TEMPLATES.onMyWay]: VISIT_MESSAGE_WORDS.onMyWay,
  [VISIT_MESSAGE_TEMPLATES.runningLate]: VISIT_MESSAGE_WORDS.runningLate,
  'booking-confirmation': 'Confirmation',
  'visit-moved': 'Visit moved',
  'visit-cancelled': 'Visit cancelled',
  'job-in-progress': 'Work started',
  'job-completed': 'Work completed',
  'balance-link': 'Balance pay link',
  'balance-receipt': 'Balance receipt',
  'rating-request': 'Rating request',
};

interface StatusWords {
  words: string;
  tone: BadgeProps['variant'];
}

/** Where a message stands, in words; `now` decides whether a waiting one's time has come. */
function messageStatus(
  message: VisitMessage,
  timeZone: string | undefined,
  now = Date.now(),
): StatusWords {
  switch (message.status) {
    case 'pending':
      return Date.parse(message.notBefore) > now
        ? {
            words: `Waiting until ${formatMoment(message.notBefore, 'dateTime', timeZone)}`,
            tone: 'info',
          }
        : { words: 'Waiting to send', tone: 'info' };
    case 'sending':
      return { words: 'Sending', tone: 'info' };
    case 'sent':
      if (message.deliveryStatus === 'delivered') return { words: 'Delivered', tone: 'success' };
      if (message.deliveryStatus === 'undelivered' || message.deliveryStatus === 'failed') {
        return { words: 'Not delivered', tone: 'destructive' };
      }
      return { words: 'Sent', tone: 'success' };
    case 'failed':
      return { words: 'Failed', tone: 'destructive' };
    case 'withdrawn':
      return { words: 'Withdrawn', tone: 'secondary' };
  }
}

function MessageItem({
  message,
  timeZone,
}: {
  message: VisitMessage;
  timeZone: string | undefined;
}) {
  const status = messageStatus(message, timeZone);
  // A message gone is dated when it went; one waiting or withdrawn when it was queued.
  const when = message.sentAt ?? message.createdAt;
  const kind = KIND_WORDS[message.template] ?? message.template;
  const hasError = status.tone === 'destructive' && message.lastError;
  return (
    <li className="grid gap-1 rounded-lg border border-border px-3 py-2">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">
          {kind}
          <span className="font-normal text-muted-foreground">
            {' '}
            ({CHANNEL_WORDS[message.channel]})
          </span>
        </span>
        <span className="text-muted-foreground">{formatMoment(when, 'dateTime', timeZone)}</span>
      </p>
      <p className="break-words text-muted-foreground">To {message.to}</p>
      <p className="break-words">{message.subject}</p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="sr-only">Status: </span>
        <Badge variant={status.tone} className="whitespace-normal">
          {status.words}
        </Badge>
        {hasError && <span className="break-words text-destructive">{message.lastError}</span>}
      </p>
    </li>
  );
}
