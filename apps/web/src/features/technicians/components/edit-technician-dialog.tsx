// The admin's Edit Technician dialog: name, phone, address, home ZIP, service areas (from the
// business's list) and emergency contact.
// Everything but the name may still be empty for a technician who has not onboarded; what is there
// must be valid. Success closes the dialog.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import {
  technicianEditSchema,
  type TechnicianEdit,
  type TechnicianEditForm,
} from '@pitstop/shared/technicians/forms';
import type { TechnicianCard } from '@pitstop/shared/technicians/responses';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields.tsx';
import { FormPhoneInput } from '../../../components/form-phone-input.tsx';
import { ServiceAreaFields } from '../../../components/service-area-fields.tsx';
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
import { toast } from '../../../components/ui/toast.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateTechnician } from '../api.ts';
import { refusalMessage, TECHNICIAN_PAGE_MESSAGES } from '../technician-words.ts';

const FIELDS = [
  'name',
  'phone',
  'street',
  'city',
  'zipCode',
  'homeZip',
  'serviceAreaIds',
  'emergencyContact',
  'emergencyPhone',
] as const;

export interface EditTechnicianDialogProps {
  /** The technician being edited; null keeps the dialog closed. */
  technician: TechnicianCard | null;
  onClose: () => void;
  /** Where focus goes on closing: the dialog has no trigger of its own to return to. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function EditTechnicianDialog({
  technician,
  onClose,
  onCloseAutoFocus,
}: EditTechnicianDialogProps) {
  return (
    <Dialog open={technician !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Edit Technician</DialogTitle>
          <DialogDescription className="break-all">{technician?.email}</DialogDescription>
        </DialogHeader>
        {/* Keyed by technician, so switching never carries one technician's edits to another. */}
        {technician && (
          <EditTechnicianForm key={technician.id} technician={technician} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's first values: the home ZIP as typed ('' for none); the areas are always sent. */
function valuesOf(card: TechnicianCard): TechnicianEditForm {
  return {
    name: card.name,
    phone: card.phone,
    street: card.street,
    city: card.city,
    zipCode: card.zipCode,
    homeZip: card.homeZip ?? '',
    serviceAreaIds: card.serviceAreaIds,
    emergencyContact: card.emergencyContact,
    emergencyPhone: card.emergencyPhone,
  };
}

function EditTechnicianForm({
  technician,
  onDone,
}: {
  technician: TechnicianCard;
  onDone: () => void;
}) {
  const update = useUpdateTechnician();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm<TechnicianEditForm, unknown, TechnicianEdit>({
    resolver: standardSchemaResolver(technicianEditSchema),
    defaultValues: valuesOf(technician),
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await update.mutateAsync({ id: technician.id, form: values });
      toast.success(TECHNICIAN_PAGE_MESSAGES.updated);
      onDone();
    } catch (error) {
      if (!showServerErrors(error)) {
        setOutcome({
          tone: 'error',
          message: refusalMessage(error, TECHNICIAN_PAGE_MESSAGES.updateFailed),
        });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={update.isPending} className="grid gap-4 sm:grid-cols-2">
        <FormField id="edit-technician-name" label="Full Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField id="edit-technician-phone" label="Phone" error={errors.phone?.message}>
          {(control) => (
            <FormPhoneInput
              {...control}
              formControl={form.control}
              name="phone"
              autoComplete="off"
            />
          )}
        </FormField>
        <AddressFields form={form} idPrefix="edit-technician" columns={2} autofill={false} />
        <ServiceAreaFields
          form={form}
          idPrefix="edit-technician"
          voice="admin"
          className="sm:col-span-2"
        />
        <FormField
          id="edit-technician-emergency-contact"
          label="Emergency Contact"
          error={errors.emergencyContact?.message}
        >
          {(control) => (
            <Input {...control} autoComplete="off" {...form.register('emergencyContact')} />
          )}
        </FormField>
        <FormField
          id="edit-technician-emergency-phone"
          label="Emergency Phone"
          error={errors.emergencyPhone?.message}
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
      </fieldset>

      {/* Always mounted, so a screen reader announces the message when it appears. */}
      <div className={outcome ? 'mt-4' : undefined}>
        <FormMessage outcome={outcome} />
      </div>

      <DialogFooter className="mt-6">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Saving…' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
