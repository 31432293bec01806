// Business Profile (/admin/business-profile): the business's contact details, scheduling settings,
// weekly hours, service areas and drive estimates, with a view/edit toggle. Managers may look; only admins and super admins may
// edit (the Edit button is disabled for everyone else).
import { PATHS } from '@pitstop/shared/web-routes';
import { can } from '@pitstop/shared/permissions';
import { Lock, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { AdminPage } from '../../../components/admin-page.tsx';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { BusinessProfileForm } from '../components/business-profile-form.tsx';
import { BusinessProfileView } from '../components/business-profile-view.tsx';
import { StaffTwoFactorCard } from '../components/staff-two-factor-card.tsx';

export const READ_ONLY_NOTE =
  'You can view the business profile. Only admins and super admins can edit it.';
export const SAVED_MESSAGE = 'Business profile saved.';

const EDIT_BUTTON_ID = 'edit-business-profile';
const FIRST_FIELD_ID = 'business-name';

export function BusinessProfilePage() {
  const { role } = useViewer();
  const canEdit = can(role, 'business:edit');
  const business = useBusinessProfile();
  const [isEditing, setIsEditing] = useState(false);
  const focusAfterSwitch = useRef<string | null>(null);

  // After switching mode, put focus where the user continues: the first field, or Edit again.
  useEffect(() => {
    const id = focusAfterSwitch.current;
    if (!id) return;
    focusAfterSwitch.current = null;
    document.getElementById(id)?.focus();
  }, [isEditing]);

  function switchTo(editing: boolean) {
    focusAfterSwitch.current = editing ? FIRST_FIELD_ID : EDIT_BUTTON_ID;
    setIsEditing(editing);
  }

  const profile = business.data;

  return (
    <AdminPage
      title="Business Profile"
      breadcrumbs={[{ label: 'Admin Dashboard', to: PATHS.adminDashboard }]}
      description="Contact details, opening hours and service areas. Customers see them in the footer and book within these hours and areas."
      actions={
        !isEditing &&
        profile && (
          <Button
            id={EDIT_BUTTON_ID}
            onClick={() => switchTo(true)}
            disabled={!canEdit}
            aria-describedby={canEdit ? undefined : 'business-read-only-note'}
            className="w-full sm:w-auto"
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )
      }
    >
      {!canEdit && (
        <p
          id="business-read-only-note"
          className="mb-6 flex items-start gap-3 rounded-card border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
        >
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {READ_ONLY_NOTE}
        </p>
      )}

      {business.isPending ? (
        <LoadingState label="Loading business profile…" />
      ) : business.isError && !profile ? (
        <ErrorState
          title="Failed to load the business profile"
          message={errorMessage(business.error)}
          onRetry={() => void business.refetch()}
          isRetrying={business.isFetching}
        />
      ) : profile && isEditing && canEdit ? (
        <BusinessProfileForm
          profile={profile}
          onCancel={() => switchTo(false)}
          onSaved={() => {
            toast.success(SAVED_MESSAGE);
            switchTo(false);
          }}
        />
      ) : profile ? (
        <BusinessProfileView profile={profile} />
      ) : null}
      {can(role, 'user:manage') && <StaffTwoFactorCard />}
    </AdminPage>
  );
}
