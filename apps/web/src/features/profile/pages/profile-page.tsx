// My Profile (/profile, any signed-in user): the photo and a summary beside personal information
// (with a technician's work details), My Garage for everyone but technicians, and the customer's
// own appointments; a technician sees their jobs instead (and their own bookings, if they made
// any).
import { can } from '@pitstop/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { profileQueryOptions } from '../api.ts';
import { MyAppointments } from '../components/my-appointments.tsx';
import { MyGarage } from '../components/my-garage.tsx';
import { MyJobs } from '../components/my-jobs.tsx';
import { PersonalInfoForm } from '../components/personal-info-form.tsx';
import { ProfilePhoto } from '../components/profile-photo.tsx';
import { ProfileSummary } from '../components/profile-summary.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';
import { useVisitAnchor } from '../use-visit-anchor.ts';

export function ProfilePage() {
  // The route guard has already checked that someone is signed in.
  const { viewer } = useViewer();
  const profile = useQuery(profileQueryOptions());
  const { data: business } = useBusinessProfile();
  const timeZone = business?.timeZone;
  // Staff sent here to set up a second factor find it first; it stays there once set up (moving
  // it would start it again, hiding the recovery codes it shows once).
  const [isTwoFactorFirst] = useState(() => viewer?.mustSetUpTwoFactor === true);
  // A technician's page speaks of their jobs rather than a customer's bookings.
  const isTechnician = viewer !== null && can(viewer.role, 'job:work:own');
  // A visit e-mail's link (?visit=) lands on that visit once My Appointments has loaded.
  useVisitAnchor(profile.isSuccess);

  return (
    // 4rem: the top bar's height, so the tint reaches the bottom of the window.
    <div className="min-h-[calc(100dvh-4rem)] bg-slate-50">
      <title>My Profile · Pitstop</title>
      <div className="border-b border-border bg-background">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">My Profile</h1>
          <p className="mt-2 text-muted-foreground">
            {isTechnician
              ? 'Your details and your jobs, in one place.'
              : 'Your details, your saved vehicles and your appointments, in one place.'}
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        {profile.isPending ? (
          <LoadingState label="Loading your profile…" />
        ) : profile.isError ? (
          <ErrorState
            title="We couldn't load your profile"
            message={errorMessage(profile.error, 'Please try again in a moment.')}
            onRetry={() => void profile.refetch()}
            isRetrying={profile.isFetching}
          />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
            <div className="flex flex-col gap-6">
              <ProfilePhoto profile={profile.data} />
              <ProfileSummary profile={profile.data} timeZone={timeZone} />
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              {viewer && isTwoFactorFirst && <TwoFactorSection viewer={viewer} />}
              <PersonalInfoForm profile={profile.data} />
              {viewer && can(profile.data.role, 'vehicle:manage:own') && (
                <MyGarage userId={viewer.userId} />
              )}
              {isTechnician && <MyJobs upcoming={profile.data.summary.upcoming} />}
              <MyAppointments timeZone={timeZone} isHiddenWhenEmpty={isTechnician} />
              {viewer && !isTwoFactorFirst && <TwoFactorSection viewer={viewer} />}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
