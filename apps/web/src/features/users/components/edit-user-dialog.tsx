// The Edit User dialog: name, phone and address. The role is shown but locked, because it can only
// be set during user creation. On success it closes after 1 s. A technician's dialog also offers
// Resend invitation (admins and super admins only).
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { can } from '@pitstop/shared/permissions';
import { canResendInvitation, TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { updateUserSchema } from '@pitstop/shared/users/forms';
import { ROLE_CHANGE_REFUSED } from '@pitstop/shared/users/rules';
import type { UserSummary } from '@pitstop/shared/users/responses';
import { CheckCircle2, CircleAlert, Lock, MailPlus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormPhoneInput } from '../../../components/form-phone-input.tsx';
import { InvitationLink } from '../../../components/invitation-link.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
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
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUpdateUser } from '../api.ts';
import { roleLabel } from '../../../lib/role-labels.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useAfterDelay } from '../../../lib/use-after-delay.ts';
import { EDIT_DIALOG_CLOSE_DELAY_MS, USER_MESSAGES } from '../user-messages.ts';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useInlineResend } from '../../../lib/technician-invitations.ts';
import { useViewer } from '../../../lib/viewer.ts';

const FIELDS = ['name', 'phone', 'address'] as const;

export interface EditUserDialogProps {
  /** The user being edited; null keeps the dialog closed. */
  user: UserSummary | null;
  onClose: () => void;
}

export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription className="break-all">{user?.email}</DialogDescription>
        </DialogHeader>
        {/* Keyed by user, so switching users never carries one user's edits to another. */}
        {user && <EditUserForm key={user.id} user={user} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, onDone }: { user: UserSummary; onDone: () => void }) {
  const updateUser = useUpdateUser();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const isSaved = outcome?.tone === 'success';
  const form = useForm({
    resolver: standardSchemaResolver(updateUserSchema),
    defaultValues: { name: user.name, phone: user.phone, address: user.address },
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);

  useAfterDelay(isSaved, EDIT_DIALOG_CLOSE_DELAY_MS, onDone);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await updateUser.mutateAsync({
        id: user.id,
        name: values.name,
        phone: values.phone,
        address: values.address ?? '',
      });
      setOutcome({ tone: 'success', message: USER_MESSAGES.updated });
    } catch (error) {
      if (!showServerErrors(error)) {
        setOutcome({ tone: 'error', message: USER_MESSAGES.updateFailed });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={updateUser.isPending || isSaved} className="grid gap-4 sm:grid-cols-2">
        <FormField id="edit-user-name" label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField
          id="edit-user-phone"
          label="Phone"
          labelNote="Optional"
          error={errors.phone?.message}
        >
          {(control) => (
            <FormPhoneInput
              {...control}
              formControl={form.control}
              name="phone"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          id="edit-user-address"
          label="Address"
          labelNote="Optional"
          hint="Street, city, ZIP"
          error={errors.address?.message}
          className="sm:col-span-2"
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('address')} />}
        </FormField>
        <FormField
          id="edit-user-role"
          label="Role"
          hint={
            <span className="inline-flex items-center gap-1.5">
              <Lock className="size-3.5 shrink-0" aria-hidden="true" />
              {ROLE_CHANGE_REFUSED}
            </span>
          }
          className="sm:col-span-2"
        >
          {(control) => <Input {...control} value={roleLabel(user.role)} disabled readOnly />}
        </FormField>
      </fieldset>

      <FormMessage outcome={outcome} />

      {/* Once onboarding is complete a new link would reset the password: the server refuses it. */}
      {user.role === 'technician' && canResendInvitation(user) && (
        <TechnicianInvitation user={user} />
      )}

      <DialogFooter className="mt-6">
        <DialogClose asChild>
          <Button variant="outline">{isSaved ? 'Close' : 'Cancel'}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting || isSaved}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Saving…' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

const ADMINS_ONLY = 'Only admins can resend invitations.';

/** Resend invitation for a technician: a new one-time link, the old one dead. */
function TechnicianInvitation({ user }: { user: UserSummary }) {
  const { role } = useViewer();
  const mayResend = can(role, 'technician:manage');
  // The list's id is the profile id, the same one the resend route takes.
  const { resend, outcome, loginLink, isPending } = useInlineResend(user.id);
  const [isConfirming, setIsConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const noteId = useId();

  return (
    <section aria-labelledby={`${noteId}-title`} className="mt-6 border-t border-border pt-4">
      <h3 id={`${noteId}-title`} className="text-sm font-semibold">
        Technician invitation
      </h3>
      <p id={noteId} className="mt-1 text-sm text-muted-foreground">
        {mayResend
          ? 'Send a new link to set their password, if the first one was lost or has expired.'
          : ADMINS_ONLY}
      </p>
      <Button
        ref={button}
        variant="outline"
        className="mt-3 w-full sm:w-auto"
        disabled={!mayResend}
        // Not disabled while sending: focus comes back here when the confirmation closes.
        aria-disabled={isPending || undefined}
        title={mayResend ? undefined : ADMINS_ONLY}
        aria-describedby={noteId}
        onClick={() => !isPending && setIsConfirming(true)}
      >
        {isPending ? <Spinner /> : <MailPlus aria-hidden="true" />}
        {isPending ? 'Sending…' : 'Resend invitation'}
      </Button>
      {/* A live region of its own (not role=status, which the save message has). */}
      <div aria-live="polite" className="empty:hidden">
        {outcome && (
          <p
            className={
              outcome.tone === 'success'
                ? 'mt-3 flex items-start gap-2 text-sm font-medium text-green-800'
                : 'mt-3 flex items-start gap-2 text-sm font-medium text-red-800'
            }
          >
            {outcome.tone === 'success' ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            {outcome.message}
          </p>
        )}
      </div>
      {loginLink && <InvitationLink link={loginLink} className="mt-3" />}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={`Resend invitation to ${user.name.trim() || user.email}?`}
        description={TECHNICIAN_MESSAGES.resendConfirm}
        confirmLabel="Resend Invitation"
        onConfirm={resend}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
      />
    </section>
  );
}
