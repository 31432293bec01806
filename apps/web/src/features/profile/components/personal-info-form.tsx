// Personal information: name, phone formatted as it is typed, and the address as street, city and
// ZIP; for a technician also the work details onboarding asked for. Saving says 'Profile updated
// successfully!' for 3 s, or why it failed: the server's messages at their fields, else the spec's
// one failure message.
import { PROFILE_MESSAGE_MS, PROFILE_MESSAGES } from '@pitstop/shared/profile/forms';
import type { Profile } from '@pitstop/shared/profile/responses';
import { UserRound } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields.tsx';
import { FormPhoneInput } from '../../../components/form-phone-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateProfile } from '../api.ts';
import {
  PROFILE_FIELDS,
  profileFieldsOf,
  profileResolver,
  type ProfileFields,
} from '../profile-form.ts';
import { ProfileSection } from './profile-section.tsx';

export function PersonalInfoForm({ profile }: { profile: Profile }) {
  const isTechnician = profile.role === 'technician';
  const updateProfile = useUpdateProfile();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm<ProfileFields>({
    resolver: profileResolver(isTechnician),
    defaultValues: profileFieldsOf(profile),
  });
  const { errors, isSubmitting } = form.formState;
  // Locked while saving, not while checking: a field the check refuses must take focus.
  const isSaving = updateProfile.isPending;
  const showServerErrors = useServerErrors(form, PROFILE_FIELDS);

  // The success message clears after 3 s.
  useEffect(() => {
    if (outcome?.tone !== 'success') return;
    const timer = setTimeout(() => setOutcome(null), PROFILE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const saved = await updateProfile.mutateAsync(values);
      // What the server kept (a trimmed name, say) is what the form shows from now on.
      form.reset(profileFieldsOf(saved));
      setOutcome({ tone: 'success', message: PROFILE_MESSAGES.updated });
    } catch (error) {
      if (!showServerErrors(error)) setOutcome({ tone: 'error', message: PROFILE_MESSAGES.failed });
    }
  });

  return (
    <ProfileSection
      id="personal-info"
      title="Personal Information"
      description="How we reach you, and where we usually come to."
      icon={<UserRound />}
    >
      <form noValidate onSubmit={submit}>
        <fieldset disabled={isSaving} className="grid gap-5 sm:grid-cols-6">
          <FormField
            id="profile-name"
            label="Name"
            error={errors.name?.message}
            className="sm:col-span-3"
          >
            {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
          </FormField>
          <FormField
            id="profile-phone"
            label="Phone"
            labelNote={isTechnician ? undefined : 'Optional'}
            error={errors.phone?.message}
            className="sm:col-span-3"
          >
            {(control) => <FormPhoneInput {...control} formControl={form.control} name="phone" />}
          </FormField>
          <FormField
            id="profile-email"
            label="Email"
            hint="The address you sign in with."
            className="sm:col-span-6"
          >
            {(control) => (
              <Input {...control} type="email" value={profile.email} readOnly isLocked />
            )}
          </FormField>
          <AddressFields
            form={form}
            idPrefix="profile"
            columns={6}
            streetHint={
              isTechnician ? undefined : 'Leave the address blank, or give street, city and ZIP.'
            }
          />

          {isTechnician && (
            <WorkDetails>
              <FormField
                id="profile-service-areas"
                label="Service Areas"
                hint="Chosen at onboarding; your manager can change them."
                className="sm:col-span-4"
              >
                {(control) => (
                  <Input
                    {...control}
                    value={
                      profile.serviceAreas.length > 0
                        ? profile.serviceAreas.join(', ')
                        : 'No service area set'
                    }
                    readOnly
                    isLocked
                  />
                )}
              </FormField>
              <FormField id="profile-home-zip" label="Home ZIP" className="sm:col-span-2">
                {(control) => (
                  <Input {...control} value={profile.homeZip ?? 'Not set'} readOnly isLocked />
                )}
              </FormField>
              <FormField
                id="profile-emergency-contact"
                label="Emergency Contact"
                error={errors.emergencyContact?.message}
                className="sm:col-span-3"
              >
                {(control) => (
                  <Input {...control} autoComplete="off" {...form.register('emergencyContact')} />
                )}
              </FormField>
              <FormField
                id="profile-emergency-phone"
                label="Emergency Phone"
                error={errors.emergencyPhone?.message}
                className="sm:col-span-3"
              >
                {(control) => (
                  <FormPhoneInput
                    {...control}
                    formControl={form.control}
                    name="emergencyPhone"
                    autoComplete="off"
                  />
                )}
              </FormField>
            </WorkDetails>
          )}
        </fieldset>

        <div className="mt-6 flex flex-col gap-4">
          <FormMessage outcome={outcome} />
          <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:self-end">
            {isSaving && <Spinner />}
            {isSaving ? 'Saving…' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}

/** A technician's extras, under their own heading. */
function WorkDetails({ children }: { children: ReactNode }) {
  return (
    <div
      role="group"
      aria-labelledby="work-details-title"
      className="grid gap-5 border-t border-border pt-5 sm:col-span-6 sm:grid-cols-6"
    >
      <h3 id="work-details-title" className="text-base font-semibold sm:col-span-6">
        Work Details
      </h3>
      {children}
    </div>
  );
}
