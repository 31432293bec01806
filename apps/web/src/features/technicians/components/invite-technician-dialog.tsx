// The Invite Technician dialog: full name and e-mail, both trimmed. The server creates the account
// and e-mails a one-time link to set a password; the dialog says 'Invitation sent successfully!'
// and closes itself after 2 s.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { inviteTechnicianSchema } from '@pitstop/shared/technicians/forms';
import { INVITE_CLOSE_MS, TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useAfterDelay } from '../../../lib/use-after-delay.ts';
import { useInviteTechnician } from '../api.ts';
import { refusalMessage } from '../technician-words.ts';

const FIELDS = ['name', 'email'] as const;

export interface InviteTechnicianDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on closing: the dialog has no trigger of its own to return to. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function InviteTechnicianDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: InviteTechnicianDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Invite Technician</DialogTitle>
          <DialogDescription>
            We e-mail them a link to set their password; it works once, for 7 days. They add their
            phone, address and service area when they first sign in.
          </DialogDescription>
        </DialogHeader>
        {/* Rendered only while open, so every opening starts with an empty form. */}
        <InviteTechnicianForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function InviteTechnicianForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteTechnician();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const isSent = outcome?.tone === 'success';
  const form = useForm({
    resolver: standardSchemaResolver(inviteTechnicianSchema),
    defaultValues: { name: '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);

  useAfterDelay(isSent, INVITE_CLOSE_MS, onDone);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await invite.mutateAsync(values);
      setOutcome({ tone: 'success', message: TECHNICIAN_MESSAGES.inviteSent });
    } catch (error) {
      if (!showServerErrors(error)) {
        setOutcome({
          tone: 'error',
          message: refusalMessage(error, TECHNICIAN_MESSAGES.inviteFailed),
        });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={invite.isPending || isSent} className="grid gap-4">
        <FormField id="invite-technician-name" label="Full Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField id="invite-technician-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              spellCheck={false}
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormMessage outcome={outcome} />
      </fieldset>

      <DialogFooter className="mt-6">
        <DialogClose asChild>
          <Button variant="outline">{isSent ? 'Close' : 'Cancel'}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting || isSent}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Sending…' : 'Send Invitation'}
        </Button>
      </DialogFooter>
    </form>
  );
}
