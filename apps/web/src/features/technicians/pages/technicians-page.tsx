// Technicians admin (/admin/technicians): every technician as a card, Invite Technician for all
// staff, and Edit, Delete and Resend invitation for admins (managers see them disabled, with the
// reason). Arriving with `{ technicianId }` in the navigation state rings that technician's card.
// Below the cards, the Day Plan shows each technician's visits and drives on a chosen date.
import { can } from '@pitstop/shared/permissions';
import type { TechnicianCard as Technician } from '@pitstop/shared/technicians/responses';
import { RESEND_MESSAGE_MS, TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { PATHS } from '@pitstop/shared/web-routes';
import { Info, UserPlus, UsersRound } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { AdminPage } from '../../../components/admin-page.tsx';
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
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { businessToday } from '../../../lib/business-today.ts';
import { resendFailedMessage, useResendInvitation } from '../../../lib/technician-invitations.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { useDeleteTechnician, useTechnicians } from '../api.ts';
import { DayPlan } from '../components/day-plan.tsx';
import { TechnicianCard, technicianCardDomId } from '../components/technician-card.tsx';
import {
  deleteFailedMessage,
  technicianLabel,
  TECHNICIAN_PAGE_MESSAGES,
} from '../technician-words.ts';
import { useArrivalHighlight } from '../use-arrival-highlight.ts';

// The invite and edit forms (their fields and validation, most of this page's code) load when a
// dialog is first opened: most visits only look.
const InviteTechnicianDialog = lazy(async () => ({
  default: (await import('../components/invite-technician-dialog.tsx')).InviteTechnicianDialog,
}));
const EditTechnicianDialog = lazy(async () => ({
  default: (await import('../components/edit-technician-dialog.tsx')).EditTechnicianDialog,
}));

export function TechniciansPage() {
  const { role } = useViewer();
  const canManage = can(role, 'technician:manage');
  const technicians = useTechnicians();
  const business = useBusinessProfile();
  // Until the business profile answers (or if it cannot), today in the default zone.
  const today = businessToday(business.data?.timeZone);
  const highlightedId = useArrivalHighlight(
    technicians.data?.map((technician) => technician.id),
    technicianCardDomId,
  );
  const adminsOnlyNoteId = useId();

  const [isInviting, setIsInviting] = useState(false);
  const [editing, setEditing] = useState<Technician | null>(null);
  const [deleting, setDeleting] = useState<Technician | null>(null);
  const [resending, setResending] = useState<Technician | null>(null);
  const [sharedLink, setSharedLink] = useState<{ name: string; link: string } | null>(null);
  // Once opened, a dialog stays mounted, so it can close with its animation.
  const [opened, setOpened] = useState({ invite: false, edit: false });
  if ((isInviting && !opened.invite) || (editing && !opened.edit)) {
    setOpened({ invite: opened.invite || isInviting, edit: opened.edit || editing !== null });
  }
  const deleteTechnician = useDeleteTechnician();
  const resendInvitation = useResendInvitation();

  // The dialogs open from a button; focus goes back to it on closing, or to Invite Technician
  // when it is gone (its card was deleted).
  const opener = useRef<HTMLElement | null>(null);
  const inviteButtonRef = useRef<HTMLButtonElement>(null);
  function opening<T>(set: (value: T) => void) {
    return (value: T) => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      set(value);
    };
  }
  function restoreFocus(event: Event) {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : inviteButtonRef.current;
    target?.focus();
  }

  const invite = opening(setIsInviting);

  function confirmDelete() {
    if (!deleting) return;
    deleteTechnician.mutate(deleting.id, {
      onSuccess: () => toast.success(TECHNICIAN_PAGE_MESSAGES.deleted),
      onError: (error) => toast.error(deleteFailedMessage(error)),
    });
  }

  function confirmResend() {
    if (!resending) return;
    const name = technicianLabel(resending);
    resendInvitation.mutate(resending.id, {
      onSuccess: ({ loginLink }) => {
        toast.success(TECHNICIAN_MESSAGES.resent, { duration: RESEND_MESSAGE_MS });
        if (loginLink) setSharedLink({ name, link: loginLink });
      },
      onError: (error) => toast.error(resendFailedMessage(error), { duration: RESEND_MESSAGE_MS }),
    });
  }

  const inviteButton = (
    <Button ref={inviteButtonRef} onClick={() => invite(true)} className="w-full sm:w-auto">
      <UserPlus aria-hidden="true" />
      Invite Technician
    </Button>
  );

  return (
    <AdminPage
      title="Technicians"
      breadcrumbs={[{ label: 'Admin Dashboard', to: PATHS.adminDashboard }]}
      description="Invite technicians, keep their details current, and see who works which days."
      actions={inviteButton}
    >
      {technicians.isPending ? (
        <LoadingState label="Loading technicians…" />
      ) : technicians.isError ? (
        <ErrorState
          message={TECHNICIAN_PAGE_MESSAGES.listFailed}
          onRetry={() => void technicians.refetch()}
          isRetrying={technicians.isFetching}
        />
      ) : technicians.data.length === 0 ? (
        <EmptyState onInvite={() => invite(true)} />
      ) : (
        <>
          {!canManage && (
            <p
              id={adminsOnlyNoteId}
              className="mb-6 flex items-start gap-2.5 rounded-lg border border-blue-200 bg-blue-50 px-3.5 py-3 text-sm text-blue-900"
            >
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {TECHNICIAN_PAGE_MESSAGES.adminsOnly}
            </p>
          )}
          <ul aria-label="Technicians" className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {technicians.data.map((technician) => (
              <li key={technician.id}>
                <TechnicianCard
                  technician={technician}
                  today={today}
                  canManage={canManage}
                  adminsOnlyNoteId={adminsOnlyNoteId}
                  isHighlighted={technician.id === highlightedId}
                  onEdit={opening(setEditing)}
                  onDelete={opening(setDeleting)}
                  onResend={opening(setResending)}
                />
              </li>
            ))}
          </ul>
          <DayPlan today={today} />
        </>
      )}

      <Suspense fallback={null}>
        {opened.invite && (
          <InviteTechnicianDialog
            open={isInviting}
            onOpenChange={setIsInviting}
            onCloseAutoFocus={restoreFocus}
          />
        )}
        {opened.edit && (
          <EditTechnicianDialog
            technician={editing}
            onClose={() => setEditing(null)}
            onCloseAutoFocus={restoreFocus}
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title="Delete technician?"
        description={
          deleting &&
          `${technicianLabel(deleting)} (${deleting.email}) will lose their account and can no longer sign in. Their upcoming appointments go back to Unassigned. This cannot be undone.`
        }
        confirmLabel="Delete Technician"
        destructive
        onConfirm={confirmDelete}
        onCloseAutoFocus={restoreFocus}
      />
      <ConfirmDialog
        open={resending !== null}
        onOpenChange={(isOpen) => !isOpen && setResending(null)}
        title={resending ? `Resend invitation to ${technicianLabel(resending)}?` : ''}
        description={TECHNICIAN_MESSAGES.resendConfirm}
        confirmLabel="Resend Invitation"
        onConfirm={confirmResend}
        onCloseAutoFocus={restoreFocus}
      />
      <Dialog open={sharedLink !== null} onOpenChange={(isOpen) => !isOpen && setSharedLink(null)}>
        <DialogContent onCloseAutoFocus={restoreFocus}>
          <DialogHeader>
            <DialogTitle>Invitation link</DialogTitle>
            <DialogDescription>
              Send {sharedLink?.name} this link to set their password.
            </DialogDescription>
          </DialogHeader>
          {sharedLink && <InvitationLink link={sharedLink.link} />}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Done</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

function EmptyState({ onInvite }: { onInvite: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input bg-background px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <UsersRound className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold">{TECHNICIAN_PAGE_MESSAGES.listEmpty}</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        Invite your first technician: they get an e-mail with a link to set their password.
      </p>
      <Button variant="outline" onClick={onInvite}>
        <UserPlus aria-hidden="true" />
        Invite a technician
      </Button>
    </div>
  );
}
